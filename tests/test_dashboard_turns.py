"""Turn changes in real headless Chromium: every turn reached by keys shows what the
analysis says of it, and every input lands (rapid keys, clicks, the slider), in order.

The page draws turns in the browser from the game's payload; these tests compare the
DOM with the analysis and the server's own functions (`badges`, `action_text`), not
with the payload, so that the payload and its drawing are both checked.
"""

from __future__ import annotations

import time
from typing import Any

import pytest
from nova_replay.dashboard import GameLibrary
from nova_replay.dashboard.table import BADGES, ViewOptions, action_text, badges
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys
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
    shown = ("blunder", "mistake", "good")  # the severity filter's default
    return {
        "label": f"Turn {turn} of {a.timeline.turns}", "action": action_text(a, turn, opts),
        "score": f"{state.score} / {game.ruleset.perfect_score}",
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
    time.sleep(0.5)
    assert duo.driver.execute_script(READ_TURN) == expected_turn(a, 41)
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
