"""Do the move values agree with the notes, and with the score? On development games only
(benchmarks/holdout.py; the held-out games are never opened here).

    python benchmarks/value_agreement.py               # 24 games
    python benchmarks/value_agreement.py --games 60 --samples 8

1. At every turn where the notes suggest a move (play/suggest.py: the convention bot's
   move at a faulted turn, offered when it avoids the fault), is the move with the best
   value the suggested one? Is the suggested move valued above the move played?
2. Per game, the players' mean accuracy against the final score (Pearson correlation).

Games: development games whose ruleset the conventions read, in file order, the first
--games of them. Values at --samples (default: the analyze default).
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

from holdout import development_games  # noqa: E402

from nova_replay.conventions import Conventions, not_read  # noqa: E402
from nova_replay.play.suggest import suggestions  # noqa: E402
from nova_replay.play.value import DEFAULT_SAMPLES, move_values  # noqa: E402
from nova_replay.record.load import load  # noqa: E402
from nova_replay.review.analysis import analyze  # noqa: E402


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=24)
    parser.add_argument("--samples", type=int, default=DEFAULT_SAMPLES)
    args = parser.parse_args(argv)
    suggested = best_is_suggested = suggested_better = 0
    accuracy, scores = [], []
    done = 0
    for path in development_games():
        if done >= args.games:
            break
        try:
            record = load(path)
        except ValueError:
            continue
        if not_read(record.game.ruleset) or record.timeline.turns < 10:
            continue
        done += 1
        analysis = analyze(record, Conventions())
        tips = suggestions(analysis)
        values = move_values(record.timeline, args.samples)
        by_turn = {m.turn: m for m in values.moves}
        for turn, tip in tips.items():
            m = by_turn[turn]
            suggested += 1
            best_is_suggested += m.best_action == tip.action
            values_of = dict(m.candidates)
            if tip.action in values_of and values_of[tip.action] > m.played:
                suggested_better += 1
        accuracy.append(statistics.mean(a.accuracy for a in values.accuracy))
        scores.append(record.timeline.final.score / record.game.ruleset.perfect_score)
        print(f"{path.name}: score {record.timeline.final.score}, mean accuracy "
              f"{accuracy[-1]:.1f}%, {len(tips)} suggestions", flush=True)
    print(f"\n{done} development games, --samples {args.samples}")
    if suggested:
        print(f"turns with a suggestion: {suggested}; best-value move = the suggested move: "
              f"{best_is_suggested} ({best_is_suggested / suggested:.0%}); suggested move valued "
              f"above the move played: {suggested_better} ({suggested_better / suggested:.0%})")
    if len(scores) > 2 and statistics.pstdev(accuracy) and statistics.pstdev(scores):
        r = statistics.correlation(accuracy, scores)
        print(f"mean accuracy vs final score (share of perfect): Pearson r = {r:.2f} "
              f"over {len(scores)} games")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
