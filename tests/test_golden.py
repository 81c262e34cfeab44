"""Golden playthroughs: each sample's tests/golden/<sample>.txt is its `replay` text with,
after each turn, the clock and every player's observation (open_spiel-like), so that a
change in the replay, the knowledge or the analysis shows as a diff."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from helpers import GOLDEN, SAMPLE_FILES

from nova_replay.cli import main
from nova_replay.cli.terminal import width, wrap
from nova_replay.review.analysis import analyze
from nova_replay.views.review_text import playthrough_text

HOW = "the playthrough changed: if that is intended, run `python scripts/regenerate.py`"
ADDED = ("  Clock: ", "  Observation of ")  # the lines a playthrough adds to the replay text


@pytest.mark.parametrize("sample", SAMPLE_FILES, ids=lambda p: p.stem)
def test_playthrough_matches_golden(sample: Path) -> None:
    golden = GOLDEN / f"{sample.stem}.txt"
    assert golden.exists(), f"no golden file {golden.name}: run `python scripts/regenerate.py`"
    text = golden.read_text("utf-8")
    assert playthrough_text(analyze(sample)) == text, HOW
    # Without the added lines, the golden file is exactly what `replay` prints.
    replayed = "".join(line for line in text.splitlines(keepends=True)
                       if not line.startswith(ADDED))
    assert CliRunner().invoke(main, ["replay", str(sample)]).stdout == wrap(replayed, width()), HOW


def test_a_playthrough_has_the_clock_and_each_players_observation_every_turn() -> None:
    sample = next(p for p in SAMPLE_FILES if p.stem == "nova-3p-worked-example")
    a = analyze(sample)
    lines = (GOLDEN / f"{sample.stem}.txt").read_text("utf-8").splitlines()
    turns = a.timeline.turns + 1
    assert sum(line.startswith("  Clock: ") for line in lines) == turns
    for name in a.record.game.players:
        observed = [line for line in lines if line.startswith(f"  Observation of {name}: ")]
        assert len(observed) == turns
        # A player never sees their own cards: each is ?? with what they knew of it.
        assert all(part.startswith("?? [") for line in observed
                   for part in line.split(": ", 1)[1].split("  "))
    c = a.clock[4]
    assert (f"  Clock: draw pile {c.draw_pile}, pace {c.pace}, score {c.score}, "
            f"max score {c.max_score}") in lines


def test_no_stale_golden_files() -> None:
    assert {p.stem for p in GOLDEN.glob("*.txt")} == {p.stem for p in SAMPLE_FILES}, (
        "golden files and samples differ: run `python scripts/regenerate.py`")
