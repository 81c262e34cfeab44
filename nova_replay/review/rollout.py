"""The endgame valuer: a move's expected final score over the deals its mover could not
tell apart, the rest of the game played by players who act only on what they know
(issue #31, item 5; docs/analysis.md, "Endgame notes judged by value").

In the endgame (the draw pile holds at most one card before the move, or the pace is at
most 0) the cards the mover cannot see are few: their own hand and the draw pile. Every
assignment of those cards to those places that fits what the mover knows of each card of
their hand (`Tracker.hand(...).deduced`: every clue, positive and negative, and every card
they see) is a deal they cannot tell from the real one, and all such deals are equally
likely. When there are at most `EXACT_DEALS` of them, each is played out (the value is
exact for the policy); otherwise `SAMPLED_DEALS` of them are drawn with a seed made only
from what the mover knew (so a re-deal of their unseen cards draws the same deals).

In each deal, each candidate move is made and `KnowledgePolicy` plays every seat to the
end: each player sees only what their seat sees and decides from their own knowledge,
never from a card they cannot see. A candidate's value is its mean final score over the
deals; every candidate is played on the same deals.

This module lives in `review` (below the analysis) so that the default `analyze` judges
endgame notes by value without the bots of `play`; `analyze --value` adds the convention
player's values for every other move (`review.endgame`).
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from math import factorial

from ..conventions.focus import focus_of
from ..knowledge.status import all_playable, all_trash
from ..knowledge.tiers import Tracker, chop_slot
from ..rules.cards import Card
from ..rules.engine import State, Timeline, apply, clue_kind_allowed
from ..rules.errors import IllegalAction
from ..rules.game import Action, Discard, Game, Hint, Play
from ..rules.identities import IdentitySpace

# Enumerate every deal the mover cannot tell apart when there are at most this many;
# else sample this many with a seed made from what the mover knew.
EXACT_DEALS = 24
SAMPLED_DEALS = 8
# In the final round (the draw pile empty) a move's rollouts depend on one card only
# (`value_moves`): every deal is weighed up to this many.
FINAL_ROUND_DEALS = 5040
_REJECTION_TRIES = 40


@dataclass(frozen=True)
class MoveValues:
    """The candidates of one turn valued from the mover's information: each move's
    expected final score, over `deals` deals (`exact`: every deal the mover could not
    tell apart; else a seeded sample). The played move is `moves[0]`."""

    turn: int
    moves: tuple[tuple[Action, float], ...]
    deals: int
    exact: bool

    @property
    def played(self) -> float:
        return self.moves[0][1]

    @property
    def best(self) -> tuple[Action, float]:
        """The best candidate (the played move on a tie)."""
        return max(self.moves, key=lambda m: m[1])


def in_endgame(game: Game, state: State, pace: int) -> bool:
    """Whether the move after `state` is judged by value by default: the draw pile holds
    at most one card (this move may make the last draw), or the pace is at most 0 with
    at most one card per player left to draw (the last round of draws: the rollouts
    stay short enough for the default `analyze`)."""
    pile = state.draw_pile(game)
    return pile <= 1 or (pace <= 0 and pile <= len(game.players))


def values_supported(game: Game) -> bool:
    """Whether the policy can play this ruleset: no jokers (a joker's play names a
    row), no Throw It in a Hole (its plays are face down)."""
    return game.space.joker < 0 and not game.ruleset.modifiers.throw_it_in_a_hole


# ---- the policy ----------------------------------------------------------------------
class KnowledgePolicy:
    """Every seat's move from its own knowledge, for the rest of a game: play a card
    known playable, or one a play clue called, before the rollout (`calls`: as its
    target read it) or during it (its holder trusts a clue's focus that may be
    playable); give a play clue on a playable card to a player who still has a turn and
    no known play; on their last turn with a life to
    spare, play the card most likely to fit; else stall with a clue that touches no new
    card, or discard the chop. It never reads a card its player cannot see."""

    def __init__(self, game: Game, calls: frozenset[int] = frozenset()) -> None:
        self.game = game
        self.calls: set[int] = set(calls)  # cards a play clue called, still held

    def later(self, state: State, p: int) -> list[int]:
        """The players who still have a turn after `p`'s, next first."""
        n = len(self.game.players)  # (the final round gives each player one turn)
        left = n - 1 if state.final_turns < 0 else min(n - 1, state.final_turns - 1)
        return [(p + k) % n for k in range(1, left + 1)]

    def choose(self, state: State, tracker: Tracker) -> Action:
        game = self.game
        p = state.player(game)
        st = tracker.status(state)
        know = tracker.hand(state, p)
        for k in know:
            if all_playable(k.deduced, st):
                return Play(k.card)
        for k in know:
            if k.card in self.calls and k.deduced & st.playable:
                return Play(k.card)
        clues = state.coins >= game.ruleset.hint_cost
        later = self.later(state, p)
        if clues:
            for clue in play_clues(game, state, tracker, later, self.calls, first_only=True):
                return clue
        if state.final_turns >= 0 and p not in later and state.lives > 1:
            blind = likeliest(state, tracker, p)
            if blind is not None:
                return Play(blind)
        return stall(game, state, tracker, p, later, clues)

    def step(self, state: State, tracker: Tracker, action: Action) -> State:
        """Apply `action`, tell the tracker, and mark the card a play clue called."""
        after = apply(self.game, state, action)
        if type(action) is Hint:
            hand = state.hands[action.to]
            was = [tracker.touched[c] for c in hand]
            tracker.update(state, action, after)
            called = called_card(hand, was, self.game.touched(action, hand))
            if called is not None:
                self.calls.add(called)
        else:
            tracker.update(state, action, after)
            self.calls.discard(action[0])
        return after


def called_card(hand: tuple[int, ...], was_touched: Sequence[bool],
                touched: Sequence[int]) -> int | None:
    """The card a clue calls: its focus (`conventions.focus.focus_of`, the one rule);
    None when it touched no new card (in a rollout, a stall)."""
    slots = [s for s, c in enumerate(hand) if c in touched]
    if all(was_touched[s] for s in slots):
        return None
    return hand[focus_of(slots, was_touched, chop_slot(was_touched)).slot]


def play_clues(game: Game, state: State, tracker: Tracker, order: Sequence[int],
               calls: set[int], first_only: bool = False) -> Iterator[Hint]:
    """Clues whose focus is a card that is playable now, to the players of `order` that
    know no play yet, the nearest first: what a giver who sees those cards can tell."""
    st = tracker.status(state)
    hinted, touched_now = tracker.hinted, tracker.touched
    for q in order:
        hand = state.hands[q]
        # (what the giver can tell of the receiver's knowledge: the clues' masks)
        if any(all_playable(hinted[c], st) or c in calls for c in hand):
            continue
        was = [touched_now[x] for x in hand]
        for c in hand:
            if game.suit_of[c] < 0 or not (st.playable >> game.identity_of[c]) & 1:
                continue
            for clue in clues_on(game, q, c):
                if called_card(hand, was, game.touched(clue, hand)) == c and _legal(
                        game, state, clue):
                    yield clue
                    if first_only:
                        return
                    break


def likeliest(state: State, tracker: Tracker, p: int) -> int | None:
    """The card of `p`'s hand most likely to fit by what `p` knows (the unseen copies of
    each identity it may be), None if none may."""
    st = tracker.status(state)
    unseen = tracker.unseen(state.hands[p])
    best, chance = None, 0.0
    for k in tracker.hand(state, p):
        total = fit = 0
        m = k.deduced
        while m:
            low = m & -m
            i = low.bit_length() - 1
            total += unseen[i]
            if (st.playable >> i) & 1:
                fit += unseen[i]
            m ^= low
        if total and fit / total > chance:
            best, chance = k.card, fit / total
    return best


def stall(game: Game, state: State, tracker: Tracker, p: int, later: Sequence[int],
          clues: bool) -> Action:
    """No play: a clue that touches no new card (or only cards of players with no turn
    left) when a clue is free and the draw pile is empty or no discard is allowed; else
    a known-trash card or the chop discarded; else any legal clue."""
    can_discard = state.coins < game.ruleset.coins
    if clues and (state.final_turns >= 0 or not can_discard):
        n = len(game.players)
        touched_now = tracker.touched
        for j in range(1, n):
            q = (p + j) % n
            hand = state.hands[q]
            anything = q not in later  # (no turn left: any clue is a stall)
            for c in hand:
                if not (anything or touched_now[c]):
                    continue
                for clue in clues_on(game, q, c):
                    touched = game.touched(clue, hand)
                    if (anything or all(touched_now[x] for x in touched)) \
                            and _legal(game, state, clue):
                        return clue
    if can_discard:
        st = tracker.status(state)
        know = tracker.hand(state, p)
        for mine in know:
            if all_trash(mine.deduced, st):
                return Discard(mine.card)
        chop = chop_slot([k.touched for k in know])
        return Discard(know[-1 if chop is None else chop].card)
    for q in range(len(game.players)):
        if q == p:
            continue
        for c in state.hands[q]:
            for clue in clues_on(game, q, c):
                if _legal(game, state, clue):
                    return clue
    return Discard(state.hands[p][-1])  # (no legal clue: the engine says why)


def clues_on(game: Game, q: int, card: int) -> Iterator[Hint]:
    """The clues to `q` that touch `card`: its colours, then its ranks."""
    for colour, rank in _touching(game.space, game.ruleset.colour_count,
                                  game.ruleset.max_rank)[game.identity_of[card]]:
        yield Hint(q, colour, rank)


@lru_cache(maxsize=64)
def _touching(space: IdentitySpace, colours: int, max_rank: int
              ) -> tuple[tuple[tuple[int, int], ...], ...]:
    """Per identity, the (colour, rank) of every clue that touches it."""
    kinds = [(c, 0) for c in range(colours)] + [(-1, r) for r in range(1, max_rank + 1)]
    return tuple(tuple(k for k in kinds if (space.clue_mask(*k) >> i) & 1)
                 for i in range(space.count))


def _legal(game: Game, state: State, action: Action) -> bool:
    """Whether the rules allow `action` (a clue built by `clues_on` touches a card of
    another player: only its cost and Alternating Clues can forbid it)."""
    if type(action) is Hint:
        return state.coins >= game.ruleset.hint_cost and (
            not game.ruleset.modifiers.alternating
            or clue_kind_allowed(game.ruleset, state.last_clue, action.suit >= 0))
    try:
        apply(game, state, action)
    except IllegalAction:
        return False
    return True


# ---- the candidates --------------------------------------------------------------------
def candidates(game: Game, state: State, tracker: Tracker, taken: Action,
               calls: frozenset[int] = frozenset()) -> list[Action]:
    """The moves weighed at a turn, the move played first: the policy's own move, a play
    of each card known playable and the blind play likeliest to fit, each play clue the
    policy could give, its stall clue, and its discard (a known-trash card or the chop)."""
    p = state.player(game)
    out: list[Action] = [taken]

    def add(a: Action) -> None:
        if a not in out and _legal(game, state, a):
            out.append(a)

    policy = KnowledgePolicy(game, calls)
    add(policy.choose(state, tracker))
    st = tracker.status(state)
    for k in tracker.hand(state, p):
        if all_playable(k.deduced, st):
            add(Play(k.card))
    blind = likeliest(state, tracker, p)  # (of the blind plays, the likeliest to fit)
    if blind is not None:
        add(Play(blind))
    clues = state.coins >= game.ruleset.hint_cost
    later = policy.later(state, p)
    if clues:
        for clue in play_clues(game, state, tracker, later, set(calls)):
            add(clue)
        add(stall(game, state, tracker, p, later, True))
    if state.coins < game.ruleset.coins:
        add(stall(game, state, tracker, p, later, False))
    return out


# ---- the deals -------------------------------------------------------------------------
def _arrangements(ids: list[int], masks: Sequence[int]) -> Iterator[list[int]]:
    """Every distinct assignment of the multiset `ids` to the hand slots (each fitting
    its mask) followed by the draw pile, in a canonical order (sorted identities)."""
    return _assignments(ids, [*masks, *[-1] * (len(ids) - len(masks))])


def _count(ids: list[int], masks: Sequence[int], limit: int) -> int:
    """How many `_arrangements` there are, counting up to `limit + 1` only: per
    assignment of the hand, the distinct orders of the rest in the draw pile."""
    pile = len(ids) - len(masks)
    total = 0
    for hand in _assignments(ids, masks):
        rest: dict[int, int] = {}
        for i in ids:
            rest[i] = rest.get(i, 0) + 1
        for i in hand:
            rest[i] -= 1
        ways = factorial(pile)
        for v in rest.values():
            ways //= factorial(v)
        total += ways
        if total > limit:
            break
    return total


def _assignments(ids: list[int], masks: Sequence[int]) -> Iterator[list[int]]:
    """The distinct assignments of identities of the multiset `ids` to `len(masks)`
    places, each fitting its mask (-1: any), in sorted order."""
    counts: dict[int, int] = {}
    for i in ids:
        counts[i] = counts.get(i, 0) + 1
    keys = sorted(counts)
    out: list[int] = []

    def go(k: int) -> Iterator[list[int]]:
        if k == len(masks):
            yield list(out)
            return
        for i in keys:
            if counts[i] and (masks[k] >> i) & 1:
                counts[i] -= 1
                out.append(i)
                yield from go(k + 1)
                out.pop()
                counts[i] += 1

    yield from go(0)


def _sampled(ids: list[int], masks: Sequence[int], n: int, seed: int) -> list[list[int]]:
    """`n` assignments drawn uniformly (by rejection; a slot-by-slot draw when rejection
    finds none), from `random.Random(seed)`."""
    rng = random.Random(seed)
    out = []
    h = len(masks)
    for _ in range(n):
        pool = list(ids)
        for _try in range(_REJECTION_TRIES):
            rng.shuffle(pool)
            if all((masks[s] >> pool[s]) & 1 for s in range(h)):
                break
        else:
            pool = _slot_by_slot(ids, masks, rng)
        out.append(pool)
    return out


def _slot_by_slot(ids: list[int], masks: Sequence[int], rng: random.Random) -> list[int]:
    """An assignment whose hand slots fit `masks`: the most constrained slot first (the
    real deal fits them, so one is found; after 1,000 dead ends, the identities sorted)."""
    for _ in range(1000):
        left = list(ids)
        chosen: dict[int, int] = {}
        for s in sorted(range(len(masks)), key=lambda s: masks[s].bit_count()):
            fits = [k for k, i in enumerate(left) if (masks[s] >> i) & 1]
            if not fits:
                break
            chosen[s] = left.pop(rng.choice(fits))
        else:
            rng.shuffle(left)
            return [chosen[s] for s in range(len(masks))] + left
    return sorted(ids)


def _seed(turn: int, ids: list[int], masks: Sequence[int], actions: Sequence[Action]) -> int:
    """A seed from what the mover knew only: the turn, the unseen identities (a multiset
    they can work out), their knowledge of each card, and the moves so far."""
    text = f"{turn}|{ids}|{list(masks)}|{tuple(actions)!r}"
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


# ---- the valuer ------------------------------------------------------------------------
def value_moves(timeline: Timeline, turn: int, tracker: Tracker | None = None,
                exact_deals: int = EXACT_DEALS, samples: int = SAMPLED_DEALS,
                calls: frozenset[int] = frozenset()) -> MoveValues:
    """The candidates of `turn` (`candidates`) valued over the deals its mover could not
    tell apart. `tracker`: the knowledge before the move, if the caller has it. `calls`:
    the cards still held that earlier play clues called, as their holders read them
    (`endgame.called_before`); every seat of the rollout plays them when it may."""
    game, actions = timeline.game, timeline.actions
    state = timeline[turn - 1]
    if tracker is None:
        tracker = Tracker(game)
        for k, a in enumerate(actions[:turn - 1]):
            tracker.update(timeline[k], a, timeline[k + 1])
    me = state.player(game)
    hand = state.hands[me]
    hidden = [*hand, *range(state.drawn, len(game.deck))]
    ids = sorted(game.identity_of[c] for c in hidden)
    masks = [k.deduced for k in tracker.hand(state, me)]
    cands = candidates(game, state, tracker, actions[turn - 1], calls)
    final = state.final_turns >= 0  # the draw pile is empty: the final round
    limit = FINAL_ROUND_DEALS if final else exact_deals
    exact = _count(ids, masks, limit) <= limit
    deals = (list(_arrangements(ids, masks)) if exact
             else _sampled(ids, masks, samples, _seed(turn, ids, masks, actions[:turn - 1])))
    space = game.space
    card_of: dict[int, Card] = {i: space.card(i) for i in set(ids)}
    made: dict[int, tuple[Game, Tracker]] = {}  # a deal's game and knowledge, by its index

    def score(d: int, move: Action) -> int:
        if d not in made:
            deck = list(game.deck)
            for c, i in zip(hidden, deals[d], strict=True):
                deck[c] = card_of[i]
            deal = Game(game.ruleset, game.players, tuple(deck))
            made[d] = deal, _retarget(tracker, deal, state.drawn)
        deal, known = made[d]
        return play_to_end(deal, state, known, move, calls)

    totals = [0.0] * len(cands)
    for k, move in enumerate(cands):
        if not final:
            totals[k] = float(sum(score(d, move) for d in range(len(deals))))
            continue
        # In the final round the mover has no turn after this one and nobody draws: the
        # rest of the game reads the mover's hand only through the card this move plays
        # or discards (no one clues a player with no turn left, and no one's knowledge
        # of their own cards depends on it). The deals are weighed by that card's
        # identity, one rollout each: the same mean as a rollout per deal.
        slot = hand.index(move[0]) if type(move) is not Hint and move[0] in hand else None
        weights: dict[int, list[int]] = {}  # identity -> [deals, the first deal's index]
        for d, arranged in enumerate(deals):
            key = -1 if slot is None else arranged[slot]
            weights.setdefault(key, [0, d])[0] += 1
        totals[k] = float(sum(w * score(d, move) for w, d in weights.values()))
    n = len(deals)
    return MoveValues(turn, tuple((a, x / n) for a, x in zip(cands, totals, strict=True)), n,
                      exact)


def _retarget(tracker: Tracker, deal: Game, drawn: int) -> Tracker:
    """The tracker of the real game at this turn, for another deal of the cards its mover
    could not see: the clue masks, touches and public cards are the same (the deal fits
    every clue, and only unseen cards moved); the identities and the draw pile's counts
    are the deal's."""
    new = Tracker(deal)
    for name in ("hinted", "touched", "public", "lost", "hints_to"):
        setattr(new, name, list(getattr(tracker, name)))
    new.public_full = tracker.public_full
    new.played_jokers = tracker.played_jokers
    new.in_pile = [0] * new.ids.count  # (the status is worked out afresh from `lost`)
    for i in deal.identity_of[drawn:]:
        new.in_pile[i] += 1
    return new


def play_to_end(deal: Game, state: State, tracker: Tracker, move: Action,
                calls: frozenset[int] = frozenset()) -> int:
    """The final score when `move` is made in `deal` at `state` and `KnowledgePolicy`
    plays every seat to the end."""
    tr = tracker.copy()
    policy = KnowledgePolicy(deal, calls)
    state = policy.step(state, tr, move)
    limit = 4 * len(deal.deck) + 20
    while not state.over and limit:
        state = policy.step(state, tr, policy.choose(state, tr))
        limit -= 1
    return state.score


__all__ = ["EXACT_DEALS", "SAMPLED_DEALS", "KnowledgePolicy", "MoveValues", "candidates",
           "in_endgame", "value_moves", "values_supported"]
