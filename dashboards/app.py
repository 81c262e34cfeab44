"""The Dash app and a small server that stops cleanly on Ctrl-C."""

from __future__ import annotations

import logging
import secrets
import socket
from collections.abc import Callable
from pathlib import Path

from dash import Dash
from flask import Response, request

from . import learn
from .callbacks import SESSION_COOKIE, register, session_of
from .data import GameLibrary
from .layout import page

ASSETS = Path(__file__).resolve().parent / "assets"


def create_app(library: GameLibrary) -> Dash:
    """A Dash app over `library`'s games (one app per library; tests make many)."""
    app = Dash(__name__, assets_folder=str(ASSETS), title="nova-replay",
               update_title=None)  # type: ignore[arg-type]
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
