"""The Sarcastic Discard (H-Group level 3, https://hanabi.github.io/docs/level-3#the-sarcastic-discard-sd):
a player who knows their clued card duplicates a card clued in a teammate's hand
discards it, which tells the teammate they hold that card. Like a prompt, but it
does not say which of the teammate's clued cards it is when several may be."""

from __future__ import annotations

from collections.abc import Sequence

from ..rules.game import Game


def clued_elsewhere(game: Game, hands: Sequence[Sequence[int]], touched: Sequence[bool],
                    player: int) -> int:
    """The identities (a mask) of the clued cards in the hands other than `player`'s:
    every one of them `player` sees."""
    of = game.identity_of
    out = 0
    for p, hand in enumerate(hands):
        if p != player:
            for c in hand:
                if touched[c]:
                    out |= 1 << of[c]
    return out


def duplicates(read: int, trash: int, elsewhere: int) -> bool:
    """Whether a card its holder reads as the identities `read` is, to them, a copy of a
    clued card in a teammate's hand (`elsewhere`, `clued_elsewhere`): some identity of it
    is not trash, and every such one is clued elsewhere. Discarding it then loses
    nothing, and playing it would leave the teammate a dead card they cannot tell from a
    playable one: the discard is the Sarcastic Discard's."""
    mine = read & ~trash
    return bool(mine) and not mine & ~elsewhere


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
    if (trash >> identity) & 1 or not duplicates(read, trash,
                                                clued_elsewhere(game, hands, touched, player)):
        return None
    n = len(hands)
    holder = next((p for p in ((player + k) % n for k in range(1, n))
                   if any(touched[c] and of[c] == identity for c in hands[p])), -1)
    if holder < 0:
        return None
    bit = 1 << identity
    cards = tuple(c for c in hands[holder] if touched[c] and told[c] & bit)
    return holder, cards
