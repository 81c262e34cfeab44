"""Callbacks: thin functions from the inputs to the data and layout functions.

The server answers only when a game is opened or the way of looking at it changes
(the URL on load, the picker, the viewer, no spoilers, the conventions, an upload): `open_view` sends
the game's payload (`payload.game_payload`) with its title and problems. Everything
that moves within a game (buttons, arrow keys, the slider, a chart marker, a finding
link, the knowledge tier, the findings filters) is handled in the browser by
assets/review.js, through two clientside callbacks, with no round trip; with no
spoilers, stepping onto the last turn the payload holds also asks `reach` for the
payload that holds the next one (the step itself is drawn at once).
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from collections import OrderedDict
from pathlib import PurePath
from threading import Lock
from typing import Any

from dash import ClientsideFunction, Dash, Input, Output, State, ctx, html, no_update
from dash.exceptions import PreventUpdate
from flask import current_app, g, has_request_context, request

from nova_replay.knowledge.perspective import viewer_of

from .data import Broken, GameLibrary, Reviewed, UploadRefused
from .evaluations import Evaluations, start_solver
from .hypo import Lines, hypo_payload, line_for, offers
from .layout import problems_view
from .links import CONVENTIONS, DEFAULT_CONVENTIONS, parse_view, turn_href, url_mistakes
from .payload import conventions_of, game_payload
from .table import TIERS, ViewOptions

SESSION_COOKIE = "nova_replay_session"  # one browser's id: its uploads are its own

PAYLOADS_KEPT = 16  # payloads (game, viewer, mode, conventions) kept ready; each is ~0.1 MB


def options_of(loaded: Reviewed, viewer: str | None, spoilers: list[str] | None) -> ViewOptions:
    """The viewer ("all" or a player's number) and the mode, checked against the game."""
    players = len(loaded.analysis.record.game.players)
    who = int(viewer) if viewer and viewer.isdigit() and int(viewer) < players else None
    return ViewOptions("deduced", who, "hide" in (spoilers or []))


def viewer_value(loaded: Reviewed, player: str | None) -> str:
    """The "View" dropdown's value for the URL's `as=PLAYER` (a name): "all" when
    none or no player is called so."""
    if player is None:
        return "all"
    try:
        return str(viewer_of(loaded.analysis.record.game.players, player))
    except ValueError:
        return "all"


class Payloads:
    """The last PAYLOADS_KEPT payloads, so that switching back and forth is instant
    and the server's memory stays bounded."""

    def __init__(self, library: GameLibrary) -> None:
        self.library = library
        self.lines = Lines()  # tried lines (dashboards/hypo.py), each played once
        # Each payload with the game it was made of: an upload's key is the same in
        # every browser session, its game need not be.
        self._kept: OrderedDict[tuple[str, int | None, int, str],
                                tuple[Reviewed, dict[str, Any]]] = OrderedDict()
        self._lock = Lock()

    def get(self, key: str, loaded: Reviewed, options: ViewOptions, reached: int = 0
            ) -> dict[str, Any]:
        """The payload of `key` for `options`; with no spoilers, for the viewer at the
        turn `reached` (it holds that turn and the next one)."""
        until = min(max(reached, 0) + 1, loaded.turns) if options.no_spoilers else -1
        slot = (key, options.viewer, until, conventions_of(loaded.analysis))
        with self._lock:
            kept = self._kept.get(slot)
            if kept is not None and kept[0] is loaded:
                self._kept.move_to_end(slot)
                return kept[1]
        payload = game_payload(key, loaded.analysis, options, loaded.illegal, reached)
        with self._lock:
            self._kept[slot] = (loaded, payload)
            while len(self._kept) > PAYLOADS_KEPT:
                self._kept.popitem(last=False)
        return payload


def title_of(loaded: Reviewed, options: ViewOptions) -> str:
    record = loaded.analysis.record
    game = record.game
    meta_title = record.log.meta.title if record.log.meta and record.log.meta.title else None
    if options.no_spoilers:  # a log's title may tell how it ends ("A strikeout: score 0")
        meta_title = PurePath(record.file).name
    players = f"{len(game.players)} players ({', '.join(game.players)})"
    if meta_title and game.ruleset.title in meta_title:  # "Hanabi (Null), 5 players, seed 1"
        return f"{meta_title}: {', '.join(game.players)}"
    return f"{meta_title or PurePath(record.file).name}: {game.ruleset.title}, {players}"


def open_view(library: GameLibrary, payloads: Payloads, trigger: str | None, search: str | None,
              picker: str | None, viewer: str | None, spoilers: list[str] | None,
              tier: str | None = None, owner: str = "", current: int | None = None,
              conventions: str | None = None) -> tuple[Any, ...]:
    """What the server sends when a game is opened or looked at differently: the
    payload (its `start` is the turn to go to, None to stay on the current one), the
    picker's value, the URL, problems, title, viewer options, the content's style
    (hidden for an invalid log or none), and the "as", "tier", "spoilers" and
    "conventions" controls (set from the URL when it opens a view, else unchanged).
    `owner`: the browser session asking, whose uploads it may open. `current`: the turn
    the page shows (a switch of viewer, mode or conventions stays on it; with no
    spoilers the payload reaches it). `conventions`: the selector's value (None: the
    default), by which the server reads the clues (`GameLibrary.read_by`)."""
    url = parse_view(search)
    start: int | None = None
    from_url = False
    key: str | None
    if trigger == "game-picker" and picker:
        key, start = picker, 0
    elif trigger in ("as", "spoilers", "conventions"):
        key = picker or (library.find(url.game, owner) if url.game else None)
    elif url.puzzle is not None:  # a puzzle (learn.py) shows instead of a game
        return (None, None, no_update, None, "", [{"label": "all cards", "value": "all"}],
                {"display": "none"}, no_update, no_update, no_update, no_update)
    else:  # the URL: page load, a link, an upload
        from_url, start = True, url.turn or 0
        key = library.find(url.game, owner) if url.game else library.first_key()
        if url.game and key is None:
            message = html.Div(f"No game called \u201c{url.game}\u201d here: pick one from "
                               f"the list.", className="problems-box fatal", id="unknown-game")
            return (None, None, no_update, message, "", [{"label": "all cards", "value": "all"}],
                    {"display": "none"}, no_update, no_update, no_update, no_update)
    if from_url:
        conventions = url.conventions or DEFAULT_CONVENTIONS
    loaded = library.read_by(key, owner, conventions) if key else None
    viewers = [{"label": "all cards", "value": "all"}]
    hidden = {"display": "none"}
    keep = (no_update, no_update, no_update, no_update)
    if loaded is None:
        message = html.Div("No game to show: pick one or upload a log.", className="problems-box")
        return (None, no_update, no_update, message, "", viewers, hidden, *keep)
    assert key is not None
    if isinstance(loaded, Broken):
        href = turn_href(key, 0) if start is not None else no_update
        return (None, key, no_update if href == search else href,
                problems_view(PurePath(loaded.file).name, loaded.problems, fatal=True),
                PurePath(loaded.file).name, viewers,
                hidden, *keep)
    if from_url:
        viewer = viewer_value(loaded, url.player)
        spoilers = ["hide"] if url.no_spoilers else []
        tier = url.tier or "deduced"
        controls: tuple[Any, ...] = (viewer, tier, spoilers, conventions)
    else:
        controls = keep
    options = options_of(loaded, viewer, spoilers)
    # a tried line (dashboards/hypo.py) of this game: the URL's, kept by a switch of view
    line, line_problem = line_for(payloads.lines, key, loaded, options.viewer,
                                  url.hypo if trigger != "game-picker" else None)
    last = loaded.turns if line is None else line.end
    if line is not None and from_url and url.turn is None:
        start = line.end
    if start is not None:
        start = max(0, min(start, last))
    players = loaded.analysis.record.game.players
    href = no_update
    if start is not None:
        href = turn_href(key, start, None if options.viewer is None else players[options.viewer],
                         tier if tier in TIERS else "deduced", options.no_spoilers,
                         conventions_of(loaded.analysis), url.hypo if line else None)
        if href == search:
            href = no_update
    reached = start if start is not None else min(current or 0, last)
    if line is not None:
        payload = {**hypo_payload(key, line, options, url.hypo or ""), "start": start}
    else:
        payload = {**payloads.get(key, loaded, options, reached), "start": start}
    viewers += [{"label": f"as {name}", "value": str(p)} for p, name in enumerate(players)]
    warnings = loaded.warnings
    if options.no_spoilers and loaded.unfinished and loaded.illegal is None:
        warnings = ("the log stops before the game ended",)  # the validator's words give the score
    problems = None
    if loaded.illegal is not None:
        turn, _ = loaded.illegal
        problems = problems_view(loaded.analysis.record.file,
                                 (*warnings, f"It can be reviewed up to turn {turn - 1}."),
                                 fatal=True)
    elif warnings:
        problems = problems_view(loaded.analysis.record.file, warnings, fatal=False)
    mistakes = url_mistakes(search, players) if from_url else []
    if line_problem:
        mistakes.append(line_problem)
    if mistakes:  # a link's bad as= or tier=: said, not dropped silently
        problems = html.Div([problems, html.Div(
            [html.Div("This link asks for a view the game does not have:",
                      className="problems-head"), html.Ul([html.Li(m) for m in mistakes])],
            className="problems-box warning", id="url-problems")])
    return (payload, key, href, problems, title_of(loaded, options), viewers, {}, *controls)


def reach(library: GameLibrary, payloads: Payloads, asked: dict[str, Any] | None,
          owner: str = "", conventions: str | None = None) -> Any:
    """The no-spoilers payload of the game `asked["key"]` as `asked["viewer"]` sees it
    with the viewer at `asked["turn"]`, its clues read by `conventions` (the selector's):
    it holds that turn and the next one. Anything else asked (a game gone, spoilers on)
    changes nothing."""
    if not isinstance(asked, dict) or not isinstance(asked.get("key"), str):
        raise PreventUpdate
    loaded = library.read_by(asked["key"], owner, conventions)
    turn, viewer = asked.get("turn"), asked.get("viewer")
    players = len(loaded.analysis.record.game.players) if isinstance(loaded, Reviewed) else 0
    if (not isinstance(loaded, Reviewed) or not isinstance(turn, int)
            or not (viewer is None or (isinstance(viewer, int) and 0 <= viewer < players))):
        raise PreventUpdate
    options = ViewOptions("deduced", viewer, no_spoilers=True)
    return {**payloads.get(asked["key"], loaded, options, turn), "start": None, "extends": True}


def hypo_offers(library: GameLibrary, payloads: Payloads, asked: Any, owner: str = "",
                conventions: str | None = None) -> Any:
    """The moves to try at the browser's ask {key, turn, viewer, spoilers, hypo}: of the
    tried line's game when there is one, else of the game (hypo.offers)."""
    if not isinstance(asked, dict) or not isinstance(asked.get("key"), str) \
            or type(asked.get("turn")) is not int:
        raise PreventUpdate
    loaded = library.read_by(asked["key"], owner, conventions)
    viewer = asked.get("viewer")
    if not isinstance(loaded, Reviewed) or not (
            viewer is None or (type(viewer) is int
                               and 0 <= viewer < len(loaded.analysis.record.game.players))):
        raise PreventUpdate
    hypo = asked.get("hypo") if isinstance(asked.get("hypo"), str) else None
    line, _ = line_for(payloads.lines, asked["key"], loaded, viewer, hypo)
    return offers(line, loaded, asked["turn"], viewer, bool(asked.get("spoilers")) is False)


def upload(library: GameLibrary, contents: str | None, filename: str | None, owner: str = ""
           ) -> tuple[Any, str, str]:
    """Add an uploaded log for the browser session `owner`; go to it (the URL) and
    say whether it validates, or say why it was refused (with the message's class)."""
    if not contents:
        raise PreventUpdate
    name = filename or "upload"
    try:
        key = library.add_upload(name, contents, owner)
    except UploadRefused as e:
        return no_update, str(e), "upload-message error"
    if not library.validates(key, owner):
        return (turn_href(key, 0), f"{name} does not validate: its problems are below.",
                "upload-message error")
    return turn_href(key, 0), f"Loaded {name}.", "upload-message ok"


def evaluation_state(library: GameLibrary, evaluations: Evaluations, asked: Any, opened: bool,
                     owner: str, lines: Lines | None = None) -> tuple[Any, bool, str]:
    """(the curve or no_update, whether polling stops, a line for the board) for the
    browser's ask {key, turns, viewer, hypo}; `opened`: the game was just opened (else a
    poll); `hypo`: a tried line (dashboards/hypo.py), whose game is evaluated instead.
    A poll touches no game once the evaluation is known: its state is a look-up."""
    if not isinstance(asked, dict) or asked.get("viewer") is not None:
        return None, True, ""
    key, turns, hypo = asked.get("key"), asked.get("turns"), asked.get("hypo")
    if not isinstance(key, str) or type(turns) is not int or not library.can_open(key, owner):
        return None, True, ""
    hypo = hypo if isinstance(hypo, str) and hypo and lines is not None else None
    named = key if hypo is None else f"{key}~{hypo}"
    slot = (named, turns)
    if opened or not evaluations.known(slot):
        loaded = library.get(key, owner)
        if not isinstance(loaded, Reviewed):
            return None, True, ""
        analysis = loaded.analysis
        if hypo is not None and lines is not None:
            line, _ = line_for(lines, key, loaded, None, hypo)
            if line is None:
                return None, True, ""
            analysis = line.analysis
        slot = evaluations.slot(named, analysis)
        evaluations.start(slot, analysis)
    curve, failed = evaluations.state(slot)
    if failed:
        return None, True, f"Best possible: {failed}."
    return (curve, True, "") if curve is not None else (no_update, False, "")


SESSION_KEY = "NOVA_SESSION_KEY"  # the app's secret (server.config) that signs its cookies
_SESSION_ID = re.compile(r"([0-9a-f]{32})\.([0-9a-f]{32})\Z")  # id.signature, as `new_session`


def new_session() -> str:
    """A session cookie's value for a browser's first page: a random id and its HMAC
    under the app's secret, so that only sessions this server created are sessions."""
    ident = secrets.token_hex(16)
    return f"{ident}.{_signature(ident)}"


def _signature(ident: str) -> str:
    key: bytes = current_app.config[SESSION_KEY]
    return hmac.new(key, ident.encode("ascii"), hashlib.sha256).hexdigest()[:32]


def _session() -> str | None:
    """The id of the request's session if this server signed its cookie, else None."""
    if not has_request_context() or SESSION_KEY not in current_app.config:
        return None
    match = _SESSION_ID.match(request.cookies.get(SESSION_COOKIE, ""))
    if match is None or not hmac.compare_digest(match.group(2), _signature(match.group(1))):
        return None
    return match.group(1)


def has_session() -> bool:
    """Whether the request carries a session cookie this server signed."""
    return _session() is not None


def session_of() -> str:
    """The browser session asking (the cookie `app` sets); "" outside a request. A
    request without one (or with a forged one) is a session of its own, which cannot
    upload: clients without cookies share nothing and can evict nothing."""
    ident = _session()
    if ident is not None:
        return ident
    if not has_request_context():
        return ""
    if "nova_session" not in g:
        g.nova_session = "none-" + secrets.token_hex(8)
    return str(g.nova_session)


NO_SESSION = ("Uploads need this page's session: reload the page (with cookies allowed) and "
              "upload again.")


def register(app: Dash, library: GameLibrary) -> None:
    """Wire the callbacks of one app to its library."""
    payloads = Payloads(library)
    evaluations = Evaluations()
    start_solver()

    @app.callback(
        Output("game-data", "data"), Output("game-picker", "value"), Output("url", "search"),
        Output("problems", "children"), Output("game-title", "children"),
        Output("as", "options"), Output("content", "style"),
        Output("as", "value"), Output("tier", "value"), Output("spoilers", "value"),
        Output("conventions", "value"),
        Input("url", "search"), Input("game-picker", "value"), Input("as", "value"),
        Input("spoilers", "value"), Input("conventions", "value"), State("tier", "value"),
        State("turn-now", "data"),
    )
    def _open(search: str | None, picker: str | None, viewer: str | None,
              spoilers: list[str] | None, conventions: str | None, tier: str | None,
              current: int | None) -> tuple[Any, ...]:
        trigger = ctx.triggered_id if isinstance(ctx.triggered_id, str) else None
        return open_view(library, payloads, trigger, search, picker, viewer, spoilers, tier,
                         session_of(), current if isinstance(current, int) else None,
                         conventions if conventions in CONVENTIONS else None)

    # With no spoilers the page holds the turn reached and the next one: stepping onto
    # the last it holds asks for the next (assets/review.js sets "horizon").
    @app.callback(
        Output("game-data", "data", allow_duplicate=True),
        Input("horizon", "data"), State("conventions", "value"), prevent_initial_call=True,
    )
    def _reach(asked: dict[str, Any] | None, conventions: str | None) -> Any:
        return reach(library, payloads, asked, session_of(),
                     conventions if conventions in CONVENTIONS else None)

    # The browser draws the turn: a new payload, tier or filter redraws it...
    app.clientside_callback(  # type: ignore[no-untyped-call]
        ClientsideFunction("nova", "show"), Output("review-sink", "data"),
        Input("game-data", "data"), Input("tier", "value"), Input("finding-kind", "value"),
        Input("finding-severity", "value"),
    )
    # The evaluation curve: the browser asks by the game's key alone (the game is not sent
    # again), the first ask queues it, later asks poll its state until it is drawn
    # (assets/evaluation.js) or said to have failed; only where the payload offers it
    # (its "evaluation": never as a player, nor with no spoilers).
    app.clientside_callback(  # type: ignore[no-untyped-call]
        "function (d) { return d && d.key && d.evaluation ?"
        " {key: d.key, turns: d.turns, viewer: d.viewer, hypo: d.hypo ? d.hypo.text : null}"
        " : null; }",
        Output("eval-request", "data"), Input("game-data", "data"),
    )

    @app.callback(
        Output("eval-data", "data"), Output("eval-poll", "disabled"),
        Output("eval-message", "children"),
        Input("eval-request", "data"), Input("eval-poll", "n_intervals"),
        prevent_initial_call=True,
    )
    def _evaluation(asked: Any, _n: int | None) -> tuple[Any, bool, str]:
        return evaluation_state(library, evaluations, asked, ctx.triggered_id == "eval-request",
                                session_of(), payloads.lines)

    app.clientside_callback(  # type: ignore[no-untyped-call]
        ClientsideFunction("novaHypo", "offers"), Output("hypo-sink", "data"),
        Input("hypo-offers", "data"), prevent_initial_call=True,
    )

    # "Try another move": the moves the player to move may try at a turn (hypo.offers)
    @app.callback(
        Output("hypo-offers", "data"), Input("hypo-ask", "data"), State("conventions", "value"),
        prevent_initial_call=True,
    )
    def _offers(asked: Any, conventions: str | None) -> Any:
        return hypo_offers(library, payloads, asked, session_of(),
                           conventions if conventions in CONVENTIONS else None)

    app.clientside_callback(  # type: ignore[no-untyped-call]
        ClientsideFunction("novaEval", "curve"), Output("eval-sink", "data"),
        Input("eval-data", "data"),
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
        return library.options(search, keep=value, owner=session_of())

    @app.callback(
        Output("url", "search", allow_duplicate=True), Output("upload-message", "children"),
        Output("upload-message", "className"),
        Input("upload", "contents"), State("upload", "filename"),
        prevent_initial_call=True,
    )
    def _upload(contents: str | None, filename: str | None) -> tuple[Any, str, str]:
        owner = _session()
        if owner is None:  # not a session this server made: it may not upload, nor evict
            if not contents:
                raise PreventUpdate
            return no_update, NO_SESSION, "upload-message error"
        return upload(library, contents, filename, owner)
