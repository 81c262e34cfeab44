"""Callbacks: thin functions from the inputs to the layout functions.

The state of the page is the URL (`?game=...&turn=N`): every way of moving (buttons,
arrow keys via assets/keys.js, the slider, a chart marker, a finding link, the
picker) ends in `navigate`, which writes the URL and the `view` store; `render`
draws everything from that store and the review options. Both are plain functions
of a `GameLibrary`, so tests and the benchmark call them without a browser.
"""

from __future__ import annotations

from pathlib import PurePath
from typing import Any
from urllib.parse import parse_qs

from dash import Dash, Input, Output, State, ctx, html, no_update
from dash.exceptions import PreventUpdate

from .data import Broken, GameLibrary, UploadRefused
from .layout import problems_view
from .panels import clock_figure, findings_view, summary_view, turn_href
from .table import TIERS, ViewOptions, hands_view, table_view

NAV_BUTTONS = ("nav-first", "nav-prev", "nav-next", "nav-last")


def parse_search(search: str | None) -> tuple[str | None, int | None]:
    """The game and turn of a URL's query string; missing or malformed parts are None."""
    query = parse_qs((search or "").lstrip("?"))
    game = query.get("game", [None])[0]
    try:
        turn: int | None = int(query.get("turn", [""])[0])
    except ValueError:
        turn = None
    return game, turn


def navigate(library: GameLibrary, trigger: str | None, search: str | None,
             picker: str | None, slider: float | None, click: dict[str, Any] | None,
             view: dict[str, Any] | None, no_spoilers: bool = False) -> tuple[str, int]:
    """The (game, turn) to show after `trigger` fired (None = page load). With no
    spoilers, "last" (the button, the End key) is one turn ahead, like "next": jumping
    to the real last turn would tell how long the game lasted."""
    game, turn = (view or {}).get("game"), int((view or {}).get("turn") or 0)
    if trigger == "game-picker" and picker:
        game, turn = picker, 0
    elif trigger == "nav-first":
        turn = 0
    elif trigger == "nav-prev":
        turn -= 1
    elif trigger == "nav-next" or (trigger == "nav-last" and no_spoilers):
        turn += 1
    elif trigger == "nav-last":
        turn = 10**9
    elif trigger == "turn-slider" and slider is not None:
        turn = int(slider)
    elif trigger == "clock" and click and click.get("points"):
        turn = int(click["points"][0]["x"])
    elif trigger == "spoilers" and game:
        pass  # the mode changed: same moment, new slider range
    else:  # the URL (page load, a finding link, an upload)
        url_game, url_turn = parse_search(search)
        game = url_game or game
        turn = url_turn if url_turn is not None else 0
    if game is None or game not in library:
        game = library.first_key() or ""
    loaded = library.get(game) if game else None
    last = loaded.turns if loaded is not None and not isinstance(loaded, Broken) else 0
    return game, max(0, min(turn, last))


def slider_marks(turns: int) -> dict[int, str]:
    step = 5 if turns <= 40 else 10 if turns <= 100 else 20
    return {t: str(t) for t in range(0, turns + 1, step)}


def slider_range(turns: int, turn: int, no_spoilers: bool) -> tuple[int, dict[int, str]]:
    """The slider's max and marks: the whole game, or with no spoilers one turn past
    `turn` whether or not the game goes on (moving there stays on the last turn)."""
    top = turn + 1 if no_spoilers else max(turns, 1)
    return top, slider_marks(top)


def options_of(library: GameLibrary, view: dict[str, Any] | None, tier: str | None,
               viewer: str | None, spoilers: list[str] | None) -> ViewOptions:
    players = 0
    loaded = library.get(view["game"]) if view and view.get("game") else None
    if loaded is not None and not isinstance(loaded, Broken):
        players = len(loaded.analysis.record.game.players)
    who = int(viewer) if viewer and viewer.isdigit() and int(viewer) < players else None
    return ViewOptions(tier if tier in TIERS else "deduced", who, "hide" in (spoilers or []))


def render(library: GameLibrary, view: dict[str, Any] | None, tier: str | None,
           viewer: str | None, spoilers: list[str] | None, kinds: list[str] | None,
           severities: list[str] | None) -> tuple[Any, ...]:
    """Everything on the page for one (game, turn) and the review options:
    problems, title, table, hands, chart, findings, summary, viewer options, turn
    label and the content's style (hidden for an invalid log)."""
    game_key = (view or {}).get("game") or ""
    loaded = library.get(game_key) if game_key else None
    viewers = [{"label": "all cards", "value": "all"}]
    hidden = {"display": "none"}
    if loaded is None:
        message = html.Div("No game to show: pick one or upload a log.", className="problems-box")
        return (message, "", None, None, no_update, None, None, viewers, "", hidden)
    if isinstance(loaded, Broken):
        return (problems_view(loaded.file, loaded.problems, fatal=True), loaded.file, None, None,
                no_update, None, None, viewers, "", hidden)
    analysis = loaded.analysis
    record = analysis.record
    turn = max(0, min(int((view or {}).get("turn") or 0), analysis.timeline.turns))
    options = options_of(library, view, tier, viewer, spoilers)
    game = record.game
    viewers += [{"label": f"as {name}", "value": str(p)} for p, name in enumerate(game.players)]
    meta_title = record.log.meta.title if record.log.meta and record.log.meta.title else None
    if options.no_spoilers:  # a log's title may tell how it ends ("A strikeout: score 0")
        meta_title = PurePath(record.file).name
    title = (f"{meta_title or record.file}: {game.ruleset.title}, "
             f"{len(game.players)} players ({', '.join(game.players)})")
    warnings = loaded.warnings
    if options.no_spoilers and loaded.unfinished:  # the validator's words give the score
        warnings = ("the log stops before the game ended",)
    problems = problems_view(record.file, warnings, fatal=False) if warnings else None
    label = (f"Turn {turn}" if options.no_spoilers
             else f"Turn {turn} of {analysis.timeline.turns}")
    return (problems, title, table_view(analysis, turn, options),
            hands_view(analysis, turn, options), clock_figure(analysis, turn, options),
            findings_view(analysis, game_key, turn, options, kinds, severities),
            summary_view(analysis, turn, options), viewers, label, {})


def upload(library: GameLibrary, contents: str | None, filename: str | None
           ) -> tuple[Any, Any, str]:
    """Add an uploaded log; on success go to it (the URL), else say why it was refused."""
    if not contents:
        raise PreventUpdate
    name = filename or "upload"
    try:
        key = library.add_upload(name, contents)
    except UploadRefused as e:
        return no_update, no_update, str(e)
    return library.options(), turn_href(key, 0), f"Loaded {name}."


def register(app: Dash, library: GameLibrary) -> None:
    """Wire the callbacks of one app to its library."""

    @app.callback(
        Output("url", "search"), Output("turn-slider", "value"), Output("turn-slider", "max"),
        Output("turn-slider", "marks"), Output("game-picker", "value"), Output("view", "data"),
        Input("url", "search"), *(Input(b, "n_clicks") for b in NAV_BUTTONS),
        Input("turn-slider", "value"), Input("clock", "clickData"), Input("game-picker", "value"),
        Input("spoilers", "value"), State("view", "data"),
    )
    def _navigate(search: str | None, _first: int, _prev: int, _next: int, _last: int,
                  slider: float | None, click: dict[str, Any] | None, picker: str | None,
                  spoilers: list[str] | None, view: dict[str, Any] | None) -> tuple[Any, ...]:
        trigger = ctx.triggered_id if isinstance(ctx.triggered_id, str) else None
        hide = "hide" in (spoilers or [])
        game, turn = navigate(library, trigger, search, picker, slider, click, view, hide)
        loaded = library.get(game) if game else None
        turns = loaded.turns if loaded is not None and not isinstance(loaded, Broken) else 0
        href = turn_href(game, turn) if game else ""
        new_view = {"game": game, "turn": turn}
        top, marks = slider_range(turns, turn, hide)
        return (href if href != search else no_update, turn, top, marks, game or no_update,
                new_view if new_view != view else no_update)

    @app.callback(
        Output("problems", "children"), Output("game-title", "children"),
        Output("table", "children"), Output("hands", "children"), Output("clock", "figure"),
        Output("findings", "children"), Output("summary", "children"),
        Output("viewer", "options"), Output("turn-label", "children"),
        Output("content", "style"),
        Input("view", "data"), Input("tier", "value"), Input("viewer", "value"),
        Input("spoilers", "value"), Input("finding-kind", "value"),
        Input("finding-severity", "value"),
    )
    def _render(view: dict[str, Any] | None, tier: str | None, viewer: str | None,
                spoilers: list[str] | None, kinds: list[str] | None,
                severities: list[str] | None) -> tuple[Any, ...]:
        return render(library, view, tier, viewer, spoilers, kinds, severities)

    @app.callback(
        Output("game-picker", "options"), Output("url", "search", allow_duplicate=True),
        Output("upload-message", "children"),
        Input("upload", "contents"), State("upload", "filename"),
        prevent_initial_call=True,
    )
    def _upload(contents: str | None, filename: str | None) -> tuple[Any, Any, str]:
        return upload(library, contents, filename)
