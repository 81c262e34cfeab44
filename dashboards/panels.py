"""Pure layout functions for the whole-game panels: the draw-pile clock chart, the
findings list and the summary card. With "no spoilers" each shows only what was
known at the current turn.

The chart is a plain figure dict (no `go.Figure` validation), which keeps a turn
change well under the dashboard's 50 ms budget.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from dash import dcc, html

from nova_replay.review.analysis import KINDS, SEVERITIES, Analysis, Finding
from nova_replay.review.perspective import Perspective
from nova_replay.review.perspective import hidden_note as hidden_note_text
from nova_replay.views.report import report_summary

from .table import ViewOptions

KIND_LABELS = {
    "lost_critical": "lost critical card", "strikeout": "strikeout", "misfire": "misfire",
    "wasted_hint": "wasted hint", "discard_hinted": "discarded a hinted card",
    "discard_with_playable": "discarded with a playable card",
    "out_of_pace": "out of pace", "good_hint_playable": "good hint", "good_save": "good save",
}
# Findings drawn on the chart: kind -> (legend name, marker symbol, colour, series it sits on).
MARKED = {
    "wasted_hint": ("wasted hint", "x", "#ef6c00", "pace"),
    "lost_critical": ("lost critical card", "diamond", "#b71c1c", "max_score"),
    "misfire": ("misfire", "triangle-down", "#6a1b9a", "score"),
    "strikeout": ("misfire", "triangle-down", "#6a1b9a", "score"),
}
# Findings hidden from the viewer ("as player X") share one neutral marker.
HIDDEN_MARK = ("note about your cards", "circle-open", "#607d8b", "draw_pile")
LINES = (("draw_pile", "draw pile", "#546e7a", "solid"), ("pace", "pace", "#ef6c00", "dot"),
         ("score", "score", "#2e7d32", "solid"), ("max_score", "max score", "#1565c0", "dash"))


def turn_href(game_key: str, turn: int) -> str:
    """The link to one moment of one game, as a teacher would send it."""
    return "?" + urlencode({"game": game_key, "turn": turn})


def plot_text(text: str) -> str:
    """Text for a Plotly figure (hover text, names, titles). Plotly reads tags such as
    <b> and <br> in them, so &, < and > become entities and show as themselves."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def visible_findings(analysis: Analysis, turn: int, options: ViewOptions) -> list[Finding]:
    """The findings a reviewer may see: with no spoilers, none after `turn`."""
    return options.perspective(turn).visible_findings(analysis.findings)


def hidden_from(analysis: Analysis, finding: Finding, turn: int, viewer: int | None) -> bool:
    """Whether `finding` is hidden from `viewer` looking at `turn`: it names a card in
    their hand then (one of its cards, or a hinted copy of one, details["related"]). The rule of
    every view that shows findings (`Perspective.hides_finding`); None (the reviewer)
    sees them all."""
    return Perspective(viewer, turn).hides_finding(finding, analysis.timeline)


def hidden_note(analysis: Analysis, options: ViewOptions) -> str:
    """What stands for a hidden finding: neither its words nor its kind or severity,
    which alone could tell X that their touched cards are trash or their chop critical."""
    viewer = options.viewer if options.viewer is not None else 0
    return hidden_note_text(analysis.record.game.players[viewer])


def clock_figure(analysis: Analysis, turn: int, options: ViewOptions) -> dict[str, Any]:
    """Draw pile, pace, score and max score per turn; a line at the current turn;
    markers for wasted hints, lost critical cards and misfires (click: go there)."""
    last = turn if options.no_spoilers else analysis.timeline.turns
    points = analysis.clock[: last + 1]
    xs = [p.turn for p in points]
    data: list[dict[str, Any]] = []
    for field, name, colour, dash in LINES:
        data.append({
            "type": "scatter", "mode": "lines", "name": name, "x": xs,
            "y": [getattr(p, field) for p in points], "customdata": xs,
            "line": {"color": colour, "dash": dash, "width": 2},
            "hovertemplate": f"turn %{{x}}: {name} %{{y}}<extra></extra>",
        })
    groups: dict[str, dict[str, Any]] = {}
    hidden_turns: set[int] = set()
    for f in visible_findings(analysis, turn, options):
        if hidden_from(analysis, f, turn, options.viewer):
            hidden_turns.add(f.turn)  # whatever its kind: which kinds are drawn would tell
            continue
        if f.kind not in MARKED:
            continue
        name, symbol, colour, series = MARKED[f.kind]
        trace = groups.setdefault(name, {
            "type": "scatter", "mode": "markers", "name": name, "x": [], "y": [],
            "customdata": [], "text": [],
            "marker": {"symbol": symbol, "size": 12, "color": colour,
                       "line": {"width": 1, "color": "white"}},
            "hovertemplate": "turn %{x}: %{text}<extra></extra>",
        })
        trace["x"].append(f.turn)
        trace["y"].append(getattr(analysis.clock[f.turn], series))
        trace["customdata"].append(f.turn)
        trace["text"].append(plot_text(f.message))
    data.extend(groups.values())
    if hidden_turns:
        xs_hidden = sorted(hidden_turns)
        name, symbol, colour, series = HIDDEN_MARK
        data.append({
            "type": "scatter", "mode": "markers", "name": name, "x": xs_hidden,
            "y": [getattr(analysis.clock[t], series) for t in xs_hidden],
            "customdata": xs_hidden, "text": [plot_text(hidden_note(analysis, options))] * len(
                xs_hidden),
            "marker": {"symbol": symbol, "size": 11, "color": colour,
                       "line": {"width": 1, "color": "white"}},
            "hovertemplate": "turn %{x}: %{text}<extra></extra>",
        })
    # The draw pile is highest at the deal, so the y range tells nothing of the future;
    # with no spoilers the x range ends one turn ahead, whether the game goes on or not.
    top = max(max(p.draw_pile for p in points), analysis.summary.perfect_score) + 2
    right = turn + 1 if options.no_spoilers else analysis.timeline.turns + 0.5
    layout = {
        "margin": {"l": 36, "r": 10, "t": 10, "b": 32},
        "xaxis": {"title": {"text": "turn"}, "range": [-0.5, right], "zeroline": False},
        "yaxis": {"range": [min(0, *(p.pace for p in points)) - 1, top], "zeroline": True},
        "legend": {"orientation": "h", "y": 1.02, "yanchor": "bottom", "x": 0,
                   "font": {"size": 11}},
        "hovermode": "closest", "clickmode": "event",
        "plot_bgcolor": "#fafafa", "paper_bgcolor": "white",
        "shapes": [{"type": "line", "x0": turn, "x1": turn, "yref": "paper", "y0": 0, "y1": 1,
                    "line": {"color": "#212121", "width": 2, "dash": "solid"}}],
        "annotations": [{"x": turn, "yref": "paper", "y": 1, "text": f"turn {turn}",
                         "showarrow": False, "yanchor": "bottom", "font": {"size": 10}}],
        "uirevision": "clock",
    }
    return {"data": data, "layout": layout}


def findings_view(analysis: Analysis, game_key: str, turn: int, options: ViewOptions,
                  kinds: list[str] | None, severities: list[str] | None) -> html.Div:
    """The teaching notes as links to their turns, filtered; the current turn's stand out.
    As player X, a note about a card X holds now (`hidden_from`) is listed with neither
    its words nor its kind and severity, and whatever the filters say (filtering on kind
    or severity would tell them)."""
    items: list[Any] = []
    for f in visible_findings(analysis, turn, options):
        if hidden_from(analysis, f, turn, options.viewer):
            parts = [html.Span("hidden", className="sev sev-hidden"),
                     html.Div(hidden_note(analysis, options), className="f-message")]
        elif (kinds and f.kind not in kinds) or (severities is not None
                                                  and f.severity not in severities):
            continue
        else:
            parts = [html.Span(f.severity, className=f"sev sev-{f.severity}"),
                     html.Span(KIND_LABELS.get(f.kind, f.kind), className="f-kind"),
                     html.Div(f.message, className="f-message")]
        items.append(dcc.Link([
            html.Span(f"turn {f.turn}", className="f-turn"), *parts,
        ], href=turn_href(game_key, f.turn),
            className="finding" + (" current" if f.turn == turn else ""),
            id={"type": "finding", "index": len(items)}))
    if not items:
        empty = "No findings up to this turn." if options.no_spoilers else "No findings match."
        return html.Div(html.Div(empty, className="muted"), className="findings")
    return html.Div(items, className="findings")


def summary_view(analysis: Analysis, turn: int, options: ViewOptions) -> html.Div:
    """Score, max score, efficiency and counts: the final figures, or with no
    spoilers the figures as they stood at `turn`."""
    s = analysis.summary
    seen = visible_findings(analysis, turn, options)
    shown = [f for f in seen if not hidden_from(analysis, f, turn, options.viewer)]
    if options.no_spoilers:
        point = analysis.clock[turn]
        score, max_score, efficiency = point.score, point.max_score, point.efficiency
        if options.viewer is not None:
            # Efficiency counts touched cards that are not trash, the viewer's own too.
            efficiency = None
        heading = f"So far (turn {turn})"
        lost = s.perfect_lost_turn if s.perfect_lost_turn is not None and \
            s.perfect_lost_turn <= turn else None
    else:
        score, max_score, efficiency = s.score, s.max_score, s.efficiency
        heading = "Final" + (f" ({s.ending})" if s.ending else " (unfinished)")
        lost = s.perfect_lost_turn
    # Counted from the notes shown: as player X, the hidden ones would tell their kind.
    counts = {sev: sum(f.severity == sev for f in shown) for sev in SEVERITIES}
    wasted = sum(f.kind == "wasted_hint" for f in shown)
    facts = [
        ("Score", f"{score} / {s.perfect_score}", "sum-score"),
        ("Max score", str(max_score), "sum-max"),
        ("Efficiency", "–" if efficiency is None else f"{efficiency:.2f}", "sum-eff"),
        ("Blunders", str(counts["blunder"]), "sum-blunders"),
        ("Mistakes", str(counts["mistake"]), "sum-mistakes"),
        ("Notes", str(counts["info"]), "sum-info"),
        ("Good plays", str(counts["good"]), "sum-good"),
        ("Wasted hints", str(wasted), "sum-wasted"),
    ]
    cells = [html.Div([html.Div(v, className="fact-value", id=i), html.Div(k, className="fact-label")],
                      className="fact") for k, v, i in facts]
    note = (f"A perfect score was out of reach from turn {lost}." if lost is not None
            else "A perfect score was still possible.")
    notes = [html.Div(note, className="muted")]
    recorded = report_summary(analysis).hanablive_score
    if not options.no_spoilers and recorded is not None and recorded != s.score:
        notes.append(html.Div(f"hanab.live records {recorded} for this game (0 for a strikeout "
                              f"or a stopped game).", className="muted", id="sum-hanablive"))
    if len(shown) < len(seen):
        notes.append(html.Div(f"{len(seen) - len(shown)} hidden note(s) about your cards are "
                              f"not counted.", className="muted", id="sum-hidden"))
    return html.Div([html.Div(heading, className="section-title", id="summary-heading"),
                     html.Div(cells, className="facts"), *notes],
                    className="summary")


KIND_OPTIONS = [{"label": KIND_LABELS[k], "value": k} for k in KINDS]
SEVERITY_OPTIONS = [{"label": s, "value": s} for s in SEVERITIES]
