"""One projection: an analysis as one viewer may see it, up to a spoiler horizon.

`project(analysis, seen)` is the single place where the rules of `perspective` are
applied to a whole analysis. Every view calls it: the text views (`analyze --as`),
the dashboard's payload, the puzzles' positions and the corpus rows' counts; none
of them counts, hides or withholds a finding on its own.

A `View` holds, for `seen` (whose eyes, at which turn, spoilers or not):

- `until`: the last turn it holds (the record's end with spoilers, else `seen.turn`);
  nothing after it is in the view (no later note, figure or hand);
- `notes`: the findings up to `until`, in the analysis's order; one hidden from the
  viewer at `until` (`Perspective.hides_finding`) carries only its turn: neither its
  words nor its kind or severity;
- `hand(turn, player)`: the cards as the viewer sees them (their own face down) with
  the knowledge the viewer may have of them (`Perspective.knowledge_for`);
- `counts(turn)`: the notes counted at a turn, the hidden ones left out and counted
  apart (counting them by kind would tell their kind).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property

from ..knowledge.perspective import Perspective
from ..knowledge.tiers import CardKnowledge
from .analysis import Analysis, Finding
from .vocabulary import Kind, Severity


@dataclass(frozen=True)
class SeenNote:
    """A finding as the viewer has it: `finding` is None when it is hidden from them,
    so that nothing but its turn (and its place, `index`) is kept."""

    index: int
    turn: int
    finding: Finding | None

    @property
    def hidden(self) -> bool:
        return self.finding is None


@dataclass(frozen=True)
class SeenCard:
    """A card in a hand as the viewer sees it: `card` (a deck index) is None when it
    is face down to them; `knowledge` is its holder's, as the viewer may know it."""

    card: int | None
    knowledge: CardKnowledge


@dataclass(frozen=True)
class Counts:
    """The notes counted at a turn: per severity and wasted hints, of the notes the
    viewer may read; `hidden` the notes listed but hidden (not counted by kind)."""

    severities: Mapping[Severity, int]
    wasted_hints: int
    hidden: int
    listed: int


@dataclass(frozen=True)
class View:
    """`analysis` as `seen` may see it (module docstring); built by `project`."""

    analysis: Analysis
    seen: Perspective
    until: int

    @cached_property
    def notes(self) -> tuple[SeenNote, ...]:
        """The findings up to `until`, in the analysis's order; one hidden from the
        viewer (`Perspective.hides_finding` as `seen`) keeps only its turn. Worked out
        when first read: a view of the hands alone never needs it."""
        timeline = self.analysis.timeline
        return tuple(
            SeenNote(i, f.turn, None if self.seen.hides_finding(f, timeline) else f)
            for i, f in enumerate(self.analysis.findings) if f.turn <= self.until)

    @property
    def viewer(self) -> int | None:
        return self.seen.viewer

    @property
    def spoilers(self) -> bool:
        """Whether the view runs to the record's end (the future may show)."""
        return self.until == self.analysis.timeline.turns and self.seen.turn is None

    @cached_property
    def shown(self) -> tuple[Finding, ...]:
        """The findings whose words, kind and severity the viewer may read."""
        return tuple(n.finding for n in self.notes if n.finding is not None)

    def listed_until(self, turn: int) -> int:
        """The last turn whose notes and moves are listed while `turn` is looked at:
        `turn` itself with no spoilers, else the view's end."""
        return min(turn, self.until) if not self.seen.spoilers else self.until

    def listed(self, turn: int) -> tuple[SeenNote, ...]:
        """The notes listed while `turn` is looked at."""
        last = self.listed_until(turn)
        return tuple(n for n in self.notes if n.turn <= last)

    def hidden_at(self, turn: int) -> frozenset[int]:
        """Indices (into `notes`) of the notes shown as hidden while `turn` is looked at:
        those the view holds no words of, and those naming a card the viewer holds at
        `turn` (`Perspective.hides_finding` at that turn)."""
        if self.viewer is None:
            return frozenset()
        eyes = self.seen.at(turn)
        timeline = self.analysis.timeline
        return frozenset(n.index for n in self.notes
                         if n.finding is None or eyes.hides_finding(n.finding, timeline))

    def counts(self, turn: int | None = None) -> Counts:
        """The notes counted while `turn` (default: the view's end) is looked at: the
        listed ones the viewer may read, per severity, and the hidden ones apart."""
        turn = self.until if turn is None else turn
        hidden = self.hidden_at(turn)
        listed = self.listed(turn)
        read = [n.finding for n in listed if n.finding is not None and n.index not in hidden]
        return Counts({sev: sum(f.severity == sev for f in read) for sev in Severity},
                      sum(f.kind == Kind.WASTED_HINT for f in read), len(listed) - len(read),
                      len(listed))

    def hand(self, turn: int, player: int) -> tuple[SeenCard, ...]:
        """`player`'s hand after `turn` (at most `until`), slot 1 first, as the viewer
        sees it: their own cards face down, another's knowledge at its common tier."""
        if turn > self.until:
            raise ValueError(f"turn {turn} is after the view's last turn {self.until}")
        eyes = self.seen.at(turn)
        cards = eyes.hand(self.analysis.timeline[turn], player)
        return tuple(SeenCard(c, eyes.knowledge_for(player, k))
                     for c, k in zip(cards, self.analysis.knowledge.of(turn, player), strict=True))


def project(analysis: Analysis, seen: Perspective, until: int | None = None) -> View:
    """`analysis` as `seen` may see it. `until` (the dashboard's spoiler horizon: the
    turn reached, or the next one) sets the last turn held, looked at from that turn
    with no spoilers; without it, the view runs to `seen.turn` with no spoilers, else
    to the record's end (notes hidden as at `seen.turn`, or the end)."""
    turns = analysis.timeline.turns
    if until is not None:
        if not 0 <= until <= turns:
            raise ValueError(f"spoilers until turn {until}: expected a turn from 0 to {turns}")
        seen = Perspective(seen.viewer, until, spoilers=False)
        last = until
    elif not seen.spoilers and seen.turn is not None:
        last = seen.turn
    else:
        last = turns
    return View(analysis, seen, last)
