"""Analysis speed in hanab.live variants beside No Variant (issue 11).

Games are played by the convention bot (nova-replay simulate), so they are realistic
games of each variant; each is then validated, replayed and fully analysed.

    python benchmarks/variant_speed.py                  # 200 3-player games per variant
    python benchmarks/variant_speed.py --games 50 --players 4

Prints one line per variant: games/s for validation and for full analysis, the mean
score and the mean number of turns.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from nova_replay.play.bots import parse_bot
from nova_replay.play.simulate import simulate
from nova_replay.record.load import load_data
from nova_replay.record.validation import check_data
from nova_replay.review.analysis import analyze
from nova_replay.rules.rulesets import make_ruleset

VARIANTS = ("No Variant", "6 Suits", "Rainbow (6 Suits)", "Black & Rainbow (6 Suits)",
            "Pink-Ones & Dark Prism (6 Suits)")


def best_of(repeat: int, work: object, items: list[object]) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        for item in items:
            work(item)  # type: ignore[operator]
        best = min(best, time.perf_counter() - start)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--repeat", type=int, default=3, help="best of this many runs")
    args = parser.parse_args()
    print(f"{'variant':<34} {'suits':>5} {'turns':>6} {'score':>6} {'validate/s':>11} "
          f"{'analyze/s':>10} {'ms/analysis':>12}")
    for name in VARIANTS:
        rules = make_ruleset("hanabi", variant_name=name)
        logs = [simulate(rules, args.players, parse_bot("convention", seed), seed)
                for seed in range(args.games)]
        records = [load_data(d) for d in logs]
        turns = sum(r.timeline.turns for r in records) / len(records)
        score = sum(r.timeline.final.score for r in records) / len(records)
        validate = best_of(args.repeat, check_data, logs)  # type: ignore[arg-type]
        analysis = best_of(args.repeat, analyze, records)  # type: ignore[arg-type]
        print(f"{name:<34} {len(rules.suits):>5} {turns:>6.1f} {score:>6.1f} "
              f"{len(logs) / validate:>11,.0f} {len(logs) / analysis:>10,.0f} "
              f"{analysis * 1000 / len(logs):>12.2f}")


if __name__ == "__main__":
    main()
