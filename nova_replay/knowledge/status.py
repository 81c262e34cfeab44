"""What every card identity is worth at a moment of the game: playable, critical,
trash; how far each row can still reach; max score and pace (docs/definitions.md, "Card status").

Identities are the ruleset's numbering (`rules.identities`); sets of them are int
bit masks, so a whole hand's knowledge is a handful of integer operations.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

from ..rules.cards import Card
from ..rules.engine import TERMINATED, State, tuple_new
from ..rules.game import Game
from ..rules.identities import IdentitySpace, next_identity


@dataclass(frozen=True)
class Identities:
    """One game's identities: the ruleset's numbering (`space`, shared by every game
    of the ruleset) and what this game's deck adds (which deck card is which identity,
    and what the draw pile still holds after each draw)."""

    game: Game
    space: IdentitySpace = field(init=False, repr=False)
    of_card: tuple[int, ...] = field(init=False, repr=False)  # deck index -> identity
    left_after: tuple[int, ...] = field(init=False, repr=False)  # drawn -> mask in draw pile

    def __post_init__(self) -> None:
        g = self.game
        left = [0] * (len(g.deck) + 1)
        mask = 0
        of_card = g.identity_of
        for k in range(len(g.deck) - 1, -1, -1):
            mask |= 1 << of_card[k]
            left[k] = mask
        object.__setattr__(self, "space", g.space)
        object.__setattr__(self, "of_card", g.identity_of)
        object.__setattr__(self, "left_after", tuple(left))

    # The ruleset's part, named here too so that the review reads `ids.copies` etc.
    @property
    def count(self) -> int:
        return self.space.count

    @property
    def joker(self) -> int:
        return self.space.joker

    @property
    def copies(self) -> tuple[int, ...]:
        return self.space.copies

    @property
    def all(self) -> int:
        return self.space.all

    def card(self, identity: int) -> Card:
        return self.space.card(identity)

    def show(self, identity: int) -> str:
        return self.space.show(identity)

    def members(self, mask: int) -> list[int]:
        return self.space.members(mask)


class Status(NamedTuple):
    """Card status at one state; masks are sets of identities."""

    playable: int  # fits on its row now (a joker fits while any row is incomplete)
    trash: int  # can never be played: on its row already, or its row cannot reach it
    critical: int  # the last copy not discarded of an identity that can still be played;
    # the joker, when max score needs every spare joker
    reach: tuple[int, ...]  # per row, the highest rank it can still reach
    reach_total: int  # the rows' reach, summed: max score before `max_score()` caps it by the turns left
    lost: tuple[int, ...]  # identity -> copies discarded (misfires included)




def all_playable(mask: int, st: Status) -> bool:
    """Whether a card that may be any identity in `mask` (a knowledge tier of any kind:
    hinted, deduced, common, a bot's own masks) is known playable: the mask is not empty
    and every identity in it fits now (docs/definitions.md, "known playable")."""
    return mask != 0 and mask & ~st.playable == 0


def all_trash(mask: int, st: Status) -> bool:
    """Whether a card that may be any identity in `mask` is known trash: the mask is not
    empty and no identity in it can ever be played."""
    return mask != 0 and mask & ~st.trash == 0

RowStatus = tuple[int, int, int, tuple[int, ...]]  # playable, trash, critical masks; gaps


def jokers_left(ids: Identities, lost: Sequence[int], played_jokers: int) -> int:
    """Jokers still able to bridge a gap: neither played nor discarded."""
    if ids.space.joker < 0:
        return 0
    return ids.game.ruleset.jokers - played_jokers - lost[ids.joker]


def row_status(ids: Identities, suit: int, height: int, lost: Sequence[int], spare: int
               ) -> RowStatus:
    """One row's part of the status: it depends only on the row's height, its own lost
    cards and the spare jokers, so a replay recomputes only the row that changed. Its
    gaps are the ranks above the row with every copy lost (`row_reach` reads them)."""
    m = ids.game.ruleset.max_rank
    copies = ids.space.copies
    base = suit * m
    nxt = next_identity(suit, height, m)
    gaps = []
    critical = 0
    for i in range(nxt, base + m):
        left = copies[i] - lost[i]
        if left <= 0:
            gaps.append(i - base + 1)
        elif left == 1:
            critical |= 1 << i
    # Ranks up to the row's height are played; ranks past the gap that the spare
    # jokers cannot bridge are out of reach (and their last copies not critical).
    dead = (1 << height) - 1
    if len(gaps) > spare:
        dead |= ((1 << m) - 1) & ~((1 << (gaps[spare] - 1)) - 1)
        critical &= ~(dead << base)
    playable = 1 << nxt if height < m else 0
    return playable, dead << base, critical, tuple(gaps)


RowKey = tuple[int, int, int, tuple[int, ...]]  # suit, height, spare jokers, the row's losses
_ROW_MEMO: dict[IdentitySpace, dict[RowKey, RowStatus]] = {}


def row_memo(space: IdentitySpace) -> dict[RowKey, RowStatus]:
    """`row_status` answers remembered per ruleset: the same row, with the same losses
    above it, comes back across the turns and the games (a handful of rows per suit)."""
    memo = _ROW_MEMO.get(space)
    if memo is None:
        memo = _ROW_MEMO[space] = {}
    return memo


def remembered_row_status(ids: Identities, memo: dict[RowKey, RowStatus], suit: int,
                          height: int, lost: list[int], spare: int) -> RowStatus:
    """`row_status`, looked up in `memo` (`row_memo`) by what it reads: the losses of
    the ranks above the row's height."""
    m = ids.game.ruleset.max_rank
    base = suit * m
    key = (suit, height, spare, tuple(lost[base + height:base + m]))
    part = memo.get(key)
    if part is None:
        part = memo[key] = row_status(ids, suit, height, lost, spare)
    return part


def row_reach(gaps: Sequence[int], max_rank: int, jokers: int = 0) -> int:
    """How high a row with these gaps (`row_status`) can reach when `jokers` spare jokers
    bridge its first gaps: the rank below the next gap, or max_rank (docs/definitions.md,
    "reach"). With no spare joker, the rank below its first gap."""
    return gaps[jokers] - 1 if len(gaps) > jokers else max_rank


def recombine(ids: Identities, memo: dict[RowKey, RowStatus], last: Status,
              parts: list[RowStatus], changed: list[int], rows: tuple[int, ...],
              lost: list[int], lost_changed: bool = True) -> Status:
    """`combine` in a game without jokers, from the last status when only the rows in
    `changed` may have: a row's masks hold only its own identities, so the table's masks
    change by what those rows' parts did. `parts` (each row's, as in `last`) is updated;
    `last.lost` is kept unless `lost_changed`."""
    m = ids.game.ruleset.max_rank
    playable, trash, critical, reach, total, was_lost = last
    for s in changed:
        now, was = remembered_row_status(ids, memo, s, rows[s], lost, 0), parts[s]
        if now != was:
            parts[s] = now
            playable ^= was[0] ^ now[0]
            trash ^= was[1] ^ now[1]
            critical ^= was[2] ^ now[2]
            row = row_reach(now[3], m)
            total += row - reach[s]
            reach = reach[:s] + (row,) + reach[s + 1:]
    return tuple_new(Status, (playable, trash, critical, reach, total,
                              tuple(lost) if lost_changed else was_lost))


def combine(ids: Identities, rows: tuple[int, ...], parts: list[RowStatus], lost: list[int],
            spare: int) -> Status:
    """The status of the whole table from its rows' parts."""
    m = ids.game.ruleset.max_rank
    playable = trash = critical = 0
    for p, t, c, _ in parts:
        playable |= p
        trash |= t
        critical |= c
    joker = ids.space.joker
    if joker >= 0:
        if any(h < m for h in rows):
            playable |= 1 << joker
        else:
            trash |= 1 << joker
    if spare <= 0:
        reach = tuple([row_reach(gaps, m) for _, _, _, gaps in parts])
    else:
        gaps = [list(part[3]) for part in parts]
        reach = _best_reach(rows, gaps, m, spare)
        # A joker is critical when the rows need every spare joker to reach max score.
        if sum(_best_reach(rows, gaps, m, spare - 1)) < sum(reach):
            critical |= 1 << joker
    return tuple_new(Status, (playable, trash, critical, reach, sum(reach), tuple(lost)))


def status(ids: Identities, state: State, played_jokers: int = 0) -> Status:
    """The status of every identity at `state`, computed from scratch. `played_jokers`
    is how many jokers are on the rows (the rows record heights, not which card made
    them). The knowledge tracker keeps the same answer up to date turn by turn."""
    lost = [0] * ids.count
    for c in state.discards:
        lost[ids.of_card[c]] += 1
    spare = jokers_left(ids, lost, played_jokers)
    parts = [row_status(ids, s, h, lost, spare) for s, h in enumerate(state.rows)]
    return combine(ids, state.rows, parts, lost, spare)


def _best_reach(rows: tuple[int, ...], gaps: list[list[int]], m: int, jokers: int
                ) -> tuple[int, ...]:
    """Per row, the reachable height when each spare joker bridges one lost rank
    where it gains most (docs/definitions.md, "reach")."""

    def reach(s: int, k: int) -> int:
        return row_reach(gaps[s], m, k)

    best = tuple(reach(s, 0) for s in range(len(rows)))
    # Up to two jokers: try every way to give them to rows.
    options = [best]
    for s in range(len(rows)):
        for k in range(1, jokers + 1):
            one = list(best)
            one[s] = reach(s, k)
            options.append(tuple(one))
            if jokers - k >= 1:
                for t in range(len(rows)):
                    if t != s:
                        two = list(one)
                        two[t] = reach(t, jokers - k)
                        options.append(tuple(two))
    return max(options, key=sum)


def pace_of(score: int, draw_pile: int, players: int, max_score: int) -> int:
    """score + cards in the draw pile + players - max score: the discards the team can
    still afford (docs/definitions.md, "pace"; hanab.live's figure). The one pace formula."""
    return score + draw_pile + players - max_score


def pace(game: Game, state: State, max_score: int) -> int:
    """The pace at `state`."""
    return pace_of(state.score, state.draw_pile(game), len(game.players), max_score)


def play_ended(state: State) -> bool:
    """Whether play is over for good: every row complete, the third life lost or the
    final round played out. A termination is not an end of play (docs/definitions.md, "ending")."""
    return state.ending is not None and state.ending != TERMINATED


def final_turns_left(state: State) -> int | None:
    """Turns left in the final round; None before it and once play has ended (a
    stopped game keeps its count: play could have gone on)."""
    if state.final_turns < 0 or play_ended(state):
        return None
    return state.final_turns


def played_jokers(game: Game, state: State) -> int:
    """Jokers on the rows: drawn, and neither in a hand nor discarded."""
    if not game.ruleset.jokers:
        return 0
    elsewhere = set(state.discards).union(*state.hands)
    return sum(1 for c in range(state.drawn) if game.suit_of[c] < 0 and c not in elsewhere)


def _turn_order(game: Game, state: State, turns: int) -> list[int]:
    """The players who still have a turn in the final round, in turn order."""
    n = len(game.players)
    return [(state.turn + k) % n for k in range(turns)]


def final_round_plays(game: Game, rows: list[int], hands: tuple[tuple[int, ...], ...],
                      order: list[int], target: int = -1) -> int:
    """The most plays the remaining turns (`order`) can make with the cards in hand,
    each player playing at most one fitting card (a joker onto any incomplete row);
    with `target`, 1 if some order of choices plays that card, else 0. Exhaustive
    (at most 5 turns), with a bound: it stops once every turn can play."""
    m = game.ruleset.max_rank
    suit_of, rank_of = game.suit_of, game.rank_of
    best = 0

    def search(k: int, plays: int) -> bool:
        nonlocal best
        if target < 0:
            best = max(best, plays)
            if best == len(order) or plays + len(order) - k <= best:
                return best == len(order)
        if k == len(order):
            return False
        for c in hands[order[k]]:
            s = suit_of[c]
            options = [r for r in range(len(rows)) if rows[r] < m] if s < 0 else (
                [s] if rows[s] + 1 == rank_of[c] else [])
            for r in options:
                if c == target:
                    best = 1
                    return True
                rows[r] += 1
                done = search(k + 1, plays + 1)
                rows[r] -= 1
                if done:
                    return True
        return search(k + 1, plays)

    search(0, 0)
    return best


def max_score(game: Game, state: State, st: Status) -> int:
    """What can still be scored (docs/definitions.md, "max score"); the one rule that the clock,
    the findings, the summary and every view read.

    Before the final round: the reach, at most score + draw pile + players (each play
    uses up a draw; the final round gives one play each). In the final round: the best
    the players who still have a turn can do with the cards in their hands, searched
    exactly. Once play has ended: the score. A stopped game counts as if play went on.
    `st` is the status at `state`."""
    if state.final_turns < 0 and (state.ending is None or state.ending == TERMINATED):
        # Before the final round (most turns, so tested first, without a call).
        return min(st.reach_total, state.score + game.deck_size - state.drawn + game.player_count)
    if play_ended(state):
        return state.score
    if all(h == game.ruleset.max_rank for h in state.rows):
        return state.score
    return state.score + final_round_plays(game, list(state.rows), state.hands,
                                      _turn_order(game, state, state.final_turns))


def can_still_play(game: Game, state: State, st: Status, card: int) -> bool:
    """Whether deck card `card`, in a hand at `state`, can still be played in the turns
    left (docs/definitions.md): its row can reach it and, before the final round, needs at most
    draw pile + players more plays; in the final round, some order of the remaining
    turns plays it."""
    if play_ended(state):
        return False
    suit = game.suit_of[card]
    if suit < 0:
        if all(h == game.ruleset.max_rank for h in state.rows):
            return False
        needed = 1
    else:
        if (st.trash >> game.identity_of[card]) & 1:
            return False
        needed = game.rank_of[card] - state.rows[suit]
    turns = final_turns_left(state)
    if turns is None:
        return needed <= state.draw_pile(game) + len(game.players)
    return final_round_plays(game, list(state.rows), state.hands,
                             _turn_order(game, state, turns), target=card) == 1
