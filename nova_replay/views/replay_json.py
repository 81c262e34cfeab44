"""`nova-replay replay --json`: the timeline as data, seen through a `Perspective` (the same
projection the text uses: the viewer's own cards are null, a card they drew face down is
"a card" in the turn's sentence)."""

from __future__ import annotations

from typing import Any

from ..knowledge.perspective import Perspective
from ..rules.engine import State, Timeline
from .text import describe_turn


def table_data(timeline: Timeline, state: State, seen: Perspective) -> dict[str, Any]:
    """The table at `state` as `seen` may see it: rows by suit letter, coins, lives, draw
    pile, discards (face up, so public), each hand slot 1 first (null: face down)."""
    game = timeline.game
    rules = game.ruleset
    return {
        "rows": {rules.suit_letter(s): h for s, h in enumerate(state.rows)},
        "score": state.score, "coins": state.coins, "lives": state.lives,
        "draw_pile": state.draw_pile(game),
        "discards": [game.card_text(c) for c in state.discards],
        "hands": {name: [None if c is None else game.card_text(c) for c in seen.hand(state, p)]
                  for p, name in enumerate(game.players)},
        "to_play": None if state.over else game.players[state.player(game)],
    }


def replay_data(timeline: Timeline, turns: range | list[int], seen: Perspective
                ) -> dict[str, Any]:
    """The turns asked for: per turn what happened (null at the deal) and the table after
    it, each seen at that turn."""
    game = timeline.game
    final = timeline.final
    return {
        "ruleset": game.ruleset.title, "players": list(game.players),
        "viewer": None if seen.viewer is None else game.players[seen.viewer],
        "turns": [{"turn": t,
                   "action": describe_turn(timeline, t, seen.at(t)) if t > 0 else None,
                   "table": table_data(timeline, timeline[t], seen.at(t))} for t in turns],
        "final": {"turn": final.turn, "score": final.score,
                  "perfect": game.ruleset.perfect_score, "ending": final.ending},
    }
