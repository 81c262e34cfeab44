"""The search behind best possible (see `solver`): on the compact state of `planning`,
the greedy and pilot lines and the memoised depth-first search "can the team still reach
T?"."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import IntEnum
from itertools import chain

from ..rules.game import Game
from .planning import DEAD, DISCARD, HINT, MISFIRE, NONE, PLAY, Hands, Key, Move, Node, Planning, Rows

__all__ = ["DISCARD", "EARLY", "HINT", "MISFIRE", "NONE", "PLAY", "Key", "Move", "Node",
           "OutOfTime", "Solver", "Stage", "Started"]

EARLY = 3000  # nodes of the short search before the probes (see Solver.solve_node)
INF = float("inf")
# The memo key of `bound`: a node's key less what `upper` does not read (coins, lives;
# before the final round, who holds which card).
BoundKey = tuple[int, int, int, Rows, Hands] | tuple[int, Rows, tuple[int, ...]]


class Stage(IntEnum):
    """The stages `solve_node` has done for a node, cheapest first; a node solved again
    (the curve's next slice) resumes after the last one done."""

    LINES = 0  # the greedy lines
    HOPEFUL = 1  # the line keeping the highest upper bound
    PILOT = 2  # the pilot walk
    SHORT = 3  # a short plain search
    PROBE_1 = 4  # the discrepancy probe with one deviation
    PROBE_2 = 5  # with two


@dataclass(slots=True)
class Started:
    """What `solve_node` keeps of a node between slices: the best line found (its
    score and moves), the stages done, and the pilot's walk (the moves taken along the
    line, and the node reached) when the budget interrupted it."""

    lower: int
    line: list[Move]
    stage: Stage = Stage.LINES
    taken: list[Move] = field(default_factory=list)
    at: Node | int | None = None  # the walk's node; None: not started (the node itself)


class OutOfTime(Exception):
    """The search used up its work (nodes) or hit its deadline; bounds found so far
    still hold."""


class Solver(Planning):
    """The clairvoyant search for one game. Failures are memoised on absolute states,
    so the solves of one game's turns share their work."""

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        self.fail_at: dict[Key, int] = {}  # key -> smallest T proven out of reach
        self.bounds: dict[BoundKey, int] = {}  # upper(node) (see `bound`)
        self.started: dict[Node, Started] = {}  # the nodes solve_node has begun
        # The work done: search nodes and greedy moves. The search stops at `limit`
        # nodes (the budget: the same figures on any machine and load) and, only when a
        # time cap is asked, at `deadline` by `clock`.
        self.nodes = 0
        self.limit = NONE * NONE
        self.deadline = INF
        # The clock of the deadlines: the wall clock; a benchmark on a shared machine may
        # set the process's CPU time (time.process_time) instead.
        self.clock: Callable[[], float] = time.perf_counter
        self.cap = self.limit  # the node count at which `reach` stops (see solve_node)

    # ---- search ----

    def bound(self, node: Node, key: Key) -> int:
        """`upper`, remembered per state less what it does not read: coins and lives,
        and before the final round who holds which card (only the cards held count)."""
        p, drawn, _, _, ft, rows, canon = key
        short: BoundKey
        if ft >= 0:
            short = (p, drawn, ft, rows, canon)
        else:
            short = (drawn, rows, tuple(sorted(chain.from_iterable(canon))))
        value = self.bounds.get(short)
        if value is None:
            value = self.bounds[short] = self.upper(node)
        return value

    def children(self, node: Node, target: int, first: bool = False
                 ) -> list[tuple[Move, Node | int, Key | None]]:
        """The moves from `node` not yet ruled out for `target`, the most promising first
        (highest upper bound, then the order of `moves`); a game-ending move carries its
        final score and key None. With `first`, only the most promising is wanted: the
        scan stops at a move whose bound is the perfect score (no bound is higher, and an
        equal one later in `moves` comes after it)."""
        scored: list[tuple[int, int, Move, Node | int, Key | None]] = []
        fail_at = self.fail_at
        perfect = self.perfect if first else NONE
        for i, move in enumerate(self.moves(node)):
            child = self.step(node, move)
            if isinstance(child, int):
                scored.append((-child, i, move, child, None))
                if child >= perfect:
                    return [(move, child, None)]
                continue
            key = self.key(child)
            if fail_at.get(key, NONE) <= target:
                continue
            bound = self.bound(child, key)
            if bound < target:
                fail_at[key] = bound + 1
                continue
            scored.append((-bound, i, move, child, key))
            if bound >= perfect:
                return [(move, child, key)]
        scored.sort()  # by bound, then the order of `moves` (distinct: no tie goes further)
        return [(move, child, key) for _, _, move, child, key in scored]

    def reach(self, node: Node, key: Key, target: int) -> list[Move] | None:
        """A line from `node` whose score reaches `target`, or None when none exists
        (proven: recorded in `fail_at`). Raises OutOfTime at the deadline."""
        if node.score >= target:
            return []
        if self.fail_at.get(key, NONE) <= target:
            return None
        self.nodes += 1
        if not self.nodes & 127 and (self.nodes > self.cap or self.clock() > self.deadline):
            raise OutOfTime
        bound = self.bound(node, key)
        if bound < target:
            self.fail_at[key] = bound + 1
            return None
        for move, child, child_key in self.children(node, target):
            if isinstance(child, int):
                if child >= target:
                    return [move]
                continue
            assert child_key is not None
            line = self.reach(child, child_key, target)
            if line is not None:
                line.append(move)
                return line
        self.fail_at[key] = target
        return None

    def probe(self, node: Node, key: Key, target: int, deviations: int) -> list[Move] | None:
        """A line reaching `target` that leaves the best-first order at most `deviations`
        times (limited discrepancy search): it finds lines whose one wrong turn is early,
        where the depth-first search would first exhaust the late ones. Proves nothing."""
        if node.score >= target:
            return []
        self.nodes += 1
        if not self.nodes & 127 and (self.nodes > self.limit or self.clock() > self.deadline):
            raise OutOfTime
        if self.fail_at.get(key, NONE) <= target or self.bound(node, key) < target:
            return None
        for rank, (move, child, child_key) in enumerate(self.children(node, target)):
            if rank > deviations:
                break
            if isinstance(child, int):
                if child >= target:
                    return [move]
                continue
            assert child_key is not None
            line = self.probe(child, child_key, target, deviations - (rank > 0))
            if line is not None:
                line.append(move)
                return line
        return None

    def hopeful(self, node: Node) -> tuple[int, list[Move]]:
        """A line that always takes the move keeping the highest upper bound."""
        line: list[Move] = []
        current: Node | int = node
        while not isinstance(current, int):
            move, current, _ = self.children(current, 0, first=True)[0]
            line.append(move)
        self.nodes += len(line)
        return current, line

    def greedy(self, node: Node, patient: bool) -> tuple[int, list[Move]]:
        """A strong clairvoyant line: play what fits; hold jokers for gaps; throw dead
        cards; stall with a coin when a teammate has a play (`patient`) or nothing is
        safe to throw; else throw the least useful card."""
        line: list[Move] = []
        current: Node | int = node
        while not isinstance(current, int):
            move = self.greedy_move(current, patient)
            line.append(move)
            current = self.step(current, move)
        self.nodes += len(line)
        return current, line

    def greedy_move(self, node: Node, patient: bool) -> Move:
        """Play the lowest card that fits; a joker onto a row whose next card is gone
        (any row in the final round); throw a dead card; pass while a teammate can play
        (`patient`, or when the cheapest throw is a last copy); else throw the cheapest."""
        p, hands, rows, drawn, _, _, ft, _, _ = node
        plays = self.plays(node)  # (the head of `moves`)
        if plays:
            return plays[0]
        moves = self.moves(node)
        jokers = [mv for mv in moves if mv[0] == PLAY]
        if jokers:
            ids = self.ident
            held = {ids[c] for h in hands for c in h}
            left = self.left[drawn]
            for mv in jokers:
                i = mv[2] * self.m + rows[mv[2]]
                if i not in held and not left[i]:
                    return mv
            if ft >= 0:
                return jokers[0]
        others_play = any(
            self.suit_of[c] >= 0 and self.rank_of[c] == rows[self.suit_of[c]] + 1
            for q, h in enumerate(hands) if q != p for c in h)
        hint = next((mv for mv in moves if mv[0] == HINT), (HINT, -1, -1))
        can_hint = hint in moves
        throws = [mv for mv in moves if mv[0] == DISCARD]
        if patient and others_play and can_hint:
            return hint
        if throws and self.key_class(node, throws[0][1]) == DEAD:
            return throws[0]
        if throws and (not can_hint or (not others_play and self.throw_cost(node, throws[0][1]) < 2)):
            return throws[0]
        if can_hint:
            return hint
        if throws:
            return throws[0]
        return moves[0]  # a misfire at full coins with no hint possible

    def key_class(self, node: Node, card: int) -> int:
        s = self.suit_of[card]
        if s >= 0 and not node.rows[s] < self.rank_of[card] < self.cuts(node)[s]:
            return DEAD
        return self.ident[card]

    def pilot(self, node: Node, memo: Started, upper: int) -> None:
        """Improve the memo's line (from `node`) by the pilot method: walk the best line
        so far; at each step try every other move followed by both greedy lines, and
        switch to one that ends higher. Moves whose upper bound cannot beat the line are
        skipped. Resumable: the memo keeps the walk when the budget interrupts it."""
        taken = memo.taken
        current = node if memo.at is None else memo.at
        while not isinstance(current, int) and memo.lower < upper:
            if self.spent():
                raise OutOfTime
            follow = memo.line[len(taken)]
            for move in self.moves(current):
                if move == follow:
                    continue
                child = self.step(current, move)
                rest: list[Move] = []
                if isinstance(child, int):
                    score = child
                elif self.upper(child) <= memo.lower:
                    continue
                else:
                    score, rest = max((self.greedy(child, patient) for patient in (False, True)),
                                      key=lambda x: x[0])
                if score > memo.lower:
                    memo.lower, memo.line, follow = score, [*taken, move, *rest], move
            taken = [*taken, follow]
            current = self.step(current, follow)
            memo.taken, memo.at = taken, current

    def spent(self) -> bool:
        """Whether the work asked (nodes) or the time asked is used up."""
        return self.nodes > self.limit or self.clock() > self.deadline

    def solve_node(self, node: Node, nodes: int, seconds: float = INF, floor: int = -1,
                   ceiling: int = NONE) -> tuple[int, int, list[Move]]:
        """(lower, upper, line reaching lower) within `nodes` more nodes of work and, if
        given, `seconds` by `clock`. `floor` is a score known reachable, or the least the
        caller cares to tell apart (the search stops once upper <= floor); `ceiling` a
        score known not to be beaten (from other turns, or max score); the line is this
        node's own. Cheapest first (`Stage`): the greedy and hopeful lines, the pilot
        walk, a short search, the discrepancy probes, then the search until the bounds
        meet."""
        self.limit = self.cap = self.nodes + max(nodes, 0)
        self.deadline = self.clock() + seconds if seconds < INF else INF
        key = self.key(node)
        # A node solved again (the curve's next slice) resumes: its lines, finished
        # probes and the pilot's walk are kept here, its proofs in `fail_at`.
        memo = self.started.get(node)
        if memo is None:
            lower, line = max((self.greedy(node, patient) for patient in (False, True)),
                              key=lambda x: x[0])
            memo = self.started[node] = Started(lower, line)
        lower, line = memo.lower, memo.line
        upper = min(self.upper(node), ceiling, self.fail_at.get(key, NONE) - 1)
        known = max(lower, floor)

        def better(found: list[Move]) -> None:
            nonlocal lower, line, known
            found.reverse()
            score, rest = self.finish(node, found)
            if score > lower:
                lower, line = score, found + rest
                memo.lower, memo.line = lower, line
            known = max(known, lower)

        if known >= upper or nodes <= 0 or seconds <= 0:
            return lower, upper, line
        try:
            if memo.stage < Stage.HOPEFUL:
                hoped = self.hopeful(node)
                if hoped[0] > lower:
                    lower, line = hoped
                    memo.lower, memo.line = lower, line
                    known = max(lower, floor)
                memo.stage = Stage.HOPEFUL
            if memo.stage < Stage.PILOT:
                self.pilot(node, memo, upper)
                lower, line = memo.lower, memo.line
                known = max(lower, floor)
                memo.stage = Stage.PILOT
            if memo.stage < Stage.SHORT and known < upper:
                # A short plain search first: many lines and proofs are found within a
                # few thousand nodes, where the probes would first exhaust their own.
                self.cap = min(self.nodes + EARLY, self.limit)
                try:
                    found = self.reach(node, key, upper)
                    if found is None:
                        upper -= 1
                    else:
                        better(found)
                except OutOfTime:
                    if self.spent():
                        raise
                finally:
                    self.cap = self.limit
                memo.stage = Stage.SHORT
            for deviations, stage in ((1, Stage.PROBE_1), (2, Stage.PROBE_2)):
                if memo.stage < stage and known < upper:
                    found = self.probe(node, key, upper, deviations)
                    if found is not None:
                        better(found)
                    memo.stage = stage
            target = upper
            while known < upper:
                found = self.reach(node, key, target)
                if found is None:
                    upper = target - 1
                    target = known + 1
                else:
                    better(found)
                    target = known + 1
        except OutOfTime:
            pass
        return lower, upper, line

    def finish(self, node: Node, line: list[Move]) -> tuple[int, list[Move]]:
        """Play `line` from `node`, then the greedy line to the end: (final score, rest)."""
        current: Node | int = node
        for move in line:
            assert not isinstance(current, int)
            current = self.step(current, move)
        if isinstance(current, int):
            return current, []
        return self.greedy(current, False)
