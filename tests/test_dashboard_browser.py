"""The dashboard in real headless Chromium (dash[testing]'s dash_duo; options in
conftest.py). Each test saves a screenshot of what it checked under its tmp folder
and ends with an empty browser console.
"""

from __future__ import annotations

import os
import shutil
import time
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
from helpers import INVALID, PATIENCE
from nova_replay.dashboard import GameLibrary, create_app
from nova_replay.dashboard.data import Reviewed
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from nova_replay.review.analysis import Analysis

pytestmark = [
    pytest.mark.browser,
    # Skipped on a machine without Chromium's driver, but never in CI (CI=true), where
    # .ci/run installs it: there a missing driver must fail, not pass quietly.
    pytest.mark.skipif(shutil.which("chromedriver") is None and not os.environ.get("CI"),
                       reason="needs chromedriver (apt-get install chromium chromium-driver)"),
]


@pytest.fixture
def library() -> GameLibrary:
    return GameLibrary.from_path()


@pytest.fixture
def duo(dash_duo: Any, library: GameLibrary) -> Any:
    """The app on a 1280x800 viewport (the window is that plus the browser's frame)."""
    driver = dash_duo.driver
    width, height = driver.execute_script("return [window.innerWidth, window.innerHeight]")
    size = driver.get_window_size()
    driver.set_window_size(size["width"] + 1280 - width, size["height"] + 800 - height)
    dash_duo.start_server(create_app(library))
    return dash_duo


def analysis_of(library: GameLibrary, key: str) -> Analysis:
    loaded = library.get(key)
    assert isinstance(loaded, Reviewed)
    return loaded.analysis


def open_at(duo: Any, query: str, label: str) -> None:
    duo.wait_for_page(f"{duo.server_url}/{query}")
    duo.wait_for_text_to_equal("#turn-label", label)


def shot(duo: Any, tmp_path: Path, name: str) -> None:
    path = tmp_path / f"{name}.png"
    duo.driver.save_screenshot(str(path))
    assert path.stat().st_size > 10_000


def url_turn(duo: Any, turn: int | None = None) -> str:
    """The URL's turn; with `turn`, once it says that turn (it follows the page within
    a third of a second, not at every key press)."""
    def now() -> str:
        return parse_qs(urlsplit(duo.driver.current_url).query).get("turn", [""])[0]

    if turn is not None:
        end = time.monotonic() + PATIENCE
        while now() != str(turn) and time.monotonic() < end:
            time.sleep(0.05)
    return now()


def test_navigate_by_buttons_keys_and_url(duo: Any, tmp_path: Path) -> None:
    open_at(duo, "?game=hanabi-5p&turn=0", "Turn 0 of 41")
    for _ in range(3):
        duo.find_element("#nav-next").click()
    duo.wait_for_text_to_equal("#turn-label", "Turn 3 of 41")
    assert url_turn(duo, 3) == "3"
    duo.find_element("#nav-prev").click()
    duo.wait_for_text_to_equal("#turn-label", "Turn 2 of 41")
    body = duo.find_element("body")
    body.send_keys(Keys.ARROW_RIGHT)
    duo.wait_for_text_to_equal("#turn-label", "Turn 3 of 41")
    body.send_keys(Keys.ARROW_RIGHT)
    duo.wait_for_text_to_equal("#turn-label", "Turn 4 of 41")
    body.send_keys(Keys.ARROW_LEFT)
    duo.wait_for_text_to_equal("#turn-label", "Turn 3 of 41")
    assert url_turn(duo, 3) == "3"
    duo.find_element("#nav-last").click()
    duo.wait_for_text_to_equal("#turn-label", "Turn 41 of 41")
    shot(duo, tmp_path, "last-turn")
    duo.find_element("#nav-first").click()
    duo.wait_for_text_to_equal("#turn-label", "Turn 0 of 41")
    assert duo.get_logs() == []


def test_url_turn_shows_hands_and_knowledge_of_the_analysis(duo: Any, library: GameLibrary,
                                                             tmp_path: Path) -> None:
    a = analysis_of(library, "hanabi-5p")
    open_at(duo, "?game=hanabi-5p&turn=30", "Turn 30 of 41")
    duo.wait_for_contains_text("#action-text", "Turn 30: Emily clues 5s to Alice")
    for p in range(5):
        for slot, k in enumerate(a.knowledge.of(30, p)):
            face = duo.find_element(f"#card-{p}-{slot} .card-face")
            assert face.text == a.record.game.deck[k.card].show()

    def grid(slot: int) -> list[str]:
        return [c.get_attribute("class") for c in
                duo.find_elements(f"#card-0-{slot} .gcell")]

    k = a.knowledge.of(30, 0)[0]
    cells = grid(0)
    assert [i for i, c in enumerate(cells) if " on" in c] == a.ids.members(k.deduced)
    assert [i for i, c in enumerate(cells) if "truth" in c] == [a.ids.of_card[k.card]]
    assert "knows playable" in duo.find_element("#card-0-0 .badges").text
    shot(duo, tmp_path, "turn-30-deduced")
    duo.find_elements("#tier input")[0].click()  # hinted
    duo.wait_for_element("#card-0-0 .tier-hinted")
    cells = grid(0)
    assert [i for i, c in enumerate(cells) if " on" in c] == a.ids.members(k.hinted)
    shot(duo, tmp_path, "turn-30-hinted")
    assert duo.get_logs() == []


def test_clicking_a_chart_marker_goes_to_its_turn(duo: Any, library: GameLibrary,
                                                   tmp_path: Path) -> None:
    a = analysis_of(library, "hanabi-5p")
    first_wasted = next(f.turn for f in a.findings if f.kind == "wasted_hint")
    open_at(duo, "?game=hanabi-5p&turn=0", "Turn 0 of 41")
    # The fifth trace is the first marker trace (after four lines): wasted hints.
    point = duo.wait_for_element("#clock .scatterlayer .trace:nth-of-type(5) .point")
    # Selenium misplaces SVG elements; aim a real mouse click at the marker's centre
    # as the browser lays it out.
    x, y = duo.driver.execute_script(
        "arguments[0].scrollIntoView({block: 'center'});"
        "var r = arguments[0].getBoundingClientRect();"
        "return [r.x + r.width / 2, r.y + r.height / 2];", point)
    ActionChains(duo.driver).move_to_location(int(x), int(y)).pause(0.3).click().perform()
    duo.wait_for_text_to_equal("#turn-label", f"Turn {first_wasted} of 41")
    assert url_turn(duo, first_wasted) == str(first_wasted)
    duo.wait_for_contains_text(".finding.current", "wasted clue")  # the label, in Hanabi's words
    shot(duo, tmp_path, "chart-marker")
    assert duo.get_logs() == []


def test_as_player_hides_their_own_cards(duo: Any, library: GameLibrary, tmp_path: Path) -> None:
    a = analysis_of(library, "hanabi-5p")
    open_at(duo, "?game=hanabi-5p&turn=12", "Turn 12 of 41")
    duo.select_dcc_dropdown("#as", "as Bob")
    duo.wait_for_contains_text("#hand-1 .hand-title", "your hand (hidden)")
    faces = duo.find_elements("#hand-1 .card-face")
    assert [f.text for f in faces] == ["?"] * len(a.knowledge.of(12, 1))
    assert duo.find_elements("#hand-1 .truth") == []
    assert duo.find_element("#card-0-0 .card-face").text == a.record.game.card_text(
        a.knowledge.of(12, 0)[0].card)
    # Others' knowledge is the common tier (their deductions would tell Bob's cards);
    # Bob's own stays his deduced knowledge.
    duo.wait_for_contains_text("#view-note", "common knowledge while viewing as Bob")
    assert duo.find_elements("#card-0-0 .tier-common")
    assert duo.find_elements("#card-1-0 .tier-deduced")
    shot(duo, tmp_path, "as-bob")
    assert duo.get_logs() == []


def test_findings_link_and_no_spoilers(duo: Any, library: GameLibrary, tmp_path: Path) -> None:
    open_at(duo, "?game=nova-4p&turn=0", "Turn 0 of 40")
    lost = next(f for f in analysis_of(library, "nova-4p").findings if f.kind == "lost_critical")
    links = duo.find_elements(".finding")
    target = next(x for x in links if x.get_attribute("href").endswith(f"turn={lost.turn}"))
    target.click()
    duo.wait_for_text_to_equal("#turn-label", f"Turn {lost.turn} of 40")
    duo.wait_for_element("#discards .chip.lost")
    shot(duo, tmp_path, "lost-critical")
    duo.find_element("#spoilers input").click()
    duo.wait_for_text_to_equal("#turn-label", f"Turn {lost.turn}")
    duo.wait_for_contains_text("#summary-heading", "So far")
    turns = [int(x.find_element(By.CSS_SELECTOR, ".f-turn").text.split()[1])
             for x in duo.find_elements(".finding")]
    assert turns and max(turns) <= lost.turn
    assert "Four players" not in duo.find_element("#game-title").text  # the file name
    # Nothing tells how long the game lasts: the slider ends one turn ahead, and
    # "last" (End) only steps there.
    handle = duo.find_element("#turn-slider [role=slider]")
    assert handle.get_attribute("aria-valuemax") == str(lost.turn + 1)
    duo.find_element("#nav-last").click()
    duo.wait_for_text_to_equal("#turn-label", f"Turn {lost.turn + 1}")
    duo.wait_for_element(f"#turn-slider [role=slider][aria-valuemax='{lost.turn + 2}']")
    shot(duo, tmp_path, "no-spoilers")
    assert duo.get_logs() == []


def test_an_uploaded_invalid_log_shows_the_validator_messages(duo: Any, tmp_path: Path) -> None:
    open_at(duo, "", "Turn 0 of 59")  # the first sample: hanab-live-3p-p3v0s10, 59 turns
    field = duo.find_element("#upload input[type=file]")
    field.send_keys(str(INVALID / "hint-to-self.json"))
    duo.wait_for_contains_text("#problems", "not a valid game log")
    duo.wait_for_contains_text("#problems", "a hint goes to another player")
    shot(duo, tmp_path, "invalid-upload")
    assert duo.get_logs() == []
