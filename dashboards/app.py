"""The Dash app and a small server that stops cleanly on Ctrl-C."""

from __future__ import annotations

import logging
import secrets
import socket
from collections.abc import Callable
from pathlib import Path
from typing import Any

from dash import Dash
from flask import Flask, Response, request

from . import learn
from .callbacks import SESSION_COOKIE, register, session_of
from .data import GameLibrary
from .layout import page

ASSETS = Path(__file__).resolve().parent / "assets"


def create_app(library: GameLibrary) -> Dash:
    """A Dash app over `library`'s games (one app per library; tests make many)."""
    app = Dash(__name__, assets_folder=str(ASSETS), title="nova-replay",
               update_title=None)  # type: ignore[arg-type]
    app.index_string = app.index_string.replace("<html>", '<html lang="en">', 1)
    compress(app.server)
    if not library.corpus:
        without_table_library(app)
    # The layout is a function so that every page load lists the uploads made so far
    # (in this browser session: `session_of`).
    library.add_unlisted(learn.lesson_entries())
    app.layout = lambda: page(library.options(owner=session_of()), library.source,
                              len(library), library.first_key(), learn.lesson_options(),
                              learn.puzzle_options(), library.corpus)
    register(app, library)
    learn.register(app)

    def _session(response: Response) -> Response:
        """Give each browser a random id the first time it asks: its uploads are
        its own (another visitor of a classroom's --host dashboard never sees them)."""
        if SESSION_COOKIE not in request.cookies and response.mimetype == "text/html":
            response.set_cookie(SESSION_COOKIE, secrets.token_hex(16), httponly=True,
                                samesite="Lax")
        return response

    app.server.after_request(_session)
    return app


# Text that compresses (the chart library is 4.8 MB as sent, ~1.4 MB gzipped; a
# game's payload shrinks tenfold).
COMPRESSED = ["text/html", "text/css", "text/javascript", "application/javascript",
              "application/json", "image/svg+xml"]


def compress(server: Flask) -> None:
    """Brotli or gzip for every text response, in the Flask app itself, so it holds
    under any WSGI server (werkzeug's here, waitress)."""
    from flask_compress import Compress

    server.config.update(COMPRESS_MIMETYPES=COMPRESSED, COMPRESS_ALGORITHM=["br", "gzip"],
                         COMPRESS_MIN_SIZE=500, COMPRESS_LEVEL=6, COMPRESS_BR_LEVEL=5)
    Compress(server)


def without_table_library(app: Dash) -> None:
    """The page of a dashboard with no corpus view lists no script of the table
    library (dash-ag-grid, 1.3 MB): Dash would send every imported component
    library's scripts on every first visit."""
    resources = app.scripts
    every = resources.get_all_scripts

    def needed(dev_bundles: bool = False) -> list[dict[str, Any]]:
        scripts: list[dict[str, Any]] = every(dev_bundles)  # type: ignore[no-untyped-call]
        return [r for r in scripts if r.get("namespace") != "dash_ag_grid"]

    resources.get_all_scripts = needed  # type: ignore[method-assign]


def serve(app: Dash, host: str = "127.0.0.1", port: int = 8050,
          announce: Callable[[str], None] = print) -> None:
    """Serve until Ctrl-C. Raises OSError if the address is taken."""
    from werkzeug.serving import make_server

    logging.getLogger("werkzeug").setLevel(logging.WARNING)  # no line per request
    # werkzeug exits with its own two-line message when the address is taken; try it
    # first so that the command can say so in its one line.
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.create_server((host, port), family=family):
        pass
    server = make_server(host, port, app.server, threaded=True)
    shown = f"[{host}]" if ":" in host else host
    announce(f"nova-replay dashboard on http://{shown}:{server.port}/ (Ctrl-C to stop)")
    try:
        server.serve_forever()  # werkzeug's own loop ends quietly on Ctrl-C
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    announce("Stopped.")
