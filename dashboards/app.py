"""The Dash app and its server: waitress (a production WSGI server with a fixed pool of
threads), with the guards a dashboard a class shares needs: request sizes refused before
any is read, a Host check against DNS rebinding, security headers, one session per
browser, and crafted callback requests answered 400 without a traceback."""

from __future__ import annotations

import ipaddress
import logging
import secrets
import signal
import socket
import threading
from collections.abc import Callable
from pathlib import Path
from types import FrameType
from typing import Any

from dash import Dash
from dash.exceptions import CallbackException, DependencyException
from flask import Flask, Response, abort, request
from werkzeug.exceptions import BadRequest, HTTPException, NotFound

from nova_replay.play.value import DEFAULT_SAMPLES
from nova_replay.record.reader import too_deep

from . import corpus_view, folder_view, learn, page_scripts, value_jobs
from .callbacks import SESSION_COOKIE, SESSION_KEY, has_session, new_session, register, session_of
from .data import MAX_UPLOAD_BYTES, GameLibrary
from .layout import page

ASSETS = Path(__file__).resolve().parent / "assets"
THREADS = 8  # the server's threads: requests past them wait in waitress's queue
CONNECTIONS = 200  # open connections at most (waitress's connection_limit)
# The largest request: an upload as a base64 data URL (4/3 of its bytes) and its envelope.
MAX_REQUEST_BYTES = MAX_UPLOAD_BYTES * 4 // 3 + 64 * 1024
LOCAL_NAMES = ("localhost",)
_CALLBACK = "/_dash-update-component"


def create_app(library: GameLibrary, host_names: tuple[str, ...] = (),
               value_samples: int = DEFAULT_SAMPLES) -> Dash:
    """A Dash app over `library`'s games (one app per library; tests make many).
    `host_names`: names besides this machine's under which it may be reached;
    `value_samples`: deals a move when the board values the moves (value_jobs.py)."""
    app = Dash(__name__, assets_folder=str(ASSETS), title="nova-replay",
               update_title=None)  # type: ignore[arg-type]
    app.index_string = app.index_string.replace("<html>", '<html lang="en">', 1)
    compress(app.server)
    page_scripts.trim(app)  # no table library on any page
    # The layout is a function so that every page load lists the uploads made so far
    # (in this browser session: `session_of`).
    library.add_unlisted(learn.lesson_entries())
    app.layout = lambda: page(library.options(owner=session_of()), library.source,
                              len(library), library.first_key(), learn.lesson_options(),
                              learn.puzzle_options(), library.corpus,
                              folder_view.progress_panel(library))
    register(app, library)
    value_jobs.register(app, library, value_jobs.ValueJobs(value_samples))
    learn.register(app)
    folder_view.register(app, library)  # its first poll starts the folder's validation
    if library.corpus:
        corpus_view.register(app, library.corpus)
    server = app.server
    server.config[SESSION_KEY] = secrets.token_bytes(32)  # signs this run's session cookies
    server.config["MAX_CONTENT_LENGTH"] = MAX_REQUEST_BYTES  # 413 before the body is read
    allowed = allowed_hosts(host_names)

    def _guard() -> None:
        """Refuse a Host this server does not go by (a DNS-rebinding page would name its
        own domain) and a callback request that is not the shape Dash sends."""
        if not host_allowed(request.host, allowed):
            abort(400, "unknown Host")
        if request.path == _CALLBACK and request.method == "POST":
            text = request.get_data(cache=True).decode("utf-8", errors="replace")
            if too_deep(text):  # before the JSON parser recurses into it
                abort(400, "not a callback request: nested too deeply")
            check_callback_body(request.get_json(silent=True))

    def _headers(response: Response) -> Response:
        """Security headers on every answer; a browser's session id the first time."""
        response.headers.update(SECURITY_HEADERS)
        response.headers["Content-Security-Policy"] = csp
        if not has_session() and response.mimetype == "text/html":
            response.set_cookie(SESSION_COOKIE, new_session(), httponly=True, samesite="Lax")
        return response

    def _bad_input(e: Exception) -> Any:
        """A callback that chokes on a forged value: 400 and one line in the log, no
        traceback (an unforged page never sends such a value)."""
        if isinstance(e, HTTPException):
            return e
        if request.path.startswith(STATIC) and isinstance(e, DependencyException | OSError |
                                                          ValueError):
            # Dash refuses a path it did not register (`../..`, another package): 404.
            logging.getLogger(__name__).warning("refused an asset request: %s",
                                                request.path[:200])
            return NotFound()
        if request.path == _CALLBACK and isinstance(e, TypeError | KeyError | ValueError |
                                                    AttributeError | IndexError |
                                                    CallbackException):
            logging.getLogger(__name__).warning("refused a callback request: %s: %s",
                                                type(e).__name__, str(e)[:200])
            return BadRequest("not a request this page sends")
        raise e

    server.before_request(_guard)
    server.after_request(_headers)
    server.register_error_handler(Exception, _bad_input)
    csp = content_security_policy(app)
    return app


SECURITY_HEADERS = {
    "X-Frame-Options": "DENY",  # no page of another site may frame the board
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",  # a game's URL names the game
}

# Text that compresses (the chart library is 4.8 MB as sent, ~1.4 MB gzipped; a
# game's payload shrinks tenfold).
COMPRESSED = ["text/html", "text/css", "text/javascript", "application/javascript",
              "application/json", "image/svg+xml"]


STATIC = ("/_dash-component-suites/", "/assets/")  # files that do not change while it runs


class StaticCache:
    """Each static file compressed once per process (Flask-Compress's cache backend):
    the chart library alone took a first visit ~0.2 s of the server's CPU per request.
    Keys of other responses (callbacks, pages) are empty: never kept."""

    def __init__(self) -> None:
        self._kept: dict[str, bytes] = {}

    def get(self, key: str) -> bytes | None:
        return self._kept.get(key)

    def set(self, key: str, value: bytes) -> None:
        if not key.endswith(";"):
            self._kept[key] = value


def static_key(req: Any) -> str:
    """The cache key of a static file's request (its path and version query); "" else."""
    if req.method == "GET" and req.path.startswith(STATIC):
        return str(req.full_path)
    return ""


def compress(server: Flask) -> None:
    """Brotli or gzip for every text response, in the Flask app itself, so it holds
    under any WSGI server (werkzeug's here, waitress); static files compressed once."""
    from flask_compress import Compress

    server.config.update(COMPRESS_MIMETYPES=COMPRESSED, COMPRESS_ALGORITHM=["br", "gzip"],
                         COMPRESS_MIN_SIZE=500, COMPRESS_LEVEL=6, COMPRESS_BR_LEVEL=5,
                         COMPRESS_CACHE_BACKEND=StaticCache, COMPRESS_CACHE_KEY=static_key)
    server.extensions["compress"] = Compress(server)


def content_security_policy(app: Dash) -> str:
    """Scripts only from this server and Dash's own inline scripts (by their hashes);
    no frame ancestors. Dash and Plotly set inline styles, and Plotly builds some code
    at run time (its 'unsafe-eval')."""
    hashes = " ".join(app.csp_hashes())
    return (f"default-src 'self'; script-src 'self' 'unsafe-eval' {hashes}; "
            f"style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; "
            f"connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; "
            f"frame-ancestors 'none'")


def allowed_hosts(extra: tuple[str, ...] = ()) -> frozenset[str]:
    """The names this machine answers to: localhost, its host names, and `extra`."""
    names = {*LOCAL_NAMES, *extra}
    for name in (socket.gethostname(), socket.getfqdn()):
        if name:
            names.add(name)
    return frozenset(n.lower() for n in names)


def host_allowed(host: str, names: frozenset[str]) -> bool:
    """Whether a request's Host header is an IP address (a rebinding attack needs a
    domain name) or one of `names`, with any port."""
    if host.startswith("["):  # [::1]:8050
        name = host[1:host.find("]")] if "]" in host else host
    elif host.count(":") == 1:
        name = host.split(":")[0]
    else:
        name = host
    try:
        ipaddress.ip_address(name)
        return True
    except ValueError:
        return name.lower().rstrip(".") in names


def check_callback_body(body: Any) -> None:
    """Abort 400 unless `body` has the shape of Dash's callback request: an object with
    an `output` string and `inputs` (and `state`, if any) lists of {id, property} (or of
    lists of them)."""
    def one(i: Any) -> bool:
        return isinstance(i, dict) and "id" in i and isinstance(i.get("property"), str)

    def fine(items: Any) -> bool:  # a pattern-matching input is a list of them
        return isinstance(items, list) and all(
            one(i) or (isinstance(i, list) and all(one(j) for j in i)) for i in items)

    if not (isinstance(body, dict) and isinstance(body.get("output"), str)
            and fine(body.get("inputs")) and fine(body.get("state", []))
            and isinstance(body.get("changedPropIds", []), list)):
        abort(400, "not a callback request")


def serve(app: Dash, host: str = "127.0.0.1", port: int = 8050,
          announce: Callable[[str], None] = print, threads: int = THREADS) -> str | None:
    """Serve with waitress until Ctrl-C or SIGTERM; returns which stopped it ("Ctrl-C",
    "SIGTERM"). Raises OSError if the address is taken.

    SIGTERM is made to stop the server as Ctrl-C does (its default would end Python at
    once: no pool shut down, and multiprocessing's tracker warns of leaked semaphores);
    the pools' processes ignore Ctrl-C (`evaluations._end_with_parent`) and are ended
    here, so a stop is one line, whoever sent it."""
    from waitress import create_server

    logging.getLogger("waitress.queue").setLevel(logging.ERROR)  # "task queue depth" lines
    server: Any = create_server(app.server, host=host, port=port, threads=threads,
                                connection_limit=CONNECTIONS,
                                max_request_body_size=MAX_REQUEST_BYTES,
                                channel_timeout=60, ident="nova-replay")
    bound = server.effective_port
    shown = f"[{host}]" if ":" in host else host
    stopped_by: list[str] = []

    def on_signal(signum: int, frame: FrameType | None) -> None:
        stopped_by.append("SIGTERM" if signum == signal.SIGTERM else "Ctrl-C")
        raise KeyboardInterrupt  # waitress's loop ends on it (and swallows it)

    main_thread = threading.current_thread() is threading.main_thread()
    before = ({s: signal.signal(s, on_signal) for s in (signal.SIGINT, signal.SIGTERM)}
              if main_thread else {})
    announce(f"nova-replay dashboard on http://{shown}:{bound}/ (Ctrl-C to stop)")
    try:
        server.run()
    except KeyboardInterrupt:
        pass
    finally:
        for signum, handler in before.items():
            signal.signal(signum, handler)
        server.close()  # the pools' processes end at exit (their atexit stops)
    return stopped_by[0] if stopped_by else None
