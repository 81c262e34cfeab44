"""The notes `analyze` gives on the development games (`holdout.development_games()`, never
the held-out ones), counted by kind and severity, with every note written to a JSON file so
that two runs (before and after a change to a rule) can be compared note by note.

    NOVA_SHARED=/work/shared python benchmarks/note_kinds.py --out before.json
    NOVA_SHARED=/work/shared python benchmarks/note_kinds.py --out after.json --diff before.json

`--diff` prints the counts of both runs side by side and every note that is in one run
and not the other (file, turn, kind, severity, first words).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

from holdout import development_games  # noqa: E402

from nova_replay.review.analysis import analyze  # noqa: E402
from nova_replay.rules.errors import NovaError  # noqa: E402

Row = tuple[str, int, str, str, str]  # file, turn, kind, severity, message


def notes(paths: list[Path]) -> list[Row]:
    """Every note of every readable game (one record per distinct file name)."""
    out: list[Row] = []
    seen: set[str] = set()
    for path in paths:
        if path.name in seen:
            continue
        seen.add(path.name)
        try:
            a = analyze(path)
        except (NovaError, ValueError):
            continue
        out += [(path.name, f.turn, str(f.kind), str(f.severity), f.message) for f in a.findings]
    return out


def counts(rows: list[Row]) -> Counter[str]:
    return Counter(f"{kind}/{severity}" for _, _, kind, severity, _ in rows)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", type=Path, required=True, help="write every note here (JSON)")
    ap.add_argument("--diff", type=Path, help="an earlier --out to compare with")
    args = ap.parse_args()
    rows = notes(development_games())
    args.out.write_text(json.dumps(rows, indent=0))
    now = counts(rows)
    if args.diff is None:
        for key, n in sorted(now.items()):
            print(f"{key:36} {n:5}")
        print(f"{'total':36} {sum(now.values()):5}")
        return
    old_rows = [tuple(r) for r in json.loads(args.diff.read_text())]
    old = counts(old_rows)  # type: ignore[arg-type]
    print(f"{'kind/severity':36} {'before':>6} {'after':>6}")
    for key in sorted(set(now) | set(old)):
        mark = "" if now[key] == old[key] else "  *"
        print(f"{key:36} {old[key]:6} {now[key]:6}{mark}")
    print(f"{'total':36} {sum(old.values()):6} {sum(now.values()):6}")
    gone = Counter(old_rows) - Counter(rows)  # type: ignore[arg-type]
    new = Counter(rows) - Counter(old_rows)  # type: ignore[arg-type]
    for sign, diff in (("-", gone), ("+", new)):
        for file, turn, kind, severity, message in sorted(diff):  # type: ignore[misc]
            print(f"{sign} {file} t{turn} {kind}/{severity}: {message[:160]}")


if __name__ == "__main__":
    main()
