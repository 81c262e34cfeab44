"""Chop: the card a player discards next, their oldest (rightmost) card not touched by
a clue (H-Group, https://hanabi.github.io/docs/beginner/chop). The rule itself is the
knowledge module's `chop_slot`, which every view's chop mark reads; this module names
it as the conventions do. A chop-moved card (level 4) is never the chop: the readers
pass it as touched. The clue chop moves (trash, 5's) are read with the clue's meaning
(`meaning._chop_move`); the Order Chop Move, made by a play, is read here."""

from __future__ import annotations

from collections.abc import Collection, Sequence

from ..knowledge import chop_slot

__all__ = ["chop_slot", "order_chop_move"]


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
