"""The whole-game panels as data: what the draw-pile clock chart marks, the findings
and who may read them, and the summary card. With "no spoilers" each holds only what
was known at the current turn; the browser (assets/review.js) draws them.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from nova_replay.review.analysis import Analysis, Finding
from nova_replay.review.perspective import Perspective
from nova_replay.review.perspective import hidden_note as hidden_note_text
from nova_replay.review.vocabulary import Kind, Severity
from nova_replay.rules.words import words
from nova_replay.views.report import report_summary

from .table import ViewOptions

LINES = (("draw_pile", "draw pile", "#546e7a", "solid"), ("pace", "pace", "#ef6c00", "dot"),
         ("score", "score", "#2e7d32", "solid"), ("max_score", "max score", "#1565c0", "dash"))

HOVER_WIDTH = 44  # characters per line of chart hover text, so it stays inside the chart


def turn_href(game_key: str, turn: int, player: str | None = None, tier: str = "deduced",
              no_spoilers: bool = False) -> str:
    """The link to one moment of one game as one viewer sees it, as a teacher would
    send it; the defaults (every card, deduced, spoilers) are left out."""
    query: dict[str, str | int] = {"game": game_key, "turn": turn}
    if player is not None:
        query["as"] = player
    if tier != "deduced":
        query["tier"] = tier
    if no_spoilers:
        query["spoilers"] = "off"
    return "?" + urlencode(query)


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


def visible_findings(analysis: Analysis, turn: int, options: ViewOptions) -> list[Finding]:
    """The findings a reviewer may see: with no spoilers, none after `turn`."""
    return options.perspective(turn).visible_findings(analysis.findings)


def hidden_from(analysis: Analysis, finding: Finding, turn: int, viewer: int | None) -> bool:
    """Whether `finding` is hidden from `viewer` looking at `turn`: it names a card in
    their hand (`Perspective.hides_finding`, the rule of every view that shows
    findings); None (the reviewer) sees them all."""
    return Perspective(viewer, turn).hides_finding(finding, analysis.timeline)


def hidden_note(analysis: Analysis, options: ViewOptions) -> str:
    """What stands for a hidden finding: neither its words nor its kind or severity,
    which alone could tell X that their touched cards are trash or their chop critical."""
    viewer = options.viewer if options.viewer is not None else 0
    return hidden_note_text(analysis.record.game.players[viewer])


def summary_facts(analysis: Analysis, turn: int, options: ViewOptions,
                  hidden: frozenset[int]) -> dict[str, Any]:
    """Score, max score, efficiency and counts: the final figures, or with no
    spoilers the figures as they stood at `turn`; `hidden` are the indices of the
    findings hidden from the viewer at `turn`, which are not counted."""
    s = analysis.summary
    seen = visible_findings(analysis, turn, options)
    index = {id(f): i for i, f in enumerate(analysis.findings)}
    shown = [f for f in seen if index[id(f)] not in hidden]
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
    counts = {sev: sum(f.severity == sev for f in shown) for sev in Severity}
    wasted = sum(f.kind == Kind.WASTED_HINT for f in shown)
    facts = [
        ("Score", f"{score} / {s.perfect_score}", "sum-score"),
        ("Max score", str(max_score), "sum-max"),
        ("Efficiency", "–" if efficiency is None else f"{efficiency:.2f}", "sum-eff"),
        *((sev.heading, str(counts[sev]), f"sum-{SUMMARY_IDS[sev]}") for sev in Severity),
        (f"Wasted {words(analysis.record.game.ruleset).hint}s", str(wasted), "sum-wasted"),
    ]
    note = (f"A perfect score was out of reach from turn {lost}." if lost is not None
            else "A perfect score was still possible.")
    notes = [[note, "sum-lost"]]
    recorded = report_summary(analysis).hanablive_score
    if not options.no_spoilers and recorded is not None and recorded != s.score:
        notes.append([f"hanab.live records {recorded} for this game (0 for a strikeout or a "
                      f"stopped game).", "sum-hanablive"])
    if len(shown) < len(seen):
        notes.append([f"{len(seen) - len(shown)} hidden note(s) about your cards are not "
                      f"counted.", "sum-hidden"])
    return {"heading": heading, "facts": facts, "notes": notes}


SUMMARY_IDS = {Severity.BLUNDER: "blunders", Severity.MISTAKE: "mistakes", Severity.INFO: "info",
               Severity.GOOD: "good"}  # the summary card's element ids
KIND_OPTIONS = [{"label": k.label(), "value": str(k)} for k in Kind]
SEVERITY_OPTIONS = [{"label": str(s), "value": str(s)} for s in Severity]
