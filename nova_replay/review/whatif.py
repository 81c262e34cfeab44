"""What if one turn had gone otherwise: the analysis of a game's actions up to a turn
followed by another action there. Puzzles and the convention player's suggestions ask
it whether a different move would have avoided a finding."""

from __future__ import annotations

from dataclasses import replace

from ..rules.engine import replay
from ..rules.game import Action
from .analysis import Analysis, analyze

FAULTS = ("blunder", "mistake")


def alternative(analysis: Analysis, turn: int, action: Action) -> Analysis:
    """The analysis of the game's actions before `turn` followed by `action`."""
    record = analysis.record
    actions = [*record.timeline.actions[:turn - 1], action]
    timeline = replay(record.game, actions)
    return analyze(replace(record, timeline=timeline))


def avoids_faults(analysis: Analysis, turn: int, action: Action) -> bool:
    """Whether `action` at `turn` draws no blunder or mistake there and keeps max score
    at least as high as the move taken."""
    alt = alternative(analysis, turn, action)
    return (not any(f.severity in FAULTS for f in alt.notes_at(turn))
            and alt.clock[turn].max_score >= analysis.clock[turn].max_score)
