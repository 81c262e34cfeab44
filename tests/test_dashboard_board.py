"""The review board of issue 13 in real headless Chromium: the move list, n / p, the
verdict and the status line, the legend, the chart, views held in the URL, keys after
clicking a control, broken logs and folders, uploads per browser session, the tab's
title and small windows. Each test ends with an empty browser console.
"""

from __future__ import annotations

import shutil
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
from helpers import INVALID, PATIENCE, SAMPLES, shared
from nova_replay.dashboard import GameLibrary, create_app
from nova_replay.dashboard.table import counter_texts
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from test_dashboard import hidden_at, hidden_from
from test_dashboard_browser import analysis_of, duo, library, open_at, pytestmark, shot, url_turn

from nova_replay.review.analysis import Analysis, analyze

__all__ = ["duo", "library", "pytestmark"]  # fixtures and marks shared with the browser tests

WORST_FIRST = ("blunder", "mistake", "good", "info")  # the glyph a turn's line shows


def resize(duo: Any, width: int, height: int = 800) -> None:
    """A viewport of `width` x `height` (the window is that plus the browser's frame)."""
    driver = duo.driver
    w, h = driver.execute_script("return [window.innerWidth, window.innerHeight]")
    size = driver.get_window_size()
    driver.set_window_size(size["width"] + width - w, size["height"] + height - h)
    end = time.monotonic() + PATIENCE
    while driver.execute_script("return window.innerWidth") != width and time.monotonic() < end:
        time.sleep(0.05)


IN_VIEW = """
const box = document.querySelector(arguments[0]).getBoundingClientRect();
const cur = document.querySelector(arguments[1]);
if (!cur) { return false; }
const r = cur.getBoundingClientRect();
return r.top >= box.top - 1 && r.bottom <= box.bottom + 1;"""


def in_view(duo: Any, box: str, item: str) -> bool:
    """Whether `item` comes to lie inside the scrolling `box` (scrolled there, perhaps
    smoothly), waiting for it up to PATIENCE seconds."""
    end = time.monotonic() + PATIENCE
    while not duo.driver.execute_script(IN_VIEW, box, item) and time.monotonic() < end:
        time.sleep(0.05)
    return bool(duo.driver.execute_script(IN_VIEW, box, item))


@pytest.fixture
def board(dash_duo: Any) -> Callable[[GameLibrary], Any]:
    """Start the app over another library (a folder, one file) on a 1280x800 viewport."""
    def start(lib: GameLibrary) -> Any:
        resize(dash_duo, 1280)
        dash_duo.start_server(create_app(lib))
        return dash_duo
    return start


def key(duo: Any, k: str) -> None:
    """A key press where the focus is (the control last clicked, or the page)."""
    duo.driver.switch_to.active_element.send_keys(k)


def worst(a: Analysis, turn: int) -> str:
    found = {f.severity for f in a.findings if f.turn == turn}
    return next((s for s in WORST_FIRST if s in found), "none")


# --- the lesson at a glance --------------------------------------------------------------

def test_the_move_list_has_a_line_per_turn_with_its_verdict_and_goes_there(
        duo: Any, library: GameLibrary, tmp_path: Path) -> None:
    a = analysis_of(library, "hanabi-5p")
    open_at(duo, "?game=hanabi-5p&turn=0", "Turn 0 of 41")
    lines = duo.find_elements("#move-list .move")
    assert [int(x.get_attribute("data-turn")) for x in lines] == list(range(42))
    assert [x.get_attribute("data-severity") for x in lines] == [worst(a, t) for t in range(42)]
    assert "Alice clues" in lines[1].text or "Alice plays" in lines[1].text \
        or "Alice discards" in lines[1].text  # who, then what, in Hanabi's words
    assert "hints" not in duo.find_element("#move-list").text  # Hanabi clues
    wasted = next(f for f in a.findings if f.kind == "wasted_hint")
    line = lines[wasted.turn]
    assert line.find_element(By.CSS_SELECTOR, ".glyph").text == "?"
    duo.driver.execute_script("arguments[0].scrollIntoView({block: 'nearest'})", line)
    line.click()
    duo.wait_for_text_to_equal("#turn-label", f"Turn {wasted.turn} of 41")
    assert url_turn(duo, wasted.turn) == str(wasted.turn)
    # The verdict is on the action line, and the finding is the current one.
    duo.wait_for_contains_text("#verdict", wasted.message)
    duo.wait_for_contains_text(".finding.current", wasted.message)
    # The current line stays in view as the turns go by.
    duo.find_element("#nav-last").click()
    duo.wait_for_text_to_equal("#turn-label", "Turn 41 of 41")
    assert in_view(duo, "#move-list", "#move-list .move.current")
    assert duo.find_element("#move-list .move.current").get_attribute("data-turn") == "41"
    shot(duo, tmp_path, "move-list")
    assert duo.get_logs() == []


def test_n_and_p_jump_between_the_findings_the_filters_show(duo: Any, library: GameLibrary
                                                             ) -> None:
    a = analysis_of(library, "hanabi-5p")
    turns = sorted({f.turn for f in a.findings})
    open_at(duo, "?game=hanabi-5p&turn=0", "Turn 0 of 41")
    body = duo.find_element("body")
    for t in turns:
        body.send_keys("n")
        duo.wait_for_text_to_equal("#turn-label", f"Turn {t} of 41")
    body.send_keys("n")  # at the last finding: nothing
    time.sleep(0.3)
    assert duo.find_element("#turn-label").text == f"Turn {turns[-1]} of 41"
    assert in_view(duo, "#findings", "#findings .finding.current")  # scrolled into view
    # Untick the last finding's severity: p skips those (the key works after the click).
    last = next(f.severity for f in reversed(a.findings) if f.turn == turns[-1])
    duo.find_element(f"#finding-severity input[value='{last}']").click()
    kept = sorted({f.turn for f in a.findings if f.severity != last})
    assert kept and kept[-1] < turns[-1]
    key(duo, "p")
    duo.wait_for_text_to_equal("#turn-label", f"Turn {kept[-1]} of 41")
    duo.find_element("#finding-prev").click()
    expected = kept[-2] if len(kept) > 1 else kept[-1]
    duo.wait_for_text_to_equal("#turn-label", f"Turn {expected} of 41")
    duo.find_element("#finding-next").click()
    duo.wait_for_text_to_equal("#turn-label", f"Turn {kept[-1]} of 41")
    assert duo.get_logs() == []


def test_as_a_player_the_move_list_hides_notes_about_their_cards(duo: Any, library: GameLibrary
                                                                ) -> None:
    a = analysis_of(library, "hanabi-5p")
    f, turn, viewer = next((f, t, p) for f in a.findings if f.kind == "wasted_hint"
                           for t in range(f.turn, a.timeline.turns + 1)
                           for p in range(5) if hidden_from(a, f, t, p))
    name = a.record.game.players[viewer]
    open_at(duo, f"?game=hanabi-5p&turn={turn}&as={name}", f"Turn {turn} of 41")
    hidden = hidden_at(a, turn, viewer)
    for line in duo.find_elements("#move-list .move"):
        t = int(line.get_attribute("data-turn"))
        here = [i for i, x in enumerate(a.findings) if x.turn == t]
        shown = {a.findings[i].severity for i in here if i not in hidden}
        expected = next((s for s in WORST_FIRST if s in shown),
                        "hidden" if here else "none")
        assert line.get_attribute("data-severity") == expected, t
    assert duo.find_element(f"#move-list .move[data-turn='{f.turn}']").get_attribute(
        "data-severity") in ("hidden", *WORST_FIRST)
    duo.find_element(f"#move-list .move[data-turn='{f.turn}']").click()
    duo.wait_for_text_to_equal("#turn-label", f"Turn {f.turn} of 41")
    if hidden_from(a, f, f.turn, viewer):  # the verdict keeps the note's words hidden too
        assert f.message not in duo.find_element("#verdict").text
        assert "note about your cards" in duo.find_element("#verdict").text
    assert duo.get_logs() == []


def test_the_status_line_in_the_games_words(duo: Any, library: GameLibrary,
                                            tmp_path: Path) -> None:
    a = analysis_of(library, "hanabi-5p")
    final = next(t for t in range(a.timeline.turns + 1) if counter_texts(a, t)[1])
    open_at(duo, f"?game=hanabi-5p&turn={final}", f"Turn {final} of 41")
    point = a.clock[final]
    assert duo.find_element("#counter-score").text == f"{point.score} / {point.max_score}"
    assert duo.find_element("#counter-pace").text == str(point.pace)
    assert duo.find_element("#counter-efficiency").text == (
        "–" if point.efficiency is None else f"{point.efficiency:.2f}")
    assert duo.find_element("#counter-draw-pile").text == str(point.draw_pile)
    assert duo.find_element("#counter-final-round").text == counter_texts(a, final)[1]
    labels = [x.text for x in duo.find_elements(".counter-label")]
    assert "Clues" in labels and "Strikes" in labels and "Coins" not in labels
    shot(duo, tmp_path, "status-hanabi")
    open_at(duo, "?game=nova-4p&turn=5", "Turn 5 of 40")
    labels = [x.text for x in duo.find_elements(".counter-label")]
    assert "Coins" in labels and "Lives" in labels and "Clues" not in labels
    assert duo.get_logs() == []


def test_hanablive_games_show_purple(board: Callable[[GameLibrary], Any]) -> None:
    duo = board(GameLibrary.from_path(shared("hanablive", "no_variant_5p.json")))
    duo.wait_for_page(f"{duo.server_url}/?game=no_variant_5p&turn=0")
    duo.wait_for_contains_text("#turn-label", "Turn 0")
    pile = duo.find_elements("#rows .row-pile")[4]
    assert pile.get_attribute("title").startswith("Purple")  # hanab.live's suit name
    assert pile.value_of_css_property("color") == "rgba(123, 31, 162, 1)"
    assert duo.get_logs() == []


def test_the_legend_explains_grids_badges_and_keys(duo: Any) -> None:
    open_at(duo, "?game=hanabi-5p&turn=3", "Turn 3 of 41")
    assert not duo.find_element("#keys-help").is_displayed()
    duo.find_element("#legend summary").click()
    duo.wait_for_contains_text("#legend", "knows playable")
    text = duo.find_element("#legend").text
    for said in ("ruled out", "ringed", "touched by a hint", "critical", "chop",
                 "next / previous finding", "previous / next turn"):
        assert said in text
    assert duo.get_logs() == []


# --- the chart ----------------------------------------------------------------------------

PLOT = """
const gd = document.querySelector('#clock .js-plotly-plot');
const drag = document.querySelector('#clock .nsewdrag');
return gd && gd.layout && drag ? {
  height: Number(drag.getAttribute('height')), hovermode: gd.layout.hovermode,
  legend: gd.layout.showlegend, x: gd.layout.xaxis.title.text, y: gd.layout.yaxis.title.text,
  overflow: document.documentElement.scrollWidth - window.innerWidth,
} : null;
"""


def plot(duo: Any, settled: Callable[[dict[str, Any]], bool] = lambda p: True) -> dict[str, Any]:
    """The chart once it is drawn and `settled` holds of it (within PATIENCE seconds; else
    the chart as it is, for the test's assertion to say what is wrong)."""
    end = time.monotonic() + PATIENCE
    p = None
    while time.monotonic() < end:
        p = duo.driver.execute_script(PLOT)
        if p and p["x"] and settled(p):
            return dict(p)
        time.sleep(0.05)
    if p and p["x"]:
        return dict(p)
    raise AssertionError("no chart")


def test_the_chart_legend_titles_unified_hover_inside_the_chart(duo: Any, tmp_path: Path
                                                                 ) -> None:
    open_at(duo, "?game=hanabi-5p&turn=30", "Turn 30 of 41")
    p = plot(duo)
    assert p["hovermode"] == "x unified" and p["legend"] is False
    assert p["x"] == "turn" and p["y"] and p["height"] >= 200
    legend = duo.find_element("#clock-legend").text
    for name in ("draw pile", "pace", "score", "max score", "wasted clue"):  # Hanabi's words
        assert name in legend
    point = duo.wait_for_element("#clock .scatterlayer .trace:nth-of-type(5) .point")
    turn = int(duo.driver.execute_script(
        "return document.querySelector('#clock .js-plotly-plot').data[4].x[0]"))
    x, y = duo.driver.execute_script(
        "arguments[0].scrollIntoView({block: 'center'});"
        "var r = arguments[0].getBoundingClientRect();"
        "return [r.x + r.width / 2, r.y + r.height / 2];", point)
    ActionChains(duo.driver).move_to_location(int(x), int(y)).pause(0.5).perform()
    box = duo.wait_for_element("#clock .hoverlayer .legend")
    inside = duo.driver.execute_script("""
        const c = document.getElementById('clock').getBoundingClientRect();
        const h = arguments[0].getBoundingClientRect();
        return [h.left >= c.left - 1 && h.right <= c.right + 1, h.width];""", box)
    assert inside[0] and inside[1] > 50
    hover = " ".join(box.text.split())
    for name in ("draw pile", "pace", "score", "max score"):
        assert name in hover  # every line at that turn
    # ... and the events of that turn, and no other turn's (a marker takes no hover of
    # its own: hovering near it never shows a neighbour's note)
    a = analyze(SAMPLES / "hanabi-5p.json")
    own = [f.message for f in a.findings if f.turn == turn and f.kind == "wasted_hint"]
    others = [f.message for f in a.findings if f.turn != turn]
    assert own and all(" ".join(m.split()[:4]) in hover for m in own)
    assert not any(m in hover for m in others)
    shot(duo, tmp_path, "hover")
    assert duo.get_logs() == []


def fits(p: dict[str, Any]) -> bool:
    """The chart laid out again for the window: nothing sideways, a readable height."""
    return bool(p["overflow"] <= 0 and p["height"] >= 200)


def test_small_windows_800_no_sideways_overflow_600_panels_stack(duo: Any, tmp_path: Path
                                                                   ) -> None:
    open_at(duo, "?game=hanabi-5p&turn=20", "Turn 20 of 41")
    resize(duo, 800)
    p = plot(duo, fits)
    assert p["overflow"] <= 0 and p["height"] >= 200
    shot(duo, tmp_path, "800")
    resize(duo, 600)
    p = plot(duo, fits)
    assert p["overflow"] <= 0 and p["height"] >= 200
    main, side = duo.driver.execute_script(
        "return ['.col-main', '.col-side'].map((s) => "
        "document.querySelector(s).getBoundingClientRect()).map((r) => [r.top, r.bottom]);")
    assert side[0] >= main[1]  # stacked: the side panels below the board
    body = duo.find_element("body")
    body.send_keys(Keys.ARROW_RIGHT)
    duo.wait_for_text_to_equal("#turn-label", "Turn 21 of 41")
    shot(duo, tmp_path, "600")
    assert duo.get_logs() == []


# --- views you can share ------------------------------------------------------------------

def test_the_url_holds_and_restores_the_whole_view(duo: Any, library: GameLibrary,
                                                   tmp_path: Path) -> None:
    a = analysis_of(library, "hanabi-5p")
    duo.wait_for_page(f"{duo.server_url}/?game=hanabi-5p.json&turn=12&as=Bob&tier=hinted"
                      f"&spoilers=off")
    duo.wait_for_text_to_equal("#turn-label", "Turn 12")  # no spoilers: no "of 41"
    duo.wait_for_contains_text("#hand-1 .hand-title", "your hand (hidden)")
    assert [f.text for f in duo.find_elements("#hand-1 .card-face")] == \
        ["?"] * len(a.knowledge.of(12, 1))
    assert duo.find_element("#tier input[value='hinted']").is_selected()
    assert duo.find_element("#spoilers input").is_selected()
    assert "as Bob" in duo.find_element("#as").text
    assert duo.find_elements("#card-0-0 .tier-common") or duo.find_elements(
        "#card-0-0 .tier-hinted")
    turns = [int(x.get_attribute("data-turn")) for x in duo.find_elements(".finding")]
    assert all(t <= 12 for t in turns)
    moves = [int(x.get_attribute("data-turn")) for x in duo.find_elements("#move-list .move")
             if x.is_displayed()]
    assert max(moves) == 12
    assert "25 / 25" not in duo.find_element("#summary").text  # no final score
    wanted = "?game=hanabi-5p&turn=12&as=Bob&tier=hinted&spoilers=off"
    end = time.monotonic() + PATIENCE
    while not duo.driver.current_url.endswith(wanted) and time.monotonic() < end:
        time.sleep(0.05)
    assert duo.driver.current_url.endswith(wanted)
    # Changing the view changes the link; the keys still work after the radio click.
    duo.find_element("#tier input[value='common']").click()
    key(duo, Keys.ARROW_RIGHT)
    duo.wait_for_text_to_equal("#turn-label", "Turn 13")
    assert duo.find_element("#tier input[value='common']").is_selected()  # not moved
    end = time.monotonic() + PATIENCE
    while "tier=common" not in duo.driver.current_url and time.monotonic() < end:
        time.sleep(0.05)
    assert url_turn(duo, 13) == "13" and "tier=common" in duo.driver.current_url
    assert "as=Bob" in duo.driver.current_url and "spoilers=off" in duo.driver.current_url
    assert wait_title(duo, "hanabi-5p, turn 13 · nova-replay")
    shot(duo, tmp_path, "restored")
    assert duo.get_logs() == []


def test_an_unknown_game_says_so_and_opens_nothing(duo: Any) -> None:
    duo.wait_for_page(f"{duo.server_url}/?game=hanabi-5p.jsn&turn=4")
    duo.wait_for_contains_text("#unknown-game", "No game called “hanabi-5p.jsn” here")
    assert duo.find_element("#turn-label").text == ""
    assert duo.find_elements("#hands .hand") == []
    assert not duo.find_element("#content").is_displayed()
    assert duo.get_logs() == []


def test_keys_work_after_clicking_a_dropdown_and_the_tab_title_follows(duo: Any) -> None:
    open_at(duo, "?game=hanabi-5p&turn=12", "Turn 12 of 41")
    assert wait_title(duo, "hanabi-5p, turn 12 · nova-replay")
    duo.select_dcc_dropdown("#as", "as Cathy")
    duo.wait_for_contains_text("#hand-2 .hand-title", "your hand (hidden)")
    key(duo, Keys.ARROW_LEFT)
    duo.wait_for_text_to_equal("#turn-label", "Turn 11 of 41")
    key(duo, Keys.ARROW_RIGHT)
    key(duo, Keys.ARROW_RIGHT)
    duo.wait_for_text_to_equal("#turn-label", "Turn 13 of 41")
    assert wait_title(duo, "hanabi-5p, turn 13 · nova-replay")
    assert wait_url(duo, "as=Cathy")  # the link follows the view
    duo.find_element("#spoilers input").click()
    duo.wait_for_text_to_equal("#turn-label", "Turn 13")
    key(duo, Keys.ARROW_LEFT)
    duo.wait_for_text_to_equal("#turn-label", "Turn 12")
    assert wait_url(duo, "?game=hanabi-5p&turn=12&as=Cathy&spoilers=off")
    assert duo.get_logs() == []


def wait_title(duo: Any, title: str) -> bool:
    """Whether the tab's title comes to say `title` (it is set just after the frame)."""
    end = time.monotonic() + PATIENCE
    while duo.driver.title != title and time.monotonic() < end:
        time.sleep(0.05)
    return bool(duo.driver.title == title)


def wait_url(duo: Any, part: str) -> bool:
    """Whether the URL comes to contain `part` (it follows within a third of a second)."""
    end = time.monotonic() + PATIENCE
    while part not in duo.driver.current_url and time.monotonic() < end:
        time.sleep(0.05)
    return part in duo.driver.current_url


# --- folders, broken logs, uploads ----------------------------------------------------------

def test_a_folder_whose_first_log_is_broken_opens_on_the_first_good_one(
        board: Callable[[GameLibrary], Any], tmp_path: Path) -> None:
    folder = tmp_path / "games"
    folder.mkdir()
    shutil.copy(INVALID / "duplicate-names.json", folder / "a-broken.json")
    shutil.copy(SAMPLES / "nova-2p.json", folder / "b-good.json")
    duo = board(GameLibrary.from_path(folder))
    open_at(duo, "", "Turn 0 of 33")
    assert "b-good.json" in duo.find_element("#game-picker").text
    duo.find_element("#game-picker").click()
    menu = duo.wait_for_element(".dash-dropdown-options")
    assert "✗ a-broken.json (does not validate)" in menu.text
    assert "✗ b-good.json" not in menu.text
    assert duo.get_logs() == []


def test_a_log_illegal_at_turn_k_is_reviewed_up_to_k_minus_1(
        board: Callable[[GameLibrary], Any], tmp_path: Path) -> None:
    duo = board(GameLibrary.from_path(INVALID))
    open_at(duo, "?game=hint-no-coins&turn=30", "Turn 8 of 8")
    duo.wait_for_contains_text("#illegal-turn", "Turn 9 is illegal: Carla gives a hint with 0 "
                                                "coins left")
    duo.wait_for_contains_text("#problems", "It can be reviewed up to turn 8.")
    duo.find_element("body").send_keys(Keys.ARROW_LEFT)
    duo.wait_for_text_to_equal("#turn-label", "Turn 7 of 8")
    assert duo.find_elements("#illegal-turn") == []
    shot(duo, tmp_path, "illegal")
    assert duo.get_logs() == []


def test_uploads_belong_to_the_browser_session_that_made_them(
        board: Callable[[GameLibrary], Any], tmp_path: Path) -> None:
    lib = GameLibrary.from_path(SAMPLES / "nova-2p.json")
    duo = board(lib)
    open_at(duo, "", "Turn 0 of 33")
    duo.find_element("#upload input[type=file]").send_keys(str(SAMPLES / "nova-5p.json"))
    duo.wait_for_text_to_equal("#upload-message", "Loaded nova-5p.json.")
    assert "ok" in duo.find_element("#upload-message").get_attribute("class")
    colour = duo.find_element("#upload-message").value_of_css_property("color")
    assert colour == "rgba(46, 125, 50, 1)"  # green, not red
    link = duo.driver.current_url
    assert "game=upload-" in link
    duo.wait_for_contains_text("#turn-label", "Turn 0 of")
    # An invalid log is not "Loaded".
    duo.find_element("#upload input[type=file]").send_keys(str(INVALID / "duplicate-names.json"))
    duo.wait_for_contains_text("#upload-message", "does not validate")
    assert "Loaded" not in duo.find_element("#upload-message").text
    assert "error" in duo.find_element("#upload-message").get_attribute("class")
    duo.wait_for_contains_text("#problems", "duplicate player name")
    # The same browser sees its uploads in the picker after a reload...
    duo.wait_for_page(f"{duo.server_url}/")
    duo.wait_for_text_to_equal("#turn-label", "Turn 0 of 33")
    duo.find_element("#game-picker").click()
    assert "nova-5p.json (uploaded)" in duo.wait_for_element(".dash-dropdown-options").text
    # ...another browser (no cookie of this one) does not, nor can it open the link.
    duo.driver.delete_all_cookies()
    duo.wait_for_page(f"{duo.server_url}/")
    duo.wait_for_text_to_equal("#turn-label", "Turn 0 of 33")
    duo.find_element("#game-picker").click()
    menu = duo.wait_for_element(".dash-dropdown-options").text
    assert "uploaded" not in menu and "nova-2p.json" in menu
    duo.wait_for_page(link)
    duo.wait_for_contains_text("#unknown-game", "No game called")
    upload_key = parse_qs(urlsplit(link).query)["game"][0]
    assert lib.find(upload_key, owner="") is None and lib.find("nova-2p") == "nova-2p"
    assert duo.get_logs() == []
