"""CPU time per game of the default `analyze` on the shared corpus's 3-5 player development
games (issue #31's speed target: within 1.5x of the time before the mover's-view work).

The games are `holdout.development_games()` (never the held-out part) that load, counted
once per distinct file name, with 3 to 5 players. Each game is loaded once; then the
analysis of every game runs `--repeat` times in-process, and the best run's CPU time
(`time.process_time`, so a shared machine's load counts less) is divided by the games.

    python benchmarks/dev_analysis_speed.py            # ms of CPU per game, best of 3
    python benchmarks/dev_analysis_speed.py --repeat 5
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

from holdout import development_games  # noqa: E402

from nova_replay.record.load import Record, load  # noqa: E402
from nova_replay.review.analysis import analyze  # noqa: E402


def dev_records(players: range = range(3, 6)) -> list[tuple[Path, Record]]:
    """The development games with 3-5 players that load, one per distinct file name."""
    seen: set[str] = set()
    out = []
    for path in development_games():
        if path.name in seen:
            continue
        try:
            record = load(path)
        except (ValueError, OSError):
            continue
        if len(record.game.players) in players and record.timeline.actions:
            seen.add(path.name)
            out.append((path, record))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="best of this many runs")
    args = parser.parse_args()
    records = [r for _, r in dev_records()]
    turns = sum(len(r.timeline.actions) for r in records)
    print(f"corpus: {len(records)} development games (3-5 players), "
          f"{turns / len(records):.1f} turns a game")
    best = float("inf")
    for _ in range(args.repeat):
        start = time.process_time()
        for record in records:
            analyze(record)
        best = min(best, time.process_time() - start)
    print(f"default analyze: {best * 1000 / len(records):.2f} ms CPU per game "
          f"(best of {args.repeat})")


if __name__ == "__main__":
    main()
