"""The corpus view: a `nova-replay batch` table as a list of games with their figures,
each game linked to its review (`nova-replay dashboard TABLE`).

A plain HTML table that the server draws: a heading's button sorts by that column (again:
the other way), the box under a heading filters on it, the buttons under the table page
through it. No table library: a first visit of any page stays under 2 MB (issue 23).
"""

from __future__ import annotations

import math
import operator
import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import PurePath
from typing import Any

from dash import ALL, Dash, Input, Output, State, ctx, dcc, html

from .panels import turn_href

# (column of the batch table, heading): the figures a reviewer sorts a season by.
SHOWN = (("players", "players"), ("turns", "turns"), ("score", "score"),
         ("max_score", "max"), ("ending", "ending"), ("hints", "hints"),
         ("wasted_hints", "wasted"), ("lost_critical", "lost critical"),
         ("misfires", "misfires"), ("efficiency", "efficiency"),
         ("perfect_lost_turn", "perfect lost"), ("best_possible_deal", "best at deal"))
# Every column of the view, in order; the columns of words are filtered by the words they
# hold, the others by a number.
COLUMNS = (("game", "game"), ("valid", "valid"), *SHOWN, ("problem", "problem"))
TEXT = {"game", "valid", "ending", "problem"}
HEADINGS = dict(COLUMNS)
PAGE_SIZES = (15, 50, 200)

_COMPARE: dict[str, Callable[[float, float], bool]] = {
    "<=": operator.le, ">=": operator.ge, "!=": operator.ne,
    "<": operator.lt, ">": operator.gt, "=": operator.eq}
_NUMBER_FILTER = re.compile(r"\s*(<=|>=|!=|<|>|=)?\s*(-?\d+(?:\.\d*)?|-?\.\d+)\s*\Z")


class FilterError(ValueError):
    """A filter box's text that is no filter of its column."""


@dataclass(frozen=True)
class Query:
    """What the reader asked of the table: the column sorted by (None: the table's own
    order) and which way, the filters (column, text), the page (from 0) and its size."""

    sort: str | None = None
    descending: bool = False
    filters: tuple[tuple[str, str], ...] = ()
    page: int = 0
    size: int = PAGE_SIZES[0]


def corpus_rows(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The table's rows for the page: the game's name (with its line or game number in a
    file of several) and the link to its review when it can be opened (`href`, else None),
    whether it is valid, why not, and the figures."""
    out = []
    for row in rows:
        name = PurePath(str(row.get("file") or "")).name
        if row.get("line") is not None:
            name += f":{row['line']}"
        if row.get("game") is not None:
            name += f"[{row['game']}]"
        shown = {key: row.get(key) for key, _ in SHOWN}
        out.append({"game": name, "href": turn_href(row["key"], 0) if row.get("key") else None,
                    "valid": "yes" if row.get("valid") else "no",
                    "problem": row.get("problem") or "", **shown})
    return out


def _missing(value: Any) -> bool:
    return value is None or (isinstance(value, float) and math.isnan(value))


def row_test(column: str, text: str) -> Callable[[dict[str, Any]], bool]:
    """The test a row must pass for the filter `text` on `column`: words are found in the
    cell (any case); a number column takes a number, alone (equal to it) or after <, <=,
    >, >=, = or !=. Raises FilterError for anything else."""
    wanted = text.strip()
    if column in TEXT:
        folded = wanted.casefold()
        return lambda row: folded in str(row.get(column) or "").casefold()
    found = _NUMBER_FILTER.match(wanted)
    if not found:
        raise FilterError(f"{HEADINGS[column]}: {text.strip()!r} is not a filter of numbers: "
                          f"expected a number, alone or after <, <=, >, >=, = or != (e.g. >=20)")
    compare, number = _COMPARE[found.group(1) or "="], float(found.group(2))

    def test(row: dict[str, Any]) -> bool:
        value = row.get(column)
        return not _missing(value) and isinstance(value, int | float) and compare(value, number)
    return test


def select(rows: list[dict[str, Any]], query: Query) -> tuple[list[dict[str, Any]], list[str]]:
    """The rows `query` keeps, in its order (the empty cells of the sorted column last,
    either way), and one line per filter that is not one (it is left out)."""
    problems = []
    for column, text in query.filters:
        if not text.strip() or column not in HEADINGS:
            continue
        try:
            test = row_test(column, text)
        except FilterError as e:
            problems.append(str(e))
            continue
        rows = [r for r in rows if test(r)]
    if query.sort in HEADINGS:
        column = query.sort
        full = [r for r in rows if not _missing(r.get(column))]
        empty = [r for r in rows if _missing(r.get(column))]

        def key(row: dict[str, Any]) -> Any:
            value = row[column]
            return str(value).casefold() if column in TEXT else value
        rows = sorted(full, key=key, reverse=query.descending) + empty
    return rows, problems


def cell(row: dict[str, Any], column: str) -> Any:
    """One cell: the game as a link to its review, a figure as the table has it (a
    fraction to three places)."""
    value = row.get(column)
    if column == "game":
        return html.A(value, href=row["href"]) if row.get("href") else value
    if _missing(value):
        return ""
    if isinstance(value, float) and not value.is_integer():
        return f"{value:.3f}"
    return str(int(value)) if isinstance(value, float) else str(value)


def body(rows: list[dict[str, Any]]) -> list[html.Tr]:
    return [html.Tr([html.Td(cell(r, key), className="num" if key not in TEXT else None)
                     for key, _ in COLUMNS]) for r in rows]


def shown_page(rows: list[dict[str, Any]], query: Query) -> tuple[Query, list[dict[str, Any]], str]:
    """The page of `rows` shown (its number kept within the pages there are), and the
    line that says which rows it holds."""
    pages = max(1, math.ceil(len(rows) / query.size))
    query = replace(query, page=min(max(query.page, 0), pages - 1))
    first = query.page * query.size
    part = rows[first:first + query.size]
    said = (f"rows {first + 1}\u2013{first + len(part)} of {len(rows)}, page {query.page + 1} "
            f"of {pages}" if part else f"no row of {len(rows)} matches")
    return query, part, said


def sort_state(query: Query, column: str) -> str:
    """The heading's aria-sort."""
    if query.sort != column:
        return "none"
    return "descending" if query.descending else "ascending"


def heading_text(query: Query, column: str) -> str:
    mark = {"none": "", "ascending": " \u25b2", "descending": " \u25bc"}[sort_state(query, column)]
    return HEADINGS[column] + mark


def aria(name: str, value: str) -> dict[str, Any]:
    """An aria-* attribute, as Dash's HTML components take it (a keyword argument)."""
    return {f"aria-{name}": value}


def corpus_panel(rows: list[dict[str, Any]]) -> html.Div:
    """The panel above the board, on its first page in the table's own order."""
    query = Query()
    shown, problems = select(corpus_rows(rows), query)
    query, part, said = shown_page(shown, query)
    heads = html.Tr([html.Th(html.Button(heading_text(query, key), className="sort",
                                         id={"type": "corpus-sort", "col": key},
                                         title=f"sort by {head} (again: the other way)"),
                             scope="col", id={"type": "corpus-head", "col": key},
                             **aria("sort", sort_state(query, key)))
                     for key, head in COLUMNS])
    filters = html.Tr([html.Td(html.Label([  # the box's name: "filter score" (hidden)
        html.Span(f"filter {head}", className="visually-hidden"),
        dcc.Input(id={"type": "corpus-filter", "col": key}, type="text", debounce=0.4,
                  className="corpus-filter")])) for key, head in COLUMNS])
    sizes = [html.Button(str(n), id={"type": "corpus-size", "size": n}, className="page-size",
                         **aria("pressed", "true" if n == query.size else "false"))
             for n in PAGE_SIZES]
    return html.Div([
        html.H2(f"Corpus: {len(rows)} games", className="section-title", id="corpus-title"),
        html.Div("Click a heading to sort by it (again: the other way), type in the box under "
                 "it to filter (words, or a number alone or after <, <=, >, >=, = or !=), "
                 "a game to review it.", className="muted"),
        html.Div(id="corpus-problems", className="corpus-problems", role="status",
                 children=problems),
        html.Div(html.Table([
            html.Caption(f"The {len(rows)} games of the batch table with their figures"),
            html.Thead([heads, filters]),
            html.Tbody(body(part), id="corpus-body"),
        ], id="corpus-table", className="corpus-table"), className="corpus-scroll"),
        html.Div([
            html.Button("\u25c0 previous", id="corpus-prev", className="page-button",
                        disabled=True),
            html.Span(said, id="corpus-rows", role="status"),
            html.Button("next \u25b6", id="corpus-next", className="page-button",
                        disabled=len(shown) <= query.size),
            html.Span([html.Span("rows a page:", className="muted"), *sizes],
                      className="page-sizes", role="group", **aria("label", "rows a page")),
        ], className="corpus-pages"),
        dcc.Store(id="corpus-query", data=vars(query) | {"filters": []}),
    ], className="panel corpus", id="corpus")


def query_of(data: Any) -> Query:
    """The store's query as the page last showed it (anything else: the first page)."""
    if not isinstance(data, dict):
        return Query()
    sort, size, page = data.get("sort"), data.get("size"), data.get("page")
    return Query(sort if sort in HEADINGS else None, bool(data.get("descending")), (),
                 page if type(page) is int else 0, size if size in PAGE_SIZES else PAGE_SIZES[0])


def asked(query: Query, trigger: Any, filters: list[tuple[str, str]]) -> Query:
    """`query` after what the reader did (`trigger`: the id of the control used), with the
    filter boxes' texts; a new sort, filter or page size goes back to the first page."""
    query = replace(query, filters=tuple(filters))
    if isinstance(trigger, dict) and trigger.get("type") == "corpus-sort":
        column = trigger.get("col")
        if column in HEADINGS:
            again = query.sort == column
            return replace(query, sort=column, descending=again and not query.descending, page=0)
    if isinstance(trigger, dict) and trigger.get("type") == "corpus-size":
        return replace(query, size=trigger["size"] if trigger.get("size") in PAGE_SIZES
                       else query.size, page=0)
    if trigger == "corpus-prev":
        return replace(query, page=query.page - 1)
    if trigger == "corpus-next":
        return replace(query, page=query.page + 1)
    return replace(query, page=0)  # a filter


def register(app: Dash, corpus: list[dict[str, Any]]) -> None:
    """The table's one callback: what the reader asked, the page of rows it shows."""
    rows = corpus_rows(corpus)

    @app.callback(
        Output("corpus-query", "data"), Output("corpus-body", "children"),
        Output("corpus-rows", "children"), Output("corpus-problems", "children"),
        Output({"type": "corpus-sort", "col": ALL}, "children"),
        Output({"type": "corpus-head", "col": ALL}, "aria-sort"),
        Output({"type": "corpus-size", "size": ALL}, "aria-pressed"),
        Output("corpus-prev", "disabled"), Output("corpus-next", "disabled"),
        Input({"type": "corpus-sort", "col": ALL}, "n_clicks"),
        Input({"type": "corpus-filter", "col": ALL}, "value"),
        Input({"type": "corpus-size", "size": ALL}, "n_clicks"),
        Input("corpus-prev", "n_clicks"), Input("corpus-next", "n_clicks"),
        State("corpus-query", "data"), prevent_initial_call=True,
    )
    def _table(_sorts: Any, texts: list[Any], _sizes: Any, _prev: Any, _next: Any,
               data: Any) -> tuple[Any, ...]:
        boxes = [(i["id"]["col"], t) for i, t in zip(ctx.inputs_list[1], texts, strict=False)
                 if isinstance(t, str) and isinstance(i, dict) and isinstance(i.get("id"), dict)]
        query = asked(query_of(data), ctx.triggered_id, boxes)
        kept, problems = select(rows, query)
        query, part, said = shown_page(kept, query)
        return (vars(query) | {"filters": []}, body(part), said,
                [html.Div(p) for p in problems],
                [heading_text(query, key) for key, _ in COLUMNS],
                [sort_state(query, key) for key, _ in COLUMNS],
                ["true" if n == query.size else "false" for n in PAGE_SIZES],
                query.page == 0, (query.page + 1) * query.size >= len(kept))

