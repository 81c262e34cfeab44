"""hanab.live game-export JSON, in and out.

hanab.live (https://hanab.live) is where most recorded Hanabi games live, so a reviewer
must be able to open its exports. Facts about its format come from its source,
github.com/Hanabi-Live/hanabi-live: server/src/game_json.go (the top-level keys),
server/src/options.go (the option names) and packages/client/src/game/types/EndCondition.ts
(the end-condition numbers).

Two things differ from our format and are converted both ways:
- hanab.live deals hand by hand (player 0 gets the first hand-size cards), we deal
  round-robin; the deck is reordered so that the same cards land in the same hands and
  slots, and play/discard targets (card orders) are renumbered to match.
- hanab.live may start with any player (options.startingPlayer); our first player starts,
  so the players are rotated. The original order is recoverable from the options, which
  are kept in `meta.hanablive` with every other key we do not use (id, seed, notes...).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from .engine import replay
from .errors import NovaError, SchemaError
from .game import Game, Hint, Play
from .log import FORMAT_NAME, FORMAT_VERSION, GameLog
from .reader import CONVERTERS, parse_log
from .rulesets import make_ruleset
from .validate import Record, load_data

FORMAT = "hanab.live"
VARIANT = "No Variant"
SUIT_LETTERS = "RYGBW"  # No Variant suit indices 0-4: red, yellow, green, blue, purple (= our W)
SUIT_NAMES = "red, yellow, green, blue, purple"
PLAY, DISCARD, COLOUR_CLUE, RANK_CLUE, GAME_OVER = range(5)

# EndCondition.ts, in order from 0; 0 (in progress) never ends a game.
END_CONDITIONS = (
    "in-progress", "normal", "strikeout", "timeout", "terminated", "speedrun-fail",
    "idle-timeout", "character-softlock", "all-or-nothing-fail", "all-or-nothing-softlock",
    "terminated-by-vote",
)
_NATURAL_ENDS = ("normal", "strikeout")
# Options that change the rules; deckPlays only matters when a deck play is made.
RULE_OPTIONS = ("cardCycle", "emptyClues", "oneExtraCard", "oneLessCard", "allOrNothing",
                "detrimentalCharacters")
SUPPORTED_OPTIONS = ("startingPlayer, variant 'No Variant', timed, timeBase, timePerTurn, "
                     "speedrun, deckPlays (if no deck play is made)")
_OWN_KEYS = ("players", "deck", "actions", "options")
META_KEY = "hanablive"


def looks_like_hanablive(data: Any) -> bool:
    """Whether `data` has hanab.live's shape: players, a deck of {suitIndex, rank}
    and actions of {type, target, value}. Loose on purpose, so that a broken hanab.live
    file is told what is wrong with it in hanab.live's terms."""
    if not isinstance(data, dict) or "format" in data:
        return False
    players, deck, actions = data.get("players"), data.get("deck"), data.get("actions")
    return (
        isinstance(players, list)
        and isinstance(deck, list) and (bool(deck) or "seed" in data)
        and all(isinstance(c, dict) and ("suitIndex" in c or "rank" in c) for c in deck)
        and isinstance(actions, list)
        and all(isinstance(a, dict) and "type" in a for a in actions)
    )


def _int(value: Any, path: str, low: int, high: int, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise SchemaError(path, f"expected {what} {low} to {high}, found {json.dumps(value)}")
    return value


def _deal_map(n: int, size: int, start: int) -> list[int]:
    """hanab.live card order -> our deck index, for the dealt cards. hanab.live's player q
    gets orders q*size .. q*size+size-1 (newest last); they become our player
    (q - start) % n, whose k-th dealt card is our index p + n*k."""
    return [((o // size - start) % n) + n * (o % size) for o in range(n * size)]


def _check_options(options: Any) -> dict[str, Any]:
    if options is None:
        return {}
    if not isinstance(options, dict):
        raise SchemaError("$.options", f"expected an object, found {json.dumps(options)}")
    variant = options.get("variant", VARIANT)
    if variant != VARIANT:
        raise SchemaError("$.options.variant", f"hanab.live variant {json.dumps(variant)} is not "
                          f"supported; supported: '{VARIANT}' (the hanabi ruleset)")
    for name in RULE_OPTIONS:
        if options.get(name):
            raise SchemaError(f"$.options.{name}", f"option {name} changes the rules and is not "
                              f"supported; supported options: {SUPPORTED_OPTIONS}")
    return options


def _check_players(players: list[Any]) -> list[str]:
    if not 2 <= len(players) <= 5:
        raise SchemaError("$.players", f"expected 2 to 5 players, found {len(players)}")
    for i, name in enumerate(players):
        if not isinstance(name, str) or not name.strip() or len(name) > 40:
            raise SchemaError(f"$.players[{i}]", f"expected a name of 1 to 40 characters, "
                              f"found {json.dumps(name)}")
        if name in players[:i]:
            raise SchemaError(f"$.players[{i}]", f"duplicate player name {name!r}")
    return players


def _deck_cards(deck: list[Any], size: int) -> list[str]:
    if len(deck) != size:
        why = " (a deck given only by its seed cannot be rebuilt here)" if not deck else ""
        raise SchemaError("$.deck", f"expected the {size} cards of {VARIANT}, found {len(deck)}{why}")
    cards = []
    for i, c in enumerate(deck):
        suit = _int(c.get("suitIndex"), f"$.deck[{i}].suitIndex", 0, 4,
                    f"a {VARIANT} suit index ({SUIT_NAMES})")
        rank = _int(c.get("rank"), f"$.deck[{i}].rank", 1, 5, "a rank")
        cards.append(f"{rank}{SUIT_LETTERS[suit]}")
    return cards


def from_hanablive(data: Any) -> dict[str, Any]:
    """Our log data (format v1) for a hanab.live game export; raises SchemaError with a
    JSON path of the hanab.live file for anything we cannot express."""
    if not looks_like_hanablive(data):
        found = ("a nova-replay log" if isinstance(data, dict) and "format" in data
                 else "something else")
        raise SchemaError("$", "not a hanab.live game export (expected players, a deck of "
                          f"{{suitIndex, rank}} and actions of {{type, target, value}}), found {found}")
    options = _check_options(data.get("options"))
    players = _check_players(data["players"])
    n = len(players)
    rules = make_ruleset("hanabi")
    size = rules.hand_size(n)
    start = _int(options.get("startingPlayer", 0), "$.options.startingPlayer", 0, n - 1,
                 "a player index")
    hl_cards = _deck_cards(data["deck"], rules.deck_size)
    order = _deal_map(n, size, start) + list(range(n * size, len(hl_cards)))
    deck = [""] * len(hl_cards)
    for o, index in enumerate(order):
        deck[index] = hl_cards[o]

    actions, game_over = _convert_actions(data["actions"], players, order, size, start,
                                          bool(options.get("deckPlays")))
    meta: dict[str, Any] = {k: v for k, v in data.items() if k not in _OWN_KEYS}
    if "options" in data:
        meta["options"] = options
    log: dict[str, Any] = {
        "format": FORMAT_NAME, "version": FORMAT_VERSION, "ruleset": {"name": "hanabi"},
        "players": players[start:] + players[:start], "deck": deck, "actions": actions,
    }
    if game_over is not None:
        i, target, value = game_over
        if _ended_naturally(log):
            meta["gameOver"] = data["actions"][i]
        elif END_CONDITIONS[value] in _NATURAL_ENDS:
            raise SchemaError(f"$.actions[{i}].value", f"the game over says "
                              f"'{END_CONDITIONS[value]}', but by the rules the game goes on "
                              f"after {i} actions")
        else:
            log["termination"] = {"reason": END_CONDITIONS[value], "player": players[target]}
    if meta:
        log["meta"] = {META_KEY: meta}
    return log


def _convert_actions(
    raw: list[dict[str, Any]], players: list[str], order: list[int], size: int, start: int,
    deck_plays: bool,
) -> tuple[list[dict[str, Any]], tuple[int, int, int] | None]:
    """Our actions, and (index, target, value) of the game-over action if any. Follows the
    hands in hanab.live's numbering, so that a card not in its player's hand (or a deck
    play) is told with hanab.live's card order."""
    n, deck_size = len(players), len(order)
    hands = [list(range(q * size, q * size + size)) for q in range(n)]
    drawn = n * size
    out: list[dict[str, Any]] = []
    for i, a in enumerate(raw):
        path = f"$.actions[{i}]"
        actor = (start + i) % n
        kind = _int(a.get("type"), f"{path}.type", 0, 4, "an action type (0 play, 1 discard, "
                    "2 colour clue, 3 rank clue, 4 game over):")
        target = _int(a.get("target"), f"{path}.target", 0,
                      deck_size - 1 if kind in (PLAY, DISCARD) else n - 1,
                      "a card order" if kind in (PLAY, DISCARD) else "a player index")
        value = a.get("value")  # unused by plays and discards
        if kind == GAME_OVER:
            value = _int(value, f"{path}.value", 1, len(END_CONDITIONS) - 1,
                         "an end condition (1 normal, 2 strikeout, 3 timeout, 4 terminated, ...)")
            if i != len(raw) - 1:
                raise SchemaError(f"$.actions[{i + 1}]", f"action after the game over at {path}")
            return out, (i, target, value)
        if kind == COLOUR_CLUE:
            value = _int(value, f"{path}.value", 0, 4, f"a {VARIANT} colour ({SUIT_NAMES})")
            out.append({"type": "hint", "to": players[target], "suit": SUIT_LETTERS[value]})
            continue
        if kind == RANK_CLUE:
            value = _int(value, f"{path}.value", 1, 5, "a rank")
            out.append({"type": "hint", "to": players[target], "rank": value})
            continue
        hand = hands[actor]
        if target not in hand:
            verb = "plays" if kind == PLAY else "discards"
            if kind == PLAY and target == drawn == deck_size - 1 and deck_plays:
                raise SchemaError(f"{path}.target", f"{players[actor]} plays the last card of the "
                                  f"deck (a deck play, option deckPlays), which the hanabi rules "
                                  f"do not allow; supported options: {SUPPORTED_OPTIONS}")
            held = ", ".join(str(c) for c in reversed(hand))
            raise SchemaError(f"{path}.target", f"{players[actor]} {verb} card order {target}, "
                              f"which is not in {players[actor]}'s hand (holds {held})")
        hand.remove(target)
        if drawn < deck_size:
            hand.append(drawn)
            drawn += 1
        out.append({"type": "play" if kind == PLAY else "discard", "card": order[target]})
    return out, None


def _ended_naturally(log: dict[str, Any]) -> bool:
    """Whether our engine says the game is over after these actions. A log the engine
    refuses is 'not over' here; the replay that follows reports the illegal action."""
    try:
        typed = parse_log(log)
        assert typed is not None
        game = Game.from_log(typed)
        return replay(game, game.actions_from_log(typed)).final.over
    except NovaError:
        return False


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
    options = meta.pop("options", None)
    game_over = meta.pop("gameOver", None)
    if options is not None and not isinstance(options, dict):
        raise SchemaError("$.meta.hanablive.options",
                          f"expected an object of hanab.live options, found {json.dumps(options)}")
    clash = sorted(set(meta) & {"players", "deck", "actions"})
    if clash:
        raise SchemaError(f"$.meta.hanablive.{clash[0]}",
                          "kept hanab.live fields may not replace the game's players, deck or "
                          "actions")
    n, size = len(game.players), game.hand_size
    start = (options or {}).get("startingPlayer", 0)
    if isinstance(start, bool) or not isinstance(start, int) or not 0 <= start < n:
        raise SchemaError("$.meta.hanablive.options.startingPlayer",
                          f"expected a player index 0 to {n - 1}, found {json.dumps(start)}")
    players = list(game.players[n - start:] + game.players[:n - start])
    seat = {name: q for q, name in enumerate(players)}
    order = _deal_map(n, size, start) + list(range(n * size, len(game.deck)))
    hl_order = {index: o for o, index in enumerate(order)}
    deck: list[dict[str, int]] = [{}] * len(game.deck)
    for index, card in enumerate(game.deck):
        deck[hl_order[index]] = {"suitIndex": SUIT_LETTERS.index(card.suit), "rank": card.rank}
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
    out: dict[str, Any] = {"players": players, "deck": deck, "actions": actions}
    if options is not None:
        out["options"] = options
    out.update(meta)
    return out


def dumps_hanablive(data: Mapping[str, Any]) -> str:
    """hanab.live JSON as written to disk: one card or action a line, like its examples."""
    items = []
    for key, value in data.items():
        if key in ("deck", "actions") and value:
            body = ",\n".join(f"    {json.dumps(v, ensure_ascii=False)}" for v in value)
            items.append(f"  {json.dumps(key)}: [\n{body}\n  ]")
        else:
            items.append(f"  {json.dumps(key)}: {json.dumps(value, ensure_ascii=False)}")
    return "{\n" + ",\n".join(items) + "\n}\n"


if not any(name == FORMAT for name, _, _ in CONVERTERS):
    CONVERTERS.append((FORMAT, looks_like_hanablive, from_hanablive))
