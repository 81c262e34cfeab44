"""The memos of the log schema (record.log._SeenActions, _SeenCards) and of reading
actions (record.actions._read_before): an action object or card text seen before is not
validated or read again, and nothing they skip changes a report. Each test first checks
a log so that its actions are kept, then checks a log that differs in one way the memos
must not hide, and compares with a check by pydantic alone (empty memos)."""

from __future__ import annotations

import copy
import json
from collections.abc import Iterator
from typing import Any

import pytest
from helpers import SAMPLES

from nova_replay.record import actions as actions_module
from nova_replay.record import log as log_module
from nova_replay.record.log import MAX_ACTIONS
from nova_replay.record.reader import parse_log
from nova_replay.record.validation import Report, check_data

HANABI = SAMPLES / "hanabi-2p.json"


@pytest.fixture(autouse=True)
def fresh_memo(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Each test starts with an empty memo of its own (the process's is left alone)."""
    monkeypatch.setattr(log_module, "_SEEN_ACTIONS", log_module._SeenActions(limit=4096))
    monkeypatch.setattr(log_module, "_SEEN_CARDS", log_module._SeenCards(limit=1024))
    actions_module._read_before.cache_clear()
    yield
    actions_module._read_before.cache_clear()


def sample() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(HANABI.read_text("utf-8"))
    return data


def first(kind: str, data: dict[str, Any]) -> int:
    return next(i for i, a in enumerate(data["actions"]) if a["type"] == kind)


def by_pydantic_alone(data: dict[str, Any]) -> Report:
    """The report with an empty memo: every action validated by pydantic."""
    log_module._SEEN_ACTIONS.models.clear()
    log_module._SEEN_CARDS.texts.clear()
    actions_module._read_before.cache_clear()
    return check_data(data)


def test_a_log_checked_again_reuses_its_checked_actions() -> None:
    data = sample()
    once, again, third = (check_data(copy.deepcopy(data)) for _ in range(3))
    assert once.record is not None and again.record is not None and third.record is not None
    assert again.to_json() == third.to_json() == once.to_json()
    assert again.record.log == once.record.log
    assert again.record.timeline.states == once.record.timeline.states
    # The same immutable models: the later checks did not build them again.
    assert all(a is b for a, b in zip(again.record.log.actions, third.record.log.actions,
                                      strict=True))


@pytest.mark.parametrize("value", [True, 1.0, "1", None, [1]], ids=repr)
def test_an_action_equal_to_one_seen_but_of_another_type_is_refused(value: object) -> None:
    data = sample()
    i = next(i for i, a in enumerate(data["actions"]) if a.get("card") == 1)
    assert check_data(data).valid()  # kept: {"type": ..., "card": 1}
    data["actions"][i]["card"] = value  # True == 1 and 1.0 == 1, also as dict keys
    problems = [str(p) for p in check_data(data).problems]
    assert problems and problems[0].startswith(f"$.actions[{i}].card: expected a valid integer")
    assert problems == [str(p) for p in by_pydantic_alone(data).problems]


def test_a_new_bad_action_among_seen_ones_is_said_at_its_path_with_every_other() -> None:
    data = sample()
    assert check_data(data).valid()
    d, h = first("discard", data), first("hint", data)
    data["actions"][d]["extra"] = 1
    data["actions"][h]["rank"] = 7
    problems = [str(p) for p in check_data(data).problems]
    assert sorted(problems) == sorted([
        f"$.actions[{d}].extra: unknown field 'extra'",
        f"$.actions[{h}].rank: Input should be less than or equal to 6, found 7",
    ])
    assert problems == [str(p) for p in by_pydantic_alone(data).problems]


def test_a_rule_broken_by_a_seen_action_is_still_the_engines_to_say() -> None:
    data = sample()
    assert check_data(data).valid()
    d = first("discard", data)
    data["actions"][d]["card"] = 49  # a card seen in other turns, not in this hand
    report = check_data(data)
    assert [p.stage for p in report.problems] == ["rules"]
    assert report.problems == by_pydantic_alone(data).problems


def test_actions_with_a_comment_are_checked_and_not_kept() -> None:
    data = sample()
    for n, a in enumerate(data["actions"]):
        a["comment"] = f"note {n}"
    report = check_data(data)
    assert report.valid() and report.record is not None
    assert [a.comment for a in report.record.log.actions][:2] == ["note 0", "note 1"]
    assert log_module._SEEN_ACTIONS.models == {}
    data["actions"][0]["comment"] = ["not", "text"]  # unhashable: pydantic says what is wrong
    assert [str(p) for p in check_data(data).problems] == [
        "$.actions[0].comment: expected a valid string, found [\"not\", \"text\"]"]


def test_the_memo_keeps_at_most_its_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(log_module, "_SEEN_ACTIONS", log_module._SeenActions(limit=5))
    data = sample()
    assert len({json.dumps(a, sort_keys=True) for a in data["actions"]}) > 5
    assert check_data(data).valid()
    assert len(log_module._SEEN_ACTIONS.models) == 5
    assert check_data(data).valid()  # a full memo still checks every new action
    assert len(log_module._SEEN_ACTIONS.models) == 5


def test_too_many_actions_are_refused_even_when_each_was_seen() -> None:
    data = sample()
    assert check_data(data).valid()
    data["actions"] = data["actions"] * (MAX_ACTIONS // len(data["actions"]) + 1)
    problems = [str(p) for p in check_data(data).problems]
    assert problems[0].startswith("$.actions: List should have at most 1000 items")
    assert parse_log(sample()) is not None


def test_a_log_read_from_json_text_is_the_same_log() -> None:
    data = sample()
    text = json.dumps(data)
    assert log_module.GameLog.model_validate_json(text) == log_module.GameLog.model_validate(data)
    data["actions"][0]["rank"] = 9
    with pytest.raises(ValueError, match=r"actions\.0\..*rank"):
        log_module.GameLog.model_validate_json(json.dumps(data))


class Name(str):
    """Text of a subclass of str: pydantic takes it, marshal does not write it."""


def test_an_action_with_a_value_of_a_str_subclass_is_validated_and_not_kept() -> None:
    data = sample()
    h = first("hint", data)
    data["actions"][h]["to"] = Name(data["actions"][h]["to"])
    report = check_data(data)
    assert report.valid()
    assert len(log_module._SEEN_ACTIONS.models) == len(
        {json.dumps(a) for i, a in enumerate(data["actions"]) if i != h})
    assert check_data(data).to_json() == report.to_json()


def test_a_hint_read_before_for_other_players_is_read_again() -> None:
    data = sample()
    assert check_data(data).valid()  # its hints to Bob are kept and read
    h = first("hint", data)
    to = data["actions"][h]["to"]
    data["players"] = [p if p != to else p + "by" for p in data["players"]]
    problems = [str(p) for p in check_data(data).problems]
    assert problems == [str(p) for p in by_pydantic_alone(data).problems]
    assert problems[0].startswith(f"turn {h + 1}: ") and "who is not a player" in problems[0]


@pytest.mark.parametrize("card", ["7H", 3, None, "other spelling"], ids=repr)
def test_a_deck_of_seen_texts_with_one_other_is_validated_whole(card: object) -> None:
    data = sample()
    assert check_data(data).valid()  # its card texts are kept
    text = data["deck"][5]
    data["deck"][5] = f"{text[1].lower()}{text[0]}" if card == "other spelling" else card
    report = check_data(data)
    assert report.to_json() == by_pydantic_alone(data).to_json()
    if card == "other spelling":  # 'b2' for '2B': read as its canonical text
        assert report.record is not None and report.record.log.deck[5] == text
    else:
        assert [p.where for p in report.problems] == ["$.deck[5]"]


def test_too_many_cards_are_refused_even_when_each_was_seen() -> None:
    data = sample()
    assert check_data(data).valid()
    data["deck"] = data["deck"] * 5
    problems = [str(p) for p in check_data(data).problems]
    assert problems[0].startswith("$.deck: List should have at most 200 items")
