"""A position as HTML with inline SVG, for Jupyter (`Position._repr_html_`): the status,
the rows, every hand with each card's knowledge as a suits x ranks grid, and the notes;
a game's summary card (`GameRecord._repr_html_`) with its clock as a small chart; a note.
Self-contained (no script, no stylesheet, no file): a notebook saved to HTML keeps it."""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from ..rules.cards import SUITS

if TYPE_CHECKING:
    from .position import CardInHand, GameRecord, Note, Position

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


SEVERITY_COLOURS = {"blunder": "#c62828", "mistake": "#ef6c00", "info": "#546e7a",
                    "good": "#2e7d32"}
CLOCK_W, CLOCK_H = 240, 60


def note_html(note: Note) -> str:
    """A note on one line: its turn, player, severity (coloured) and sentence."""
    colour = SEVERITY_COLOURS.get(note.severity, GREY)
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
