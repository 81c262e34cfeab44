"""Playing Multiple 1s (H-Group level 3, https://hanabi.github.io/docs/level-3#playing-multiple-1s):
the order in which a player plays several clued 1s whose suits they do not know. Good
Touch makes every such 1 playable, so the order is free to carry a message (level 4's
Order Chop Move, `chop.order_chop_move`). The docs' precedence:

1. the 1 a 1 clue focused on the chop (the Chop-Focus exception),
2. then "fresh" 1s, drawn after the deal, newest first (left to right: the Fresh 1's Rule),
3. then the 1s of the starting hand, oldest first (right to left: Play Order Inversion).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from ..rules.identities import IdentitySpace


def unknown_ones(space: IdentitySpace, hand: Sequence[int], touched: Sequence[bool],
                 told: Sequence[int], trash: int) -> list[int]:
    """The cards of `hand` its holder knows are 1s but not which (`told`: what the clues
    allow of each card), less those known to be trash: the 1s the play order ranks."""
    ones = space.rank_mask[1]
    out = []
    for c in hand:
        mask = told[c]
        if touched[c] and mask and not mask & ~ones and mask & (mask - 1) and mask & ~trash:
            out.append(c)
    return out


def play_order(hand: Sequence[int], ones: Collection[int], chop_focus: Collection[int],
               starting: Collection[int]) -> list[int]:
    """`ones` (cards of `hand`, slot 1 first) in the order they are to be played:
    chop-focused 1s, then fresh 1s left to right, then starting-hand 1s right to left."""
    first = [c for c in reversed(hand) if c in ones and c in chop_focus]
    fresh = [c for c in hand if c in ones and c not in chop_focus and c not in starting]
    old = [c for c in reversed(hand) if c in ones and c not in chop_focus and c in starting]
    return first + fresh + old
