"""Golden playthroughs: each sample's `replay` text equals tests/golden/<sample>.txt."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from helpers import GOLDEN, SAMPLE_FILES

from nova_replay.cli import main
from nova_replay.record.load import load
from nova_replay.views.text import game_text

HOW = "the replay text changed: if that is intended, run `python scripts/regenerate.py`"


@pytest.mark.parametrize("sample", SAMPLE_FILES, ids=lambda p: p.stem)
def test_replay_text_matches_golden(sample: Path) -> None:
    golden = GOLDEN / f"{sample.stem}.txt"
    assert golden.exists(), f"no golden file {golden.name}: run `python scripts/regenerate.py`"
    record = load(sample)
    assert game_text(record.timeline, record.log) == golden.read_text("utf-8"), HOW
    assert CliRunner().invoke(main, ["replay", str(sample)]).stdout == golden.read_text("utf-8"), HOW


def test_no_stale_golden_files() -> None:
    assert {p.stem for p in GOLDEN.glob("*.txt")} == {p.stem for p in SAMPLE_FILES}, (
        "golden files and samples differ: run `python scripts/regenerate.py`")
