"""The real-corpus table of issue 11: per folder, files accepted and refused (by reason),
and how many accepted files replay to the score their source states.

    python benchmarks/corpus_table.py

Reads ../shared/data (or $NOVA_SHARED/data); the walk is tests/test_corpus.py's.
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.test_corpus import CONTINUED, WALKED, expected_score, reason


def main() -> None:
    folders: dict[str, list[int]] = {}
    for w in WALKED:
        parts = w.name.split("/")
        folder = parts[1] if parts[0] == "real" and len(parts) > 2 else parts[0]
        row = folders.setdefault(folder, [0, 0, 0, 0])
        row[0] += 1
        if w.accepted:
            row[1] += 1
            if w.stated is not None and w.name.removeprefix("real/") not in CONTINUED:
                row[2] += 1
                row[3] += expected_score(w) == w.stated
    print("| folder | games | accepted | refused | stated scores | matching |")
    print("|---|---|---|---|---|---|")
    for folder, (files, ok, stated, match) in folders.items():
        print(f"| {folder} | {files} | {ok} | {files - ok} | {stated} | {match} |")
    total = [sum(r[i] for r in folders.values()) for i in range(4)]
    print(f"| all | {total[0]} | {total[1]} | {total[0] - total[1]} | {total[2]} | {total[3]} |")
    print()
    print("| refused because | games |")
    print("|---|---|")
    for why, n in Counter(reason(w) for w in WALKED if not w.accepted).most_common():
        print(f"| {why} | {n} |")
    endings = Counter(w.report.record.timeline.final.ending or "unfinished"
                      for w in WALKED if w.accepted and w.report.record is not None)
    print()
    print("endings of accepted files: " + ", ".join(f"{k} {v}" for k, v in endings.most_common()))


if __name__ == "__main__":
    main()
