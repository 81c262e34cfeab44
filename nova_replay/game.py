"""The fixed part of one game (rules, players, deck) and the engine's actions.

`Game.from_log` turns a typed log into these: it checks the deck against the
ruleset and resolves names and suit letters, so the engine works on small ints.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import NamedTuple

from .cards import SUITS, Card, parse_card, rank_text
from .errors import DeckError, turn_error
from .log import DiscardAction, GameLog, HintAction, PlayAction
from .rulesets import Ruleset, make_ruleset


class Hint(NamedTuple):
    """A hint to player `to` naming suit index `suit` (or -1) or rank `rank` (or 0)."""

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


@dataclass(frozen=True)
class Game:
    """Rules, players in turn order, and the deck in draw order."""

    ruleset: Ruleset
    players: tuple[str, ...]
    deck: tuple[Card, ...]
    suit_of: tuple[int, ...] = field(init=False, repr=False)  # -1 for a joker
    rank_of: tuple[int, ...] = field(init=False, repr=False)  # 0 for a joker
    hand_size: int = field(init=False)

    def __post_init__(self) -> None:
        index = {s: i for i, s in enumerate(self.ruleset.suits)}
        object.__setattr__(self, "suit_of", tuple(index.get(c.suit, -1) for c in self.deck))
        object.__setattr__(self, "rank_of", tuple(c.rank for c in self.deck))
        object.__setattr__(self, "hand_size", self.ruleset.hand_size(len(self.players)))

    @property
    def player_count(self) -> int:
        return len(self.players)

    def suit_name(self, suit: int) -> str:
        return SUITS[self.ruleset.suits[suit]].name

    def describe_hint(self, hint: Hint) -> str:
        """'spades' or '3s' (or 'Aces'), as a hint is said aloud."""
        if hint.suit >= 0:
            return self.suit_name(hint.suit)
        text = rank_text(hint.rank, self.ruleset.suits[0])
        return "Aces" if text == "A" else f"{text}s"

    def card_text(self, index: int) -> str:
        return self.deck[index].show()

    @classmethod
    def from_log(cls, log: GameLog) -> Game:
        """The game a log describes; raises DeckError if the deck is not the ruleset's."""
        spec = log.ruleset
        ruleset = make_ruleset(
            spec.name, gentle_show=spec.gentle_show, grand_finale=spec.grand_finale,
            jokers=spec.jokers,
        )
        deck = tuple(parse_card(text) for text in log.deck)
        check_deck(ruleset, deck)
        return cls(ruleset, tuple(log.players), deck)

    def actions_from_log(self, log: GameLog) -> list[Action]:
        """The log's actions as engine actions; raises IllegalAction for an unknown name,
        suit or rank (the turn is the action's 1-based position)."""
        return [self.action_from_log(turn, a) for turn, a in enumerate(log.actions, start=1)]

    def action_from_log(self, turn: int, a: HintAction | PlayAction | DiscardAction) -> Action:
        actor = self.players[(turn - 1) % len(self.players)]
        if isinstance(a, HintAction):
            if a.to not in self.players:
                raise turn_error(
                    turn, f"{actor} hints {a.to!r}, who is not a player "
                    f"(players: {', '.join(self.players)})",
                )
            to = self.players.index(a.to)
            if a.suit is not None:
                return Hint(to, suit=self._suit_index(turn, a.suit, f"{actor} hints"))
            assert a.rank is not None
            if a.rank > self.ruleset.max_rank:
                raise turn_error(
                    turn, f"{actor} hints {a.rank}s, but {self.ruleset.name} ranks go up to "
                    f"{self.ruleset.max_rank}",
                )
            return Hint(to, rank=a.rank)
        if isinstance(a, PlayAction):
            row = -1 if a.row is None else self._suit_index(turn, a.row, f"{actor} plays onto")
            return Play(a.card, row)
        return Discard(a.card)

    def _suit_index(self, turn: int, letter: str, doing: str) -> int:
        if letter not in self.ruleset.suits:
            names = ", ".join(SUITS[s].name for s in self.ruleset.suits)
            raise turn_error(
                turn, f"{doing} {SUITS[letter].name}, but {self.ruleset.name} has no such "
                f"suit (its suits: {names})",
            )
        return self.ruleset.suits.index(letter)


def _count_text(counts: Counter[Card]) -> str:
    return ", ".join(
        f"{n}x {c.show()}" if n > 1 else c.show() for c, n in sorted(counts.items())
    )


def check_deck(ruleset: Ruleset, deck: tuple[Card, ...]) -> None:
    """Raise DeckError naming what is missing or extra, unless `deck` is exactly the
    ruleset's cards."""
    expected = ruleset.cards
    found = Counter(deck)
    if found == expected:
        return
    missing = expected - found
    extra = found - expected
    parts = [f"expected the {ruleset.deck_size} cards of {ruleset.title}, found {len(deck)}"]
    if missing:
        parts.append(f"missing {_count_text(missing)}")
    if extra:
        parts.append(f"extra {_count_text(extra)}")
    raise DeckError("deck", "; ".join(parts))
