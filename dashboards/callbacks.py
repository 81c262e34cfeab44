"""Callbacks: thin functions from the inputs to the data and layout functions.

The server answers only when a game is opened or the way of looking at it changes
(the URL on load, the picker, the viewer, no spoilers, an upload): `open_view` sends
the game's payload (`payload.game_payload`) with its title and problems. Everything
that moves within a game (buttons, arrow keys, the slider, a chart marker, a finding
link, the knowledge tier, the findings filters) is handled in the browser by
assets/review.js, through two clientside callbacks, with no round trip.
"""

from __future__ import annotations

from collections import OrderedDict
from pathlib import PurePath
from threading import Lock
from typing import Any
from urllib.parse import parse_qs

from dash import ClientsideFunction, Dash, Input, Output, State, ctx, html, no_update
from dash.exceptions import PreventUpdate

from .data import Broken, GameLibrary, Reviewed, UploadRefused
from .layout import problems_view
from .panels import turn_href
from .payload import game_payload
from .table import ViewOptions

PAYLOADS_KEPT = 16  # payloads (game, viewer, mode) kept ready; each is ~0.1 MB


def parse_search(search: str | None) -> tuple[str | None, int | None]:
    """The game and turn of a URL's query string; missing or malformed parts are None."""
    query = parse_qs((search or "").lstrip("?"))
    game = query.get("game", [None])[0]
    try:
        turn: int | None = int(query.get("turn", [""])[0])
    except ValueError:
        turn = None
    return game, turn


def options_of(loaded: Reviewed, viewer: str | None, spoilers: list[str] | None) -> ViewOptions:
    """The viewer ("all" or a player's number) and the mode, checked against the game."""
    players = len(loaded.analysis.record.game.players)
    who = int(viewer) if viewer and viewer.isdigit() and int(viewer) < players else None
    return ViewOptions("deduced", who, "hide" in (spoilers or []))


class Payloads:
    """The last PAYLOADS_KEPT payloads, so that switching back and forth is instant
    and the server's memory stays bounded."""

    def __init__(self, library: GameLibrary) -> None:
        self.library = library
        self._kept: OrderedDict[tuple[str, int | None, bool], dict[str, Any]] = OrderedDict()
        self._lock = Lock()

    def get(self, key: str, loaded: Reviewed, options: ViewOptions) -> dict[str, Any]:
        slot = (key, options.viewer, options.no_spoilers)
        with self._lock:
            if slot in self._kept:
                self._kept.move_to_end(slot)
                return self._kept[slot]
        payload = game_payload(key, loaded.analysis, options)
        with self._lock:
            self._kept[slot] = payload
            while len(self._kept) > PAYLOADS_KEPT:
                self._kept.popitem(last=False)
        return payload


def title_of(loaded: Reviewed, options: ViewOptions) -> str:
    record = loaded.analysis.record
    game = record.game
    meta_title = record.log.meta.title if record.log.meta and record.log.meta.title else None
    if options.no_spoilers:  # a log's title may tell how it ends ("A strikeout: score 0")
        meta_title = PurePath(record.file).name
    return (f"{meta_title or record.file}: {game.ruleset.title}, "
            f"{len(game.players)} players ({', '.join(game.players)})")


def open_view(library: GameLibrary, payloads: Payloads, trigger: str | None, search: str | None,
              picker: str | None, viewer: str | None, spoilers: list[str] | None
              ) -> tuple[Any, ...]:
    """What the server sends when a game is opened or looked at differently: the
    payload (its `start` is the turn to go to, None to stay on the current one), the
    picker's value, the URL, problems, title, viewer options and the content's style
    (hidden for an invalid log or none)."""
    url_game, url_turn = parse_search(search)
    start: int | None = None
    if trigger == "game-picker" and picker:
        key, start = picker, 0
    elif trigger in ("viewer", "spoilers"):
        key = picker or url_game or ""
    else:  # the URL: page load, an upload
        key, start = url_game or picker or "", url_turn or 0
    if key not in library:
        key, start = library.first_key() or "", 0
    loaded = library.get(key) if key else None
    viewers = [{"label": "all cards", "value": "all"}]
    hidden = {"display": "none"}
    if isinstance(loaded, Reviewed) and start is not None:
        start = max(0, min(start, loaded.turns))
    href = turn_href(key, start) if key and start is not None else no_update
    if href == search:
        href = no_update
    if loaded is None:
        message = html.Div("No game to show: pick one or upload a log.", className="problems-box")
        return (None, no_update, no_update, message, "", viewers, hidden)
    if isinstance(loaded, Broken):
        return (None, key, href, problems_view(loaded.file, loaded.problems, fatal=True),
                loaded.file, viewers, hidden)
    options = options_of(loaded, viewer, spoilers)
    payload = {**payloads.get(key, loaded, options), "start": start}
    viewers += [{"label": f"as {name}", "value": str(p)}
                for p, name in enumerate(loaded.analysis.record.game.players)]
    warnings = loaded.warnings
    if options.no_spoilers and loaded.unfinished:  # the validator's words give the score
        warnings = ("the log stops before the game ended",)
    problems = problems_view(loaded.analysis.record.file, warnings, fatal=False) if warnings else None
    return (payload, key, href, problems, title_of(loaded, options), viewers, {})


def upload(library: GameLibrary, contents: str | None, filename: str | None
           ) -> tuple[Any, str]:
    """Add an uploaded log; on success go to it (the URL), else say why it was refused."""
    if not contents:
        raise PreventUpdate
    name = filename or "upload"
    try:
        key = library.add_upload(name, contents)
    except UploadRefused as e:
        return no_update, str(e)
    return turn_href(key, 0), f"Loaded {name}."


def register(app: Dash, library: GameLibrary) -> None:
    """Wire the callbacks of one app to its library."""
    payloads = Payloads(library)

    @app.callback(
        Output("game-data", "data"), Output("game-picker", "value"), Output("url", "search"),
        Output("problems", "children"), Output("game-title", "children"),
        Output("viewer", "options"), Output("content", "style"),
        Input("url", "search"), Input("game-picker", "value"), Input("viewer", "value"),
        Input("spoilers", "value"),
    )
    def _open(search: str | None, picker: str | None, viewer: str | None,
              spoilers: list[str] | None) -> tuple[Any, ...]:
        trigger = ctx.triggered_id if isinstance(ctx.triggered_id, str) else None
        return open_view(library, payloads, trigger, search, picker, viewer, spoilers)

    # The browser draws the turn: a new payload, tier or filter redraws it...
    app.clientside_callback(  # type: ignore[no-untyped-call]
        ClientsideFunction("nova", "show"), Output("review-sink", "data"),
        Input("game-data", "data"), Input("tier", "value"), Input("finding-kind", "value"),
        Input("finding-severity", "value"),
    )
    # ...and the slider and the chart's markers move it (buttons and keys: review.js).
    app.clientside_callback(  # type: ignore[no-untyped-call]
        ClientsideFunction("nova", "moved"), Output("move-sink", "data"),
        Input("turn-slider", "value"), Input("clock", "clickData"),
        prevent_initial_call=True,
    )

    @app.callback(
        Output("game-picker", "options"), Input("game-picker", "search_value"),
        Input("game-picker", "value"),
    )
    def _picker(search: str | None, value: str | None) -> list[dict[str, str]]:
        return library.options(search, keep=value)

    @app.callback(
        Output("url", "search", allow_duplicate=True), Output("upload-message", "children"),
        Input("upload", "contents"), State("upload", "filename"),
        prevent_initial_call=True,
    )
    def _upload(contents: str | None, filename: str | None) -> tuple[Any, str]:
        return upload(library, contents, filename)
