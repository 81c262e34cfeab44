"""Sampled move values against full enumeration where it is possible (issue 33): in the
final round the draw pile is empty, so the cards the mover cannot see are their own hand
only, and every arrangement of it their clues allow can be rolled out.

    python benchmarks/value_exact.py                    # >= 200 positions, default samples
    python benchmarks/value_exact.py --positions 50 --samples 16

Positions: every final-round turn of the convention player's self-play games of No
Variant (2 and 3 players, seeds from 0) until the count is reached. For each, the
candidates' values by `move_values` (sampled deals) and by `exact_values` (every deal);
reported: the mean absolute error of the played move's value, of every candidate's
value, and of the expected loss, and how often the best move agrees.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from nova_replay.play.convention import ConventionPlayer
from nova_replay.play.simulate import play_game
from nova_replay.play.value import DEFAULT_SAMPLES, exact_values, move_values
from nova_replay.rules.engine import replay
from nova_replay.rules.rulesets import make_ruleset


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=200)
    parser.add_argument("--samples", type=int, default=DEFAULT_SAMPLES)
    args = parser.parse_args(argv)
    rules = make_ruleset("hanabi")
    played_err, all_err, loss_err = [], [], []
    same_best = positions = seed = 0
    while positions < args.positions:
        for players in (2, 3):
            game = play_game(rules, [ConventionPlayer()] * players, seed)
            tl = replay(game.game, game.actions)
            turns = [t for t in range(1, tl.turns + 1) if tl[t - 1].final_turns >= 0]
            sampled = {m.turn: m for m in move_values(tl, args.samples, turns=turns).moves}
            for t in turns:
                exact = exact_values(tl, t)
                m = sampled[t]
                ex = dict(exact)
                sa = dict(m.candidates)
                played_err.append(abs(sa[m.action] - ex[m.action]))
                all_err.extend(abs(sa[a] - ex[a]) for a in sa if a in ex)
                ex_loss = max(ex.values()) - ex[m.action]
                loss_err.append(abs(m.expected_loss - ex_loss))
                same_best += ex[m.best_action] == max(ex.values())
                positions += 1
        seed += 1
    print(f"{positions} final-round positions (No Variant, 2-3 players, seeds 0..{seed - 1}), "
          f"--samples {args.samples}")
    print(f"mean absolute error, played move's value: {statistics.mean(played_err):.3f} points")
    print(f"mean absolute error, every candidate's value: {statistics.mean(all_err):.3f} points")
    print(f"mean absolute error, expected loss: {statistics.mean(loss_err):.3f} points")
    print(f"the sampled best move is an exact best move in {same_best / positions:.1%}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
