"""Move values on request (docs/dashboard.md, "Move values"): the board's "Work out move
values" button asks the server to value every move of the game (`play.value`), which
takes seconds of CPU (about 11 s for a 60-turn 3-player game at 8 deals a move), so
nothing is valued when a game is opened.

The first ask queues the game; one worker thread values it in chunks of turns in the
server's background process (`evaluations.background`, shared with the solver: the
rollouts are CPU-bound Python, which in a thread would take the interpreter from every
request), and counts the moves done, which the page shows as progress while it polls.
Valuing a chunk of turns gives the same figures as valuing the whole game (the deals'
seeds are per turn), so the chunks change nothing but the progress shown. Once done,
the values are kept per (game, its turns, conventions level, deals a move): reopening
the game shows them at once. The rest of the board stays usable meanwhile: turn
changes never ask the server, and a poll is a look-up.
"""

from __future__ import annotations

import logging
import math
import queue
import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from dash import ClientsideFunction, Dash, Input, Output, ctx, no_update

from nova_replay.conventions import ConventionsError, parse_conventions
from nova_replay.play.value import DEFAULT_SAMPLES, GameValues, MoveValue, move_values
from nova_replay.rules.engine import Timeline

from .callbacks import session_of
from .data import GameLibrary, Reviewed
from .evaluations import background, stop_signals_blocked
from .value_curve import accuracy_table, value_view, why_not

CHUNKS = 20  # a game is valued in about this many chunks of turns: the progress's steps
KEPT = 32  # games' values kept (done, failed or waiting), the newest
QUEUED = 8  # games waiting at most; past that the page is told the server is busy
BUSY = "the server is busy valuing other games; try again in a minute"

Slot = tuple[str, int, int, int]  # (game key, its turns, conventions level, deals a move)
ValueTurns = Callable[[Timeline, int, int, tuple[int, ...]], tuple[MoveValue, ...]]


@dataclass
class Job:
    """One game's values: under way (`done` of `total` moves), done, or failed."""

    timeline: Timeline
    total: int
    done: int = 0
    values: GameValues | None = None
    failed: str = ""
    moves: list[MoveValue] = field(default_factory=list)


def value_turns(timeline: Timeline, samples: int, level: int, turns: tuple[int, ...]
                ) -> tuple[MoveValue, ...]:
    """The values of `turns` (what the background process runs)."""
    return move_values(timeline, samples, level, turns).moves


def _in_background(timeline: Timeline, samples: int, level: int, turns: tuple[int, ...]
                   ) -> tuple[MoveValue, ...]:
    with stop_signals_blocked():
        done = background().submit(value_turns, timeline, samples, level, turns)
    return done.result()


class ValueJobs:
    """Games valued, under way or waiting, on one daemon worker thread."""

    def __init__(self, samples: int = DEFAULT_SAMPLES, run: ValueTurns | None = None) -> None:
        """`samples`: deals a move (the CLI's default); `run`: values some turns in the
        worker thread instead of the background process (tests)."""
        self.samples = samples
        self._run = run or _in_background
        self._kept: OrderedDict[Slot, Job] = OrderedDict()
        self._lock = threading.Lock()
        self._queue: queue.Queue[Slot] = queue.Queue(QUEUED)
        self._worker: threading.Thread | None = None

    def slot(self, key: str, turns: int, level: int) -> Slot:
        return key, turns, level, self.samples

    def start(self, slot: Slot, timeline: Timeline) -> None:
        """Queue the game unless it is done, under way or waiting (a "busy" refusal is
        asked again)."""
        with self._lock:
            known = self._kept.get(slot)
            if known is not None and known.failed != BUSY:
                self._kept.move_to_end(slot)
                return
            job = Job(timeline, timeline.turns)
            self._kept[slot] = job
            while len(self._kept) > KEPT:
                self._kept.popitem(last=False)
            if self._worker is None:
                self._worker = threading.Thread(target=self._work, daemon=True,
                                                name="move-values")
                self._worker.start()
        try:
            self._queue.put_nowait(slot)
        except queue.Full:
            job.failed = BUSY

    def job(self, slot: Slot) -> Job | None:
        with self._lock:
            return self._kept.get(slot)

    def ahead(self, slot: Slot) -> int:
        """Games waiting before `slot` (0 once it is under way)."""
        with self._queue.mutex:
            waiting = list(self._queue.queue)
        return waiting.index(slot) if slot in waiting else 0

    def _work(self) -> None:
        while True:
            slot = self._queue.get()
            job = self.job(slot)
            if job is None:  # dropped while it waited
                continue
            key, turns, level, samples = slot
            size = max(1, math.ceil(turns / CHUNKS))
            try:
                for first in range(1, turns + 1, size):
                    chunk = tuple(range(first, min(turns, first + size - 1) + 1))
                    job.moves.extend(self._run(job.timeline, samples, level, chunk))
                    job.done = len(job.moves)
                job.values = GameValues(job.timeline.game, tuple(job.moves), samples, level)
            except Exception as e:  # a bug in the player: said on the board and in the log
                logging.getLogger(__name__).error("move values of %s failed: %s: %s", key,
                                                  type(e).__name__, e)
                job.failed = f"working them out failed ({type(e).__name__})"


def level_of(conventions: Any) -> int | None:
    """The conventions selector's level ("h-group:N"), None for none or anything else."""
    if not isinstance(conventions, str):
        return None
    try:
        found = parse_conventions(conventions)
    except ConventionsError:
        return None
    return None if found is None else found.level


HIDDEN = {"display": "none"}
SHOWN: dict[str, str] = {}
# (values-data, poll disabled, status, button style, button disabled, progress style,
#  progress value, progress max, count text, table)
Answer = tuple[Any, bool, str, dict[str, str], bool, dict[str, str], str, str, str, Any]
NOTHING: Answer = (None, True, "", HIDDEN, False, HIDDEN, "0", "1", "", None)
ASK = "Each move valued from what its player knew, on the server: up to a minute a game."


def values_state(library: GameLibrary, jobs: ValueJobs, asked: Any, trigger: str | None,
                 owner: str) -> Answer:
    """What the panel shows for the browser's ask {key, turns, viewer, spoilers, hypo,
    conventions} (the payload's: the conventions its clues were read by)
    (`trigger`: "values-game" when a game or a view is opened, "values-button" when
    the values are asked for, else a poll). A poll touches no game: a look-up."""
    if not isinstance(asked, dict):
        return NOTHING
    key, turns, viewer = asked.get("key"), asked.get("turns"), asked.get("viewer")
    if (not isinstance(key, str) or type(turns) is not int
            or not (viewer is None or type(viewer) is int)
            or not library.can_open(key, owner)):
        return NOTHING
    level = level_of(asked.get("conventions"))
    slot = jobs.slot(key, turns, level or 0)
    job = jobs.job(slot)
    if trigger in ("values-game", "values-button"):
        loaded = library.get(key, owner)
        if not isinstance(loaded, Reviewed):
            return NOTHING
        timeline = loaded.analysis.timeline
        if viewer is not None and not 0 <= viewer < len(timeline.game.players):
            return NOTHING
        why = why_not(timeline, asked.get("spoilers") is True, bool(asked.get("hypo")), level)
        if why:
            return (None, True, why, HIDDEN, False, HIDDEN, "0", "1", "", None)
        if loaded.turns != turns:  # (with spoilers on, the payload holds every turn)
            return NOTHING
        if trigger == "values-button":
            jobs.start(slot, timeline)
            job = jobs.job(slot)
    if job is None:
        if trigger == "values-game":
            return (None, True, ASK, SHOWN, False, HIDDEN, "0", "1", "", None)
        return NOTHING
    return _said(jobs, slot, job, key, viewer, fresh=trigger != "values-poll")


def _said(jobs: ValueJobs, slot: Slot, job: Job, key: str, viewer: int | None,
          fresh: bool) -> Answer:
    """`fresh`: a game or view just opened, or the button: no curve or table of the
    game shown before stays while this one is worked out."""
    if job.failed:
        return (None, True, f"Move values: {job.failed}.", SHOWN, False, HIDDEN, "0", "1",
                "", None)
    if job.values is None:
        ahead = jobs.ahead(slot)
        count = (f"waiting for {ahead} other game{'s' if ahead > 1 else ''}" if ahead
                 else f"{job.done} of {job.total} moves")
        kept = None if fresh else no_update
        return (kept, False, "Working out the move values on the server…", SHOWN, True,
                SHOWN, str(job.done), str(max(1, job.total)), count, kept)
    view = value_view(job.values, job.timeline, viewer, key)
    n = job.values.samples
    said = (f"{len(view['turns'])} moves valued, {n} deal{'s' if n > 1 else ''} a move"
            f"{', your own' if viewer is not None else ''}. Click a point to go to its turn.")
    return (view, True, said, HIDDEN, False, HIDDEN, "1", "1", "", accuracy_table(view))


def register(app: Dash, library: GameLibrary, jobs: ValueJobs) -> None:
    """Wire the panel (value_curve.values_panel) to `jobs`."""
    app.clientside_callback(  # type: ignore[no-untyped-call]
        ClientsideFunction("novaValues", "ask"), Output("values-game", "data"),
        Input("game-data", "data"),
    )

    @app.callback(
        Output("values-data", "data"), Output("values-poll", "disabled"),
        Output("values-status", "children"), Output("values-button", "style"),
        Output("values-button", "disabled"), Output("values-progress", "style"),
        Output("values-progress", "value"), Output("values-progress", "max"),
        Output("values-count", "children"), Output("values-table", "children"),
        Input("values-game", "data"), Input("values-button", "n_clicks"),
        Input("values-poll", "n_intervals"), prevent_initial_call=True,
    )
    def _values(asked: Any, _clicks: int | None, _n: int | None) -> Answer:
        trigger = ctx.triggered_id if isinstance(ctx.triggered_id, str) else None
        return values_state(library, jobs, asked, trigger, session_of())

    app.clientside_callback(  # type: ignore[no-untyped-call]
        ClientsideFunction("novaValues", "draw"), Output("value-chart", "figure"),
        Output("value-chart-box", "style"), Output("values-legend", "style"),
        Input("values-data", "data"), Input("turn-now", "data"),
    )
    app.clientside_callback(  # type: ignore[no-untyped-call]
        ClientsideFunction("novaValues", "go"), Output("turn-slider", "value"),
        Input("value-chart", "clickData"), prevent_initial_call=True,
    )
