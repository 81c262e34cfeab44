"""Chop: the card a player discards next, their oldest (rightmost) card not touched by
a clue (H-Group, https://hanabi.github.io/docs/beginner/chop). The rule itself is the
knowledge module's `chop_slot`, which every view's chop mark reads; this module names
it as the conventions do. A chop-moved card (level 4) is never the chop: "the player
considers the card on their chop to be touched with an invisible clue", and "a Chop
Move is permanent" (https://hanabi.github.io/docs/level-4). `chop_at` is the one answer
to "which card is this player's chop after turn t": every note and view asks it. The
clue chop moves (trash, 5's) are read with the clue's meaning (`meaning._chop_move`);
the Order Chop Move, made by a play, is read here."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Protocol

from ..knowledge.tiers import TimelineKnowledge, chop_slot

__all__ = ["ChopMoves", "chop_at", "chop_moved_at", "chop_slot", "order_chop_move"]

_NONE: frozenset[int] = frozenset()


class ChopMoves(Protocol):
    """What the chop asks of a game's reading (`game.GameReading`): the chop-moved cards
    after each turn. A Protocol, because the reading of a game sits at the top of the
    reader and uses this module: the chop reads it without importing it."""

    @property
    def moved(self) -> Sequence[frozenset[int]]: ...


def chop_moved_at(reading: ChopMoves | None, turn: int) -> frozenset[int]:
    """The chop-moved cards still held after `turn` (none without a reading: with
    `--conventions none`, or in a game the conventions do not read)."""
    if reading is None or not reading.moved:
        return _NONE
    return reading.moved[turn]


def chop_at(tk: TimelineKnowledge, reading: ChopMoves | None, turn: int, player: int
            ) -> int | None:
    """0-based slot of `player`'s chop after `turn`: their rightmost card neither touched
    by a clue nor chop-moved (`chop_moved_at`); None when every card is one of those."""
    moved = chop_moved_at(reading, turn)
    touched = tk.touched[turn]
    return chop_slot([touched[c] or c in moved for c in tk.timeline.states[turn].hands[player]])


def order_chop_move(order: Sequence[int], played: int, clues: dict[int, int],
                    player: int, hands: Sequence[Sequence[int]], touched: Sequence[bool],
                    moved: Collection[int]) -> tuple[int, int] | None:
    """The Order Chop Move (H-Group level 4, https://hanabi.github.io/docs/level-4#the-order-chop-move-ocm):
    `player` plays `played`, skipping k of the clued 1s their play `order` put first;
    the player k seats after them chop-moves their chop. Not when a skipped 1 had a
    different number of positive clues (`clues`, per card) than the one played. The
    (player, card) chop-moved, or None."""
    skipped = order.index(played) if played in order else 0
    if not skipped or any(clues.get(c, 0) != clues.get(played, 0) for c in order[:skipped]):
        return None
    to = (player + skipped) % len(hands)
    if to == player:
        return None
    hand = hands[to]
    chop = chop_slot([touched[c] or c in moved for c in hand])
    return None if chop is None else (to, hand[chop])
