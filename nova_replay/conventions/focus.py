"""The focus of a clue: the one card a clue is about (H-Group, "Single Card Focus",
https://hanabi.github.io/docs/beginner/single-card-focus).

1. If the chop is touched, the focus is the chop.
2. Else the focus is the leftmost new card (touched now, by no clue before).
3. If no card is new, the focus is the leftmost re-touched card.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from ..rules.engine import tuple_new


class Focus(NamedTuple):
    """Which slot (0-based) a clue focuses, and why, in the words of the docs."""

    slot: int
    why: str  # "chop", "only card", "leftmost new card", "leftmost re-touched card"
    new: tuple[int, ...]  # the slots touched for the first time
    on_chop: bool


def focus_of(touched_slots: Sequence[int], was_touched: Sequence[bool], chop: int | None,
             moved: Sequence[bool] = ()) -> Focus:
    """The focus of a clue that touched `touched_slots` (0-based, slot 1 first) of a hand
    whose cards were touched before as `was_touched` (per slot) and whose chop was
    `chop` (None: every card was touched). A chop-moved card (`moved`, level 4) is old
    for the focus, except that when the clue touches no new card but touches one for
    the first time, the leftmost such card is the focus (H-Group level 4, "Chop Moves
    & New Clues")."""
    if moved:
        new = tuple([s for s in touched_slots if not was_touched[s] and not moved[s]])
        if not new:
            first = tuple([s for s in touched_slots if not was_touched[s]])
            if first:
                return Focus(first[0], "leftmost chop-moved card", first, False)
    else:
        new = tuple([s for s in touched_slots if not was_touched[s]])
    # (a named tuple made per clue: its fields in order, without keywords)
    if chop is not None and chop in touched_slots:
        return tuple_new(Focus, (chop, "chop", new, True))
    if len(new) == 1 and len(touched_slots) == 1:
        return tuple_new(Focus, (new[0], "only card", new, False))
    if new:
        return tuple_new(Focus, (new[0], "leftmost new card", new, False))
    return tuple_new(Focus, (touched_slots[0], "leftmost re-touched card", new, False))
