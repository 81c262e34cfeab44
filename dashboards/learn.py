"""Teaching from examples (issue 16): the course's lessons, opened at their turn with
their text beside the board, and the "what would you do?" puzzles, one URL each
(`?puzzle=NAME`), with a running score kept in the browser's session.

The lessons are `nova_replay.views.course`'s; the puzzles are the files of
sample_games/puzzles/ read with `nova_replay.views.puzzles.read_puzzle`, whose sound
answers were found by the analysis when they were made. A learner's move is marked
right when it is one of those answers: nothing here judges a move.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs

from dash import ALL, Dash, Input, Output, State, ctx, html
from dash.exceptions import PreventUpdate

from nova_replay.record.actions import ruleset_of
from nova_replay.record.bundled import lessons_dir
from nova_replay.rules.cards import parse_card
from nova_replay.rules.rulesets import Ruleset
from nova_replay.views.course import Lesson, course
from nova_replay.views.puzzle_play import (
    choices,
    counters_text,
    is_answer,
    knowledge_text,
    title_of,
    verdict_lines,
)
from nova_replay.views.puzzles import Move, Puzzle, SeenCard, read_puzzle

from .data import Entry, url_key
from .panels import turn_href
from .table import card_colour, ink


def lesson_key(lesson: Lesson) -> str:
    return "lesson-" + url_key(Path(lesson.file).stem)


@lru_cache(maxsize=1)
def lessons() -> tuple[Lesson, ...]:
    """The bundled course, read once (38 logs replayed: about a second)."""
    try:
        return tuple(course())
    except (FileNotFoundError, ValueError):
        return ()


def lesson_entries() -> list[Entry]:
    """The lessons as games the library can open (not listed in the game picker)."""
    folder = lessons_dir() if lessons() else None
    return [Entry(lesson_key(x), f"lesson {x.number}: {x.title}", str(folder / x.file))
            for x in lessons()] if folder else []


def lesson_options() -> list[dict[str, str]]:
    return [{"label": f"{x.number}. {x.title} ({x.game}, level {x.level}: {x.topic})",
             "value": lesson_key(x)} for x in lessons()]


def lesson_of(key: str) -> Lesson | None:
    return next((x for x in lessons() if lesson_key(x) == key), None)


def puzzles_dir() -> Path | None:
    """The bundled puzzles: beside the course (sample_games/puzzles)."""
    try:
        folder = lessons_dir().parent / "puzzles"
    except FileNotFoundError:
        return None
    return folder if folder.is_dir() else None


@lru_cache(maxsize=1)
def puzzle_files() -> tuple[str, ...]:
    folder = puzzles_dir()
    return tuple(p.stem for p in sorted(folder.glob("*.json"))) if folder else ()


@lru_cache(maxsize=128)
def puzzle(name: str) -> Puzzle | None:
    folder = puzzles_dir()
    if folder is None or name not in puzzle_files():
        return None
    return read_puzzle(folder / f"{name}.json")


def puzzle_options() -> list[dict[str, str]]:
    """Each puzzle by its game's title, turn and player (not its file name)."""
    found = ((name, puzzle(name)) for name in puzzle_files())
    return [{"label": title_of(p), "value": name} for name, p in found if p is not None]


# --- the puzzle board -------------------------------------------------------------------

def card_span(text: str | None, rules: Ruleset, touched: bool = False,
              seen: SeenCard | None = None) -> html.Span:
    """A card as the puzzle shows it: its face, or for one of the viewer's own '?' with
    what the viewer knows of it (clue mark and possibilities) beneath."""
    if text is None:
        know = knowledge_text(seen, rules) if seen is not None else ""
        return html.Span(["?", html.Small(know, className="pz-know")] if know else "?",
                         className="pz-card hidden" + (" touched" if touched else ""),
                         title=know)
    card = parse_card(text)
    colour = ink(card_colour(card, rules))
    shown = rules.card_text(card)
    return html.Span(shown, className="pz-card" + (" touched" if touched else ""),
                     style={"color": colour, "borderColor": colour},
                     title=shown + (": touched by a clue" if touched else ""))


def puzzle_view(name: str, p: Puzzle) -> html.Div:
    pos = p.position
    rules = ruleset_of(p.ruleset)
    rows = html.Div([html.Span(f"{rules.suit_letter(rules.suits.index(s))} {h}", className="pz-row",
                               style={"color": ink(rules.suit_colour(rules.suits.index(s)))})
                     for s, h in pos.rows.items()], className="pz-rows")
    discards = " ".join(rules.card_text(parse_card(d)) for d in pos.discards)
    counters = html.Div(f"{counters_text(p).capitalize()} · discards: {discards or 'none'}",
                        className="muted")
    hands = [html.Div([html.Span(h.player + (" (you)" if h.yours else ""), className="pz-who"),
                       *[card_span(c.card, rules, c.touched, c) for c in h.cards]],
                      className="pz-hand") for h in pos.hands]
    buttons = [html.Button(m.text, id={"type": "puzzle-move", "index": i}, n_clicks=0,
                           className="pz-choice") for i, m in enumerate(choices(p))]
    return html.Div([
        html.Div(f"{title_of(p)}. You are {p.viewer}. {p.question}",
                 className="section-title", id="puzzle-question"),
        rows, counters, *hands,
        html.Div(buttons, className="pz-choices", id="puzzle-choices"),
    ], title=f"puzzle {name}")


def verdict(name: str, p: Puzzle, picked: Move) -> html.Div:
    """What the page reveals once the learner has picked (`verdict_lines`: right or not,
    what the game's player did, the analysis' notes, the answers)."""
    head, taken, *rest = verdict_lines(p, picked)
    notes = [x.strip() for x in rest[:len(p.findings)]]
    answers = [x.strip() for x in rest[len(p.findings) + 1:len(p.findings) + 1 + len(p.answers)]]
    return html.Div([
        html.Div(head, className="pz-verdict " + ("ok" if is_answer(p, picked) else "wrong"),
                 id="puzzle-verdict"),
        html.Div(taken, id="puzzle-taken"),
        html.Ul([html.Li(n) for n in notes]),
        html.Div(rest[len(p.findings)], className="section-title"),
        html.Ul([html.Li(a) for a in answers], id="puzzle-answers"),
        *([html.Div(p.convention, id="puzzle-convention", className="muted")]
          if p.convention else []),
    ])


def score_text(score: dict[str, bool] | None) -> str:
    score = score or {}
    return f"Puzzles solved: {sum(score.values())} of {len(score)} tried"


def register(app: Dash) -> None:
    """The lesson picker opens a lesson's game at the turn before its move, with no
    spoilers (its text waits until asked for); a puzzle's URL shows it;
    a pick reveals the answer and counts toward the score (first try only)."""

    @app.callback(Output("url", "search", allow_duplicate=True),
                  Input("lesson-picker", "value"), prevent_initial_call=True)
    def _lesson(key: str | None) -> Any:
        lesson = lesson_of(key or "")
        if lesson is None:
            raise PreventUpdate
        # the turn before the lesson's move, nothing after it shown: the answer waits
        # until the learner asks for it (assets/board.js)
        return turn_href(lesson_key(lesson), max(0, lesson.turn - 1), no_spoilers=True)

    @app.callback(Output("url", "search", allow_duplicate=True),
                  Input("puzzle-picker", "value"), prevent_initial_call=True)
    def _pick_puzzle(name: str | None) -> Any:
        if not name:
            raise PreventUpdate
        return "?puzzle=" + name

    @app.callback(Output("puzzle-board", "children"), Output("puzzle", "style"),
                  Output("puzzle-score-text", "children"),
                  Output("puzzle-result", "children", allow_duplicate=True),
                  Input("url", "search"), State("puzzle-score", "data"),
                  prevent_initial_call="initial_duplicate")
    def _show(search: str | None, score: dict[str, bool] | None) -> tuple[Any, ...]:
        name = parse_qs((search or "").lstrip("?")).get("puzzle", [None])[0]
        if name is None:
            return [], {"display": "none"}, score_text(score), []
        p = puzzle(name)
        if p is None:
            return (html.Div(f"No puzzle called \u201c{name}\u201d here.", id="unknown-puzzle",
                             className="problems-box fatal"), {}, score_text(score), [])
        return puzzle_view(name, p), {}, score_text(score), []

    @app.callback(Output("puzzle-result", "children", allow_duplicate=True),
                  Output("puzzle-score", "data"),
                  Output("puzzle-score-text", "children", allow_duplicate=True),
                  Input({"type": "puzzle-move", "index": ALL}, "n_clicks"),
                  State("url", "search"), State("puzzle-score", "data"),
                  prevent_initial_call=True)
    def _answer(clicks: list[int], search: str | None, score: dict[str, bool] | None
                ) -> tuple[Any, ...]:
        trigger = ctx.triggered_id
        if not isinstance(trigger, dict) or not any(clicks):
            raise PreventUpdate
        name = parse_qs((search or "").lstrip("?")).get("puzzle", [""])[0]
        p = puzzle(name)
        if p is None:
            raise PreventUpdate
        picked = choices(p)[int(trigger["index"])]
        score = dict(score or {})
        if name not in score:  # the first try counts
            score[name] = is_answer(p, picked)
        return verdict(name, p, picked), score, score_text(score)
