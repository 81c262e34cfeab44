"""The Python API's objects, in the manner of python-chess: a loaded game
(`nova_replay.load(path)`) whose `state(turn)` is a position that prints as the table,
and renders in Jupyter as HTML with inline SVG cards (`views.html`).

Everything here reads names, cards and identities as a person writes them ("Anna",
"3♥", "R2"): knowledge is the set of identities a card may be, not a bit mask, and a
note names its player. The engine's and the review's own types stay underneath
(`GameRecord.analysis`, `Position.state`).
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, fields
from functools import cached_property

from ..knowledge.perspective import REVIEWER, Perspective, viewer_of
from ..knowledge.tiers import knows_playable, knows_trash
from ..record.load import Record, load_data
from ..record.reader import read_json
from ..review.analysis import Analysis, Finding, analyze
from ..review.hypothetical import line_of
from ..review.projection import project
from ..rules.cards import SUITS, rank_text
from ..rules.engine import State
from .review_text import TIERS, knowledge_lines, reading_lines
from .text import describe_turn, turn_text


@dataclass(frozen=True)
class Note:
    """A teaching note, by name: the turn, the player who moved (a name), its kind and
    severity (the JSON report's strings) and its sentence."""

    turn: int
    player: str
    kind: str
    severity: str
    message: str

    @classmethod
    def of(cls, f: Finding, players: tuple[str, ...]) -> Note:
        return cls(f.turn, players[f.player], str(f.kind), str(f.severity), f.message)


@dataclass(frozen=True)
class CardInHand:
    """A card in a hand as a viewer sees it: its text ("??" face down), its slot (1 =
    newest) and what its holder could know of it (`possible`: identities, e.g.
    ("R2", "R3")), with whether that knowledge makes it surely playable or trash."""

    card: str
    slot: int
    possible: tuple[str, ...]
    knows_playable: bool
    knows_trash: bool
    touched: bool  # a hint has named it


@dataclass(frozen=True, eq=False)
class Position:
    """The table after `turn` (0 = the deal) as `viewer` saw it (None: the reviewer, who
    sees every card), with knowledge at `tier` (hinted, deduced or common). `str()` is
    the text of `nova-replay replay --turn N --knowledge`."""

    analysis: Analysis
    turn: int
    viewer: str | None = None
    tier: str = "deduced"

    @cached_property
    def _seen(self) -> Perspective:
        if self.viewer is None:
            return REVIEWER
        return Perspective(viewer_of(self.analysis.record.game.players, self.viewer)).at(self.turn)

    @property
    def state(self) -> State:
        """The engine's state (deck indices and counts)."""
        state: State = self.analysis.timeline[self.turn]
        return state

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(self.analysis.record.game.players)

    @property
    def score(self) -> int:
        return self.state.score

    @property
    def coins(self) -> int:
        """Coins (Hanabi: clue tokens) left."""
        return self.state.coins

    @property
    def lives(self) -> int:
        """Lives left (Hanabi: strikes left before the third)."""
        return self.state.lives

    @property
    def draw_pile(self) -> int:
        return self.state.draw_pile(self.analysis.record.game)

    @property
    def max_score(self) -> int:
        return self.analysis.clock[self.turn].max_score

    @property
    def pace(self) -> int:
        return self.analysis.clock[self.turn].pace

    @property
    def rows(self) -> dict[str, str]:
        """Each suit's row by its symbol: the top card's rank ("." when empty)."""
        suits = self.analysis.record.game.ruleset.suits
        return {SUITS[s].symbol: rank_text(h, s) if h else "."
                for s, h in zip(suits, self.state.rows, strict=True)}

    @property
    def discards(self) -> list[str]:
        game = self.analysis.record.game
        return [game.card_text(c) for c in self.state.discards]

    @property
    def to_play(self) -> str | None:
        """Whose turn is next (None once the game is over)."""
        return None if self.state.over else self.players[self.state.player(self.analysis.record.game)]

    @property
    def action(self) -> str:
        """What the turn did, in one sentence ("" at the deal)."""
        return describe_turn(self.analysis.timeline, self.turn, self._seen) if self.turn else ""

    @property
    def hands(self) -> dict[str, list[CardInHand]]:
        """Every hand by player, slot 1 first, with its holder's knowledge at `tier` (as a
        player: their own cards "??", the others' knowledge as that player may know it)."""
        a, seen = self.analysis, self._seen
        game, space = a.record.game, a.ids.space
        st = a.knowledge.statuses[self.turn]
        view = project(a, seen)
        out: dict[str, list[CardInHand]] = {}
        for p, name in enumerate(game.players):
            tier = seen.tier_for(p, self.tier)
            cards = []
            for slot, seen_card in enumerate(view.hand(self.turn, p), start=1):
                k = seen_card.knowledge
                possible = tuple(space.show(i) for i in space.members(getattr(k, tier)))
                shown = "??" if seen_card.card is None else game.card_text(seen_card.card)
                cards.append(CardInHand(shown, slot, possible, knows_playable(k, st),
                                        knows_trash(k, st), k.touched))
            out[name] = cards
        return out

    @property
    def notes(self) -> list[Note]:
        """The notes of this turn the viewer may read."""
        view = project(self.analysis, self._seen)
        hidden = view.hidden_at(self.turn)
        return [Note.of(n.finding, self.players) for n in view.notes
                if n.turn == self.turn and n.finding is not None and n.index not in hidden]

    def __str__(self) -> str:
        a = self.analysis
        said = ([] if a.reading is None
                else reading_lines(a.reading, a.timeline, self.turn, self._seen))
        return "\n".join(turn_text(a.timeline, self.turn, a.record.log, self._seen) + said
                         + knowledge_lines(a, self.turn, self._seen))

    def __repr__(self) -> str:
        return (f"<Position turn {self.turn} of {self.analysis.record.file or 'a game'}: "
                f"score {self.score}, {self.draw_pile} to draw>")

    def _repr_html_(self) -> str:
        from .html import position_html  # the HTML view is only needed in a notebook

        return position_html(self)

    def hypothetical(self, moves: Sequence[str]) -> Position:
        """The table after this one followed by `moves` ('play 3', 'discard 1', 'clue Bob
        red', or p3, d1, c2.red: `nova_replay.review.hypothetical`), reviewed anew, as the
        same viewer sees it; the game itself is left as it was. As a player, only that
        player's own moves. HypotheticalError for a move not read or not allowed."""
        only = None if self.viewer is None else viewer_of(self.analysis.record.game.players,
                                                           self.viewer)
        line = line_of(self.analysis, self.turn, moves, only)
        return Position(line.analysis, line.end, self.viewer, self.tier)


@dataclass(frozen=True)
class GameRecord(Record):
    """A loaded game (`nova_replay.load`): the `Record` (log, game, timeline) with its
    review at hand. `state(turn)` is the table at a turn; `findings` the notes by name."""

    @classmethod
    def of(cls, record: Record) -> GameRecord:
        return cls(**{f.name: getattr(record, f.name) for f in fields(Record)})

    @cached_property
    def analysis(self) -> Analysis:
        """The full review (worked out once, on first use)."""
        return analyze(self)

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(self.game.players)

    @property
    def turns(self) -> int:
        """Turns played (the last state is `state(turns)`)."""
        return self.timeline.turns

    @property
    def score(self) -> int:
        return self.timeline.final.score

    @property
    def findings(self) -> list[Note]:
        """Every teaching note in turn order, with the player's name."""
        return [Note.of(f, self.players) for f in self.analysis.findings]

    def state(self, turn: int = -1, as_player: str | None = None,
              tier: str = "deduced") -> Position:
        """The table after `turn` (0 = the deal; negative counts from the end, -1 the
        last), as `as_player` saw it if given. ValueError for a turn out of range, an
        unknown player or tier."""
        last = self.timeline.turns
        index = turn + last + 1 if turn < 0 else turn
        if not 0 <= index <= last:
            raise ValueError(f"{self.file}: turn {turn}: expected a turn from 0 to {last}")
        if tier not in TIERS:
            raise ValueError(f"tier {tier!r}: expected one of {', '.join(TIERS)}")
        if as_player is not None:
            viewer_of(self.game.players, as_player)  # ValueError naming the players
        return Position(self.analysis, index, as_player, tier)

    def states(self, as_player: str | None = None) -> Iterator[Position]:
        """Every position from the deal to the end."""
        for turn in range(self.timeline.turns + 1):
            yield self.state(turn, as_player)

    def __str__(self) -> str:
        s = self.timeline.final
        return (f"{self.game.ruleset.title}, {', '.join(self.players)}: {self.turns} turns, "
                f"score {s.score}" + (f", {s.ending}" if s.ending else ", unfinished"))


def load(path: str | os.PathLike[str]) -> GameRecord:
    """A game log (ours or hanab.live's) as a `GameRecord`; raises the first NovaError
    (a ValueError) with the file and the place."""
    name = os.fspath(path)
    return GameRecord.of(load_data(read_json(name), name))
