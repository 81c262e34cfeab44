"""Good Touch: a clue touches only cards that will be played, so a touched card is never
trash and never a second copy of a card already touched (H-Group, "Good Touch Principle",
https://hanabi.github.io/docs/beginner/good-touch-principle). A reader therefore rules
out, for a newly touched card, the identities already played (trash) and those already
"gotten": touched in a hand the reader sees.

What a holder infers of their own clued card (`inferred`) goes further than its clue
marks: Good Touch says it is no trash and no copy of a card gotten elsewhere, and it
cannot be an identity whose every copy left the holder sees. A card so known is "known"
or "playable" to them, never a prompt (H-Group level 1, "The Prompt": "If the player was
already going to play the card, then it isn't a Prompt")."""

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


def good_left(table: Table, viewer: int, among: int, skip: tuple[int, ...] = ()) -> int:
    """The identities of `among` Good Touch leaves a card of `viewer`'s own hand, as
    they see it: less those gotten (touched in a hand they see, or one of their own
    touched cards, not in `skip`, whose clues name it alone: `gotten`'s rule) and those
    whose every copy not yet played or discarded they see in the other hands (their card
    cannot be one). One pass over the hands, asking only of `among`."""
    out = 0
    counts: dict[int, int] = {}
    touched, hinted, of, hidden = table.touched, table.hinted, table.game.identity_of, table.hidden
    for p, hand in enumerate(table.state.hands):
        if p == viewer:
            for c in hand:
                if touched[c] and c not in skip:
                    m = hinted[c]
                    if m and m & (m - 1) == 0:
                        out |= m  # their own clued card known exactly
            continue
        for c in hand:
            i = of[c]
            if (among >> i) & 1 and (not hidden or c not in hidden):
                if touched[c]:
                    out |= 1 << i  # gotten in a hand they see
                else:
                    counts[i] = counts.get(i, 0) + 1
    if counts:
        lost, copies = table.status.lost, table.game.space.copies
        for i, seen in counts.items():
            if seen >= copies[i] - lost[i]:
                out |= 1 << i  # every copy left in sight
    return among & ~out


def inferred(table: Table, holder: int, card: int) -> int:
    """What `holder` can tell their clued card `card` is: its clues and the readings of
    earlier clues (`table.hinted`), less trash and what Good Touch rules out as they see
    it (`good_left`); the clues alone where that leaves nothing (a Good Touch broken)."""
    mask = table.hinted[card]
    good = mask & ~table.status.trash
    if not good or good & (good - 1) == 0:
        return good or mask
    return good_left(table, holder, good, (card,)) or mask


def known_trash(table: Table, holder: int, mask: int, skip: tuple[int, ...] = ()) -> bool:
    """Whether `holder` knows a newly touched card that may be any identity of `mask` is
    trash: every identity is trash, or Good Touch rules it out as they see it (its every
    live copy is touched in a hand they see, or is their own clued card known exactly:
    `good_left`), so the clue could not have meant it (H-Group level 4, the Trash Chop
    Move's "known trash"). `skip` are the cards of the clue being read. The one home of
    this test: the reader's Trash Chop Move and the judge of it both ask it."""
    if not mask:
        return False
    good = mask & ~table.status.trash
    return not good or not good_left(table, holder, good, skip)
