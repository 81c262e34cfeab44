"""The evaluation curve on the dashboard's clock chart, in real Chromium: worked out in
the background when a game is opened, drawn when ready, never for a player's view, and
never in the way of turn changes. Each test ends with an empty browser console."""

from __future__ import annotations

import time
from typing import Any

from helpers import PATIENCE
from test_dashboard_browser import analysis_of, duo, library, open_at, pytestmark

from nova_replay.review.evaluation import evaluate

__all__ = ["duo", "library", "pytestmark"]  # fixtures and marks shared with the browser tests

TRACES = ("var g = document.querySelector('#clock .js-plotly-plot');"
          "return g && g.data ? g.data.map(function (x) {"
          "  return [x.name, x.x, x.y]; }) : [];")


def traces(duo: Any, wait_for: str | None = None, seconds: float = PATIENCE) -> dict[str, Any]:
    end = time.monotonic() + seconds
    while True:
        found = {name: (xs, ys) for name, xs, ys in duo.driver.execute_script(TRACES)}
        if wait_for is None or wait_for in found or time.monotonic() > end:
            return found
        time.sleep(0.2)


def test_the_curve_arrives_and_matches_the_solver(duo: Any, library: Any) -> None:
    # nova-3p-bots: the deal allowed 20; Carla's discard at turn 33 and Anna's misfire at
    # turn 43 each lowered best possible by one (proven).
    open_at(duo, "?game=nova-3p-bots&turn=10", "Turn 10 of 44")
    duo.find_element("#nav-next").click()  # turns still change while it is worked out
    duo.wait_for_text_to_equal("#turn-label", "Turn 11 of 44")
    found = traces(duo, "lost points")
    xs, ys = found["best possible"]
    assert xs == list(range(45))
    expected = evaluate(analysis_of(library, "nova-3p-bots"))
    assert ys == [p.lower for p in expected.points]
    assert ys[0] == 20 and ys[-1] == 18
    assert found["lost points"][0] == [33, 43]
    assert duo.get_logs() == []


def test_viewing_as_a_player_shows_no_curve(duo: Any) -> None:
    open_at(duo, "?game=nova-3p-bots&turn=10&as=Anna", "Turn 10 of 44")
    time.sleep(2.5)  # long enough for the solver, had it been asked
    assert "best possible" not in traces(duo)
    assert duo.get_logs() == []
