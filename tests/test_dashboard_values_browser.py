"""Move values on the board (issue 33), in real headless Chromium: nothing is valued until
"Work out move values" is clicked; then the curve and the accuracy table come, the
curve's points are play.value's, it follows the turn and a point goes to its turn, the
page has no serious accessibility violation, and a player gets their own moves alone.
Light: a 33-turn 2-player game at one deal a move. Every wait is on a condition."""

from __future__ import annotations

from typing import Any

import pytest
from helpers import PATIENCE, SAMPLES
from nova_replay.dashboard import GameLibrary, create_app
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.support.ui import WebDriverWait
from test_board_browser import axe_violations
from test_dashboard_browser import open_at, pytestmark

from nova_replay.conventions import DEFAULT_LEVEL
from nova_replay.play.value import GameValues, move_values
from nova_replay.record.load import load

__all__ = ["pytestmark"]  # the browser tests' marks

PLAYED = "expected score after the move played"
TRACES = ("var g = document.querySelector('#value-chart .js-plotly-plot');"
          "return g && g.data ? g.data.map(function (x) { return [x.name, x.x, x.y]; }) : [];")


@pytest.fixture(scope="module")
def values() -> GameValues:
    # at the board's default conventions, one deal a move (as the app below)
    return move_values(load(SAMPLES / "nova-2p.json").timeline, 1, DEFAULT_LEVEL)


@pytest.fixture
def duo(dash_duo: Any) -> Any:
    driver = dash_duo.driver
    width, height = driver.execute_script("return [window.innerWidth, window.innerHeight]")
    size = driver.get_window_size()
    driver.set_window_size(size["width"] + 1280 - width, size["height"] + 800 - height)
    dash_duo.start_server(create_app(GameLibrary.from_path(), value_samples=1))
    return dash_duo


def curve(duo: Any) -> dict[str, Any]:
    """The value chart's traces by name, once the played move's curve is drawn."""
    WebDriverWait(duo.driver, PATIENCE).until(
        lambda d: any(t[0] == PLAYED for t in d.execute_script(TRACES)))
    return {name: (xs, ys) for name, xs, ys in duo.driver.execute_script(TRACES)}


def test_values_come_on_request_follow_the_turn_and_are_accessible(
        duo: Any, values: GameValues) -> None:
    open_at(duo, "?game=nova-2p&turn=5", "Turn 5 of 33")
    button = duo.wait_for_element("#values-button")
    assert button.text == "Work out move values" and button.is_displayed()
    assert duo.driver.execute_script(TRACES) == []  # nothing valued on opening
    button.click()
    found = curve(duo)
    assert found[PLAYED] == ([m.turn for m in values.moves], [m.played for m in values.moves])
    assert found["after the best move weighed"][1] == [m.best for m in values.moves]
    marked = {name: xs for name, (xs, _) in found.items() if "loss ≥" in name}
    assert marked and sorted(x for xs in marked.values() for x in xs) == [
        m.turn for m in values.moves if m.severity is not None]
    hover = duo.driver.execute_script(
        "return document.querySelector('#value-chart .js-plotly-plot').data[0].text[0];")
    assert hover.startswith("turn 1: Anna, ") and "expected score" in hover
    assert duo.find_element("#values-legend").is_displayed()
    rows = duo.find_elements("#accuracy-table tbody tr")
    assert [r.find_element("css selector", "th").text for r in rows] == ["Anna", "Ben"]
    assert rows[0].text.endswith(f"{values.accuracy[0].accuracy:.1f}%")
    assert not duo.find_element("#values-button").is_displayed()
    # the board stays the board: a turn changes, and the curve's line follows it
    duo.find_element("#nav-next").click()
    duo.wait_for_text_to_equal("#turn-label", "Turn 6 of 33")
    line = ("var g = document.querySelector('#value-chart .js-plotly-plot');"
            "return g.layout.shapes.length ? g.layout.shapes[0].x0 : null;")
    WebDriverWait(duo.driver, PATIENCE).until(lambda d: d.execute_script(line) == 6)
    assert axe_violations(duo) == []
    # a point of the curve goes to its turn (a real mouse click at its centre)
    point = duo.find_elements("#value-chart .scatterlayer .trace:nth-of-type(1) .point")[19]
    x, y = duo.driver.execute_script(
        "arguments[0].scrollIntoView({block: 'center'});"
        "var r = arguments[0].getBoundingClientRect();"
        "return [r.x + r.width / 2, r.y + r.height / 2];", point)
    ActionChains(duo.driver).move_to_location(int(x), int(y)).pause(0.3).click().perform()
    duo.wait_for_text_to_equal("#turn-label", "Turn 20 of 33")
    assert duo.get_logs() == []


def test_a_player_gets_their_own_moves_and_no_spoilers_none(duo: Any,
                                                             values: GameValues) -> None:
    open_at(duo, "?game=nova-2p&turn=5&as=Ben", "Turn 5 of 33")
    duo.wait_for_element("#values-button").click()
    found = curve(duo)
    bens = [m for m in values.moves if m.player == 1]
    assert found[PLAYED] == ([m.turn for m in bens], [m.played for m in bens])
    rows = duo.find_elements("#accuracy-table tbody tr")
    assert [r.find_element("css selector", "th").text for r in rows] == ["Ben"]
    open_at(duo, "?game=nova-2p&turn=5&spoilers=off", "Turn 5")
    duo.wait_for_contains_text("#values-status", "spoilers on")
    assert not duo.find_element("#values-button").is_displayed()
    assert not duo.find_element("#value-chart-box").is_displayed()
    assert duo.get_logs() == []
