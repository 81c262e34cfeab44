"""Review a corpus in order on this process, on local worker processes, or on a Dask
cluster. Logs go out in chunks and come back in the same order; only a bounded
window of chunks is in flight, so memory stays flat in the corpus size."""

from __future__ import annotations

import itertools
import multiprocessing
import os
import signal
from collections import deque
from collections.abc import Callable, Generator, Iterable, Iterator
from multiprocessing.pool import AsyncResult
from typing import Any

from ..conventions import Conventions
from ..review.analysis import DEFAULT_CONVENTIONS
from ..solver.exact import Budget
from .rows import Row, Valuer, review_item
from .sources import Item

Result = list[tuple[Row, list[Row]]]  # an item's games: (game row, player rows) each
CHUNK = 32  # logs per task: large enough to amortise the hop, small enough to balance
WINDOW = 4  # chunks in flight per worker


def review_chunk(chunk: list[Item], solve: Budget | None = None,
                 conventions: Conventions | None = DEFAULT_CONVENTIONS,
                 valuer: Valuer | None = None) -> list[Result]:
    """The rows of a chunk of logs (the unit of work a worker gets)."""
    return [review_item(item, solve, conventions, valuer) for item in chunk]


def chunks(logs: Iterable[Item], size: int = CHUNK) -> Iterator[list[Item]]:
    it = iter(logs)
    while chunk := list(itertools.islice(it, size)):
        yield chunk


def review_all(logs: Iterable[Item], workers: int = 1, scheduler: str | None = None,
               solve: Budget | None = None,
               conventions: Conventions | None = DEFAULT_CONVENTIONS,
               valuer: Valuer | None = None) -> Generator[Result, None, None]:
    """Every log's rows, in corpus order; `solve`, `conventions` and `valuer` as in
    `review_item`."""
    if scheduler:
        yield from _on_dask(logs, scheduler, solve, conventions, valuer)
    elif workers <= 1:
        for item in logs:
            yield review_item(item, solve, conventions, valuer)
    else:
        # multiprocessing's Pool, not concurrent.futures': leaving the block (the end, an
        # error, Ctrl-C) terminates the workers at once instead of waiting for their chunks.
        with multiprocessing.Pool(workers, initializer=_worker_start) as pool:
            def submit(fn: Callable[..., list[Result]], *args: Any) -> _Pending:
                return _Pending(pool.apply_async(fn, args))

            yield from _windowed(submit, chunks(logs), workers * WINDOW, solve, conventions,
                                 valuer)


class _Pending:
    """A pool task with a future's `result()`, as `_windowed` asks of every backend."""

    def __init__(self, task: AsyncResult[list[Result]]) -> None:
        self.task = task

    def result(self) -> list[Result]:
        return self.task.get()


def _worker_start() -> None:
    """A worker leaves Ctrl-C to the main process (a terminal sends it to them all), and
    ends quietly on the SIGTERM by which the pool stops it (whatever handler the main
    process had when it forked): no worker prints a traceback of its own."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def _windowed(submit: Callable[..., Any], work: Iterator[list[Item]], window: int,
              solve: Budget | None, conventions: Conventions | None,
              valuer: Valuer | None = None) -> Iterator[Result]:
    """Submit chunks keeping at most `window` in flight; yield results in order."""
    pending: deque[Any] = deque()  # futures (Dask's, or `_Pending`): each has result()
    for chunk in work:
        pending.append(submit(review_chunk, chunk, solve, conventions, valuer))
        if len(pending) >= window:
            yield from pending.popleft().result()
    while pending:
        yield from pending.popleft().result()


def _on_dask(logs: Iterable[Item], scheduler: str, solve: Budget | None,
             conventions: Conventions | None, valuer: Valuer | None = None
             ) -> Iterator[Result]:
    """The same job on an existing Dask distributed cluster (futures over chunks)."""
    from distributed import Client  # only this path needs Dask

    with Client(scheduler, set_as_default=False) as client:  # type: ignore[no-untyped-call]
        workers = max(1, len(client.scheduler_info().get("workers", {})))
        yield from _windowed(client.submit, chunks(logs), workers * WINDOW, solve,
                             conventions, valuer)


def default_workers() -> int:
    """All the cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not on Linux
        return os.cpu_count() or 1
