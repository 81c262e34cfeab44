"""The corpus view: a `nova-replay batch` table as a sortable, filterable list of games
with their figures, each game linked to its review (`nova-replay dashboard TABLE`)."""

from __future__ import annotations

from pathlib import PurePath
from typing import Any

import dash_ag_grid as dag
from dash import html

from .panels import turn_href

# (column of the batch table, heading): the figures a reviewer sorts a season by.
SHOWN = (("players", "players"), ("turns", "turns"), ("score", "score"),
         ("max_score", "max"), ("ending", "ending"), ("hints", "hints"),
         ("wasted_hints", "wasted"), ("lost_critical", "lost critical"),
         ("misfires", "misfires"), ("efficiency", "efficiency"),
         ("perfect_lost_turn", "perfect lost"), ("best_possible_deal", "best at deal"))
TEXT = {"ending"}  # the one column of words: a text filter, the others number filters


def corpus_rows(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The table's rows for the page: the game as a link to its review when it can be
    opened, else its name and why not."""
    out = []
    for row in rows:
        name = PurePath(str(row.get("file") or "")).name
        if row.get("line") is not None:
            name += f":{row['line']}"
        if row.get("game") is not None:
            name += f"[{row['game']}]"
        game = f"[{name}]({turn_href(row['key'], 0)})" if row.get("key") else name
        shown = {key: row.get(key) for key, _ in SHOWN}
        out.append({"game": game, "valid": "yes" if row.get("valid") else "no",
                    "problem": row.get("problem") or "", **shown})
    return out


def corpus_panel(rows: list[dict[str, Any]]) -> html.Div:
    """The panel above the board; sorting and filtering happen in the browser."""
    columns = [{"field": "game", "cellRenderer": "markdown", "filter": True, "width": 200},
               {"field": "valid", "filter": True, "width": 84},
               *({"field": key, "headerName": head, "width": 110, "filter": True}
                 if key in TEXT else
                 {"field": key, "headerName": head, "width": 108,
                  "filter": "agNumberColumnFilter"} for key, head in SHOWN),
               {"field": "problem", "filter": True, "flex": 1, "minWidth": 240}]
    return html.Div([
        html.Div(f"Corpus: {len(rows)} games (click a heading to sort, type in the row "
                 f"under the headings to filter, a game to review it)",
                 className="section-title"),
        dag.AgGrid(
            id="corpus-table", rowData=corpus_rows(rows), columnDefs=columns,
            defaultColDef={"sortable": True, "floatingFilter": True, "resizable": True,
                           "wrapHeaderText": True, "autoHeaderHeight": True},
            dashGridOptions={"pagination": True, "paginationPageSize": 15,
                             "paginationPageSizeSelector": [15, 50, 200], "rowHeight": 28,
                             "suppressColumnVirtualisation": True, "domLayout": "autoHeight"},
            style={"fontSize": "12px"}),
    ], className="panel corpus", id="corpus")
