"""What every card identity is worth at a moment of the game: playable, critical,
trash; how far each row can still reach; max score and pace (DESIGN.md, "Analysis").

Identities are small ints (`Identities.of_card`): suit * max_rank + rank - 1, and
the joker after them. Sets of identities are int bit masks, so a whole hand's
knowledge is a handful of integer operations.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

from ..rules.cards import Card
from ..rules.engine import State
from ..rules.game import Game


@dataclass(frozen=True)
class Identities:
    """The identities of one game's cards and the masks the analysis needs."""

    game: Game
    count: int = field(init=False)  # number of identities (joker included if any)
    joker: int = field(init=False)  # the joker's identity, or -1
    of_card: tuple[int, ...] = field(init=False, repr=False)  # deck index -> identity
    copies: tuple[int, ...] = field(init=False, repr=False)  # identity -> copies in the deck
    suit_mask: tuple[int, ...] = field(init=False, repr=False)
    rank_mask: tuple[int, ...] = field(init=False, repr=False)  # index = rank (0 unused)
    all: int = field(init=False)
    left_after: tuple[int, ...] = field(init=False, repr=False)  # drawn -> mask in draw pile

    def __post_init__(self) -> None:
        g, rules = self.game, self.game.ruleset
        m = rules.max_rank
        ns = len(rules.suits)
        joker = ns * m if rules.jokers else -1
        count = ns * m + (1 if rules.jokers else 0)
        of_card = tuple(joker if s < 0 else s * m + r - 1 for s, r in zip(g.suit_of, g.rank_of,
                                                                           strict=True))
        copies = [0] * count
        for i in of_card:
            copies[i] += 1
        suit_mask = tuple(sum(1 << (s * m + r) for r in range(m)) for s in range(ns))
        rank_mask = (0,) + tuple(sum(1 << (s * m + r - 1) for s in range(ns))
                                 for r in range(1, m + 1))
        left = [0] * (len(g.deck) + 1)
        mask = 0
        for k in range(len(g.deck) - 1, -1, -1):
            mask |= 1 << of_card[k]
            left[k] = mask
        for name, value in (("count", count), ("joker", joker), ("of_card", of_card),
                            ("copies", tuple(copies)), ("suit_mask", suit_mask),
                            ("rank_mask", rank_mask), ("all", (1 << count) - 1),
                            ("left_after", tuple(left))):
            object.__setattr__(self, name, value)

    def card(self, identity: int) -> Card:
        if identity == self.joker:
            return Card(0, "*")
        m = self.game.ruleset.max_rank
        return Card(identity % m + 1, self.game.ruleset.suits[identity // m])

    def show(self, identity: int) -> str:
        return self.card(identity).show()

    def members(self, mask: int) -> list[int]:
        """The identities in a mask, in order."""
        out = []
        while mask:
            low = mask & -mask
            out.append(low.bit_length() - 1)
            mask ^= low
        return out


class Status(NamedTuple):
    """Card status at one state; masks are sets of identities."""

    playable: int  # fits on its row now (a joker fits while any row is incomplete)
    trash: int  # can never be played: on its row already, or its row cannot reach it
    critical: int  # the last copy not discarded of an identity that can still be played;
    # the joker, when max score needs every spare joker
    reach: tuple[int, ...]  # per row, the highest rank it can still reach
    max_score: int  # from the rows alone (no final-round cap)
    lost: tuple[int, ...]  # identity -> copies discarded (misfires included)


RowStatus = tuple[int, int, int, tuple[int, ...]]  # playable, trash, critical masks; gaps


def jokers_left(ids: Identities, lost: list[int], played_jokers: int) -> int:
    """Jokers still able to bridge a gap: neither played nor discarded."""
    if ids.joker < 0:
        return 0
    return ids.game.ruleset.jokers - played_jokers - lost[ids.joker]


def row_status(ids: Identities, suit: int, height: int, lost: list[int], spare: int) -> RowStatus:
    """One row's part of the status: it depends only on the row's height, its own lost
    cards and the spare jokers, so a replay recomputes only the row that changed."""
    m = ids.game.ruleset.max_rank
    copies = ids.copies
    base = suit * m
    gaps = tuple(r for r in range(height + 1, m + 1) if lost[base + r - 1] >= copies[base + r - 1])
    # Ranks up to the row's height are played; ranks past the gap that the spare
    # jokers cannot bridge are out of reach.
    dead = (1 << height) - 1
    if len(gaps) > spare:
        dead |= ((1 << m) - 1) & ~((1 << (gaps[spare] - 1)) - 1)
    critical = 0
    for r in range(height + 1, m + 1):
        i = base + r - 1
        if copies[i] - lost[i] == 1 and not (dead >> (r - 1)) & 1:
            critical |= 1 << i
    playable = 1 << (base + height) if height < m else 0
    return playable, dead << base, critical, gaps


def combine(ids: Identities, rows: tuple[int, ...], parts: list[RowStatus], lost: list[int],
            spare: int) -> Status:
    """The status of the whole table from its rows' parts."""
    m = ids.game.ruleset.max_rank
    playable = trash = critical = 0
    for p, t, c, _ in parts:
        playable |= p
        trash |= t
        critical |= c
    if ids.joker >= 0:
        if any(h < m for h in rows):
            playable |= 1 << ids.joker
        else:
            trash |= 1 << ids.joker
    if spare <= 0:
        reach = tuple(part[3][0] - 1 if part[3] else m for part in parts)
    else:
        gaps = [list(part[3]) for part in parts]
        reach = _best_reach(rows, gaps, m, spare)
        # A joker is critical when the rows need every spare joker to reach max score.
        if sum(_best_reach(rows, gaps, m, spare - 1)) < sum(reach):
            critical |= 1 << ids.joker
    return Status(playable, trash, critical, reach, sum(reach), tuple(lost))


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
    where it gains most (DESIGN.md, "max score")."""

    def reach(s: int, k: int) -> int:
        return gaps[s][k] - 1 if len(gaps[s]) > k else m

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


def pace(game: Game, state: State, max_score: int) -> int:
    """score + cards in the draw pile + players - max score: the discards the team can
    still afford (DESIGN.md)."""
    return state.score + state.draw_pile(game) + len(game.players) - max_score


def capped_max_score(game: Game, state: State, max_score: int) -> int:
    """Max score, also capped in the final round by one play per turn left."""
    if state.final_turns >= 0:
        return min(max_score, state.score + state.final_turns)
    return max_score
