"""Rulesets as data: hand sizes, deck sizes, perfect scores, invalid combinations."""

from __future__ import annotations

import pytest

from nova_replay.rules.cards import JOKER, Card
from nova_replay.rules.rulesets import RulesetError, make_ruleset


@pytest.mark.parametrize(
    ("name", "sizes"), [("nova", (5, 4, 3, 3)), ("hanabi", (5, 5, 4, 4))]
)
def test_hand_sizes(name: str, sizes: tuple[int, ...]) -> None:
    rules = make_ruleset(name)
    assert tuple(rules.hand_size(n) for n in (2, 3, 4, 5)) == sizes


@pytest.mark.parametrize("players", [1, 6])
def test_hand_size_rejects_player_counts(players: int) -> None:
    with pytest.raises(RulesetError) as err:
        make_ruleset("nova").hand_size(players)
    assert str(err.value) == f"expected 2 to 5 players, found {players}"


def test_hanabi_takes_six_players_with_three_cards_as_hanablive() -> None:
    rules = make_ruleset("hanabi")
    assert rules.hand_size(6) == 3
    with pytest.raises(RulesetError, match=r"^expected 2 to 6 players, found 7$"):
        rules.hand_size(7)


@pytest.mark.parametrize(
    ("options", "deck", "perfect", "max_rank"),
    [
        ({}, 36, 20, 5),
        ({"grand_finale": True}, 44, 24, 6),
        ({"jokers": 1}, 37, 20, 5),
        ({"jokers": 2}, 38, 20, 5),
        ({"gentle_show": True}, 36, 20, 5),
        ({"grand_finale": True, "jokers": 2, "gentle_show": True}, 46, 24, 6),
    ],
)
def test_nova_decks(options: dict[str, object], deck: int, perfect: int, max_rank: int) -> None:
    rules = make_ruleset("nova", **options)  # type: ignore[arg-type]
    assert rules.deck_size == deck == sum(rules.cards.values())
    assert rules.perfect_score == perfect
    assert rules.max_rank == max_rank
    assert rules.suits == ("C", "D", "H", "S")
    assert rules.cards[JOKER] == options.get("jokers", 0)


def test_nova_copies() -> None:
    rules = make_ruleset("nova")
    assert [rules.cards[Card(r, "H")] for r in range(1, 6)] == [2, 2, 2, 2, 1]
    finale = make_ruleset("nova", grand_finale=True)
    assert [finale.cards[Card(r, "S")] for r in range(1, 7)] == [2, 2, 2, 2, 2, 1]


def test_hanabi() -> None:
    rules = make_ruleset("hanabi")
    assert rules.deck_size == 50 == sum(rules.cards.values())
    assert rules.perfect_score == 25
    assert rules.suits == ("R", "Y", "G", "B", "W")
    assert [rules.cards[Card(r, "B")] for r in range(1, 6)] == [3, 2, 2, 2, 1]


@pytest.mark.parametrize(
    ("name", "options", "message"),
    [
        ("hanabi", {"gentle_show": True},
         "option gentle_show is a Nova variant; hanabi takes no options"),
        ("hanabi", {"grand_finale": True},
         "option grand_finale is a Nova variant; hanabi takes no options"),
        ("hanabi", {"jokers": 1}, "option jokers is a Nova variant; hanabi takes no options"),
        ("nova", {"jokers": 3}, "wild jokers: expected 0, 1 or 2 jokers, found 3"),
        ("nova", {"jokers": -1}, "wild jokers: expected 0, 1 or 2 jokers, found -1"),
        ("chess", {}, "unknown ruleset 'chess'; expected one of nova, hanabi"),
    ],
)
def test_invalid_combinations(name: str, options: dict[str, object], message: str) -> None:
    with pytest.raises(RulesetError) as err:
        make_ruleset(name, **options)  # type: ignore[arg-type]
    assert str(err.value) == message


def test_titles() -> None:
    assert make_ruleset("nova").title == "Nova"
    assert make_ruleset("nova", grand_finale=True, jokers=1, gentle_show=True).title == (
        "Nova (grand finale, 1 joker, gentle show)")
    assert make_ruleset("nova", jokers=2).title == "Nova (2 jokers)"
    assert make_ruleset("hanabi").title == "Hanabi"
