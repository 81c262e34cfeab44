"""Games per second for validate, replay and full analysis over a corpus of games.

The corpus is made with the engine: N shuffled 4-player Hanabi games (by default)
played to their end by the all-seeing author policy of scripts/make_samples.py,
so they are long, realistic games (most reach the final round or a perfect show).

    python benchmarks/analysis_speed.py                 # 1,000 4-player Hanabi games
    python benchmarks/analysis_speed.py --games 2000 --ruleset nova --players 3

Runs on one core (CPython is single-threaded here). Prints one line per stage, then
full analysis with the conventions on (the default, h-group:5) and off, interleaved,
by CPU time, and their ratio. `--clock cpu` times the stages by this process's CPU time
(a shared machine's before/after runs).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT))

from make_samples import author_move, shuffled_deck  # noqa: E402

from nova_replay.record.load import load_data  # noqa: E402
from nova_replay.record.validation import check_data  # noqa: E402
from nova_replay.record.writer import log_data  # noqa: E402
from nova_replay.review.analysis import DEFAULT_CONVENTIONS, analyze  # noqa: E402
from nova_replay.rules.engine import apply, deal, replay  # noqa: E402
from nova_replay.rules.game import Action, Game  # noqa: E402
from nova_replay.rules.rulesets import make_ruleset  # noqa: E402

NAMES = ("Alice", "Bob", "Cathy", "Donald", "Emily")


def corpus(ruleset: str, players: int, games: int) -> list[tuple[Game, list[Action]]]:
    rules = make_ruleset(ruleset)
    out = []
    for seed in range(games):
        game = Game(rules, NAMES[:players], tuple(shuffled_deck(rules, seed)))
        rng = random.Random(seed)
        state = deal(game)
        actions: list[Action] = []
        while not state.over:
            action = author_move(game, state, rng, careless=seed % 10 == 0)
            state = apply(game, state, action)
            actions.append(action)
        out.append((game, actions))
    return out


def rate(label: str, items: list[Any], work: Callable[[Any], object], repeat: int,
         clock: Callable[[], float] = time.perf_counter) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = clock()
        for item in items:
            work(item)
        best = min(best, clock() - start)
    per_second = len(items) / best
    print(f"{label:<38} {per_second:>9,.0f} games/s  ({best * 1000 / len(items):.3f} ms/game)")
    return per_second


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--ruleset", choices=["hanabi", "nova"], default="hanabi")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--repeat", type=int, default=3, help="best of this many runs")
    parser.add_argument("--clock", choices=("wall", "cpu"), default="wall",
                        help="time by the wall clock, or by this process's CPU time (for "
                             "before/after comparisons on a shared machine)")
    args = parser.parse_args()
    clock = time.process_time if args.clock == "cpu" else time.perf_counter

    games = corpus(args.ruleset, args.players, args.games)
    turns = sum(len(a) for _, a in games)
    print(f"corpus: {len(games)} {args.ruleset} games, {args.players} players, "
          f"{turns / len(games):.1f} turns a game on average")
    logs = [log_data(g, a) for g, a in games]
    records = [load_data(d) for d in logs]
    rate("validate (JSON data -> report)", logs, check_data, args.repeat, clock)
    rate("replay only (engine actions)", games, lambda ga: replay(ga[0], ga[1]), args.repeat, clock)
    rate("full analysis (replayed record)", records, analyze, args.repeat, clock)
    rate("validate + replay + analysis (JSON)", logs, analyze, args.repeat, clock)
    conventions_side_by_side(records, args.repeat)


def conventions_side_by_side(records: list[Any], repeat: int) -> None:
    """Full analysis with the conventions read (the default) and without
    (`--conventions none`), in turns, by CPU time (the machine may be shared): the best
    of `repeat` runs each, and their ratio."""
    best = {"none": float("inf"), str(DEFAULT_CONVENTIONS): float("inf")}
    for _ in range(repeat):
        for label, conventions in (("none", None), (str(DEFAULT_CONVENTIONS),
                                                    DEFAULT_CONVENTIONS)):
            start = time.process_time()
            for record in records:
                analyze(record, conventions)
            best[label] = min(best[label], time.process_time() - start)
    off, on = best["none"], best[str(DEFAULT_CONVENTIONS)]
    for label, seconds in best.items():
        print(f"full analysis, conventions {label:<10} {len(records) / seconds:>9,.0f} games/s  "
              f"({seconds * 1000 / len(records):.3f} ms/game, CPU time, interleaved)")
    print(f"conventions on / off: {on / off:.2f}x the CPU time")


if __name__ == "__main__":
    main()
