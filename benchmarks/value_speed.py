"""How long `analyze --value` takes: CPU seconds to value every move of 3-player No Variant
games of about 60 turns, with the default samples (issue 33: median <= 20 s), and how much
a move's value varies between seeds at that setting.

    python benchmarks/value_speed.py                # 5 games (simulated, seeds found below)
    python benchmarks/value_speed.py --games 3 --samples 16

The games are the convention player's self-play games of 3-player No Variant whose length
is 56 to 64 turns (the first such seeds from 0). CPU time is process time: the figure does
not depend on the machine's load. The spread: for 20 moves of the first game, the standard
deviation of the played move's value over 5 different seeds of the deals (what a user
would see if the seed changed), at the same number of samples.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from nova_replay.play import value as V
from nova_replay.play.convention import ConventionPlayer
from nova_replay.play.simulate import play_game
from nova_replay.rules.engine import Timeline, replay
from nova_replay.rules.rulesets import make_ruleset


def games_of_about_60(count: int) -> list[Timeline]:
    rules = make_ruleset("hanabi")
    out = []
    seed = 0
    while len(out) < count:
        played = play_game(rules, [ConventionPlayer()] * 3, seed)
        if 56 <= len(played.actions) <= 64:
            out.append(replay(played.game, played.actions))
        seed += 1
    return out


def spread(tl: Timeline, samples: int, moves: int = 20, seeds: int = 5) -> float:
    """Mean over `moves` turns of the standard deviation of the played move's value
    across `seeds` seedings of the deals."""
    real_seed = V.deal_seed
    turns = list(range(1, min(tl.turns, moves) + 1))
    per_turn: dict[int, list[float]] = {t: [] for t in turns}
    try:
        for k in range(seeds):
            V.deal_seed = lambda t, u, m, b, k=k: real_seed(t, u, m, b) + k  # type: ignore[assignment]
            for m in V.move_values(tl, samples, turns=turns).moves:
                per_turn[m.turn].append(m.played)
    finally:
        V.deal_seed = real_seed  # type: ignore[assignment]
    return statistics.mean(statistics.pstdev(v) for v in per_turn.values())


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5)
    parser.add_argument("--samples", type=int, default=V.DEFAULT_SAMPLES)
    args = parser.parse_args(argv)
    times = []
    games = games_of_about_60(args.games)
    for tl in games:
        start = time.process_time()
        V.move_values(tl, args.samples)
        times.append(time.process_time() - start)
        print(f"{tl.turns} turns: {times[-1]:.1f} CPU s")
    median = statistics.median(times)
    print(f"median {median:.1f} CPU s per game at --samples {args.samples} "
          f"({'met' if median <= 20 else 'MISSED'}: <= 20 s)")
    print(f"spread of a move's value between deal seeds (samples {args.samples}): "
          f"{spread(games[0], args.samples):.2f} points (mean standard deviation, 20 moves)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
