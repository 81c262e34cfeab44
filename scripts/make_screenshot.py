"""docs/images/dashboard.png, the picture at the top of the README and the docs: the
dashboard on the bundled sample games, nova-4p at turn 17, 1400 x 1000 px in headless
Chromium (and its driver: Debian's chromium, chromium-driver). Beside it,
docs/images/dashboard.json says what the picture shows, read in the page when it was
taken (the lesson and puzzle pickers' counts among it), so that a test can tell a picture
made before the course or the puzzles changed (issue 36: it showed 38 lessons and 55
puzzles while 41 and 43 shipped).

    python scripts/make_screenshot.py

Every wait is on a condition in the page (the board and the chart drawn), never on time.
"""

# mypy: disable-error-code="no-untyped-call"
from __future__ import annotations

import importlib.util
import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

if (ROOT / "dashboards").is_dir():  # this checkout's dashboard, not an installed one
    _spec = importlib.util.spec_from_file_location(
        "nova_replay.dashboard", ROOT / "dashboards" / "__init__.py",
        submodule_search_locations=[str(ROOT / "dashboards")])
    assert _spec is not None and _spec.loader is not None
    _module = importlib.util.module_from_spec(_spec)
    sys.modules["nova_replay.dashboard"] = _module
    _spec.loader.exec_module(_module)

from dashboard_speed import chromium, served, wait_for  # noqa: E402
from nova_replay.dashboard import GameLibrary  # noqa: E402

IMAGE = ROOT / "docs" / "images" / "dashboard.png"
SHOWN = IMAGE.with_suffix(".json")
GAME, TURN = "nova-4p", 17
READY = ("const l = document.getElementById('turn-label');"
         f"return l && l.textContent.startsWith('Turn {TURN}') && "
         "document.querySelectorAll('#hands .card-face').length > 0 && "
         "document.querySelectorAll('#clock .scatterlayer .trace').length > 0")
PICKERS = ("return [...document.querySelectorAll('.Select-placeholder, "
           "[class*=placeholder]')].map(e => e.textContent)")


def shown_counts(placeholders: list[str]) -> dict[str, int]:
    """The pickers' counts from their placeholders ("a lesson (41 in the course)",
    "a puzzle (43): what would you do?")."""
    text = " | ".join(placeholders)
    lessons = re.search(r"a lesson \((\d+) in the course\)", text)
    puzzles = re.search(r"a puzzle \((\d+)\)", text)
    if lessons is None or puzzles is None:
        raise SystemExit(f"the page shows no lesson or puzzle picker: {text!r}")
    return {"lessons": int(lessons.group(1)), "puzzles": int(puzzles.group(1))}


def main() -> int:
    with served(GameLibrary.from_path(None)) as url, chromium(1400, 1000) as driver:
        driver.get(f"{url}?game={GAME}&turn={TURN}")
        wait_for(driver, READY, timeout=120)
        counts = shown_counts(wait_for(driver, PICKERS, timeout=60))
        driver.save_screenshot(str(IMAGE))
    SHOWN.write_text(json.dumps({"game": GAME, "turn": TURN, **counts}, indent=2) + "\n",
                     encoding="utf-8")
    print(f"wrote {IMAGE.relative_to(ROOT)} and {SHOWN.relative_to(ROOT)}: {counts}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
