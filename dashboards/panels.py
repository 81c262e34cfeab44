"""The whole-game panels as data: what the draw-pile clock chart marks, the findings
and the summary card, from the view the viewer may see (`review.projection`); the
browser (assets/review.js) draws them.
"""

from __future__ import annotations

from typing import Any

from nova_replay.knowledge.perspective import hidden_note as hidden_note_text
from nova_replay.review.analysis import Analysis
from nova_replay.review.projection import View
from nova_replay.review.vocabulary import Kind, Severity
from nova_replay.rules.words import words
from nova_replay.views.report import report_summary

from .links import turn_href as turn_href  # its home is links.py

# Each line has its own dash as well as its own colour: told apart without colour too.
LINES = (("draw_pile", "draw pile", "#546e7a", "longdash"), ("pace", "pace", "#ef6c00", "dot"),
         ("score", "score", "#2e7d32", "solid"), ("max_score", "max score", "#1565c0", "dash"))


HOVER_WIDTH = 44  # characters per line of chart hover text, so it stays inside the chart


def plot_text(text: str, width: int | None = None) -> str:
    """Text for a Plotly figure (hover text, names, titles). Plotly reads tags such as
    <b> and <br> in them, so &, < and > become entities and show as themselves; with
    `width`, lines are broken (<br>) at spaces to at most about that many characters."""
    safe = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    if width is None:
        return safe
    lines: list[str] = []
    for word in safe.split(" "):
        if lines and len(lines[-1]) + 1 + len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return "<br>".join(lines)


def hidden_note(analysis: Analysis, viewer: int) -> str:
    """What stands for a hidden finding: neither its words nor its kind or severity,
    which alone could tell the viewer that their touched cards are trash or their chop
    critical."""
    return hidden_note_text(analysis.record.game.players[viewer])


def summary_facts(view: View, turn: int) -> dict[str, Any]:
    """Score, max score, efficiency and counts: the final figures, or with no
    spoilers the figures as they stood at `turn`; the notes counted are the view's
    (`View.counts`: hidden ones apart, not counted by kind)."""
    analysis = view.analysis
    s = analysis.summary
    if not view.spoilers:
        point = analysis.clock[turn]
        score, max_score, efficiency = point.score, point.max_score, point.efficiency
        heading = f"So far (turn {turn})"
        lost = s.perfect_lost_turn if s.perfect_lost_turn is not None and \
            s.perfect_lost_turn <= turn else None
    else:
        score, max_score, efficiency = s.score, s.max_score, s.efficiency
        heading = "Final" + (f" ({s.ending})" if s.ending else " (unfinished)")
        lost = s.perfect_lost_turn
    if view.viewer is not None:
        # Efficiency counts touched cards that are not trash, the viewer's own too.
        efficiency = None
    counts = view.counts(turn)
    facts = [
        ("Score", f"{score} / {s.perfect_score}", "sum-score"),
        ("Max score", str(max_score), "sum-max"),
        ("Efficiency", "–" if efficiency is None else f"{efficiency:.2f}", "sum-eff"),
        *((sev.heading, str(counts.severities[sev]), f"sum-{SUMMARY_IDS[sev]}")
          for sev in Severity),
        (f"Wasted {words(analysis.record.game.ruleset).hint}s", str(counts.wasted_hints),
         "sum-wasted"),
    ]
    note = (f"A perfect score was out of reach from turn {lost}." if lost is not None
            else "A perfect score was still possible.")
    notes = [[note, "sum-lost"]]
    recorded = report_summary(analysis).hanablive_score
    if view.spoilers and recorded is not None and recorded != s.score:
        notes.append([f"hanab.live records {recorded} for this game (0 for a strikeout or a "
                      f"stopped game).", "sum-hanablive"])
    if counts.hidden:
        notes.append([f"{counts.hidden} hidden note(s) about your cards are not "
                      f"counted.", "sum-hidden"])
    return {"heading": heading, "facts": facts, "notes": notes}


SUMMARY_IDS = {Severity.BLUNDER: "blunders", Severity.MISTAKE: "mistakes", Severity.INFO: "info",
               Severity.GOOD: "good"}  # the summary card's element ids
KIND_OPTIONS = [{"label": k.label(), "value": str(k)} for k in Kind]
SEVERITY_OPTIONS = [{"label": str(s), "value": str(s)} for s in Severity]
