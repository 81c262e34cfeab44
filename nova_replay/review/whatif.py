"""What if one turn had gone otherwise: the analysis of a game's actions up to a turn
followed by another action there. Puzzles and the convention player's suggestions ask
it whether a different move would have avoided a finding.

It lives in review, not in the solver: it asks "was this move right?" by running the
judge (`analysis.analyze`) on another line, and nothing in the solver may import the
judge (pyproject.toml's floors)."""

from __future__ import annotations

from dataclasses import replace

from ..knowledge.tiers import knows_playable, knows_trash
from ..rules.engine import replay
from ..rules.game import Action, Discard, Hint, Play
from .analysis import Analysis, analyze
from .vocabulary import Kind


def alternative(analysis: Analysis, turn: int, action: Action) -> Analysis:
    """The analysis of the game's actions before `turn` followed by `action` (by the
    same conventions as `analysis`)."""
    record = analysis.record
    actions = [*record.timeline.actions[:turn - 1], action]
    timeline = replay(record.game, actions)
    reading = analysis.reading
    return analyze(replace(record, timeline=timeline),
                   reading.conventions if reading is not None else None)


def avoids_faults(analysis: Analysis, turn: int, action: Action) -> bool:
    """Whether `action` at `turn` draws no blunder or mistake there, loses nothing there
    (no misfire, strikeout or lost card, even one that is no fault of the mover's: a
    teacher does not suggest a move that loses a life or a card), and keeps max score at
    least as high as the move taken."""
    alt = alternative(analysis, turn, action)
    return (not any(f.severity.is_fault or f.kind in _LOSSES for f in alt.notes_at(turn))
            and alt.clock[turn].max_score >= analysis.clock[turn].max_score)


_LOSSES = frozenset({Kind.MISFIRE, Kind.STRIKEOUT, Kind.LOST_CRITICAL})


def knowing(analysis: Analysis, turn: int, action: Action) -> str | None:
    """Why the mover could choose `action` at `turn` from what they knew then (None:
    their own knowledge did not show it safe): a play of a card known playable, a
    discard of a card known trash, or a hint (its giver sees every card it touches)."""
    game, tk = analysis.record.game, analysis.knowledge
    mover = analysis.record.timeline[turn - 1].player(game)
    st = tk.statuses[turn - 1]
    if isinstance(action, Hint):
        return "a hint: its giver sees every card it touches"  # judged by its notes
    k = next(k for k in tk.of(turn - 1, mover) if k.card == action.card)
    if type(action) is Play and knows_playable(k, st):
        return "the card was known playable"
    if type(action) is Discard and knows_trash(k, st):
        return "the card was known trash"
    return None
