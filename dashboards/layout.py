"""The page skeleton: header with the game picker and upload box, review options,
turn navigation, and empty containers the render callback fills.

`page` is a pure function of the picker's options; everything that depends on the
game or the turn is drawn in the browser by assets/review.js from the game's payload.
"""

from __future__ import annotations

from pathlib import PurePath
from typing import Any

from dash import dcc, html

from .corpus_view import aria, corpus_panel
from .data import MAX_UPLOAD_BYTES
from .links import CONVENTIONS, DEFAULT_CONVENTIONS
from .panels import KIND_OPTIONS, SEVERITY_OPTIONS
from .table import TIERS
from .value_curve import values_panel

CLOCK_HEIGHT = 260  # px: less the chart's margins (review.js: 10 + 46), a plot 204 px tall


def page(options: list[dict[str, str]], source: str, count: int | None = None,
         first: str | None = None, lessons: list[dict[str, str]] | None = None,
         puzzles: list[dict[str, str]] | None = None,
         corpus: list[dict[str, Any]] | None = None,
         progress: html.Div | None = None) -> html.Div:
    """The whole page; `options` are the picker's first games (of `count`), `source`
    where they come from, `first` the one it opens on; `lessons` and `puzzles` the
    course's pickers; `corpus` a batch table's rows (the corpus view); `progress` a
    folder's validation (folder_view.py)."""
    return html.Div([
        dcc.Location(id="url", refresh=False),
        dcc.Store(id="game-data", data=None),
        dcc.Store(id="review-sink"), dcc.Store(id="move-sink"),
        # The turn shown (a switch of viewer stays on it) and, with no spoilers, the
        # turn whose next one the page asks the server for (callbacks.reach).
        dcc.Store(id="turn-now"), dcc.Store(id="horizon"),
        # The evaluation curve, worked out in the background (dashboards/evaluations.py).
        dcc.Store(id="eval-request"), dcc.Store(id="eval-data"), dcc.Store(id="eval-sink"),
        dcc.Interval(id="eval-poll", interval=400, disabled=True),
        # "Try another move": the browser's ask and the server's moves (assets/hypo.js)
        dcc.Store(id="hypo-ask"), dcc.Store(id="hypo-offers"), dcc.Store(id="hypo-sink"),
        header(options, source, len(options) if count is None else count, first,
               learn_line(lessons or [], puzzles or [])),
        *([progress] if progress is not None else []),
        # Everything below the header is the page's main landmark (screen readers).
        html.Main([
        *([corpus_panel(corpus)] if corpus else []),
        html.Div(id="problems", className="problems"),
        html.Div([html.Div(id="puzzle-board"), html.Div(id="puzzle-result")],
                 id="puzzle", className="panel puzzle", style={"display": "none"}),
        html.Div([navigation(), html.Div([
            html.Div([
                html.Div(id="table", className="panel"),
                html.Div([
                    # the hands' heading, for screen readers (the hands say whose they are)
                    html.H2("Hands", className="visually-hidden"),
                    html.Div(id="hands"),
                ], className="panel"),
            ], className="col-main"),
            html.Div([
                html.Div(id="lesson", className="panel lesson", style={"display": "none"}),
                # "try another move": a hypothetical line (assets/hypo.js, dashboards/hypo.py)
                html.Section(id="hypo", className="panel hypo",
                             **aria("labelledby", "hypo-title")),
                html.Div(id="summary", className="panel"),
                html.Div([
                    html.Div("Moves", className="section-title"),
                    html.Div(id="move-list", className="move-list",
                             title="one line per turn; click a line to go there"),
                ], className="panel"),
                html.Div([  # every clue given so far (assets/details.js)
                    html.H2("Clue log", className="section-title", id="clue-log-title"),
                    html.Div(id="clue-log", className="clue-log", role="region",
                             **aria("labelledby", "clue-log-title")),
                ], className="panel"),
                html.Div([
                    html.Div("Draw-pile clock", className="section-title"),
                    # Responsive graphs take their size from the Graph's own style: a
                    # fixed height and fixed margins keep the plot 200 px tall at any
                    # width; the legend is drawn outside it, below (review.js).
                    dcc.Graph(id="clock", config={"displayModeBar": False, "responsive": True},
                              figure={"data": [], "layout": {}},
                              style={"height": f"{CLOCK_HEIGHT}px", "width": "100%"}),
                    html.Div(id="eval-message", className="eval-message"),  # no curve: why
                    html.Div(id="clock-legend", className="clock-legend"),
                ], className="panel"),
                values_panel(),  # move values, on request (value_curve.py, value_jobs.py)
                html.Div([
                    html.Div("Findings", className="section-title"),
                    findings_filters(),
                    html.Div(id="findings", className="findings-scroll"),
                ], className="panel"),
                legend(),
            ], className="col-side"),
        ], className="columns")], id="content"),  # hidden when there is no game to show
        ]),
    ], className="page")


def header(options: list[dict[str, str]], source: str, count: int,
           first: str | None = None, learn: html.Div | None = None) -> html.Header:
    """One line at a wide window (it wraps on a narrow one): the game's title (never
    a server path), the picker, the upload box and the course's pickers."""
    return html.Header([
        html.Div([html.H1("nova-replay", className="brand"),
                  html.Span(id="game-title", className="game-title")], className="title-line"),
        html.Div([
            dcc.Dropdown(id="game-picker", options=options,
                         value=first or (options[0]["value"] if options else None),
                         clearable=False, searchable=True, className="picker",
                         placeholder=f"Pick one of {count} games (type to search)"),
            # Any file is taken, so that one that is not a JSON log gets a clear message
            # (a browser's own filter would drop it silently).
            dcc.Upload(id="upload", children=html.Div(["Drop a log here or ", html.A("upload")]),
                       className="upload", multiple=False),
            html.Div(id="upload-message", className="upload-message", role="status"),
        ], className="picker-line", title=f"Games: {source}. Uploads up to "
                                          f"{MAX_UPLOAD_BYTES // 2**20} MB of JSON."),
        *([learn] if learn is not None else []),
    ], className="header")


def learn_line(lessons: list[dict[str, str]], puzzles: list[dict[str, str]]) -> html.Div:
    """The course: a lesson picker (a lesson opens at its turn, its text beside the
    board) and a puzzle picker with the running score."""
    return html.Div([
        html.Span("Learn", className="opt-label"),
        dcc.Dropdown(id="lesson-picker", options=lessons, value=None, clearable=True,
                     searchable=True, className="learn-picker",
                     placeholder=f"a lesson ({len(lessons)} in the course)"),
        dcc.Dropdown(id="puzzle-picker", options=puzzles, value=None, clearable=True,
                     searchable=True, className="learn-picker",
                     placeholder=f"a puzzle ({len(puzzles)}): what would you do?"),
        html.Span(id="puzzle-score-text", className="muted"),
        dcc.Store(id="puzzle-score", storage_type="session"),
    ], className="learn-line")


def navigation() -> html.Div:
    buttons = [("nav-first", "«", "first turn (Home)"), ("nav-prev", "◀", "previous turn (←)"),
               ("nav-next", "▶", "next turn (→)"), ("nav-last", "»", "last turn (End)")]
    nav = [html.Button(text, id=i, n_clicks=0, title=t, className="nav-button")
           for i, text, t in buttons]
    jumps = [html.Button(text, id=i, n_clicks=0, title=t, className="nav-button jump")
             for i, text, t in (("finding-prev", "‹ p", "previous finding (p)"),
                                ("finding-next", "n ›", "next finding (n)"))]
    return html.Div([
        *nav[:2],
        html.Div(dcc.Slider(id="turn-slider", min=0, max=1, step=1, value=0,
                            allow_direct_input=False, updatemode="drag", marks=None,
                            tooltip={"placement": "bottom", "always_visible": False}),
                 className="slider-box"),
        *nav[2:],
        html.Span(id="turn-label", className="turn-label"),
        # the counters that matter while looking at the hands, in the sticky bar
        html.Span(id="nav-status", className="nav-status"),
        html.Button("Options", id="options-toggle", className="nav-button options-toggle",
                    n_clicks=0, title="the view's options (knowledge, viewer, spoilers)",
                    **aria("expanded", "false"), **aria("controls", "review-options")),
        html.Span([*jumps], className="jumps", title="findings shown by the severity filter"),
        review_options(),  # in the sticky bar: every control of the view stays on screen
    ], className="nav")


KEYS = (("← →", "previous / next turn"), ("Home End", "first / last turn"),
        ("n p", "next / previous finding (of the severities ticked under Findings)"))
GRID_LEGEND = (("gcell on", "filled: the holder cannot rule this card out"),
               ("gcell off", "empty: ruled out"),
               ("gcell on truth", "ringed: the card it really is (hidden in a player's view)"))
BADGE_LEGEND = (("b-playable", "knows playable", "every card it can be is playable now"),
                ("b-trash", "knows trash", "no card it can be can ever be played"),
                ("b-exact", "knows exactly", "a single card is possible"),
                ("b-critical", "critical", "the last copy of a card still needed"),
                ("b-chop", "chop", "the card its holder would discard next"))


def legend() -> html.Details:
    """What the keys do and what the knowledge grids and badges mean."""
    keys = html.Div([html.Span([html.Kbd(k), " ", what], className="key")
                     for k, what in KEYS], className="keys", id="keys-help")
    cells = html.Div([html.Span([html.Span(className=cls, style={"--c": "#1565c0"}), " ", what],
                                className="legend-item") for cls, what in GRID_LEGEND],
                     className="legend-row")
    faces = html.Div([html.Span([html.Span("4R", className="card-face touched legend-face"),
                                 " ringed card: touched by a hint (Hanabi: a clue)"],
                                className="legend-item"),
                      html.Span([html.Span("▼ blue", className="clue-tag"),
                                 " touched by this turn's hint or clue"], className="legend-item"),
                      html.Span([html.Span("?", className="card-face hidden legend-face"),
                                 " hidden: its holder cannot see it"], className="legend-item")],
                     className="legend-row")
    badges = html.Div([html.Span([html.Span(text, className=f"badge {cls}"), " ", what],
                                 className="legend-item") for cls, text, what in BADGE_LEGEND],
                      className="legend-row")
    tiers = html.Div("Knowledge: hinted = what the hints said; deduced = what the holder could "
                     "work out from everything they saw; common = what everyone could tell.",
                     className="muted")
    return html.Details([html.Summary("Keys and legend"), keys, cells, faces, badges, tiers],
                        id="legend", className="legend panel")


def review_options() -> html.Div:
    return html.Div([
        html.Label("Knowledge", className="opt-label"),
        dcc.RadioItems(id="tier", options=[{"label": t, "value": t} for t in TIERS],
                       value="deduced", inline=True, className="radio"),
        html.Span([
            html.Label("View", className="opt-label"),
            dcc.Dropdown(id="as", options=[{"label": "all cards", "value": "all"}],
                         value="all", clearable=False, searchable=False, className="viewer"),
        ], className="opt-group"),
        dcc.Checklist(id="spoilers", options=[{"label": "no spoilers", "value": "hide"}],
                      value=[], inline=True, className="check"),
        html.Span([  # the server reads the clues again by the chosen conventions
            html.Label("Conventions", className="opt-label"),
            dcc.Dropdown(id="conventions", options=[
                {"label": "none" if c == "none" else c.replace("h-group:", "H-Group "),
                 "value": c} for c in CONVENTIONS],
                value=DEFAULT_CONVENTIONS, clearable=False, searchable=False,
                className="conventions-picker"),
        ], className="opt-group"),
    ], className="review-options", id="review-options")


def findings_filters() -> html.Div:
    return html.Div([
        dcc.Dropdown(id="finding-kind", options=KIND_OPTIONS,
                     value=[], multi=True, placeholder="all kinds", className="kind-filter"),
        dcc.Checklist(id="finding-severity", options=SEVERITY_OPTIONS,
                      value=[o["value"] for o in SEVERITY_OPTIONS], inline=True, className="check"),
    ], className="filters")


def problems_view(file: str, problems: tuple[str, ...], fatal: bool) -> html.Div:
    """The validator's messages, as a list on the page."""
    name = PurePath(file).name  # never the server's path
    head = (f"{name} is not a valid game log:" if fatal
            else f"{name}: warning:")
    return html.Div([html.Div(head, className="problems-head"),
                     html.Ul([html.Li(p) for p in problems])],
                    className="problems-box" + (" fatal" if fatal else " warning"),
                    id="problems-list")
