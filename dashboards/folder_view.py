"""A folder's validation on the page: the server reads every log in the background
(`GameLibrary.survey`) while the first game is already shown; the page polls how far it
is ("Validated 3,200 of 10,000 logs; 2 invalid"), lists each invalid file with its
first problem as soon as it is found, and refreshes the picker, whose files get their
game (ruleset and players) or their ✗ as they are read.
"""

from __future__ import annotations

from typing import Any

from dash import Dash, Input, Output, State, dcc, html, no_update

from .callbacks import session_of
from .data import GameLibrary
from .survey import Progress

POLL_MS = 1000  # how often the page asks while the survey runs
INVALID_SHOWN = 50  # invalid files listed on the page; `nova-replay validate` lists all


def progress_text(p: Progress) -> str:
    bad = f"{len(p.invalid):,} invalid"
    if p.finished:
        return f"Validated {p.total:,} of {p.total:,} logs; {bad}."
    return f"Validating in the background: validated {p.done:,} of {p.total:,} logs; {bad}."


def progress_view(p: Progress) -> list[Any]:
    """The line, a progress bar while it runs, and the invalid files with their reasons
    (folded, on the same line). The line stays when every file is read: were it to go,
    the turn buttons under it would move up while a player clicks them."""
    text = html.Span(progress_text(p), className="folder-progress-text")
    parts: list[Any] = [text if p.finished else html.Label([  # the bar named by the line
        text, html.Progress(value=str(p.done), max=str(p.total), className="folder-progress-bar"),
    ])]
    if p.invalid:
        shown = [html.Li(f"{name}: {reason}") for name, reason in p.invalid[:INVALID_SHOWN]]
        if len(p.invalid) > INVALID_SHOWN:
            shown.append(html.Li(f"… and {len(p.invalid) - INVALID_SHOWN:,} more "
                                 f"(nova-replay validate FOLDER lists them all)"))
        parts.append(html.Details([html.Summary(f"Invalid logs ({len(p.invalid):,})"),
                                   html.Ul(shown, className="folder-invalid")],
                                  id="folder-invalid"))
    return parts


def surveyed(library: GameLibrary) -> bool:
    return not library.corpus and library.progress().total > 1


def progress_panel(library: GameLibrary) -> html.Div | None:
    """The progress line of a folder (None for a single file, and for a batch table,
    whose rows say it already): drawn as it stands when the page is built, then
    polled, once the page shows a game, until every file is read."""
    if not surveyed(library):
        return None
    p = library.progress()
    return html.Div([
        html.Div(progress_view(p), id="folder-progress", role="status"),
        # off until the page has its first game (`register`): nothing competes with it
        dcc.Interval(id="folder-poll", interval=POLL_MS, disabled=True),
    ], className="folder-progress")


def register(app: Dash, library: GameLibrary) -> None:
    """The poll (on once the page has a game): it starts the survey (the first page pays
    nothing for it), then says the progress and sends the picker's options when they changed
    (the games read since, as the picker's own callback would list them now)."""
    if not surveyed(library):
        return
    # A game arrived (the first page is up, or another game opened): poll (again); the
    # poll stops itself once every file is read.
    app.clientside_callback(  # type: ignore[no-untyped-call]
        "function (d) { return !d; }",
        Output("folder-poll", "disabled", allow_duplicate=True), Input("game-data", "data"),
        prevent_initial_call=True,
    )

    @app.callback(
        Output("folder-progress", "children"), Output("folder-poll", "disabled"),
        Output("game-picker", "options", allow_duplicate=True),
        Input("folder-poll", "n_intervals"), State("game-picker", "search_value"),
        State("game-picker", "value"), State("game-picker", "options"),
        prevent_initial_call=True,
    )
    def _poll(_n: int | None, search: str | None, value: str | None,
              shown: Any) -> tuple[Any, bool, Any]:
        library.start_survey()  # once: the first poll comes when a page is up
        p = library.progress()
        options = library.options(search, keep=value, owner=session_of())
        return progress_view(p), p.finished, no_update if options == shown else options
