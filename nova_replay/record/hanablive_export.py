"""Our logs written back out as hanab.live game-export JSON: the inverse of
`record.hanablive.from_hanablive` (see that module for how the two formats differ)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from ..rules.errors import SchemaError
from ..rules.game import Hint, Play
from .hanablive import (
    ANONYMISED,
    COLOUR_CLUE,
    DISCARD,
    END_CONDITIONS,
    GAME_OVER,
    META_KEY,
    PLAY,
    RANK_CLUE,
    VARIANT,
    _deal_map,
    kept_starting_player,
)
from .load import Record, load_data
from .log import GameLog


def _record(source: Record | GameLog | Mapping[str, Any]) -> Record:
    if isinstance(source, Record):
        return source
    if isinstance(source, GameLog):
        return load_data(source.model_dump(mode="json", exclude_none=True))
    return load_data(dict(source))


def _hanablive_meta(log: GameLog) -> dict[str, Any]:
    extra = log.meta.model_extra if log.meta is not None else None
    found = (extra or {}).get(META_KEY)
    return dict(found) if isinstance(found, dict) else {}


def export_losses(log: GameLog) -> list[str]:
    """What of `log` hanab.live's format has no place for (dropped by `to_hanablive`)."""
    lost = []
    if log.meta is not None:
        dumped = log.meta.model_dump(exclude_none=True)
        lost += [f"meta.{k}" for k in dumped if k != META_KEY]
    comments = sum(1 for a in log.actions if a.comment)
    if comments:
        lost.append(f"{comments} action comment{'s' if comments > 1 else ''}")
    return lost


def to_hanablive(source: Record | GameLog | Mapping[str, Any]) -> dict[str, Any]:
    """hanab.live game-export JSON for a Hanabi-ruleset log (a record, typed log or log
    data). Inverse of `from_hanablive`; what it cannot express is listed by
    `export_losses`. Raises NovaError for a Nova log or a log that does not replay."""
    record = _record(source)
    game, log = record.game, record.log
    if game.ruleset.name != "hanabi":
        raise SchemaError("$.ruleset", f"hanab.live export takes the hanabi ruleset only "
                          f"({VARIANT}), found {game.ruleset.title}")
    meta = _hanablive_meta(log)
    anonymised = meta.pop(ANONYMISED, False) is True
    options = meta.pop("options", None)
    game_over = meta.pop("gameOver", None)
    clash = sorted(set(meta) & {"players", "deck", "actions"})
    if clash:
        raise SchemaError(f"$.meta.hanablive.{clash[0]}",
                          "kept hanab.live fields may not replace the game's players, deck or "
                          "actions")
    n = len(game.players)
    start = kept_starting_player(log)
    players = list(game.players[n - start:] + game.players[:n - start])
    seat = {name: q for q, name in enumerate(players)}
    hl_order = dict(enumerate(card_orders(record, start)))
    deck: list[dict[str, int]] = [{}] * len(game.deck)
    for index, card in enumerate(game.deck):
        deck[hl_order[index]] = {"suitIndex": game.ruleset.suits.index(card.suit),
                                 "rank": card.rank}
    actions: list[dict[str, int]] = []
    for action in record.timeline.actions:
        if isinstance(action, Hint):
            target = seat[game.players[action.to]]
            if action.suit >= 0:
                actions.append({"type": COLOUR_CLUE, "target": target, "value": action.suit})
            else:
                actions.append({"type": RANK_CLUE, "target": target, "value": action.rank})
        else:
            kind = PLAY if isinstance(action, Play) else DISCARD
            actions.append({"type": kind, "target": hl_order[action[0]], "value": 0})
    if log.termination is not None:
        reason, who = log.termination.reason, log.termination.player
        value = END_CONDITIONS.index(reason) if reason in END_CONDITIONS[3:] else 4
        final = record.timeline.final
        target = seat[who] if who in seat else seat[game.players[final.player(game)]]
        actions.append({"type": GAME_OVER, "target": target, "value": value})
    elif isinstance(game_over, dict):
        actions.append(game_over)
    out: dict[str, Any] = {"deck": deck, "actions": actions} if anonymised else {
        "players": players, "deck": deck, "actions": actions}
    if anonymised:  # no names: the player count is what the file says of the players
        count = meta.pop("playerCount", n)
        if count != n or isinstance(count, bool):
            raise SchemaError("$.meta.hanablive.playerCount", f"expected {n} (the log's players) "
                              f"for an anonymised export, found {json.dumps(count)}")
        out["playerCount"] = n
    variant = game.ruleset.variant  # No Variant is hanab.live's default: a file names none
    if (variant not in ("", VARIANT) and "variant" not in meta
            and (options or {}).get("variant") != variant):
        options = {**(options or {}), "variant": variant}  # else it reads back as No Variant
    rules = game.ruleset  # the options that change rules, as hanab.live names them
    said = {"emptyClues": rules.empty_clues, "oneExtraCard": rules.hand_change > 0,
            "oneLessCard": rules.hand_change < 0}
    if any(on and not (options or {}).get(k) for k, on in said.items()):
        options = {**(options or {}), **{k: True for k, on in said.items() if on}}
    if options is not None:
        out["options"] = options
    out.update(meta)
    return out


def card_orders(record: Record, start: int | None = None) -> tuple[int, ...]:
    """Per deck index, the card's `order` as hanab.live numbers it in an export (cards
    numbered as dealt, hand by hand, from its starting player): what `to_hanablive`
    writes, and for a game read from hanab.live the file's own numbering. A Nova game
    is numbered the same way (its deal is Hanabi's). `start` is hanab.live's starting
    player (read from the log's kept hanab.live options when not given)."""
    game = record.game
    n, size = len(game.players), game.hand_size
    if start is None:
        start = kept_starting_player(record.log)
    order = _deal_map(n, size, start) + list(range(n * size, len(game.deck)))
    out = [0] * len(order)
    for o, index in enumerate(order):
        out[index] = o
    return tuple(out)


def dumps_hanablive(data: Mapping[str, Any]) -> str:
    """hanab.live JSON as written to disk: one card or action a line, like its examples."""
    items = []
    for key, value in data.items():
        if key in ("deck", "actions") and value:
            body = ",\n".join(f"    {json.dumps(v, ensure_ascii=False, allow_nan=False)}" for v in value)
            items.append(f"  {json.dumps(key)}: [\n{body}\n  ]")
        else:
            items.append(f"  {json.dumps(key)}: {json.dumps(value, ensure_ascii=False, allow_nan=False)}")
    return "{\n" + ",\n".join(items) + "\n}\n"
