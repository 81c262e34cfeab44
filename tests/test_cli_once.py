"""The CLI reads and replays a log once per command: the part shown and the illegal
turn it ends with come from the same load (they were two loads of the same file)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from click.testing import CliRunner
from helpers import SAMPLES

import nova_replay.record.load as loader
from nova_replay.cli import main

GOOD = SAMPLES / "nova-3p-worked-example.json"
ILLEGAL = SAMPLES / "invalid" / "hint-no-coins.json"  # turn 9: a hint with 0 coins left


@pytest.fixture
def counted(monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    """Counts the file reads and the replays of the loader (the CLI's one way in)."""
    calls: Counter[str] = Counter()
    read, replay = loader.read_json, loader.replay

    def read_json(*args, **kwargs):  # type: ignore[no-untyped-def]
        calls["read"] += 1
        return read(*args, **kwargs)

    def counted_replay(*args, **kwargs):  # type: ignore[no-untyped-def]
        calls["replay"] += 1
        return replay(*args, **kwargs)

    monkeypatch.setattr(loader, "read_json", read_json)
    monkeypatch.setattr(loader, "replay", counted_replay)
    return calls


@pytest.mark.parametrize(("command", "log"), [
    (["replay"], GOOD), (["replay", "--knowledge"], GOOD), (["analyze"], GOOD),
    (["analyze", "--json"], GOOD), (["export-hanablive"], SAMPLES / "hanabi-2p.json")])
def test_a_good_log_is_read_and_replayed_once(command: list[str], log: Path,
                                             counted: Counter[str]) -> None:
    result = CliRunner().invoke(main, [*command, str(log)])
    assert result.exit_code == 0, result.stderr
    assert counted == {"read": 1, "replay": 1}


@pytest.mark.parametrize("command", [["replay"], ["analyze"]])
def test_an_illegal_log_is_read_once_and_its_problem_said_once(command: list[str],
                                                              counted: Counter[str]) -> None:
    result = CliRunner().invoke(main, [*command, str(ILLEGAL)])
    assert result.exit_code == 1
    assert result.stderr == f"{ILLEGAL}: turn 9: Carla gives a hint with 0 coins left\n"
    assert result.stdout.rstrip().endswith("(the log is shown up to turn 8)")
    # One read; the replay that met the illegal turn, then the legal part's.
    assert counted == {"read": 1, "replay": 2}
