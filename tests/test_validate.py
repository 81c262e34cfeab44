"""`validate`: samples, invalid samples, the schema file, and every kind of bad input."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result
from helpers import INVALID, SAMPLE_FILES, SAMPLES, SCHEMA_FILE
from jsonschema import Draft202012Validator

from nova_replay.cli import main
from nova_replay.record.actions import game_from_log
from nova_replay.record.load import load
from nova_replay.record.log import GameLog, RulesetSpec, json_schema
from nova_replay.record.reader import decode_json
from nova_replay.record.validation import check
from nova_replay.rules.errors import DeckError, IllegalAction, ReadError, SchemaError
from nova_replay.rules.rulesets import RulesetError, make_ruleset

EXPECTED = dict(
    line.split("\t", 1) for line in (INVALID / "expected.tsv").read_text("utf-8").splitlines()
)
WORKED = SAMPLES / "nova-3p-worked-example.json"


def validate(*args: str) -> Result:
    return CliRunner().invoke(main, ["validate", *args])


def sample_data() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(WORKED.read_text("utf-8"))
    return data


def write_json(path: Path, data: object) -> Path:
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return path


# --- samples and the schema --------------------------------------------------------------

@pytest.mark.parametrize("sample", SAMPLE_FILES, ids=lambda p: p.stem)
def test_every_sample_is_valid(sample: Path) -> None:
    report = check(sample)
    assert report.problems == ()
    assert report.valid(strict=True) and report.finished
    result = validate("--strict", str(sample))
    assert result.exit_code == 0, result.output
    assert "ok (" in result.stdout


@pytest.mark.parametrize("sample", SAMPLE_FILES, ids=lambda p: p.stem)
def test_every_sample_validates_against_the_committed_schema(sample: Path) -> None:
    validator = Draft202012Validator(json.loads(SCHEMA_FILE.read_text("utf-8")))
    errors = [e.message for e in validator.iter_errors(json.loads(sample.read_text("utf-8")))]
    assert errors == []


def test_committed_schema_is_current() -> None:
    committed = json.loads(SCHEMA_FILE.read_text("utf-8"))
    assert committed == json_schema(), "the schema is stale: run `python scripts/regenerate.py`"
    text = json.dumps(json_schema(), indent=2, ensure_ascii=False) + "\n"
    assert SCHEMA_FILE.read_text("utf-8") == text, "run `python scripts/regenerate.py`"


def test_schema_is_a_valid_2020_12_schema() -> None:
    schema = json.loads(SCHEMA_FILE.read_text("utf-8"))
    Draft202012Validator.check_schema(schema)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"


@pytest.mark.parametrize(
    "name", sorted(n for n, m in EXPECTED.items() if m.startswith("$")), ids=str
)
def test_schema_errors_are_also_rejected_by_the_json_schema(name: str) -> None:
    """The published schema agrees with the pydantic models on shape errors."""
    validator = Draft202012Validator(json.loads(SCHEMA_FILE.read_text("utf-8")))
    assert list(validator.iter_errors(json.loads((INVALID / name).read_text("utf-8"))))


# --- the invalid samples -------------------------------------------------------------------

def test_every_invalid_sample_has_an_expected_message() -> None:
    files = {p.name for p in INVALID.glob("*.json")}
    assert files == set(EXPECTED)
    assert len(files) >= 20


@pytest.mark.parametrize("name", sorted(EXPECTED), ids=str)
def test_invalid_sample_fails_with_its_message(name: str) -> None:
    path = INVALID / name
    before = path.read_bytes(), os.stat(path).st_mtime_ns
    result = validate(str(path))
    assert result.exit_code == 1
    assert result.stdout.splitlines() == [f"{path}: {EXPECTED[name]}", "1 file: 0 valid, 1 invalid"]
    assert "Traceback" not in result.output
    assert (path.read_bytes(), os.stat(path).st_mtime_ns) == before, "validate changed the file"


# --- bad input built on the spot -------------------------------------------------------------

def _discard_not_in_hand(tmp: Path) -> Path:
    data = sample_data()
    data["actions"] = [{"type": "hint", "to": "Ben", "rank": 1}, {"type": "discard", "card": 0}]
    return write_json(tmp / "discard-not-in-hand.json", data)


def _huge(tmp: Path) -> Path:
    path = tmp / "huge.json"
    data = sample_data()
    data["meta"]["notes"] = ""
    size = len(json.dumps(data, ensure_ascii=False).encode("utf-8"))
    data["meta"]["notes"] = "x" * (50 * 1024 * 1024 - size)
    return write_json(path, data)


def _deep(tmp: Path) -> Path:
    path = tmp / "deep.json"
    text = json.dumps(sample_data())[:-1] + ', "extra": ' + "[" * 100_000 + "]" * 100_000 + "}"
    path.write_text(text, encoding="utf-8")
    return path


def _not_utf8(tmp: Path) -> Path:
    path = tmp / "latin1.json"
    path.write_bytes('{"format": "nova-réplay"}'.encode("latin-1"))
    return path


def _card_out_of_deck(tmp: Path) -> Path:
    data = sample_data()
    data["actions"] = [{"type": "play", "card": 99}]
    return write_json(tmp / "card-99.json", data)


def _hint_unknown_player(tmp: Path) -> Path:
    data = sample_data()
    data["actions"] = [{"type": "hint", "to": "Zoe", "rank": 1}]
    return write_json(tmp / "unknown-player.json", data)


def _hanabi_suit_in_nova(tmp: Path) -> Path:
    data = sample_data()
    data["actions"] = [{"type": "hint", "to": "Ben", "suit": "red"}]
    return write_json(tmp / "red-in-nova.json", data)


def _huge_number(tmp: Path) -> Path:
    path = tmp / "huge-number.json"
    text = json.dumps(sample_data()).replace('"version": 1', '"version": ' + "9" * 5000)
    path.write_text(text, encoding="utf-8")
    return path


BUILT = {
    "discard-not-in-hand": (_discard_not_in_hand, "turn 2: Ben discards card 0 (3♣), which is not in "
                            "Ben's hand (holds 10 (A♠), 7 (3♦), 4 (5♥), 1 (A♣))"),
    "50 MB": (_huge, "file is 52,428,800 bytes, over the 10,485,760-byte limit for a log"),
    "deeply nested": (_deep, "JSON nested more than 100 levels deep"),
    "not UTF-8": (_not_utf8, "not UTF-8 text (byte 18)"),
    "5000-digit number": (_huge_number, "JSON number too long: Exceeds the limit (4300 digits)"),
    "card outside the deck": (_card_out_of_deck, "turn 1: Anna plays card 99, but the deck has "
                              "cards 0 to 35"),
    "hint to a non-player": (_hint_unknown_player, "turn 1: Anna hints 'Zoe', who is not a player"),
    "suit of another game": (_hanabi_suit_in_nova, "turn 1: Anna hints red, but Nova has no such suit"),
}


@pytest.mark.parametrize("kind", sorted(BUILT), ids=str)
def test_bad_input_gets_one_clear_line(kind: str, tmp_path: Path) -> None:
    build, expected = BUILT[kind]
    path = build(tmp_path)
    before = path.read_bytes(), os.stat(path).st_mtime_ns
    result = validate(str(path))
    assert result.exit_code == 1
    lines = result.stdout.splitlines()
    assert len(lines) == 2 and lines[1] == "1 file: 0 valid, 1 invalid"
    assert lines[0].startswith(f"{path}: {expected}")
    assert "Traceback" not in result.output and result.stderr == ""
    assert (path.read_bytes(), os.stat(path).st_mtime_ns) == before


def _row_for_a_non_joker(data: dict[str, Any]) -> None:
    data["actions"] = [{"type": "play", "card": 9, "row": "H"}]  # Anna's A♥, slot 1


def _hint_above_the_top_rank(data: dict[str, Any]) -> None:
    data["actions"] = [{"type": "hint", "to": "Ben", "rank": 6}]  # Nova's ranks end at 5


def _terminated_after_the_end(data: dict[str, Any]) -> None:
    data["termination"] = {"reason": "terminated", "player": "Ben"}  # a perfect show at 31


RULE_BRANCHES = {
    "row for a non-joker": (_row_for_a_non_joker,
                            "turn 1: Anna names a row for A♥, which is not a joker"),
    "hint above the top rank": (_hint_above_the_top_rank,
                                "turn 1: Anna hints 6s, but Nova ranks go up to 5"),
    "terminated after the end": (_terminated_after_the_end,
                                 "turn 31: the log says the game was terminated, but every row "
                                 "was complete at turn 31"),
}


@pytest.mark.parametrize("kind", sorted(RULE_BRANCHES), ids=str)
def test_a_rule_broken_in_the_log_is_its_exact_line(kind: str, tmp_path: Path) -> None:
    change, message = RULE_BRANCHES[kind]
    data = sample_data()
    change(data)
    path = write_json(tmp_path / "game.json", data)
    result = validate(str(path))
    assert result.exit_code == 1
    assert result.stdout.splitlines() == [f"{path}: {message}", "1 file: 0 valid, 1 invalid"]


def test_missing_file(tmp_path: Path) -> None:
    result = validate(str(tmp_path / "nope.json"))
    assert result.exit_code == 1
    assert result.stdout.splitlines()[0] == (
        f"{tmp_path / 'nope.json'}: cannot read file: No such file or directory")


def test_all_schema_errors_are_reported(tmp_path: Path) -> None:
    data = sample_data()
    data["version"] = 3
    data["players"][1] = ""
    data["actions"][2] = {"type": "shout", "to": "Ben"}
    path = write_json(tmp_path / "three.json", data)
    result = validate(str(path))
    assert result.exit_code == 1
    assert result.stdout.splitlines() == [
        f"{path}: $.version: expected 1, found 3",
        f"{path}: $.players[1]: expected a name (printable characters on one line, not only "
        f"spaces), found ''",
        f"{path}: $.actions[2]: expected type 'hint', 'play' or 'discard', found 'shout'",
        "1 file: 0 valid, 1 invalid",
    ]


def test_load_raises_the_first_problem_as_a_value_error() -> None:
    for name, kind in [("not-json.json", ReadError), ("wrong-version.json", SchemaError),
                       ("deck-extra-card.json", DeckError), ("hint-to-self.json", IllegalAction)]:
        with pytest.raises(kind) as info:
            load(INVALID / name)
        assert str(info.value) == f"{INVALID / name}: {EXPECTED[name]}"


# --- unfinished logs, --strict, --json, many files, usage errors -------------------------------

def _unfinished(tmp: Path) -> Path:
    data = sample_data()
    data["actions"] = data["actions"][:5]
    return write_json(tmp / "unfinished.json", data)


def test_unfinished_log_is_valid_with_a_warning(tmp_path: Path) -> None:
    path = _unfinished(tmp_path)
    result = validate(str(path))
    assert result.exit_code == 0
    assert result.stdout.splitlines()[0] == (
        f"{path}: warning: turn 5: the log stops before the game ended (score 2, 21 cards in "
        f"the draw pile, 3 lives left)")
    assert result.stdout.splitlines()[-1] == "1 file: 1 valid, 0 invalid"


def test_strict_makes_an_unfinished_log_invalid(tmp_path: Path) -> None:
    path = _unfinished(tmp_path)
    result = validate("--strict", str(path))
    assert result.exit_code == 1
    assert result.stdout.splitlines() == [
        f"{path}: turn 5: the log stops before the game ended (score 2, 21 cards in the draw "
        f"pile, 3 lives left)",
        "1 file: 0 valid, 1 invalid",
    ]


def test_json_report(tmp_path: Path) -> None:
    files = [str(WORKED), str(INVALID / "hint-to-self.json"), str(_unfinished(tmp_path))]
    result = validate("--json", *files)
    assert result.exit_code == 1
    out = json.loads(result.stdout)
    assert (out["files"], out["valid"], out["invalid"]) == (3, 2, 1)
    good, bad, unfinished = out["reports"]
    assert good["valid"] and good["score"] == 20 and good["ending"] == "perfect"
    assert good["players"] == ["Anna", "Ben", "Carla"] and good["turns"] == 31
    assert not bad["valid"]
    assert bad["problems"] == [{"where": "turn 1", "message": EXPECTED["hint-to-self.json"][8:],
                                "stage": "rules", "error": True}]
    assert unfinished["valid"] and not unfinished["finished"]
    assert unfinished["problems"][0]["stage"] == "unfinished"
    strict = json.loads(validate("--json", "--strict", *files).stdout)
    assert (strict["valid"], strict["invalid"]) == (1, 2)


def test_many_files_end_with_a_summary() -> None:
    files = [str(p) for p in SAMPLE_FILES] + [str(INVALID / n) for n in sorted(EXPECTED)[:3]]
    result = validate(*files)
    assert result.exit_code == 1
    assert result.stdout.splitlines()[-1] == f"{len(files)} files: {len(SAMPLE_FILES)} valid, 3 invalid"
    assert sum("ok (" in line for line in result.stdout.splitlines()) == len(SAMPLE_FILES)


def test_quiet_prints_only_problems_and_the_summary() -> None:
    result = validate("-q", *map(str, SAMPLE_FILES))
    assert result.exit_code == 0
    assert result.stdout.splitlines() == [f"{len(SAMPLE_FILES)} files: {len(SAMPLE_FILES)} valid, 0 invalid"]


def test_a_folder_stands_for_its_json_files() -> None:
    result = validate(str(SAMPLES))
    n = len(SAMPLE_FILES)
    assert result.exit_code == 0
    assert result.stdout.splitlines()[-1] == f"{n} files: {n} valid, 0 invalid"
    bad = validate(str(INVALID))
    assert bad.exit_code == 1
    assert bad.stdout.splitlines()[-1] == f"{len(EXPECTED)} files: 0 valid, {len(EXPECTED)} invalid"


@pytest.mark.parametrize(
    "args", [[], ["--strict"], ["--bogus", str(WORKED)], ["--empty-folder"]], ids=str
)
def test_usage_errors_exit_2(args: list[str], tmp_path: Path) -> None:
    if args == ["--empty-folder"]:
        args = [str(tmp_path)]
    result = validate(*args)
    assert result.exit_code == 2
    assert "Traceback" not in result.output
    assert result.stderr.strip(), "a usage error says what is wrong"


def test_missing_option_value_exits_2() -> None:
    result = CliRunner().invoke(main, ["replay", str(WORKED), "--turn"])
    assert result.exit_code == 2
    assert "requires an argument" in result.stderr


def test_a_lone_surrogate_anywhere_is_one_clear_line(tmp_path: Path) -> None:
    path = tmp_path / "surrogate.json"
    text = json.dumps(sample_data()).replace('"source": ', '"source": "\\ud800", "x": ', 1)
    path.write_text(text, encoding="utf-8")
    result = validate(str(path))
    assert result.exit_code == 1
    assert result.output.splitlines()[0] == (
        f"{path}: $.meta.source: a lone UTF-16 surrogate escape (like \\ud800), which no UTF-8 "
        f"text can hold")


def test_a_player_name_must_be_one_line(tmp_path: Path) -> None:
    data = sample_data()
    data["players"][1] = "Be\nn"
    result = validate(str(write_json(tmp_path / "newline.json", data)))
    assert result.exit_code == 1
    assert "$.players[1]: expected a name (printable characters on one line" in result.output


def test_an_odd_key_is_quoted_in_the_json_path(tmp_path: Path) -> None:
    data = sample_data()
    data["bad\nkey"] = 1
    result = validate(str(write_json(tmp_path / "key.json", data)))
    assert result.exit_code == 1
    assert result.output.splitlines()[0].endswith('$["bad\\nkey"]: unknown field \'bad\\nkey\'')


@pytest.mark.parametrize("missing", [0, 1])
def test_a_wrong_deck_is_said_before_players_the_ruleset_has_no_hand_for(missing: int) -> None:
    """A log built without the schema (six Nova players): its deck is checked first."""
    deck = [str(c) for c in sorted(make_ruleset("nova").cards.elements())][missing:]
    log = GameLog.model_construct(
        format="nova-replay", version=1, ruleset=RulesetSpec(name="nova"),
        players=["A", "B", "C", "D", "E", "F"], deck=deck, actions=[], termination=None,
        meta=None)
    with pytest.raises(DeckError if missing else RulesetError) as err:
        game_from_log(log)
    assert str(err.value) == ("deck: expected the 36 cards of Nova, found 35; missing A♣"
                              if missing else "expected 2 to 5 players, found 6")


@pytest.mark.parametrize(("text", "refused"), [
    ('{"a": ' + "[" * 101 + "]" * 101 + "}", True),
    ('{"a": "' + "[" * 101 + '"}', False),  # brackets in a string are text
    ('{"a": "\\"' + "[" * 101 + '"}', False),  # so are those after an escaped quote
    ('{"a": "\\\\", "b": ' + "[" * 101 + "]" * 101 + "}", True),  # an escaped backslash ends
    ('{"a": "never closed ' + "[" * 101, False),  # inside a string to the end: not JSON
])
def test_nesting_counts_brackets_outside_strings_only(text: str, refused: bool) -> None:
    """The depth limit reads JSON's strings as strings: a log may quote any brackets."""
    try:
        decode_json(text.encode())
        said = ""
    except ReadError as e:
        said = str(e)
    assert ("nested more than 100 levels" in said) == refused
