"""Issue 26: crafted files give one line each, in every command that reads them."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from helpers import shared

from nova_replay.cli import main
from nova_replay.record.validation import check_data


def real(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(shared("hanablive", name).read_text("utf-8"))
    return data


# Failure 1: a seed of 5,000 digits broke every command (Python's int-digit limit).
LONG_SEED = "p" + "9" * 5000 + "v0s1"


@pytest.fixture
def long_seed_folder(tmp_path: Path) -> Path:
    data = real("example_game_3p.json")
    data["seed"] = LONG_SEED
    (tmp_path / "a_long_seed.json").write_text(json.dumps(data), encoding="utf-8")
    (tmp_path / "b_good.json").write_text(json.dumps(real("example_game_3p.json")), "utf-8")
    return tmp_path


def test_a_long_seed_is_one_line_in_validate(long_seed_folder: Path) -> None:
    result = CliRunner().invoke(main, ["validate", str(long_seed_folder)])
    assert result.exit_code == 1
    lines = result.output.splitlines()
    assert lines[0] == (f"{long_seed_folder / 'a_long_seed.json'}: $.seed: expected a hanab.live "
                        f"seed p{{players}}v{{variant id}}s{{number}}, found "
                        f"'{LONG_SEED[:37]}...' (5,000-digit player count)")
    assert lines[1].startswith(f"{long_seed_folder / 'b_good.json'}: ok")  # the folder goes on
    assert lines[2] == "2 files: 1 valid, 1 invalid"


@pytest.mark.parametrize("command", [["replay"], ["analyze"], ["import-hanablive"],
                                     ["export-hanablive"]])
def test_a_long_seed_is_one_line_in_every_command(long_seed_folder: Path,
                                                  command: list[str]) -> None:
    result = CliRunner().invoke(main, [*command, str(long_seed_folder / "a_long_seed.json")])
    assert isinstance(result.exception, SystemExit) and result.exit_code == 1
    assert len(result.output.splitlines()) == 1 and "5,000-digit player count" in result.output


def test_a_long_seed_is_a_row_in_batch(long_seed_folder: Path, tmp_path: Path) -> None:
    out = tmp_path / "games.jsonl"
    result = CliRunner().invoke(main, ["batch", str(long_seed_folder), "-o", str(out), "-j", "1"])
    assert result.exit_code == 1, result.output
    rows = [json.loads(line) for line in out.read_text("utf-8").splitlines()]
    assert [r["valid"] for r in rows] == [False, True]
    assert "5,000-digit player count" in rows[0]["problem"]


@pytest.mark.parametrize(("seed", "what"), [
    ("p3v" + "1" * 7 + "s1", "7-digit variant id"), ("p" + "3" * 3 + "v0s1", "3-digit player count")])
def test_seed_digits_are_counted_before_reading(seed: str, what: str) -> None:
    data = real("example_game_3p.json")
    data["seed"] = seed
    report = check_data(data, "game.json")
    assert [p.where for p in report.problems] == ["$.seed"] and what in report.problems[0].message
