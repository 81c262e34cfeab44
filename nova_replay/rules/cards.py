"""Cards and their notation: the small value types every other module speaks.

A card is a rank and a suit letter. Nova's suits are C D H S (clubs, diamonds,
hearts, spades); Hanabi's are R Y G B W (red, yellow, green, blue, white; hanab.live
calls the fifth suit purple, so P is accepted for it; a hanab.live game's ruleset names
and draws it purple, see `Ruleset.suit_name`). The two alphabets do not overlap, so a
card's text is readable without knowing the ruleset.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import NamedTuple

from .variants import SUIT_KINDS

JOKER_LETTER = "*"


@dataclass(frozen=True, slots=True)
class Suit:
    """One suit: its letter, its name, its symbol and its colour on screen."""

    letter: str
    name: str
    symbol: str
    colour: str


SUITS: dict[str, Suit] = {
    s.letter: s
    for s in (
        Suit("C", "clubs", "♣", "#2e7d32"),
        Suit("D", "diamonds", "♦", "#e65100"),
        Suit("H", "hearts", "♥", "#c62828"),
        Suit("S", "spades", "♠", "#1a237e"),
        Suit("R", "red", "R", "#d32f2f"),
        Suit("Y", "yellow", "Y", "#f9a825"),
        Suit("G", "green", "G", "#388e3c"),
        Suit("B", "blue", "B", "#1976d2"),
        Suit("W", "white", "W", "#757575"),
    )
}
# hanab.live's other suits (variants.py), keyed by hanab.live's suit id: 3Ra, 5Bk, 1DRY.
# Their keys never collide with the letters above (Purple is our W).
VARIANT_KEYS = tuple(sorted((k.key for k in SUIT_KINDS.values() if k.key not in SUITS),
                            key=lambda k: (-len(k), k)))
SUITS.update({k.key: Suit(k.key, k.name.lower(), k.key, k.colour)
              for k in SUIT_KINDS.values() if k.key in VARIANT_KEYS})
_VARIANT_SUIT = "(?:" + "|".join(VARIANT_KEYS) + ")"

# Every spelling of a suit that a person may type, folded to lower case.
_SUIT_SPELLINGS: dict[str, str] = {}
for _s in SUITS.values():
    if _s.letter in VARIANT_KEYS:  # variant suits are written by their keys only
        continue
    for _spelling in (_s.letter, _s.name, _s.name.rstrip("s"), _s.symbol):
        _SUIT_SPELLINGS[_spelling.lower()] = _s.letter
_SUIT_SPELLINGS.update(
    {"♧": "C", "♢": "D", "♡": "H", "♤": "S", "p": "W", "purple": "W"}
)

SUIT_PATTERN = (
    r"^\s*(?:[CDHSRYGBWPcdhsrygbwp♣♦♥♠♧♢♡♤]|[Cc]lubs?|[Dd]iamonds?|[Hh]earts?|"
    r"[Ss]pades?|[Rr]ed|[Yy]ellow|[Gg]reen|[Bb]lue|[Ww]hite|[Pp]urple)\s*$"
)
_SUIT_CHARS = "CDHSRYGBWPcdhsrygbwp♣♦♥♠♧♢♡♤"
CARD_PATTERN = (
    rf"^\s*(?:[Aa1-6][{_SUIT_CHARS}]|[{_SUIT_CHARS}][Aa1-6]|[Jj][Kk]?|[Jj]oker|JOKER|🃏"
    rf"|[1-6]{_VARIANT_SUIT})\s*$"
)
_VARIANT_CARD_RE = re.compile(rf"^\s*([1-6])({_VARIANT_SUIT})\s*$")
_CARD_RE = re.compile(CARD_PATTERN)
_SUIT_RE = re.compile(SUIT_PATTERN)  # the published schema's pattern: one truth for both
NOVA_SUITS = frozenset("CDHS")


class Card(NamedTuple):
    """A card: rank 1 (the Ace) to 6 and a suit letter; the joker has rank 0, suit '*'.
    A named tuple: cards are hashed and compared in every deck check, and a tuple does
    that in C (it sorts by rank, then suit)."""

    rank: int
    suit: str

    @property
    def is_joker(self) -> bool:
        return self.suit == JOKER_LETTER

    def __str__(self) -> str:
        """The canonical text, as written in logs: 'AH', '3D', '5W', 'JK'."""
        if self.is_joker:
            return "JK"
        return f"{rank_text(self.rank, self.suit)}{self.suit}"

    def show(self) -> str:
        """The text a person reads: 'A♥', '3♦', '5W', 'JK'."""
        if self.is_joker:
            return "JK"
        return f"{rank_text(self.rank, self.suit)}{SUITS[self.suit].symbol}"


JOKER = Card(0, JOKER_LETTER)


def rank_text(rank: int, suit: str = "C") -> str:
    """Nova calls rank 1 the Ace; Hanabi calls it 1."""
    return "A" if rank == 1 and suit in NOVA_SUITS else str(rank)


@lru_cache(maxsize=256)  # every suit hint and joker play of a log names one
def parse_suit(text: str) -> str:
    """A suit's letter from any accepted spelling ('H', 'hearts', '♥', 'p' -> 'W')."""
    letter = _SUIT_SPELLINGS.get(text.strip().lower()) if _SUIT_RE.match(text) else None
    if letter is None:
        raise ValueError(f"expected a suit (a letter, symbol or name such as H, ♥, hearts), found {text!r}")
    return letter


def parse_card(text: str) -> Card:
    """A card from its text: rank then suit ('3H', '3♥', 'ah', '5r') or suit then rank
    ('r5', as hanab.live writes it); 'J', 'JK', 'joker' or '🃏' for a joker; for
    hanab.live's variant suits, rank then the suit's id ('3Ra', '1Bk', '4DRY')."""
    if not isinstance(text, str):
        raise ValueError(f"expected a card such as 3H, 3♥, AH, 5r or JK, found {text!r}")
    return _parse_card_text(text)


WHITE = "Wh"  # hanab.live's White suit (its key); our W is hanab.live's Purple


def canonical_text(text: str) -> str:
    """A card's canonical text (`str(parse_card(text))`: '5W', '3H', '4Wh'), except that
    purple written P stays P ('p5' -> '5P'): until the variant is known, W and P are
    not the same letter (`letter_in_variant`)."""
    card = parse_card(text)
    if card.suit == "W" and "P" in text.upper():
        return f"{card.rank}P"
    return str(card)


def letter_in_variant(text: str, white_suit: bool) -> str:
    """A log's card text (`canonical_text`) read in its game: where the variant has a
    White suit, W is White, as players write it ('5W' -> '5Wh'), and purple is P
    ('5P', its log text there, `log_text`); elsewhere W and P are both our W
    (hanab.live's purple, '5P' -> '5W'). By the variant's suits alone: never by what
    would make the deck right."""
    if len(text) != 2:  # a variant suit's id ('1DRYGBP', Plum): its last letter is not a suit
        return text
    if white_suit:
        return f"{text[:-1]}{WHITE}" if text[-1:] == "W" else text
    return f"{text[:-1]}W" if text[-1:] == "P" else text


def log_text(card: Card) -> str:
    """A card as a log writes it: its canonical text, except our W, hanab.live's purple,
    written with hanab.live's letter P ('5P') in every game, as its players write it (and
    beside a White suit, where W would read as White). The JSON report writes the game's
    own letter (`Ruleset.json_text`: purple P where the game calls it purple)."""
    if card.suit == "W":
        return f"{card.rank}P"
    return str(card)


def log_suit(letter: str) -> str:
    """A suit as a log's hint or joker row names it: purple (our W) as P, like `log_text`."""
    return "P" if letter == "W" else letter


def parse_cards(texts: Iterable[str]) -> tuple[Card, ...]:
    """The cards of many texts (strings), such as a deck: see `parse_card`."""
    return tuple(map(_parse_card_text, texts))


@lru_cache(maxsize=1024)  # a deck is ~50 texts: each is parsed once per process
def _parse_card_text(text: str) -> Card:
    if not _CARD_RE.match(text):
        raise ValueError(
            f"expected a card such as 3H, 3♥, AH, 5r or JK, found {text!r}"
        )
    variant = _VARIANT_CARD_RE.match(text)
    if variant is not None:  # checked first: 5Bk is a variant card, not "5B" and more
        return Card(int(variant.group(1)), variant.group(2))
    t = text.strip()
    if t[0] in "Jj🃏":
        return JOKER
    rank_char, suit_char = (t[0], t[1]) if t[0] in "Aa123456" else (t[1], t[0])
    rank = 1 if rank_char in "Aa" else int(rank_char)
    return Card(rank, parse_suit(suit_char))
