"""The re-dealing test on every move of the shared corpus's development games (issue #31).

For each move, the cards its mover could not see (their hand, the draw pile) are dealt
otherwise, consistently with the clues they got (`review.redeal`), the game up to the
move is replayed and analysed, and the verdict on the move (its judgement notes' kinds
and severities; outcome notes left out) is compared with the real deal's. Prints the
moves checked, the verdicts unchanged, and each changed verdict by kind.

    python benchmarks/redeal.py               # every development game, 2 re-deals a move
    python benchmarks/redeal.py --deals 4 --list

Only `holdout.development_games()` are read (3-5 players as `dev_analysis_speed`), never
the held-out part.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

from dev_analysis_speed import dev_records  # noqa: E402

from nova_replay.review.redeal import check_game  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2, help="re-deals tried per move")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--list", action="store_true", help="print every changed verdict")
    args = parser.parse_args()
    checked = changed = 0
    by_kind: Counter[str] = Counter()
    start = time.process_time()
    records = dev_records()
    for path, record in records:
        for check in check_game(record, seed=args.seed, deals=args.deals):
            checked += 1
            if check.changed is None:
                continue
            changed += 1
            for kind, severity in set(check.verdict) ^ set(check.changed):
                by_kind[f"{kind.value} {severity.value}"] += 1
            if args.list:
                print(f"{path.name} turn {check.turn}: {check.verdict} -> {check.changed}")
    print(f"{len(records)} development games, {checked} moves checked ({args.deals} re-deals "
          f"each, seed {args.seed}): {checked - changed} verdicts unchanged, {changed} changed "
          f"({time.process_time() - start:.0f} s CPU)")
    for kind, count in by_kind.most_common():
        print(f"  {kind}: {count}")


if __name__ == "__main__":
    main()
