"""The convention player: a bot that acts on the H-Group reading of every clue
(`conventions.read_clue`, at a level 1-5 or 11), seeing only what its seat sees.

Its turn, in order (H-Group's priorities, https://hanabi.github.io/docs/beginner):

1. answer a finesse or a prompt: play a card a reading called, once its row is ready;
2. save the next player's chop when they have nothing to do but discard it and it is
   a card the conventions save (5 Save, 2 Save, Critical Save), by the clue whose reading
   is that save;
3. play a card its readings make known playable (5s and cards that unlock a clued card
   first);
4. give the play clue whose reading best serves the team: each candidate clue is read
   by the reader as its receiver will read it (their own cards face down), and kept
   only when the receiver reads the card as it is, every card it calls is visible, and
   it touches no trash or card already clued (Good Touch); its value is the cards it
   gets played;
5. in the final round, play the likeliest card while a strike can be spared;
6. discard: known trash first, else the chop (neither touched nor chop-moved);
7. with every clue token in the box, stall: the best clue left, else any clue
   (the 5 Stall from level 2 is among them: the reader reads it).

What it knows of its own cards: the deduced tier (knowledge.tiers), narrowed by the
readings (`seat.Seat.reads`); a clued card is not trash (Good Touch). It never reads
a hidden card: the reader gets its hand face down (`Table.hidden`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..conventions import Conventions
from ..conventions.kinds import Connection, ConnectionKind, MeaningKind
from ..knowledge.status import all_playable, all_trash, pace_of
from ..rules.game import Action, Discard, Game, Hint, Play
from .bots import ConventionBot, SeenCard, View, can_play_blind, chance_playable, joker_row, parse_bot
from .seat import Seat
from .simulate import AnyBot, Table

_PLAY_CALLS = (ConnectionKind.FINESSE, ConnectionKind.PROMPT, ConnectionKind.BLUFF)


@dataclass(frozen=True)
class ConventionPlayer:
    """A team-mate who plays by the H-Group conventions up to `level`."""

    level: int = 5
    name: str = field(default="convention")
    risk: float = 0.05  # in the final round (everyone's last turn), play a card this likely
    # to fit while a strike can be spared: the card is lost anyway (+0.05 at 2-4 players)
    keep: int = 0  # with this many clue tokens or fewer, only a clue that gets 2 cards
    touch_value: float = 0.5  # a clue's worth per other useful card it touches
    critical_touch: float = 0.8  # ... per other critical card it touches (it is saved)
    stall_pace: int = 2  # at this pace or lower, a clue that misleads no one beats a discard
    hold_coins: int = 4  # with this many clue tokens, a clue that only prepares beats a discard
    hold_floor: float = 0.8  # ... when worth this much (a critical card saved)
    last_life: int = 1  # with this few strikes left, play only what my knowledge proves
    locked_loss: float = 0.5  # a locked hand discards a card that may cost this much
    play_not_save: int = 2  # with 2 players and this many tokens (0: never), a play clue
    # to my partner beats their save: they play this turn instead of discarding (2p
    # +0.7 on 300 deals, 2 tokens as good as 3; with 3 players it lost 0.2: a later
    # player's chop waits)
    blind_plays: int = 1  # a clue asks for at most this many blind plays (finesses)
    dup_guard: bool = True  # touch no card that may copy a clued card of mine
    dup_doubt: int = 2  # ... one that may be any of this few identities (1 with 2
    # players: a 2-player team has more clued cards a hand, and a wider guard left it
    # too few clues: 19.7 against 20.1 on 150 deals)

    @property
    def conventions(self) -> Conventions:
        return Conventions(self.level)

    def sit(self, game: Game, me: int) -> Seat:
        """A seat's memory for a new game."""
        return Seat(me, self.conventions)

    # ---- the turn -----------------------------------------------------------------
    def choose(self, sim: Table, seat: Seat) -> Action:
        """The move of the player to move at `sim`, whose memory is `seat`."""
        view = sim.view(seat.me)
        st = view.status
        masks = self.masks(view, seat)
        called = self.called_play(view, seat)
        if called is not None:
            return called
        if view.coins > 0:
            save = self.save(sim, seat, view, view.others()[:1])
            if save is not None:
                if view.players == 2 and view.coins >= self.play_not_save > 0:
                    # a play clue keeps their chop too (they play this turn), and plays
                    q = view.others()[0]
                    gotten = self.gotten(view, seat)
                    rated = [(v, h) for h in self.candidates(view, q)
                             if (v := self.rate(sim, seat, view, h, gotten)) is not None]
                    if rated and max(rated)[0] >= 1.0:
                        return max(rated, key=lambda o: o[0])[1]
                return save
        plays = [s for s, m in enumerate(masks)
                 if all_playable(m, st) and self.blind_ok(view, s, m)
                 and (view.lives > self.last_life or all_playable(view.own[s].deduced, st))]
        if plays:
            return self.best_play(view, masks, plays)
        floor = 1.0 if view.coins > self.keep else 1.9
        clue = self.best_clue(sim, seat, view, floor=floor) if view.coins > 0 else None
        if clue is not None:
            return clue
        if view.coins > 0:
            save = self.save(sim, seat, view, view.others()[1:], urgent=False)
            if save is not None:
                return save
        risky = self.risky(view, masks)
        if risky is not None:
            return risky
        if view.coins >= self.hold_coins:
            clue = self.best_clue(sim, seat, view, floor=self.hold_floor)
            if clue is not None:
                return clue
        pace = pace_of(sum(view.rows), view.draw_pile, view.players, st.reach_total)
        if view.coins > 0 and pace <= self.stall_pace:
            clue = self.best_clue(sim, seat, view, floor=-1.0)
            if clue is not None:
                return clue
        if view.coins < view.space.ruleset.coins:
            slot = self.discard_slot(view, seat, masks)
            if slot is not None:
                return Discard(view.own[slot].card)
        if view.coins > 0:
            clue = self.best_clue(sim, seat, view, floor=-1.0)
            if clue is not None:
                return clue
            if view.coins < view.space.ruleset.coins:
                # a locked hand: a card that costs nothing beats a clue that tells nothing
                free = [s for s, k in enumerate(view.own) if k.card not in seat.calls]
                slot = min(free, key=lambda s: (self.loss(view, masks[s]), -s), default=None)
                if slot is not None and self.loss(view, masks[slot]) <= self.locked_loss:
                    return Discard(view.own[slot].card)
            clue = self.any_clue(sim, seat, view)
            if clue is not None:
                return clue
        return self.last_resort(view, masks)

    # ---- my cards -------------------------------------------------------------------
    def masks(self, view: View, seat: Seat) -> list[int]:
        """What each of my cards may be: deduced, narrowed by the readings; a touched
        card is not trash (Good Touch)."""
        st = view.status
        out = []
        for k in view.own:
            m = k.deduced
            read = seat.reads.get(k.card)
            if read is not None and m & read:
                m &= read
            if k.touched and m & ~st.trash:
                m &= ~st.trash
            out.append(m)
        return out

    def called_play(self, view: View, seat: Seat) -> Action | None:
        """A card of mine a finesse or prompt called, whose identity plays now."""
        playable = view.status.playable
        for k in view.own:
            i = seat.calls.get(k.card)
            if (i is not None and (playable >> i) & 1 and (k.deduced >> i) & 1
                    and can_play_blind(view.space, k.deduced)
                    and (view.lives > self.last_life or all_playable(k.deduced, view.status))):
                return Play(k.card)
        return None

    @staticmethod
    def blind_ok(view: View, slot: int, mask: int) -> bool:
        """Whether the card can be played as the rules allow: a card that may be a joker
        (by what its holder knows for sure, not by a reading) needs its row named, which
        only a card known to be a joker can do."""
        return can_play_blind(view.space, view.own[slot].deduced) and can_play_blind(
            view.space, mask)

    def best_play(self, view: View, masks: list[int], slots: list[int]) -> Action:
        space = view.space
        touched_ids = 0
        for hand in view.hands:
            for c in hand:
                if c.touched:
                    touched_ids |= 1 << c.identity

        def key(slot: int) -> tuple[bool, bool, int]:
            ids = space.members(masks[slot])
            joker = space.joker >= 0 and masks[slot] == 1 << space.joker
            unlocks = any((touched_ids >> (i + 1)) & 1 for i in ids
                          if i != space.joker and space.rank(i) < space.max_rank)
            top = max(space.rank(i) for i in ids)
            return (joker, not unlocks and top != space.max_rank, min(space.rank(i) for i in ids))

        slot = min(slots, key=key)
        card = view.own[slot].card
        if space.joker >= 0 and masks[slot] == 1 << space.joker:
            return Play(card, joker_row(view))
        return Play(card)

    def chop(self, view: View, seat: Seat, cards: list[tuple[int, bool]]) -> int | None:
        """The chop of a hand given as (card, touched) pairs: the oldest card neither
        touched, chop-moved nor called."""
        for slot in range(len(cards) - 1, -1, -1):
            c, touched = cards[slot]
            if not touched and c not in seat.moved and c not in seat.called:
                return slot
        return None

    def discard_slot(self, view: View, seat: Seat, masks: list[int]) -> int | None:
        st = view.status
        for slot, m in enumerate(masks):
            if all_trash(m, st):
                return slot
        chop = self.chop(view, seat, [(k.card, k.touched) for k in view.own])
        if chop is not None and view.own[chop].card not in seat.calls:
            return chop
        if view.coins == 0:  # nothing else is legal but a play: the least useful card
            free = [s for s, k in enumerate(view.own) if k.card not in seat.calls] or [0]
            return min(free, key=lambda s: (self.loss(view, masks[s]), -s))
        return None

    @staticmethod
    def loss(view: View, mask: int) -> float:
        """What discarding a card of `mask` may cost, weighted by the unseen copies:
        a critical card its row's rest, a playable one a little."""
        space, st = view.space, view.status
        total = lost = 0.0
        for i in space.members(mask):
            n = view.unseen[i]
            total += n
            if (st.critical >> i) & 1:
                lost += n * (1 + space.max_rank - space.rank(i))
            elif (st.playable >> i) & 1:
                lost += n * 0.5
        return lost / total if total else 0.0

    def risky(self, view: View, masks: list[int]) -> Action | None:
        """In the final round a likely card is worth a strike (never the last one)."""
        if view.final_turns < 0 or (view.lives < 2 and not view.space.ruleset.gentle_show):
            return None
        best = max(range(len(masks)), key=lambda s: chance_playable(view, masks[s], view.unseen))
        if (can_play_blind(view.space, view.own[best].deduced)
                and chance_playable(view, masks[best], view.unseen) >= self.risk):
            return Play(view.own[best].card)
        return None

    def last_resort(self, view: View, masks: list[int]) -> Action:
        """No clue is possible and no discard allowed: the likeliest card."""
        legal = [s for s in range(len(masks)) if can_play_blind(view.space, view.own[s].deduced)]
        if not legal:
            if view.coins < view.space.ruleset.coins:
                return Discard(view.own[-1].card)
            legal = list(range(len(masks)))
        best = max(legal, key=lambda s: chance_playable(view, masks[s], view.unseen))
        if view.space.joker >= 0 and view.own[best].deduced == 1 << view.space.joker:
            return Play(view.own[best].card, joker_row(view))
        return Play(view.own[best].card)

    # ---- clues -----------------------------------------------------------------------
    def candidates(self, view: View, q: int) -> list[Hint]:
        space = view.space
        found = sorted({h for c in view.hands[q] if c.identity != space.joker
                        for h in space.hints_touching(c.identity)},
                       key=lambda h: (h[0] < 0, h[0], h[1]))
        return [Hint(q, suit=s, rank=r) for s, r in found]

    def maybe_mine(self, view: View, seat: Seat) -> int:
        """Identities one of my touched or called cards may still be: a card of theirs
        with one of them may be a copy of mine, which they see and I do not (they would
        read their card by Good Touch as something else)."""
        out = 0
        st = view.status
        for k in view.own:
            if k.touched or k.card in seat.calls:
                m = k.deduced & ~st.trash
                read = seat.reads.get(k.card)
                if read is not None and m & read:
                    m &= read
                if m.bit_count() <= (1 if view.players == 2 else self.dup_doubt):
                    out |= m
        return out

    def gotten(self, view: View, seat: Seat) -> int:
        """Identities already clued or called in some hand (a second copy is bad touch):
        what I see of the others' touched cards, and my own cards read as one identity."""
        out = 0
        for hand in view.hands:
            for c in hand:
                if c.touched or c.card in seat.called:
                    out |= 1 << c.identity
        for k in view.own:
            read = seat.reads.get(k.card, k.deduced) & k.deduced
            if (k.touched or k.card in seat.calls) and read and read & (read - 1) == 0:
                out |= read
        return out

    def rate(self, sim: Table, seat: Seat, view: View, hint: Hint, gotten: int,
             lenient: bool = False) -> float | None:
        """A clue's value to the team as its receiver will read it; None when the reading
        would mislead (a card read as what it is not, a misplay) or it breaks Good Touch.
        (Remembered for the turn: a turn weighs a clue for a save, a play, a stall.)"""
        memo = seat.memo
        if memo.get("turn") != view.turn:
            memo.clear()
            memo["turn"] = view.turn
        key = (hint, lenient)
        if key not in memo:
            memo[key] = self._rate(sim, seat, view, hint, gotten, lenient)
        value: float | None = memo[key]
        return value

    def _rate(self, sim: Table, seat: Seat, view: View, hint: Hint, gotten: int,
              lenient: bool = False) -> float | None:
        st = view.status
        hand = view.hands[hint.to]
        yes = view.space.clue_mask(hint.suit, hint.rank)
        seen_here = 0
        fresh = bad = 0
        for c in hand:
            if not (yes >> c.identity) & 1:
                continue
            bit = 1 << c.identity
            if not c.touched and c.card not in seat.called:
                if bit & (gotten | seen_here) or (bit & st.trash and not lenient):
                    return None  # Good Touch (a critical save may touch trash)
                if bit & st.trash:
                    bad += 1
                elif self.dup_guard and bit & self.maybe_mine(view, seat):
                    # a card that may copy a clued card of mine, which they see (and
                    # read theirs away): a save takes the risk when nothing else saves
                    if not lenient:
                        return None
                    bad += 1
                fresh += 1
            seen_here |= bit
        r = seat.read(sim, hint)
        if r.truth is None:
            return None
        if any(x.player == seat.me for x in r.connections):
            return None  # it would call a card of mine, which I cannot see
        if not self.plain_blind_plays(view, seat, r.connections):
            return None
        if not self.no_one_misreads(sim, seat, view, hint, r.connections):
            return None
        if not self.receiver_reads_true(sim, seat, view, hint, r.truth, r.focus):
            return None
        truth_bit = 1 << r.truth
        could = 0
        for i in r.could_be:
            could |= 1 << i
        value = 0.0
        if r.meaning == MeaningKind.PLAY:
            if not r.connects or not could & truth_bit:
                return None
            value = (0.0 if self.known_already(view, seat, hand, r.focus) else 1.0) + sum(
                1.0 for x in r.connections
                if x.kind in _PLAY_CALLS and x.card not in seat.reads)
            if value <= 0.0:
                return None  # it tells them nothing they did not know
            if view.space.rank(r.truth) == view.space.max_rank:
                value += 0.3
        elif r.meaning == MeaningKind.SAVE:
            if not could & truth_bit:
                return None
            if r.saved:
                value = 0.8 if truth_bit & st.critical else 0.5
            elif r.connects:
                value = 1.0 + sum(1.0 for x in r.connections if x.kind in _PLAY_CALLS)
            else:
                return None
        elif r.meaning == MeaningKind.STALL:
            value = 0.05
        elif r.meaning == MeaningKind.CHOP_MOVE:
            # the touched 5s and the chop-moved cards are kept: worth what they save
            of = sim.game.identity_of
            value = 0.2 + sum(0.9 for c in r.moved if (st.critical >> of[c]) & 1)
        else:
            return None
        # The other touched cards: none may come to look playable when it is not.
        for c in hand:
            if c.card == r.focus or not (yes >> c.identity) & 1:
                continue
            after = c.hinted & yes & ~st.trash
            read = seat.reads.get(c.card)
            if read is not None and after & read:
                after &= read
            if all_playable(after, st):
                if not (st.playable >> c.identity) & 1:
                    return None
                if not all_playable(c.hinted & ~st.trash, st):
                    value += 1.0  # a second card known playable
            elif not c.touched:
                value += self.critical_touch if (st.critical >> c.identity) & 1 else self.touch_value
        return value + 0.1 * fresh - 0.3 * bad

    def plain_blind_plays(self, view: View, seat: Seat,
                          connections: tuple[Connection, ...]) -> bool:
        """Whether the blind plays a clue asks for are ones its readers find: at most
        `blind_plays` of them, each on its holder's finesse position (their oldest...
        newest card neither touched nor called), from a holder with no call pending.
        A longer or layered finesse is read wrongly often enough to cost more than
        it gains (a misplay, or a card played out of turn)."""
        blind = [x for x in connections if x.kind in (ConnectionKind.FINESSE,
                                                      ConnectionKind.BLUFF)]
        if len(blind) > self.blind_plays:
            return False
        for x in blind:
            hand = view.hands[x.player]
            if any(c.card in seat.called for c in hand):
                return False
            free = [c.card for c in hand if not c.touched and c.card not in seat.moved]
            if not free or free[0] != x.card:
                return False
        return True

    @staticmethod
    def known_already(view: View, seat: Seat, hand: tuple[SeenCard, ...], card: int) -> bool:
        """Whether a card of another hand is already touched and known (by the clues
        and the readings) as one identity or as playable: a clue on it gets nothing."""
        st = view.status
        for c in hand:
            if c.card != card:
                continue
            if not c.touched:
                return False
            m = c.hinted & ~st.trash
            read = seat.reads.get(c.card)
            if read is not None and m & read:
                m &= read
            return m.bit_count() == 1 or all_playable(m, st)
        return False

    def receiver_reads_true(self, sim: Table, seat: Seat, view: View, hint: Hint,
                            truth: int, focus: int) -> bool:
        """Whether the receiver, reading the clue with their own cards face down (and
        mine, which I cannot see), reads the focus as possibly what it is, and would not
        take it to be playable now when it is not."""
        mine = frozenset(k.card for k in view.own)
        hand = view.hands[hint.to]
        r = seat.read(sim, hint, hidden=mine | frozenset(c.card for c in hand))
        could = 0
        for i in r.could_be:
            could |= 1 << i
        if not (could >> truth) & 1:
            return False
        st = view.status
        yes = view.space.clue_mask(hint.suit, hint.rank)
        for c in hand:
            if c.card != r.focus:
                continue
            after = c.hinted & (yes if (yes >> c.identity) & 1 else ~yes)
            if r.meaning in (MeaningKind.PLAY, MeaningKind.SAVE) and after & could:
                after &= could
            if all_playable(after & ~st.trash, st) and not (st.playable >> truth) & 1:
                return False
        return True

    def no_one_misreads(self, sim: Table, seat: Seat, view: View, hint: Hint,
                        meant: tuple[Connection, ...]) -> bool:
        """Whether no third player, reading the clue with their own cards face down, would
        take a card of theirs to be called as what it is not (a prompt or finesse the
        giver did not mean), or find no connection and look for one on their own finesse
        position when the clue means none there (`meant`: the connections I see)."""
        mine = frozenset(k.card for k in view.own)
        for q in view.others():
            if q == hint.to:
                continue
            hand = view.hands[q]
            r = seat.read(sim, hint, hidden=mine | frozenset(c.card for c in hand))
            of = {c.card: c.identity for c in hand}
            if any(x.player == q and of.get(x.card, x.identity) != x.identity
                   for x in r.connections):
                return False
            if (r.meaning == MeaningKind.PLAY and not r.connects
                    and not any(x.player == q for x in meant)):
                return False
        return True

    def best_clue(self, sim: Table, seat: Seat, view: View, floor: float) -> Hint | None:
        gotten = self.gotten(view, seat)
        best: tuple[float, Hint] | None = None
        for n, q in enumerate(view.others()):
            if view.final_turns >= 0 and n > view.final_turns - 2:
                continue  # no turn left to act on it
            for hint in self.candidates(view, q):
                v = self.rate(sim, seat, view, hint, gotten)
                if v is None or v < floor:
                    continue
                v -= 0.05 * n
                if best is None or v > best[0]:
                    best = (v, hint)
        return None if best is None else best[1]

    def save(self, sim: Table, seat: Seat, view: View, players: list[int],
             urgent: bool = True) -> Hint | None:
        """A clue that saves the chop of one of `players` who is about to discard it
        (`urgent`), or who may come to (else)."""
        st = view.status
        space = view.space
        gotten = self.gotten(view, seat)
        for q in players:
            hand = view.hands[q]
            c = self.chop(view, seat, [(k.card, k.touched) for k in hand])
            if c is None or (urgent and self.has_play(view, seat, q)):
                continue
            card = hand[c]
            i = card.identity
            if i == space.joker or (st.trash >> i) & 1:
                continue
            two = space.rank(i) == 2 and not any(
                k.identity == i for p, h in enumerate(view.hands) if p != q for k in h)
            if not ((st.critical >> i) & 1 or two):
                continue
            for lenient in (False, True)[:1 + ((st.critical >> i) & 1)]:
                # Good Touch if it can; else a critical card first
                options: list[tuple[float, Hint]] = []
                for s, r in space.hints_touching(i):
                    hint = Hint(q, suit=s, rank=r)
                    v = self.rate(sim, seat, view, hint, gotten, lenient)
                    if v is None:
                        continue
                    reading = seat.read(sim, hint)
                    if reading.focus == card.card:
                        options.append((v, hint))
                if options:
                    return max(options, key=lambda o: o[0])[1]
        return None

    def has_play(self, view: View, seat: Seat, q: int) -> bool:
        """Whether player q has something to do but discard: a card they know playable
        (by the readings) or a card a finesse or prompt called. (A full clue box would
        make them clue instead, but the clue I give instead of the save empties it.)"""
        st = view.status
        for c in view.hands[q]:
            m = c.hinted & ~view.public_full
            read = seat.reads.get(c.card)
            if read is not None and m & read:
                m &= read
            if c.touched and m & ~st.trash:
                m &= ~st.trash
            if all_playable(m, st):
                return True
        return False

    def any_clue(self, sim: Table, seat: Seat, view: View) -> Hint | None:
        """The least harmful legal clue: none whose reading asks for a play that does
        not connect (a re-touch reads as a Tempo Clue); then the fewest new cards, a
        save or stall reading first."""
        best: tuple[tuple[int, int, int], Hint] | None = None
        for q in view.others():
            for hint in self.candidates(view, q):
                yes = view.space.clue_mask(hint.suit, hint.rank)
                new = sum(1 for c in view.hands[q] if (yes >> c.identity) & 1 and not c.touched)
                r = seat.read(sim, hint)
                misleads = r.meaning == MeaningKind.PLAY and not r.connects
                plain = r.meaning in (MeaningKind.SAVE, MeaningKind.STALL) or new == 0
                key = (int(misleads), int(not plain), new)
                if best is None or key < best[0]:
                    best = (key, hint)
        return None if best is None else best[1]


def parse_player(text: str, seed: int = 0) -> AnyBot:
    """'convention' or 'convention:N' (the convention player at H-Group level N: 1-5 or
    11), 'basic' (the simple convention bot of bots.py), 'careless[:RATE]'; raises
    ValueError saying what was expected."""
    name, _, arg = text.strip().partition(":")
    if name == "convention":
        from ..conventions import LEVELS

        if arg and (not arg.isdigit() or int(arg) not in LEVELS):
            raise ValueError(f"--bot {text}: expected convention:N with N one of "
                             f"{', '.join(map(str, LEVELS))}")
        level = int(arg) if arg else 5
        return ConventionPlayer(level, name=f"convention:{level}" if arg else "convention")
    if name == "basic" and not arg:
        return ConventionBot(name="basic")
    if name == "careless":
        return parse_bot(text, seed)
    raise ValueError(f"--bot {text}: expected convention[:LEVEL], basic or careless[:RATE]")
