"""Move values in words and as JSON (`analyze --value`; docs/values.md)."""

from __future__ import annotations

from typing import Any

from ..rules.game import Action, Discard, Game, Hint
from ..rules.words import words
from .value import BLUNDER, INACCURACY, MISTAKE, GameValues


def move_text(game: Game, hand: tuple[int, ...], action: Action) -> str:
    """'clue 3 to Ben', 'play slot 2', 'discard slot 4' (slots as the mover's hand had them)."""
    if isinstance(action, Hint):
        return f"{words(game.ruleset).hint} {game.describe_hint(action)} to {game.players[action.to]}"
    slot = hand.index(action.card) + 1 if action.card in hand else 0
    verb = "discard" if type(action) is Discard else "play"
    return f"{verb} slot {slot}"


def values_text(values: GameValues, hands: list[tuple[int, ...]]) -> str:
    """Per player accuracy, then every move with a loss at or above the inaccuracy
    threshold; `hands[t - 1]` is the mover's hand before turn t."""
    game = values.game
    lines = [f"Move values ({values.samples} deals per move, convention player "
             f"h-group:{values.level} as the rest of the game; thresholds: inaccuracy "
             f">= {INACCURACY:g}, mistake >= {MISTAKE:g}, blunder >= {BLUNDER:g} points)",
             f"{'player':10} {'moves':>5} {'inacc.':>6} {'mist.':>5} {'blund.':>6} "
             f"{'mean loss':>9} {'accuracy':>8}"]
    for a in values.accuracy:
        lines.append(f"{a.name:10} {a.moves:>5} {a.inaccuracies:>6} {a.mistakes:>5} "
                     f"{a.blunders:>6} {a.mean_loss:>9.2f} {a.accuracy:>7.1f}%")
    flagged = [m for m in values.moves if m.severity is not None]
    if flagged:
        lines.append("")
    for m in flagged:
        hand = hands[m.turn - 1]
        lines.append(f"turn {m.turn}: {game.players[m.player]} {move_text(game, hand, m.action)}"
                     f" ({m.played:.2f}): {m.severity}, expected loss {m.expected_loss:.2f}; "
                     f"best {move_text(game, hand, m.best_action)} ({m.best:.2f})")
    return "\n".join(lines)


def _action(game: Game, action: Action) -> dict[str, Any]:
    if isinstance(action, Hint):
        return {"type": "hint", "to": game.players[action.to],
                "hint": game.describe_hint(action)}
    kind = "discard" if type(action) is Discard else "play"
    return {"type": kind, "card": action.card}


def values_json(values: GameValues) -> dict[str, Any]:
    """The values report as JSON-ready data (its shape: docs/values.md)."""
    game = values.game
    return {
        "samples": values.samples,
        "conventions": f"h-group:{values.level}",
        "thresholds": {"inaccuracy": INACCURACY, "mistake": MISTAKE, "blunder": BLUNDER},
        "moves": [{
            "turn": m.turn, "player": game.players[m.player], "action": _action(game, m.action),
            "value": round(m.played, 4), "best_value": round(m.best, 4),
            "best_action": _action(game, m.best_action),
            "expected_loss": round(m.expected_loss, 4), "severity": m.severity,
            "candidates": [{"action": _action(game, a), "value": round(v, 4)}
                           for a, v in m.candidates],
        } for m in values.moves],
        "players": [{
            "player": a.name, "moves": a.moves, "inaccuracies": a.inaccuracies,
            "mistakes": a.mistakes, "blunders": a.blunders,
            "mean_expected_loss": round(a.mean_loss, 4), "accuracy": round(a.accuracy, 2),
        } for a in values.accuracy],
    }
