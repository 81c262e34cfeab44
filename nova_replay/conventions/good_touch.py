"""Good Touch: a clue touches only cards that will be played, so a touched card is never
trash and never a second copy of a card already touched (H-Group, "Good Touch Principle",
https://hanabi.github.io/docs/beginner/good-touch-principle). A reader therefore rules
out, for a newly touched card, the identities already played (trash) and those already
"gotten": touched in a hand the reader sees."""

from __future__ import annotations

from collections.abc import Iterable

from .table import Table


def gotten(table: Table, viewer: int | None, skip: Iterable[int] = ()) -> int:
    """The identities (a mask) already gotten as `viewer` sees it: touched cards in the
    hands they see, and their own touched cards whose clues name one identity only.
    `skip` are cards not counted (the cards the clue being read touches). `viewer` None
    is the reviewer, who sees every card but the hidden ones."""
    out = 0
    left = set(skip)
    touched, of, hidden = table.touched, table.game.identity_of, table.hidden
    for p, hand in enumerate(table.state.hands):
        if p == viewer:
            for c in hand:
                if touched[c] and c not in left:
                    mask = table.hinted[c]
                    if mask and mask & (mask - 1) == 0:
                        out |= mask
            continue
        for c in hand:
            if touched[c] and c not in left and (not hidden or c not in hidden):
                out |= 1 << of[c]
    return out


def breaks_good_touch(table: Table, giver: int, cards: Iterable[int]) -> list[int]:
    """The touched cards that break Good Touch as the giver could see them: trash, or a
    copy of a card touched elsewhere (or twice by this clue). The giver's own hand is
    face down to them, so only what they see counts."""
    seen_gotten = gotten(table, giver, skip=cards)
    bad, here = [], 0
    for c in cards:
        i = table.identity(c)
        if i is None:
            continue
        bit = 1 << i
        if bit & (table.status.trash | seen_gotten | here):
            bad.append(c)
        here |= bit
    return bad
