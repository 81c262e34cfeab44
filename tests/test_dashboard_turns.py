"""Turn changes in real headless Chromium: every turn reached by keys shows what the
analysis says of it, and every input lands (rapid keys, clicks, the slider), in order.

The page draws turns in the browser from the game's payload; these tests compare the
DOM with the analysis and the server's own functions (`badges`, `action_text`), not
with the payload, so that the payload and its drawing are both checked.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from helpers import PATIENCE, SAMPLES
from nova_replay.dashboard import GameLibrary, create_app
from nova_replay.dashboard.panels import SEVERITY_OPTIONS
from nova_replay.dashboard.table import BADGES, ViewOptions, action_text, badges
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait
from test_dashboard_browser import analysis_of, duo, library, open_at, pytestmark, shot, url_turn

__all__ = ["duo", "library", "pytestmark"]  # fixtures and marks shared with the browser tests

# What the page shows of one turn, read in one go.
READ_TURN = """
const cards = {};
document.querySelectorAll('.hand-card').forEach((c) => {
  if (c.style.display === 'none') { return; }
  const cells = [...c.querySelectorAll('.gcell')];
  cards[c.id] = {
    face: c.querySelector('.card-face').textContent,
    on: cells.flatMap((x, i) => x.classList.contains('on') ? [i] : []),
    truth: cells.flatMap((x, i) => x.classList.contains('truth') ? [i] : []),
    badges: [...c.querySelectorAll('.badge')].map((b) => b.textContent),
    tier: c.querySelector('.kgrid').className,
  };
});
return {
  label: document.getElementById('turn-label').textContent,
  action: document.getElementById('action-text').textContent,
  score: document.getElementById('counter-score').textContent,
  next: [...document.querySelectorAll('.hand.next')].map((h) => h.id),
  current: [...document.querySelectorAll('.finding.current .f-message')].map((m) => m.textContent),
  cards: cards,
};
"""


def expected_turn(a: Any, turn: int, tier: str = "deduced") -> dict[str, Any]:
    """What the server-side functions say the page must show at `turn`."""
    game = a.record.game
    state = a.timeline[turn]
    opts = ViewOptions(tier)
    cards = {}
    for p in range(len(game.players)):
        for slot, k in enumerate(a.knowledge.of(turn, p)):
            cards[f"card-{p}-{slot}"] = {
                "face": game.deck[k.card].show(), "on": a.ids.members(getattr(k, tier)),
                "truth": [a.ids.of_card[k.card]],
                "badges": [BADGES[b][0] for b in badges(a, turn, p, slot, k, opts)],
                "tier": f"kgrid tier-{tier}",
            }
    shown = tuple(o["value"] for o in SEVERITY_OPTIONS)  # the filter's default: every one
    return {
        "label": f"Turn {turn} of {a.timeline.turns}", "action": action_text(a, turn, opts),
        "score": f"{state.score} / {a.clock[turn].max_score}",
        "next": [] if state.over else [f"hand-{state.player(game)}"],
        "current": [f.message for f in a.findings if f.turn == turn and f.severity in shown],
        "cards": cards,
    }


@pytest.mark.parametrize("key", ["hanabi-5p", "nova-5p-finale-jokers-bots"])
def test_every_turn_reached_by_keys_shows_the_analysis(duo: Any, library: GameLibrary,
                                                       key: str) -> None:
    a = analysis_of(library, key)
    open_at(duo, f"?game={key}&turn=0", f"Turn 0 of {a.timeline.turns}")
    body = duo.find_element("body")
    for turn in range(a.timeline.turns + 1):
        if turn:
            body.send_keys(Keys.ARROW_RIGHT)
        assert duo.driver.execute_script(READ_TURN) == expected_turn(a, turn), f"turn {turn}"
    duo.find_elements("#tier input")[0].click()  # hinted: the same cards, the hinted masks
    # The tier goes through a callback; the page then redraws every card in one go.
    duo.wait_for_element("#card-0-0 .kgrid.tier-hinted")
    assert duo.driver.execute_script(READ_TURN) == expected_turn(a, a.timeline.turns, "hinted")
    assert duo.get_logs() == []


def test_rapid_keys_and_clicks_all_land_in_order(duo: Any, library: GameLibrary,
                                                 tmp_path: Any) -> None:
    a = analysis_of(library, "hanabi-5p")
    open_at(duo, "?game=hanabi-5p&turn=5", "Turn 5 of 41")
    chain = ActionChains(duo.driver)
    for _ in range(10):
        chain.send_keys(Keys.ARROW_RIGHT)
    chain.perform()  # ten presses as fast as the driver can send them
    duo.wait_for_text_to_equal("#turn-label", "Turn 15 of 41")
    time.sleep(0.5)  # nothing late may move it again
    assert duo.driver.execute_script(READ_TURN) == expected_turn(a, 15)
    assert url_turn(duo, 15) == "15"
    chain = ActionChains(duo.driver)
    button = duo.find_element("#nav-next")
    for _ in range(7):
        chain.click(button)
    chain.send_keys(Keys.ARROW_LEFT).send_keys(Keys.ARROW_LEFT).perform()
    duo.wait_for_text_to_equal("#turn-label", "Turn 20 of 41")
    # A held-down key: the browser repeats keydown events, one per frame or faster.
    duo.driver.execute_script("""
        for (let i = 0; i < 30; i++) {
          document.body.dispatchEvent(new KeyboardEvent('keydown',
            {key: 'ArrowRight', repeat: i > 0, bubbles: true, cancelable: true}));
        }""")
    duo.wait_for_text_to_equal("#turn-label", "Turn 41 of 41")  # and no further
    expected = expected_turn(a, 41)
    WebDriverWait(duo.driver, PATIENCE).until(lambda d: d.execute_script(READ_TURN) == expected)
    assert duo.driver.execute_script(READ_TURN) == expected
    assert url_turn(duo, 41) == "41"
    shot(duo, tmp_path, "rapid")
    assert duo.get_logs() == []


def test_dragging_the_slider_ends_on_the_turn_it_shows(duo: Any, library: GameLibrary) -> None:
    a = analysis_of(library, "hanabi-5p")
    open_at(duo, "?game=hanabi-5p&turn=0", "Turn 0 of 41")
    handle = duo.find_element("#turn-slider [role=slider]")
    track = duo.find_element("#turn-slider")
    width = track.size["width"]
    ActionChains(duo.driver).click_and_hold(handle).pause(0.1).move_by_offset(
        width // 4, 0).pause(0.1).move_by_offset(width // 4, 0).release().perform()
    time.sleep(0.5)
    turn = int(handle.get_attribute("aria-valuenow"))
    assert 10 < turn < 35
    duo.wait_for_text_to_equal("#turn-label", f"Turn {turn} of 41")
    assert duo.driver.execute_script(READ_TURN) == expected_turn(a, turn)
    assert url_turn(duo, turn) == str(turn)
    assert duo.get_logs() == []


def test_a_big_folder_lists_a_few_games_and_finds_any_by_search(dash_duo: Any,
                                                                 tmp_path: Path) -> None:
    sample = (SAMPLES / "nova-2p.json").read_bytes()
    for i in range(120):
        (tmp_path / f"game-{i:03d}.json").write_bytes(sample)
    dash_duo.start_server(create_app(GameLibrary.from_path(tmp_path)))
    dash_duo.wait_for_text_to_equal("#turn-label", "Turn 0 of 33")
    dash_duo.find_element("#game-picker").click()
    dash_duo.find_element("input.dash-dropdown-search").send_keys("119")
    # Not in the first 50. The label is the name alone until the background validation
    # reads the file, then the name and the game in a line: either may show here.
    dash_duo.wait_for_contains_text("[role=option]:not(.move)", "game-119.json")
    assert dash_duo.find_element("[role=option]:not(.move)").text in (
        "game-119.json", "game-119.json · Nova, 2 players (Anna, Ben)")
    dash_duo.find_element("[role=option]:not(.move)").click()
    # Every game here is the same sample: wait for the URL, not the (unchanged) label.
    WebDriverWait(dash_duo.driver, PATIENCE).until(lambda d: "game=game-119" in d.current_url)
    dash_duo.wait_for_text_to_equal("#turn-label", "Turn 0 of 33")
    url_turn(dash_duo, 0)
    assert dash_duo.get_logs() == []


CHART = """
const gd = document.querySelector('#clock .js-plotly-plot');
return gd && gd.data ? {
  names: gd.data.map((t) => t.name),
  texts: gd.data.flatMap((t) => t.text || []).map((x) => x.split('<br>').join(' ')),  // lines broken to fit
  right: gd.layout.xaxis.range[1], line: gd.layout.shapes[0].x0,
  xs: Math.max(...gd.data.flatMap((t) => t.x)),
} : null;
"""


def chart_at(duo: Any, turn: int) -> dict[str, Any]:
    """The chart once it shows `turn` (it follows the turn just after the frame)."""
    end = time.monotonic() + PATIENCE
    while time.monotonic() < end:
        chart = duo.driver.execute_script(CHART)
        if chart and chart["line"] == turn:
            return dict(chart)
        time.sleep(0.05)
    raise AssertionError(f"the chart never showed turn {turn}")


def test_the_chart_follows_the_turn_and_hides_what_the_viewer_may_not_see(
        duo: Any, library: GameLibrary) -> None:
    a = analysis_of(library, "hanabi-5p")
    f, turn, viewer = next((f, t, p) for f in a.findings if f.kind == "wasted_hint"
                           for t in range(f.turn, a.timeline.turns + 1)
                           for p in range(5) if set(f.cards) & set(a.timeline[t].hands[p]))
    open_at(duo, f"?game=hanabi-5p&turn={turn}", f"Turn {turn} of 41")
    assert f.message in chart_at(duo, turn)["texts"]
    duo.select_dcc_dropdown("#as", f"as {a.record.game.players[viewer]}")
    duo.wait_for_contains_text(f"#hand-{viewer} .hand-title", "your hand (hidden)")
    duo.wait_for_text_to_equal("#turn-label", f"Turn {turn} of 41")  # the same moment
    chart = chart_at(duo, turn)
    assert f.message not in chart["texts"] and "note about your cards" in chart["names"]
    assert f.message not in duo.find_element("#findings").text
    assert "note about your cards, hidden while viewing as" in duo.find_element("#findings").text
    # No spoilers: the chart, like the slider, ends one turn ahead.
    duo.find_element("#spoilers input").click()
    duo.wait_for_text_to_equal("#turn-label", f"Turn {turn}")
    chart = chart_at(duo, turn)
    assert chart["right"] == turn + 1 and chart["xs"] <= turn
    duo.find_element("body").send_keys(Keys.ARROW_LEFT)
    chart = chart_at(duo, turn - 1)
    assert chart["right"] == turn and chart["xs"] <= turn - 1
    assert duo.get_logs() == []


def test_back_after_picking_another_game_returns_to_the_turn_left(duo: Any) -> None:
    open_at(duo, "?game=hanabi-5p&turn=5", "Turn 5 of 41")
    duo.find_element("body").send_keys(Keys.ARROW_RIGHT)
    duo.wait_for_text_to_equal("#turn-label", "Turn 6 of 41")
    url_turn(duo, 6)
    duo.select_dcc_dropdown("#game-picker", "nova-2p.json")
    duo.wait_for_text_to_equal("#turn-label", "Turn 0 of 33")
    duo.driver.back()
    duo.wait_for_text_to_equal("#turn-label", "Turn 6 of 41")
    assert "game=hanabi-5p" in duo.driver.current_url
    assert duo.get_logs() == []
