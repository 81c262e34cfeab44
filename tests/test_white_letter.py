"""The letter W on input (issue 23): hanab.live players write P for purple and W for White.
Our logs have written hanab.live's purple as W, so W still means purple where the variant
has no White suit; in a variant with a White suit W is White, and purple is written P.
Read by the variant's suits alone: a deck the reading does not make right is refused,
never read the other way. The JSON report writes the game's own letters (purple P
where the text says P, White Wh: issue 32)."""

from __future__ import annotations

import copy
import itertools
from typing import Any

import pytest

from nova_replay.play.bots import parse_bot
from nova_replay.play.simulate import simulate
from nova_replay.record.hanablive import from_hanablive
from nova_replay.record.hanablive_export import to_hanablive
from nova_replay.record.load import load_data
from nova_replay.record.validation import check_data
from nova_replay.review.analysis import analyze
from nova_replay.rules.cards import Card, canonical_text, letter_in_variant, log_text, parse_card
from nova_replay.rules.rulesets import make_ruleset
from nova_replay.views.report import analysis_report


def game(variant: str, seed: int = 2) -> dict[str, Any]:
    return simulate(make_ruleset("hanabi", variant_name=variant), 3,
                    parse_bot("careless:0.4", seed), seed)


def suits_written(data: dict[str, Any]) -> set[str]:
    return {c[1:] for c in data["deck"]}


def with_deck(data: dict[str, Any], rename: dict[str, str]) -> dict[str, Any]:
    """`data` with each deck card's suit text renamed (e.g. {"Wh": "W"})."""
    out = copy.deepcopy(data)
    out["deck"] = [c[0] + rename.get(c[1:], c[1:]) for c in data["deck"]]
    return out


def test_white_written_w_is_white_where_the_variant_has_no_purple() -> None:
    data = game("White (5 Suits)")  # red, yellow, green, blue, White: no purple
    assert suits_written(data) == {"R", "Y", "G", "B", "Wh"}
    as_players_write = with_deck(data, {"Wh": "W"})
    report = check_data(as_players_write)  # W read as purple, this deck was refused
    assert report.valid(), report.problems
    assert report.record is not None
    assert report.record.game.deck == load_data(data).game.deck
    assert report.record.log.deck == data["deck"]  # the log's text of White: 5Wh


def test_beside_a_white_suit_w_is_white_and_p_is_purple() -> None:
    data = game("White (6 Suits)")  # purple and White both
    assert suits_written(data) == {"R", "Y", "G", "B", "P", "Wh"}  # the log writes purple P
    players_letters = with_deck(data, {"Wh": "W"})  # W for White, P for purple
    report = check_data(players_letters)
    assert report.valid(), report.problems
    assert report.record is not None
    assert report.record.game.deck == load_data(data).game.deck
    purple = [i for i, c in enumerate(data["deck"]) if c.endswith("P")]
    assert purple and all(report.record.game.deck[i].suit == "W" for i in purple)


def test_w_for_purple_beside_a_white_suit_is_refused_not_guessed() -> None:
    data = game("White (6 Suits)")
    old_style = with_deck(data, {"P": "W"})  # purple W, White Wh: W now reads as White
    report = check_data(old_style)
    assert not report.valid()
    (problem,) = report.errors()
    assert problem.stage == "deck"
    assert "W is White" in problem.message and "purple is written P" in problem.message
    assert "missing 3x 1W" in problem.message and "extra 3x 1Wh" in problem.message


def test_where_there_is_no_white_suit_w_and_p_are_both_purple() -> None:
    for variant in ("No Variant", "6 Suits", "Rainbow (6 Suits)"):
        data = game(variant)
        assert "P" in suits_written(data) and "W" not in suits_written(data)  # hanab.live's P
        mixed = copy.deepcopy(data)  # and the W our older logs wrote for purple
        mixed["deck"] = [c[:-1] + "W" if c.endswith("P") and i % 2 else c
                         for i, c in enumerate(data["deck"])]
        assert mixed["deck"] != data["deck"]
        report = check_data(mixed)
        assert report.valid(), (variant, report.problems)
        assert report.record is not None
        assert report.record.game.deck == load_data(data).game.deck
        assert report.record.log.deck == with_deck(data, {"P": "W"})["deck"]  # read as our W


def test_a_hint_naming_purple_is_written_p_and_read_back() -> None:
    data = game("No Variant", seed=3)
    suits = {a["suit"] for a in data["actions"] if "suit" in a}
    assert "P" in suits and "W" not in suits
    record = load_data(data)
    old_style = copy.deepcopy(data)
    for a in old_style["actions"]:
        if a.get("suit") == "P":
            a["suit"] = "W"
    assert load_data(old_style).timeline[-1] == record.timeline[-1]


def test_a_white_variant_game_survives_every_round_trip() -> None:
    data = game("White (6 Suits)", seed=5)
    record = load_data(data)
    again = load_data(record.log.model_dump(mode="json", exclude_none=True))  # the solver's way
    assert again.game.deck == record.game.deck
    imported = from_hanablive(to_hanablive(record))  # out to hanab.live and back
    assert load_data(imported).game.deck == record.game.deck


def test_the_json_report_writes_purple_p_and_white_wh_as_the_text_does() -> None:
    # Issue 32: one suit letter for the ruleset everywhere in the JSON: the letter the
    # game's text uses (purple P beside White, Wh for White), never purple W.
    a = analyze(game("White (6 Suits)"))
    turns = analysis_report(a).model_dump()["turns"]
    truths = {card["truth"] for turn in turns for hand in turn["hands"] for card in hand["cards"]}
    suits = {t[1:] for t in truths if t}
    assert {"P", "Wh"} <= suits and "W" not in suits
    read = [t["reading"] for t in turns if t.get("reading") and "could_be" in t["reading"]]
    assert all(c[1:] != "W" for r in read for c in r["could_be"])


def test_a_no_variant_game_read_from_hanab_live_writes_purple_p_in_the_json() -> None:
    data = game("No Variant")
    a = analyze(data)
    assert a.record.game.ruleset.suit_name(4) == "purple"
    report = analysis_report(a).model_dump()
    written = {card["truth"][1:] for turn in report["turns"] for hand in turn["hands"]
               for card in hand["cards"]}
    assert "P" in written and "W" not in written
    hinted = {c[1:] for turn in report["turns"] for hand in turn["hands"]
              for card in hand["cards"] for c in card["hinted"]}
    assert "P" in hinted and "W" not in hinted
    # a plain Hanabi game (not hanab.live's) calls its fifth suit white: W stays
    plain = analyze(simulate(make_ruleset("hanabi"), 3, parse_bot("careless:0.4", 2), 2))
    truths = {card["truth"][1:] for turn in analysis_report(plain).model_dump()["turns"]
              for hand in turn["hands"] for card in hand["cards"]}
    assert "W" in truths and "P" not in truths


@pytest.mark.parametrize("white", [False, True])
def test_the_log_text_of_every_card_reads_back_as_that_card(white: bool) -> None:
    suits = ("R", "Y", "G", "B", "W", "Wh", "T", "Ra", "Bk")
    for rank, suit in itertools.product(range(1, 6), suits):
        card = Card(rank, suit)
        text = log_text(card)
        assert parse_card(text) == card
        assert parse_card(letter_in_variant(canonical_text(text), white)) == card
    assert log_text(Card(5, "W")) == "5P"  # purple in hanab.live's letter, in every game
    assert [letter_in_variant(canonical_text(t), True) for t in ("5w", "w5", "5p", "p5")] \
        == ["5Wh", "5Wh", "5P", "5P"]
    assert [letter_in_variant(canonical_text(t), False) for t in ("5w", "w5", "5p", "p5")] \
        == ["5W", "5W", "5W", "5W"]
