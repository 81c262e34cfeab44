"""What the mover of a turn knew and saw: the one object every judgement rule reads
(issue #31). A judgement (every kind but the outcome kinds, `Kind.is_outcome`) is decided
only from a `MoverView`: the mover's knowledge of their own cards (the deduced tier), every
card they could see (the other hands, the rows, the discards), the card status (public:
rows and discards), the clues given and their readings (the conventions, as the mover reads
them: with their own cards face down). `identity` is the gate: it answers None for a card
the mover could not see, so a rule that goes through the view cannot peek.
`review.redeal` tests it: a verdict must not change when the hidden cards are dealt
otherwise.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import NamedTuple

from ..conventions.connections import FINESSE, connect
from ..conventions.finesses import AMBIGUOUS
from ..conventions.game import GameReading
from ..conventions.kinds import Connection
from ..conventions.meaning import FIX, PLAY, SAVE, UNCLEAR
from ..conventions.reading import Reading, after_clue, read_clue
from ..conventions.table import Table
from ..knowledge.status import Status, all_playable, all_trash
from ..knowledge.tiers import CardKnowledge, TimelineKnowledge
from ..rules.engine import State
from ..rules.game import Game, Hint

# The focus rules of a clue that touches no new card (`conventions.focus`, `reading`).
RETOUCHED = frozenset({"leftmost re-touched card", "rightmost re-touched card",
                       "ambiguous tempo clue"})

# The most blind plays a reading asks of one player (H-Group's double finesse, level 2):
# a chain that would take more from the mover's own finesse positions is read as no call.
OWN_BLIND_PLAYS = 2


class Call(NamedTuple):
    """A clue that asked a player to blind-play a card, as that player could read it."""

    turn: int  # the clue's
    clue: Reading
    name: str  # the connection's name: "finesse", "self-finesse", "reverse finesse", ...
    identity: int  # what the card was to be
    connections: tuple[Connection, ...]  # the clue's chain, as the player found it


class Memo:
    """What the views of one review share: a clue's reading as a player read it, the
    cards earlier finesses called before a clue and the table they read it at (none
    changes with the turn asked)."""

    def __init__(self) -> None:
        self.readings: dict[tuple[int, int], Reading] = {}
        self.called: dict[tuple[int, int], frozenset[int]] = {}
        self.tables: dict[tuple[int, int], Table] = {}
        # (turn, reading) of every reading with a finesse connection, in turn order
        # (worked out once, when a view first asks).
        self.finesses: list[tuple[int, Reading]] | None = None


@dataclass(frozen=True)
class MoverView:
    """What `player` knew and saw before their move of `turn` (the table after turn - 1)."""

    tk: TimelineKnowledge
    reading: GameReading | None
    turn: int
    player: int
    # The clues' readings as this player read them, by clue turn: shared between the
    # views of one review (a clue's reading as a player reads it does not change).
    memo: Memo = field(default_factory=lambda: Memo(), compare=False, repr=False)

    @property
    def game(self) -> Game:
        return self.tk.timeline.game

    @property
    def state(self) -> State:
        return self.tk.timeline.states[self.turn - 1]

    @property
    def status(self) -> Status:
        return self.tk.statuses[self.turn - 1]

    @cached_property
    def own(self) -> tuple[CardKnowledge, ...]:
        """The mover's knowledge of their own cards, slot 1 first."""
        return self.tk.of(self.turn - 1, self.player)

    def hidden(self, card: int) -> bool:
        """Whether the mover cannot see deck card `card`: theirs, or in the draw pile."""
        state = self.state
        return card >= state.drawn or card in state.hands[self.player]

    def identity(self, card: int) -> int | None:
        """The identity of `card` if the mover could see it, else None."""
        return None if self.hidden(card) else self.game.identity_of[card]

    def mask(self, card: int) -> int:
        """The identities `card` may be, to the mover: one for a card they see; for their
        own card, their deduced tier."""
        i = self.identity(card)
        if i is not None:
            return 1 << i
        # (the deduced tier alone: `own` makes every tier of the hand)
        hand = self.state.hands[self.player]
        return self.tk.deduced(self.turn - 1, self.player)[hand.index(card)]

    def knows_playable(self, card: int) -> bool:
        i = self.identity(card)
        if i is not None:
            return all_playable(1 << i, self.status)
        # Their own card: the deduced tier's verdict (`known_playable`, mostly decided
        # from the tier's bounds without working the tier out).
        hand = self.state.hands[self.player]
        return self.tk.known_playable(self.turn - 1, self.player)[hand.index(card)]

    def knows_trash(self, card: int) -> bool:
        return all_trash(self.mask(card), self.status)

    def clued_identities(self, exclude: tuple[int, ...] = ()) -> dict[int, tuple[int, int]]:
        """Identities of the clued cards in the hands that the mover knows (a card they
        see, or one of their own they know exactly), with its holder and card: a copy of
        one is trash by Good Touch."""
        touched = self.tk.touched[self.turn - 1]
        out: dict[int, tuple[int, int]] = {}
        for p, hand in enumerate(self.state.hands):
            for c in hand:
                if not touched[c] or c in exclude:
                    continue
                m = self.mask(c)
                if m and m & (m - 1) == 0:
                    out.setdefault(m.bit_length() - 1, (p, c))
        return out

    def knows_duplicate(self, card: int) -> bool:
        """Whether every identity the mover holds possible for their clued `card` is
        trash or the identity of another clued card they know (Good Touch)."""
        mask = self.mask(card)
        others = 0
        for i in self.clued_identities(exclude=(card,)):
            others |= 1 << i
        return mask != 0 and mask & ~(self.status.trash | others) == 0

    def lesson(self, hint: Hint) -> tuple[bool, tuple[int, ...]]:
        """What the clue `hint` (the mover's) taught its receiver as far as the mover
        could tell: whether some card's possible identities narrowed, and the cards made
        known playable. The receiver's own deductions rest in part on the mover's hand,
        which the mover cannot see: an identity counts as ruled out only when the clue
        rules it out and some copy of it is in no place both of them see."""
        tk, t, to = self.tk, self.turn, hint.to
        was, now = tk.hinted[t - 1], tk.hinted[t]
        seen = [0] * self.game.space.count
        of = self.game.identity_of
        hands = self.state.hands
        held = {c for q in (self.player, to) for c in hands[q]}
        for c in range(self.state.drawn):
            if c not in held:
                seen[of[c]] += 1
        copies = tk.ids.copies
        unseen = 0
        for i, n in enumerate(seen):
            if n < copies[i]:
                unseen |= 1 << i
        st = tk.statuses[t]
        taught = False
        made = []
        for c in hands[to]:
            before, after = was[c] & unseen, now[c] & unseen
            if before != after:
                taught = True
                if all_playable(after, st) and not all_playable(before, st):
                    made.append(c)
        return taught, tuple(made)

    def table_at(self, clue_turn: int) -> Table:
        """The table before the clue of `clue_turn`, as the mover reads it: their own
        cards face down (made once per clue and player: a view asks for it per identity)."""
        key = (clue_turn, self.player)
        table = self.memo.tables.get(key)
        if table is not None:
            return table
        tk = self.tk
        before = tk.timeline.states[clue_turn - 1]
        hidden = frozenset(before.hands[self.player])
        moved = (self.reading.moved[clue_turn - 1]
                 if self.reading is not None and self.reading.moved else frozenset())
        table = self.memo.tables[key] = Table(
            self.game, before, tk.statuses[clue_turn - 1], tk.hinted[clue_turn - 1],
            tk.touched[clue_turn - 1], hidden, not before.discards, tk.hinted[clue_turn - 1],
            moved, self._called_before(clue_turn))
        return table

    def _called_before(self, clue_turn: int) -> frozenset[int]:
        """The cards in the other players' hands that earlier finesses called and that
        are still held, untouched, before the clue of `clue_turn` (level 5's Queued
        Finesse moves a finesse position past them); the mover sees them all. Not from a
        clue whose reading rests on the mover's own cards (a clue to them, whose focus
        they cannot see, or a chain through their hand): what it called is a fact of
        their hand (a re-deal of it changes the reviewer's reading)."""
        read = self.reading
        if read is None or not read.turns:
            return frozenset()
        key = (clue_turn, self.player)
        if key in self.memo.called:
            return self.memo.called[key]
        tk = self.tk
        before = tk.timeline.states[clue_turn - 1]
        touched = tk.touched[clue_turn - 1]
        held = {c for q, hand in enumerate(before.hands) if q != self.player for c in hand}
        if self.memo.finesses is None:
            self.memo.finesses = [(t, r) for t, r in enumerate(read.turns)
                                  if isinstance(r, Reading)
                                  and any(x.kind == FINESSE for x in r.connections)]
        out = set()
        for t, r in self.memo.finesses:
            if t >= clue_turn:
                break
            if r.target != self.player and all(x.player != self.player for x in r.connections):
                for x in r.connections:
                    if x.kind == FINESSE and x.card in held and not touched[x.card]:
                        out.add(x.card)
        found = self.memo.called[key] = frozenset(out)
        return found

    def read(self, t: int) -> Reading:
        """The clue of turn `t` as the mover read it: with their own cards face down (the
        reviewer's reading may rest on them)."""
        key = (t, self.player)
        mine = self.memo.readings.get(key)
        if mine is None:
            hint = self.tk.timeline.actions[t - 1]
            assert isinstance(hint, Hint) and self.reading is not None
            hand = self.tk.timeline.states[t - 1].hands[hint.to]
            touched = self.game.touched(hint, hand)
            slots = tuple([s for s, c in enumerate(hand) if c in touched])
            giver = (t - 1) % len(self.game.players)
            mine = self.memo.readings[key] = read_clue(self.table_at(t), self.reading.conventions,
                                              giver, hint, slots)
        return mine

    def options(self, t: int, r: Reading) -> list[int]:
        """The identities the focus of the clue of turn `t` (read as the mover read it,
        `r`) may be, to the mover: its identity when they see it, else what the reading
        allows of their own card."""
        if r.target != self.player:
            return [self.game.identity_of[r.focus]]
        told = self.tk.hinted[t][r.focus]
        return [i for i in r.could_be if (told >> i) & 1]

    def may_be_finessed(self, t: int, r: Reading) -> bool:
        """A quick bound on `links` for a clue whose focus the mover sees: false when
        every card its row needs before the focus is one the mover saw another player
        could play for it at the clue, clued or on their finesse position (then none of
        them is theirs to blind-play)."""
        if r.target == self.player:
            return True
        game = self.game
        focus = game.identity_of[r.focus]
        m = game.ruleset.max_rank
        suit, rank = divmod(focus, m)
        before = self.tk.timeline.states[t - 1]
        if suit >= len(before.rows):
            return True
        # What another player could play for it: a clued card, or their finesse position
        # (their first untouched card); a copy elsewhere in a hand calls nothing.
        touched = self.tk.touched[t - 1]
        seen = set()
        # (a finesse position its holder passed on, level 5's Ambiguous Finesse: `passed`;
        # any player who had a turn since the clue may have)
        level5 = self.reading is not None and self.reading.conventions.knows(AMBIGUOUS)
        n = len(before.hands)
        earlier = frozenset((u - 1) % n for u in range(t + 1, self.turn)) if level5 \
            else frozenset()
        giver = (t - 1) % len(before.hands)
        for q, hand in enumerate(before.hands):
            if q == self.player:
                continue
            first = q != giver  # (the giver's own finesse position answers no clue of theirs)
            moved = q in earlier
            for c in hand:
                if touched[c] or (first and not (moved and c in self.state.hands[q])):
                    seen.add(game.identity_of[c])
                first = first and touched[c]
        return any(suit * m + k - 1 not in seen for k in range(before.rows[suit] + 1, rank + 1))

    def links(self, t: int, r: Reading, identity: int, own: bool = True,
              passed: frozenset[int] = frozenset()) -> tuple[Connection, ...] | None:
        """The connections the clue of turn `t` calls for its focus being `identity`, as
        the mover finds them (with `own`, their own finesse position taking what no one
        else shows; `passed`: other players' finesse-position cards the mover saw them
        not play when their turn came, which the mover no longer takes for the call)."""
        table = self.table_at(t)
        if (table.status.playable >> identity) & 1:
            return ()
        hint = self.tk.timeline.actions[t - 1]
        assert isinstance(hint, Hint)
        touched = self.game.touched(hint, table.state.hands[hint.to])
        table = after_clue(table, touched, self.game.space.clue_mask(hint.suit, hint.rank))
        if passed:
            table = table._replace(hidden=table.hidden | passed)
        chain = connect(table, r.conventions, r.giver, r.target, r.focus, identity,
                        self.player, self_finesse=own)
        if chain is not None and sum(1 for x in chain if x.player == self.player
                                     and x.kind == FINESSE) > OWN_BLIND_PLAYS:
            return None  # more blind plays of their own than any reading asks: no call
        return chain

    def _still_wanted(self, t: int, r: Reading) -> bool:
        """Whether the row of the (gone) focus of the clue of turn `t` now wants a card
        the clue called: the next card of that row is above the row at the clue and
        below the focus (a quick bound before reading the clue again)."""
        game = self.game
        suit, rank = game.suit_of[r.focus], game.rank_of[r.focus]
        rows = self.state.rows
        if suit < 0 or suit >= len(rows):
            return True
        return self.tk.timeline.states[t - 1].rows[suit] < rows[suit] + 1 < rank

    def passed(self, t: int, chain: tuple[Connection, ...]) -> frozenset[int]:
        """The cards of `chain` (the clue of turn `t`) on the finesse positions of other
        players who, on a turn of theirs after the clue when that card's identity could be
        played, did not play it: they passed, so the call is not on them but on another
        player (level 5's Ambiguous Finesse: "Cathy should immediately blind-play"). A
        player after the mover in turn order counts too: the mover waited for them, as
        they saw that card on their finesse position; when they did not play it either,
        it is the mover's. Only what the mover saw: the cards, the piles and who played
        what."""
        if not self.reading or not self.reading.conventions.knows(AMBIGUOUS):
            return frozenset()
        n = len(self.game.players)
        tk, hands = self.tk, self.state.hands
        out = set()
        for x in chain:
            q = x.player
            if x.kind != FINESSE or q == self.player or x.card not in hands[q] \
                    or tk.touched[self.turn - 1][x.card]:
                continue
            if any((u - 1) % n == q and (tk.statuses[u - 1].playable >> x.identity) & 1
                   for u in range(t + 1, self.turn)):
                out.add(x.card)
        return frozenset(out)

    def has_play(self) -> bool:
        """Whether the mover had a play to make, as they could read the table: a card of
        theirs they knew was playable, their clued card a play clue focused (as they read
        the clue) that may be playable now, or a finesse position a clue called
        (`called`) as a card playable now. A player with a play has no reason to discard
        their chop (H-Group, "the chop": a player discards only with nothing better to
        do), so a save left to them is no teammate's fault."""
        hand = self.state.hands[self.player]
        if any(self.knows_playable(c) for c in hand):
            return True
        if self.reading is None or self.reading.not_read:
            return False
        if any(self.play_clued(c, now=True) for c in hand):
            return True
        touched = self.tk.touched[self.turn - 1]
        untouched = [c for c in hand if not touched[c]]
        playable = self.status.playable
        for c in untouched[:OWN_BLIND_PLAYS]:
            call = self.called(c)
            if call is not None and (playable >> call.identity) & 1:
                return True  # (a call waiting on others' cards first is no play yet)
        return False

    def play_clued(self, card: int, now: bool = False, surely: bool = False) -> bool:
        """Whether an earlier play clue to the mover focused their clued `card`, as they
        read it (with their own cards face down), and they do not know it cannot play:
        a card they already know to play, whatever its clues alone say. With `now`, only
        if it may be played this turn (some identity the reading allows is playable: a
        play clue waiting on other players' cards is no play yet); with `surely`, only if
        every identity the reading allows that their knowledge still does is playable (they
        knew to play it for sure)."""
        read = self.reading
        if read is None or read.not_read or self.knows_trash(card):
            return False
        states = self.tk.timeline.states
        for t in range(self.turn - 1, 0, -1):
            if card not in states[t - 1].hands[self.player]:
                return False
            seen = read.turns[t]
            if isinstance(seen, Reading) and seen.target == self.player and seen.focus == card:
                r = self.read(t)
                if r.meaning == PLAY and r.focus == card:
                    if surely:
                        return all_playable(self.mask(card) & sum(1 << i for i in r.could_be),
                                            self.status)
                    return not now or any((self.status.playable >> i) & 1 for i in r.could_be)
        return False

    def called(self, card: int, prompt: bool = False) -> Call | None:
        """The clue that asked the mover to blind-play their `card` (an untouched card of
        theirs; with `prompt`, the clue that called their clued `card`), as the
        mover could read it: a clue since the card came to them, not by
        them, that is no save (`no_call`) and, as the mover reads it, asks for its focus
        to be played (`reading.asks_play`, the reader's own rule; or a clue re-touching
        another player's card that reads as no Tempo Clue with the mover's own cards face
        down: the target sees those, so they may be what makes it one, `_may_be_tempo`),
        whose focus could not be played yet,
        and whose connections, as the mover finds them (their own finesse position taking
        what no one else shows), run through this card. While the focus is held; once it
        is gone, only while the card it called is still playable (the mover still knows
        what the call made it). The latest such clue; None when none did."""
        read = self.reading
        if read is None or read.not_read:
            return None
        tk = self.tk
        states = tk.timeline.states
        n = len(self.game.players)
        for t in range(self.turn - 1, 0, -1):
            if card not in states[t - 1].hands[self.player]:
                break
            seen = read.turns[t]
            if not isinstance(seen, Reading) or (t - 1) % n == self.player or no_call(seen):
                continue  # a save, a chop move, a stall, a fix calls no blind play
            held = seen.focus in self.state.hands[seen.target]
            if prompt and (not held or seen.target == self.player):
                continue  # (a hidden finesse goes on only while another's focus waits)
            if seen.target != self.player and ((tk.statuses[t - 1].playable
                                                >> self.game.identity_of[seen.focus]) & 1
                                               or not self.may_be_finessed(t, seen)):
                continue  # a clue on a card the mover saw playable, or connecting through
                # cards they saw elsewhere, calls nothing of theirs
            if not held and (seen.target == self.player or not self._still_wanted(t, seen)):
                continue  # its focus played or discarded, and no card it called is
                # playable now (their own focus gone: the call is over)
            r = self.read(t)
            asks = r.asks_play or (r.target != self.player and _may_be_tempo(r))
            if not asks or (not prompt and tk.touched[t - 1][card]):
                continue  # nor as the mover reads it (to its target, a clue that may be
                # a save is held: it calls none of their cards)
            options = self.options(t, r)
            if r.target == self.player and any(
                    self.links(t, r, i, own=False) is not None for i in options):
                continue  # some identity of their card connects without their own blind
                # plays: a self-finesse is read only when no other reading fits (level 2)
            for i in options:
                links = self.links(t, r, i)
                skip = self.passed(t, links) if links else frozenset()
                if skip:
                    links = self.links(t, r, i, passed=skip)
                for x in links or ():
                    if x.card == card and (x.kind != FINESSE) == prompt and (
                            held or (self.status.playable >> x.identity) & 1):
                        return Call(t, r, x.name, x.identity, links or ())
        return None

    def waits(self, t: int, r: Reading, card: int,
              links: tuple[Connection, ...] | None = None) -> str:
        """Whether the reading of the clue of turn `t`, as the mover reads it, has them
        wait before playing `card` (the focus, or a card it calls): another player's card
        it calls first is still in a hand (a reverse finesse, a prompt not yet played).
        Their name and the connection's ('' when it does not wait, for some identity the
        focus may be)."""
        hands = self.state.hands
        held = {c for hand in hands for c in hand}
        found = ""
        if links is None:
            r = self.read(t)
        every = [links] if links is not None else [self.links(t, r, i)
                                                    for i in self.options(t, r)]
        for chain in every:
            if chain is None:
                continue
            first = next((x for x in chain if x.card != card and x.player != self.player
                          and x.card in held and chain.index(x) < _index(chain, card)), None)
            if first is None:
                return ""
            found = f"{self.game.players[first.player]}'s {first.name}"
        return found


def no_call(r: Reading) -> bool:
    """Whether the reviewer's reading of a clue says it calls no blind play: a save of its
    focus (5 Save, 2 Save, Critical Save), a chop move, a stall. A play clue, a
    play-or-save clue on a card no save is given to, and a clue no reading fits or that
    re-touches a card may call: for the clue's target, whose view holds the mover's own
    cards, these rest on what the mover cannot see (`_may_be_tempo`)."""
    return r.meaning not in (PLAY, SAVE, UNCLEAR, FIX) or (r.meaning == SAVE and r.saved)


def _may_be_tempo(r: Reading) -> bool:
    """Whether a clue that touches no new card and reads, with the mover's own cards face
    down, as a Fix Clue or as nothing, may be a Tempo Clue calling the mover's cards
    (H-Group level 6: a re-touched card is to play, through the cards before it): its
    target reads it with the mover's hand in view, so a connection there makes it a
    Tempo Clue; which one the mover cannot tell, so the call is one they could read."""
    return r.meaning in (UNCLEAR, FIX) and r.why in RETOUCHED


def _index(chain: tuple[Connection, ...], card: int) -> int:
    """The place of `card` in a clue's chain (its end, for the focus itself)."""
    return next((k for k, x in enumerate(chain) if x.card == card), len(chain))


def view(tk: TimelineKnowledge, reading: GameReading | None, turn: int) -> MoverView:
    """The view of the mover of `turn`."""
    return MoverView(tk, reading, turn, tk.timeline[turn - 1].player(tk.timeline.game))
