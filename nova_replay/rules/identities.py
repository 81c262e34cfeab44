"""Card identities of a ruleset, numbered once for every layer, and the one rule of
which cards a hint touches.

An identity is a small int: suit * max_rank + place - 1, and the joker after them; a
card's place in its row is its rank, except in a reversed suit (built from 5 down to 1,
`Ruleset.top_rank`), where it is max_rank + 1 - rank. Everything that counts rows (the
engine, status, the solver) reads places; what shows a card reads the card.
Sets of identities are int bit masks, so a hand's knowledge is a few integer
operations. The numbering depends on the ruleset alone; what one game's deck holds
(which deck card is which identity) is `Game.identity_of`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from operator import itemgetter

from .cards import JOKER, Card
from .rulesets import Ruleset


def touches(ruleset: Ruleset, card: Card, suit: int = -1, rank: int = 0) -> bool:
    """Whether a hint naming colour index `suit` (or rank `rank`) touches `card`.

    The one home of the touch rule: the engine's legality, knowledge, the analysis,
    the text views and the bots all ask it (through `IdentitySpace.clue_mask`).
    A joker is never touched (docs/definitions.md, "touch rule"). Without a variant the colours
    are the suits. In a hanab.live variant (clues.ts, in its order): Color / Number
    Blind clues touch nothing; a suit every colour (rank) touches, or none; Synesthesia:
    a colour also touches the rank it stands for (as prism); Funnels / Chimneys: a rank
    clue touches every lower / higher rank; Odds and Evens: rank clue 1 the odd ranks, 2
    the even; then the special rank's rule (a deceptive one: the clue rank its suit
    picks); a prism card is touched by the colour of its rank; else the suit's own clue
    colours, and a rank clue its rank. A rank clue the variant does not have touches
    nothing.
    """
    if card.is_joker:
        return False
    if not ruleset.kinds:
        return card.suit == ruleset.suits[suit] if suit >= 0 else card.rank == rank
    index = ruleset.suits.index(card.suit)
    kind, mods = ruleset.kinds[index], ruleset.modifiers
    special = ruleset.special if ruleset.special and ruleset.special.rank == card.rank else None
    if suit >= 0:
        colours = ruleset.clue_colours
        if mods.colour_blind:
            return False
        if kind.all_colours or kind.no_colours:
            return kind.all_colours
        if mods.synesthesia and not kind.no_ranks and suit == (card.rank - 1) % len(colours):
            return True  # Synesthesia: as a prism card, besides the suit's own colours
        if special and (special.all_colours or special.no_colours):
            return special.all_colours
        if kind.prism:
            return suit == (card.rank - 1) % len(colours)
        return colours[suit] in kind.clue_colours
    if rank not in ruleset.clue_ranks or mods.number_blind:
        return False
    if kind.all_ranks or kind.no_ranks:
        return kind.all_ranks
    if mods.funnels:
        return card.rank <= rank
    if mods.chimneys:
        return card.rank >= rank
    if mods.odds_and_evens:
        return card.rank % 2 == rank % 2  # clue 1: the odd ranks; clue 2: the even
    if special and (special.all_ranks or special.no_ranks):
        return special.all_ranks
    if special and special.deceptive:  # the clue rank its suit picks
        return rank == ruleset.clue_ranks[index % len(ruleset.clue_ranks)]
    return card.rank == rank


def may_touch_nothing(ruleset: Ruleset, colour: bool) -> bool:
    """Whether a colour (else rank) clue that touches no card is legal: in hanab.live only
    where that kind of clue touches nothing by the variant's rule (Color / Number /
    Totally Blind: the clue is given for its tempo), or with its "Empty Clues" option.
    The engine's legality, the legal actions and the solver's moves ask it."""
    if ruleset.empty_clues:  # hanab.live's option "Empty Clues": any clue may
        return True
    mods = ruleset.modifiers
    return mods.colour_blind if colour else mods.number_blind


def next_identity(suit: int, height: int, max_rank: int) -> int:
    """The identity a row of suit index `suit` at `height` takes next: rank height + 1
    of its suit (a row at max_rank takes none: the result is then the next suit's 1)."""
    return suit * max_rank + height


@dataclass(frozen=True)
class IdentitySpace:
    """The identities of one ruleset and the masks every layer shares."""

    ruleset: Ruleset
    count: int = field(init=False)  # number of identities (the joker included if any)
    joker: int = field(init=False)  # the joker's identity, or -1
    cards: tuple[Card, ...] = field(init=False, repr=False)  # identity -> card
    copies: tuple[int, ...] = field(init=False, repr=False)  # identity -> copies in a deck
    suit_mask: tuple[int, ...] = field(init=False, repr=False)  # identities a colour hint touches
    rank_mask: tuple[int, ...] = field(init=False, repr=False)  # index = rank (0 unused)
    all: int = field(init=False)
    index: dict[Card, int] = field(init=False, repr=False, compare=False)  # card -> identity
    # card -> (suit index, rank, identity): what a game asks of each deck card (Game)
    facts: dict[Card, tuple[int, int, int]] = field(init=False, repr=False, compare=False)
    # identity -> suit index, identity -> rank: `deck_facts` picks a whole deck's at once
    by_identity: tuple[tuple[int, ...], tuple[int, ...]] = field(init=False, repr=False,
                                                                  compare=False)

    def __post_init__(self) -> None:
        rules = self.ruleset
        m, ns = rules.max_rank, len(rules.suits)
        cards = [Card(rules.top_rank(i, place), s) for i, s in enumerate(rules.suits)
                 for place in range(1, m + 1)]
        if rules.jokers:
            cards.append(JOKER)
        deck = rules.cards
        suit_mask = tuple(self._mask(cards, suit=s) for s in range(rules.colour_count))
        rank_mask = (0,) + tuple(self._mask(cards, rank=r) for r in range(1, m + 1))
        for name, value in (("count", len(cards)), ("joker", ns * m if rules.jokers else -1),
                            ("cards", tuple(cards)), ("copies", tuple(deck[c] for c in cards)),
                            ("suit_mask", suit_mask), ("rank_mask", rank_mask),
                            ("all", (1 << len(cards)) - 1),
                            ("index", {c: i for i, c in enumerate(cards)})):
            object.__setattr__(self, name, value)
        object.__setattr__(self, "facts",
                           {c: (self.suit(i), self.rank(i), i) for i, c in enumerate(cards)})
        object.__setattr__(self, "by_identity", (tuple(self.suit(i) for i in range(len(cards))),
                                                 tuple(self.rank(i) for i in range(len(cards)))))

    def _mask(self, cards: list[Card], suit: int = -1, rank: int = 0) -> int:
        return sum(1 << i for i, c in enumerate(cards) if touches(self.ruleset, c, suit, rank))

    @property
    def max_rank(self) -> int:
        return self.ruleset.max_rank

    def clue_mask(self, suit: int = -1, rank: int = 0) -> int:
        """The identities a hint naming colour index `suit` (or rank `rank`) touches."""
        return self.suit_mask[suit] if suit >= 0 else self.rank_mask[rank]

    def taught(self, suit: int = -1, rank: int = 0) -> tuple[int, int]:
        """What a hint naming colour index `suit` (or rank `rank`) tells its receiver:
        (the identities a touched card may be, the identities an untouched card may not
        be). The clue's own mask, twice, unless the variant hides the clue's value: in
        Cow & Pig the receiver hears only its kind ("Moo" for a colour, "Oink" for a
        rank), in Duck not even that ("Quack"), so a touched card is one that some clue
        they may have heard touches, and an untouched card is none that every such clue
        touches. Sound, not exact: what the rest of the hand rules out is not used.
        The one home of what a clue teaches (the knowledge, the bots)."""
        mods = self.ruleset.modifiers
        if not (mods.cow_and_pig or mods.duck):
            mask = self.clue_mask(suit, rank)
            return mask, mask
        heard: list[int] = []
        if mods.duck or suit >= 0:
            heard += self.suit_mask
        if mods.duck or suit < 0:
            heard += [self.rank_mask[r] for r in self.ruleset.clue_ranks]
        yes, no = 0, self.all
        for mask in heard:
            yes |= mask
            no &= mask
        return yes, no

    def of(self, card: Card) -> int:
        """The identity of a card."""
        if card.is_joker:
            return self.joker
        suit = self.ruleset.suits.index(card.suit)  # a place and a rank map both ways
        return suit * self.max_rank + self.ruleset.top_rank(suit, card.rank) - 1

    def deck_facts(self, deck: tuple[Card, ...]
                   ) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
        """Each deck card's suit index, rank and identity, as three tuples; a card of no
        suit of the ruleset (a joker, or a card of a wrong deck) has suit -1, and a card
        not of the ruleset identity -1. Looked up, not worked out: a game is made per log."""
        try:
            identity_of = tuple(map(self.index.__getitem__, deck))
        except KeyError:
            identity_of = ()  # a wrong deck: worked out card by card below
        if len(identity_of) > 1:  # one itemgetter call per tuple (of one index: not a tuple)
            get = itemgetter(*identity_of)
            suit_by, rank_by = self.by_identity
            return get(suit_by), get(rank_by), identity_of
        rows = list(map(self.facts.get, deck))
        if None in rows:  # a wrong deck: check_deck says what is wrong with it
            suits = {s: i for i, s in enumerate(self.ruleset.suits)}
            rows = [row or (suits.get(c.suit, -1), c.rank, -1)
                    for row, c in zip(rows, deck, strict=True)]
        if not rows:
            return (), (), ()
        suit_of, rank_of, identity_of = zip(*rows, strict=True)
        return suit_of, rank_of, identity_of

    def card(self, identity: int) -> Card:
        return self.cards[identity]

    def show(self, identity: int) -> str:
        return self.ruleset.card_text(self.cards[identity])

    def suit(self, identity: int) -> int:
        """The suit index of an identity (-1 for the joker)."""
        return -1 if identity == self.joker else identity // self.max_rank

    def rank(self, identity: int) -> int:
        """The place of an identity in its row (0 for the joker): its rank, except in a
        reversed suit (`Ruleset.top_rank`); `card(identity).rank` is the rank."""
        return 0 if identity == self.joker else identity % self.max_rank + 1

    def hints_touching(self, identity: int) -> tuple[tuple[int, int], ...]:
        """Every hint (colour index, rank) that touches `identity`: (c, 0) or (-1, r)."""
        colours = tuple((c, 0) for c, m in enumerate(self.suit_mask) if (m >> identity) & 1)
        ranks = tuple((-1, r) for r, m in enumerate(self.rank_mask) if r and (m >> identity) & 1)
        return colours + ranks

    @staticmethod
    def members(mask: int) -> list[int]:
        """The identities in a mask, in order (remembered: a review asks for the same
        few masks thousands of times; each caller gets its own list)."""
        out = _MEMBERS.get(mask)
        if out is None:
            out = _members(mask)
            if len(_MEMBERS) >= _MEMBERS_KEPT:
                _MEMBERS.clear()
            _MEMBERS[mask] = out
        return list(out)


# `IdentitySpace.members`' answers, by mask (masks of any ruleset: a mask's members do
# not depend on it); cleared when full.
_MEMBERS: dict[int, tuple[int, ...]] = {}
_MEMBERS_KEPT = 1 << 16


def _members(mask: int) -> tuple[int, ...]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return tuple(out)


@lru_cache(maxsize=64)
def identity_space(ruleset: Ruleset) -> IdentitySpace:
    """The (shared, immutable) identity space of a ruleset."""
    return IdentitySpace(ruleset)
