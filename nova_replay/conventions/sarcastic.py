"""The Sarcastic Discard (H-Group level 3, https://hanabi.github.io/docs/level-3#the-sarcastic-discard-sd):
a player who knows their clued card duplicates a card clued in a teammate's hand
discards it, which tells the teammate they hold that card. Like a prompt, but it
does not say which of the teammate's clued cards it is when several may be."""

from __future__ import annotations

from collections.abc import Sequence

from ..rules.game import Game


def sarcastic_discard(game: Game, hands: Sequence[Sequence[int]], touched: Sequence[bool],
                      told: Sequence[int], read: int, trash: int, player: int, card: int
                      ) -> tuple[int, tuple[int, ...]] | None:
    """For `player` discarding their clued `card`, which they read as the identities
    `read`: when each of them not trash shows clued in another hand, the teammate who
    holds a clued copy of its actual identity, and their clued cards whose clues
    (`told`) allow it (Good Touch may have ruled it out: the discard overrides that);
    None when the discard is no Sarcastic Discard."""
    of = game.identity_of
    identity = of[card]
    mine = read & ~trash
    if not mine or (trash >> identity) & 1:
        return None
    n = len(hands)
    elsewhere = 0  # identities `player` sees clued in the other hands
    holder = -1
    for k in range(1, n):
        p = (player + k) % n
        for c in hands[p]:
            if touched[c]:
                elsewhere |= 1 << of[c]
                if of[c] == identity and holder < 0:
                    holder = p
    if holder < 0 or mine & ~elsewhere:
        return None
    bit = 1 << identity
    cards = tuple(c for c in hands[holder] if touched[c] and told[c] & bit)
    return holder, cards
