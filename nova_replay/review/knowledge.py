"""What each player can know about each card in their own hand (DESIGN.md, "Knowledge").

Three tiers, each a bit mask of identities (see `status.Identities`):
- hinted: consistent with every hint the player got while holding the card,
  positive and negative;
- deduced: hinted, minus identities the player sees every copy of (other hands,
  rows, discards), repeated to a fixed point with the cards they know exactly;
- common: hinted, minus identities whose every copy is public (rows, discards).

`Tracker` follows a game one action at a time (bots use it as they play);
`timeline_knowledge` runs it over a whole replay.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from ..rules.engine import State, Timeline
from ..rules.game import Action, Game, Hint, Play
from .status import Identities, RowStatus, Status, combine, jokers_left, row_status


class CardKnowledge(NamedTuple):
    """One card in its holder's hand: the truth and the three tiers of knowledge."""

    card: int  # deck index (the truth is game.deck[card])
    hinted: int
    deduced: int
    common: int
    touched: bool  # named by at least one hint


_new = tuple.__new__  # builds a CardKnowledge without NamedTuple's keyword handling


class Tracker:
    """Hint knowledge and public information, updated action by action.

    Mutable on purpose (it is the engine's companion inside a replay or a bot's
    game); everything it hands out is an immutable value.
    """

    def __init__(self, game: Game, ids: Identities | None = None) -> None:
        self.game = game
        self.ids = ids or Identities(game)
        self.hinted = [self.ids.all] * len(game.deck)
        self.touched = [False] * len(game.deck)
        self.public = [0] * self.ids.count  # copies on the rows or in the discard pile
        self.public_full = 0  # identities whose every copy is public
        self.lost = [0] * self.ids.count  # copies discarded (misfires included)
        self.row_losses = [0] * len(game.ruleset.suits)  # bumps when a row's card is lost
        self._rows: list[tuple[tuple[int, int, int], RowStatus] | None] = [None] * len(
            game.ruleset.suits)
        # Copies of each identity still in the draw pile (the deal is done at turn 0).
        self.in_pile = [0] * self.ids.count
        for k in range(game.hand_size * len(game.players), len(game.deck)):
            self.in_pile[self.ids.of_card[k]] += 1
        self.played_jokers = 0
        # Per player: how many hints they got, and the last answer of `hand` with its key
        # (a hand's knowledge changes only when one of these inputs does).
        self.hints_to = [0] * len(game.players)
        self._cache: dict[int, tuple[tuple[object, ...], tuple[CardKnowledge, ...]]] = {}

    def update(self, before: State, action: Action, after: State) -> None:
        """Take in one action (`before` -> `after`, already applied by the engine)."""
        ids = self.ids
        if type(action) is Hint:
            to, suit, rank = action
            yes = ids.space.clue_mask(suit, rank)
            of = ids.of_card
            hinted, touched = self.hinted, self.touched
            self.hints_to[to] += 1
            for c in before.hands[to]:
                if (yes >> of[c]) & 1:
                    hinted[c] &= yes
                    touched[c] = True
                else:
                    hinted[c] &= ~yes
            return
        card = action[0]
        if after.drawn > before.drawn:
            self.in_pile[ids.of_card[before.drawn]] -= 1
        i = ids.of_card[card]
        self.public[i] += 1
        if self.public[i] == ids.copies[i]:
            self.public_full |= 1 << i
        if type(action) is Play and after.lives == before.lives:
            if i == ids.joker:
                self.played_jokers += 1
        else:
            self.lost[i] += 1
            suit = self.game.suit_of[card]
            if suit >= 0:
                self.row_losses[suit] += 1

    def status(self, state: State) -> Status:
        """Card status at `state`, recomputing only the rows whose inputs changed."""
        ids, lost = self.ids, self.lost
        spare = jokers_left(ids, lost, self.played_jokers)
        parts = []
        cache = self._rows
        for s, height in enumerate(state.rows):
            key = (height, self.row_losses[s], spare)
            hit = cache[s]
            if hit is None or hit[0] != key:
                hit = cache[s] = (key, row_status(ids, s, height, lost, spare))
            parts.append(hit[1])
        return combine(ids, state.rows, parts, lost, spare)

    def hand(self, state: State, player: int) -> tuple[CardKnowledge, ...]:
        """`player`'s knowledge of each card in their hand, slot 1 first (cached: a bot
        asks about the same hand many times)."""
        hand = state.hands[player]
        left = self.ids.left_after[state.drawn]
        # `left`, not what the player cannot see: the fixed point also depends on which
        # identities the draw pile still holds when the player's own hand has one.
        key = (hand, self.hints_to[player], left, self.public_full)
        cached = self._cache.get(player)
        if cached is not None and cached[0] == key:
            return cached[1]
        result = self._know(hand, left)
        self._cache[player] = (key, result)
        return result

    def _know(self, hand: tuple[int, ...], left: int) -> tuple[CardKnowledge, ...]:
        """The knowledge of one hand, given the identities left in the draw pile."""
        hinted, touched, of_card = self.hinted, self.touched, self.ids.of_card
        # The copies the holder cannot see are those in the draw pile and in their own
        # hand: the same as subtracting what they see from the deck.
        unseen = left
        for c in hand:
            unseen |= 1 << of_card[c]
        deduced = []
        exact = n_exact = 0
        for c in hand:
            d = hinted[c] & unseen
            deduced.append(d)
            if d & (d - 1) == 0:
                exact |= d
                n_exact += 1
        # Only when a known card's identity is still open for another card can the
        # fixed point change anything.
        if exact and sum(1 for d in deduced if d & exact) > n_exact:
            deduced = self._fixed_point(hand, deduced)
        hidden = ~self.public_full
        return tuple([
            _new(CardKnowledge, (c, hinted[c], d, hinted[c] & hidden, touched[c]))
            for c, d in zip(hand, deduced, strict=True)
        ])

    def unseen(self, hand: tuple[int, ...]) -> tuple[int, ...]:
        """Per identity, the copies the holder of `hand` cannot see: those in the draw
        pile and in their own hand."""
        counts = list(self.in_pile)
        of_card = self.ids.of_card
        for c in hand:
            counts[of_card[c]] += 1
        return tuple(counts)

    def _fixed_point(self, hand: tuple[int, ...], deduced: list[int]) -> list[int]:
        """Cards known exactly account for unseen copies: when every unseen copy of an
        identity is such a card, the player's other cards cannot be it."""
        counts = self.unseen(hand)

        def unseen(i: int) -> int:
            return counts[i]

        changed = True
        while changed:
            changed = False
            exact: dict[int, list[int]] = {}
            for slot, d in enumerate(deduced):
                if d and d & (d - 1) == 0:
                    exact.setdefault(d.bit_length() - 1, []).append(slot)
            for i, slots in exact.items():
                if len(slots) >= unseen(i):
                    bit = 1 << i
                    for slot, d in enumerate(deduced):
                        if slot not in slots and d & bit:
                            deduced[slot] = d & ~bit
                            changed = True
        return deduced


@dataclass(frozen=True)
class TimelineKnowledge:
    """Knowledge at every turn: `hands[turn][player]` is a tuple of CardKnowledge."""

    ids: Identities
    hands: tuple[tuple[tuple[CardKnowledge, ...], ...], ...]
    statuses: tuple[Status, ...]  # card status after each turn

    def of(self, turn: int, player: int) -> tuple[CardKnowledge, ...]:
        return self.hands[turn][player]


def timeline_knowledge(timeline: Timeline) -> TimelineKnowledge:
    """Every player's knowledge of every card in their hand, after every turn."""
    game = timeline.game
    tracker = Tracker(game)
    players = range(len(game.players))
    states: Sequence[State] = timeline.states
    hands = [tuple(tracker.hand(states[0], p) for p in players)]
    statuses = [tracker.status(states[0])]
    last = statuses[0]
    left_after = tracker.ids.left_after
    know = tracker._know
    n = len(game.players)
    for t, action in enumerate(timeline.actions, start=1):
        before, after = states[t - 1], states[t]
        public = tracker.public_full
        tracker.update(before, action, after)
        # Only the actor's hand (or the hint's receiver) changed, unless the draw pile
        # lost its last copy of an identity or an identity became all public: then
        # every player's deductions may change.
        left = left_after[after.drawn]
        if left != left_after[before.drawn] or public != tracker.public_full:
            hands.append(tuple([know(hand, left) for hand in after.hands]))
        else:
            changed = action[0] if type(action) is Hint else before.turn % n
            row = list(hands[-1])
            row[changed] = know(after.hands[changed], left)
            hands.append(tuple(row))
        if type(action) is Hint:
            statuses.append(last)  # a hint changes no card's status
        else:
            last = tracker.status(after)
            statuses.append(last)
    return TimelineKnowledge(tracker.ids, tuple(hands), tuple(statuses))


def chop_slot(touched: Sequence[bool]) -> int | None:
    """0-based slot of a hand's chop, its oldest untouched card (None: all touched).
    `touched` is per slot, slot 1 (newest) first."""
    for slot in range(len(touched) - 1, -1, -1):
        if not touched[slot]:
            return slot
    return None


def card_flags(k: CardKnowledge, st: Status, identity: int, chop: bool, own: bool = False
               ) -> tuple[str, ...]:
    """What every view marks on a card, in order: what its holder knows of it
    ('playable', 'trash', 'exact', from `k.deduced`), 'critical' (never on the viewer's
    `own` card, whose truth they cannot see), 'hinted', 'chop'."""
    flags = []
    if knows_playable(k, st):
        flags.append("playable")
    if knows_trash(k, st):
        flags.append("trash")
    if knows_exactly(k):
        flags.append("exact")
    if not own and (st.critical >> identity) & 1:
        flags.append("critical")
    if k.touched:
        flags.append("hinted")
    if chop:
        flags.append("chop")
    return tuple(flags)


def knows_exactly(k: CardKnowledge) -> bool:
    return k.deduced != 0 and k.deduced & (k.deduced - 1) == 0


def knows_playable(k: CardKnowledge, st: Status) -> bool:
    """Every identity the player still thinks possible fits now."""
    return k.deduced != 0 and k.deduced & ~st.playable == 0


def knows_trash(k: CardKnowledge, st: Status) -> bool:
    """No identity the player still thinks possible can ever be played."""
    return k.deduced != 0 and k.deduced & ~st.trash == 0
