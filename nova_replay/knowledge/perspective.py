"""What player X may see at turn t: the one rule every view (and a bot's view) follows.

A `Perspective` is whose eyes look (`viewer`; None = the reviewer, who sees every
card) and when (`turn`; None = the end of the record), and whether the future may
show (`spoilers`). From it, and from game data only, never from a sentence's wording:

- `hides_hand(p)` / `hand(state, p)`: the viewer's own cards (and what they draw) are
  face down; `Perspective.to_move(game, state)` is the eyes of the player to move (a
  bot's view);
- `tier_for(p, tier)` / `knowledge_for(p, k)`: another player's deduced knowledge
  rules out the cards that player sees, the viewer's among them, so the viewer sees
  it only as its common tier (which the viewer can work out too);
- `hides_finding(f, timeline)`: a note that names a card in the viewer's hand at
  `turn`, or a hinted copy of one (`details["related"]`), is hidden whole: words,
  kind and severity, which alone could tell that a card is trash or critical;
- with no spoilers, nothing after `turn`: `review.projection.project` applies these
  rules to a whole analysis, and every view reads it through that projection.

It lives in knowledge, below the judge whose notes it hides: what a viewer may see is
a fact of the table (whose cards, which turn), asked by views, bots and the projection
alike. The one thing it reads of a note, its turn and the cards it names, it reads
through a Protocol (`Noted`), so knowledge imports nothing of review.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Literal, Protocol

from ..rules.engine import State, Timeline
from ..rules.game import Game
from .tiers import CardKnowledge


class Noted(Protocol):
    """What the perspective rule reads of a note: its turn and the cards it names.
    (Notes are made by `review`, the floor above; the rule that hides them lives here,
    with the rest of what a viewer may see, so it reads them through this shape.)"""

    @property
    def turn(self) -> int: ...

    @property
    def cards(self) -> Sequence[int]: ...

    @property
    def related(self) -> Sequence[int]: ...


Tier = Literal["hinted", "deduced", "common"]


@dataclass(frozen=True)
class Perspective:
    """Whose eyes (`viewer`, a player index; None = the reviewer) at which moment
    (`turn`; None = the end of the record), and whether later turns may show."""

    viewer: int | None = None
    turn: int | None = None
    spoilers: bool = True

    @classmethod
    def to_move(cls, game: Game, state: State) -> Perspective:
        """The eyes of the player whose turn it is at `state`, knowing nothing later:
        what a bot (or a player at the table) decides from."""
        return cls(state.player(game), state.turn, spoilers=False)

    def at(self, turn: int) -> Perspective:
        """The same eyes at another turn (a replay steps through them)."""
        return replace(self, turn=turn)

    def moment(self, timeline: Timeline) -> int:
        """The turn looked at: `turn`, or the last one of the record."""
        return timeline.turns if self.turn is None else self.turn

    def hides_hand(self, player: int) -> bool:
        """Whether `player`'s cards are face down: a player never sees their own."""
        return self.viewer is not None and player == self.viewer

    def hand(self, state: State, player: int) -> tuple[int | None, ...]:
        """`player`'s cards at `state` as the viewer sees them, slot 1 first: deck
        indices, or None for a card face down."""
        cards = state.hands[player]
        return (None,) * len(cards) if self.hides_hand(player) else cards

    def hides_draw(self, timeline: Timeline, turn: int) -> bool:
        """Whether the card drawn at `turn` (if any) is face down: its drawer's own."""
        if turn <= 0:
            return False
        before = timeline[turn - 1]
        return (timeline[turn].drawn > before.drawn
                and self.hides_hand(before.player(timeline.game)))

    def tier_for(self, player: int, tier: str) -> str:
        """The knowledge tier shown for `player`'s cards when `tier` is asked for: as
        player X, another player's deduced tier would tell X's cards; X sees common."""
        if self.viewer is not None and player != self.viewer and tier == "deduced":
            return "common"
        return tier

    def knowledge_for(self, player: int, k: CardKnowledge) -> CardKnowledge:
        """`k` as the viewer may know it: its `deduced` (what badges such as "knows
        playable" read) is, for another player's card, only its common tier. The
        viewer's own cards keep the viewer's deductions (they use what the viewer sees)."""
        if self.viewer is not None and player != self.viewer:
            return k._replace(deduced=k.common)
        return k

    def hides_finding(self, finding: Noted, timeline: Timeline) -> bool:
        """Whether `finding` names a card in the viewer's hand at the turn looked at:
        one of its cards, or a hinted copy it points to (`details["related"]`).
        A later note (spoilers on) is also hidden when it names a card the viewer held
        at its own turn: it would tell the viewer a card they are yet to draw.
        Decided from the finding's cards, never its message."""
        if self.viewer is None:
            return False
        moment = self.moment(timeline)
        held = set(timeline[moment].hands[self.viewer])
        if finding.turn - 1 > moment:
            held.update(timeline[finding.turn - 1].hands[self.viewer])
        return any(c in held for c in finding.cards) or any(c in held for c in finding.related)


REVIEWER = Perspective()


def hidden_note(name: str) -> str:
    """What stands for a hidden finding: neither its words nor its kind or severity."""
    return f"A note about your cards, hidden while viewing as {name}."


def viewer_of(players: tuple[str, ...], name: str) -> int:
    """The index of the player called `name`, or of the only one whose name matches
    it ignoring case (raises ValueError naming the players)."""
    if name in players:
        return players.index(name)
    folded = [p for p, n in enumerate(players) if n.casefold() == name.casefold()]
    if len(folded) == 1:
        return folded[0]
    raise ValueError(f"no player called {name!r}; expected one of {', '.join(players)}")
