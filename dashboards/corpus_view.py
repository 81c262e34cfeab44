"""The corpus view: a `nova-replay batch` table as a sortable, filterable list of games
with their figures, each game linked to its review (`nova-replay dashboard TABLE`)."""

from __future__ import annotations

from pathlib import PurePath
from typing import Any

from dash import dash_table, html

from .panels import turn_href

# (column of the batch table, heading): the figures a reviewer sorts a season by.
SHOWN = (("players", "players"), ("turns", "turns"), ("score", "score"),
         ("max_score", "max"), ("ending", "ending"), ("hints", "hints"),
         ("wasted_hints", "wasted"), ("lost_critical", "lost critical"),
         ("misfires", "misfires"), ("efficiency", "efficiency"),
         ("perfect_lost_turn", "perfect lost"), ("best_possible_deal", "best at deal"))


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
    columns = [{"name": "game", "id": "game", "presentation": "markdown"},
               {"name": "valid", "id": "valid"},
               *({"name": head, "id": key} for key, head in SHOWN),
               {"name": "problem", "id": "problem"}]
    return html.Div([
        html.Div(f"Corpus: {len(rows)} games (click a column to sort, type in the "
                 f"row under the headings to filter, a game to review it)",
                 className="section-title"),
        dash_table.DataTable(  # type: ignore[attr-defined]
            id="corpus-table", data=corpus_rows(rows), columns=columns,
            sort_action="native", filter_action="native", page_size=15,
            markdown_options={"link_target": "_self"},
            style_table={"overflowX": "auto"},
            style_cell={"fontSize": "12px", "padding": "2px 6px", "textAlign": "left"}),
    ], className="panel corpus", id="corpus")
