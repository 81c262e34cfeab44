"""Move values on the board (issue 33): the view model the page gets is play.value's
figures (and, as a player, only that player's own moves), the server's chunked jobs give
the same values as the whole game valued at once, and the panel's states (offered or why
not, asked, under way, done). Light: a 33-turn 2-player game at one deal a move."""

from __future__ import annotations

import json
import threading
import time
from typing import Any

import pytest
from dash import no_update
from helpers import PATIENCE, SAMPLES
from nova_replay.dashboard import GameLibrary
from nova_replay.dashboard.data import Reviewed
from nova_replay.dashboard.value_curve import value_view
from nova_replay.dashboard.value_jobs import ValueJobs, level_of, value_turns, values_state

from nova_replay.conventions import DEFAULT_LEVEL
from nova_replay.play.value import GameValues, MoveValue, move_values
from nova_replay.record.load import load
from nova_replay.rules.engine import Timeline

GAME = "nova-2p"  # 33 turns, Anna and Ben
LEVEL = DEFAULT_LEVEL  # the board's default


@pytest.fixture(scope="module")
def timeline() -> Timeline:
    return load(SAMPLES / f"{GAME}.json").timeline


@pytest.fixture(scope="module")
def values(timeline: Timeline) -> GameValues:
    return move_values(timeline, 1, LEVEL)


def test_the_curve_is_play_values_figures(timeline: Timeline, values: GameValues) -> None:
    view = value_view(values, timeline, None, GAME)
    assert view["turns"] == [m.turn for m in values.moves] == list(range(1, 34))
    assert view["played"] == [m.played for m in values.moves]
    assert view["best"] == [m.best for m in values.moves]
    assert view["loss"] == [m.expected_loss for m in values.moves]
    assert view["severity"] == [m.severity for m in values.moves]
    assert any(view["severity"])  # a game with a marked move: the markers are drawn
    assert [r["player"] for r in view["players"]] == ["Anna", "Ben"]
    for row, a in zip(view["players"], values.accuracy, strict=True):
        assert (row["moves"], row["inaccuracies"], row["mistakes"], row["blunders"]) == (
            a.moves, a.inaccuracies, a.mistakes, a.blunders)
        assert row["accuracy"] == round(a.accuracy, 1)
        assert row["mean_loss"] == round(a.mean_loss, 2)
    flagged = next(i for i, s in enumerate(view["severity"]) if s)
    assert f"({view['severity'][flagged]})" in view["hover"][flagged]
    assert view["hover"][0].startswith("turn 1: Anna, ")
    assert "hint" in " ".join(view["hover"]) and "clue" not in " ".join(view["hover"])  # Nova's


def test_a_player_gets_only_their_own_moves(timeline: Timeline, values: GameValues) -> None:
    """Ben's moves were valued from what Ben knew, Anna's cards included: as Anna, the
    page gets none of them, nor Ben's accuracy."""
    view = value_view(values, timeline, 0, GAME)
    mine = [m for m in values.moves if m.player == 0]
    assert view["turns"] == [m.turn for m in mine] and len(mine) < len(values.moves)
    assert view["played"] == [m.played for m in mine]
    assert [r["player"] for r in view["players"]] == ["Anna"]
    assert "Ben," not in json.dumps(view["hover"])


def test_chunked_jobs_give_the_whole_games_values(timeline: Timeline,
                                                  values: GameValues) -> None:
    chunks: list[tuple[int, ...]] = []

    def run(tl: Timeline, samples: int, level: int, turns: tuple[int, ...]
            ) -> tuple[MoveValue, ...]:
        chunks.append(turns)
        return value_turns(tl, samples, level, turns)

    jobs = ValueJobs(1, run)
    slot = jobs.slot(GAME, timeline.turns, LEVEL)
    jobs.start(slot, timeline)
    job = jobs.job(slot)
    assert job is not None
    end = time.monotonic() + PATIENCE
    while job.values is None and not job.failed and time.monotonic() < end:
        time.sleep(0.05)
    assert job.values is not None and job.done == job.total == 33
    assert len(chunks) > 10 and [t for c in chunks for t in c] == list(range(1, 34))
    assert job.values.moves == values.moves
    jobs.start(slot, timeline)  # asked again: kept, not worked out again
    assert len(chunks) == 17


def test_the_panel_says_why_offers_shows_progress_then_the_values(values: GameValues) -> None:
    library = GameLibrary.from_path()
    loaded = library.get(GAME)
    assert isinstance(loaded, Reviewed)
    turns = loaded.turns
    gate = threading.Event()

    def run(tl: Timeline, samples: int, level: int, turns: tuple[int, ...]
            ) -> tuple[MoveValue, ...]:
        gate.wait(PATIENCE)
        return value_turns(tl, samples, level, turns)

    jobs = ValueJobs(1, run)
    ask: dict[str, Any] = {"key": GAME, "turns": turns, "viewer": None, "spoilers": True,
                           "hypo": False, "conventions": f"h-group:{LEVEL}"}

    def state(trigger: str, **change: Any) -> Any:
        return values_state(library, jobs, {**ask, **change}, trigger, "")

    assert "spoilers on" in state("values-game", spoilers=False)[2]
    assert "tried line" in state("values-game", hypo=True)[2]
    assert "need conventions" in state("values-game", conventions="none")[2]
    assert state("values-game", key="no-such-game")[2] == ""
    opened = state("values-game")
    assert opened[0] is None and opened[3] == {} and "on the server" in opened[2]  # the button
    assert state("values-poll")[2] == ""  # nothing asked: a poll starts nothing
    asked = state("values-button")
    assert asked[1] is False and asked[4] is True  # polling; the button disabled meanwhile
    assert "Working out" in asked[2] and asked[8] == f"0 of {turns} moves"
    assert asked[0] is None and asked[9] is None  # no other game's curve stays meanwhile
    assert state("values-poll")[0] is no_update  # a poll leaves the panel's data as it is
    gate.set()
    end = time.monotonic() + PATIENCE
    while (done := state("values-poll"))[1] is False and time.monotonic() < end:
        time.sleep(0.05)
    view, stopped, said, button = done[:4]
    assert stopped and button == {"display": "none"} and "33 moves valued" in said
    assert view["played"] == [m.played for m in values.moves]
    assert "Accuracy per player" in str(done[9])
    mine = state("values-game", viewer=1)  # reopened as Ben: at once, Ben's alone
    assert mine[0]["turns"] == [m.turn for m in values.moves if m.player == 1]
    assert "your own" in mine[2]
    other = state("values-game", conventions="h-group:3")  # another level: not valued yet
    assert other[0] is None and other[3] == {} and "on the server" in other[2]


def test_the_level_is_the_selectors() -> None:
    assert level_of("h-group:4") == 4 and level_of("h-group:11") == 11
    assert level_of("none") is None and level_of("h-group:9") is None and level_of(3) is None
