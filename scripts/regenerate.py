"""Regenerate every generated artefact of the repository, in order.

    python scripts/regenerate.py            # everything
    python scripts/regenerate.py schema     # only the named generators

To add an artefact, write a function that writes it and returns the paths it wrote,
and append it to GENERATORS (after whatever it depends on). Tests compare the
committed files with what these functions produce.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

import make_bot_samples  # noqa: E402
import make_course  # noqa: E402
import make_live_samples  # noqa: E402
import make_puzzles  # noqa: E402
import make_samples  # noqa: E402
import make_variant_table  # noqa: E402

from nova_replay.cli import main as cli_main  # noqa: E402
from nova_replay.cli.reference import cli_reference  # noqa: E402
from nova_replay.record.log import json_schema  # noqa: E402
from nova_replay.review.analysis import analyze  # noqa: E402
from nova_replay.views.puzzles import puzzle_schema  # noqa: E402
from nova_replay.views.report import report_schema  # noqa: E402
from nova_replay.views.review_text import playthrough_text  # noqa: E402

SCHEMA_FILE = ROOT / "schemas" / "nova-log-v1.schema.json"
REPORT_SCHEMA_FILE = ROOT / "schemas" / "nova-analysis-v1.schema.json"
PUZZLE_SCHEMA_FILE = ROOT / "schemas" / "nova-puzzle-v1.schema.json"
SAMPLES = ROOT / "sample_games"
GOLDEN = ROOT / "tests" / "golden"


def schema_text() -> str:
    """The committed JSON Schema's exact text."""
    return json.dumps(json_schema(), indent=2, ensure_ascii=False) + "\n"


def report_schema_text() -> str:
    """The committed JSON Schema of `analyze --json`, exactly."""
    return json.dumps(report_schema(), indent=2, ensure_ascii=False) + "\n"


def write_report_schema() -> list[Path]:
    """schemas/nova-analysis-v1.schema.json from the report's pydantic models."""
    REPORT_SCHEMA_FILE.write_text(report_schema_text(), encoding="utf-8")
    return [REPORT_SCHEMA_FILE]


def puzzle_schema_text() -> str:
    """The committed JSON Schema of a puzzle file, exactly."""
    return json.dumps(puzzle_schema(), indent=2, ensure_ascii=False) + "\n"


def write_puzzle_schema() -> list[Path]:
    """schemas/nova-puzzle-v1.schema.json from the puzzle's pydantic models."""
    PUZZLE_SCHEMA_FILE.write_text(puzzle_schema_text(), encoding="utf-8")
    return [PUZZLE_SCHEMA_FILE]


def golden_text(sample: Path) -> str:
    """The golden playthrough of one sample game: its `nova-replay replay` text with,
    after each turn, the clock and every player's observation."""
    return playthrough_text(analyze(sample))


def write_variant_table() -> list[Path]:
    """nova_replay/rules/hanablive_variants.tsv from hanab.live's variants.json (shared data)."""
    return make_variant_table.main()


def write_samples() -> list[Path]:
    """sample_games/*.json and sample_games/invalid/ (with expected.tsv)."""
    make_samples.main()
    return sorted(SAMPLES.glob("*.json")) + sorted((SAMPLES / "invalid").iterdir())


def write_live_samples() -> list[Path]:
    """sample_games/hanab-live-*.json from real hanab.live games of the shared corpus."""
    return make_live_samples.main()


def write_bot_samples() -> list[Path]:
    """sample_games/*-bots.json, played by the bots."""
    return make_bot_samples.main()


def write_puzzles() -> list[Path]:
    """sample_games/puzzles/*.json from the careless bot games and the real games."""
    return make_puzzles.main()


def write_course() -> list[Path]:
    """sample_games/lessons/*.json (the course) and sample_games/README.md."""
    return make_course.main()


def write_schema() -> list[Path]:
    """schemas/nova-log-v1.schema.json from the pydantic models."""
    SCHEMA_FILE.parent.mkdir(exist_ok=True)
    SCHEMA_FILE.write_text(schema_text(), encoding="utf-8")
    return [SCHEMA_FILE]


def write_golden() -> list[Path]:
    """tests/golden/<sample>.txt: the playthrough of each sample (old ones removed)."""
    GOLDEN.mkdir(parents=True, exist_ok=True)
    for old in GOLDEN.glob("*.txt"):
        old.unlink()
    written = []
    for sample in sorted(SAMPLES.glob("*.json")):
        path = GOLDEN / f"{sample.stem}.txt"
        path.write_text(golden_text(sample), encoding="utf-8")
        written.append(path)
    return written


def write_cli_reference() -> list[Path]:
    """docs/cli.md: every command's --help (the docs site's CLI page)."""
    path = ROOT / "docs" / "cli.md"
    path.write_text(cli_reference(cli_main), encoding="utf-8")
    return [path]


def write_doc_counts() -> list[Path]:
    """The README's and docs' counts of lessons, puzzles and samples (scripts/doc_counts.py)."""
    import doc_counts

    return doc_counts.write()


# (name, generator), run in this order: later ones may read what earlier ones wrote.
GENERATORS: list[tuple[str, Callable[[], list[Path]]]] = [
    ("variant-table", write_variant_table),
    ("samples", write_samples),
    ("live_samples", write_live_samples),
    ("bot_samples", write_bot_samples),
    ("course", write_course),
    ("puzzles", write_puzzles),
    ("schema", write_schema),
    ("report-schema", write_report_schema),
    ("puzzle-schema", write_puzzle_schema),
    ("golden", write_golden),
    ("cli-reference", write_cli_reference),
    ("doc-counts", write_doc_counts),  # after the course and the puzzles
]


def main(argv: list[str]) -> int:
    known = [name for name, _ in GENERATORS]
    unknown = [a for a in argv if a not in known]
    if unknown:
        print(f"unknown generator {unknown[0]!r}; expected one of {', '.join(known)}",
              file=sys.stderr)
        return 2
    for name, generate in GENERATORS:
        if argv and name not in argv:
            continue
        paths = generate()
        print(f"{name}: wrote {len(paths)} file{'s' if len(paths) != 1 else ''}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
