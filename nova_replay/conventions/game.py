"""Every turn of a game read by the conventions: the clues (`reading.read_clue`) and the
plays and discards (answering a finesse or prompt, a chop discard, a blind play).

Which games are read: Hanabi without a variant, hanab.live variants whose special
suits H-Group's variant pages read as `variants` does (Rainbow, Black, Pink, White,
Brown, Omni, Prism and their dark forms, ambiguous and dual-colour suits, special ranks
by `special_ranks`...); Nova, whose hands are ordered and hinted as Hanabi's (round-robin
deal, new card on the left, colour and rank hints). Not read: the variants
`variants.facts` names (Extremely Ambiguous, Dual-Color (3 Suits)...), Nova's
grand finale (a sixth rank); a joker is never touched, so it is never a focus, a
prompt or a finesse.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import NamedTuple

from ..knowledge.tiers import TimelineKnowledge
from ..rules.engine import tuple_new
from ..rules.game import Discard, Game, Hint, Play
from ..rules.rulesets import Ruleset
from .chop import chop_slot, order_chop_move
from .finesses import position
from .kinds import ConnectionKind, MeaningKind, MoveKind
from .levels import Conventions
from .ones import play_order, unknown_ones
from .reading import Reading, read_clue
from .sarcastic import sarcastic_discard
from .table import Table
from .variants import NULL_FIVE_PLAY, facts

# What a play or a discard is, by the old names (`kinds.MoveKind` is their one home).
ANSWERS_FINESSE, ANSWERS_PROMPT, PLAYS_CLUED = (MoveKind.ANSWERS_FINESSE, MoveKind.ANSWERS_PROMPT,
                                                MoveKind.PLAYS_CLUED)
ANSWERS_BLUFF = MoveKind.ANSWERS_BLUFF
BLIND_PLAY, CHOP_DISCARD, OFF_CHOP_DISCARD = (MoveKind.BLIND_PLAY, MoveKind.CHOP_DISCARD,
                                              MoveKind.OFF_CHOP_DISCARD)
CLUED_DISCARD = MoveKind.CLUED_DISCARD
ORDER_CHOP_MOVE, SARCASTIC_DISCARD = MoveKind.ORDER_CHOP_MOVE, MoveKind.SARCASTIC_DISCARD


_NONE: frozenset[int] = frozenset()


class MoveReading(NamedTuple):
    """What a play or a discard is by the conventions (its words made when asked)."""

    conventions: Conventions
    game: Game
    move: MoveKind
    card: int
    player: int
    slot: int  # 0-based
    called_at: int | None  # the turn of the clue that called the card (a finesse, prompt)
    how: str  # the call's name ("finesse", "prompt", ...); for an off-chop discard, the chop
    # slot (1-based) as text
    # For a play of one of several clued 1s (level 3): the slot (0-based) their play order
    # expected, else None.
    expected: int | None = None
    # The player an Order Chop Move chop-moves a card of, or a Sarcastic Discard tells;
    # their cards it names (the chop-moved card; the clued cards that may be the discarded
    # card's copy) and those cards' slots (0-based).
    other: int | None = None
    cards: tuple[int, ...] = ()
    other_slots: tuple[int, ...] = ()

    @property
    def text(self) -> str:
        name, shown = self.game.players[self.player], self.game.card_text(self.card)
        slot = self.slot + 1
        if self.move in (ANSWERS_FINESSE, ANSWERS_PROMPT, ANSWERS_BLUFF):
            return f"{name} answers the {self.how} of turn {self.called_at}: {shown} from slot {slot}"
        one = "ace" if self.game.ruleset.rank_text(1) == "A" else "1"  # Nova says aces
        if self.move == PLAYS_CLUED and self.expected is not None:
            if self.expected == self.slot:
                return (f"{name} plays the clued {shown} from slot {slot}, the {one} their "
                        f"clued {one}s' play order puts first")
            return (f"{name} plays the clued {shown} from slot {slot}, out of their clued "
                    f"{one}s' play order (slot {self.expected + 1} first)")
        if self.move == PLAYS_CLUED:
            return f"{name} plays the clued {shown} from slot {slot}"
        if self.move == ORDER_CHOP_MOVE:
            other = self.game.players[self.other or 0]
            return (f"{name} plays the clued {shown} from slot {slot} before slot "
                    f"{(self.expected or 0) + 1}, which their clued {one}s' play order puts "
                    f"first: an Order Chop Move of {other}'s slot {self.other_slots[0] + 1}")
        if self.move == SARCASTIC_DISCARD:
            other = self.game.players[self.other or 0]
            where = " or ".join(str(s + 1) for s in self.other_slots)
            return (f"{name} discards the clued {shown} from slot {slot}: a Sarcastic "
                    f"Discard, {other} holds the other {shown} (clued slot {where})")
        if self.move == BLIND_PLAY:
            return (f"{name} plays {shown} from slot {slot} blind, called by no clue the "
                    f"conventions read: a gamble")
        if self.move == CLUED_DISCARD:
            return f"{name} discards the clued {shown} from slot {slot}"
        if self.move == CHOP_DISCARD:
            return f"{name} discards {shown} from the chop (slot {slot})"
        return f"{name} discards {shown} from slot {slot}, not the chop (slot {self.how})"


class GameReading(NamedTuple):
    """Per turn (index 0 the deal, always None): the clue's Reading or the move's
    MoveReading; `not_read` says why a game is not read at all ('' when it is)."""

    conventions: Conventions
    turns: tuple[Reading | MoveReading | None, ...]
    not_read: str
    # Per turn (index 0 the deal): the chop-moved cards (level 4) still held after it,
    # the one record `chop.chop_at` reads; empty when the game is not read.
    moved: tuple[frozenset[int], ...] = ()


def chop_moved(r: Reading | MoveReading | None) -> tuple[int, ...]:
    """The cards a turn's reading chop-moves (level 4): a trash or 5's chop move's, or
    an Order Chop Move's. A chop-moved card stays so until it leaves its holder's hand."""
    if isinstance(r, Reading):
        return r.moved
    if isinstance(r, MoveReading) and r.move == ORDER_CHOP_MOVE:
        return r.cards
    return ()


def not_read(ruleset: Ruleset) -> str:
    """Why the conventions do not read games of `ruleset` ('' when they do)."""
    if ruleset.grand_finale:
        return "no convention reading for this variant (Nova's grand finale: a sixth rank)"
    return facts(ruleset).not_read  # special suits: the variants module's gate


def read_game(tk: TimelineKnowledge, conventions: Conventions) -> GameReading:
    """The reading of every turn of the game `tk` knows."""
    tl = tk.timeline
    game = tl.game
    why = not_read(game.ruleset)
    if why:
        return GameReading(conventions, (None,) * (tl.turns + 1), why)
    states = tl.states
    n = len(game.players)
    out: list[Reading | MoveReading | None] = [None]
    called: dict[int, tuple[int, str]] = {}  # card -> (turn of the clue, connection name)
    partners: dict[int, tuple[int, ...]] = {}  # an ambiguous finesse's copies (level 5)
    own: dict[int, int] = {}  # a finessed card <-> its copy on the target's finesse position
    waiting: set[int] = set()  # those copies: called only if the other is not played
    urgency = conventions.knows("self-finesse")
    read_as: dict[int, int] = {}  # card -> the identities a reading narrowed it to
    moved: set[int] = set()  # chop-moved cards (level 4)
    clues: dict[int, int] = {}  # card -> how many clues touched it (the Order Chop Move)
    chop_ones: set[int] = set()  # 1s a 1 clue focused on the chop (Playing Multiple 1s)
    stopped: set[int] = set()  # 1s a 1 clue telling nothing new fixed (level 3)
    starting = frozenset(c for hand in states[0].hands for c in hand)
    early = True
    # Asked at every turn: looked up once.
    fix, ones, sarcastic = (conventions.knows("fix clue"), conventions.knows("playing multiple 1s"),
                            conventions.knows("sarcastic discard"))
    all_hinted, all_touched, statuses = tk.hinted, tk.touched, tk.statuses
    of = game.identity_of
    held: list[frozenset[int]] = []  # `moved` after each turn (a new set only on a change)
    for t, action in enumerate(tl.actions, start=1):
        held.append(held[-1] if held and moved == held[-1] else frozenset(moved))
        p = (t - 1) % n
        before = states[t - 1]
        if type(action) is Hint:
            hinted: Sequence[int] = all_hinted[t - 1]
            was_touched = all_touched[t - 1]
            misread = _NONE
            if read_as:  # what earlier clues' readings narrowed their focus cards to
                hinted = list(hinted)
                wrong = []
                for c, mask in read_as.items():  # (one the clues since contradict is dropped)
                    narrowed = hinted[c] & mask
                    if narrowed:
                        hinted[c] = narrowed
                        if not (narrowed >> of[c]) & 1:
                            wrong.append(c)  # read as another card than it is
                if wrong:
                    misread = frozenset(wrong)
            # (a named tuple made per clue: its fields in order, without keywords)
            table = tuple_new(Table, (
                game, before, statuses[t - 1], hinted, was_touched, _NONE, early,
                all_hinted[t - 1], held[-1],
                frozenset([c for c, (_, how) in called.items()
                           if how != "prompt" and c not in waiting])
                if called else _NONE, misread))
            hand = before.hands[action.to]
            touched = game.touched(action, hand)  # the one touch rule
            slots = tuple([s for s, c in enumerate(hand) if c in touched])
            if not slots:  # an empty clue (hanab.live's Empty Clues option; a colour-blind
                out.append(None)  # clue): no card to focus, no convention reads it
                continue
            reading = read_clue(table, conventions, p, action, slots)
            for x in reading.connections:
                if x.kind in (ConnectionKind.FINESSE, ConnectionKind.PROMPT, ConnectionKind.BLUFF):
                    called[x.card] = (t, x.name)
                read_as[x.card] = 1 << x.identity
                for c in (*x.layers, *x.others):  # level 5: played first, or instead
                    if not was_touched[c]:  # (a hidden finesse's clued card is clued)
                        called[c] = (t, x.name)
                if x.others:
                    group = (x.card, *x.others)
                    for c in group:
                        partners[c] = group
            if reading.connections and urgency:
                for a, b in _own_copies(table, conventions, reading, touched):
                    called[b] = (t, "self-finesse")
                    own[a], own[b] = b, a
                    waiting.add(b)
            if reading.meaning in (MeaningKind.PLAY, MeaningKind.SAVE):
                narrowed = 0
                for i in reading.could_be:
                    narrowed |= 1 << i
                narrowed &= all_hinted[t][reading.focus]
                if narrowed:
                    read_as[reading.focus] = narrowed
            if reading.moved:
                moved.update(reading.moved)
            for c in touched:
                clues[c] = clues.get(c, 0) + 1
            if action.rank == 1:
                if reading.why == "chop":
                    chop_ones.add(reading.focus)
                if fix:
                    stopped.update(_stop(tk, t, action.to, touched, chop_ones, starting,
                                         stopped))
            out.append(reading)
            continue
        card = action[0]
        mine = read_as.pop(card, -1)  # the card leaves the hands
        m = _move(conventions, tk, t, p, card, type(action) is Play, called, moved)
        if m.move == PLAYS_CLUED and ones:
            m = _ones(m, tk, t, clues, chop_ones, starting, moved, stopped)
        elif m.move == CLUED_DISCARD and sarcastic:
            m = _sarcastic(m, tk, t, mine, read_as)
        out.append(m)
        if own:
            other = own.pop(card, -1)
            if other >= 0:  # the finesse and its copy on the target's finesse position
                own.pop(other, None)
                waiting.discard(card)
                waiting.discard(other)
                if type(action) is Play:  # one copy played answers it: the other is free
                    called.pop(other, None)
                    read_as.pop(other, None)
        if partners:
            for c in partners.pop(card, ()):  # one copy of an ambiguous finesse answers it
                called.pop(c, None)
                partners.pop(c, None)
                read_as.pop(c, None)
        moved.discard(card)
        if type(action) is Discard:
            early = False
    held.append(held[-1] if held and moved == held[-1] else frozenset(moved))
    return GameReading(conventions, tuple(out), "", tuple(held))


def _own_copies(table: Table, conventions: Conventions, reading: Reading,
                touched: Collection[int]) -> list[tuple[int, int]]:
    """The finessed cards of `reading` held by another player than its target whose
    identity the target also holds on their own finesse position, each with that copy.
    The target waits for the finesse on the other player first (a Self-Finesse is read
    only when nothing else fits); if that player does not blind-play, the finesse is on
    the target (H-Group level 5, the Urgency Principle: "if you see that a player does
    not blind-play into the Finesse, then you know that the Finesse must be on you")."""
    out: list[tuple[int, int]] = []
    used: set[int] | None = None
    for x in reading.connections:
        if x.kind != ConnectionKind.FINESSE or x.player == reading.target or x.layers:
            continue
        if used is None:  # (the target's cards this clue touched or called are no position)
            used = {*touched, *(y.card for y in reading.connections)}
        card = position(table, conventions, reading.target, used)[1]
        if card >= 0 and table.identity(card) == x.identity:
            out.append((x.card, card))
            used.add(card)
    return out


def _move(conventions: Conventions, tk: TimelineKnowledge, t: int, p: int, card: int,
          play: bool, called: dict[int, tuple[int, str]], moved: set[int]) -> MoveReading:
    game = tk.timeline.game
    touched: Sequence[bool] = tk.touched[t - 1]
    hand = tk.timeline.states[t - 1].hands[p]
    slot = hand.index(card)
    turn: int | None = None
    how = ""
    if play:
        if card in called:
            turn, how = called.pop(card)
            kind = {"prompt": ANSWERS_PROMPT, "bluff": ANSWERS_BLUFF,
                    NULL_FIVE_PLAY: ANSWERS_BLUFF}.get(how, ANSWERS_FINESSE)
        elif touched[card] or tk.known_playable(t - 1, p)[slot]:
            kind = PLAYS_CLUED
        else:
            kind = BLIND_PLAY
    else:
        called.pop(card, None)
        if touched[card]:
            kind = CLUED_DISCARD
        else:
            chop = chop_slot([touched[c] or c in moved for c in hand] if moved
                             else [touched[c] for c in hand])
            if chop == slot:
                kind = CHOP_DISCARD
            else:
                kind, how = OFF_CHOP_DISCARD, str((chop or 0) + 1)
    # (a named tuple made per move: its fields in order, without keywords)
    return tuple_new(MoveReading, (conventions, game, kind, card, p, slot, turn, how, None,
                                   None, (), ()))


def _order(tk: TimelineKnowledge, t: int, player: int, chop_ones: set[int],
           starting: frozenset[int], stopped: set[int]) -> tuple[list[int], int]:
    """The play order of `player`'s clued 1s before turn `t` (`ones.play_order`; those a
    fix clue stopped left out), and how many clued 1s they hold (those counted)."""
    hand = tk.timeline.states[t - 1].hands[player]
    ones = unknown_ones(tk.timeline.game.space, hand, tk.touched[t - 1], tk.hinted[t - 1],
                        tk.statuses[t - 1].trash)
    good = [c for c in ones if c not in stopped]
    return play_order(hand, good, chop_ones, starting), len(ones)


def _stop(tk: TimelineKnowledge, t: int, target: int, touched: Sequence[int],
          chop_ones: set[int], starting: frozenset[int], stopped: set[int]) -> list[int]:
    """A 1 clue that only re-touches 1s about to be played, telling nothing new, is a
    Fix Clue on the first of them (H-Group level 3, "The Fix Clue (That Gives No
    Additional Information)"): that 1 is bad and leaves the play order."""
    was, before, after = tk.touched[t - 1], tk.hinted[t - 1], tk.hinted[t]
    if not touched or any(not was[c] or before[c] != after[c] for c in touched):
        return []
    order = _order(tk, t, target, chop_ones, starting, stopped)[0]
    return order[:1] if order and all(c in order for c in touched) else []


def _ones(m: MoveReading, tk: TimelineKnowledge, t: int, clues: dict[int, int],
          chop_ones: set[int], starting: frozenset[int], moved: set[int],
          stopped: set[int]) -> MoveReading:
    """A play of one of several clued 1s: the slot their play order expected, and at
    level 4 an Order Chop Move when it skipped some (the moved card joins `moved`)."""
    told = tk.hinted[t - 1][m.card]
    if told & ~m.game.space.rank_mask[1] or not told & (told - 1):
        return m  # not a 1 whose suit its holder did not know
    hands = tk.timeline.states[t - 1].hands
    hand = hands[m.player]
    order, held = _order(tk, t, m.player, chop_ones, starting, stopped)
    if held < 2 or m.card not in order:
        return m
    m = m._replace(expected=hand.index(order[0]))
    if order[0] == m.card or not m.conventions.knows("order chop move"):
        return m
    ocm = order_chop_move(order, m.card, clues, m.player, hands, tk.touched[t - 1], moved)
    if ocm is None:
        return m
    to, card = ocm
    moved.add(card)
    return m._replace(move=ORDER_CHOP_MOVE, other=to, cards=(card,),
                      other_slots=(hands[to].index(card),))


def _sarcastic(m: MoveReading, tk: TimelineKnowledge, t: int, mine: int,
               read_as: dict[int, int]) -> MoveReading:
    """A discard of a clued card known to duplicate a teammate's clued card: a Sarcastic
    Discard; when one clued card of theirs may be it, that card is read as it."""
    hands = tk.timeline.states[t - 1].hands
    told = tk.hinted[t - 1]
    # (a reading the clues since contradict is dropped)
    sd = sarcastic_discard(m.game, hands, tk.touched[t - 1], told,
                           told[m.card] & mine or told[m.card],
                           tk.statuses[t - 1].trash, m.player, m.card)
    if sd is None:
        return m
    to, cards = sd
    if len(cards) == 1:
        read_as[cards[0]] = 1 << m.game.identity_of[m.card]
    return m._replace(move=SARCASTIC_DISCARD, other=to, cards=cards,
                      other_slots=tuple(hands[to].index(c) for c in cards))
