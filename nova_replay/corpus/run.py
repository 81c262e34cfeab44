"""Review a corpus in order on this process, on local worker processes, or on a Dask
cluster. Logs go out in chunks and come back in the same order; only a bounded
window of chunks is in flight, so memory stays flat in the corpus size."""

from __future__ import annotations

import itertools
import os
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from typing import Any

from ..review.analysis import DEFAULT_CONVENTIONS
from ..review.conventions import Conventions
from ..review.solver import Budget
from .rows import Row, review_item
from .sources import Item

Result = list[tuple[Row, list[Row]]]  # an item's games: (game row, player rows) each
CHUNK = 32  # logs per task: large enough to amortise the hop, small enough to balance
WINDOW = 4  # chunks in flight per worker


def review_chunk(chunk: list[Item], solve: Budget | None = None,
                 conventions: Conventions | None = DEFAULT_CONVENTIONS) -> list[Result]:
    """The rows of a chunk of logs (the unit of work a worker gets)."""
    return [review_item(item, solve, conventions) for item in chunk]


def chunks(logs: Iterable[Item], size: int = CHUNK) -> Iterator[list[Item]]:
    it = iter(logs)
    while chunk := list(itertools.islice(it, size)):
        yield chunk


def review_all(logs: Iterable[Item], workers: int = 1, scheduler: str | None = None,
               solve: Budget | None = None,
               conventions: Conventions | None = DEFAULT_CONVENTIONS) -> Iterator[Result]:
    """Every log's rows, in corpus order; `solve` and `conventions` as in `review_item`."""
    if scheduler:
        yield from _on_dask(logs, scheduler, solve, conventions)
    elif workers <= 1:
        for item in logs:
            yield review_item(item, solve, conventions)
    else:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            yield from _windowed(pool.submit, chunks(logs), workers * WINDOW, solve,
                                 conventions)


def _windowed(submit: Callable[..., Any], work: Iterator[list[Item]], window: int,
              solve: Budget | None, conventions: Conventions | None) -> Iterator[Result]:
    """Submit chunks keeping at most `window` in flight; yield results in order."""
    pending: deque[Future[list[Result]]] = deque()
    for chunk in work:
        pending.append(submit(review_chunk, chunk, solve, conventions))
        if len(pending) >= window:
            yield from pending.popleft().result()
    while pending:
        yield from pending.popleft().result()


def _on_dask(logs: Iterable[Item], scheduler: str, solve: Budget | None,
             conventions: Conventions | None) -> Iterator[Result]:
    """The same job on an existing Dask distributed cluster (futures over chunks)."""
    from distributed import Client  # only this path needs Dask

    with Client(scheduler, set_as_default=False) as client:  # type: ignore[no-untyped-call]
        workers = max(1, len(client.scheduler_info().get("workers", {})))
        yield from _windowed(client.submit, chunks(logs), workers * WINDOW, solve,
                             conventions)


def default_workers() -> int:
    """All the cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not on Linux
        return os.cpu_count() or 1
