"""The ruleset's identity numbering and the one touch rule, checked against the deck
card by card (an independent reading of the rule: a suit hint names the card's suit
letter, a rank hint its rank, a joker is never touched)."""

from __future__ import annotations

import pytest

from nova_replay.play.simulate import shuffled
from nova_replay.rules.cards import parse_card
from nova_replay.rules.game import Game, Hint
from nova_replay.rules.identities import identity_space
from nova_replay.rules.rulesets import make_ruleset

RULESETS = [
    make_ruleset("nova"),
    make_ruleset("nova", grand_finale=True, jokers=2),
    make_ruleset("nova", jokers=1),
    make_ruleset("hanabi"),
]


@pytest.mark.parametrize("rules", RULESETS, ids=lambda r: r.title)
def test_every_hint_touches_exactly_the_cards_of_its_suit_or_rank(rules) -> None:  # type: ignore[no-untyped-def]
    game = Game(rules, ("A", "B"), shuffled(rules, 7))
    hand = tuple(range(len(game.deck)))
    for s, letter in enumerate(rules.suits):
        expected = tuple(c for c in hand if game.deck[c].suit == letter)
        assert game.touched(Hint(1, suit=s), hand) == expected
    for r in rules.ranks:
        expected = tuple(c for c in hand if game.deck[c].rank == r and not game.deck[c].is_joker)
        assert game.touched(Hint(1, rank=r), hand) == expected
        assert all(game.touches(Hint(1, rank=r), c) == (c in expected) for c in hand)


@pytest.mark.parametrize("rules", RULESETS, ids=lambda r: r.title)
def test_identities_number_each_card_once_with_the_ruleset_copies(rules) -> None:  # type: ignore[no-untyped-def]
    space = identity_space(rules)
    game = Game(rules, ("A", "B"), shuffled(rules, 3))
    for c, card in enumerate(game.deck):
        assert space.card(game.identity_of[c]) == card
        assert space.of(card) == game.identity_of[c]
    counts = [0] * space.count
    for i in game.identity_of:
        counts[i] += 1
    assert tuple(counts) == space.copies
    assert (space.joker >= 0) == (rules.jokers > 0)


@pytest.mark.parametrize("rules", RULESETS, ids=lambda r: r.title)
def test_a_game_reads_each_deck_card_as_the_ruleset_numbers_it(rules) -> None:  # type: ignore[no-untyped-def]
    space = identity_space(rules)
    game = Game(rules, ("A", "B"), shuffled(rules, 11))
    for c, card in enumerate(game.deck):
        assert game.identity_of[c] == space.of(card)
        assert game.rank_of[c] == card.rank
        assert game.suit_of[c] == (-1 if card.is_joker else rules.suits.index(card.suit))


def test_a_game_of_a_wrong_deck_gives_foreign_cards_no_suit_and_no_identity() -> None:
    """Game takes any deck (check_deck says what is wrong with one): a joker where the
    ruleset has none, or a card of another game's suit, is no identity of the ruleset."""
    rules = make_ruleset("nova")
    deck = tuple(parse_card(t) for t in ("3H", "JK", "5R", "AC", "3H"))
    game = Game(rules, ("A", "B"), deck)
    space = identity_space(rules)
    assert game.suit_of == (2, -1, -1, 0, 2)
    assert game.rank_of == (3, 0, 5, 1, 3)
    assert game.identity_of == (space.of(deck[0]), -1, -1, space.of(deck[3]), space.of(deck[0]))
    assert Game(rules, ("A", "B"), ()).identity_of == ()
