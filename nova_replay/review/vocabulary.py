"""The review's vocabulary: the kinds of finding and their severities, with everything
a layer says or draws about them (docs/definitions.md, "Findings" and "Severities").

`Kind` and `Severity` are string enums: a member is its JSON string, so reports,
tables and payloads read the same as plain strings did, and a comparison costs what a
string comparison does. Every layer asks these for a label, a glyph, an order or a
chart marker, and nothing outside this module compares a kind or a severity to a
string literal (tests/test_vocabulary.py checks it). The details a finding carries are
typed per kind below (`LostCriticalDetails` ...); `analysis.Finding` reads them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from enum import StrEnum
from typing import Any, NamedTuple, NotRequired, Protocol, TypedDict

from ..rules.words import NOVA_WORDS, Words


class Severity(StrEnum):
    """How a finding weighs: a chess annotator's marks (?? ? ! and a plain note)."""

    BLUNDER = "blunder"  # it cost points: max score fell, or the show was cancelled
    MISTAKE = "mistake"  # a fault that cost no point by itself (or not yet)
    INFO = "info"  # worth knowing, no fault
    GOOD = "good"  # a move to repeat

    @property
    def glyph(self) -> str:
        """The annotator's mark: '??', '?', 'i', '!'."""
        return _GLYPHS[self][0]

    @property
    def meaning(self) -> str:
        """What the glyph means, in a legend: 'blunder', 'note', 'good move'."""
        return _GLYPHS[self][1]

    @property
    def heading(self) -> str:
        """The plural that heads a count of them: 'Blunders', 'Good plays'."""
        return _GLYPHS[self][2]

    @property
    def order(self) -> int:
        """Worst first (blunder, mistake, good, info): the first of a turn's findings
        in this order gives the turn its glyph."""
        return _WORST_FIRST.index(self)

    @property
    def is_fault(self) -> bool:
        """A blunder or a mistake: what puzzles, suggestions and what-ifs look for."""
        return self is Severity.BLUNDER or self is Severity.MISTAKE


_GLYPHS = {Severity.BLUNDER: ("??", "blunder", "Blunders"),
           Severity.MISTAKE: ("?", "mistake", "Mistakes"),
           Severity.INFO: ("i", "note", "Notes"),
           Severity.GOOD: ("!", "good move", "Good plays")}
_WORST_FIRST = (Severity.BLUNDER, Severity.MISTAKE, Severity.GOOD, Severity.INFO)


def worst_first() -> tuple[Severity, ...]:
    """The severities worst first (`Severity.order`)."""
    return _WORST_FIRST


class Marker(NamedTuple):
    """How a finding is drawn on the draw-pile clock chart."""

    name: str  # the legend's entry
    symbol: str  # Plotly's marker symbol
    colour: str
    series: str  # the clock line it sits on (a `ClockPoint` field)


class Kind(StrEnum):
    """What a finding is about (docs/definitions.md, "Findings")."""

    LOST_CRITICAL = "lost_critical"  # a critical card discarded or misfired
    STRIKEOUT = "strikeout"  # the misfire that lost the last life
    MISFIRE = "misfire"  # a play that did not fit
    WASTED_HINT = "wasted_hint"  # touched only trash, or taught nothing
    DISCARD_HINTED = "discard_hinted"  # a hinted card still needed, discarded
    DISCARD_WITH_PLAYABLE = "discard_with_playable"  # a discard with a known playable card
    OUT_OF_PACE = "out_of_pace"  # the pace fell below zero
    GOOD_HINT_PLAYABLE = "good_hint_playable"  # two or more identities made known playable
    GOOD_SAVE = "good_save"  # a critical card on the chop saved
    LOST_POINTS = "lost_points"  # the evaluation curve fell (`review.evaluation`)
    # By the conventions (`review.conventions.findings`, docs/conventions.md):
    BAD_CLUE = "bad_clue"  # a clue the conventions read wrong: a colour 5 save, a misplay
    MISREAD = "misread"  # an action against the reading its player should have had
    MISSED_SAVE = "missed_save"  # a critical card on a teammate's chop left unsaved
    GAMBLE = "gamble"  # a blind play no clue the conventions read had called
    FIX_CLUE = "fix_clue"  # a clue that fixed a misread card: not a waste

    @property
    def is_outcome(self) -> bool:
        """An outcome note: it says what a move led to (a card lost, a misfire, points
        the solver no longer reaches), which may rest on cards its mover could not see,
        and says so. Every other kind is a judgement, decided only from what its mover
        knew and saw (`review.mover.MoverView`; tested by re-dealing, `review.redeal`)."""
        return self in _OUTCOMES

    def label(self, w: Words = NOVA_WORDS) -> str:
        """The kind in a few words of the game (`words(ruleset)`): 'wasted clue' in
        Hanabi; without words, Nova's."""
        return _LABELS[self](w)

    def marker(self, w: Words = NOVA_WORDS) -> Marker | None:
        """The chart marker of a finding of this kind (None: not drawn on the chart)."""
        drawn = _MARKERS.get(self)
        if drawn is None:
            return None
        name, symbol, colour, series = drawn
        return Marker(name(w), symbol, colour, series)


_OUTCOMES = frozenset({Kind.LOST_CRITICAL, Kind.STRIKEOUT, Kind.MISFIRE, Kind.OUT_OF_PACE,
                       Kind.LOST_POINTS})

_LABELS: dict[Kind, Callable[[Words], str]] = {
    Kind.LOST_CRITICAL: lambda w: "lost critical card",
    Kind.STRIKEOUT: lambda w: "strikeout",
    Kind.MISFIRE: lambda w: w.misfire,
    Kind.WASTED_HINT: lambda w: f"wasted {w.hint}",
    Kind.DISCARD_HINTED: lambda w: f"discarded a {w.hinted} card",
    Kind.DISCARD_WITH_PLAYABLE: lambda w: "discarded with a playable card",
    Kind.OUT_OF_PACE: lambda w: "out of pace",
    Kind.GOOD_HINT_PLAYABLE: lambda w: f"good {w.hint}",
    Kind.GOOD_SAVE: lambda w: "good save",
    Kind.LOST_POINTS: lambda w: "lost points (knowing every card)",
    Kind.BAD_CLUE: lambda w: f"bad {w.hint} (conventions)",
    Kind.MISREAD: lambda w: f"misread {w.hint} (conventions)",
    Kind.MISSED_SAVE: lambda w: "missed save (conventions)",
    Kind.GAMBLE: lambda w: "blind play, a gamble",
    Kind.FIX_CLUE: lambda w: f"fix {w.hint}",
}
_MARKERS: dict[Kind, tuple[Callable[[Words], str], str, str, str]] = {
    Kind.WASTED_HINT: (_LABELS[Kind.WASTED_HINT], "x", "#ef6c00", "pace"),
    Kind.LOST_CRITICAL: (_LABELS[Kind.LOST_CRITICAL], "diamond", "#b71c1c", "max_score"),
    # A strikeout is drawn as the misfire it is.
    Kind.MISFIRE: (_LABELS[Kind.MISFIRE], "triangle-down", "#6a1b9a", "score"),
    Kind.STRIKEOUT: (_LABELS[Kind.MISFIRE], "triangle-down", "#6a1b9a", "score"),
}
# A finding hidden from its viewer ("as player X") gets one neutral marker, whatever it is.
HIDDEN_MARKER = Marker("note about your cards", "circle-open", "#607d8b", "draw_pile")


# ---- the details each kind carries (in a finding's `details`, and in the JSON report) ----

class WasteReason(StrEnum):
    """Why a hint was wasted."""

    ONLY_TRASH = "only_trash"  # every card it touched was trash
    NOTHING_NEW = "nothing_new"  # its receiver learned nothing new about any card


class LostCriticalDetails(TypedDict):
    cost: int  # points of max score lost (docs/definitions.md, "lost-card cost")
    hinted: bool  # the card had been hinted
    max_score: int  # max score after the turn
    judged: NotRequired[list[str]]  # the judgement on the move said in this note: kind, severity


class WastedHintDetails(TypedDict):
    reason: WasteReason
    related: NotRequired[list[int]]  # the hinted copies that made the touched cards trash


class MisfireDetails(TypedDict):  # a misfire's and a strikeout's
    believed: str  # what the player thought the card could be


class LostPointsDetails(TypedDict):
    before: int
    before_proven: bool  # `before` is best possible when proven, else only a lower bound
    after: int
    drop: int
    witness: NotRequired[str]  # the move that kept the points, in words
    needs_knowledge: NotRequired[bool]  # the mover could not know that move was better
    related: NotRequired[list[int]]  # the card that move names


class ConventionDetails(TypedDict):
    """A convention finding's: the convention it rests on and its H-Group page."""

    convention: str
    page: str
    reading_turn: NotRequired[int]  # the clue whose reading the finding rests on
    related: NotRequired[list[int]]
    rule: NotRequired[str]  # which finding: "ambiguous focus", "unanswered finesse", ...


Details = (LostCriticalDetails | WastedHintDetails | MisfireDetails | LostPointsDetails
           | ConventionDetails)


class FindingLike(Protocol):
    """What the judge's later passes read of a note (the analysis's frozen `Finding`),
    without importing the analysis, which imports them: one shape for every pass."""

    @property
    def turn(self) -> int: ...
    @property
    def player(self) -> int: ...
    @property
    def kind(self) -> Kind: ...
    @property
    def severity(self) -> Severity: ...
    @property
    def cards(self) -> tuple[int, ...]: ...
    @property
    def message(self) -> str: ...
    @property
    def details(self) -> Mapping[str, Any]: ...
