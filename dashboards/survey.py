"""A folder's logs validated in the background (issue 23: a 10,000-log folder usable at
once): the picker lists the files by name at start, and this reads them all, in the
picker's order, in a process of its own at a lower priority, so that no request waits
for it and the server's interpreter is never taken from a page (validation is CPU-bound
Python; in a thread it would halve every request while it runs). A feeder thread hands
the process a batch of paths at a time and records what comes back (`Checked`: whether
the log validates, its game in a line, its first problem), which the page then shows.
"""

from __future__ import annotations

import atexit
import logging
import multiprocessing
import os
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from nova_replay.record.load import Record
from nova_replay.record.validation import Report, check

from .evaluations import _end_with_parent, end_pool, stop_signals_blocked

BATCH = 100  # files per hand-over: a few hundred ms of work, then recorded
NICENESS = 10  # the survey's process yields the cores to the server and the browser


@dataclass(frozen=True)
class Checked:
    """What the picker knows of a file once the validator has read it: whether it
    validates, its game in a line (ruleset and players: no spoiler; "" if unreadable),
    and for an invalid log its first problem in one line."""

    valid: bool
    title: str = ""
    reason: str = ""


@dataclass(frozen=True)
class Progress:
    """The background validation: `done` of `total` listed files read, the invalid ones
    (file name, reason) in the picker's order."""

    done: int
    total: int
    invalid: tuple[tuple[str, str], ...]

    @property
    def finished(self) -> bool:
        return self.done >= self.total


def game_line(record: Record) -> str:
    """'Hanabi, 3 players (Alice, Bob, Cathy)': the game in a line, spoiling nothing."""
    game = record.game
    return f"{game.ruleset.title}, {len(game.players)} players ({', '.join(game.players)})"


def checked_of(report: Report) -> Checked:
    record = report.record or report.before_illegal
    title = game_line(record) if record is not None else ""
    errors = report.errors()
    if not errors:
        return Checked(True, title)
    return Checked(False, title, " ".join(str(errors[0]).split()))


def check_files(paths: list[str]) -> list[Checked]:
    """What the survey's process does with a batch."""
    return [checked_of(check(p)) for p in paths]


class Survey:
    """One folder's validation: `start` it with the files still to read and where to
    record each; it runs once, to the end or until the server stops."""

    def __init__(self) -> None:
        self._pool: ProcessPoolExecutor | None = None
        self.started = False

    def run(self, todo: list[tuple[str, str]],
            record: Callable[[list[tuple[str, Checked]]], None],
            checker: Callable[[list[str]], list[Checked]] | None = None) -> None:
        """Read `todo` ((key, path) in order) batch by batch and `record` each batch's
        results; `checker`: run here instead of in the process (tests)."""
        if checker is None:
            self._pool = ProcessPoolExecutor(
                1, mp_context=multiprocessing.get_context("spawn"),
                initializer=_survey_process, initargs=(os.getpid(),))
            atexit.register(self.stop)

            def checker(paths: list[str]) -> list[Checked]:
                assert self._pool is not None
                with stop_signals_blocked():
                    done = self._pool.submit(check_files, paths)
                return done.result()
        try:
            for i in range(0, len(todo), BATCH):
                batch = todo[i:i + BATCH]
                record(list(zip((k for k, _ in batch), checker([p for _, p in batch]),
                                strict=True)))
        except Exception as e:  # the server stopping (a killed process) or a bug: logged
            logging.getLogger(__name__).warning("the folder's validation stopped: %s: %s",
                                                type(e).__name__, e)
            self.stop()
            return
        pool, self._pool = self._pool, None
        if pool is not None:  # done: its process is idle, and ends now
            atexit.unregister(self.stop)
            end_pool(pool, wait=True)

    def stop(self) -> None:
        """End the survey's process, not waiting for it (as the solver's, at exit)."""
        pool, self._pool = self._pool, None
        if pool is not None:
            end_pool(pool)


def _survey_process(parent: int) -> None:
    os.nice(NICENESS)
    _end_with_parent(parent)
