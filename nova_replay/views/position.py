"""The Python API's objects, in the manner of python-chess: a loaded game
(`nova_replay.load(path)`) whose `state(turn)` is a position that prints as the table,
and renders in Jupyter as HTML with inline SVG cards (`position_html`, below).

Everything here reads names, cards and identities as a person writes them ("Anna",
"3♥", "R2"): knowledge is the set of identities a card may be, not a bit mask, and a
note names its player. The engine's and the review's own types stay underneath
(`GameRecord.analysis`, `Position.state`).
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, fields
from functools import cached_property
from html import escape
from typing import Any, NamedTuple

from ..knowledge.perspective import REVIEWER, Perspective, viewer_of
from ..knowledge.tiers import knows_playable, knows_trash
from ..record.load import Record
from ..record.load import load as load_record
from ..review.analysis import Analysis, Finding, analyze
from ..review.hypothetical import line_of
from ..review.projection import project
from ..review.vocabulary import Severity
from ..rules.cards import SUITS, rank_text
from ..rules.engine import State
from .review_text import TIERS, knowledge_lines, reading_lines
from .text import describe_turn, turn_text


@dataclass(frozen=True)
class Note:
    """A teaching note, by name: the turn, the player who moved (a name), its kind and
    severity (the JSON report's strings) and its sentence."""

    turn: int
    player: str
    kind: str
    severity: str
    message: str

    @classmethod
    def of(cls, f: Finding, players: tuple[str, ...]) -> Note:
        return cls(f.turn, players[f.player], str(f.kind), str(f.severity), f.message)

    def __str__(self) -> str:
        return f"turn {self.turn}, {self.player}: {self.severity} ({self.kind}) {self.message}"

    def _repr_html_(self) -> str:
        return note_html(self)


class Move(NamedTuple):
    """One turn of a game (`GameRecord.moves()`), as python-chess's `mainline()` gives
    moves: the turn, what was done (one sentence), the table after it, and its notes."""

    turn: int
    action: str
    state: Position
    notes: list[Note]


@dataclass(frozen=True)
class CardInHand:
    """A card in a hand as a viewer sees it: its text ("??" face down), its slot (1 =
    newest) and what its holder could know of it (`possible`: identities, e.g.
    ("R2", "R3")), with whether that knowledge makes it surely playable or trash."""

    card: str
    slot: int
    possible: tuple[str, ...]
    knows_playable: bool
    knows_trash: bool
    touched: bool  # a hint has named it


@dataclass(frozen=True, eq=False)
class Position:
    """The table after `turn` (0 = the deal) as `viewer` saw it (None: the reviewer, who
    sees every card), with knowledge at `tier` (hinted, deduced or common). `str()` is
    the text of `nova-replay replay --turn N --knowledge`."""

    analysis: Analysis
    turn: int
    viewer: str | None = None
    tier: str = "deduced"

    @cached_property
    def _seen(self) -> Perspective:
        if self.viewer is None:
            return REVIEWER
        return Perspective(viewer_of(self.analysis.record.game.players, self.viewer)).at(self.turn)

    @property
    def state(self) -> State:
        """The engine's state (deck indices and counts)."""
        state: State = self.analysis.timeline[self.turn]
        return state

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(self.analysis.record.game.players)

    @property
    def score(self) -> int:
        return self.state.score

    @property
    def coins(self) -> int:
        """Coins (Hanabi: clue tokens) left."""
        return self.state.coins

    @property
    def lives(self) -> int:
        """Lives left (Hanabi: strikes left before the third)."""
        return self.state.lives

    @property
    def draw_pile(self) -> int:
        return self.state.draw_pile(self.analysis.record.game)

    @property
    def max_score(self) -> int:
        return self.analysis.clock[self.turn].max_score

    @property
    def pace(self) -> int:
        return self.analysis.clock[self.turn].pace

    @property
    def rows(self) -> dict[str, str]:
        """Each suit's row by its symbol: the top card's rank ("." when empty)."""
        rules = self.analysis.record.game.ruleset
        return {SUITS[s].symbol: rank_text(rules.top_rank(i, h), s) if h else "."
                for i, (s, h) in enumerate(zip(rules.suits, self.state.rows, strict=True))}

    @property
    def discards(self) -> list[str]:
        game = self.analysis.record.game
        return [game.card_text(c) for c in self.state.discards]

    @property
    def to_play(self) -> str | None:
        """Whose turn is next (None once the game is over)."""
        return None if self.state.over else self.players[self.state.player(self.analysis.record.game)]

    @property
    def action(self) -> str:
        """What the turn did, in one sentence ("" at the deal)."""
        return describe_turn(self.analysis.timeline, self.turn, self._seen) if self.turn else ""

    @property
    def hands(self) -> dict[str, list[CardInHand]]:
        """Every hand by player, slot 1 first, with its holder's knowledge at `tier` (as a
        player: their own cards "??", the others' knowledge as that player may know it)."""
        a, seen = self.analysis, self._seen
        game, space = a.record.game, a.ids.space
        st = a.knowledge.statuses[self.turn]
        view = project(a, seen)
        out: dict[str, list[CardInHand]] = {}
        for p, name in enumerate(game.players):
            tier = seen.tier_for(p, self.tier)
            cards = []
            for slot, seen_card in enumerate(view.hand(self.turn, p), start=1):
                k = seen_card.knowledge
                possible = tuple(space.show(i) for i in space.members(getattr(k, tier)))
                shown = "??" if seen_card.card is None else game.card_text(seen_card.card)
                cards.append(CardInHand(shown, slot, possible, knows_playable(k, st),
                                        knows_trash(k, st), k.touched))
            out[name] = cards
        return out

    @property
    def notes(self) -> list[Note]:
        """The notes of this turn the viewer may read."""
        view = project(self.analysis, self._seen)
        hidden = view.hidden_at(self.turn)
        return [Note.of(n.finding, self.players) for n in view.notes
                if n.turn == self.turn and n.finding is not None and n.index not in hidden]

    def __str__(self) -> str:
        a = self.analysis
        said = ([] if a.reading is None
                else reading_lines(a.reading, a.timeline, self.turn, self._seen))
        return "\n".join(turn_text(a.timeline, self.turn, a.record.log, self._seen) + said
                         + knowledge_lines(a, self.turn, self._seen))

    def __repr__(self) -> str:
        name = os.path.basename(self.analysis.record.file) or "a game"
        return (f"<Position turn {self.turn} of {name}: "
                f"score {self.score}, {self.draw_pile} to draw>")

    def _repr_html_(self) -> str:
        return position_html(self)

    def hypothetical(self, moves: Sequence[str]) -> Position:
        """The table after this one followed by `moves` ('play 3', 'discard 1', 'clue Bob
        red', or p3, d1, c2.red: `nova_replay.review.hypothetical`), reviewed anew, as the
        same viewer sees it; the game itself is left as it was. As a player, only that
        player's own moves. HypotheticalError for a move not read or not allowed."""
        only = None if self.viewer is None else viewer_of(self.analysis.record.game.players,
                                                           self.viewer)
        line = line_of(self.analysis, self.turn, moves, only)
        return Position(line.analysis, line.end, self.viewer, self.tier)


@dataclass(frozen=True)
class GameRecord(Record):
    """A loaded game (`nova_replay.load`): the `Record` (log, game, timeline) with its
    review at hand. `state(turn)` is the table at a turn; `findings` the notes by name."""

    @classmethod
    def of(cls, record: Record) -> GameRecord:
        return cls(**{f.name: getattr(record, f.name) for f in fields(Record)})

    @cached_property
    def analysis(self) -> Analysis:
        """The full review (worked out once, on first use)."""
        return analyze(self)

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(self.game.players)

    @property
    def turns(self) -> int:
        """Turns played (the last state is `state(turns)`)."""
        return self.timeline.turns

    @property
    def score(self) -> int:
        return self.timeline.final.score

    @property
    def findings(self) -> list[Note]:
        """Every teaching note in turn order, with the player's name."""
        return [Note.of(f, self.players) for f in self.analysis.findings]

    def state(self, turn: int = -1, as_player: str | None = None,
              tier: str = "deduced") -> Position:
        """The table after `turn` (0 = the deal; negative counts from the end, -1 the
        last), as `as_player` saw it if given. ValueError for a turn out of range, an
        unknown player or tier."""
        last = self.timeline.turns
        index = turn + last + 1 if turn < 0 else turn
        if not 0 <= index <= last:
            raise ValueError(f"{self.file}: turn {turn}: expected a turn from 0 to {last}")
        if tier not in TIERS:
            raise ValueError(f"tier {tier!r}: expected one of {', '.join(TIERS)}")
        if as_player is not None:
            viewer_of(self.game.players, as_player)  # ValueError naming the players
        return Position(self.analysis, index, as_player, tier)

    def states(self, as_player: str | None = None) -> Iterator[Position]:
        """Every position from the deal to the end."""
        for turn in range(self.timeline.turns + 1):
            yield self.state(turn, as_player)

    def moves(self, as_player: str | None = None) -> Iterator[Move]:
        """Every turn in order, from turn 1: (turn, action, state after it, its notes), as
        `as_player` saw them if given (the notes that player may read)."""
        for turn in range(1, self.timeline.turns + 1):
            position = self.state(turn, as_player)
            yield Move(turn, position.action, position, position.notes)

    def clock_frame(self) -> Any:
        """The draw-pile clock as a pandas DataFrame, a row per turn (0 = the deal): who
        moved, draw pile, pace, score, max score, efficiency, final turns left. Needs
        pandas (the `[pandas]` extra)."""
        from .frames import clock_frame

        return clock_frame(self)

    def notes_frame(self) -> Any:
        """The teaching notes as a pandas DataFrame: turn, player, kind, severity,
        message. Needs pandas (the `[pandas]` extra)."""
        from .frames import notes_frame

        return notes_frame(self)

    def __str__(self) -> str:
        s = self.timeline.final
        return (f"{self.game.ruleset.title}, {', '.join(self.players)}: {self.turns} turns, "
                f"score {s.score}" + (f", {s.ending}" if s.ending else ", unfinished"))


    def __repr__(self) -> str:
        name = os.path.basename(self.file) or "a game"
        return f"<GameRecord {name}: {self}>"

    def _repr_html_(self) -> str:
        return game_html(self)


def load(source: str | os.PathLike[str]) -> GameRecord:
    """A game log (ours or hanab.live's) as a `GameRecord`: a path, or a hanab.live game
    id or replay URL as the commands take them ("123456", fetched once into the cache,
    then read from there). Raises the first NovaError (a ValueError) with the file and
    the place, or FetchError (a ValueError) for a game that cannot be fetched."""
    return GameRecord.of(load_record(source))


# The position as HTML with inline SVG, for Jupyter (`Position._repr_html_`): the status,
# the rows, every hand with each card's knowledge as a suits x ranks grid, and the notes.
# Self-contained (no script, no stylesheet, no file): a notebook saved to HTML keeps it.
# It lives with `Position`, the one thing it draws (it was views/html.py, which imported
# this module while this module imported it).

CARD_W, CARD_H, CELL = 34, 46, 7
GREY = "#90a4ae"


def _card_svg(text: str, colour: str, ring: bool = False) -> str:
    stroke = "#212121" if ring else colour
    return (f'<svg width="{CARD_W}" height="{CARD_H}" role="img" aria-label="{escape(text)}">'
            f'<rect x="1" y="1" width="{CARD_W - 2}" height="{CARD_H - 2}" rx="5" fill="white" '
            f'stroke="{stroke}" stroke-width="{3 if ring else 2}"/>'
            f'<text x="{CARD_W // 2}" y="{CARD_H // 2 + 5}" text-anchor="middle" '
            f'font-family="sans-serif" font-size="14" font-weight="bold" fill="{colour}">'
            f"{escape(text)}</text></svg>")


def _grid_svg(pos: Position, card: CardInHand) -> str:
    """Suits down, ranks across: a filled cell is an identity the card may be."""
    space = pos.analysis.ids.space
    rules = pos.analysis.record.game.ruleset
    possible = set(card.possible)
    rects = []
    for s, letter in enumerate(rules.suits):
        colour = SUITS[letter].colour
        for r in rules.ranks:
            i = s * rules.max_rank + r - 1
            filled = space.show(i) in possible
            rects.append(f'<rect x="{(r - 1) * CELL}" y="{s * CELL}" width="{CELL - 1}" '
                         f'height="{CELL - 1}" fill="{colour if filled else "white"}" '
                         f'stroke="{colour}" stroke-width="0.5"/>')
    width, height = rules.max_rank * CELL, len(rules.suits) * CELL
    label = "may be " + (", ".join(card.possible) if card.possible else "nothing")
    return (f'<svg width="{width}" height="{height}" role="img" aria-label="{escape(label)}">'
            + "".join(rects) + "</svg>")


def _colour_of(pos: Position, text: str) -> str:
    """The colour of a card's suit from its text ("3♥", "R2", "??" grey)."""
    game = pos.analysis.record.game
    for letter in game.ruleset.suits:
        suit = SUITS[letter]
        if text.endswith(suit.symbol) or (len(suit.symbol) == 1 and text[:1] == suit.symbol
                                          and suit.symbol.isalpha()):
            return suit.colour
    return GREY


def position_html(pos: Position) -> str:
    game = pos.analysis.record.game
    rules = game.ruleset
    status = (f"Turn {pos.turn}: score {pos.score} of {rules.perfect_score} (max {pos.max_score}), "
              f"{pos.coins} coins, {pos.lives} lives, {pos.draw_pile} to draw, pace {pos.pace}")
    if rules.name == "hanabi":
        status = status.replace(" coins,", " clues,").replace(" lives,", " strikes left,")
    parts = [f"<div><p><b>{escape(status)}</b></p>"]
    if pos.action:
        parts.append(f"<p>{escape(pos.action)}</p>")
    rows = "".join(_card_svg(top if top != "." else "-", SUITS[letter].colour)
                   + "&nbsp;" for letter, top in zip(rules.suits, pos.rows.values(), strict=True))
    parts.append(f"<p>Rows: {rows}</p>")
    parts.append('<table><tr><th style="text-align:left">player</th>'
                 '<th style="text-align:left">hand (slot 1 first) and what its holder knew</th></tr>')
    for name, cards in pos.hands.items():
        cells = []
        for c in cards:
            marks = " ".join(m for m, on in (("playable", c.knows_playable),
                                              ("trash", c.knows_trash)) if on)
            cells.append('<td style="text-align:center;padding:2px 6px">'
                         + _card_svg(c.card, _colour_of(pos, c.card), ring=c.touched)
                         + "<br>" + _grid_svg(pos, c)
                         + (f"<br><small>knows {escape(marks)}</small>" if marks else "")
                         + "</td>")
        who = escape(name) + (" (to play)" if name == pos.to_play else "")
        parts.append(f'<tr><td style="text-align:left">{who}</td><td><table><tr>'
                     + "".join(cells) + "</tr></table></td></tr>")
    parts.append("</table>")
    if pos.notes:
        parts.append("<ul>" + "".join(f"<li><b>{escape(n.severity)}</b>: {escape(n.message)}</li>"
                                      for n in pos.notes) + "</ul>")
    parts.append("</div>")
    return "".join(parts)


SEVERITY_COLOURS = {Severity.BLUNDER: "#c62828", Severity.MISTAKE: "#ef6c00",
                    Severity.INFO: "#546e7a", Severity.GOOD: "#2e7d32"}
CLOCK_W, CLOCK_H = 240, 60


def note_html(note: Note) -> str:
    """A note on one line: its turn, player, severity (coloured) and sentence."""
    colour = SEVERITY_COLOURS.get(Severity(note.severity), GREY)
    return (f'<span>turn {note.turn}, {escape(note.player)}: '
            f'<b style="color:{colour}">{escape(note.severity)}</b> '
            f"({escape(note.kind)}) {escape(note.message)}</span>")


def clock_svg(game: GameRecord) -> str:
    """The draw-pile clock as a small chart: score (solid) and max score (dashed) turn by
    turn, on the game's perfect score; the draw pile as a grey line on its own scale."""
    clock = game.analysis.clock
    top = max(game.game.ruleset.perfect_score, 1)
    deck = max(max(p.draw_pile for p in clock), 1)
    last = max(len(clock) - 1, 1)

    def line(values: list[float], colour: str, dash: str = "") -> str:
        points = " ".join(f"{2 + i * (CLOCK_W - 4) / last:.1f},{CLOCK_H - 2 - v * (CLOCK_H - 4):.1f}"
                          for i, v in enumerate(values))
        extra = f' stroke-dasharray="{dash}"' if dash else ""
        return (f'<polyline points="{points}" fill="none" stroke="{colour}" '
                f'stroke-width="1.5"{extra}/>')

    final = clock[-1]
    label = (f"the clock over {last} turns: score {final.score}, max score {final.max_score} "
             f"of {top}, {final.draw_pile} cards left to draw")
    return (f'<svg width="{CLOCK_W}" height="{CLOCK_H}" role="img" aria-label="{escape(label)}">'
            f'<rect width="{CLOCK_W}" height="{CLOCK_H}" fill="#fafafa" stroke="#e0e0e0"/>'
            + line([p.draw_pile / deck for p in clock], GREY)
            + line([p.max_score / top for p in clock], "#1565c0", "4 2")
            + line([p.score / top for p in clock], "#1565c0")
            + "</svg>")


def game_html(game: GameRecord) -> str:
    """A summary card: ruleset, players, score and ending, the notes' counts, the clock."""
    final = game.timeline.final
    rules = game.game.ruleset
    ending = final.ending or "unfinished"
    summary = game.analysis.summary
    counts = ", ".join(f"{n} {word}{'s' if n != 1 else ''}" for n, word in
                       ((summary.blunders, "blunder"), (summary.mistakes, "mistake")) if n)
    name = escape(game.file.rsplit("/", 1)[-1] or "a game")
    return ('<div style="border:1px solid #cfd8dc;border-radius:6px;padding:6px 10px;'
            'display:inline-block;font-family:sans-serif">'
            f"<b>{name}</b>: {escape(rules.title)}, {len(game.players)} players<br>"
            f"{escape(', '.join(game.players))}<br>"
            f"score <b>{final.score}</b> of {rules.perfect_score}, {escape(ending)}, "
            f"{game.turns} turns" + (f"; {escape(counts)}" if counts else "") + "<br>"
            + clock_svg(game)
            + '<br><small>score (solid), max score (dashed), draw pile (grey)</small></div>')
