"""Suggestions on the shared corpus's development games (issue #31, item 6): how many fault
notes carry one, and how many suggested moves pass the teacher's check (`play.teacher`):
a suggested clue its receiver reads, by the convention reader, as a play or save of the
card it is meant for, and a suggested play of a card its player knew playable.

    python benchmarks/suggestions.py              # the figures
    python benchmarks/suggestions.py --list       # and every suggestion the check rejects

Only `holdout.development_games()` are read (2-6 players, one per distinct file name),
never the held-out part. The CPU time of the suggestions (`time.process_time`) is given
beside the analysis's, per game.
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

from nova_replay.play.suggest import suggestions  # noqa: E402
from nova_replay.play.teacher import fault  # noqa: E402
from nova_replay.review.analysis import analyze  # noqa: E402
from nova_replay.review.mover import view  # noqa: E402
from nova_replay.rules.game import Discard, Hint  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--list", action="store_true", help="print each rejected suggestion")
    args = parser.parse_args()
    records = dev_records(range(2, 7))
    notes = with_suggestion = 0
    kinds: Counter[str] = Counter()
    passed: Counter[str] = Counter()
    analysing = suggesting = 0.0
    for path, record in records:
        start = time.process_time()
        a = analyze(record)
        middle = time.process_time()
        found = suggestions(a)
        suggesting += time.process_time() - middle
        analysing += middle - start
        game, tl = a.record.game, a.timeline
        for f in a.findings:
            if f.severity.is_fault and f.player == tl[f.turn - 1].player(game):
                notes += 1
                with_suggestion += f.turn in found
        for turn, s in found.items():
            kind = ("clue" if isinstance(s.action, Hint)
                    else "discard" if type(s.action) is Discard else "play")
            kinds[kind] += 1
            why = fault(view(a.knowledge, a.reading, turn), s.action)
            if not why:
                passed[kind] += 1
            elif args.list:
                print(f"{path.name} t{turn}: {s.text} -- {why}")
    print(f"corpus: {len(records)} development games (2-6 players)")
    print(f"fault notes on the mover's own move: {notes}; with a suggestion: {with_suggestion}")
    for kind in ("clue", "play", "discard"):
        print(f"suggested {kind}s: {kinds[kind]}; passing the teacher's check: {passed[kind]}")
    print(f"CPU per game: analyze {analysing * 1000 / len(records):.0f} ms, "
          f"suggestions {suggesting * 1000 / len(records):.0f} ms")


if __name__ == "__main__":
    main()
