"""`nova-replay batch` on a large simulated corpus: games/s and peak memory on 1 and 2
worker processes, and on a Dask LocalCluster of 2 worker processes.

The corpus is N games (default 100,000) of 2- to 5-player Hanabi and Nova played to
their end by the all-seeing author policy of scripts/make_samples.py, written once as
one JSON Lines file (cached under --cache). Each run is a separate `nova-replay batch`
process, so its peak memory (its own and its workers') is what a user's run takes.

    python benchmarks/batch_scale.py                      # 100,000 games
    python benchmarks/batch_scale.py --games 5000 --no-dask
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT))

from make_samples import author_move, shuffled_deck  # noqa: E402

from nova_replay.record.writer import log_data  # noqa: E402
from nova_replay.rules.engine import apply, deal  # noqa: E402
from nova_replay.rules.game import Game  # noqa: E402
from nova_replay.rules.rulesets import make_ruleset  # noqa: E402

NAMES = ("Alice", "Bob", "Cathy", "Donald", "Emily")


def write_corpus(path: Path, games: int) -> None:
    """N games, one log a line; the ruleset and player count cycle with the seed."""
    rulesets = [make_ruleset("hanabi"), make_ruleset("nova"),
                make_ruleset("nova", grand_finale=True, jokers=1)]
    with open(path, "w", encoding="utf-8") as f:
        for seed in range(games):
            rules = rulesets[seed % len(rulesets)]
            players = 2 + seed % 4
            game = Game(rules, NAMES[:players], tuple(shuffled_deck(rules, seed)))
            rng = random.Random(seed)
            state, actions = deal(game), []
            while not state.over:
                action = author_move(game, state, rng, careless=seed % 10 == 0)
                state = apply(game, state, action)
                actions.append(action)
            f.write(json.dumps(log_data(game, actions), ensure_ascii=False) + "\n")


def run(args: list[str]) -> tuple[float, float]:
    """Seconds and peak resident memory (MB, the largest process of the run)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "nova_replay", "batch", *args],
                          capture_output=True, text=True, check=False)
    seconds = time.perf_counter() - start
    if done.returncode not in (0, 1):
        raise SystemExit(f"batch failed ({done.returncode}): {done.stderr.strip()}")
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    return seconds, max(peak, before) / 1024


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--cache", default=str(Path(tempfile.gettempdir()) / "nova-replay-bench"))
    parser.add_argument("--no-dask", action="store_true")
    args = parser.parse_args()
    cache = Path(args.cache)
    cache.mkdir(parents=True, exist_ok=True)
    corpus = cache / f"corpus-{args.games}.jsonl"
    if not corpus.exists():
        start = time.perf_counter()
        write_corpus(corpus, args.games)
        print(f"wrote {corpus} ({corpus.stat().st_size / 1e6:.0f} MB) in "
              f"{time.perf_counter() - start:.0f} s")
    print(f"{args.games:,} games; machine load {os.getloadavg()[0]:.2f}; "
          f"{os.cpu_count()} cores")
    results = {}
    for workers in (1, 2):
        out = cache / f"games-{workers}.parquet"
        seconds, peak = run([str(corpus), "--out", str(out), "--workers", str(workers)])
        results[workers] = seconds
        print(f"{workers} worker{'s' if workers > 1 else ' '}   {args.games / seconds:>8,.0f} games/s"
              f"   {seconds:>7.1f} s   peak memory {peak:>6.0f} MB (largest process)")
    print(f"2 workers / 1 worker: {results[1] / results[2]:.2f}x")
    if not args.no_dask:
        from distributed import LocalCluster

        with LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                          dashboard_address=None) as cluster:
            out = cache / "games-dask.parquet"
            seconds, peak = run([str(corpus), "--out", str(out), "--scheduler",
                                 cluster.scheduler_address])
        print(f"Dask LocalCluster (2 processes)   {args.games / seconds:>8,.0f} games/s   "
              f"{seconds:>7.1f} s")


if __name__ == "__main__":
    main()
