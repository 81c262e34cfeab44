"""Between the log and the engine: a typed log's game and actions as the engine's
small ints, and engine actions back as log objects.

One pair, like python-chess's `Move.from_uci` / `Move.uci`: `action_from_log`
reads an action and `action_to_log` writes it, so a round trip is one place to test.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from ..rules.cards import SUITS, Card, log_suit, parse_cards
from ..rules.errors import DeckError, SchemaError, turn_error
from ..rules.game import Action, Discard, Game, Hint, Play, check_deck
from ..rules.rulesets import Ruleset, RulesetError, make_ruleset
from ..rules.words import words
from .log import DiscardAction, GameLog, HintAction, PlayAction, RulesetSpec


def ruleset_of(spec: RulesetSpec) -> Ruleset:
    """The ruleset a log's (or a puzzle's) `ruleset` object names."""
    return make_ruleset(
        spec.name, gentle_show=spec.gentle_show, grand_finale=spec.grand_finale,
        jokers=spec.jokers, early_end=spec.early_end, variant_name=spec.variant or "",
        empty_clues=spec.empty_clues, hand_change=spec.hand_change,
    )


def _deck_cards(texts: list[str]) -> tuple[Card, ...]:
    """The deck's cards; a text that names no card is a SchemaError at its index (the
    schema takes any short text, a variant's suits being many)."""
    try:
        return parse_cards(texts)
    except ValueError:
        for i, text in enumerate(texts):
            try:
                parse_cards([text])
            except ValueError as e:
                raise SchemaError(f"$.deck[{i}]", str(e)) from None
        raise


def game_from_log(log: GameLog) -> Game:
    """The game a log describes; raises DeckError if the deck is not the ruleset's."""
    ruleset = ruleset_of(log.ruleset)
    try:  # the schema made the texts canonical: a few dozen in all, each read once
        deck = tuple(map(_CARDS.__getitem__, log.deck))
    except KeyError:
        deck = _deck_cards(log.deck)
        if len(_CARDS) < 4096:
            _CARDS.update(zip(log.deck, deck, strict=True))
    try:
        game = Game(ruleset, tuple(log.players), deck)
    except RulesetError:  # players the ruleset has no hand size for
        check_deck(ruleset, deck)  # a wrong deck is said first
        raise
    try:
        game.check_deck()
    except DeckError as e:
        if ruleset.white_suit and "W" in ruleset.suits:  # purple and White both
            raise DeckError(e.where, f"{e.message} (in {ruleset.variant} W is White, as "
                                     f"players write it; purple is written P)") from None
        raise
    return game


_CARDS: dict[str, Card] = {}  # card text (canonical in a checked log) -> card


# Engine actions are small immutable values, the same few in every game: each is built
# once per process (a NamedTuple's constructor is a Python call; a cache hit is not).
_hint = lru_cache(maxsize=4096)(Hint)
_play = lru_cache(maxsize=4096)(Play)
_discard = lru_cache(maxsize=4096)(Discard)


def actions_from_log(game: Game, log: GameLog) -> list[Action]:
    """The log's actions as engine actions; raises IllegalAction for an unknown name,
    suit or rank (the turn is the action's 1-based position). How an action reads
    depends only on the action, the players and the ruleset, and self-play games repeat
    the same few: each is read once per players and ruleset, then looked up."""
    read = _read_before(game.players, game.ruleset)
    try:
        return list(map(read.actions.__getitem__, map(id, log.actions)))
    except KeyError:  # one not read before: read each in turn
        pass
    out: list[Action] = []
    for turn, a in enumerate(log.actions, start=1):
        action = read.actions.get(id(a))
        out.append(read.read(game, turn, a) if action is None else action)
    return out


class _ReadBefore:
    """The log actions read before for one players and ruleset, by identity: the memo
    of `record.log` hands out the same model for the same JSON action. Each model is
    kept alive here beside its reading, so an id in `actions` is never another
    object's; at most `limit` are kept (memory stays flat)."""

    def __init__(self, limit: int) -> None:
        self.actions: dict[int, Action] = {}
        self.models: dict[int, HintAction | PlayAction | DiscardAction] = {}
        self.limit = limit

    def read(self, game: Game, turn: int, a: HintAction | PlayAction | DiscardAction) -> Action:
        action = action_from_log(game, turn, a)
        if a.comment is None and len(self.actions) < self.limit:  # a comment is unique
            self.models[id(a)] = a
            self.actions[id(a)] = action
        return action


@lru_cache(maxsize=64)
def _read_before(players: tuple[str, ...], ruleset: Ruleset) -> _ReadBefore:
    """The log actions read before for these players and ruleset."""
    return _ReadBefore(limit=1024)


def action_from_log(game: Game, turn: int, a: HintAction | PlayAction | DiscardAction) -> Action:
    """One log action, read at `turn` (1-based), as an engine action."""
    if type(a) is DiscardAction:  # `type() is`: the three models have no subclasses
        return _discard(a.card)
    if type(a) is PlayAction:
        if a.row is None:
            return _play(a.card)
        return _play(a.card, _suit_index(game, turn, a.row, "plays onto"))
    assert type(a) is HintAction
    return _hint_from_log(game, turn, a)


def _hint_from_log(game: Game, turn: int, a: HintAction) -> Hint:
    """A hint: to a player of the game, naming a clue colour, a suit or a rank it has."""
    players, rules = game.players, game.ruleset
    if a.to not in players:
        raise turn_error(
            turn, f"{_actor(game, turn)} {words(rules).hints} {a.to!r}, who is not a player "
            f"(players: {', '.join(players)})",
        )
    to = players.index(a.to)
    if a.colour is not None:
        if a.colour not in rules.clue_colours:
            has = ", ".join(rules.clue_colours) or "none"
            where = rules.variant if rules.kinds else (
                f"{rules.variant or rules.name + ' without a variant'} (hints name suits)")
            raise turn_error(turn, f"{_actor(game, turn)} {words(rules).hints} {a.colour}, which "
                             f"is not a clue colour of {where} (its colours: {has})")
        return _hint(to, rules.clue_colours.index(a.colour))
    if a.suit is not None:
        if rules.kinds:
            w = words(rules)
            raise turn_error(turn, f"{_actor(game, turn)} {w.hints} a suit; in {rules.variant} "
                             f"{w.hint}s name a clue colour ('colour': one of "
                             f"{', '.join(rules.clue_colours)})")
        return _hint(to, _suit_index(game, turn, a.suit))
    rank = a.rank
    assert rank is not None
    if rules.kinds and rank not in rules.clue_ranks:
        has = ", ".join(map(str, rules.clue_ranks)) or "none"
        raise turn_error(turn, f"{_actor(game, turn)} {words(rules).hints} rank {rank}, which is "
                         f"not a clue of {rules.variant} (its rank clues: {has})")
    if rank > rules.max_rank:
        raise turn_error(
            turn, f"{_actor(game, turn)} {words(rules).hints} {rank}s, but {words(rules).game} "
            f"ranks go up to {rules.max_rank}",
        )
    return _hint(to, -1, rank)


def _actor(game: Game, turn: int) -> str:
    """Who acts at `turn` (1-based): named in every message about that action."""
    return game.players[(turn - 1) % game.player_count]


def action_to_log(game: Game, action: Action) -> dict[str, Any]:
    """One engine action as a log action object (the inverse of `action_from_log`)."""
    if isinstance(action, Hint):
        out: dict[str, Any] = {"type": "hint", "to": game.players[action.to]}
        if action.suit >= 0 and game.ruleset.kinds:
            out["colour"] = game.ruleset.clue_colours[action.suit]
        elif action.suit >= 0:
            out["suit"] = log_suit(game.ruleset.suits[action.suit])
        else:
            out["rank"] = action.rank
        return out
    if isinstance(action, Play):
        out = {"type": "play", "card": action.card}
        if action.row >= 0:
            out["row"] = log_suit(game.ruleset.suits[action.row])
        return out
    return {"type": "discard", "card": action.card}


def _suit_index(game: Game, turn: int, letter: str, verb: str = "") -> int:
    """The index of suit `letter` in the game; IllegalAction (the actor `verb` it, by
    default hints it) if the game has no such suit."""
    rules = game.ruleset
    if letter not in rules.suits:
        names = ", ".join(rules.suit_name(i) for i in range(len(rules.suits)))
        raise turn_error(
            turn, f"{_actor(game, turn)} {verb or words(rules).hints} {SUITS[letter].name}, "
            f"but {words(rules).game} has no such suit (its suits: {names})",
        )
    return rules.suits.index(letter)
