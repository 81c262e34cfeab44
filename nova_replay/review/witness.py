"""A witness a player could follow (issue 22): among the moves at a turn that keep a
line reaching the solver's figure, one whose first move the mover's own knowledge
showed safe (`whatif.knowing`) and the analysis does not fault (`whatif.avoids_faults`:
with a convention reading, by the conventions too). The solver sees every card, so its
own first move is often one nobody at the table could choose; a `lost_points` note says
"could not know" only when no knowable move keeps the figure.

It lives in review, above both the solver and the judge: it uses the solver's figure
(`solver.exact`) and the judge's faults (`whatif.avoids_faults`), and the solver may
import neither the judge nor anything that uses it.
"""

from __future__ import annotations

from ..knowledge.tiers import knows_playable, knows_trash
from ..rules.engine import apply, legal_actions
from ..rules.game import Action, Discard, Hint, Play
from ..solver.exact import Budget, Solver, solve
from .analysis import Analysis
from .whatif import avoids_faults, knowing

# Work per candidate move (a third of the default curve's): counted in nodes, so that the
# note is the same on any machine and load.
CANDIDATE_NODES = 10_000


def candidate_budget(curve: Budget) -> Budget:
    """Each candidate's search: CANDIDATE_NODES, never more than the curve was given."""
    nodes = CANDIDATE_NODES if curve.nodes is None else min(CANDIDATE_NODES, curve.nodes)
    return Budget(nodes=nodes)


CANDIDATE_BUDGET = Budget(nodes=CANDIDATE_NODES)


def knowable_keep(analysis: Analysis, turn: int, target: int, first: Action | None = None,
                  budget: Budget = CANDIDATE_BUDGET, solver: Solver | None = None
                  ) -> Action | None:
    """A move at `turn` its mover could know safe, the analysis does not fault, and after
    which a line is found reaching `target` within `budget`; None when there is none.
    `first` (the solver's witness move, known to reach `target`) is tried first. Then
    plays of cards known playable and discards of cards known trash by slot, then
    hints in the engine's order (to the solver every hint is the same pass: one search
    settles them all)."""
    record = analysis.record
    game, state = record.game, record.timeline[turn - 1]
    solver = solver or Solver(game)
    # Every hint's answer is the same: the solver's first move's, if a hint, else searched once.
    hints: list[bool] = [True] if isinstance(first, Hint) else []

    def keeps(action: Action) -> bool:
        if action == first:
            return True
        if isinstance(action, Hint) and hints:
            return hints[0]
        found = solve(game, apply(game, state, action), budget, solver).lower >= target
        if isinstance(action, Hint):
            hints.append(found)
        return found

    for action in _candidates(analysis, turn, first):
        if knowing(analysis, turn, action) is not None and keeps(action) \
                and avoids_faults(analysis, turn, action):
            return action
    return None


def _candidates(analysis: Analysis, turn: int, first: Action | None) -> list[Action]:
    """`first`, then the mover's known-playable plays, known-trash discards and hints."""
    game, tk = analysis.record.game, analysis.knowledge
    state = analysis.record.timeline[turn - 1]
    mover = state.player(game)
    st = tk.statuses[turn - 1]
    known = {k.card: k for k in tk.of(turn - 1, mover)}
    legal = legal_actions(game, state)
    plays = [a for a in legal if type(a) is Play and knows_playable(known[a.card], st)]
    trash = [a for a in legal if type(a) is Discard and knows_trash(known[a.card], st)]
    hints = [a for a in legal if isinstance(a, Hint)]
    out = [] if first is None else [first]
    return out + [a for a in plays + trash + hints if a != first]
