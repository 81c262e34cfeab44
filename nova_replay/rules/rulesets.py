"""Rulesets as data: suits, ranks, copies, hand sizes, coins, lives and variant flags.

The engine reads these numbers and never branches on a ruleset's name, so a
variant is a change of data (see docs/definitions.md, "ruleset").
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, fields
from functools import cached_property, lru_cache

from .cards import JOKER, SUITS, WHITE, Card, log_text, rank_text
from .variants import (
    NO_MODIFIERS,
    NO_VARIANT,
    Modifiers,
    SpecialRank,
    SuitKind,
    VariantError,
    suit_copies,
    variant,
)

RULESET_NAMES = ("nova", "hanabi")
MIN_PLAYERS, MAX_PLAYERS = 2, 6  # Nova: 2 to 5 (its rules); Hanabi: 6 too (hanab.live)


class RulesetError(ValueError):
    """A ruleset name or option that does not exist or does not combine."""


@dataclass(frozen=True)
class Ruleset:
    """Everything the engine needs to know about one game's rules."""

    name: str
    suits: tuple[str, ...]
    copies: tuple[int, ...]  # copies[r - 1] = copies of rank r in each suit
    hand_sizes: tuple[int, ...]  # for 2, 3, 4, 5 (and for Hanabi 6) players
    jokers: int = 0
    gentle_show: bool = False
    grand_finale: bool = False
    coins: int = 8
    lives: int = 3
    early_end: bool = False  # hanab.live: the game ends once no point can still be scored
    # A hanab.live variant (Hanabi only): its name, its suits' properties (parallel to
    # `suits`), the clue colours and clue ranks that exist, and its special rank. A game
    # of hanab.live's "No Variant" has the name only: its rules are plain Hanabi's, its
    # words hanab.live's (the fifth suit is purple).
    variant: str = ""
    kinds: tuple[SuitKind, ...] = ()
    clue_colours: tuple[str, ...] = ()
    clue_ranks: tuple[int, ...] = ()
    special: SpecialRank | None = None
    modifiers: Modifiers = NO_MODIFIERS  # the variant's rules beyond its suits
    # hanab.live's options that change the rules (Hanabi only): "Empty Clues" (a clue may
    # touch no card) and "One Extra Card" / "One Less Card" (hand size +1 / -1).
    empty_clues: bool = False
    hand_change: int = 0

    def __hash__(self) -> int:
        """Worked out once: every per-ruleset cache asks for it at every game (the
        dataclass's own would hash all sixteen fields each time)."""
        return self._hash

    @cached_property
    def _hash(self) -> int:
        return hash(tuple(getattr(self, f.name) for f in fields(self)))

    def top_rank(self, suit: int, height: int) -> int:
        """The rank of the top card of row `suit` at `height` (cards played): the height,
        or in a reversed suit (built from 5 down) max rank + 1 - height. The engine and
        the review count a row by its height (a card's place in its row, `IdentitySpace`);
        the views show this. The one home of a row's direction."""
        if height and self.kinds and self.kinds[suit].reversed:
            return self.max_rank + 1 - height
        return height

    @property
    def hint_cost(self) -> int:
        """The coins a hint costs: 1, or 2 in Clue Starved, where hanab.live counts its
        tokens in halves (16 at the start; a discard or a completed row gives one, half a
        clue; its server's GetAdjustedClueTokens). The one home of that count."""
        return 2 if self.modifiers.clue_starved else 1

    @property
    def row_coin(self) -> bool:
        """Whether completing a row returns a coin: not in Throw It in a Hole, where plays
        are hidden and the coin would tell (its server's ShouldGiveClueTokenForPlaying5)."""
        return not self.modifiers.throw_it_in_a_hole

    @cached_property  # the engine asks at every hint
    def colour_count(self) -> int:
        """How many colour hints exist: one per suit, or a variant's clue colours."""
        return len(self.clue_colours) if self.kinds else len(self.suits)

    def colour_name(self, index: int) -> str:
        """The name of colour hint `index` (a suit's name without a variant)."""
        return self.clue_colours[index].lower() if self.kinds else self.suit_name(index)

    def suit_copies(self, index: int) -> tuple[int, ...]:
        """Copies of each rank of suit `index` (a dark suit has one of each; the
        variant's modifiers may change it: `variants.suit_copies`)."""
        return suit_copies(self.kinds[index], self.modifiers) if self.kinds else self.copies

    @cached_property  # the engine asks at every turn
    def max_rank(self) -> int:
        return len(self.copies)

    @cached_property
    def perfect_score(self) -> int:
        return len(self.suits) * self.max_rank

    @property
    def ranks(self) -> range:
        return range(1, self.max_rank + 1)

    @property
    def max_players(self) -> int:
        return MIN_PLAYERS + len(self.hand_sizes) - 1

    def hand_size(self, players: int) -> int:
        if not MIN_PLAYERS <= players <= self.max_players:
            raise RulesetError(f"expected 2 to {self.max_players} players, found {players}")
        return self.hand_sizes[players - MIN_PLAYERS] + self.hand_change

    @cached_property
    def cards(self) -> Counter[Card]:
        """The full deck as a multiset."""
        deck: Counter[Card] = Counter()
        for i, suit in enumerate(self.suits):
            for rank, n in enumerate(self.suit_copies(i), start=1):
                deck[Card(rank, suit)] = n
        if self.jokers:
            deck[JOKER] = self.jokers
        return deck

    @property
    def deck_size(self) -> int:
        return sum(sum(self.suit_copies(i)) for i in range(len(self.suits))) + self.jokers

    def variants(self) -> list[tuple[str, str]]:
        """The variants in play, each as (short tag, words): ('jokers2', '2 jokers')."""
        out = []
        # 'Rainbow (6 Suits)' -> ('rainbow-6-suits', 'Rainbow (6 Suits)'); No Variant is
        # hanab.live's name for the plain game, not a variant of it.
        if self.variant and self.variant != NO_VARIANT:
            out.append(("-".join(re.findall(r"[a-z0-9]+", self.variant.lower())), self.variant))
        if self.grand_finale:
            out.append(("finale", "grand finale"))
        if self.jokers:
            out.append((f"jokers{self.jokers}", f"{self.jokers} joker{'s' if self.jokers > 1 else ''}"))
        if self.gentle_show:
            out.append(("gentle", "gentle show"))
        if self.early_end:
            out.append(("early-end", "ends when no point is left"))
        if self.empty_clues:
            out.append(("empty-clues", "empty clues"))
        if self.hand_change:
            out.append(("one-extra-card", "one extra card") if self.hand_change > 0
                       else ("one-less-card", "one less card"))
        return out

    @property
    def title(self) -> str:
        """'Nova (grand finale, 2 jokers)' and the like."""
        words = [w for _, w in self.variants()]
        base = self.name.capitalize()
        return f"{base} ({', '.join(words)})" if words else base

    @cached_property  # the views ask for every row and card
    def _looks(self) -> tuple[tuple[str, str], ...]:
        """Each suit's name and screen colour, in the words of the game: hanab.live's suits
        for a hanab.live game (its No Variant's fifth suit is purple), else our cards'
        (Hanabi's fifth suit is white)."""
        kinds = self.kinds or (variant(self.variant).suits if self.variant else ())
        if kinds:
            return tuple((k.name.lower(), k.colour) for k in kinds)
        return tuple((SUITS[s].name, SUITS[s].colour) for s in self.suits)

    def suit_name(self, index: int) -> str:
        """The name of suit `index` ('hearts', 'white'; 'purple' in a hanab.live game): the
        one home of a row's name, for notes, views and messages."""
        return self._looks[index][0]

    def suit_colour(self, index: int) -> str:
        """The screen colour of suit `index` (a hanab.live game draws its purple purple)."""
        return self._looks[index][1]

    def suit_letter(self, index: int) -> str:
        """The letter (or symbol, or hanab.live suit id) players write for suit `index`:
        P for a hanab.live game's purple (our W, its letter in logs and reports), ♥ for
        hearts, AR1 for Tomato. The one home of a suit's written form in the views."""
        letter = self.suits[index]
        if letter == "W" and self.suit_name(index) == "purple":
            return "P"
        return SUITS[letter].symbol

    def card_text(self, card: Card) -> str:
        """A card as players write it in this game ('3♥', '5P', '4AR1', 'JK'); logs keep
        its canonical text (`str(card)`: '5W'), the JSON report `json_text`. Remembered per card:
        a review's notes name cards thousands of times."""
        text = self._card_texts.get(card)
        if text is None:
            text = self._card_texts[card] = self._card_text(card)
        return text

    @cached_property
    def _card_texts(self) -> dict[Card, str]:
        return {}

    def _card_text(self, card: Card) -> str:
        if card.is_joker:
            return card.show()
        return rank_text(card.rank, card.suit) + self.suit_letter(self.suits.index(card.suit))

    def json_text(self, card: Card) -> str:
        """A card as the JSON report writes it: its canonical text (`str(card)`: '5W',
        '3H', '4Wh'), with the one suit letter the game's own words use where they differ
        by letter only: our W is written P in a game that calls it purple (hanab.live's
        fifth suit), as the report's `text` fields write it (issue 32). Nova's symbols and
        hanab.live's suit ids stay canonical: they are no letter of ours."""
        if card.suit == "W" and self.suit_letter(self.suits.index("W")) == "P":
            return f"{card.rank}P"
        return str(card)

    @property
    def white_suit(self) -> bool:
        """Whether the game has hanab.live's White suit: then W on input is White and
        purple is written P (`cards.letter_in_variant`)."""
        return WHITE in self.suits

    def log_text(self, card: Card) -> str:
        """A card as a log of this game writes it ('5P' for purple: `cards.log_text`)."""
        return log_text(card)

    def rank_text(self, rank: int) -> str:
        """A rank as this game says it ('A' in Nova, '1' in Hanabi)."""
        return rank_text(rank, self.suits[0])


@lru_cache(maxsize=64)  # rulesets are immutable: one object each, its deck counted once
def make_ruleset(
    name: str, *, gentle_show: bool = False, grand_finale: bool = False, jokers: int = 0,
    early_end: bool = False, variant_name: str = "", empty_clues: bool = False,
    hand_change: int = 0,
) -> Ruleset:
    """The ruleset called `name` with the given Nova variants (or, for hanabi, hanab.live's
    early end and variant; "No Variant" is plain Hanabi named as hanab.live names it)."""
    if name == "nova":
        if early_end or variant_name or empty_clues or hand_change:
            option = ("early_end" if early_end else "variant" if variant_name
                      else "empty_clues" if empty_clues else "hand_change")
            raise RulesetError(f"option {option} is hanab.live's; nova does not take it")
        if not 0 <= jokers <= 2:
            raise RulesetError(f"wild jokers: expected 0, 1 or 2 jokers, found {jokers}")
        copies = (2, 2, 2, 2, 2, 1) if grand_finale else (2, 2, 2, 2, 1)
        return Ruleset(
            "nova", ("C", "D", "H", "S"), copies, (5, 4, 3, 3),
            jokers=jokers, gentle_show=gentle_show, grand_finale=grand_finale,
        )
    if name == "hanabi":
        used = [n for n, on in (("gentle_show", gentle_show), ("grand_finale", grand_finale),
                                ("jokers", bool(jokers))) if on]
        if used:
            raise RulesetError(f"option {used[0]} is a Nova variant; hanabi takes no options")
        if hand_change not in (-1, 0, 1):
            raise RulesetError(f"hand_change: expected -1 (one less card), 0 or 1 (one extra "
                               f"card), found {hand_change}")
        if variant_name in ("", NO_VARIANT):  # plain Hanabi; "No Variant" (a hanab.live
            # game) is kept for its words, and never assumed for a game that does not say it
            return Ruleset("hanabi", ("R", "Y", "G", "B", "W"), (3, 2, 2, 2, 1), (5, 5, 4, 4, 3),
                           early_end=early_end, variant=variant_name, empty_clues=empty_clues,
                           hand_change=hand_change)
        try:
            v = variant(variant_name)
        except VariantError as e:
            raise RulesetError(str(e)) from None
        return Ruleset("hanabi", tuple(k.key for k in v.suits), (3, 2, 2, 2, 1), (5, 5, 4, 4, 3),
                       coins=16 if v.modifiers.clue_starved else 8, early_end=early_end,
                       variant=v.name, kinds=v.suits,
                       clue_colours=v.clue_colours, clue_ranks=v.clue_ranks, special=v.special,
                       modifiers=v.modifiers, empty_clues=empty_clues, hand_change=hand_change)
    raise RulesetError(f"unknown ruleset {name!r}; expected one of {', '.join(RULESET_NAMES)}")
