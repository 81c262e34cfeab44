"""The notes that rest on a player's chop, on real games, and how many of them fall
where a chop move was in force (the card's holder held a chop-moved card then): the
audit of issue #22's "a note a strong player would not sign" for chop moves. Every
instance can be listed to be read against the game.

    NOVA_SHARED=/work/shared python benchmarks/chop_move_notes.py
    python benchmarks/chop_move_notes.py FILE_OR_FOLDER ... --list --moved-only

Kinds counted: good save, missed save ("could have saved"), a chop discard that is no
fault of its discarder ("No fault of X's"), any other lost critical card (blame), and a
chop-moved card discarded (a misread). The chop is `conventions.chop_at`'s, the one rule.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from nova_replay.conventions import chop_moved_at  # noqa: E402
from nova_replay.review.analysis import Analysis, Finding, analyze  # noqa: E402
from nova_replay.review.vocabulary import Kind  # noqa: E402
from nova_replay.rules.errors import NovaError  # noqa: E402

SHARED = Path(os.environ.get("NOVA_SHARED", ROOT.parent / "shared")) / "data"
DEFAULT_SOURCES = [SHARED / "hanablive", SHARED / "real" / "hanabidata-derived"]


def files(sources: list[Path]) -> list[Path]:
    out: list[Path] = []
    for s in sources:
        out += sorted(s.glob("*.json")) if s.is_dir() else [s]
    return out


def kind_of(f: Finding) -> str | None:
    """The chop note kind of a finding, or None for any other note."""
    if f.kind == Kind.GOOD_SAVE:
        return "good save"
    if f.kind == Kind.MISSED_SAVE:
        return "missed save"
    if f.kind == Kind.LOST_CRITICAL:
        return "chop discard, no fault" if "No fault of" in f.message else "lost critical card"
    if f.kind == Kind.MISREAD and f.details.get("rule") == "chop-moved discard":
        return "chop-moved discard"
    return None


def moved_in_force(a: Analysis, f: Finding) -> bool:
    """Whether the holder of the note's card held a chop-moved card before the turn."""
    before = a.timeline.states[f.turn - 1]
    moved = chop_moved_at(a.reading, f.turn - 1)
    return any(f.cards[0] in hand and not moved.isdisjoint(hand) for hand in before.hands)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("sources", nargs="*", type=Path)
    ap.add_argument("--list", action="store_true", help="print every instance")
    ap.add_argument("--moved-only", action="store_true",
                    help="with --list: only where a chop move was in force")
    args = ap.parse_args()
    count: Counter[tuple[str, bool]] = Counter()
    read = refused = 0
    listed = []
    for path in files(args.sources or DEFAULT_SOURCES):
        try:
            a = analyze(path)
        except (NovaError, ValueError):
            refused += 1
            continue
        if a.reading is None or a.reading.not_read:
            continue
        read += 1
        for f in a.findings:
            kind = kind_of(f)
            if kind is None or not f.cards:
                continue
            moved = moved_in_force(a, f)
            count[kind, moved] += 1
            if args.list and (moved or not args.moved_only):
                listed.append(f"[{kind}{', chop move in force' if moved else ''}] "
                              f"{path.name} turn {f.turn} ({f.severity})\n  {f.message}")
    print(f"{read} games read, {refused} refused by the loader")
    print(f"  {'kind':28} {'all':>5} {'chop move in force':>20}")
    for kind in sorted({k for k, _ in count}):
        total = count[kind, False] + count[kind, True]
        print(f"  {kind:28} {total:5} {count[kind, True]:20}")
    for line in listed:
        print(line)


if __name__ == "__main__":
    main()
