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


# The table after turns 0 and 4 of the rules' worked example, written out from the rules
# text: the deal (slot 1 = newest, on the left), then Anna's discard of her rightmost card.
TURN_TEXT = {
    0: """\
Turn 0: the deal (4 cards each).
  Rows      ♣ .  ♦ .  ♥ .  ♠ .   (score 0 of 20)
  Coins 8/8   Lives 3/3   Draw pile 24
  Discards  ♣ -  ♦ -  ♥ -  ♠ -
  Hands (slot 1 = newest, on the left):
    Anna    A♥  2♦  5♦  3♣  <- to play
    Ben     A♠  3♦  5♥  A♣
    Carla   2♣  4♦  A♠  2♥
""",
    4: """\
Turn 4: Anna discards 3♣ from slot 4; draws 4♥.
  Comment: Rightmost, unhinted: the 3♣. A second 3♣ is still out there.
  Rows      ♣ .  ♦ .  ♥ .  ♠ A   (score 1 of 20)
  Coins 7/8   Lives 3/3   Draw pile 22
  Discards  ♣ 3  ♦ -  ♥ -  ♠ -
  Hands (slot 1 = newest, on the left):
    Anna    4♥  A♥  2♦  5♦
    Ben     5♣  3♦  5♥  A♣  <- to play
    Carla   2♣  4♦  A♠  2♥
  Reading (h-group:5): Anna discards 3♣ from the chop (slot 4)
""",
}


@pytest.mark.parametrize("turn", sorted(TURN_TEXT))
def test_replay_turn_shows_that_table(turn: int) -> None:
    for flag in ("--turn", "-t"):
        result = invoke("replay", str(WORKED), flag, str(turn))
        assert result.exit_code == 0
        assert result.stdout == TURN_TEXT[turn]


def test_replay_turn_after_a_perfect_show_says_no_turns_are_left() -> None:
    lines = invoke("replay", str(WORKED), "--turn", "31").stdout.splitlines()
    assert lines[0].startswith("Turn 31: Anna plays 5♠ from slot 3: the spades row is now at 5")
    assert "  Rows      ♣ 5  ♦ 5  ♥ 5  ♠ 5   (score 20 of 20)" in lines
    assert not [line for line in lines if "turns left" in line or "one more turn" in line]


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


def test_replay_and_analyze_show_a_log_up_to_its_illegal_turn() -> None:
    path = SAMPLES / "invalid" / "hint-no-coins.json"  # turn 9: a hint with 0 coins left
    problem = f"{path}: turn 9: Carla gives a hint with 0 coins left\n"
    shown = invoke("replay", str(path))
    assert shown.exit_code == 1 and shown.stderr == problem
    turns = [line for line in shown.stdout.splitlines() if line.startswith("Turn ")]
    assert [t.split(":")[0] for t in turns] == [f"Turn {t}" for t in range(9)] + ["Turn 9"]
    assert turns[-1] == ("Turn 9: illegal: Carla gives a hint with 0 coins left (the log is "
                         "shown up to turn 8)")
    reviewed = invoke("analyze", str(path))
    assert reviewed.exit_code == 1 and reviewed.stderr == problem
    assert "Turn   8 ?   Ben hints 2s to Carla" in reviewed.stdout
    assert "\n          mistake: Ben hinted 2s to Carla" in reviewed.stdout
    assert reviewed.stdout.rstrip().endswith("(the log is shown up to turn 8)")
    assert invoke("analyze", "--json", str(path)).exit_code == 1  # no partial JSON report
    assert invoke("replay", "--turn", "9", str(path)).exit_code == 2  # turns 0..8 only


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
