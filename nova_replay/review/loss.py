"""When a perfect score was lost, by the exact best (issue #31, "the exact best dates every
loss").

The draw-pile clock's bound (`status.max_score`, the pace) only sees a loss once no count
of cards can hide it: it is an upper bound on what can still be scored, so it dates a loss
too late, never too early (issue #31: "out of pace" at turn 53 when the exact best had been
below perfect since turn 27). So the clock only says *whether* and *by when at the latest*
the perfect score went; the exact solver (`solver.search.Solver`, every card known) says
the turn. Best possible never rises along a game (the turn's actual move is one of the
options), so "is a perfect score still reachable after turn t" is true up to some turn and
false after it, and a binary search over the turns before the clock's date finds the
change.

The work is a fixed count of solver nodes per game (`LOSS_NODES`), not seconds, so the
date is the same on any machine and load. Where the budget runs out before both sides of
the change are proven, the date stays the latest one proven ("by turn N at the latest").
"""

from __future__ import annotations

from dataclasses import dataclass

from ..knowledge.status import Identities
from ..rules.engine import Timeline
from ..rules.game import Action, Discard, Hint
from ..rules.words import Words
from ..solver.exact import max_score_at, playable_state
from ..solver.search import Solver

__all__ = ["LOSS_NODES", "LossDate", "date_perfect_loss", "pace_verdict", "paced_loss"]

# Nodes of solver work per game for the date (greedy lines count as nodes too). Small on
# purpose: the default `analyze` stays within issue #31's 1.5x CPU time
# (benchmarks/dev_analysis_speed.py); `--solve` has its own, larger budget.
LOSS_NODES = 30
# At most this many turns probed per game: each probe costs the solver's greedy lines
# even when no node is left, so the count is capped too.
LOSS_PROBES = 2


@dataclass(frozen=True)
class LossDate:
    """The first turn after which a perfect score was out of reach (0: the deal itself).

    `exact`: proven by the solver, a perfect score was reachable after turn `turn - 1`
    and not after `turn`. Otherwise `turn` is only the latest it can be (the clock's
    date, or an earlier turn the solver proved lost) and the loss may be earlier."""

    turn: int
    exact: bool


def date_perfect_loss(timeline: Timeline, clock_turn: int, nodes: int = LOSS_NODES,
                      probes: int = LOSS_PROBES) -> LossDate:
    """The exact turn the perfect score was lost, searched only at turns before
    `clock_turn` (the clock's date: a perfect score is out of reach after it), within
    `nodes` of solver work and `probes` solved turns."""
    game = timeline.game
    perfect = game.ruleset.perfect_score
    ids = Identities(game)
    solver = Solver(game)

    def reachable(t: int) -> bool | None:
        """Whether a perfect score could still be reached after turn t (None: unproven)."""
        state = playable_state(timeline[t])
        if state.over:
            return state.score >= perfect
        ceiling = max_score_at(game, ids, state)
        if ceiling < perfect:
            return False
        left = max(nodes - solver.nodes, 0)  # the solver counts its work from 0
        lower, upper, _ = solver.solve_node(solver.node(state), left, floor=perfect - 1,
                                            ceiling=ceiling)
        return True if lower >= perfect else False if upper < perfect else None

    lost, kept = clock_turn, -1  # proven out of reach after `lost`; reachable after `kept`
    if lost == 0:
        return LossDate(0, True)
    # The clock's own date first (the turn before it): most often it is right, and then
    # one probe proves it.
    guess = lost - 1
    while kept + 1 < lost and probes > 0:
        probes -= 1
        answer = reachable(guess)
        if answer is None:
            break
        if answer:
            kept = guess
        else:
            lost = guess
        guess = (kept + lost) // 2
    return LossDate(lost, kept + 1 == lost or lost == 0)


def pace_verdict(turn: int, loss: LossDate | None) -> tuple[bool, str]:
    """Whether the turn the pace ran out is a fault, and the words to add to its note: a
    mistake only when the solver proved that this very turn lost the perfect score; no
    fault when the perfect score was gone before, or when the solver could not tell."""
    if loss is not None and loss.exact and loss.turn == turn:
        return True, (" Even knowing every card, a perfect score was still reachable before "
                      "this turn and not after it.")
    if loss is not None and loss.turn < turn:
        when = f"from turn {loss.turn}" if loss.exact else f"by turn {loss.turn} at the latest"
        return False, (" It is no fault of this turn: even knowing every card, a perfect "
                       f"score was out of reach {when}.")
    return False, (" Not judged a fault: the exact solver could not prove, within its "
                   "budget, whether this turn lost the perfect score or an earlier one did.")


def paced_loss(loss: LossDate, action: Action, pace: int, name: str, w: Words) -> str:
    """The note on a clue or discard made at pace <= 0 on the turn the solver proves lost
    the perfect score ('' for any other move): at pace <= 0 every turn must play a card
    or keep one playable later, and this one did not. An outcome note: the proof knows
    every card, and the note says so (issue #31: such faults were noted only by --solve)."""
    if not loss.exact or pace > 0 or type(action) not in (Discard, Hint):
        return ""
    move = f"{w.hint}" if type(action) is Hint else "discard"
    return (f"At pace {pace}, {name}'s {move} lost the {w.perfect}: knowing every card (an "
            f"outcome: it may rest on cards {name} could not see), a {w.perfect} was still "
            f"reachable before this turn and not after it.")
