"""Move values on the board (issue 33, docs/values.md): the value curve beside the
draw-pile clock, each move's expected loss marked on it as lichess marks its
inaccuracies, mistakes and blunders, and the accuracy table of each player.

`value_view` is the view model the page gets: made on the server from the figures of
`play.value` (never worked out in the browser), and only what the viewer may see: a
move's value rests on what its mover knew, and another player knew the viewer's own
cards, so as a player the page gets that player's own moves and accuracy alone.
`offered` says when the values are offered at all; `values_panel` is the panel's
skeleton, which assets/values.js and the callbacks of `value_jobs` fill.
"""

from __future__ import annotations

from typing import Any

from dash import dcc, html

from nova_replay.conventions import not_read
from nova_replay.play.value import BLUNDER, INACCURACY, MISTAKE, GameValues, MoveValue
from nova_replay.play.value_report import move_text
from nova_replay.rules.engine import Timeline

from .corpus_view import aria
from .panels import HOVER_WIDTH, plot_text

VALUE_HEIGHT = 210  # px: the value chart's height (margins 10 + 40: a plot 160 px tall)

# The curve's lines and each severity's marker: [name, Plotly symbol or dash, colour,
# the legend's glyph] (lichess's blue, orange and red, dark enough to read as text).
PLAYED = ["expected score after the move played", "solid", "#2e7d32", "—"]
BEST = ["after the best move weighed", "dot", "#546e7a", "┈"]
MARKERS = {"inaccuracy": [f"inaccuracy (loss ≥ {INACCURACY:g})", "circle", "#1565c0", "●"],
           "mistake": [f"mistake (loss ≥ {MISTAKE:g})", "square", "#b85400", "■"],
           "blunder": [f"blunder (loss ≥ {BLUNDER:g})", "x", "#c62828", "✕"]}


def offered(spoilers: bool, hypo: bool, level: int | None, ruleset_not_read: str) -> str:
    """'' when the values are offered for this view, else why not (said on the panel)."""
    if not spoilers:
        return ("Move values are offered with spoilers on: the curve and the accuracy "
                "tell how the whole game went.")
    if hypo:
        return "Move values are of the game itself: leave the tried line to see them."
    if level is None:
        return ("Move values need conventions (the convention player plays the rest of the "
                "game by them): pick an H-Group level.")
    if ruleset_not_read:
        return f"No move values for this game: {ruleset_not_read}."
    return ""


def why_not(timeline: Timeline, spoilers: bool, hypo: bool, level: int | None) -> str:
    """`offered` for a game's timeline."""
    return offered(spoilers, hypo, level, not_read(timeline.game.ruleset))


def _hover(values: GameValues, m: MoveValue, hand: tuple[int, ...]) -> str:
    """'turn 12: Ben, clue red to Cathy: 21.4 / best: play slot 2, 23.1 / loss 1.7: a
    mistake' in the game's words, broken for the chart's hover box."""
    game = values.game
    said = (f"turn {m.turn}: {game.players[m.player]}, {move_text(game, hand, m.action)}: "
            f"expected score {m.played:.2f}")
    if m.expected_loss > 0:
        said += (f"; best {move_text(game, hand, m.best_action)}: {m.best:.2f}; "
                 f"expected loss {m.expected_loss:.2f}")
        if m.severity is not None:
            said += f" ({m.severity})"
    else:
        said += " (the best of the moves weighed)"
    return plot_text(said, HOVER_WIDTH)


def value_view(values: GameValues, timeline: Timeline, viewer: int | None,
               key: str) -> dict[str, Any]:
    """What the page gets to draw the curve and the table. Per move valued (in turn
    order): `turns`, `played` (the expected final score after the move played), `best`
    (after the best move weighed), `loss`, `severity` (or null) and `hover`; `players`:
    per player (only the viewer's own, as a player) their accuracy row."""
    game = values.game
    moves = [m for m in values.moves if viewer is None or m.player == viewer]
    hands = [timeline[m.turn - 1].hands[m.player] for m in moves]
    rows = [a for a in values.accuracy if viewer is None or a.player == viewer]
    return {
        "key": key, "viewer": viewer, "samples": values.samples,
        "conventions": f"h-group:{values.level}", "perfect": game.ruleset.perfect_score,
        "turns": [m.turn for m in moves], "played": [m.played for m in moves],
        "best": [m.best for m in moves], "loss": [m.expected_loss for m in moves],
        "severity": [m.severity for m in moves],
        "hover": [_hover(values, m, h) for m, h in zip(moves, hands, strict=True)],
        "lines": [PLAYED, BEST], "markers": MARKERS,
        "players": [{"player": a.name, "moves": a.moves, "inaccuracies": a.inaccuracies,
                     "mistakes": a.mistakes, "blunders": a.blunders,
                     "mean_loss": round(a.mean_loss, 2), "accuracy": round(a.accuracy, 1)}
                    for a in rows],
    }


def accuracy_table(view: dict[str, Any]) -> html.Table:
    """Per player: moves valued, inaccuracies, mistakes, blunders, mean expected loss
    per move (points) and accuracy (docs/values.md, "Accuracy")."""
    heads = ("Player", "Moves", "Inaccuracies", "Mistakes", "Blunders", "Mean loss",
             "Accuracy")
    body = [html.Tr([html.Th(r["player"], scope="row"), html.Td(r["moves"]),
                     html.Td(r["inaccuracies"]), html.Td(r["mistakes"]), html.Td(r["blunders"]),
                     html.Td(f"{r['mean_loss']:.2f}"), html.Td(f"{r['accuracy']:.1f}%")])
            for r in view["players"]]
    return html.Table([
        html.Caption(f"Accuracy per player ({view['samples']} "
                     f"deal{'s' if view['samples'] > 1 else ''} a move, the "
                     f"{view['conventions'].replace('h-group:', 'H-Group level ')} "
                     f"player as the rest of the game)"),
        html.Thead(html.Tr([html.Th(h, scope="col") for h in heads])),
        html.Tbody(body)], className="accuracy-table", id="accuracy-table")


def legend() -> html.Div:
    """What the curve's lines and marks mean (drawn here, not by the chart: it keeps
    the plot's height whatever the width)."""
    return html.Div([html.Span([html.Span(glyph, className="legend-mark", style={"color": colour},
                                          **aria("hidden", "true")), " ", name],
                               className="legend-entry")
                     for name, _, colour, glyph in (PLAYED, BEST, *MARKERS.values())],
                    className="clock-legend", id="values-legend", style={"display": "none"})


def values_panel() -> html.Section:
    """The panel under the clock chart: the action that works the values out, its state
    (a live status and a progress bar), the curve and the accuracy table."""
    return html.Section([
        html.H2("Move values", className="section-title", id="values-title"),
        html.Div([
            html.Button("Work out move values", id="values-button", n_clicks=0,
                        className="values-button",
                        title="value every move from what its player knew (on the server; "
                              "worked out once per game, then kept)"),
            html.Span(id="values-status", className="values-status", role="status"),
        ], className="values-line"),
        html.Div([
            html.Progress(id="values-progress", value="0", max="1", className="values-progress",
                          style={"display": "none"}, **aria("label", "moves valued")),
            html.Span(id="values-count", className="values-count"),
        ], className="values-line"),
        html.Div(dcc.Graph(id="value-chart", config={"displayModeBar": False,
                                                     "responsive": True},
                           figure={"data": [], "layout": {}},
                           style={"height": f"{VALUE_HEIGHT}px", "width": "100%"}),
                 id="value-chart-box", style={"display": "none"}),
        legend(),
        html.Div(id="values-table"),
        dcc.Store(id="values-game"), dcc.Store(id="values-data"),
        dcc.Interval(id="values-poll", interval=500, disabled=True),
    ], id="values", className="panel values", **aria("labelledby", "values-title"))
