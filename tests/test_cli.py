"""The command line: replay, schema, `python -m nova_replay`, and help for every command."""

from __future__ import annotations

import json
import subprocess
import sys

import click
import pytest
from click.testing import CliRunner, Result
from helpers import ROOT, SAMPLES, SCHEMA_FILE

from nova_replay.cli import main
from nova_replay.record.load import load
from nova_replay.views.text import turn_text

WORKED = SAMPLES / "nova-3p-worked-example.json"


def invoke(*args: str) -> Result:
    return CliRunner().invoke(main, list(args))


def test_replay_whole_game_ends_with_the_score_line() -> None:
    result = invoke("replay", str(WORKED))
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert lines[0] == "The worked example from the Nova rules: Nova, 3 players (Anna, Ben, Carla)"
    assert lines[-1] == "Score 20 of 20: a perfect show at turn 31."
    assert sum(line.startswith("Turn ") for line in lines) == 32  # the deal and 31 turns


def test_replay_strikeout_says_how_it_ended() -> None:
    result = invoke("replay", str(SAMPLES / "nova-3p-strikeout.json"))
    assert result.stdout.splitlines()[-1] == (
        "Score 0 of 20: the third life was lost at turn 6, so the show scores 0.")


@pytest.mark.parametrize("turn", [0, 4, 31])
def test_replay_turn_shows_that_table(turn: int) -> None:
    result = invoke("replay", str(WORKED), "--turn", str(turn))
    assert result.exit_code == 0
    record = load(WORKED)
    assert result.stdout == "\n".join(turn_text(record.timeline, turn, record.log)) + "\n"
    assert result.stdout.startswith(f"Turn {turn}:")


def test_replay_turn_4_is_the_discard_of_the_worked_example() -> None:
    lines = invoke("replay", str(WORKED), "-t", "4").stdout.splitlines()
    assert lines[0] == "Turn 4: Anna discards 3♣ from slot 4; draws 4♥."
    assert "Coins 7/8   Lives 3/3   Draw pile 22" in lines[3]


@pytest.mark.parametrize("turn", ["-1", "32", "1000"])
def test_replay_turn_out_of_range_exits_2(turn: str) -> None:
    result = invoke("replay", str(WORKED), "--turn", turn)
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr == f"{WORKED}: --turn {turn}: expected a turn from 0 to 31\n"


def test_replay_of_a_bad_log_is_one_line_and_exit_1() -> None:
    path = SAMPLES / "invalid" / "hint-to-self.json"
    result = invoke("replay", str(path))
    assert result.exit_code == 1
    assert result.stderr == f"{path}: turn 1: Anna gives a hint to Anna; a hint goes to another player\n"


def test_schema_command_prints_the_committed_schema() -> None:
    result = invoke("schema")
    assert result.exit_code == 0
    assert json.loads(result.stdout) == json.loads(SCHEMA_FILE.read_text("utf-8"))
    assert result.stdout == SCHEMA_FILE.read_text("utf-8")


def test_python_dash_m_help() -> None:
    done = subprocess.run([sys.executable, "-m", "nova_replay", "--help"], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    for command in ("validate", "replay", "schema"):
        assert command in done.stdout


def test_version() -> None:
    result = invoke("--version")
    assert result.exit_code == 0 and result.stdout.startswith("nova-replay, version ")


def test_the_group_help_has_an_example() -> None:
    assert "Example" in invoke("--help").stdout


@pytest.mark.parametrize("name", sorted(main.commands), ids=str)
def test_every_command_has_help_with_an_example(name: str) -> None:
    """Covers commands that other modules add to the group later, too."""
    command = main.commands[name]
    assert command.help, f"{name} has no help text"
    result = invoke(name, "--help")
    assert result.exit_code == 0
    assert "Example" in result.stdout, f"`nova-replay {name} --help` shows no example"
    if isinstance(command, click.Group):
        for sub in command.commands:
            assert "Example" in invoke(name, sub, "--help").stdout, f"{name} {sub}: no example"
