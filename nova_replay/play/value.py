"""The value of every move from what its player knew (docs/values.md).

For the move of turn t, by player p: deal again the cards p could not see (p's own hand,
each card consistent with every clue p got while holding it, and the draw pile), N times
with a seed made from the game and the turn; in each deal, replay the game to turn t,
make the candidate move, and let the convention player (`convention.ConventionPlayer`)
play every seat to the end. A move's value is its mean final score over the N deals
(the same deals for every candidate: their differences are not blurred by the deals'
own spread). `expected_loss` = the best candidate's value - the played move's, never
below 0 (the played move is a candidate). This is SPARTA's single-agent search (Lerer et
al. 2019, "Improving Policies via Search in Cooperative Partially Observable Games")
used to judge, not to play.

Candidates at each turn: the move played, the convention player's own move from the
mover's seat, every play of a card the mover's readings call or make known playable,
the chop discard, and the convention player's best clue. A move no candidate matches
(say a blind play of an unknown card) is valued only when it was played.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import permutations
from typing import Any

from ..knowledge.status import all_playable
from ..record.load import Record
from ..review.endgame import FAULT_THRESHOLD
from ..rules.cards import Card
from ..rules.engine import State, Timeline
from ..rules.game import Action, Discard, Game, Play
from .convention import ConventionPlayer
from .seat import Seat
from .simulate import Table, play_out, seat_all, step

DEFAULT_SAMPLES = 8
# Expected loss (points) at or above which a move is an inaccuracy, a mistake, a blunder.
# The inaccuracy's is the one below which no note faults a move (`review.endgame`).
INACCURACY, MISTAKE, BLUNDER = FAULT_THRESHOLD, 1.0, 2.0
# Move accuracy (%) = 100 * exp(-expected_loss / ACCURACY_SCALE): 100 for the best move,
# about 78 at an inaccuracy's threshold, 61 at a mistake's, 37 at a blunder's.
ACCURACY_SCALE = 2.0
REJECTION_TRIES = 200


def severity(loss: float) -> str | None:
    """'blunder', 'mistake', 'inaccuracy' or None, by the documented thresholds."""
    if loss >= BLUNDER:
        return "blunder"
    if loss >= MISTAKE:
        return "mistake"
    if loss >= INACCURACY:
        return "inaccuracy"
    return None


def move_accuracy(loss: float) -> float:
    """A move's accuracy in % from its expected loss (docs/values.md)."""
    import math

    return 100.0 * math.exp(-max(0.0, loss) / ACCURACY_SCALE)


@dataclass(frozen=True)
class MoveValue:
    """One turn's move valued from its player's information."""

    turn: int
    player: int
    action: Action
    played: float  # expected final score after the move played
    best: float  # the best candidate's
    best_action: Action
    expected_loss: float
    severity: str | None
    candidates: tuple[tuple[Action, float], ...]
    samples: int


@dataclass(frozen=True)
class PlayerAccuracy:
    """One player's moves summed up (docs/values.md, "Accuracy")."""

    player: int
    name: str
    moves: int
    inaccuracies: int
    mistakes: int
    blunders: int
    mean_loss: float
    accuracy: float


@dataclass(frozen=True)
class GameValues:
    """Every move's value in one game, and each player's accuracy."""

    game: Game
    moves: tuple[MoveValue, ...]
    samples: int
    level: int

    @property
    def accuracy(self) -> tuple[PlayerAccuracy, ...]:
        return player_accuracy(self)


def player_accuracy(values: GameValues) -> tuple[PlayerAccuracy, ...]:
    """Per player: moves, inaccuracies, mistakes, blunders, mean expected loss per move
    and accuracy (the mean of the moves' accuracies)."""
    out = []
    for p, name in enumerate(values.game.players):
        mine = [m for m in values.moves if m.player == p]
        n = len(mine)
        sev = [m.severity for m in mine]
        out.append(PlayerAccuracy(
            p, name, n, sev.count("inaccuracy"), sev.count("mistake"), sev.count("blunder"),
            sum(m.expected_loss for m in mine) / n if n else 0.0,
            sum(move_accuracy(m.expected_loss) for m in mine) / n if n else 100.0))
    return tuple(out)


@dataclass(frozen=True)
class PlayerValues:
    """The per-player --value columns of `batch` (a plain object, so that worker
    processes and Dask can take it): a game the conventions do not read gets none."""

    samples: int = DEFAULT_SAMPLES
    level: int = 5

    def __call__(self, record: Record) -> list[dict[str, Any]]:
        from ..conventions import not_read

        if not_read(record.game.ruleset):
            return []
        values = move_values(record.timeline, self.samples, self.level)
        return [{"moves_valued": a.moves, "inaccuracies": a.inaccuracies,
                 "mistakes": a.mistakes, "blunders": a.blunders,
                 "mean_expected_loss": round(a.mean_loss, 4),
                 "accuracy": round(a.accuracy, 2)} for a in values.accuracy]


# ---- deals the mover could not tell apart ------------------------------------------------
def deal_seed(turn: int, unseen: Sequence[int], masks: Sequence[int],
              before: Sequence[Action]) -> int:
    """The seed of a turn's deals, from what its mover knew only (so that re-dealing the
    cards they could not see draws the same deals): the turn, the identities they could
    not see (a multiset they can work out: sorted), what they took each card of their hand
    to be, and the moves before the turn (never the deck, never a later move)."""
    text = f"{turn}|{sorted(unseen)}|{list(masks)}|{tuple(before)!r}"
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


def belief(player: ConventionPlayer, sim: Table, seat: Seat) -> list[int]:
    """What the mover takes each card of their hand to be: the clues, what they see, and
    the conventions' readings (`ConventionPlayer.masks`); a card whose reading the
    other cards they cannot see could not fill keeps what its clues allow."""
    view = sim.view(seat.me)
    gotten = 0  # Good Touch: a clued card is no copy of a card clued in another hand
    for hand in view.hands:
        for c in hand:
            if c.touched:
                gotten |= 1 << c.identity
    out = []
    for k, m in zip(view.own, player.masks(view, seat), strict=True):
        if k.touched and m & ~gotten:
            m &= ~gotten
        out.append(m)
    return out


def sample_deals(game: Game, state: State, masks: Sequence[int], mover: int, n: int,
                 seed: int, hinted: Sequence[int] | None = None,
                 touched_cards: Sequence[bool] | None = None) -> list[Game]:
    """`n` deals the mover cannot tell from the real one: the cards they cannot see
    (their hand, the draw pile) dealt again, each card of their hand one of `masks` (per
    slot: what they take it to be). Uniform over such deals (rejection), falling back
    to a slot-by-slot draw when the masks make rejection too slow, and to `hinted`
    (what the clues alone allow) when no deal fits the masks (a misread clue). With
    `touched_cards`, two clued cards of the hand are never dealt the same identity
    (Good Touch) while rejection finds such deals."""
    hand = state.hands[mover]
    hidden = [*hand, *range(state.drawn, len(game.deck))]
    # The unseen cards in an order of their identities, not of where they lay: the deals
    # drawn rest on the multiset the mover could work out, not on the real deal.
    by_identity = sorted(hidden, key=lambda c: game.identity_of[c])
    pool = [game.deck[c] for c in by_identity]
    ids = [game.identity_of[c] for c in by_identity]
    masks = list(masks)
    rng = random.Random(seed)
    touched = [s for s, c in enumerate(hand) if touched_cards is not None and touched_cards[c]]
    if _slot_by_slot(ids, masks, random.Random(seed)) is None and hinted is not None:
        masks = [hinted[c] for c in hand]
    out = []
    order = list(range(len(pool)))
    for _ in range(n):
        for _try in range(REJECTION_TRIES):
            rng.shuffle(order)
            if all((masks[s] >> ids[order[s]]) & 1 for s in range(len(hand))) and len(
                    {ids[order[s]] for s in touched}) == len(touched):
                break  # (Good Touch: no two clued cards of one identity)
        else:
            order = _slot_by_slot(ids, masks, rng) or list(range(len(pool)))
        deck = list(game.deck)
        for k, c in enumerate(hidden):
            deck[c] = pool[order[k]]
        out.append(Game(game.ruleset, game.players, tuple(deck)))
    return out


def _slot_by_slot(ids: list[int], masks: list[int], rng: random.Random) -> list[int] | None:
    """An order of `ids` whose first len(masks) fit `masks`: the most constrained slot
    first, a random fitting card each (a dead end starts over; None after 100)."""
    for _ in range(100):
        left = list(range(len(ids)))
        chosen: dict[int, int] = {}
        slots = sorted(range(len(masks)), key=lambda s: masks[s].bit_count())
        ok = True
        for s in slots:
            fits = [k for k in left if (masks[s] >> ids[k]) & 1]
            if not fits:
                ok = False
                break
            k = rng.choice(fits)
            chosen[s] = k
            left.remove(k)
        if ok:
            rng.shuffle(left)
            return [chosen[s] for s in range(len(masks))] + left
    return None


def all_deals(game: Game, state: State, masks: Sequence[int], mover: int
              ) -> Iterator[Game]:
    """Every deal the mover cannot tell apart, once per distinct arrangement, when the
    draw pile is empty (the final round): the mover's hand permuted as `masks` (per
    slot) allow. Each arrangement is equally likely, so the exact value is their mean."""
    hand = state.hands[mover]
    if state.drawn < len(game.deck):
        raise ValueError("all_deals: only with an empty draw pile")
    cards = [game.deck[c] for c in hand]
    seen: set[tuple[Card, ...]] = set()
    for perm in permutations(range(len(hand))):
        arranged = tuple(cards[k] for k in perm)
        if arranged in seen:
            continue
        if all((masks[s] >> game.identity_of[hand[perm[s]]]) & 1 for s in range(len(hand))):
            seen.add(arranged)
            deck = list(game.deck)
            for s, c in enumerate(hand):
                deck[c] = arranged[s]
            yield Game(game.ruleset, game.players, tuple(deck))


# ---- rollouts ----------------------------------------------------------------------------
def rollout_values(deal: Game, actions: Sequence[Action], turn: int,
                   candidates: Sequence[Action], player: ConventionPlayer) -> list[int]:
    """In `deal`, replay the first turn-1 actions, then each candidate and the convention
    player to the end: the final scores."""
    bots = [player] * len(deal.players)
    table = Table(deal)
    seats = seat_all(deal, bots)
    for a in actions[:turn - 1]:
        step(table, seats, a)
    limit = 10 * len(deal.deck) + 100
    out = []
    for move in candidates:
        t2, s2 = table.copy(), [s.copy() for s in seats]
        done = list(actions[:turn - 1])
        step(t2, s2, move)
        done.append(move)
        play_out(t2, bots, done, limit, seats=s2)
        out.append(t2.state.score)
    return out


def candidate_moves(player: ConventionPlayer, sim: Table, seat: Seat, taken: Action,
                    ) -> list[Action]:
    """The moves weighed at a turn (module docstring), the move played first."""
    view = sim.view(seat.me)
    st = view.status
    out: list[Action] = [taken]

    def add(a: Action | None) -> None:
        if a is not None and a not in out:
            out.append(a)

    add(player.choose(sim, seat))
    masks = player.masks(view, seat)
    for s, k in enumerate(view.own):
        if (k.card in seat.calls or all_playable(masks[s], st)) and player.blind_ok(
                view, s, masks[s]):
            add(Play(k.card))
    if view.coins < view.space.ruleset.coins:
        chop = player.chop(view, seat, [(k.card, k.touched) for k in view.own])
        if chop is not None:
            add(Discard(view.own[chop].card))
    if view.coins > 0:
        add(player.best_clue(sim, seat, view, floor=-1.0))
    return out


def move_values(timeline: Timeline, samples: int = DEFAULT_SAMPLES, level: int = 5,
                turns: Sequence[int] | None = None) -> GameValues:
    """Every move's value (or those of `turns`), from its player's information."""
    game, actions = timeline.game, timeline.actions
    player = ConventionPlayer(level)
    bots = [player] * len(game.players)
    real = Table(game)
    seats = seat_all(game, bots)
    wanted = set(turns) if turns is not None else None
    out = []
    for t, taken in enumerate(actions, start=1):
        if wanted is None or t in wanted:
            me = real.state.player(game)
            cands = candidate_moves(player, real, seats[me], taken)
            believed = belief(player, real, seats[me])
            unseen = [game.identity_of[c] for c in (*real.state.hands[me],
                                                    *range(real.state.drawn, len(game.deck)))]
            deals = sample_deals(game, real.state, believed, me, samples,
                                 deal_seed(t, unseen, believed, actions[:t - 1]),
                                 real.tracker.hinted, real.tracker.touched)
            totals = [0.0] * len(cands)
            for deal in deals:
                for k, v in enumerate(rollout_values(deal, actions, t, cands, player)):
                    totals[k] += v
            means = [x / len(deals) for x in totals]
            best = max(range(len(cands)), key=lambda k: (means[k], k == 0))
            loss = max(0.0, means[best] - means[0])
            out.append(MoveValue(t, me, taken, means[0], means[best], cands[best], loss,
                                 severity(loss), tuple(zip(cands, means, strict=True)),
                                 len(deals)))
        step(real, seats, taken)
    return GameValues(game, tuple(out), samples, level)


def exact_values(timeline: Timeline, turn: int, level: int = 5) -> list[tuple[Action, float]]:
    """The candidates' values at `turn` over every deal the mover cannot tell apart
    (the draw pile must be empty): what `move_values` estimates by sampling."""
    game, actions = timeline.game, timeline.actions
    player = ConventionPlayer(level)
    real = Table(game)
    seats = seat_all(game, [player] * len(game.players))
    for a in actions[:turn - 1]:
        step(real, seats, a)
    me = real.state.player(game)
    cands = candidate_moves(player, real, seats[me], actions[turn - 1])
    totals = [0.0] * len(cands)
    count = 0
    masks = belief(player, real, seats[me])
    if next(all_deals(game, real.state, masks, me), None) is None:
        masks = [real.tracker.hinted[c] for c in real.state.hands[me]]
    for deal in all_deals(game, real.state, masks, me):
        count += 1
        for k, v in enumerate(rollout_values(deal, actions, turn, cands, player)):
            totals[k] += v
    return [(a, x / count) for a, x in zip(cands, totals, strict=True)]


__all__ = ["BLUNDER", "DEFAULT_SAMPLES", "INACCURACY", "MISTAKE", "GameValues",
           "MoveValue", "PlayerAccuracy", "exact_values", "move_values", "player_accuracy",
           "sample_deals", "severity"]
