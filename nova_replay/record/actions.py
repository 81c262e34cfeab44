"""Between the log and the engine: a typed log's game and actions as the engine's
small ints, and engine actions back as log objects.

One pair, like python-chess's `Move.from_uci` / `Move.uci`: `action_from_log`
reads an action and `action_to_log` writes it, so a round trip is one place to test.
"""

from __future__ import annotations

from typing import Any

from ..rules.cards import SUITS, parse_card
from ..rules.errors import turn_error
from ..rules.game import Action, Discard, Game, Hint, Play, check_deck
from ..rules.rulesets import make_ruleset
from ..rules.words import words
from .log import DiscardAction, GameLog, HintAction, PlayAction


def game_from_log(log: GameLog) -> Game:
    """The game a log describes; raises DeckError if the deck is not the ruleset's."""
    spec = log.ruleset
    ruleset = make_ruleset(
        spec.name, gentle_show=spec.gentle_show, grand_finale=spec.grand_finale,
        jokers=spec.jokers, early_end=spec.early_end, variant_name=spec.variant or "",
    )
    deck = tuple(parse_card(text) for text in log.deck)
    check_deck(ruleset, deck)
    return Game(ruleset, tuple(log.players), deck)


def actions_from_log(game: Game, log: GameLog) -> list[Action]:
    """The log's actions as engine actions; raises IllegalAction for an unknown name,
    suit or rank (the turn is the action's 1-based position)."""
    return [action_from_log(game, turn, a) for turn, a in enumerate(log.actions, start=1)]


def action_from_log(game: Game, turn: int, a: HintAction | PlayAction | DiscardAction) -> Action:
    """One log action, read at `turn` (1-based), as an engine action."""
    actor = game.players[(turn - 1) % len(game.players)]
    w = words(game.ruleset)
    if isinstance(a, HintAction):
        if a.to not in game.players:
            raise turn_error(
                turn, f"{actor} {w.hints} {a.to!r}, who is not a player "
                f"(players: {', '.join(game.players)})",
            )
        to = game.players.index(a.to)
        rules = game.ruleset
        if a.colour is not None:
            if a.colour not in rules.clue_colours:
                has = ", ".join(rules.clue_colours) or "none"
                where = rules.variant or f"{rules.name} without a variant (hints name suits)"
                raise turn_error(turn, f"{actor} {w.hints} {a.colour}, which is not a clue colour "
                                 f"of {where} (its colours: {has})")
            return Hint(to, suit=rules.clue_colours.index(a.colour))
        if a.suit is not None:
            if rules.kinds:
                raise turn_error(turn, f"{actor} {w.hints} a suit; in {rules.variant} {w.hint}s name a "
                                 f"clue colour ('colour': one of {', '.join(rules.clue_colours)})")
            return Hint(to, suit=_suit_index(game, turn, a.suit, f"{actor} {w.hints}"))
        assert a.rank is not None
        if rules.kinds and a.rank not in rules.clue_ranks:
            has = ", ".join(map(str, rules.clue_ranks)) or "none"
            raise turn_error(turn, f"{actor} {w.hints} rank {a.rank}, which is not a clue of "
                             f"{rules.variant} (its rank clues: {has})")
        if a.rank > game.ruleset.max_rank:
            raise turn_error(
                turn, f"{actor} {w.hints} {a.rank}s, but {w.game} ranks go up to "
                f"{game.ruleset.max_rank}",
            )
        return Hint(to, rank=a.rank)
    if isinstance(a, PlayAction):
        row = -1 if a.row is None else _suit_index(game, turn, a.row, f"{actor} plays onto")
        return Play(a.card, row)
    return Discard(a.card)


def action_to_log(game: Game, action: Action) -> dict[str, Any]:
    """One engine action as a log action object (the inverse of `action_from_log`)."""
    if isinstance(action, Hint):
        out: dict[str, Any] = {"type": "hint", "to": game.players[action.to]}
        if action.suit >= 0 and game.ruleset.kinds:
            out["colour"] = game.ruleset.clue_colours[action.suit]
        elif action.suit >= 0:
            out["suit"] = game.ruleset.suits[action.suit]
        else:
            out["rank"] = action.rank
        return out
    if isinstance(action, Play):
        out = {"type": "play", "card": action.card}
        if action.row >= 0:
            out["row"] = game.ruleset.suits[action.row]
        return out
    return {"type": "discard", "card": action.card}


def _suit_index(game: Game, turn: int, letter: str, doing: str) -> int:
    if letter not in game.ruleset.suits:
        names = ", ".join(SUITS[s].name for s in game.ruleset.suits)
        raise turn_error(
            turn, f"{doing} {SUITS[letter].name}, but {words(game.ruleset).game} has no such "
            f"suit (its suits: {names})",
        )
    return game.ruleset.suits.index(letter)
