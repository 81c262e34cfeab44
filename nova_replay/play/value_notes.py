"""The move values as the analysis' valuer (`analyze --value`; issue #33 item 4: the
notes and the values agree): every fault note outside the endgame is judged by the
convention player's values of its move (`review.endgame.judge_by_value`)."""

from __future__ import annotations

from ..review.endgame import Valuation
from .value import GameValues


class ValuesValuer:
    """A `review.endgame.MoveValuer` over a game's move values (`value.move_values`)."""

    def __init__(self, values: GameValues) -> None:
        self.by_turn = {m.turn: m for m in values.moves}
        self.basis = (f"{values.samples} sampled deals, the convention player "
                      f"h-group:{values.level} playing the rest of the game")

    def __call__(self, turn: int) -> Valuation | None:
        m = self.by_turn.get(turn)
        if m is None:
            return None
        return Valuation(m.played, m.best, m.best_action, self.basis)


__all__ = ["ValuesValuer"]
