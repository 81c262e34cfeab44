"""The evaluation curve for the clock chart: best possible after every turn (knowing
every card, `review.evaluation`), worked out in the background when a game is opened.

The solver takes about a second a game, so it never runs in a request: the page asks
for a game's curve by its key alone (not the game: the payload is not sent again), the
first ask queues the evaluation, and later asks poll its state. One worker thread works
through a bounded queue, handing each game to the solver's one process (CPU-bound: more
would not make it faster, and in a thread it would slow every request);
when the queue is full the page is told the server is busy, and a failed evaluation is
told once, so that the page stops asking. Viewing as a player the curve is not offered:
what the deck allowed would tell that player about their own cards.
"""

from __future__ import annotations

import atexit
import logging
import multiprocessing
import os
import queue
import signal
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from contextlib import contextmanager
from dataclasses import dataclass
from multiprocessing import resource_tracker
from typing import Any

from nova_replay.record.load import load_data
from nova_replay.review.analysis import Analysis, analyze
from nova_replay.review.evaluation import Evaluation, evaluate, figure_text
from nova_replay.solver.exact import DEFAULT_BUDGET, Budget

from .panels import plot_text

BUDGET = DEFAULT_BUDGET  # the solver's work for one game: nodes, so the same curve on any load
KEPT = 64  # evaluations kept (done, failed or waiting), the newest; memory stays bounded
QUEUED = 32  # evaluations waiting at most; past that the page is told the server is busy

BUSY = "the server is busy with other games' curves; open the game again later"
Slot = tuple[str, int]  # (game key, its turns): an upload's key is its content's hash


@dataclass
class _State:
    curve: dict[str, Any] | None = None  # the chart's data once done
    failed: str = ""  # why there is no curve (said on the board)


class Evaluations:
    """Evaluations waiting, under way or done, on one daemon worker thread (a stopping
    server does not wait for a solver)."""

    def __init__(self, evaluate_game: Callable[[Analysis, Budget], Evaluation] | None = None
                 ) -> None:
        """`evaluate_game`: run in the worker thread instead of the solver's process (tests)."""
        self._evaluate = evaluate_game or _in_process
        self._kept: OrderedDict[Slot, _State] = OrderedDict()
        self._lock = threading.Lock()
        self._queue: queue.Queue[tuple[Slot, Analysis]] = queue.Queue(QUEUED)
        self._worker: threading.Thread | None = None

    @staticmethod
    def slot(key: str, analysis: Analysis) -> Slot:
        return key, analysis.timeline.turns

    def known(self, slot: Slot) -> bool:
        """Whether `slot` was asked for before (then `state` answers without the game)."""
        with self._lock:
            return slot in self._kept

    def start(self, slot: Slot, analysis: Analysis) -> None:
        """Queue the evaluation of `analysis` unless it is known; a full queue makes it a
        failure to say ("busy"), which a later open of the game asks again."""
        with self._lock:
            known = self._kept.get(slot)
            if known is not None and known.failed != BUSY:
                self._kept.move_to_end(slot)
                return
            state = _State()
            self._kept[slot] = state
            while len(self._kept) > KEPT:
                self._kept.popitem(last=False)
            if self._worker is None:
                self._worker = threading.Thread(target=self._work, daemon=True, name="evaluation")
                self._worker.start()
        try:
            self._queue.put_nowait((slot, analysis))
        except queue.Full:  # said until the game is opened again, which asks again
            state.failed = BUSY

    def state(self, slot: Slot) -> tuple[dict[str, Any] | None, str]:
        """(the curve or None, why there will be none or ''): both empty while it runs."""
        with self._lock:
            found = self._kept.get(slot)
        if found is None:
            return None, ""
        return found.curve, found.failed

    def _work(self) -> None:
        while True:
            slot, analysis = self._queue.get()
            with self._lock:
                state = self._kept.get(slot)
            if state is None:  # dropped while it waited
                continue
            try:
                result = self._evaluate(analysis, BUDGET)
                state.curve = curve_data(slot[0], result)
            except Exception as e:  # a bug in the solver: said on the board and in the log
                logging.getLogger(__name__).error("evaluation of %s failed: %s: %s", slot[0],
                                                  type(e).__name__, e)
                state.failed = f"the evaluation failed ({type(e).__name__}); no curve for this game"


_PROCESS: ProcessPoolExecutor | None = None
_STARTING = threading.Lock()


def start_solver() -> None:
    """Start the solver's process now, in the background (a spawned Python takes seconds
    on a busy machine: better while the page loads than while a curve is awaited)."""
    def start() -> None:
        with stop_signals_blocked():
            started = _solver().submit(int)
        try:
            started.result()
        except BrokenProcessPool:  # the server stopped while it started: nothing to say
            pass

    threading.Thread(target=start, daemon=True, name="solver-start").start()


def _solver() -> ProcessPoolExecutor:
    global _PROCESS
    with _STARTING:
        if _PROCESS is None:
            _PROCESS = ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn"),
                                           initializer=_end_with_parent, initargs=(os.getpid(),))
            atexit.register(_stop_solver)  # runs before multiprocessing joins its children
        return _PROCESS


def background() -> ProcessPoolExecutor:
    """The server's one background process for long work (started on first use): the
    solver's, which the move values (value_jobs.py) share, a task at a time."""
    return _solver()


def _stop_solver() -> None:
    """At exit the solver's process is ended, not waited for: multiprocessing would
    otherwise join it, and a process still solving (or never started) would hold the
    server, or a test run, open for ever. A later evaluation starts a new one."""
    global _PROCESS
    with _STARTING:
        process, _PROCESS = _PROCESS, None
    if process is not None:
        end_pool(process)


def end_pool(pool: ProcessPoolExecutor, wait: bool = False) -> None:
    """Shut a pool down and make sure its processes end: `wait`, an idle pool's own
    shutdown ends them (then any left is killed); else they are killed at once. The
    kill matters: a pool's shutdown relies on its manager thread to tell each process
    to stop, and were that thread gone (dash's test runner ends every thread a test
    started) the process would live on, and multiprocessing waits for it at exit."""
    children = list((getattr(pool, "_processes", None) or {}).values())
    if wait:
        pool.shutdown(wait=True)
    for child in children:
        if child.exitcode is None:
            child.kill()
    pool.shutdown(wait=False, cancel_futures=True)


def _in_process(analysis: Analysis, budget: Budget) -> Evaluation:
    """The solver in a process of its own (one for the server, started on first use): it is
    CPU-bound Python, and in a thread it would take the interpreter from every request.
    The game goes as its log (small), and is analysed again there."""
    log = analysis.record.log.model_dump(mode="json", exclude_none=True)
    with stop_signals_blocked():
        done = _solver().submit(evaluate_log, log, budget)
    return done.result()


@contextmanager
def stop_signals_blocked() -> Iterator[None]:
    """SIGINT and SIGTERM blocked in this thread while it may start a pool's process: the
    process starts with them blocked (a mask outlives fork and exec), so a Ctrl-C that
    the terminal sends to the whole group, or a SIGTERM to the group, cannot print a
    traceback there, even while it is still importing (multiprocessing's resource
    tracker is started so too). The server ends its processes (`end_pool`)."""
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    # The tracker first: starting it unblocks SIGINT in this thread (SIG_UNBLOCK after).
    resource_tracker.ensure_running()
    old = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT, signal.SIGTERM})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)


def _end_with_parent(parent: int) -> None:
    """The solver's process ends when the server's does, however that one ends (SIGTERM,
    SIGKILL): a thread looks for its parent once a second. It ignores Ctrl-C, which a
    terminal sends to the whole process group, and SIGTERM: the server ends it (else each
    worker would print its own KeyboardInterrupt traceback; `stop_signals_blocked` keeps
    them off while it starts)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1)
        os._exit(0)

    threading.Thread(target=watch, daemon=True, name="parent-watch").start()


def evaluate_log(log: dict[str, Any], budget: Budget) -> Evaluation:
    """The evaluation of a log's game (what the solver's process runs)."""
    return evaluate(analyze(load_data(log)), budget)


def curve_data(key: str, e: Evaluation) -> dict[str, Any]:
    """Per turn the proven lower and upper bound and its hover text; the turns that lost
    points with their notes."""
    hover = [f"best possible {figure_text(p)}{'' if p.exact else ' (not proven)'}"
             for p in e.points]
    return {"key": key, "lower": [p.lower for p in e.points],
            "upper": [p.upper for p in e.points], "hover": hover,
            "lost": [[f.turn, plot_text(f.message, 44)] for f in e.findings]}
