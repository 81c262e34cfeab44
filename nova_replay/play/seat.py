"""What one seat remembers of the clues, read by the conventions as that seat reads them.

A `Seat` follows a game from one player's chair. At every clue it asks the convention
reader (`conventions.read_clue`) what the clue means, with its own cards face down
(`Table.hidden`): it never learns its own cards from a reading. It keeps

- `reads`: per card (anyone's), the identities a clue's reading narrowed it to (the
  focus of a play or save clue: what its holder reads it as; a card a finesse or prompt
  calls: the identity it is called as);
- `calls`: its own cards a reading calls to play (a prompt, or a finesse on its finesse
  position that it works out when no one else can hold the card), with the identity;
- `moved`: chop-moved cards (level 4), and `early`: whether no card was discarded yet.

Which cards a clue touched is public (everyone saw the clue), so it is taken from the
engine's touch rule; the identities of the seat's own cards and of the draw pile are
read only through `Table.hidden`, which the reader honours (`Table.identity`). The
re-dealing test (tests/test_convention_player.py) checks this: re-dealing what the seat
cannot see leaves its choice unchanged.

H-Group pages: the finesse (https://hanabi.github.io/docs/beginner/finesse: a player who
sees no one else can hold the connecting card plays their finesse position), the prompt
(https://hanabi.github.io/docs/beginner/prompt).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..conventions import Conventions, Reading, read_clue
from ..conventions.connections import connect
from ..conventions.kinds import Connection, ConnectionKind, MeaningKind
from ..conventions.table import Table as ReadTable
from ..rules.engine import State
from ..rules.game import Hint

if TYPE_CHECKING:
    from .simulate import Table

CALLS = (ConnectionKind.FINESSE, ConnectionKind.PROMPT, ConnectionKind.BLUFF)


class Seat:
    """One player's memory of the readings (mutable: it follows a game turn by turn)."""

    def __init__(self, me: int, conventions: Conventions) -> None:
        self.me = me
        self.conventions = conventions
        # The self-finesse answer is found by the reader's self-finesse search, which it
        # offers from level 2; at level 1 a seat still answers a plain finesse on itself.
        self.finder = conventions if conventions.knows("self-finesse") else Conventions(2)
        self.reads: dict[int, int] = {}
        self.calls: dict[int, int] = {}
        self.called: set[int] = set()  # any hand's cards a finesse called, not yet played
        self.moved: set[int] = set()
        self.early = True
        self.memo: dict[object, Any] = {}  # the player's scratch for one turn

    def copy(self) -> Seat:
        """An independent memory at the same point (a rollout forks the game)."""
        new = object.__new__(Seat)
        vars(new).update(vars(self))
        new.reads, new.calls = dict(self.reads), dict(self.calls)
        new.called, new.moved = set(self.called), set(self.moved)
        new.memo = {}
        return new

    # ---- the table as this seat reads it ------------------------------------------
    def table(self, sim: Table, hidden: frozenset[int] | None = None) -> ReadTable:
        """The reader's table at the simulator's current state, this seat's cards (and
        `hidden`, when given, instead) face down."""
        state = sim.state
        key = ("table", state.turn, hidden)
        table = self.memo.get(key)
        if table is not None and self.memo.get("turn") == state.turn:
            return table  # type: ignore[no-any-return]
        table = self._table(sim, hidden)
        if self.memo.get("turn") == state.turn:
            self.memo[key] = table
        return table

    def _table(self, sim: Table, hidden: frozenset[int] | None) -> ReadTable:
        state, tr = sim.state, sim.tracker
        hinted: Sequence[int] = tr.hinted
        if self.reads:
            narrowed = list(hinted)
            for c, mask in self.reads.items():
                if narrowed[c] & mask:
                    narrowed[c] &= mask
            hinted = narrowed
        if hidden is None:
            hidden = frozenset(state.hands[self.me])
        return ReadTable(sim.game, state, tr.status(state), hinted, tr.touched, hidden,
                         self.early, tr.hinted, frozenset(self.moved), frozenset(self.called))

    def read(self, sim: Table, hint: Hint, hidden: frozenset[int] | None = None) -> Reading:
        """The reading of `hint` by the player about to give it, at the current state."""
        state = sim.state
        giver = state.player(sim.game)
        hand = state.hands[hint.to]
        touched = sim.game.touched(hint, hand)  # the one touch rule (public: who was touched)
        slots = tuple([s for s, c in enumerate(hand) if c in touched])
        return read_clue(self.table(sim, hidden), self.conventions, giver, hint, slots)

    # ---- following the game --------------------------------------------------------
    def note(self, sim: Table, action: object) -> None:
        """Take in `action`, about to be applied at the simulator's current state."""
        self.memo.clear()  # (the turn's scratch is over: a reading here sees the new reads)
        state = sim.state
        if type(action) is Hint:
            self._clue(sim, state, action)
            return
        card = action[0]  # type: ignore[index]
        self.reads.pop(card, None)
        self.calls.pop(card, None)
        self.called.discard(card)
        self.moved.discard(card)
        if action.__class__.__name__ == "Discard":
            self.early = False

    def _clue(self, sim: Table, state: State, hint: Hint) -> None:
        r = self.read(sim, hint)
        clued_after = _after(sim, hint)
        if r.meaning in (MeaningKind.PLAY, MeaningKind.SAVE):
            mask = 0
            for i in r.could_be:
                mask |= 1 << i
            if mask & clued_after[r.focus]:
                self.reads[r.focus] = mask & clued_after[r.focus]
        self.moved.update(r.moved)
        self._calls(r.connections)
        giver = state.player(sim.game)
        if (r.meaning == MeaningKind.PLAY and not r.connects and r.truth is not None
                and hint.to != self.me and self.conventions.knows("finesse")):
            self._my_finesse(sim, r, giver, hint)

    def _calls(self, connections: Sequence[Connection]) -> None:
        for x in connections:
            if x.kind not in CALLS:
                continue
            self.reads[x.card] = 1 << x.identity
            if x.kind != ConnectionKind.PROMPT:
                self.called.add(x.card)
            if x.player == self.me:
                self.calls[x.card] = x.identity

    def _my_finesse(self, sim: Table, r: Reading, giver: int, hint: Hint) -> None:
        """No one else can hold what the clue needs: this seat's finesse position (or a
        prompt on its own clued cards) must, as the target will expect."""
        table = self.table(sim)
        touched = sim.game.touched(hint, sim.state.hands[hint.to])
        mask = sim.game.space.clue_mask(hint.suit, hint.rank)
        marks, masks = list(table.touched), list(table.hinted)
        for c in touched:
            marks[c] = True
            masks[c] &= mask
        linked = table._replace(hinted=masks, touched=marks)
        found = connect(linked, self.finder, giver, hint.to, r.focus, r.truth or 0,
                        viewer=self.me, self_finesse=True)
        if found is not None and any(x.player == self.me for x in found):
            self._calls(found)


def _after(sim: Table, hint: Hint) -> list[int]:
    """Every card's clue mask once `hint` is given."""
    out = list(sim.tracker.hinted)
    mask = sim.game.space.clue_mask(hint.suit, hint.rank)
    of = sim.game.identity_of
    for c in sim.state.hands[hint.to]:
        out[c] &= mask if (mask >> of[c]) & 1 else ~mask
    return out
