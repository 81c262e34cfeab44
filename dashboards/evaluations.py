"""The evaluation curve for the clock chart: best possible after every turn (knowing
every card, `review.evaluation`), worked out in the background when a game is opened.

The solver takes up to about a second a game, so it never runs in a request: a game's
evaluation is started when its payload is sent, the page polls for it, and the chart
draws the curve once it is there; turn changes, drawn in the browser, never wait.
Viewing as a player the curve is not offered: what the deck allowed would tell that
player about their own cards.
"""

from __future__ import annotations

import logging
from collections import OrderedDict
from concurrent.futures import Future
from threading import Lock, Semaphore, Thread
from typing import Any

from nova_replay.review.analysis import Analysis
from nova_replay.review.evaluation import Evaluation, evaluate, figure_text
from nova_replay.review.solver import DEFAULT_BUDGET

from .panels import plot_text

BUDGET = DEFAULT_BUDGET  # the solver's work for one game: nodes, so the same curve on any load
KEPT = 16  # evaluations kept, the newest; the server's memory stays bounded


class Evaluations:
    """Evaluations under way or done, one at a time, the last KEPT kept. Each runs on a
    daemon thread: a server that stops does not wait for a solver."""

    def __init__(self) -> None:
        self._kept: OrderedDict[tuple[str, int], Future[Evaluation]] = OrderedDict()
        self._lock = Lock()
        self._one = Semaphore(1)

    def start(self, key: str, analysis: Analysis) -> None:
        """Start the evaluation of `analysis` (shown as `key`) unless it is under way."""
        slot = (key, id(analysis))
        with self._lock:
            if slot in self._kept:
                self._kept.move_to_end(slot)
                return
            future: Future[Evaluation] = Future()
            self._kept[slot] = future
            while len(self._kept) > KEPT:
                self._kept.popitem(last=False)
        Thread(target=self._run, args=(future, analysis), daemon=True,
               name="evaluation").start()

    def _run(self, future: Future[Evaluation], analysis: Analysis) -> None:
        with self._one:
            try:
                future.set_result(evaluate(analysis, BUDGET))
            except Exception as e:  # a bug in the solver: said in the server's log, no curve
                logging.getLogger(__name__).exception("evaluation failed")
                future.set_exception(e)
            except SystemExit:  # a stopping server may end its threads so: no curve, quietly
                return

    def ready(self, key: str, analysis: Analysis) -> dict[str, Any] | None:
        """The curve for the browser once it is done (None while it runs)."""
        with self._lock:
            future = self._kept.get((key, id(analysis)))
        if future is None or not future.done() or future.exception() is not None:
            return None
        return curve_data(key, future.result())


def curve_data(key: str, e: Evaluation) -> dict[str, Any]:
    """Per turn the proven lower and upper bound and its hover text; the turns that lost
    points with their notes."""
    hover = [f"best possible {figure_text(p)}{'' if p.exact else ' (not proven)'}"
             for p in e.points]
    return {"key": key, "lower": [p.lower for p in e.points],
            "upper": [p.upper for p in e.points], "hover": hover,
            "lost": [[f.turn, plot_text(f.message, 44)] for f in e.findings]}
