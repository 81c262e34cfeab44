"""Level 5's intermediate finesses (H-Group, "Level 5 - Intermediate Finesses",
https://hanabi.github.io/docs/level-5): where a play clue's finesse may find its card
beyond the plain finesse position, and how the players answer it.

- Layered finesse: the finessed player's finesse position holds another card that
  plays; they blind-play it, see it is not the card called, and go on with their next
  finesse position until the called card comes. Every card before it must play.
- Clandestine finesse: a layered finesse whose layer card would itself connect to the
  clue (a 2 of another suit before a 3 clue), hidden from the clue's target.
- Hidden finesse: a prompt on a clued card that is not the one called but plays anyway;
  the prompted player then blind-plays their finesse position (the clued card is the
  first layer).
- Queued finesse: a player already finessed has their finesse position moved right past
  the cards called before ("exactly like if the blind card was clued"); they play the
  older first.
- Ambiguous finesse: two players hold the called card on their finesse position; each
  sees the other's, so the earlier passes and, by the Urgency Principle, the later plays.

The search stays linear: each finesse walks one hand once, left to right.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence

from .kinds import Connection
from .levels import Conventions
from .table import Table

LAYERED, HIDDEN, CLANDESTINE = "layered finesse", "hidden finesse", "clandestine finesse"
QUEUED, AMBIGUOUS = "queued finesse", "ambiguous finesse"


def positions(table: Table, conventions: Conventions, player: int, used: set[int]
              ) -> Iterator[tuple[int, int]]:
    """(slot, card) of `player`'s finesse positions, left to right, as asked: untouched
    cards not chop-moved and not called by this clue; from level 5, not called by an
    earlier finesse either (the Queued Finesse moves the finesse position right past
    them)."""
    called = table.called if conventions.knows(QUEUED) else frozenset()
    touched, moved = table.touched, table.moved
    return ((s, c) for s, c in enumerate(table.state.hands[player])
            if not touched[c] and c not in used and c not in moved and c not in called)


def position(table: Table, conventions: Conventions, player: int, used: set[int]
             ) -> tuple[int, int]:
    """(slot, card) of `player`'s finesse position, or (-1, -1) when they have none: the
    first of `positions` (asked at every rank a clue connects through: a plain loop)."""
    called = table.called if table.called and conventions.knows(QUEUED) else ()
    touched, moved = table.touched, table.moved
    for s, c in enumerate(table.state.hands[player]):
        if not touched[c] and c not in used and c not in moved and c not in called:
            return s, c
    return -1, -1


def queued(table: Table, player: int) -> bool:
    """Whether `player` holds a card an earlier finesse called, not yet played."""
    return any(c in table.called for c in table.state.hands[player])


def rows_after(table: Table, played: Iterable[int]) -> list[int]:
    """The rows once the identities `played` are played, in order (the cards a clue
    calls before the one being looked for)."""
    rows = list(table.state.rows)
    max_rank = table.max_rank
    for i in played:
        suit, rank = divmod(i, max_rank)
        if suit < len(rows) and rows[suit] == rank:
            rows[suit] += 1
    return rows


def layered(table: Table, spots: Iterable[tuple[int, int]], wanted: int,
            rows: list[int]) -> tuple[int, int, tuple[int, ...]] | None:
    """The slot and card of `wanted` among the finesse positions `spots`, behind at
    least one layer of cards that each play in turn from `rows`, and those layer cards;
    None when a card before it does not play, is unseen, or `wanted` is not there."""
    rows = list(rows)
    max_rank = table.max_rank
    layers: list[int] = []
    for slot, card in spots:
        i = table.identity(card)
        if i is None:
            return None
        if i == wanted:
            return (slot, card, tuple(layers)) if layers else None
        suit, rank = divmod(i, max_rank)
        if suit >= len(rows) or rows[suit] != rank:
            return None  # a layer that does not play: the blind plays stop here
        rows[suit] += 1
        layers.append(card)
    return None


def bluff_seat_layer(connections: tuple[Connection, ...], conventions: Conventions,
                     giver: int, players: int) -> bool:
    """Level 11 (https://hanabi.github.io/docs/level-11, "Cathy's Connecting
    Principle"): whether a layered finesse (not a clandestine one) starts on the bluff
    seat, the player right after the giver; its first blind play does not connect to the
    clue, so the team reads a bluff and the player stops."""
    if not conventions.knows("bluff") or players < 3:
        return False
    seat = (giver + 1) % players
    return any(x.name == LAYERED and x.player == seat for x in connections)


def clandestine(connections: tuple[Connection, ...], clue_mask: int, max_rank: int,
                identity_of: Sequence[int]) -> tuple[Connection, ...]:
    """`connections` with each layered finesse whose layer card would connect to the
    clue (the next card of its suit is one the clue touches) named a clandestine
    finesse: its target could take the layer card for the connection."""
    out = []
    for x in connections:
        if x.name == LAYERED and any(
                identity_of[c] % max_rank + 1 < max_rank and (clue_mask >> (identity_of[c] + 1)) & 1
                for c in x.layers):
            x = x._replace(name=CLANDESTINE)
        out.append(x)
    return tuple(out)
