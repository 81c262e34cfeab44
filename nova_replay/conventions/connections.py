"""The connections a play clue calls: the cards that must be played before its focus
(H-Group: "Delayed Play Clues", "The Prompt", "The Finesse", and at level 2 the self,
double and reverse finesse; https://hanabi.github.io/docs/beginner/delayed-play-clues,
/docs/beginner/prompt, /docs/beginner/finesse, /docs/level-2).

For each rank between its row and the focus, in order, the reader looks first for a
touched card of that identity (known or playable to its holder: a delayed play; else
the holder's leftmost touched card that may be it: a prompt), then for an untouched
card in a player's finesse position (their leftmost untouched card not yet called),
players taken in turn order from the giver's left. The giver never holds a prompt or
a finesse (they cannot see their own cards). From level 5 (`finesses`): a wrong prompt
that plays anyway is a hidden finesse on the prompted player; a finesse position
behind cards an earlier finesse called is a queued finesse; a card two players hold on
their finesse position is an ambiguous finesse (the later plays); and when no finesse
position holds the card, a layered finesse finds it behind cards that play. Bluffs are
level 11's (`bluff`).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..knowledge.status import all_playable
from .finesses import (
    AMBIGUOUS,
    HIDDEN,
    LAYERED,
    QUEUED,
    layered,
    position,
    positions,
    queued,
    rows_after,
)
from .good_touch import inferred
from .kinds import Connection, ConnectionKind
from .levels import Conventions
from .table import Table

# The kinds by their old names (`kinds.ConnectionKind` is their one home).
KNOWN, PLAYABLE, PROMPT, FINESSE, BLUFF = (ConnectionKind.KNOWN, ConnectionKind.PLAYABLE,
                                           ConnectionKind.PROMPT, ConnectionKind.FINESSE,
                                           ConnectionKind.BLUFF)


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
    suit, rank = divmod(identity, table.max_rank)
    chain = _chain(table, conventions, giver, target, focus, suit, rank, viewer, self_finesse)
    return tuple(chain) if len(chain) == rank - table.state.rows[suit] else None


def connectable(table: Table, conventions: Conventions, giver: int, target: int, focus: int,
                identities: Sequence[int], viewer: int | None, self_finesse: bool = False
                ) -> int:
    """The identities among `identities` for which `connect` finds connections (not
    None), as a mask. The search for one rank never looks at the ranks above it, so a
    suit's chain is found once, up to its highest identity asked (a colour clue asks
    every rank of one suit)."""
    st, max_rank = table.status, table.max_rank
    joker = table.game.space.joker
    top: dict[int, int] = {}  # suit -> the highest rank (0-based) asked
    out = 0
    for i in identities:
        if (st.playable >> i) & 1:
            out |= 1 << i
        elif not (st.trash >> i) & 1 and i != joker:
            suit, rank = divmod(i, max_rank)
            if top.get(suit, -1) < rank:
                top[suit] = rank
    if not top:
        return out
    rows = table.state.rows
    found = {suit: len(_chain(table, conventions, giver, target, focus, suit, rank, viewer,
                              self_finesse)) + rows[suit]
             for suit, rank in top.items()}  # suit -> the highest rank the chain reaches
    for i in identities:
        suit, rank = divmod(i, max_rank)
        if suit in found and not (st.playable >> i) & 1 and not (st.trash >> i) & 1 \
                and i != joker and rank <= found[suit]:
            out |= 1 << i
    return out


def _chain(table: Table, conventions: Conventions, giver: int, target: int, focus: int,
           suit: int, rank: int, viewer: int | None, self_finesse: bool
           ) -> list[Connection]:
    """The connections for the ranks of `suit` between its row and `rank` (0-based, the
    focus's), in order, up to the first rank none is found for (`connect`)."""
    max_rank = table.max_rank
    height = table.state.rows[suit]
    out: list[Connection] = []
    used = {focus}
    n = len(table.game.players)
    order = [(giver + k) % n for k in range(1, n)]  # the giver's left first
    everyone = [*order, giver]
    for r in range(height + 1, rank + 1):
        wanted = suit * max_rank + r - 1
        blocked: set[int] = set()
        hidden: dict[int, list[int]] = {}
        copies: list[Connection] = []
        found = (_touched(table, everyone, giver, target, wanted, used, viewer, blocked,
                          hidden, copies)
                 or (copies[0] if copies else None)
                 or _finesse(table, conventions, order, target, wanted, used, viewer, out,
                             blocked, self_finesse, hidden))
        if found is None:
            break
        used.add(found.card)
        used.update(found.layers)
        out.append(found)
    return out


def _touched(table: Table, players: list[int], giver: int, target: int, wanted: int,
             used: set[int], viewer: int | None, blocked: set[int],
             hidden: dict[int, list[int]], copies: list[Connection]) -> Connection | None:
    """A touched card of identity `wanted`: known or playable to its holder (by its
    marks, or by what they inferred: `good_touch.inferred`; a card they already knew is
    no prompt), or their leftmost touched card that may be it (a prompt; never in the
    giver's hand). A player whose prompt would play a wrong card that cannot play is
    added to `blocked`: a prompt takes precedence over a finesse, so they hold no
    finesse. A player whose prompt plays only wrong cards that play anyway is put in
    `hidden` with those cards (level 5's Hidden Finesse looks there first).

    A clued card of identity `wanted` its holder reads as another (`table.misread`: an
    earlier reading the clues left standing) is put in `copies` (the first one, of a
    player not blocked, not the giver nor the viewer): Good Touch says a clued card is "gotten", so a clue
    connects through it before any unclued copy on a finesse position (H-Group, "Good
    Touch Principle"); its holder plays it once they can tell it, a prompt."""
    bit = 1 << wanted
    st = table.status
    playable = st.playable
    hands, touched, hinted = table.state.hands, table.touched, table.hinted
    misread = table.misread
    for p in players:
        candidates = [(s, c) for s, c in enumerate(hands[p])
                      if touched[c] and hinted[c] & bit and c not in used]
        prompt = p != giver  # the prompted player plays their leftmost possible card
        wrong: list[int] = []
        for s, c in candidates:
            mask = hinted[c]
            truth = None if p == viewer else table.identity(c)
            if truth not in (None, wanted):
                # A wrong prompt: a card that plays anyway lets the prompt go on to the
                # next; any other stops it (the prompted card would misplay).
                prompt = prompt and truth is not None and bool((playable >> truth) & 1)
                wrong.append(c)
                continue
            if mask == bit:
                return Connection(c, p, s, KNOWN, wanted, "known")
            if all_playable(mask, st):  # known playable (say, any clued 1 at first)
                return Connection(c, p, s, PLAYABLE, wanted, "playable")
            if viewer is None or not prompt:
                # what the holder inferred beyond the marks (Good Touch, the copies they
                # see, earlier readings); asked where it changes more than a label
                mask = inferred(table, p, c)
                if mask == bit:
                    return Connection(c, p, s, KNOWN, wanted, "known")
                if all_playable(mask, st):
                    return Connection(c, p, s, PLAYABLE, wanted, "playable")
            if prompt:
                return Connection(c, p, s, PROMPT, wanted, "prompt")
            break
        if candidates and not prompt and p != giver:
            blocked.add(p)
        elif prompt and wrong and len(wrong) == len(candidates):
            hidden[p] = wrong
        if misread and not copies and p not in blocked and p != giver and p != viewer:
            for s, c in enumerate(hands[p]):  # (rare: a reading the clues left standing)
                if c in misread and table.game.identity_of[c] == wanted and c not in used \
                        and c not in table.hidden:
                    copies.append(Connection(c, p, s, PROMPT, wanted, "prompt"))
                    break
    return None


def _finesse(table: Table, conventions: Conventions, order: list[int], target: int,
             wanted: int, used: set[int], viewer: int | None, so_far: list[Connection],
             blocked: set[int], self_finesse: bool, hidden: dict[int, list[int]]
             ) -> Connection | None:
    """An untouched card of identity `wanted` in a player's finesse position (their
    leftmost untouched card not already called by this clue); from level 5, first
    behind a hidden finesse's wrong prompt, and last behind layers of cards that play."""
    if not conventions.knows("finesse"):
        return None
    level5 = conventions.knows(LAYERED)
    of = table.game.identity_of
    if table.called and conventions.knows(QUEUED):
        found = _called_before(table, order, wanted, used, viewer)
        if found is not None:
            return found
    if hidden and conventions.knows(HIDDEN):
        for p, wrong in hidden.items():
            slot, card = position(table, conventions, p, used)
            if card >= 0 and table.identity(card) == wanted:
                return Connection(card, p, slot, FINESSE, wanted, HIDDEN, tuple(wrong))
            after = rows_after(table, [*_before(so_far, of), *(of[c] for c in wrong)])
            deep = layered(table, positions(table, conventions, p, used), wanted, after)
            if deep is not None:
                return Connection(deep[1], p, deep[0], FINESSE, wanted, HIDDEN,
                                  (*wrong, *deep[2]))
    mine: Connection | None = None  # the target's own copy, read last
    own: Connection | None = None  # the viewer's own finesse position, after any they see
    for p in order:
        if p in blocked or (p == viewer and not self_finesse):
            continue  # (a player cannot see their own finesse position: below)
        slot, card = position(table, conventions, p, used)
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
        if name == "self-finesse" and p != viewer:
            # a reverse finesse on a later player is read first: the target "will only
            # consider the possibility of a Self-Finesse if there are no other" (level 2)
            mine = Connection(card, p, slot, FINESSE, wanted, name)
            continue
        if p == viewer:
            # the viewer's own finesse position holds only what no one else shows: a
            # card they see on a later player's finesse position is that player's to
            # play (H-Group: Bob, seeing Cathy's red 1, waits for her), whatever the order
            own = Connection(card, p, slot, FINESSE, wanted, name)
            continue
        if level5 and viewer is None and name == "finesse":
            found = _ambiguous(table, conventions, order, target, wanted, used, blocked,
                               p, slot, card)
            if found is not None:
                return found
        if name != "self-finesse" and conventions.knows(QUEUED) and queued(table, p):
            name = QUEUED  # (a double or reverse finesse too, maybe: the queue says more)
        return Connection(card, p, slot, FINESSE, wanted, name)
    if mine is not None or own is not None or not level5:
        return mine or own
    rows: list[int] | None = None  # (worked out for the first player it may concern)
    for p in order:  # level 5: a Layered Finesse, when no finesse position holds it
        if p in blocked or p == viewer or p == target:  # not their own cards: they see none
            continue
        if rows is None:
            rows = rows_after(table, _before(so_far, of))
        deep = layered(table, positions(table, conventions, p, used), wanted, rows)
        if deep is not None:
            return Connection(deep[1], p, deep[0], FINESSE, wanted, LAYERED, deep[2])
    return None


def _before(so_far: list[Connection], of: Sequence[int]) -> list[int]:
    """The identities a clue calls before the one looked for, in play order (layers
    first)."""
    return [i for x in so_far for i in (*(of[c] for c in x.layers), x.identity)]


def _called_before(table: Table, order: list[int], wanted: int, used: set[int],
                   viewer: int | None) -> Connection | None:
    """A card of identity `wanted` that an earlier finesse called and its holder has not
    played yet: gotten, so a new clue connects through it (its holder's own card, to
    them, by what it was called as)."""
    bit = 1 << wanted
    for p in order:
        for s, c in enumerate(table.state.hands[p]):
            if c in table.called and c not in used and not table.touched[c] and (
                    table.hinted[c] == bit if p == viewer else table.identity(c) == wanted):
                return Connection(c, p, s, FINESSE, wanted, "finesse")
    return None


def _ambiguous(table: Table, conventions: Conventions, order: list[int], target: int,
               wanted: int, used: set[int], blocked: set[int], first: int, slot: int,
               card: int) -> Connection | None:
    """Level 5's Ambiguous Finesse: when players after `first` and before the target also
    hold `wanted` on their finesse position, each sees the others' copy, so the earlier
    pass and the last of them plays (the Urgency Principle). None when no other holds it."""
    holders = [(first, slot, card)]
    for q in order[order.index(first) + 1:order.index(target)]:
        if q in blocked:
            continue
        s, c = position(table, conventions, q, used)
        if c >= 0 and table.identity(c) == wanted:
            holders.append((q, s, c))
    if len(holders) == 1:
        return None
    p, s, c = holders[-1]
    return Connection(c, p, s, FINESSE, wanted, AMBIGUOUS,
                      others=tuple(h[2] for h in holders[:-1]))


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
    slot, card = position(table, conventions, after, set())
    if card < 0:
        return None
    i = table.identity(card)
    if i is None or not (table.status.playable >> i) & 1:
        return None
    return Connection(card, after, slot, BLUFF, i, "bluff")
