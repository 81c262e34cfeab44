"""Card and suit notation: every accepted spelling, the rejects, and round trips."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nova_replay.rules.cards import CARD_PATTERN, JOKER, SUIT_PATTERN, Card, parse_card, parse_suit


@pytest.mark.parametrize(
    ("text", "card"),
    [
        ("3H", Card(3, "H")), ("3h", Card(3, "H")), ("3♥", Card(3, "H")), ("3♡", Card(3, "H")),
        ("AH", Card(1, "H")), ("ah", Card(1, "H")), ("1H", Card(1, "H")), ("A♠", Card(1, "S")),
        ("2♣", Card(2, "C")), ("4♦", Card(4, "D")), ("5♤", Card(5, "S")), ("6C", Card(6, "C")),
        ("5r", Card(5, "R")), ("r5", Card(5, "R")), ("B1", Card(1, "B")), ("3y", Card(3, "Y")),
        ("2G", Card(2, "G")), ("4w", Card(4, "W")), ("p4", Card(4, "W")), ("4P", Card(4, "W")),
        ("H3", Card(3, "H")), (" 3H ", Card(3, "H")),
        ("JK", JOKER), ("jk", JOKER), ("J", JOKER), ("joker", JOKER), ("Joker", JOKER),
        ("JOKER", JOKER), ("🃏", JOKER),
    ],
)
def test_parse_card_accepts(text: str, card: Card) -> None:
    assert parse_card(text) == card


@pytest.mark.parametrize("text", ["7H", "0H", "XX", "", " ", "3", "H", "3X", "33H", "10H", "AJ", "3 H"])
def test_parse_card_rejects(text: str) -> None:
    with pytest.raises(ValueError, match="expected a card such as 3H"):
        parse_card(text)


@pytest.mark.parametrize("value", [3, None, 3.0, ["3H"]])
def test_parse_card_rejects_non_text(value: object) -> None:
    with pytest.raises(ValueError, match="expected a card"):
        parse_card(value)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "text", ["3H", "3♥", "ah", "5r", "r5", "JK", "joker", "🃏", "6s", "p1", "A♦", "2♧"]
)
def test_round_trip(text: str) -> None:
    card = parse_card(text)
    assert parse_card(str(card)) == card
    assert str(parse_card(str(card))) == str(card)
    assert parse_card(card.show()) == card


@pytest.mark.parametrize(
    ("card", "text", "shown"),
    [(Card(1, "H"), "AH", "A♥"), (Card(3, "D"), "3D", "3♦"), (Card(1, "R"), "1R", "1R"),
     (Card(5, "W"), "5W", "5W"), (JOKER, "JK", "JK")],
)
def test_canonical_and_shown_text(card: Card, text: str, shown: str) -> None:
    assert str(card) == text
    assert card.show() == shown


@pytest.mark.parametrize(
    ("text", "letter"),
    [("H", "H"), ("h", "H"), ("♥", "H"), ("♡", "H"), ("hearts", "H"), ("Hearts", "H"),
     ("heart", "H"), ("clubs", "C"), ("club", "C"), ("♣", "C"), ("diamonds", "D"), ("♦", "D"),
     ("spades", "S"), ("♠", "S"), ("red", "R"), ("yellow", "Y"), ("green", "G"), ("blue", "B"),
     ("white", "W"), ("purple", "W"), ("p", "W"), (" S ", "S")],
)
def test_parse_suit_accepts(text: str, letter: str) -> None:
    assert parse_suit(text) == letter


@pytest.mark.parametrize("text", ["", "X", "3", "orange", "♥♥", "stars", "HEARTS"])
def test_parse_suit_rejects(text: str) -> None:
    with pytest.raises(ValueError, match="expected a suit"):
        parse_suit(text)


def test_cards_sort_by_rank_first_and_only_the_joker_is_one() -> None:
    assert sorted([Card(3, "H"), Card(1, "S"), Card(2, "C")]) == [Card(1, "S"), Card(2, "C"), Card(3, "H")]
    assert JOKER.is_joker and not Card(1, "H").is_joker


SPELLING_BITS = st.sampled_from(
    list("AaJjKk1234567CDHSRYGBWPcdhsrygbwpXx♣♦♥♠♧♢♡♤ ") + ["🃏", "oker", "OKER", "earts", "lub",
                                                          "s", "ed", "urple", "EARTS"]
)


@settings(max_examples=300)
@given(st.lists(SPELLING_BITS, max_size=4).map("".join))
def test_parsers_accept_exactly_what_the_published_patterns_accept(text: str) -> None:
    """A log the JSON Schema accepts is read the same way by nova-replay, and vice versa."""
    for parse, pattern in ((parse_card, CARD_PATTERN), (parse_suit, SUIT_PATTERN)):
        matches = re.fullmatch(pattern, text) is not None
        try:
            parse(text)
            accepted = True
        except ValueError:
            accepted = False
        assert accepted == matches, (parse.__name__, text)
