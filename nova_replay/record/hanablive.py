"""hanab.live game-export JSON, read into our format (`hanablive_export` writes it back).

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
import re
from typing import Any

from ..rules.cards import Card, log_suit
from ..rules.engine import STRIKEOUT, TERMINATED, Timeline, no_point_left, replay
from ..rules.errors import NovaError, SchemaError
from ..rules.game import Game
from ..rules.rulesets import Ruleset, RulesetError, make_ruleset
from ..rules.variants import hanablive_ids
from .actions import actions_from_log, game_from_log
from .log import FORMAT_NAME, FORMAT_VERSION, GameLog
from .reader import MAX_DEPTH, json_path, parse_log, value_depth

FORMAT = "hanab.live"
VARIANT = "No Variant"
PLAY, DISCARD, COLOUR_CLUE, RANK_CLUE, GAME_OVER = range(5)

# EndCondition.ts, in order from 0; 0 (in progress) never ends a game.
END_CONDITIONS = (
    "in-progress", "normal", "strikeout", "timeout", "terminated", "speedrun-fail",
    "idle-timeout", "character-softlock", "all-or-nothing-fail", "all-or-nothing-softlock",
    "terminated-by-vote",
)
_NATURAL_ENDS = ("normal", "strikeout")
# Options that change the rules; deckPlays only matters when a deck play is made.
RULE_OPTIONS = ("cardCycle", "allOrNothing", "detrimentalCharacters")
SUPPORTED_OPTIONS = ("startingPlayer, variant (see docs/variants.md), emptyClues, oneExtraCard, "
                     "oneLessCard, timed, timeBase, timePerTurn, speedrun, deckPlays (if no deck "
                     "play is made)")
_OWN_KEYS = ("players", "deck", "actions", "options")
META_KEY = "hanablive"


def looks_like_hanablive(data: Any) -> bool:
    """Whether `data` has hanab.live's shape: players, a deck of {suitIndex, rank}
    and actions of {type, target, value}. Loose on purpose, so that a broken hanab.live
    file is told what is wrong with it in hanab.live's terms."""
    if not isinstance(data, dict) or "format" in data:
        return False
    players, deck, actions = data.get("players"), data.get("deck"), data.get("actions")
    anonymised = "players" not in data and "playerCount" in data
    return (
        (isinstance(players, list) or anonymised)
        and isinstance(deck, list) and (bool(deck) or "seed" in data)
        and all(isinstance(c, dict) and ("suitIndex" in c or "rank" in c) for c in deck)
        and isinstance(actions, list)
        and all(isinstance(a, dict) and "type" in a for a in actions)
    )


def _int(value: Any, path: str, low: int, high: int, what: str, *at: int) -> int:
    """`value` if it is an int from `low` to `high`, else SchemaError at `path` (formatted
    with `at`, such as a card's index, only then: a deck and its actions ask ~150 times)."""
    if type(value) is int and low <= value <= high:
        return value
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise SchemaError(path.format(*at),
                          f"expected {what} {low} to {high}, found {json.dumps(value)}")
    return value


def _deal_map(n: int, size: int, start: int) -> list[int]:
    """hanab.live card order -> our deck index, for the dealt cards. hanab.live's player q
    gets orders q*size .. q*size+size-1 (newest last); they become our player
    (q - start) % n, whose k-th dealt card is our index p + n*k."""
    return [((o // size - start) % n) + n * (o % size) for o in range(n * size)]


# A hanab.live seed: "p{players}v{variant id}s{number}", e.g. p2v16s1 (variant 16 = Rainbow).
# The digits are counted before any is read as a number: Python refuses to convert
# more than 4,300 digits, and a seed is read by every command.
_SEED = re.compile(r"^p(\d+)v(\d+)s(\d+)$")
_SEED_DIGITS = (2, 6)  # at most: players (2 to 6), variant id (hanab.live's are < 10,000)


def _seed_numbers(seed: str) -> tuple[int, int] | None:
    """(players, variant id) of a seed in hanab.live's form, None for any other text
    (such a seed is kept, never read); SchemaError for one with too many digits."""
    found = _SEED.match(seed)
    if found is None:
        return None
    for group, most, what in ((1, _SEED_DIGITS[0], "player count"), (2, _SEED_DIGITS[1], "variant id")):
        if len(found.group(group)) > most:
            shown = seed if len(seed) <= 40 else seed[:37] + "..."
            raise SchemaError("$.seed", f"expected a hanab.live seed p{{players}}v{{variant id}}"
                              f"s{{number}}, found {shown!r} ({len(found.group(group)):,}-digit "
                              f"{what})")
    return int(found.group(1)), int(found.group(2))


def variant_name(data: dict[str, Any]) -> str:
    """The variant a hanab.live export was played in. It may be named in
    `options.variant`, in a top-level `variant` (files written by other tools) or only
    through the seed's variant id (vN, 0 = No Variant). Reading a variant game as No
    Variant would be a silent misread, so any disagreement is refused, and so is a
    non-zero seed variant whose name is not given (the id alone cannot be read here)."""
    options = data.get("options")
    named: list[tuple[str, Any]] = []
    if isinstance(options, dict) and "variant" in options:
        named.append(("$.options.variant", options["variant"]))
    if "variant" in data:
        named.append(("$.variant", data["variant"]))
    for path, value in named:
        if not isinstance(value, str) or not value.strip():
            raise SchemaError(path, f"expected a hanab.live variant name, found {json.dumps(value)}")
    if len(named) == 2 and named[0][1] != named[1][1]:
        raise SchemaError("$.variant", f"the variant is named twice and differently: "
                          f"options.variant {named[0][1]!r}, variant {named[1][1]!r}")
    name: str | None = named[0][1] if named else None
    seed = data.get("seed")
    found = _seed_numbers(seed) if isinstance(seed, str) else None
    if found is None:
        return name if name is not None else VARIANT
    players, seed_variant = found
    if isinstance(data.get("players"), list) and players != len(data["players"]):
        raise SchemaError("$.seed", f"the seed {seed!r} is for {players} players, but the game "
                          f"has {len(data['players'])}")
    if name is None:
        if seed_variant != 0:
            raise SchemaError("$.seed", f"the seed {seed!r} says variant id {seed_variant} (not "
                              f"{VARIANT}), but the file does not name the variant "
                              f"(options.variant); it cannot be read without the name")
        return VARIANT
    if (seed_variant == 0) != (name == VARIANT):
        says = VARIANT if seed_variant == 0 else f"variant id {seed_variant}, not {VARIANT}"
        raise SchemaError("$.seed", f"the seed {seed!r} says {says}, but the file names the "
                          f"variant {name!r}")
    named_id = hanablive_ids().get(name)
    if named_id is not None and named_id != seed_variant:  # an unknown name is refused later
        raise SchemaError("$.seed", f"the seed {seed!r} says variant id {seed_variant}, but the "
                          f"file names the variant {name!r}, whose id is {named_id}")
    return name


def _check_options(options: Any) -> dict[str, Any]:
    if options is None:
        return {}
    if not isinstance(options, dict):
        raise SchemaError("$.options", f"expected an object, found {json.dumps(options)}")
    for name in RULE_OPTIONS:
        if options.get(name):
            raise SchemaError(f"$.options.{name}", f"option {name} changes the rules and is not "
                              f"supported; supported options: {SUPPORTED_OPTIONS}")
    return options


def _rule_options(options: dict[str, Any]) -> dict[str, Any]:
    """hanab.live's options that change rules we read, as `make_ruleset`'s arguments:
    emptyClues; oneExtraCard / oneLessCard (both: refused)."""
    for name in ("emptyClues", "oneExtraCard", "oneLessCard"):
        if name in options and not isinstance(options[name], bool):
            raise SchemaError(f"$.options.{name}", f"expected true or false, found "
                              f"{json.dumps(options[name])}")
    extra, less = bool(options.get("oneExtraCard")), bool(options.get("oneLessCard"))
    if extra and less:
        raise SchemaError("$.options.oneLessCard", "options oneExtraCard and oneLessCard "
                          "together: expected at most one")
    return {"empty_clues": bool(options.get("emptyClues")), "hand_change": extra - less}


ANONYMISED = "anonymised"  # our key in meta.hanablive: the file had no players


def _players(data: dict[str, Any]) -> list[str]:
    """The players' names; an anonymised export (no `players`, only `playerCount`, as
    hanab.live's seed lists give them) gets placeholders Player 1 ... Player n."""
    if "players" in data:
        return _check_players(data["players"])
    count = _int(data.get("playerCount"), "$.playerCount", 2, 6, "a player count")
    return [f"Player {i}" for i in range(1, count + 1)]


def anonymised_warning(log: GameLog) -> str | None:
    """The warning for a log read from an anonymised hanab.live export, else None."""
    extra = log.meta.model_extra if log.meta is not None else None
    kept = (extra or {}).get(META_KEY)
    if not (isinstance(kept, dict) and kept.get(ANONYMISED) is True):
        return None
    return (f"anonymised hanab.live export (no players): read with placeholder names "
            f"{log.players[0]} ... {log.players[-1]}")


def kept_starting_player(log: GameLog) -> int:
    """hanab.live's starting player as the log keeps it (`meta.hanablive.options.
    startingPlayer`, 0 when absent): the one check of that kept option, made when the log
    is replayed (so `validate` refuses it in one line) and used by every reader of it
    (the card numbering of an export, players' notes). Raises SchemaError when the kept
    options are not an object or the index is not one of the log's players."""
    extra = log.meta.model_extra if log.meta is not None else None
    kept = (extra or {}).get(META_KEY)
    options = kept.get("options") if isinstance(kept, dict) else None
    if options is None:
        return 0
    if not isinstance(options, dict):
        raise SchemaError(f"$.meta.{META_KEY}.options", f"expected an object of hanab.live "
                          f"options, found {_shown(options)}")
    start = options.get("startingPlayer", 0)
    n = len(log.players)
    if isinstance(start, bool) or not isinstance(start, int) or not 0 <= start < n:
        raise SchemaError(f"$.meta.{META_KEY}.options.startingPlayer",
                          f"expected a player index 0 to {n - 1}, found {_shown(start)}")
    return start


def _shown(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 60 else text[:57] + "..."


def card_notes(log: GameLog) -> dict[int, tuple[tuple[str, str], ...]]:
    """Players' notes on cards, kept from a hanab.live export (`meta.hanablive.notes`:
    per player in hanab.live's seating, a list indexed by hanab.live card order), as our
    deck index -> ((player, note), ...). Empty for other logs or unusable notes."""
    extra = log.meta.model_extra if log.meta is not None else None
    kept = (extra or {}).get(META_KEY)
    notes = kept.get("notes") if isinstance(kept, dict) else None
    n = len(log.players)
    if not isinstance(notes, list) or len(notes) != n:
        return {}
    try:
        start = kept_starting_player(log)
    except SchemaError:
        return {}
    size = make_ruleset("hanabi").hand_size(n) + log.ruleset.hand_change
    order = _deal_map(n, size, start) + list(range(n * size, len(log.deck)))
    seating = log.players[n - start:] + log.players[:n - start]  # hanab.live's order
    out: dict[int, list[tuple[str, str]]] = {}
    for q, theirs in enumerate(notes):
        if not isinstance(theirs, list):
            continue
        for o, note in enumerate(theirs[:len(order)]):
            if isinstance(note, str) and note.strip():
                out.setdefault(order[o], []).append((seating[q], note.strip()))
    return {index: tuple(found) for index, found in out.items()}


def hanablive_score(log: GameLog, converted_from: str | None, score: int, ending: str | None
                    ) -> int | None:
    """The score hanab.live records for a game read from it (None for other games):
    0 for a strikeout and for a terminated or timed-out game (a `termination` here),
    else the score."""
    extra = log.meta.model_extra if log.meta is not None else None
    if converted_from != FORMAT and META_KEY not in (extra or {}):
        return None
    return 0 if ending in (STRIKEOUT, TERMINATED) else score


def _check_players(players: list[Any]) -> list[str]:
    if not 2 <= len(players) <= 6:
        raise SchemaError("$.players", f"expected 2 to 6 players, found {len(players)}")
    for i, name in enumerate(players):
        if not isinstance(name, str) or not name.strip() or len(name) > 40:
            raise SchemaError(f"$.players[{i}]", f"expected a name of 1 to 40 characters, "
                              f"found {json.dumps(name)}")
        if name in players[:i]:
            raise SchemaError(f"$.players[{i}]", f"duplicate player name {name!r}")
    return players


def _names(rules: Ruleset) -> str:
    return ", ".join(rules.suit_name(i) for i in range(len(rules.suits)))


def _colour_names(rules: Ruleset) -> str:
    return ", ".join(rules.colour_name(i) for i in range(rules.colour_count)) or "none"


def _deck_cards(deck: list[Any], rules: Ruleset, variant: str) -> list[str]:
    size = rules.deck_size
    if len(deck) != size:
        why = " (a deck given only by its seed cannot be rebuilt here)" if not deck else ""
        raise SchemaError("$.deck", f"expected the {size} cards of {variant}, found {len(deck)}{why}")
    cards = []
    last = len(rules.suits) - 1
    suit_index = f"a {variant} suit index ({_names(rules)})"
    for i, c in enumerate(deck):
        suit = _int(c.get("suitIndex"), "$.deck[{}].suitIndex", 0, last, suit_index, i)
        rank = _int(c.get("rank"), "$.deck[{}].rank", 1, 5, "a rank", i)
        cards.append(rules.log_text(Card(rank, rules.suits[suit])))
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
    variant = variant_name(data)
    rule_options = _rule_options(options)
    try:
        rules = make_ruleset("hanabi", variant_name=variant, **rule_options)
    except RulesetError as e:
        raise SchemaError("$.options.variant" if "variant" in options else "$.variant",
                          str(e)) from None
    players = _players(data)
    n = len(players)
    size = rules.hand_size(n)
    start = _int(options.get("startingPlayer", 0), "$.options.startingPlayer", 0, n - 1,
                 "a player index")
    hl_cards = _deck_cards(data["deck"], rules, variant)
    order = _deal_map(n, size, start) + list(range(n * size, len(hl_cards)))
    deck = [""] * len(hl_cards)
    for o, index in enumerate(order):
        deck[index] = hl_cards[o]

    actions, game_over = _convert_actions(data["actions"], players, order, size, start,
                                          bool(options.get("deckPlays")), rules)
    meta: dict[str, Any] = {k: v for k, v in data.items() if k not in _OWN_KEYS}
    if "players" not in data:
        meta[ANONYMISED] = True
    if "options" in data:
        meta["options"] = options
    log: dict[str, Any] = {  # the variant's name, No Variant too: it keeps hanab.live's words
        "format": FORMAT_NAME, "version": FORMAT_VERSION,
        "ruleset": {"name": "hanabi", **({"variant": rules.variant} if rules.variant else {}),
                    **{k: v for k, v in rule_options.items() if v}},
        "players": players[start:] + players[:start], "deck": deck, "actions": actions,
    }
    replayed = _replayed(log)  # once: both questions below are asked of this replay
    early = False
    if game_over is None or END_CONDITIONS[game_over[2]] in _NATURAL_ENDS:
        early = _ends_early(replayed)
        if early:
            log["ruleset"]["early_end"] = True
    if game_over is not None:
        i, target, value = game_over
        if _ended_naturally(replayed, early):
            meta["gameOver"] = data["actions"][i]
        elif END_CONDITIONS[value] in _NATURAL_ENDS:
            raise SchemaError(f"$.actions[{i}].value", f"the game over says "
                              f"'{END_CONDITIONS[value]}', but by the rules the game goes on "
                              f"after {i} actions")
        else:
            log["termination"] = {"reason": END_CONDITIONS[value], "player": players[target]}
    if meta:
        for key, value in meta.items():  # kept two levels deeper: $.meta.hanablive.<key>
            depth = value_depth(value) + 3
            if depth > MAX_DEPTH:
                raise SchemaError(json_path((key,)), f"kept in meta.hanablive, it would nest the "
                                  f"log {depth} levels deep, over the {MAX_DEPTH}-level limit")
        log["meta"] = {META_KEY: meta}
    return log


def _convert_actions(
    raw: list[dict[str, Any]], players: list[str], order: list[int], size: int, start: int,
    deck_plays: bool, rules: Ruleset,
) -> tuple[list[dict[str, Any]], tuple[int, int, int] | None]:
    """Our actions, and (index, target, value) of the game-over action if any. Follows the
    hands in hanab.live's numbering, so that a card not in its player's hand (or a deck
    play) is told with hanab.live's card order."""
    n, deck_size = len(players), len(order)
    hands = [list(range(q * size, q * size + size)) for q in range(n)]
    drawn = n * size
    out: list[dict[str, Any]] = []
    colour: str | None = None
    for i, a in enumerate(raw):
        actor = (start + i) % n
        kind = _int(a.get("type"), "$.actions[{}].type", 0, 4, "an action type (0 play, "
                    "1 discard, 2 colour clue, 3 rank clue, 4 game over):", i)
        target = _int(a.get("target"), "$.actions[{}].target", 0,
                      deck_size - 1 if kind in (PLAY, DISCARD) else n - 1,
                      "a card order" if kind in (PLAY, DISCARD) else "a player index", i)
        value = a.get("value")  # unused by plays and discards
        if kind == GAME_OVER:
            value = _int(value, "$.actions[{}].value", 1, len(END_CONDITIONS) - 1,
                         "an end condition (1 normal, 2 strikeout, 3 timeout, 4 terminated, ...)",
                         i)
            if i != len(raw) - 1:
                raise SchemaError(f"$.actions[{i + 1}]",
                                  f"action after the game over at $.actions[{i}]")
            return out, (i, target, value)
        if kind == COLOUR_CLUE:
            if colour is None:  # said in an error only: built once
                colour = f"a {rules.variant or VARIANT} colour ({_colour_names(rules)})"
            value = _int(value, "$.actions[{}].value", 0, rules.colour_count - 1, colour, i)
            named = ({"colour": rules.clue_colours[value]} if rules.kinds
                     else {"suit": log_suit(rules.suits[value])})
            out.append({"type": "hint", "to": players[target], **named})
            continue
        if kind == RANK_CLUE:
            value = _int(value, "$.actions[{}].value", 1, 5, "a rank", i)
            if rules.kinds and value not in rules.clue_ranks:
                has = ", ".join(map(str, rules.clue_ranks)) or "none"
                raise SchemaError(f"$.actions[{i}].value", f"rank {value} is not a clue of "
                                  f"{rules.variant} (its rank clues: {has})")
            out.append({"type": "hint", "to": players[target], "rank": value})
            continue
        hand = hands[actor]
        if target not in hand:
            verb = "plays" if kind == PLAY else "discards"
            if kind == PLAY and target == drawn == deck_size - 1 and deck_plays:
                raise SchemaError(f"$.actions[{i}].target", f"{players[actor]} plays the last "
                                  f"card of the deck (a deck play, option deckPlays), which the "
                                  f"hanabi rules do not allow; supported options: "
                                  f"{SUPPORTED_OPTIONS}")
            held = ", ".join(str(c) for c in reversed(hand))
            raise SchemaError(f"$.actions[{i}].target", f"{players[actor]} {verb} card order "
                              f"{target}, which is not in {players[actor]}'s hand (holds {held})")
        hand.remove(target)
        if drawn < deck_size:
            hand.append(drawn)
            drawn += 1
        out.append({"type": "play" if kind == PLAY else "discard", "card": order[target]})
    return out, None


def _replayed(log: dict[str, Any]) -> tuple[Game, Timeline] | None:
    """The game and timeline of our log data as converted (no early end, no termination),
    or None for a log the engine refuses: the validation that follows reports why."""
    try:
        typed = parse_log(log)
        assert typed is not None
        game = game_from_log(typed)
        return game, replay(game, actions_from_log(game, typed))
    except NovaError:
        return None


def _ends_early(replayed: tuple[Game, Timeline] | None) -> bool:
    """Whether the game stops exactly where hanab.live's server ends a game early: the
    first point after which no point can still be scored, before any natural end. A
    game that goes on past that point (older servers did not stop) is not marked, and
    stays legal."""
    if replayed is None:
        return False
    game, timeline = replayed
    # The first state with no point left must be the last: asked from the end, a game
    # that ends otherwise is told by its last two states.
    final = timeline.final
    if final.over or not no_point_left(game, final):
        return False
    return not any(state.over or no_point_left(game, state)
                   for state in reversed(timeline.states[:-1]))


def _ended_naturally(replayed: tuple[Game, Timeline] | None, early: bool) -> bool:
    """Whether our engine says the game is over after these actions, under the early end
    when `early` (`_ends_early`: then its last action, if any, is the one that leaves no
    point, which ends such a game). A log the engine refuses is 'not over' here; the
    replay that follows reports the illegal action."""
    if replayed is None:
        return False
    timeline = replayed[1]
    return timeline.final.over or (early and timeline.turns > 0)
