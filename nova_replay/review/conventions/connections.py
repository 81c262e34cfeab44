"""The connections a play clue calls: the cards that must be played before its focus
(H-Group: "Delayed Play Clues", "The Prompt", "The Finesse", and at level 2 the self,
double and reverse finesse; https://hanabi.github.io/docs/beginner/delayed-play-clues,
/docs/beginner/prompt, /docs/beginner/finesse, /docs/level-2).

For each rank between its row and the focus, in order, the reader looks first for a
touched card of that identity (known or playable to its holder: a delayed play; else
the holder's leftmost touched card that may be it: a prompt), then for an untouched
card in a player's finesse position (their leftmost untouched card not yet called),
players taken in turn order from the giver's left. The giver never holds a prompt or
a finesse (they cannot see their own cards). Layered and hidden finesses (level 5)
and bluffs (level 11) are not looked for.
"""

from __future__ import annotations

from typing import NamedTuple

from ..status import all_playable
from .levels import Conventions
from .table import Table

KNOWN, PLAYABLE, PROMPT, FINESSE, BLUFF = "known", "playable", "prompt", "finesse", "bluff"


class Connection(NamedTuple):
    """One card a play clue calls before its focus."""

    card: int  # deck index
    player: int
    slot: int  # 0-based
    kind: str  # known | playable | prompt | finesse | bluff
    identity: int
    name: str  # the docs' name: "finesse", "self-finesse", "reverse finesse", ...


def connect(table: Table, conventions: Conventions, giver: int, target: int, focus: int,
            identity: int, viewer: int | None, self_finesse: bool = False
            ) -> tuple[Connection, ...] | None:
    """The connections that make `identity` playable for the focus card `focus` of a
    clue from `giver` to `target`, as `viewer` can find them (None: the reviewer; the
    target cannot see their own cards). With `self_finesse`, the viewer (the target)
    takes their own finesse position to hold what no one else shows: level 2's
    Self-Finesse, read only when no other reading fits. None when some rank has no
    connection: the clue cannot mean that identity to that viewer."""
    if (table.status.playable >> identity) & 1:
        return ()  # playable now: nothing to call
    if (table.status.trash >> identity) & 1 or identity == table.game.space.joker:
        return None
    max_rank = table.max_rank
    suit, rank = divmod(identity, max_rank)
    rank += 1
    height = table.state.rows[suit]
    out: list[Connection] = []
    used = {focus}
    n = len(table.game.players)
    order = [(giver + k) % n for k in range(1, n)]  # the giver's left first
    for r in range(height + 1, rank):
        wanted = suit * max_rank + r - 1
        blocked: set[int] = set()
        found = (_touched(table, order + [giver], giver, target, wanted, used, viewer, blocked)
                 or _finesse(table, conventions, order, target, wanted, used, viewer, out,
                             blocked, self_finesse))
        if found is None:
            return None
        used.add(found.card)
        out.append(found)
    return tuple(out)


def _touched(table: Table, players: list[int], giver: int, target: int, wanted: int,
             used: set[int], viewer: int | None, blocked: set[int]) -> Connection | None:
    """A touched card of identity `wanted`: known or playable to its holder, or their
    leftmost touched card that may be it (a prompt; never in the giver's hand). A
    player whose prompt would play a wrong card that cannot play is added to
    `blocked`: a prompt takes precedence over a finesse, so they hold no finesse."""
    bit = 1 << wanted
    playable = table.status.playable
    for p in players:
        candidates = [(s, c) for s, c in enumerate(table.state.hands[p])
                      if table.touched[c] and c not in used and table.hinted[c] & bit]
        prompt = p != giver  # the prompted player plays their leftmost possible card
        for s, c in candidates:
            mask = table.hinted[c]
            truth = None if p == viewer else table.identity(c)
            if truth not in (None, wanted):
                # A wrong prompt: a card that plays anyway lets the prompt go on to the
                # next; any other stops it (the prompted card would misplay).
                prompt = prompt and truth is not None and bool((playable >> truth) & 1)
                continue
            if mask == bit:
                return Connection(c, p, s, KNOWN, wanted, "known")
            if all_playable(mask, table.status):  # known playable (say, any clued 1 at first)
                return Connection(c, p, s, PLAYABLE, wanted, "playable")
            if prompt:
                return Connection(c, p, s, PROMPT, wanted, "prompt")
            break
        if candidates and not prompt and p != giver:
            blocked.add(p)
    return None


def _finesse(table: Table, conventions: Conventions, order: list[int], target: int,
             wanted: int, used: set[int], viewer: int | None, so_far: list[Connection],
             blocked: set[int], self_finesse: bool) -> Connection | None:
    """An untouched card of identity `wanted` in a player's finesse position (their
    leftmost untouched card not already called by this clue)."""
    if not conventions.knows("finesse"):
        return None
    for p in order:
        if p in blocked:
            continue
        slot, card = next(((s, c) for s, c in enumerate(table.state.hands[p])
                           if not table.touched[c] and c not in used
                           and c not in table.moved), (-1, -1))
        if p == viewer:  # a player cannot see their own finesse position
            if not (self_finesse and card >= 0 and conventions.knows("self-finesse")):
                continue
        elif card < 0 or table.identity(card) != wanted:
            continue
        name = "finesse"
        if p == target:
            name = "self-finesse"
        elif any(x.player == p and x.kind == FINESSE for x in so_far):
            name = "double finesse"
        elif order.index(p) > order.index(target):
            name = "reverse finesse"
        if name != "finesse" and not conventions.knows(name):
            continue
        return Connection(card, p, slot, FINESSE, wanted, name)
    return None


def bluff(table: Table, conventions: Conventions, giver: int, target: int
          ) -> Connection | None:
    """Level 11's bluff (H-Group, https://hanabi.github.io/docs/level-11): with three or
    more players, a play clue that connects no other way asks the player right after
    the giver (not its target) to blind-play their finesse position, which must be
    playable now; the clued card then waits. None when no bluff reads."""
    n = len(table.game.players)
    after = (giver + 1) % n
    if not conventions.knows("bluff") or n < 3 or after == target:
        return None
    slot, card = next(((s, c) for s, c in enumerate(table.state.hands[after])
                       if not table.touched[c] and c not in table.moved), (-1, -1))
    if card < 0:
        return None
    i = table.identity(card)
    if i is None or not (table.status.playable >> i) & 1:
        return None
    return Connection(card, after, slot, BLUFF, i, "bluff")
