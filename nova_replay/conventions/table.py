"""The table a clue is read at: what the convention reader may use, as plain values.

A `Table` is the moment before a clue: the hands, the rows, the card status (the
status module's one rule: playable, trash, critical), what each holder learned from
clues (hint masks and touched cards) and which cards the reader does not see. It is
made from a replay (`table_at`) or written by hand (a question from H-Group's guide,
where some cards are face down). The readers never look up which cards a clue
touches: the caller passes the touched cards, found by the one touch rule
(`Game.touched`, `IdentitySpace.clue_mask`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from ..knowledge.status import Status
from ..knowledge.tiers import chop_slot
from ..rules.engine import State
from ..rules.game import Game


class Table(NamedTuple):
    """The moment before a clue, as a convention reader sees it (a named tuple: one is
    made per clue)."""

    game: Game
    state: State  # hands (slot 1 first), rows, discards, coins
    status: Status  # of `state`
    hinted: Sequence[int]  # per deck card: the identities its holder's clues allow
    touched: Sequence[bool]  # per deck card: named by a clue before
    hidden: frozenset[int] = frozenset()  # deck cards whose face the reader does not know
    early_game: bool = True  # no card discarded yet (H-Group's Early Game)
    # Per deck card, what the clues alone allow (`hinted` may be narrowed further by the
    # readings of earlier clues); empty: the same as `hinted`.
    clued: Sequence[int] = ()
    # Chop-moved cards (level 4): untouched, yet never the chop nor a finesse position.
    moved: frozenset[int] = frozenset()
    # Cards an earlier clue called by a finesse, not yet played (level 5's Queued Finesse:
    # the finesse position moves right past them).
    called: frozenset[int] = frozenset()
    # Touched cards an earlier reading took for another identity than their own (the
    # readings `hinted` holds leave it out): Good Touch's clued copy may be one of them.
    misread: frozenset[int] = frozenset()

    def told(self, card: int) -> int:
        """What the clues alone allow of deck card `card`."""
        return (self.clued or self.hinted)[card]

    def identity(self, card: int) -> int | None:
        """The identity of deck card `card`, or None when the reader cannot see it."""
        return None if card in self.hidden else self.game.identity_of[card]

    def chop(self, player: int) -> int | None:
        """0-based slot of `player`'s chop: the oldest untouched card (`chop_slot`, the
        knowledge module's one rule)."""
        return chop_slot([self.touched[c] or c in self.moved for c in self.state.hands[player]])

    def seen_by(self, viewer: int) -> list[tuple[int, int, int]]:
        """(player, slot, identity) of every card `viewer` sees: the others' hands,
        less the cards the reader does not see."""
        out = []
        of, hidden = self.game.identity_of, self.hidden
        for p, hand in enumerate(self.state.hands):
            if p == viewer:
                continue
            for slot, c in enumerate(hand):
                if not hidden or c not in hidden:
                    out.append((p, slot, of[c]))
        return out

    @property
    def max_rank(self) -> int:
        return self.game.turn_facts.max_rank
