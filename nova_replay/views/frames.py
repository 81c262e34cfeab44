"""One game's tables as pandas DataFrames, for a notebook (`GameRecord.clock_frame`,
`GameRecord.notes_frame`): a row per turn of the draw-pile clock, a row per teaching note.
pandas is optional (the `[pandas]` or `[dask]` extra): without it, one clear ImportError."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from ..review.analysis import Analysis
from ..review.clock import ClockPoint
from ..rules.engine import Timeline
from ..rules.game import Game


class GameRecord(Protocol):
    """What the frames read of `views.position.GameRecord` (a Protocol, so that this
    module imports nothing of the module that calls it: no cycle)."""

    @property
    def players(self) -> tuple[str, ...]: ...

    @property
    def timeline(self) -> Timeline: ...

    @property
    def game(self) -> Game: ...

    @property
    def turns(self) -> int: ...

    @property
    def analysis(self) -> Analysis: ...

    @property
    def findings(self) -> Sequence[Any]: ...

NEEDS_PANDAS = "this needs pandas: pip install 'nova-replay[pandas]'"


def pandas() -> Any:
    """The pandas module, or ImportError saying which extra brings it."""
    try:
        import pandas as pd
    except ImportError:
        raise ImportError(NEEDS_PANDAS) from None
    return pd


def clock_frame(game: GameRecord) -> Any:
    """A row per turn (0 = the deal): who moved, then the clock's figures
    (`review.clock.ClockPoint`); integers stay integers where a turn has none (<NA>)."""
    pd = pandas()
    moved = [None] + [game.players[game.timeline.states[t - 1].player(game.game)]
                      for t in range(1, game.turns + 1)]
    data: dict[str, Any] = {"turn": [p.turn for p in game.analysis.clock], "player": moved}
    for name in ClockPoint._fields[1:]:
        data[name] = [getattr(p, name) for p in game.analysis.clock]
    frame = pd.DataFrame(data)
    kinds = {"turn": "Int64", "player": "string", "draw_pile": "Int64", "pace": "Int64",
             "score": "Int64", "max_score": "Int64", "efficiency": "Float64",
             "final_turns_left": "Int64"}
    return frame.astype({k: v for k, v in kinds.items() if k in frame.columns})


def notes_frame(game: GameRecord) -> Any:
    """A row per teaching note, in turn order: turn, player, kind, severity, message."""
    pd = pandas()
    notes = game.findings
    frame = pd.DataFrame({"turn": [n.turn for n in notes], "player": [n.player for n in notes],
                          "kind": [n.kind for n in notes], "severity": [n.severity for n in notes],
                          "message": [n.message for n in notes]})
    return frame.astype({"turn": "Int64", "player": "string", "kind": "string",
                         "severity": "string", "message": "string"})
