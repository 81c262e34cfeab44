"""Hypotheticals on the board (issue 35): from any turn, "try another move". The line
is in the URL (`&hypo=12:p3,c2.red`: the turn it leaves the game at, then its moves in
`nova_replay.review.hypothetical`'s short form), so it is shared by a link and kept by a
reload; the server plays it (the engine decides what is legal) and reviews the game it
makes, and sends that game's payload with a `hypo` block; the browser only draws it
(assets/hypo.js). The game itself is left as it was.

What the viewer may see stays the rule: with no spoilers, a card the line draws that
the game had not dealt by the turn it leaves at is drawn face down (the deck's order
is the game's, so its face would tell the real game's next draws), and each turn's
action leaves that draw unsaid; as a player, only that player's own moves are offered.
"""

from __future__ import annotations

import re
from collections import OrderedDict
from threading import Lock
from typing import Any

from nova_replay.knowledge.perspective import Perspective
from nova_replay.review.hypothetical import (
    HypotheticalError,
    Line,
    legal_moves,
    line_of,
    move_token,
    move_words,
)
from nova_replay.rules.game import Hint
from nova_replay.views.text import describe_turn

from .data import Reviewed
from .links import link_templates
from .payload import CARD_FIELDS, conventions_of, game_payload
from .table import ViewOptions

LINES_KEPT = 16
MOST_MOVES = 60  # a line longer than a game's turns is no line a link needs
_HYPO = re.compile(r"(\d{1,4}):([\w.,]{0,900})\Z")


def parse_hypo(text: str | None) -> tuple[int, tuple[str, ...]] | None:
    """The turn and moves of a link's `hypo=` ("12:p3,c2.red"); None: none or unreadable
    (`line_for` says why)."""
    m = _HYPO.match(text or "")
    if m is None:
        return None
    moves = tuple(x for x in m[2].split(",") if x)
    return (int(m[1]), moves) if len(moves) <= MOST_MOVES else None


def hypo_text(branch: int, moves: list[str] | tuple[str, ...]) -> str:
    return f"{branch}:{','.join(moves)}"


class Lines:
    """The lines played lately (game, conventions, viewer, line), each reviewed once."""

    def __init__(self) -> None:
        self._kept: OrderedDict[tuple[Any, ...], Line] = OrderedDict()
        self._lock = Lock()

    def get(self, key: str, loaded: Reviewed, viewer: int | None, branch: int,
            moves: tuple[str, ...]) -> Line:
        """The line (HypotheticalError for a move not read or not allowed)."""
        conventions = loaded.analysis.reading.conventions if loaded.analysis.reading else None
        slot = (key, id(loaded.analysis), str(conventions), viewer, branch, moves)
        with self._lock:
            found = self._kept.get(slot)
            if found is not None:
                self._kept.move_to_end(slot)
                return found
        line = line_of(loaded.analysis, branch, moves, viewer)
        with self._lock:
            self._kept[slot] = line
            while len(self._kept) > LINES_KEPT:
                self._kept.popitem(last=False)
        return line


def hypo_payload(key: str, line: Line, options: ViewOptions, text: str) -> dict[str, Any]:
    """The payload of the line's game as `options` let it be seen (`game_payload`, with
    the whole line held), its draws hidden with no spoilers, and the `hypo` block: the
    turn it leaves at, its moves (token and words), its text for the URL."""
    analysis = line.analysis
    payload = game_payload(key, analysis, options, None, line.end)
    timeline = analysis.timeline
    game = timeline.game
    tokens = [move_token(game, timeline[line.branch + n], a) for n, a in enumerate(line.moves)]
    said = [move_words(game, timeline[line.branch + n], a) for n, a in enumerate(line.moves)]
    if options.no_spoilers:
        dealt = timeline[line.branch].drawn
        hide_draws(payload, line, dealt)
    payload["hypo"] = {"branch": line.branch, "end": line.end, "text": text,
                       "moves": [[t, w] for t, w in zip(tokens, said, strict=True)]}
    payload["eval_key"] = f"{key}~{text}"
    players = game.players
    payload["links"] = link_templates(key, None if options.viewer is None else
                                      players[options.viewer], options.no_spoilers,
                                      conventions_of(analysis), text)
    payload["end"] = True  # the line's turns are all held: nothing more to ask for
    return payload


def hide_draws(payload: dict[str, Any], line: Line, dealt: int) -> None:
    """Face down every card the line drew beyond the first `dealt` of the deck (the game
    had not dealt them by the turn the line leaves at); each line turn's action is said
    as its mover saw it (the card they drew unsaid)."""
    timeline = line.analysis.timeline
    game = timeline.game
    f = {name: i for i, name in enumerate(CARD_FIELDS)}
    for t in range(line.branch + 1, min(line.end, len(payload["turn_data"]) - 1) + 1):
        data = payload["turn_data"][t]
        for p, hand in enumerate(timeline[t].hands):
            for slot, card in enumerate(hand):
                if card >= dealt:
                    c = data["hands"][p][slot]
                    c[f["text"]] = c[f["colour"]] = c[f["look"]] = None
                    c[f["truth"]] = -1
                    c[f["badges"]] = 0
        mover = timeline[t - 1].player(game)
        data["action"] = f"Turn {t}: {describe_turn(timeline, t, Perspective(mover, t))}"


def offers(line: Line | None, loaded: Reviewed, turn: int, viewer: int | None,
           no_spoilers: bool) -> dict[str, Any]:
    """The moves the player to move may try at `turn` (of the line's game if there is a
    line, else of the game): [token, words] each; as a player, none but at their own
    turns (`why` says so). With no spoilers a clue's words do not say which slots it
    touches (some may be cards drawn face down)."""
    analysis = line.analysis if line is not None else loaded.analysis
    timeline = analysis.timeline
    game = timeline.game
    if not 0 <= turn <= timeline.turns:
        return {"turn": turn, "moves": [], "why": f"turn {turn} is not in the game"}
    state = timeline[turn]
    mover = state.player(game)
    if state.ending is not None:
        return {"turn": turn, "moves": [], "why": "the game is over at this turn"}
    if viewer is not None and mover != viewer:
        return {"turn": turn, "moves": [], "why": f"it is {game.players[mover]}'s turn: as "
                f"{game.players[viewer]}, only their own moves can be tried"}
    out = []
    for action in legal_moves(game, state):
        words = move_words(game, state, action)
        if not no_spoilers and isinstance(action, Hint):
            touched = set(game.touched(action, state.hands[action.to]))
            slots = [str(s + 1) for s, c in enumerate(state.hands[action.to]) if c in touched]
            words += f" (slot{'s' if len(slots) > 1 else ''} {', '.join(slots)})"
        out.append([move_token(game, state, action), words])
    return {"turn": turn, "mover": game.players[mover], "moves": out, "why": ""}


def line_for(lines: Lines, key: str, loaded: Reviewed, viewer: int | None, text: str | None
             ) -> tuple[Line | None, str | None]:
    """The line a link's `hypo=` asks for, or None and one line saying why not (None: no
    line asked for)."""
    if not text:
        return None, None
    parsed = parse_hypo(text)
    if parsed is None:
        return None, (f"hypo={text!r} in the link is not a line of moves (expected "
                      f"TURN:MOVE,MOVE, e.g. 12:p3,c2.red): showing the game.")
    try:
        return lines.get(key, loaded, viewer, *parsed), None
    except HypotheticalError as e:
        return None, f"The tried line cannot be played: {e.message}. Showing the game."


__all__ = ["HypotheticalError", "Lines", "hypo_payload", "hypo_text", "line_for", "offers",
           "parse_hypo"]
