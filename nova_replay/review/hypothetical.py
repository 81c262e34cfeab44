"""Hypotheticals, as hanab.live's shared replays have them: from any turn of a game, a
line of other moves tried in its place, and the whole review (table, every player's
knowledge, the clues' readings, the findings) of the game they make. The game itself
is left as it was: the line is a new record whose actions are the game's up to the turn,
then the line's.

A move is written as players would say it, against the position it is made in:
`play 3` (slot 3 of the player to move, slots counted from 1 as the board shows them),
`discard 1`, `clue Bob red` or `clue Bob 3` (a player's name or seat number from 1; a
colour the game has, or a rank). The short forms `p3`, `d1`, `c2.red`, `c2.3` (seat
from 1) are the same moves; `move_token` writes the short form (a link's). A joker's
play names its row: `play 3 R` / `p3.R`. The engine decides what is legal: an illegal
move raises `HypotheticalError` with one line saying which move and why.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace

from ..rules.engine import State, legal_actions, replay
from ..rules.errors import NovaError
from ..rules.game import Action, Discard, Game, Hint, Play
from .analysis import Analysis, analyze


class HypotheticalError(NovaError):
    """A move of a line that cannot be read, or that the rules do not allow."""

    def __init__(self, message: str) -> None:
        super().__init__("hypothetical", message)


@dataclass(frozen=True)
class Line:
    """A game's actions up to `branch` (a turn: 0 is the deal), then `moves`, and the
    review of the game they make (`analysis`; its last turn is `branch + len(moves)`)."""

    branch: int
    moves: tuple[Action, ...]
    analysis: Analysis

    @property
    def end(self) -> int:
        return self.branch + len(self.moves)


_SHORT = re.compile(r"(?P<kind>[pd])(?P<slot>\d+)(?:\.(?P<row>\w+))?\Z|c(?P<to>\d+)\.(?P<what>.+)\Z")


def parse_move(game: Game, state: State, text: str) -> Action:
    """The action `text` names at `state` (see the module's words); HypotheticalError
    for a move that names no slot, player, colour or rank of this game."""
    words = text.strip().split()
    low = [w.casefold() for w in words]
    m = _SHORT.match(low[0]) if len(low) == 1 else None
    if m and m["kind"]:
        kind, slot, row = m["kind"], m["slot"], m["row"]
    elif len(low) in (2, 3) and low[0] in ("play", "discard"):
        kind, slot, row = low[0][0], low[1], low[2] if len(low) == 3 else None
    elif m or (len(low) >= 3 and low[0] == "clue"):
        who, what = (m["to"], m["what"]) if m else (words[1], " ".join(words[2:]))
        return Hint(_seat(game, state, who, m is not None), *_clue(game, what.casefold()))
    else:
        raise HypotheticalError(f"{text!r}: expected 'play N', 'discard N' or "
                                f"'clue PLAYER COLOUR|RANK' (or p3, d1, c2.red)")
    hand = state.hands[state.player(game)]
    if not slot.isdigit() or not 1 <= int(slot) <= len(hand):
        raise HypotheticalError(f"{text!r}: expected a slot from 1 to {len(hand)}")
    card = hand[int(slot) - 1]
    if kind == "d":
        return Discard(card)
    if game.suit_of[card] >= 0:
        return Play(card)
    letters = [s.casefold() for s in game.ruleset.suits]
    if row is None or row not in letters:
        raise HypotheticalError(f"{text!r}: a joker's play names its row, one of "
                                f"{', '.join(game.ruleset.suits)}")
    return Play(card, letters.index(row))


def _seat(game: Game, state: State, who: str, short: bool) -> int:
    names = [n.casefold() for n in game.players]
    if who.casefold() in names and not short:
        return names.index(who.casefold())
    if who.isdigit() and 1 <= int(who) <= len(names):
        return int(who) - 1
    raise HypotheticalError(f"{who!r}: expected a player ({', '.join(game.players)}) "
                            f"or a seat from 1 to {len(names)}")


def _clue(game: Game, what: str) -> tuple[int, int]:
    rules = game.ruleset
    colours = [game.colour_name(i).casefold() for i in range(rules.colour_count)]
    if what in colours:
        return colours.index(what), 0
    if what.isdigit() and int(what) in rules.ranks:
        return -1, int(what)
    raise HypotheticalError(f"{what!r}: expected a colour ({', '.join(colours)}) or a rank "
                            f"({', '.join(map(str, rules.ranks))})")


def move_token(game: Game, state: State, action: Action) -> str:
    """The short form of `action` at `state` (a link's): p3, d1, c2.red, c2.3."""
    if isinstance(action, Hint):
        what = game.colour_name(action.suit) if action.suit >= 0 else str(action.rank)
        return f"c{action.to + 1}.{what.replace(' ', '_')}"
    slot = state.hands[state.player(game)].index(action.card) + 1
    if isinstance(action, Play) and action.row >= 0:
        return f"p{slot}.{game.ruleset.suits[action.row]}"
    return f"{'p' if isinstance(action, Play) else 'd'}{slot}"


def move_words(game: Game, state: State, action: Action) -> str:
    """`action` at `state` as the line's list says it: 'Ben plays slot 3', 'Ben clues
    Cathy red'."""
    who = game.players[state.player(game)]
    if isinstance(action, Hint):
        return f"{who} clues {game.players[action.to]} {game.describe_hint(action)}"
    slot = state.hands[state.player(game)].index(action.card) + 1
    verb = "plays" if isinstance(action, Play) else "discards"
    return f"{who} {verb} slot {slot}"


def legal_moves(game: Game, state: State) -> list[Action]:
    """The moves the rules allow the player to move at `state` (`legal_actions`)."""
    return legal_actions(game, state)


def line_of(analysis: Analysis, branch: int, moves: Sequence[str], only: int | None = None
            ) -> Line:
    """The review of `analysis`'s game played as it was up to turn `branch`, then `moves`
    (texts, read in turn against the position each is made in), by the same conventions.
    `only`: a seat; the line is tried as that player, who makes only their own moves.
    HypotheticalError for a turn out of range or a move that cannot be read or played."""
    record = analysis.record
    timeline = record.timeline
    if not 0 <= branch <= timeline.turns:
        raise HypotheticalError(f"turn {branch}: expected a turn from 0 to {timeline.turns}")
    game = record.game
    actions: list[Action] = list(timeline.actions[:branch])
    state = timeline[branch]
    played: list[Action] = []
    for n, text in enumerate(moves, start=1):
        if state.ending is not None:
            raise HypotheticalError(f"move {n} ({text}): the game is over")
        mover = state.player(game)
        if only is not None and mover != only:
            raise HypotheticalError(f"move {n} ({text}): it is {game.players[mover]}'s turn; "
                                    f"as {game.players[only]} only their own moves are tried")
        action = parse_move(game, state, text)
        try:
            state = replay(game, [*actions, *played, action]).final
        except NovaError as e:
            raise HypotheticalError(f"move {n} ({text}): {e.message}") from None
        played.append(action)
    if not played:
        return Line(branch, (), analysis)
    reading = analysis.reading
    again = analyze(replace(record, timeline=replay(game, [*actions, *played])),
                    reading.conventions if reading is not None else None)
    return Line(branch, tuple(played), again)
