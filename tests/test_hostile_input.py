"""Issue 26: crafted files give one line each, in every command that reads them."""

from __future__ import annotations

import csv
import json
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from helpers import ROOT, shared

from nova_replay.cli import main
from nova_replay.corpus.rows import GAME_COLUMNS
from nova_replay.corpus.tables import read_table
from nova_replay.record.validation import check_data

sys.path.insert(0, str(ROOT / "scripts"))
import make_variant_table


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


# Failure 6: NaN and Infinity written out, made-up variants accepted, files written then refused.

@pytest.mark.parametrize(("text", "message"), [
    ("NaN", "not JSON: NaN is not a JSON number"),
    ("-Infinity", "not JSON: -Infinity is not a JSON number"),
    ("1e999", "not JSON: the number 1e999 is too large (over 1.8e308)")])
def test_nan_and_infinity_are_refused_not_written_back(tmp_path: Path, text: str,
                                                       message: str) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(real("example_game_3p.json"))[:-1] + f', "id": {text}}}', "utf-8")
    for command in ("import-hanablive", "validate"):
        result = CliRunner().invoke(main, [command, str(path)])
        assert result.exit_code == 1 and f"{path}: {message}" in result.output.splitlines()


@pytest.mark.parametrize("name", ["Rainbow & Rainbow (6 Suits)", "Black & Black (6 Suits)",
                                  "Dark Pink (3 Suits)"])
def test_made_up_variant_names_are_refused(name: str) -> None:
    data = real("example_game_3p.json")
    data["options"] = {"variant": name}
    report = check_data(data, "game.json")
    assert [str(p) for p in report.problems] == [
        f"$.options.variant: unknown hanab.live variant {name!r}: hanab.live has no variant of "
        f"that name (see its variant list; names are exact, e.g. 'Rainbow (5 Suits)', "
        f"'Black & Pink (6 Suits)')"]


def test_a_seed_variant_id_is_checked_against_the_name() -> None:
    data = real("example_game_3p.json")
    data.update(seed="p3v17s1", variant="Rainbow (5 Suits)")  # Rainbow (5 Suits) is id 16
    report = check_data(data, "game.json")
    assert [str(p) for p in report.problems] == [
        "$.seed: the seed 'p3v17s1' says variant id 17, but the file names the variant "
        "'Rainbow (5 Suits)', whose id is 16"]


def test_the_variant_table_is_hanablives_and_generated() -> None:
    source = shared("hanablive", "variants", "variants.json")
    committed = make_variant_table.TABLE.read_text("utf-8")
    assert committed == make_variant_table.table_text(source), \
        "run `python scripts/regenerate.py variant-table`"
    assert "8503cd84a44d4ffdadb40e3d5da56dd853d00e51" in committed.splitlines()[0]


def nested(depth: int) -> Any:
    value: Any = 0
    for _ in range(depth):
        value = [value]
    return value


def test_import_never_writes_a_log_deeper_than_the_reader_takes(tmp_path: Path) -> None:
    data = real("example_game_3p.json")
    data["notes"] = nested(98)  # 99 levels in the export, 101 kept in meta.hanablive
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data), "utf-8")
    result = CliRunner().invoke(main, ["import-hanablive", str(path), "-o", str(tmp_path / "o.json")])
    assert result.exit_code == 1 and not (tmp_path / "o.json").exists()
    assert result.output == (f"{path}: $.notes: kept in meta.hanablive, it would nest the log 101 "
                             f"levels deep, over the 100-level limit\n")


def test_an_anonymised_export_says_how_many_players(tmp_path: Path) -> None:
    log = json.loads((ROOT / "sample_games" / "hanabi-2p.json").read_text("utf-8"))
    log["meta"] = {"hanablive": {"anonymised": True}}
    path = tmp_path / "game.json"
    path.write_text(json.dumps(log), "utf-8")
    result = CliRunner().invoke(main, ["export-hanablive", str(path), "-o", str(tmp_path / "e.json")])
    assert result.exit_code == 0, result.output
    exported = json.loads((tmp_path / "e.json").read_text("utf-8"))
    assert "players" not in exported and exported["playerCount"] == 2
    assert check_data(exported, "e.json").valid()  # what we write, we accept


def test_a_termination_by_a_non_player_is_refused() -> None:
    log = json.loads((ROOT / "sample_games" / "hanabi-2p.json").read_text("utf-8"))
    log["actions"] = log["actions"][:3]
    log["termination"] = {"reason": "terminated", "player": "Nobody"}
    report = check_data(log, "game.json")
    assert [str(p) for p in report.problems] == [
        f"$.termination: the game is stopped by 'Nobody', who is not a player (players: "
        f"{', '.join(log['players'])})"]


# Failure 7: a log's texts reached the terminal raw, and names went into CSV as formulas.

def renamed(log: dict[str, Any], names: dict[str, str]) -> dict[str, Any]:
    """The log with its players renamed (and every hint's receiver)."""
    text = json.dumps(log)
    for old, new in names.items():
        text = text.replace(json.dumps(old), json.dumps(new))
    data: dict[str, Any] = json.loads(text)
    return data


def test_replay_shows_control_characters_instead_of_sending_them(tmp_path: Path) -> None:
    log = json.loads((ROOT / "sample_games" / "hanabi-2p.json").read_text("utf-8"))
    log = renamed(log, {"Alice": "Al\x9b2Jice", "Bob": "Bo\u202eb"})  # CSI as one byte; RLO
    log["actions"][0]["comment"] = "nice\x1b]0;owned\x07\nTurn 99: Bob wins the game"
    log["meta"] = {"title": "\x1b[2JCup final"}
    path = tmp_path / "game.json"
    path.write_text(json.dumps(log), "utf-8")
    result = CliRunner().invoke(main, ["replay", str(path), "--turn", "1"])
    out = result.output
    assert result.exit_code == 0, out
    assert "  Comment: nice\\x1b]0;owned\\x07\\nTurn 99: Bob wins the game" in out.splitlines()
    assert not any(line.startswith("Turn 99") for line in out.splitlines())
    assert "Al\\x9b2Jice" in out and "Bo\\u202eb" in out
    whole = CliRunner().invoke(main, ["replay", str(path)]).output
    assert whole.startswith("\\x1b[2JCup final: Hanabi")
    for text in (out, whole):
        assert not any(ch in text for ch in "\x1b\x07\x9b\u202e")


def test_csv_cells_that_a_spreadsheet_would_run_are_quoted(tmp_path: Path) -> None:
    log = json.loads((ROOT / "sample_games" / "hanabi-2p.json").read_text("utf-8"))
    names = ["=HYPERLINK(\"http://x\")", "@SUM(A1)", "+1", "-1", "'quoted"]
    for i, name in enumerate(names):
        (tmp_path / f"g{i}.json").write_text(json.dumps(renamed(log, {"Alice": name})), "utf-8")
    out = tmp_path / "games.csv"
    result = CliRunner().invoke(main, ["batch", *map(str, sorted(tmp_path.glob("g*.json"))),
                                       "-o", str(out), "-j", "1"])
    assert result.exit_code == 0, result.output
    with open(out, newline="", encoding="utf-8") as f:
        cells = [row["player_names"] for row in csv.DictReader(f)]
    assert cells == [f"'{name}, Bob" for name in names]
    assert [r["player_names"] for r in read_table(str(out), GAME_COLUMNS)] == [
        f"{name}, Bob" for name in names]  # read back as written


# Issue 34: a kept hanab.live option that every export and review reads (the card
# numbering) passed `validate` and then broke `analyze --json` with a SchemaError traceback.
@pytest.mark.parametrize("start", [-1, "x", 2, True, None])
def test_a_kept_starting_player_out_of_range_fails_validate(tmp_path: Path, start: Any) -> None:
    data = json.loads((ROOT / "sample_games" / "hanabi-2p.json").read_text("utf-8"))
    data["meta"]["hanablive"] = {"options": {"startingPlayer": start}}
    path = tmp_path / "start.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    where = "$.meta.hanablive.options.startingPlayer"
    report = check_data(data, str(path))
    assert [(p.where, p.stage) for p in report.problems] == [(where, "schema")]
    assert report.problems[0].message == (f"expected a player index 0 to 1, found "
                                          f"{json.dumps(start)}")
    for args in (["validate"], ["analyze", "--json"], ["export-hanablive"], ["replay"]):
        result = CliRunner().invoke(main, [*args, str(path)])
        assert result.exit_code == 1 and "Traceback" not in result.output, args
        assert where in result.output, args
    data["meta"]["hanablive"] = {"options": [1]}
    assert [p.where for p in check_data(data).problems] == ["$.meta.hanablive.options"]
    data["meta"]["hanablive"] = {"options": {"startingPlayer": 1}}
    assert check_data(data).valid()
