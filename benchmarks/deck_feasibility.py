"""The share of decks that can be won at all, knowing every card (issue 24): random decks
with fixed seeds, each decided by `review.decks.deck_verdict` (winnable with a witness
line, not winnable with a proof, or unknown within the budget). Run outside CI.

    python benchmarks/deck_feasibility.py --out decks.jsonl          # the full table (hours)
    python benchmarks/deck_feasibility.py --out decks.jsonl --scale 0.01   # a quick look
    python benchmarks/deck_feasibility.py --out decks.jsonl --table  # the table of what is done

Groups: Hanabi No Variant with 2 to 6 players, 10,000 decks each; 6 Suits, Rainbow (6
Suits) and Black (6 Suits) with 2 and 4 players, 2,000 each. Deck i of a group is
`sorted(cards)` shuffled by `random.Random(f"{variant}/{players}/{i}")`. The groups are
worked in rounds of `--chunk` decks each, so that a run stopped early has every group
at a like share. Each verdict is appended to `--out` as it is decided (one JSON line:
group, deck number, verdict, bounds, turns of the witness, CPU seconds, nodes); a run
started again skips the decks already there. `--table` prints, per group, the share
winnable (proven by a witness line) with its 95% interval (Wilson's score interval; an
unknown deck counts as not proven winnable: the true share lies between the winnable
share and that plus the unknown share), the shares proven not winnable and unknown, the
share decided, and the CPU time per deck.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from nova_replay.rules.game import Game
from nova_replay.rules.rulesets import make_ruleset
from nova_replay.solver.decks import deck_verdict
from nova_replay.solver.exact import Budget

GROUPS: tuple[tuple[str, int, int], ...] = (
    *(("No Variant", p, 10_000) for p in (2, 3, 4, 5, 6)),
    *((v, p, 2_000) for v in ("6 Suits", "Rainbow (6 Suits)", "Black (6 Suits)") for p in (2, 4)),
)
NODES = 30_000  # per deck: the default budget (about a second on one core when all are needed)
NAMES = ("Alice", "Bob", "Cathy", "Donald", "Emily", "Frank")


def deck_game(variant: str, players: int, i: int) -> Game:
    rules = make_ruleset("hanabi", variant_name=variant)
    deck = sorted(rules.cards.elements())
    random.Random(f"{variant}/{players}/{i}").shuffle(deck)
    return Game(rules, NAMES[:players], tuple(deck))


def done_keys(path: Path) -> set[tuple[str, int, int]]:
    if not path.exists():
        return set()
    with path.open() as f:
        return {(r["variant"], r["players"], r["deck"]) for r in map(json.loads, f)}


def run(path: Path, scale: float, chunk: int, nodes: int) -> None:
    done = done_keys(path)
    counts = [(v, p, max(1, round(n * scale))) for v, p, n in GROUPS]
    rounds = max(1, math.ceil(10_000 / chunk))
    with path.open("a") as out:
        for r in range(rounds):
            for variant, players, n in counts:
                for i in range(n * r // rounds, n * (r + 1) // rounds):
                    if (variant, players, i) in done:
                        continue
                    game = deck_game(variant, players, i)
                    t = time.process_time()
                    v = deck_verdict(game, Budget(nodes))
                    seconds = time.process_time() - t
                    out.write(json.dumps({
                        "variant": variant, "players": players, "deck": i,
                        "verdict": v.verdict, "lower": v.lower, "upper": v.upper,
                        "turns": v.turns if v.winnable else None, "reason": v.reason,
                        "seconds": round(seconds, 4), "nodes": v.nodes}) + "\n")
                    out.flush()
    print(f"done: {path}")


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% score interval (Wilson) of a share k/n: sound at shares near 0 or 1,
    where the normal approximation's margin collapses to nothing."""
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def table(path: Path) -> None:
    rows: dict[tuple[str, int], list[dict[str, object]]] = defaultdict(list)
    with path.open() as f:
        for r in map(json.loads, f):
            rows[(r["variant"], r["players"])].append(r)
    print("| variant | players | decks | winnable (proven) | 95% interval | not winnable | "
          "unknown | proven | CPU s per deck: mean / median / max |")
    print("|---|---|---|---|---|---|---|---|---|")
    for variant, players, _ in GROUPS:
        got = rows.get((variant, players))
        if not got:
            continue
        n = len(got)
        win = sum(r["verdict"] == "winnable" for r in got)
        lost = sum(r["verdict"] == "not winnable" for r in got)
        unknown = n - win - lost
        low, high = wilson(win, n)
        secs = [float(str(r["seconds"])) for r in got]
        print(f"| {variant} | {players} | {n:,} | {win / n:.2%} | {low:.2%}–{high:.2%} | "
              f"{lost / n:.2%} | {unknown / n:.2%} | {(win + lost) / n:.2%} | "
              f"{statistics.mean(secs):.4f} / {statistics.median(secs):.4f} / {max(secs):.2f} |")


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, required=True, help="the JSON Lines file of verdicts")
    parser.add_argument("--scale", type=float, default=1.0, help="share of each group's decks")
    parser.add_argument("--chunk", type=int, default=250,
                        help="decks of a 10,000-deck group per round (others in proportion)")
    parser.add_argument("--nodes", type=int, default=NODES, help="solver nodes per deck")
    parser.add_argument("--table", action="store_true", help="print the table of --out and stop")
    args = parser.parse_args(argv)
    if not args.table:
        print(f"load {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores; {args.nodes:,} nodes "
              f"per deck", flush=True)
        run(args.out, args.scale, args.chunk, args.nodes)
    table(args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
