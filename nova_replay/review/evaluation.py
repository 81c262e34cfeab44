"""The evaluation curve: best possible after every turn (what the team could still
score knowing every card, `solver.exact`), and the turns whose action lost points.

Like a chess engine's evaluation beside a game, it says what was possible, not what a
player could know: a `lost_points` note says so, and says when the move that would have
kept the points needed knowledge the player did not have (`whatif.knowing`).

It lives in review, not in the solver: the curve itself is the solver's
(`solver.exact.best_possible_curve`), but turning a drop of the curve into a
`lost_points` finding is a judgement of the move, made with the judge's vocabulary and
`witness`, so it sits on the floor that may import both.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import pairwise

from ..rules.game import Action, Discard, Hint
from ..rules.words import words
from ..solver.exact import DEFAULT_BUDGET, Budget, CurvePoint, Solver, best_possible_curve
from .analysis import Analysis, Finding
from .vocabulary import Kind, LostPointsDetails, Severity
from .whatif import knowing
from .witness import candidate_budget, knowable_keep


@dataclass(frozen=True)
class Evaluation:
    points: tuple[CurvePoint, ...]  # one per turn, the deal first (the solver's)
    findings: tuple[Finding, ...]  # lost_points notes, in turn order

    @property
    def at_deal(self) -> CurvePoint:
        return self.points[0]

    @property
    def lost_turns(self) -> tuple[int, ...]:
        return tuple(f.turn for f in self.findings)

    def curve_text(self) -> str:
        """'25 (turns 0-13), 23 (14-29), 21 to 23 (30-52)': runs of equal figures."""
        runs: list[tuple[int, int, CurvePoint]] = []
        for p in self.points:
            if runs and (runs[-1][2].lower, runs[-1][2].upper) == (p.lower, p.upper):
                runs[-1] = (runs[-1][0], p.turn, runs[-1][2])
            else:
                runs.append((p.turn, p.turn, p))
        return ", ".join(
            f"{figure_text(p)} ({'turn' if a == b else 'turns'} {a}{'' if a == b else f'-{b}'})"
            for a, b, p in runs)


def figure_text(p: CurvePoint) -> str:
    """Best possible as far as it is proven: '19'; else 'at least 19, at most 21'. The
    one wording of a solver's figure, for every note and view that quotes it."""
    return str(p.lower) if p.exact else f"at least {p.lower}, at most {p.upper}"


def at_least_text(p: CurvePoint) -> str:
    """What a line is proven to reach: '19' when that is best possible, else 'at least 19'."""
    return str(p.lower) if p.exact else f"at least {p.lower}"


def evaluate(analysis: Analysis, budget: Budget = DEFAULT_BUDGET) -> Evaluation:
    """Best possible after every turn within `budget` for the game, and a
    `lost_points` note at each turn after which it is proven lower than before."""
    tl = analysis.timeline
    curve = best_possible_curve(tl, budget)
    game = tl.game
    w = words(game.ruleset)
    findings = []
    solver = Solver(game)  # one memo for every note's candidate searches
    each = candidate_budget(budget)
    for before, after in pairwise(curve):
        if before.lower <= after.upper:
            continue  # no drop proven
        turn = after.turn
        p = tl[turn - 1].player(game)
        name = game.players[p]
        action = tl.actions[turn - 1]
        said = (f"Even knowing every card, the team could now score at most {after.upper} "
                f"({at_least_text(before)} before {name}'s "
                f"{_move(analysis, turn, action, w.hint)}).")
        # `before` is a line's score: best possible when proven, else only a lower bound.
        details = LostPointsDetails(before=before.lower, before_proven=before.exact,
                                    after=after.upper, drop=before.lower - after.upper)
        if before.witness:
            # The solver's first move, unless a move the player could follow keeps it too.
            keep = knowable_keep(analysis, turn, before.lower, before.witness[0], each, solver)
            needs = keep is None
            if keep is None:
                keep = before.witness[0]
                needs = knowing(analysis, turn, keep) is None
            how = _keep(analysis, turn, keep, w.hinted)
            # The line is the solver's: every move after the first made knowing every card
            # (an outcome, not advice: the conventions may read its first move otherwise).
            said += (f" {name} could have {how} instead"
                     f"{f', but {name} could not know it' if needs else ''}: played on by "
                     f"players knowing every card, that line still reaches {before.lower}.")
            # The witness names a card: a view that hides its holder's cards hides the note.
            details["witness"] = how
            details["needs_knowledge"] = needs
            details["related"] = [] if isinstance(keep, Hint) else [keep[0]]
        findings.append(Finding(turn, p, Kind.LOST_POINTS, Severity.INFO, _cards(action), said,
                                details))
    return Evaluation(curve, tuple(findings))


def _cards(action: Action) -> tuple[int, ...]:
    return () if isinstance(action, Hint) else (action[0],)


def _move(analysis: Analysis, turn: int, action: Action, hint: str) -> str:
    game = analysis.record.game
    if isinstance(action, Hint):
        return f"{hint} ({game.describe_hint(action)} to {game.players[action.to]})"
    card = game.card_text(action[0])
    return f"discard of {card}" if type(action) is Discard else f"play of {card}"


def _keep(analysis: Analysis, turn: int, action: Action, hinted: str) -> str:
    game = analysis.record.game
    if isinstance(action, Hint):
        return f"{hinted} {game.describe_hint(action)} to {game.players[action.to]}"
    p = analysis.timeline[turn - 1].player(game)
    slot = analysis.timeline[turn - 1].hands[p].index(action[0]) + 1
    verb = "discarded" if type(action) is Discard else "played"
    return f"{verb} slot {slot} ({game.card_text(action[0])})"

