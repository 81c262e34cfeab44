"""Clue marks as data: which cards the current clue touched and every card's clue
history, decided here by the game's one touch rule (`Game.touched`), so the browser
only draws them (assets/board.js). A clue is public: every viewer sees the same marks.

The `reading` of a clue (its focus and what it asks, from the analysis's conventions
reading, `Analysis.reading`) is None when the clue is not read (`--conventions none`, a
variant the conventions do not read), else {"focus": the focus card's 0-based slot,
"words": its words as the viewer may read them (`views.review_text.reading_text`: as
player X, a clue whose focus or called cards X held is said without X's cards)}.
assets/board.js draws it under the clue (#clue-reading) and marks the focus card.
"""

from __future__ import annotations

from typing import Any

from nova_replay.conventions import Reading
from nova_replay.knowledge.perspective import REVIEWER, Perspective
from nova_replay.review.analysis import Analysis
from nova_replay.rules.game import Hint
from nova_replay.rules.words import words
from nova_replay.views.review_text import reading_text


def clue_of(analysis: Analysis, turn: int, seen: Perspective = REVIEWER
            ) -> dict[str, Any] | None:
    """The clue given at `turn` (None for a play, a discard or the deal): who gave it
    to whom, its words ('blue', '3s'), the receiver's slots it touched (0-based, in
    the hand as it stands after the turn) and its reading as `seen` may read it
    (None: not read)."""
    if turn == 0:
        return None
    timeline = analysis.timeline
    action = timeline.actions[turn - 1]
    if not isinstance(action, Hint):
        return None
    game = timeline.game
    hand = timeline[turn].hands[action.to]  # a clue moves no card: the same slots
    touched = set(game.touched(action, timeline[turn - 1].hands[action.to]))
    giver = game.players[timeline[turn - 1].player(game)]
    said = game.describe_hint(action)
    return {"from": giver, "to": action.to, "words": said,
            "slots": [slot for slot, c in enumerate(hand) if c in touched],
            "text": f"{giver} {words(game.ruleset).hints} {said} to {game.players[action.to]}",
            "reading": reading_of(analysis, turn, seen)}


def reading_of(analysis: Analysis, turn: int, seen: Perspective) -> dict[str, Any] | None:
    """The conventions' reading of the clue at `turn` for the board: the focus card's
    slot and the words `seen` may read (None when the clue is not read)."""
    read = analysis.reading
    if read is None or turn >= len(read.turns):
        return None
    r = read.turns[turn]
    said = reading_text(read, analysis.timeline, turn, seen)
    if not isinstance(r, Reading) or said is None:
        return None
    return {"focus": r.focus_slot, "words": said}


class ClueMarks:
    """Every card's clue history in one game, worked out once per payload."""

    def __init__(self, analysis: Analysis) -> None:
        timeline = analysis.timeline
        game = timeline.game
        touched: dict[int, list[int]] = {}
        for turn, action in enumerate(timeline.actions, start=1):
            if isinstance(action, Hint):
                for c in game.touched(action, timeline[turn - 1].hands[action.to]):
                    touched.setdefault(c, []).append(turn)
        self._touched = touched

    def history(self, card: int, turn: int) -> list[int]:
        """The turns (up to `turn`) of the clues that touched deck card `card`; each
        turn's clue says its words (`clue_of`)."""
        return [t for t in self._touched.get(card, ()) if t <= turn]
