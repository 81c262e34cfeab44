"""Issue 34: no command prints a traceback, whatever its input. A sample of the fuzzer of
every command (tests/fuzz_commands.py; benchmarks/fuzz_all.py runs 100,000), and the
cases it found."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner
from fuzz_commands import Fuzz, Plan, mutants, prepared, restore, variant_names
from fuzzing import seed_files
from helpers import SAMPLES, SHARED

from nova_replay.cli import main
from nova_replay.record import validation

SAMPLE = 400  # mutants: a fixed budget, counted in mutants


@pytest.fixture
def fuzz_env(tmp_path: Path) -> Iterator[Path]:
    site, work, before = prepared()
    try:
        yield work
    finally:
        restore(before)
        site.close()


def test_a_sample_of_the_command_fuzzer_gives_no_traceback(fuzz_env: Path) -> None:
    plan = Plan(seed_files(SHARED), fuzz_env, random.Random(34))
    fuzz = Fuzz(hang_seconds=120)
    for mutant in mutants(plan, SAMPLE):
        fuzz.run(mutant)
    assert fuzz.mutants == SAMPLE
    assert dict(fuzz.failures) == {}, {k: fuzz.examples[k].args for k in fuzz.failures}
    # Every kind of mutant ran, and they reach past the usage checks: some commands
    # succeed, some refuse their input (1), some their options (2).
    assert set(fuzz.by_kind) >= {"variant", "file", "options", "id", "fetch", "batch", "puzzle"}
    assert fuzz.exits[0] and fuzz.exits[1] and fuzz.exits[2]


def test_the_variant_names_are_hanablives_table() -> None:
    names = variant_names()
    assert len(names) == len(set(names)) == 2426
    shared = SHARED / "hanablive" / "variants" / "variants.json"
    if shared.is_file():
        assert set(names) == {v["name"] for v in json.loads(shared.read_text("utf-8"))}


def test_the_plan_draws_every_variant_before_any_twice(fuzz_env: Path) -> None:
    plan = Plan([SAMPLES / "hanabi-2p.json"], fuzz_env, random.Random(1))
    drawn = [plan.variant() for _ in range(len(plan.variants))]
    assert sorted(drawn) == sorted(variant_names())


def test_the_last_line_guard_is_one_line_and_lets_through_with_nova_debug(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A bug left in a command (here a forced one) is one line, not a traceback; the
    fuzzer sets NOVA_DEBUG to see it raised."""
    def broken(*_: object, **__: object) -> None:
        raise RuntimeError("forced")
    monkeypatch.setattr(validation, "check_data", broken)
    monkeypatch.delenv("NOVA_DEBUG", raising=False)
    result = CliRunner().invoke(main, ["validate", str(SAMPLES / "nova-2p.json")])
    assert result.exit_code == 1 and "Traceback" not in result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("nova-replay: internal error (RuntimeError: "
                                                    "forced)"), lines
    monkeypatch.setenv("NOVA_DEBUG", "1")
    raised = CliRunner().invoke(main, ["validate", str(SAMPLES / "nova-2p.json")])
    assert isinstance(raised.exception, RuntimeError)


@pytest.mark.parametrize("args", [["export-hanablive", "a\x00b"], ["validate", "\x00"],
                                  ["replay", "x\x00.json"], ["puzzles", "--play", "\x00"],
                                  ["batch", "g", "-o", "t\x00.csv"]])
def test_a_nul_byte_in_a_file_name_is_a_usage_error(args: list[str]) -> None:
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 2, result.exception
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert "NUL byte" in result.output


def test_a_deck_text_naming_no_card_is_one_line_at_its_index(tmp_path: Path) -> None:
    data = json.loads((SAMPLES / "hanabi-2p.json").read_text("utf-8"))
    data["deck"][3] = "5DRYGBW"  # a Dual-Color card in hanab.live's letters: no card of ours
    path = tmp_path / "g.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    for command in (["validate"], ["replay"], ["analyze", "--json"], ["export-hanablive"]):
        result = CliRunner().invoke(main, [*command, str(path)])
        assert result.exit_code == 1 and not isinstance(result.exception, ValueError), command
        assert "$.deck[3]: expected a card such as" in result.output, result.output


def test_a_puzzle_whose_cards_are_not_of_its_game_is_refused_when_read(tmp_path: Path) -> None:
    source = sorted((SAMPLES / "puzzles").glob("*.json"))[0]
    data = json.loads(source.read_text("utf-8"))
    data["position"]["discards"] = ["1Ra"]  # a card, but not of a Hanabi deck
    path = tmp_path / "p.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    result = CliRunner().invoke(main, ["puzzles", "--play", str(path)], input="1\n")
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert "not a nova-replay puzzle" in result.output and "1Ra is not of the" in result.output


@pytest.mark.parametrize("value", ["nan", "inf", "-inf"])
def test_seconds_that_are_no_number_are_usage_errors(value: str, tmp_path: Path) -> None:
    game = str(SAMPLES / "nova-2p.json")
    for args in (["analyze", game, "--budget", value], ["decks", game, "--budget", value],
                 ["batch", game, "-o", str(tmp_path / "t.csv"), "--budget", value],
                 ["fetch", "1", "--timeout", value]):
        result = CliRunner().invoke(main, args)
        assert result.exit_code == 2, (args, result.exception)
        assert ("expected a number of seconds" in result.output
                or "is not in the range" in result.output), args  # fetch: inf over 600
