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

from .engine import State, Timeline
from .game import Action, Game, Hint, Play
from .status import Identities, Status, status_from_lost


class CardKnowledge(NamedTuple):
    """One card in its holder's hand: the truth and the three tiers of knowledge."""

    card: int  # deck index (the truth is game.deck[card])
    hinted: int
    deduced: int
    common: int
    touched: bool  # named by at least one hint


def popcount(mask: int) -> int:
    return mask.bit_count()


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
        self.played_jokers = 0
        # Per player: how many hints they got, and the last answer of `hand` with its key
        # (a hand's knowledge changes only when one of these inputs does).
        self.hints_to = [0] * len(game.players)
        self._cache: dict[int, tuple[tuple[object, ...], tuple[CardKnowledge, ...]]] = {}
        self._last_card: dict[int, CardKnowledge] = {}  # reused while a card's knowledge holds

    def update(self, before: State, action: Action, after: State) -> None:
        """Take in one action (`before` -> `after`, already applied by the engine)."""
        ids = self.ids
        if type(action) is Hint:
            to, suit, rank = action
            if suit >= 0:
                yes, of = ids.suit_mask[suit], self.game.suit_of
                value = suit
            else:
                yes, of = ids.rank_mask[rank], self.game.rank_of
                value = rank
            hinted, touched = self.hinted, self.touched
            self.hints_to[to] += 1
            for c in before.hands[to]:
                if of[c] == value:
                    hinted[c] &= yes
                    touched[c] = True
                else:
                    hinted[c] &= ~yes
            return
        card = action[0]
        i = ids.of_card[card]
        self.public[i] += 1
        if self.public[i] == ids.copies[i]:
            self.public_full |= 1 << i
        if type(action) is Play and after.lives == before.lives:
            if i == ids.joker:
                self.played_jokers += 1
        else:
            self.lost[i] += 1

    def status(self, state: State) -> Status:
        return status_from_lost(self.ids, state, self.lost, self.played_jokers)

    def hand(self, state: State, player: int) -> tuple[CardKnowledge, ...]:
        """`player`'s knowledge of each card in their hand, slot 1 first."""
        ids, hinted, touched = self.ids, self.hinted, self.touched
        hand = state.hands[player]
        of_card = ids.of_card
        # The copies `player` cannot see are those in the draw pile and in their own
        # hand: the same count they get by subtracting what they see from the deck.
        own = 0
        for c in hand:
            own |= 1 << of_card[c]
        unseen = ids.left_after[state.drawn] | own
        public_full = self.public_full
        key = (hand, self.hints_to[player], unseen, public_full)
        cached = self._cache.get(player)
        if cached is not None and cached[0] == key:
            return cached[1]
        deduced = [hinted[c] & unseen for c in hand]
        if any(d & (d - 1) == 0 for d in deduced):
            deduced = self._fixed_point(state, hand, deduced)
        last = self._last_card
        cards = []
        for c, d in zip(hand, deduced, strict=True):
            h = hinted[c]
            k = last.get(c)
            if k is None or k.deduced != d or k.hinted != h or k.common != h & ~public_full:
                k = last[c] = CardKnowledge(c, h, d, h & ~public_full, touched[c])
            cards.append(k)
        result = tuple(cards)
        self._cache[player] = (key, result)
        return result

    def _fixed_point(self, state: State, hand: tuple[int, ...], deduced: list[int]) -> list[int]:
        """Cards known exactly account for unseen copies: when every unseen copy of an
        identity is such a card, the player's other cards cannot be it."""
        ids, game = self.ids, self.game
        unseen_count: dict[int, int] = {}

        def unseen(i: int) -> int:
            if i not in unseen_count:
                n = sum(1 for k in range(state.drawn, len(game.deck)) if ids.of_card[k] == i)
                unseen_count[i] = n + sum(1 for c in hand if ids.of_card[c] == i)
            return unseen_count[i]

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
    for t, action in enumerate(timeline.actions, start=1):
        before, after = states[t - 1], states[t]
        tracker.update(before, action, after)
        hands.append(tuple(tracker.hand(after, p) for p in players))
        if type(action) is Hint:
            statuses.append(last)  # a hint changes no card's status
        else:
            last = tracker.status(after)
            statuses.append(last)
    return TimelineKnowledge(tracker.ids, tuple(hands), tuple(statuses))


def knows_exactly(k: CardKnowledge) -> bool:
    return k.deduced != 0 and k.deduced & (k.deduced - 1) == 0


def knows_playable(k: CardKnowledge, st: Status) -> bool:
    """Every identity the player still thinks possible fits now."""
    return k.deduced != 0 and k.deduced & ~st.playable == 0


def knows_trash(k: CardKnowledge, st: Status) -> bool:
    """No identity the player still thinks possible can ever be played."""
    return k.deduced != 0 and k.deduced & ~st.trash == 0
