"""The fixed part of one game (rules, players, deck) and the engine's actions.

The engine works on small ints: deck indices, suit indices and ranks.
`record.actions` turns a typed log into these (and back).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import NamedTuple

from .cards import Card, rank_text
from .errors import DeckError
from .identities import IdentitySpace, identity_space
from .rulesets import Ruleset


class Hint(NamedTuple):
    """A hint to player `to` naming colour index `suit` (or -1) or rank `rank` (or 0).
    Without a variant the colours are the suits; in a hanab.live variant they are its
    clue colours (Rainbow is a suit, not a colour)."""

    to: int
    suit: int = -1
    rank: int = 0


class Play(NamedTuple):
    """Play deck card `card`; `row` is the suit index a joker goes to (else -1)."""

    card: int
    row: int = -1


class Discard(NamedTuple):
    """Discard deck card `card`."""

    card: int


Action = Hint | Play | Discard


class TurnFacts(NamedTuple):
    """The numbers of one game that the engine reads at every turn, gathered once."""

    players: int
    deck_size: int
    suit_of: tuple[int, ...]
    rank_of: tuple[int, ...]
    identity_of: tuple[int, ...]
    clue_mask: Callable[[int, int], int]  # IdentitySpace.clue_mask: the identities a hint touches
    max_rank: int
    coins: int  # the most coins there can be
    colours: int  # colour hints there are
    perfect: int  # the perfect score
    early_end: bool
    gentle_show: bool
    hint_cost: int  # coins a hint costs (2 in Clue Starved, whose coins are half clues)
    row_coin: bool  # a completed row returns a coin (not in Throw It in a Hole)


@dataclass(frozen=True)
class Game:
    """Rules, players in turn order, and the deck in draw order."""

    ruleset: Ruleset
    players: tuple[str, ...]
    deck: tuple[Card, ...]
    suit_of: tuple[int, ...] = field(init=False, repr=False)  # -1 for a joker
    rank_of: tuple[int, ...] = field(init=False, repr=False)  # 0 for a joker
    identity_of: tuple[int, ...] = field(init=False, repr=False)  # deck index -> identity
    space: IdentitySpace = field(init=False, repr=False, compare=False)
    hand_size: int = field(init=False)
    player_count: int = field(init=False, repr=False, compare=False)  # the engine asks each turn
    deck_size: int = field(init=False, repr=False, compare=False)
    turn_facts: TurnFacts = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        rules, space = self.ruleset, identity_space(self.ruleset)
        suit_of, rank_of, identity_of = space.deck_facts(self.deck)
        players, deck_size = len(self.players), len(self.deck)
        vars(self).update(  # a frozen dataclass sets its derived fields once, here
            suit_of=suit_of, rank_of=rank_of, identity_of=identity_of, space=space,
            hand_size=rules.hand_size(players), player_count=players, deck_size=deck_size,
            turn_facts=TurnFacts(players, deck_size, suit_of, rank_of, identity_of,
                                 space.clue_mask, rules.max_rank, rules.coins,
                                 rules.colour_count, rules.perfect_score, rules.early_end,
                                 rules.gentle_show, rules.hint_cost, rules.row_coin))

    def touches(self, hint: Hint, card: int) -> bool:
        """Whether `hint` touches deck card `card` (the rule: `identities.touches`)."""
        return (self.space.clue_mask(hint.suit, hint.rank) >> self.identity_of[card]) & 1 == 1

    def touched(self, hint: Hint, hand: tuple[int, ...]) -> tuple[int, ...]:
        """The cards of `hand` that `hint` touches, in slot order."""
        mask = self.space.clue_mask(hint.suit, hint.rank)
        of = self.identity_of
        return tuple([c for c in hand if (mask >> of[c]) & 1])

    def suit_name(self, suit: int) -> str:
        return self.ruleset.suit_name(suit)

    def colour_name(self, colour: int) -> str:
        """The name of colour hint `colour` (the suit's name without a variant)."""
        return self.ruleset.colour_name(colour)

    def describe_hint(self, hint: Hint) -> str:
        """'spades' or '3s' (or 'Aces'), as a hint is said aloud."""
        if hint.suit >= 0:
            return self.colour_name(hint.suit)
        if self.ruleset.modifiers.odds_and_evens:  # hanab.live says "Odd" and "Even"
            return "odds" if hint.rank == 1 else "evens"
        text = rank_text(hint.rank, self.ruleset.suits[0])
        return "Aces" if text == "A" else f"{text}s"

    def card_text(self, index: int) -> str:
        """The card at deck `index` as players write it (`Ruleset.card_text`)."""
        return self.ruleset.card_text(self.deck[index])

    def check_deck(self) -> None:
        """Raise DeckError naming what is missing or extra, unless the deck is exactly the
        ruleset's cards: compared as sorted identities (ints sort and compare in C; a card
        of no identity is -1, which no ruleset's deck has), and said by `check_deck`."""
        if sorted(self.identity_of) != _deck_identities(self.ruleset):
            check_deck(self.ruleset, self.deck)


def _count_text(counts: Counter[Card]) -> str:
    return ", ".join(
        f"{n}x {c.show()}" if n > 1 else c.show() for c, n in sorted(counts.items())
    )


@lru_cache(maxsize=64)
def _deck_identities(ruleset: Ruleset) -> list[int]:
    """The identities of the ruleset's deck, sorted."""
    space = identity_space(ruleset)
    return sorted(space.index[card] for card in ruleset.cards.elements())


def check_deck(ruleset: Ruleset, deck: tuple[Card, ...]) -> None:
    """Raise DeckError naming what is missing or extra, unless `deck` is exactly the
    ruleset's cards."""
    expected = ruleset.cards
    found = Counter(deck)
    if dict.__eq__(found, expected):  # neither has a zero count; Counter's == is a Python loop
        return
    missing = expected - found
    extra = found - expected
    parts = [f"expected the {ruleset.deck_size} cards of {ruleset.title}, found {len(deck)}"]
    if missing:
        parts.append(f"missing {_count_text(missing)}")
    if extra:
        parts.append(f"extra {_count_text(extra)}")
    raise DeckError("deck", "; ".join(parts))
