"""From a game and engine actions back to log JSON (for simulations and converters)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from ..rules.game import Action, Game
from .actions import action_to_log
from .log import FORMAT_NAME, FORMAT_VERSION


def log_data(
    game: Game,
    actions: Sequence[Action],
    *,
    comments: dict[int, str] | None = None,
    meta: dict[str, Any] | None = None,
    termination: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """A complete log as JSON data; `comments` maps a 1-based turn to its comment."""
    rules = game.ruleset
    ruleset: dict[str, Any] = {"name": rules.name}
    if rules.gentle_show:
        ruleset["gentle_show"] = True
    if rules.grand_finale:
        ruleset["grand_finale"] = True
    if rules.jokers:
        ruleset["jokers"] = rules.jokers
    if rules.variant:
        ruleset["variant"] = rules.variant
    if rules.early_end:
        ruleset["early_end"] = True
    acts = []
    for turn, action in enumerate(actions, start=1):
        a = action_to_log(game, action)
        if comments and turn in comments:
            a["comment"] = comments[turn]
        acts.append(a)
    data: dict[str, Any] = {
        "format": FORMAT_NAME,
        "version": FORMAT_VERSION,
        "ruleset": ruleset,
        "players": list(game.players),
        "deck": [game.ruleset.log_text(c) for c in game.deck],
        "actions": acts,
    }
    if termination:
        data["termination"] = termination
    if meta:
        data["meta"] = meta
    return data


def dumps(data: dict[str, Any]) -> str:
    """Log JSON as written to disk: one action per line, so diffs stay readable."""
    head = {k: v for k, v in data.items() if k not in ("deck", "actions")}
    lines = ["{"]
    items = []
    for key, value in data.items():
        if key == "deck":
            items.append(f'  "deck": {json.dumps(value, ensure_ascii=False, allow_nan=False)}')
        elif key == "actions":
            body = ",\n".join(f"    {json.dumps(a, ensure_ascii=False, allow_nan=False)}" for a in value)
            items.append(f'  "actions": [\n{body}\n  ]' if value else '  "actions": []')
        else:
            items.append(f"  {json.dumps(key)}: {json.dumps(head[key], ensure_ascii=False, allow_nan=False)}")
    lines.append(",\n".join(items))
    lines.append("}")
    return "\n".join(lines) + "\n"
