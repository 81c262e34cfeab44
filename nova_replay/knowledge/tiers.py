"""What each player can know about each card in their own hand (docs/definitions.md, "Knowledge").

Three tiers, each a bit mask of identities (see `status.Identities`):
- hinted: consistent with every hint the player got while holding the card,
  positive and negative;
- deduced: hinted, minus identities the player sees every copy of (other hands,
  rows, discards), repeated to a fixed point with the cards they know exactly;
- common: hinted, minus identities whose every copy is public (rows, discards).

`Tracker` follows a game one action at a time (bots use it as they play);
`timeline_knowledge` runs it over a whole replay, recording only what each hand's
knowledge is made of: a hand is worked out (`hand_deduced`, `hand_knowledge`: the one
rule) when a view or the analysis first asks for it.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

from ..rules.engine import State, Timeline, is_misfire, tuple_new
from ..rules.game import Action, Game, Hint, Play
from .status import (
    Identities,
    RowStatus,
    Status,
    all_playable,
    all_trash,
    combine,
    jokers_left,
    recombine,
    remembered_row_status,
    row_memo,
)


class CardKnowledge(NamedTuple):
    """One card in its holder's hand: the truth and the three tiers of knowledge."""

    card: int  # deck index (the truth is game.deck[card])
    hinted: int
    deduced: int
    common: int
    touched: bool  # named by at least one hint




class _LastStatus(NamedTuple):
    """The tracker's last status and what its rows were computed from."""

    rows: tuple[int, ...]
    spare: int  # jokers left to bridge a gap
    status: Status


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
        # The rows whose inputs (height, lost cards) changed since the last status.
        self._changed: list[int] = []
        self._lost_changed = False  # a card was lost since the last status
        self._parts: list[RowStatus] = [(0, 0, 0, ())] * len(game.ruleset.suits)
        self._memo = row_memo(self.ids.space)
        self._last: _LastStatus | None = None
        # Copies of each identity still in the draw pile (the deal is done at turn 0).
        self.in_pile = in_pile = [0] * self.ids.count
        for i in self.ids.of_card[game.hand_size * len(game.players):]:
            in_pile[i] += 1
        self.played_jokers = 0
        # Per player: how many hints they got, and the last answer of `hand` with its key
        # (a hand's knowledge changes only when one of these inputs does).
        self.hints_to = [0] * len(game.players)
        self._cache: dict[int, tuple[tuple[object, ...], tuple[CardKnowledge, ...]]] = {}
        # Throw It in a Hole: plays and misplays go face down. Every other player saw the
        # card in its holder's hand, so only its holder does not know it: per player, the
        # identities they threw in the hole (`hand_deduced`'s `hole`); none is public.
        self.in_hole = game.ruleset.modifiers.throw_it_in_a_hole
        self.hole: list[list[int]] = [[] for _ in game.players]

    def copy(self) -> Tracker:
        """An independent tracker at the same point (a rollout forks a game: the
        identities and the row memo are shared, being read-only)."""
        new = object.__new__(Tracker)
        vars(new).update(vars(self))
        for name in ("hinted", "touched", "public", "lost", "_changed", "_parts", "in_pile",
                     "hints_to"):
            setattr(new, name, list(getattr(self, name)))
        new._cache = dict(self._cache)
        return new

    def update(self, before: State, action: Action, after: State) -> Sequence[int]:
        """Take in one action (`before` -> `after`, already applied by the engine); the
        cards a hint touched for the first time (none for a play or a discard)."""
        ids = self.ids
        if type(action) is Hint:
            to, suit, rank = action
            space = ids.space
            hit = space.clue_mask(suit, rank)  # which cards it touches: the touch rule
            yes, no = space.taught(suit, rank)  # what that tells (Cow & Pig, Duck: less)
            of = ids.of_card
            hinted, touched = self.hinted, self.touched
            self.hints_to[to] += 1
            newly = []
            for c in before.hands[to]:
                if (hit >> of[c]) & 1:
                    hinted[c] &= yes
                    if not touched[c]:
                        touched[c] = True
                        newly.append(c)
                else:
                    hinted[c] &= ~no
            return newly
        card = action[0]
        of_card, copies, game = ids.of_card, ids.space.copies, self.game
        if after.drawn > before.drawn:
            self.in_pile[of_card[before.drawn]] -= 1
        i = of_card[card]
        if self.in_hole and type(action) is Play:
            self.hole[before.turn % len(game.players)].append(i)
        else:
            public = self.public[i] = self.public[i] + 1
            if public == copies[i]:
                self.public_full |= 1 << i
        suit = game.suit_of[card]
        if type(action) is Play and not is_misfire(action, before, after):
            if i == ids.space.joker:
                self.played_jokers += 1
            changes_row = True  # its row's height
        else:
            lost = self.lost[i] = self.lost[i] + 1
            self._lost_changed = True
            # A loss changes its row's part only when it leaves one copy or none of a
            # rank the row has yet to reach (`row_status` reads no other).
            changes_row = copies[i] - lost <= 1 and game.rank_of[card] > after.rows[suit]
        # A joker changes the spare jokers instead, and with them every row.
        if suit >= 0 and changes_row:
            self._changed.append(suit)
        return ()

    def status(self, state: State) -> Status:
        """Card status at `state` (the tracker's latest), recomputing only the rows
        whose inputs an update changed since the last call, and the whole only when a
        row's part or the rows did."""
        ids, lost, last = self.ids, self.lost, self._last
        rows, parts = state.rows, self._parts
        changed, self._changed = self._changed, []
        lost_changed, self._lost_changed = self._lost_changed, False
        if last is not None and ids.space.joker < 0:  # no spare joker ever: rows alone
            if not changed and not lost_changed:
                return last.status
            st = recombine(ids, self._memo, last.status, parts, changed, rows, lost,
                           lost_changed)
            self._last = tuple_new(_LastStatus, (rows, 0, st))
            return st
        spare = jokers_left(ids, lost, self.played_jokers)
        if last is None or last.spare != spare:
            parts[:] = [remembered_row_status(ids, self._memo, s, h, lost, spare)
                        for s, h in enumerate(rows)]
            st = combine(ids, rows, parts, lost, spare)
        else:
            was = False  # whether a row's part changed
            for s in changed:
                part = remembered_row_status(ids, self._memo, s, rows[s], lost, spare)
                if part != parts[s]:
                    was = True
                    parts[s] = part
            if not was and last.rows == rows:
                if not lost_changed:
                    return last.status
                st = tuple_new(Status, (*last.status[:5], tuple(lost)))
            else:
                st = combine(ids, rows, parts, lost, spare)
        self._last = tuple_new(_LastStatus, (rows, spare, st))
        return st

    def hand(self, state: State, player: int) -> tuple[CardKnowledge, ...]:
        """`player`'s knowledge of each card in their hand, slot 1 first (cached: a bot
        asks about the same hand many times)."""
        hand = state.hands[player]
        # `left`, not what the player cannot see: the fixed point also depends on which
        # identities the draw pile still holds when the player's own hand has one.
        hole = tuple(self.hole[player])
        key = (hand, self.hints_to[player], self.ids.left_after[state.drawn], self.public_full,
               hole)
        cached = self._cache.get(player)
        if cached is not None and cached[0] == key:
            return cached[1]
        result = hand_knowledge(self.ids, hand, self.hinted, self.touched, state.drawn,
                                self.public_full, hole)
        self._cache[player] = (key, result)
        return result

    def unseen(self, hand: tuple[int, ...]) -> tuple[int, ...]:
        """Per identity, the copies the holder of `hand` cannot see: those in the draw
        pile and in their own hand."""
        counts = list(self.in_pile)
        of_card = self.ids.of_card
        for c in hand:
            counts[of_card[c]] += 1
        return tuple(counts)


def hand_knowledge(ids: Identities, hand: tuple[int, ...], hinted: Sequence[int],
                   touched: Sequence[bool], drawn: int, public_full: int,
                   hole: tuple[int, ...] = ()) -> tuple[CardKnowledge, ...]:
    """The knowledge of one hand (docs/definitions.md, "Knowledge"), as the tracker and the
    timeline both work it out. `hinted` and `touched` are per deck card, `drawn` says
    what the draw pile still holds, `public_full` the identities whose every copy is
    public, `hole` what the holder threw unseen (Throw It in a Hole)."""
    return _cards(hand, hinted, hand_deduced(ids, hand, hinted, drawn, hole), touched,
                  public_full)


def _cards(hand: tuple[int, ...], hinted: Sequence[int], deduced: Sequence[int],
           touched: Sequence[bool], public_full: int) -> tuple[CardKnowledge, ...]:
    """A hand's CardKnowledge from its tiers' parts (common: hinted, minus the public)."""
    hidden = ~public_full
    return tuple([
        tuple_new(CardKnowledge, (c, hinted[c], d, hinted[c] & hidden, touched[c]))
        for c, d in zip(hand, deduced, strict=True)
    ])


def hand_deduced(ids: Identities, hand: tuple[int, ...], hinted: Sequence[int], drawn: int,
                 hole: tuple[int, ...] = ()) -> tuple[int, ...]:
    """The deduced tier of each card of a hand, slot 1 first: the one rule of what its
    holder can work out (the hint masks, minus every identity of which they see every
    copy, to a fixed point with the cards they know exactly). `hole`: the identities of
    the cards the holder threw in the hole (Throw It in a Hole), which they never saw."""
    of_card = ids.of_card
    # The copies the holder cannot see are those in the draw pile and in their own
    # hand (and in the hole, the ones they threw): the same as subtracting what they
    # see from the deck.
    unseen = ids.left_after[drawn]
    for c in hand:
        unseen |= 1 << of_card[c]
    for i in hole:
        unseen |= 1 << i
    deduced = [hinted[c] & unseen for c in hand]
    exact = n_exact = 0
    for d in deduced:
        if d & (d - 1) == 0:
            exact |= d
            n_exact += 1
    # Only when a known card's identity is still open for another card can the
    # fixed point change anything.
    if exact and sum(1 for d in deduced if d & exact) > n_exact:
        deduced = _fixed_point(ids, hand, drawn, deduced, hole)
    return tuple(deduced)


def _fixed_point(ids: Identities, hand: tuple[int, ...], drawn: int, deduced: list[int],
                 hole: tuple[int, ...] = ()) -> list[int]:
    """Cards known exactly account for unseen copies: when every unseen copy of an
    identity is such a card, the player's other cards cannot be it."""
    of_card = ids.of_card
    pile = of_card[drawn:]
    own = [of_card[c] for c in hand]

    def unseen(i: int) -> int:
        """Copies of identity i in the draw pile, the holder's own hand and the hole."""
        return pile.count(i) + own.count(i) + hole.count(i)

    # Another round can only change something when this one made a card known exactly.
    known_more = True
    while known_more:
        known_more = False
        exact: dict[int, list[int]] = {}
        for slot, d in enumerate(deduced):
            if d and d & (d - 1) == 0:
                exact.setdefault(d.bit_length() - 1, []).append(slot)
        for i, slots in exact.items():
            if len(slots) >= unseen(i):
                bit = 1 << i
                for slot, d in enumerate(deduced):
                    if slot not in slots and d & bit:
                        d &= ~bit
                        deduced[slot] = d
                        if d and d & (d - 1) == 0:
                            known_more = True
    return deduced


class HintLesson(NamedTuple):
    """What a hint taught its receiver."""

    taught: bool  # their deduced tier of some card changed
    made_playable: tuple[int, ...]  # the cards known playable by it after, not before


_NOTHING_TAUGHT = HintLesson(False, ())
_TAUGHT_NONE_PLAYABLE = HintLesson(True, ())


@dataclass(frozen=True)
class TimelineKnowledge:
    """Knowledge at every turn: `of(turn, player)` (or `hands[turn][player]`) is a tuple
    of CardKnowledge, slot 1 first.

    The replay records only what a hand's knowledge is made of (the hint masks after
    each hint, what is public, the turns at which each hand's inputs changed); a hand's
    knowledge is worked out when first asked and kept, once per stretch of turns in
    which it cannot change. The analysis asks for a few hands, a view for all."""

    ids: Identities
    timeline: Timeline = field(repr=False)
    statuses: tuple[Status, ...]  # card status after each turn
    hinted: tuple[tuple[int, ...], ...] = field(repr=False)  # per turn: per deck card
    touched: tuple[tuple[bool, ...], ...] = field(repr=False)  # per turn: per deck card
    public_full: tuple[int, ...] = field(repr=False)  # per turn: identities all public
    # Per turn: the identities of the hinted cards in the hands (a copy of one is trash),
    # and those of which the hands hold two or more hinted cards.
    hinted_in_hands: tuple[int, ...] = field(repr=False)
    hinted_twice: tuple[int, ...] = field(repr=False)
    # Per player: the turns at which their hand's knowledge may change (0 first).
    changes: tuple[tuple[int, ...], ...] = field(repr=False)
    # Throw It in a Hole: per player, (turn, identity) of each card they threw in the hole.
    holes: tuple[tuple[tuple[int, int], ...], ...] = field(default=(), repr=False)
    # What was worked out, by (first turn of the stretch, player).
    _known: dict[tuple[int, int], tuple[CardKnowledge, ...]] = field(
        default_factory=dict, repr=False, compare=False)
    _deduced: dict[tuple[int, int], tuple[int, ...]] = field(
        default_factory=dict, repr=False, compare=False)

    def _since(self, turn: int, player: int) -> int:
        """The first turn of the stretch, ending at `turn`, in which `player`'s hand's
        knowledge cannot change."""
        if turn < 0:
            turn += len(self.statuses)
        changes = self.changes[player]
        return changes[bisect_right(changes, turn) - 1]

    def deduced(self, turn: int, player: int) -> tuple[int, ...]:
        """The deduced tier of each card in `player`'s hand after `turn` (what the
        analysis reads; `of` gives every tier)."""
        since = self._since(turn, player)
        deduced = self._deduced.get((since, player))
        if deduced is None:
            state = self.timeline.states[since]
            deduced = self._deduced[since, player] = hand_deduced(
                self.ids, state.hands[player], self.hinted[since], state.drawn,
                self._hole(since, player))
        return deduced

    def _hole(self, turn: int, player: int) -> tuple[int, ...]:
        """The identities `player` threw in the hole by `turn` (Throw It in a Hole)."""
        if not self.holes:
            return ()
        return tuple(i for t, i in self.holes[player] if t <= turn)

    def _bounds(self, turn: int, player: int) -> tuple[tuple[int, ...], int, int, int]:
        """`player`'s hand after `turn`, the identities of its cards, those they cannot
        see, and those the fixed point may take out: the bounds of the deduced tier
        without working it out. A card's tier lies within its hint mask and the unseen
        identities (`hand_deduced`), and the fixed point takes an identity out only when
        as many cards are known exactly to be it as there are unseen copies of it: cards
        of the hand (a tier holds its card's truth), with no copy left in the draw pile.
        So the tier holds every identity within those bounds but those."""
        state = self.timeline.states[turn]
        hand, of_card = state.hands[player], self.ids.of_card
        own = 0
        for c in hand:
            own |= 1 << of_card[c]
        left = self.ids.left_after[state.drawn]
        for i in self._hole(turn, player):  # unseen, and never all in the hand
            left |= 1 << i
        return hand, own, left | own, own & ~left

    def hint_lesson(self, turn: int) -> HintLesson:
        """What the hint of `turn` taught its receiver (see `HintLesson`).

        Taught: the receiver's deduced tier of some card changed, exactly when the tier
        before it still held an identity the hint rules out for some card. (The fixed
        point is monotone: narrowing the hint masks to what the tier already was leaves
        the tier as it was; the tier always holds the truth.) Both parts are mostly
        decided from the tiers' bounds (`_bounds`): an identity ruled out that is unseen
        and that the fixed point cannot take out was in the tier; none ruled out and
        unseen, and nothing was. Only otherwise is a tier worked out."""
        to = self.timeline.actions[turn - 1][0]
        was, now = self.hinted[turn - 1], self.hinted[turn]
        hand, own, unseen, removable = self._bounds(turn, to)
        ruled_out = 0
        for c in hand:
            ruled_out |= was[c] & ~now[c]
        ruled_out &= unseen
        if not ruled_out or not (ruled_out & ~removable or any(
                d & ~now[c] for c, d in zip(hand, self.deduced(turn - 1, to), strict=True))):
            return _NOTHING_TAUGHT
        st = self.statuses[turn]
        fits = st.playable
        if not own & fits:
            return _TAUGHT_NONE_PLAYABLE  # the tiers hold the truth
        of_card = self.ids.of_card
        # What may keep a card from being known playable, and what the tier must hold.
        out, others = unseen & ~fits, ~removable
        made = []
        for slot, c in enumerate(hand):
            if not (fits >> of_card[c]) & 1:
                continue  # the tier holds the truth
            now_out = now[c] & out
            if now_out & others:
                continue  # the tier after holds one of them
            if now_out and not all_playable(self.deduced(turn, to)[slot], st):
                continue  # the fixed point did not take them all out
            was_out = was[c] & out
            if not was_out:
                continue  # known playable before
            if was_out & others or not all_playable(self.deduced(turn - 1, to)[slot], st):
                made.append(c)  # not known playable before
        return tuple_new(HintLesson, (True, tuple(made)))

    def known_playable(self, turn: int, player: int) -> tuple[bool, ...]:
        """Per card of `player`'s hand after `turn`: whether its deduced tier says it is
        playable (`status.all_playable`). Mostly decided from the tier's bounds
        (`_bounds`): a card that does not fit is not (the tier holds the truth), one
        whose bound fits is, one with an identity that does not fit and that the tier
        must hold is not; only otherwise is the tier worked out."""
        st = self.statuses[turn]
        fits, of_card, hinted = st.playable, self.ids.of_card, self.hinted[turn]
        hand, own, unseen, removable = self._bounds(turn, player)
        if not own & fits:
            return (False,) * len(hand)  # the tiers hold the truth
        out, others = unseen & ~fits, ~removable
        known = []
        for c in hand:
            if not (fits >> of_card[c]) & 1:
                known.append(False)
                continue
            outside = hinted[c] & out
            if outside and not outside & others:  # undecided: the fixed point may take them out
                return tuple([all_playable(d, st) for d in self.deduced(turn, player)])
            known.append(not outside)
        return tuple(known)

    def of(self, turn: int, player: int) -> tuple[CardKnowledge, ...]:
        """`player`'s knowledge of each card in their hand after `turn`."""
        since = self._since(turn, player)
        known = self._known.get((since, player))
        if known is None:
            known = self._known[since, player] = _cards(
                self.timeline.states[since].hands[player], self.hinted[since],
                self.deduced(since, player), self.touched[since], self.public_full[since])
        return known

    @property
    def hands(self) -> Sequence[tuple[tuple[CardKnowledge, ...], ...]]:
        """`hands[turn][player]`: the same as `of(turn, player)`."""
        return _Hands(self)


class _Hands(Sequence[tuple[tuple[CardKnowledge, ...], ...]]):
    """Every player's knowledge per turn, as a sequence over the turns."""

    def __init__(self, tk: TimelineKnowledge) -> None:
        self.tk = tk

    def __len__(self) -> int:
        return len(self.tk.statuses)

    def __getitem__(self, turn):  # type: ignore[no-untyped-def]
        if isinstance(turn, slice):
            return [self[t] for t in range(*turn.indices(len(self)))]
        if not -len(self) <= turn < len(self):
            raise IndexError(turn)
        return tuple(self.tk.of(turn, p) for p in range(len(self.tk.changes)))


def timeline_knowledge(timeline: Timeline) -> TimelineKnowledge:
    """What every player can know of every card in their hand, after every turn (worked
    out when asked), and the card status after every turn."""
    game = timeline.game
    tracker = Tracker(game)
    ids = tracker.ids
    of_card, left_after = ids.of_card, ids.left_after
    n = len(game.players)
    states: Sequence[State] = timeline.states
    held = [0] * ids.count  # hinted cards in the hands, per identity
    changes: list[list[int]] = [[0] for _ in range(n)]
    update, status, now_hinted, now_touched = (tracker.update, tracker.status, tracker.hinted,
                                               tracker.touched)
    # What holds after the last turn: the hint masks and touched cards per deck card, the
    # status, the identities all public, held hinted, and held hinted twice or more.
    was_hinted, was_touched = tuple(now_hinted), tuple(now_touched)
    last = status(states[0])
    public = hinted_ids = twice = 0
    hinted, touched, statuses = [was_hinted], [was_touched], [last]
    public_full, hinted_in_hands, hinted_twice = [0], [0], [0]
    # Every turn appends to each (bound once: a game has a few dozen turns).
    appends = (hinted.append, touched.append, statuses.append, public_full.append,
               hinted_in_hands.append, hinted_twice.append)
    add_hinted, add_touched, add_status, add_public, add_once, add_twice = appends
    for t, (action, before, after) in enumerate(
            zip(timeline.actions, states, states[1:], strict=False), start=1):
        if type(action) is Hint:
            newly = update(before, action, after)
            if newly:
                for c in newly:
                    i = of_card[c]
                    held[i] += 1
                    hinted_ids |= 1 << i
                    if held[i] == 2:
                        twice |= 1 << i
                was_touched = tuple(now_touched)
            was_hinted = tuple(now_hinted)
            changes[action[0]].append(t)
            # A hint changes no card's status.
        else:
            card = action[0]
            if now_touched[card]:
                i = of_card[card]
                held[i] -= 1
                if held[i] == 1:
                    twice &= ~(1 << i)
                elif not held[i]:
                    hinted_ids &= ~(1 << i)
            update(before, action, after)
            # Only the actor's hand changed, unless the draw pile lost its last copy of
            # an identity or an identity became all public: then every player's
            # deductions may change.
            if left_after[after.drawn] != left_after[before.drawn] \
                    or public != tracker.public_full:
                public = tracker.public_full
                for turns in changes:
                    turns.append(t)
            else:
                changes[before.turn % n].append(t)
            last = status(after)
        add_hinted(was_hinted)
        add_touched(was_touched)
        add_status(last)
        add_public(public)
        add_once(hinted_ids)
        add_twice(twice)
    holes: tuple[tuple[tuple[int, int], ...], ...] = ()
    if tracker.in_hole:  # who threw what in the hole, and when
        thrown: list[list[tuple[int, int]]] = [[] for _ in range(n)]
        for t, action in enumerate(timeline.actions, start=1):
            if type(action) is Play:
                thrown[(t - 1) % n].append((t, of_card[action[0]]))
        holes = tuple(tuple(x) for x in thrown)
    return TimelineKnowledge(ids, timeline, tuple(statuses), tuple(hinted), tuple(touched),
                             tuple(public_full), tuple(hinted_in_hands), tuple(hinted_twice),
                             tuple(tuple(c) for c in changes), holes)


def chop_slot(touched: Sequence[bool]) -> int | None:
    """0-based slot of a hand's chop, its oldest untouched card (None: all touched).
    `touched` is per slot, slot 1 (newest) first."""
    for slot in range(len(touched) - 1, -1, -1):
        if not touched[slot]:
            return slot
    return None


def knows_exactly(k: CardKnowledge) -> bool:
    return k.deduced != 0 and k.deduced & (k.deduced - 1) == 0


def knows_playable(k: CardKnowledge, st: Status) -> bool:
    """Every identity the player still thinks possible fits now (`all_playable`)."""
    return all_playable(k.deduced, st)


def knows_trash(k: CardKnowledge, st: Status) -> bool:
    """No identity the player still thinks possible can ever be played (`all_trash`)."""
    return all_trash(k.deduced, st)
