"""How often each finding that rests on the conventions' reading fires on real games
(the shared data; nothing is tuned to these figures), with every instance listed so a
reviewer can read them against the game.

    NOVA_SHARED=/work/shared python benchmarks/convention_findings.py
    python benchmarks/convention_findings.py FILE_OR_FOLDER ... --level 4 --list "ambiguous focus"

Counted per rule (`details["rule"]` of the bad-clue and misread notes): unanswered
finesse, chop-moved discard, ambiguous focus, misplay only, save not play; and two
changes the reading makes to the analysis' own notes: a final-round stall kept a
mistake (a clue or play scored more) or made no mistake, a final-round clue that
scored after all, and a chop loss its discarder could not see.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from nova_replay.conventions import DEFAULT_LEVEL, Conventions  # noqa: E402
from nova_replay.review.analysis import analyze  # noqa: E402
from nova_replay.review.vocabulary import Kind  # noqa: E402
from nova_replay.rules.errors import NovaError  # noqa: E402

SHARED = Path(os.environ.get("NOVA_SHARED", ROOT.parent / "shared")) / "data"
DEFAULT_SOURCES = [SHARED / "hanablive", SHARED / "real" / "hanabi-challenges-derived",
                   SHARED / "real" / "hanabidata-derived"]
STALL_KEPT, STALL_FREE = "final-round stall, a mistake", "final-round stall, no mistake"
UNSEEN, SCORED = "chop loss not seen", "final-round clue that scored"


def files(sources: list[Path]) -> list[Path]:
    out: list[Path] = []
    for s in sources:
        out += sorted(s.rglob("*.json")) if s.is_dir() else [s]
    return out


def instances(paths: list[Path], conventions: Conventions
              ) -> tuple[list[tuple[str, Path, int, str]], int]:
    """(rule, file, turn, message) of every instance, and the number of games read."""
    out = []
    read = 0
    for path in paths:
        try:
            a = analyze(path, conventions)
        except (NovaError, ValueError):
            continue
        if a.reading is None or a.reading.not_read:
            continue
        read += 1
        for f in a.findings:
            rule = f.details.get("rule")
            if rule is None and f.kind == Kind.WASTED_HINT and "final round" in f.message:
                rule = (SCORED if "no waste" in f.message else
                        STALL_KEPT if f.severity.is_fault else STALL_FREE)
            if rule is None and f.kind == Kind.LOST_CRITICAL and "could not see" in f.message:
                rule = UNSEEN
            if rule is not None:
                out.append((rule, path, f.turn, f.message))
    return out, read


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("sources", nargs="*", type=Path)
    ap.add_argument("--level", type=int, default=DEFAULT_LEVEL)
    ap.add_argument("--list", action="append", default=[], metavar="RULE",
                    help="print every instance of RULE (file, turn, message)")
    args = ap.parse_args()
    found, read = instances(files(args.sources or DEFAULT_SOURCES), Conventions(args.level))
    count = Counter(rule for rule, *_ in found)
    print(f"{read} games read at h-group:{args.level}")
    for rule, n in sorted(count.items()):
        print(f"  {rule:32} {n:5}")
    for rule, path, turn, message in found:
        if rule in args.list:
            print(f"\n[{rule}] {path} turn {turn}\n  {message}")


if __name__ == "__main__":
    main()
