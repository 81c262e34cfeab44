"""The counts the README and the docs state (lessons, real lessons, puzzles, sample games),
written from the bundled files themselves, so the words never drift from what ships (issue
36: the text said 41 puzzles while 43 shipped). `python scripts/doc_counts.py` rewrites
them (also `scripts/regenerate.py doc-counts`); `--check` lists the stale ones and exits 1;
tests/test_docs_site.py runs the check.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "sample_games"


def counts() -> dict[str, int]:
    """What ships: the course's lessons, those trimmed from real hanab.live games (their
    source says so), the puzzles, and the sample games beside them."""
    lessons = sorted((SAMPLES / "lessons").glob("*.json"))
    real = sum("of the hanab.live game" in json.loads(p.read_text("utf-8"))["meta"]["source"]
               for p in lessons)
    return {"lessons": len(lessons), "real_lessons": real,
            "puzzles": len(list((SAMPLES / "puzzles").glob("*.json"))),
            "samples": len(list(SAMPLES.glob("*.json")))}


# (file, pattern whose one group is the number, which count): every count the text states.
PLACES: list[tuple[str, str, str]] = [
    ("README.md", r"The course is (\d+) lesson games", "lessons"),
    ("README.md", r"and Nova's jokers and grand finale\. (\d+) lessons are trimmed", "real_lessons"),
    ("README.md", r"`sample_games/puzzles/` ships (\d+),", "puzzles"),
    ("docs/batch.md", r"# the (\d+) sample games: exit 0", "samples"),
]


def rewritten(text: str, pattern: str, value: int) -> tuple[str, int]:
    """`text` with the number in `pattern`'s group set to `value`; how many places."""
    def put(m: re.Match[str]) -> str:
        start, end = m.span(1)
        return m.group(0)[:start - m.start()] + str(value) + m.group(0)[end - m.start():]

    return re.subn(pattern, put, text)


def stale() -> list[str]:
    """The places whose number is not what ships (or whose sentence is gone)."""
    found, out = counts(), []
    for file, pattern, key in PLACES:
        text = (ROOT / file).read_text("utf-8")
        matches = re.findall(pattern, text)
        if len(matches) != 1:
            out.append(f"{file}: {pattern!r}: expected one place, found {len(matches)}")
        elif int(matches[0]) != found[key]:
            out.append(f"{file}: says {matches[0]} {key}, {found[key]} ship")
    return out


def write() -> list[Path]:
    found, written = counts(), []
    for file, pattern, key in PLACES:
        path = ROOT / file
        text, n = rewritten(path.read_text("utf-8"), pattern, found[key])
        if n != 1:
            raise SystemExit(f"{file}: {pattern!r}: expected one place, found {n}")
        path.write_text(text, encoding="utf-8")
        written.append(path)
    return sorted(set(written))


def main(argv: list[str]) -> int:
    if argv == ["--check"]:
        problems = stale()
        print("\n".join(problems) or "every count is current")
        return 1 if problems else 0
    for path in write():
        print(f"wrote {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
