"""Best possible: the highest final score the team could still reach if every player
knew every card, the order of the draw pile included (issue 14).

With perfect information the game is a one-agent planning problem: the player to move
plays, discards, misfires or spends a coin to pass (a hint tells nothing to a team that
sees everything). The search runs on a compact state (rows, coins, lives, hands, draw
position, final-round turns) with the engine's rules, bounded from above by the rows'
reach and a draw-pile schedule, from below by greedy clairvoyant lines improved by a
pilot walk; between the two a depth-first search with memoised failures asks "can the
team still reach T?" within a time budget. The witness line of every answer is given
as engine actions and replays through `engine.apply` to the score it claims.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..knowledge.status import Identities, max_score, played_jokers, status
from ..rules.engine import TERMINATED, State, Timeline, apply, legal_actions
from ..rules.game import Action, Discard, Game, Hint, Play
from .search import DISCARD, HINT, INF, NONE, Move, Solver

__all__ = ["DEFAULT_BUDGET", "DEFAULT_NODES", "Budget", "CurvePoint", "Solution", "Solver",
           "best_possible_curve", "playable_state", "solve"]

# The default budget: nodes of work for one game's whole curve (about a second on one
# core of a 2020s machine when every node is needed; most games need far fewer).
DEFAULT_NODES = 30_000


@dataclass(frozen=True)
class Budget:
    """The solver's work: `nodes` (search nodes and greedy moves), so that the figures
    are the same on any machine and load; and, only when asked, a time cap in
    `seconds`, whichever comes first. None: no limit of that kind (not both)."""

    nodes: int | None = DEFAULT_NODES
    seconds: float | None = None

    def __post_init__(self) -> None:
        if self.nodes is None and self.seconds is None:
            raise ValueError("a solver budget needs nodes, seconds or both; found neither")
        if self.nodes is not None and self.nodes < 0:
            raise ValueError(f"solver nodes: expected 0 or more, found {self.nodes}")
        if self.seconds is not None and not self.seconds >= 0:
            raise ValueError(f"solver seconds: expected 0 or more, found {self.seconds}")

    def limits(self) -> tuple[int, float]:
        """(nodes, seconds), an unlimited kind as a number no search reaches."""
        return (NONE * NONE if self.nodes is None else self.nodes,
                INF if self.seconds is None else self.seconds)


DEFAULT_BUDGET = Budget()


@dataclass(frozen=True)
class Solution:
    """What the team could still reach from one state: proven bounds and a witness.

    `lower` is reached by `witness` (engine actions from the state to the end of the
    game); `upper` is proven: no line does better. Exact when they meet."""

    lower: int
    upper: int
    witness: tuple[Action, ...]
    seconds: float = 0.0

    @property
    def exact(self) -> bool:
        return self.lower == self.upper

    @property
    def best(self) -> int | None:
        """Best possible, when proven; None when only the bounds are known."""
        return self.lower if self.exact else None


@dataclass(frozen=True)
class CurvePoint:
    """Best possible after `turn` actions (turn 0: the deal)."""

    turn: int
    lower: int
    upper: int
    witness: tuple[Action, ...]  # from the state after `turn`, reaching `lower`

    @property
    def exact(self) -> bool:
        return self.lower == self.upper

    @property
    def value(self) -> int | None:
        return self.lower if self.exact else None


def engine_line(solver: Solver, state: State, line: Sequence[Move]) -> tuple[Action, ...]:
    """The search's `line` as engine actions from `state`, each checked by `engine.apply`;
    a pass becomes the first legal hint the engine lists (`legal_actions`)."""
    game = solver.game
    out: list[Action] = []
    for kind, card, row in line:
        if state.over:  # the engine ended the game (hanab.live's early end): no more points
            break
        action: Action
        if kind == HINT:  # card: the clue's kind in Alternating Clues (0 colour, 1 rank)
            action = next(a for a in legal_actions(game, state) if isinstance(a, Hint)
                          and (card < 0 or (a.suit >= 0) == (card == 0)))
        elif kind == DISCARD:
            action = Discard(card)
        else:
            action = Play(card, row)
        state = apply(game, state, action)
        out.append(action)
    return tuple(out)


def same(a: Action, b: Action) -> bool:
    """Whether two actions leave the same table: any two hints do (the search's pass)."""
    return a == b or (isinstance(a, Hint) and isinstance(b, Hint))


def playable_state(state: State) -> State:
    """A stopped game (termination) is judged as if play could go on (docs/definitions.md, "ending")."""
    return state._replace(ending=None) if state.ending == TERMINATED else state


def max_score_at(game: Game, ids: Identities, state: State) -> int:
    """Max score at `state` (the clock's figure, `status.max_score`): no line can beat it,
    so it caps every upper bound the solver reports."""
    return max_score(game, state, status(ids, state, played_jokers(game, state)))


def solve(game: Game, state: State, budget: Budget = DEFAULT_BUDGET, solver: Solver | None = None
          ) -> Solution:
    """Best possible from `state`: proven bounds and a witness line of engine actions."""
    start = time.perf_counter()
    state = playable_state(state)
    if state.over:
        return Solution(state.score, state.score, (), time.perf_counter() - start)
    solver = solver or Solver(game)
    nodes, seconds = budget.limits()
    ceiling = max_score_at(game, Identities(game), state)
    lower, upper, line = solver.solve_node(solver.node(state), nodes, seconds, ceiling=ceiling)
    return Solution(lower, upper, engine_line(solver, state, line), time.perf_counter() - start)


def best_possible_curve(timeline: Timeline, budget: Budget = DEFAULT_BUDGET,
                        clock: Callable[[], float] = time.perf_counter
                        ) -> tuple[CurvePoint, ...]:
    """Best possible after every turn, within `budget` for the whole game.

    It never rises along the game (the turn's actual action is one of the options), so
    a line from a later turn bounds every earlier turn from below, a bound at an earlier
    turn bounds every later one from above, and where two solved turns agree every turn
    between them agrees too. First every turn gets its greedy lines and upper bound (no
    search; max score caps it); then the turns still open share the budget, the deal
    first and in each run of turns open between the same bounds the middle one (a
    binary search for the drop). Turns left unproven keep both bounds. The budget
    counts nodes of work, so the curve is the same on any machine and load; a time
    cap, if asked, is measured by `clock`: the wall clock, or for a benchmark on a
    shared machine the process's CPU time (time.process_time)."""
    game = timeline.game
    ids = Identities(game)
    solver = Solver(game)
    solver.clock = clock
    start = clock()
    work, seconds = budget.limits()
    last = len(timeline) - 1
    own: dict[int, tuple[int, int, tuple[Action, ...]]] = {}  # turn -> lower, upper, line

    def bounds(t: int) -> tuple[int, int]:
        low = max((v[0] for u, v in own.items() if u >= t), default=0)
        high = min((v[1] for u, v in own.items() if u <= t), default=NONE)
        return low, high

    def run(t: int, nodes: int, time_s: float) -> None:
        state = playable_state(timeline[t])
        if state.over:
            own[t] = (state.score, state.score, ())
            return
        node = solver.node(state)
        low, high = bounds(t)
        high = min(high, max_score_at(game, ids, state))
        lower, upper, line = solver.solve_node(node, nodes, time_s, low, high)
        old = own.get(t)
        if old is not None and old[0] >= lower:
            lower, line_actions = old[0], old[2]
        else:
            line_actions = engine_line(solver, state, line)
        own[t] = (lower, min(upper, old[1]) if old else upper, line_actions)
        # While the game took the line's moves, the rest of the line is a line of the
        # next turns too: the same table (a hint is a hint, whichever), the same score.
        u = t
        while line_actions and u < last and same(line_actions[0], timeline.actions[u]):
            u, line_actions = u + 1, line_actions[1:]
            later = own.get(u)
            if later is None or later[0] < lower:
                own[u] = (lower, later[1] if later else NONE, line_actions)

    # A free first pass: the greedy lines and the upper bound at every turn (a few
    # milliseconds a game) show where the drops can be, and where they cannot.
    for t in range(last + 1):
        run(t, 0, 0.0)
    # The turns still open share the rest in rounds of doubling slices, the deal first:
    # an easy proof is not kept waiting behind a hard one, and no work is lost (the
    # memo of failures carries over from one slice to the next).
    share, share_s = work / 20, seconds / 20
    while True:
        # Turns in a row open between the same bounds ask one question: where the drop
        # is. The middle one is given time (either answer settles half of them), but
        # the deal's own question first: whether the deal was winnable.
        groups: list[list[int]] = []
        before = (0, 0)
        for t in range(last + 1):
            low, high = bounds(t)
            if low < high:
                if (low, high) == before:
                    groups[-1].append(t)
                else:
                    groups.append([t])
            before = (low, high)
        # Later turns first (fewer cards left: cheaper, and the round's last slice may
        # be cut short), after the deal.
        open_turns = sorted((0 if g[0] == 0 else g[len(g) // 2] for g in groups),
                            key=lambda t: (t > 0, -t))
        if not open_turns or solver.nodes >= work or clock() - start >= seconds:
            break
        for t in open_turns:
            left, left_s = work - solver.nodes, seconds - (clock() - start)
            low, high = bounds(t)
            if low < high and left > 0 and left_s > 0:
                run(t, int(min(share, left)), min(share_s, left_s))
        share, share_s = share * 2, share_s * 2
    points = []
    for t in range(last + 1):
        low, high = bounds(t)
        src = min(u for u, v in own.items() if u >= t and v[0] == low)
        points.append(CurvePoint(t, low, high, timeline.actions[t:src] + own[src][2]))
    return tuple(points)
