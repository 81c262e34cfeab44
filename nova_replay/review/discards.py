"""Two discard rules decided from the discarder's view (`mover.MoverView`, issue #31) that
change what the analysis' discard notes say (`analysis._Reviewer.discard`):

- a discard of a card its player knew was a copy of a clued card in a teammate's hand is
  H-Group's Sarcastic Discard, no discard with a playable card (`duplicate_discard`);
- a discard from a fully clued hand with no clue token is forced, and no fault when it
  was the least bad (`locked_discard`), unless the conventions named a card to play.
"""

from __future__ import annotations

from ..conventions.chop import chop_at
from ..conventions.game import GameReading
from ..conventions.sarcastic import clued_elsewhere, duplicates
from .clue_faults import read_playable
from .mover import MoverView


def duplicate_discard(read: GameReading | None, mover: MoverView, card: int) -> bool:
    """Whether the mover knew the card they discarded was a copy of a clued card in a
    teammate's hand (`sarcastic.duplicates`, from what they knew and saw): a clued one is
    H-Group's Sarcastic Discard (level 3, https://hanabi.github.io/docs/level-3), which
    tells the teammate theirs is the card; a known-playable one, played instead, would
    leave the teammate a dead card they cannot tell from a playable one. Neither is a
    discard with a playable card. Only with the reading of a level that knows the
    Sarcastic Discard."""
    if read is None or read.not_read or not read.conventions.knows("sarcastic discard"):
        return False
    touched = mover.tk.touched[mover.turn - 1]
    if not touched[card] and not mover.knows_playable(card):
        return False  # an unclued card, not one to play: a plain discard
    elsewhere = clued_elsewhere(mover.game, mover.state.hands, touched, mover.player)
    return duplicates(mover.mask(card), mover.status.trash, elsewhere)


def locked_discard(read: GameReading | None, mover: MoverView, card: int
                   ) -> tuple[bool, int | None]:
    """Whether the discard of a clued card was unavoidable and the least bad, from the
    mover's view: no clue token (no clue to give instead), every card of theirs clued or
    chop-moved (no chop: `chop_at`), no known playable card (the analysis asks first), no
    other card the conventions told them to play (`clue_faults.read_playable`: Good
    Touch, a play clue's reading; that card is the second value), no other card they knew
    was trash or a copy of a clued card, and not a card they knew was critical while
    another was not. "A clued card not known to be trash is kept" cannot be followed then;
    discarding the card most likely trash is all there is."""
    if mover.state.coins > 0 or chop_at(mover.tk, read, mover.turn - 1,
                                        mover.player) is not None:
        return False, None
    touched = mover.tk.touched[mover.turn - 1]
    others = [c for c in mover.state.hands[mover.player] if c != card]
    plays = {c: read_playable(mover, c) for c in others if touched[c]}
    # (two cards read as one and the same identity: Good Touch was broken somewhere, and
    # neither is surely the card to play)
    instead = next((c for c, m in plays.items() if m and not (
        m & (m - 1) == 0 and sum(1 for k in plays.values() if k == m) > 1)), None)
    if instead is not None:
        return False, instead
    if any(mover.knows_trash(c) or mover.knows_duplicate(c) for c in others):
        return False, None
    critical = mover.status.critical
    return not (mover.mask(card) & ~critical == 0
                and any(mover.mask(c) & ~critical for c in others)), None
