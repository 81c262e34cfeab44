"""Bots that play Nova and Hanabi through the engine, seeing only what a player may see.

A bot gets a `View` and returns an engine action. The view is built by the simulator
and holds only legal information: the other hands' actual cards, the table, and the
bot's own hand as knowledge masks (`CardKnowledge`); its deck indices are opaque slot
names. Nothing in a view refers to the game or its deck, so a bot cannot look its
own cards up.

The team's convention (every bot follows it, and every bot can read it):
- Good touch: a hint never touches trash or a copy of a card already hinted, so a
  touched card is assumed not to be trash.
- Focus: a hint's focus is the receiver's chop (oldest untouched card) if the hint
  touches it, else the leftmost newly touched card. A hint that touches no new card
  has no focus: it fills in what the receiver knows of touched cards.
- Promise: when the hint is given, the focus is promised to be one of its plausible
  identities (hinted, not trash) that is playable at that moment; a chop focus may
  also be a save, so its promise also allows the critical identities. The promise
  is public (`promise_of`); the receiver plays the card once its knowledge within the
  promise is all playable. A giver never gives a hint whose promise would be false.
- Discards come from the chop; a card known to be critical is never discarded.
  When the pace (discards the team can still afford) is 0 or less, any honest hint
  beats a discard.
- In the final round, a hint goes only to a player who still has a turn.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import NamedTuple, Protocol

from ..knowledge.status import Status, all_playable, all_trash, pace_of
from ..knowledge.tiers import CardKnowledge, chop_slot
from ..rules.engine import clue_kind_allowed
from ..rules.game import Action, Discard, Hint, Play
from ..rules.identities import IdentitySpace, next_identity


class SeenCard(NamedTuple):
    """A card in another player's hand: what it is, and what everybody knows of it."""

    card: int  # deck index
    identity: int
    hinted: int  # the holder's hint knowledge (public: everybody heard the hints)
    touched: bool
    promise: int  # the convention's promise (0: none)


@dataclass(frozen=True)
class View:
    """What player `me` may know when it is their turn."""

    me: int
    players: int
    turn: int
    space: IdentitySpace  # the ruleset's identities (and, through it, the ruleset)
    rows: tuple[int, ...]
    coins: int  # whole clues the team can give (Clue Starved's half clues rounded down)
    lives: int
    draw_pile: int
    final_turns: int  # -1 until the draw pile runs out
    discards: tuple[int, ...]  # identities, in order
    status: Status
    public_full: int  # identities whose every copy is on the rows or discarded
    own: tuple[CardKnowledge, ...]  # my hand, slot 1 (newest) first: knowledge only
    own_promise: tuple[int, ...]  # per own slot
    hands: tuple[tuple[SeenCard, ...], ...]  # per player; my own entry is empty
    unseen: tuple[int, ...]  # identity -> copies I cannot see (draw pile or my own hand)
    nonce: int = 0  # a per-game number for bots that draw random numbers
    last_clue: int = -1  # the last clue's kind in Alternating Clues (State.last_clue)

    def may_clue(self, colour: bool) -> bool:
        """Whether a colour (else rank) clue may be given now (`clue_kind_allowed`)."""
        return clue_kind_allowed(self.space.ruleset, self.last_clue, colour)

    @property
    def played(self) -> int:
        """Identities already on the rows."""
        m = self.space.max_rank
        return sum(((1 << h) - 1) << (s * m) for s, h in enumerate(self.rows))

    def others(self) -> list[int]:
        """The other players in turn order, the next one first."""
        return [(self.me + k) % self.players for k in range(1, self.players)]


class Bot(Protocol):
    @property
    def name(self) -> str: ...

    def decide(self, view: View) -> Action: ...


def promise_of(st: Status, hinted_after: int, chop_focus: bool) -> int:
    """What the convention promises a hint's focus is (0: nothing promised)."""
    plausible = hinted_after & ~st.trash
    promise = plausible & (st.playable | st.critical if chop_focus else st.playable)
    if chop_focus and not plausible & st.playable:
        return 0  # a pure save: nothing to play
    return promise


def full_coins(view: View) -> int:
    """The most coins there can be, in the whole clues `View.coins` counts."""
    rules = view.space.ruleset
    return rules.coins // rules.hint_cost


def hint_effect(space: IdentitySpace, hand: tuple[SeenCard, ...], hint: Hint
                ) -> tuple[list[bool], list[int]]:
    """Which cards of `hand` a hint touches, and each card's hint mask after it."""
    hit = space.clue_mask(hint.suit, hint.rank)
    yes, no = space.taught(hint.suit, hint.rank)  # the clue's value may be unheard (Duck)
    match = [(hit >> c.identity) & 1 == 1 for c in hand]
    return match, [c.hinted & (yes if m else ~no) for c, m in zip(hand, match, strict=True)]


def hint_focus(hand: tuple[SeenCard, ...], match: list[bool]) -> tuple[int, bool]:
    """The focus slot of a hint and whether it is the chop (-1 if nothing new)."""
    c = chop_slot([k.touched for k in hand])
    if c is not None and match[c]:
        return c, True
    for slot, k in enumerate(hand):
        if match[slot] and not k.touched:
            return slot, False
    return -1, False


def effective(k_mask: int, touched: bool, promise: int, played: int) -> int:
    """A card's possibilities once the convention is read into them. Good touch rules
    out what was played: a touched card may still have become unreachable since."""
    if promise and k_mask & promise:
        return k_mask & promise
    if touched and k_mask & ~played:
        return k_mask & ~played
    return k_mask


def can_play_blind(space: IdentitySpace, mask: int) -> bool:
    """Playing is legal without knowing the card unless it may be a joker (which
    needs a row) while it may also be something else."""
    return space.joker < 0 or not (mask >> space.joker) & 1 or mask == 1 << space.joker


def joker_row(view: View) -> int:
    """Where a joker does most good: a row whose next card is lost for good, else the
    row whose next card is rarest, the highest such row first."""
    st, m = view.status, view.space.max_rank
    best, key = -1, (9, 9, 9)
    for s, h in enumerate(view.rows):
        if h >= m:
            continue
        nxt = next_identity(s, h, m)
        left = view.space.copies[nxt] - st.lost[nxt]
        k = (0 if left <= 0 else 1, left, -h)
        if k < key:
            best, key = s, k
    return best


def play(view: View, slot: int, mask: int) -> Play:
    card = view.own[slot].card
    if view.space.joker >= 0 and mask == 1 << view.space.joker:
        return Play(card, joker_row(view))
    return Play(card)


def acts_again(view: View, n: int) -> bool:
    """Whether `view.others()[n]` has a turn left."""
    return view.final_turns < 0 or n <= view.final_turns - 2


def chance_playable(view: View, mask: int, unseen: tuple[int, ...]) -> float:
    total = good = 0
    i = 0
    while mask:
        if mask & 1:
            total += unseen[i]
            if (view.status.playable >> i) & 1:
                good += unseen[i]
        mask >>= 1
        i += 1
    return good / total if total else 0.0


class HintOption(NamedTuple):
    value: float
    hint: Hint


@dataclass(frozen=True)
class ConventionBot:
    """A careful intermediate team-mate: plays what it knows, gives play hints that
    make cards playable (good touch), saves critical cards on the next players'
    chops, discards from its chop."""

    name: str = field(default="convention")
    hold_coins: int = 1  # with this many coins, a hint that only prepares beats a discard
    hint_floor: float = 1.0
    own_doubt: int = 1  # my touched card may be any of this few: avoid their copies
    risk: float = 0.25  # in the final round, play a card this likely to fit
    stall_pace: int = 0  # at this pace or lower, any honest hint beats a discard

    # ---- reading my own hand -------------------------------------------------
    def my_masks(self, view: View) -> list[int]:
        return [effective(k.deduced, k.touched, p, view.played)
                for k, p in zip(view.own, view.own_promise, strict=True)]

    def playable_slots(self, view: View) -> list[int]:
        st, space = view.status, view.space
        return [s for s, mask in enumerate(self.my_masks(view))
                if all_playable(mask, st) and can_play_blind(space, mask)]

    def best_play(self, view: View, slots: list[int]) -> Play:
        space, masks = view.space, self.my_masks(view)
        touched_elsewhere = 0
        for hand in view.hands:
            for c in hand:
                if c.touched:
                    touched_elsewhere |= 1 << c.identity

        def key(slot: int) -> tuple[int, int, int]:
            ids = [i for i in range(len(space.copies)) if (masks[slot] >> i) & 1]
            top = max(space.rank(i) for i in ids)
            unlocks = any((touched_elsewhere >> (i + 1)) & 1 for i in ids
                          if i != space.joker and space.rank(i) < space.max_rank)
            joker = masks[slot] == 1 << space.joker if space.joker >= 0 else False
            return (joker, not unlocks and top != space.max_rank, min(space.rank(i) for i in ids))

        slot = min(slots, key=key)
        return play(view, slot, masks[slot])

    # ---- hints -----------------------------------------------------------------
    def candidate_hints(self, view: View, q: int) -> list[Hint]:
        space, hand = view.space, view.hands[q]
        found = sorted({h for c in hand if c.identity != space.joker
                        for h in space.hints_touching(c.identity)},
                       key=lambda h: (h[0] < 0, h[0], h[1]))  # colours first, then ranks
        return [Hint(q, suit=s, rank=r) for s, r in found if view.may_clue(s >= 0)]

    def hinted_identities(self, view: View, skip: int) -> int:
        """Identities already touched in some hand other than player `skip`'s."""
        out = 0
        for p, hand in enumerate(view.hands):
            if p != skip:
                for c in hand:
                    if c.touched:
                        out |= 1 << c.identity
        for k, pr in zip(view.own, view.own_promise, strict=True):
            mask = effective(k.deduced, k.touched, pr, view.played)
            if k.touched and mask.bit_count() <= self.own_doubt:
                out |= mask  # it may be any of these: do not touch a second copy
        return out

    def rate_hint(self, view: View, hint: Hint) -> float | None:
        """The value of a hint, or None if it breaks the convention (touches trash
        or a duplicate, or would make the receiver play a card that does not fit)."""
        space, st = view.space, view.status
        hand = view.hands[hint.to]
        match, after = hint_effect(space, hand, hint)
        focus, at_chop = hint_focus(hand, match)  # focus -1: a fill-in, it promises nothing
        elsewhere = self.hinted_identities(view, hint.to)
        seen_here = 0  # identities touched in this hand, before or by this hint
        for c in hand:
            if c.touched:
                seen_here |= 1 << c.identity
        value = 0.0
        for slot, c in enumerate(hand):
            bit = 1 << c.identity
            touched = c.touched or match[slot]
            if match[slot] and not c.touched:
                if bit & (st.trash | elsewhere | seen_here):
                    return None  # good touch
                seen_here |= bit
            promise = c.promise
            if slot == focus:
                promise = promise_of(st, after[slot], at_chop)
                if promise and not bit & promise:
                    return None  # a false promise
            before = effective(c.hinted & ~view.public_full, c.touched, c.promise, view.played)
            now = effective(after[slot] & ~view.public_full, touched, promise, view.played)
            will_play = all_playable(now, st)
            if will_play and not bit & st.playable:
                return None  # they would misfire
            if will_play and not all_playable(before, st):
                value += 3.0 + (1.0 if space.rank(c.identity) == space.max_rank else 0.0)
            elif match[slot] and not c.touched:
                value += 1.0 if bit & st.critical else 0.4
        return value

    def play_hint(self, view: View, floor: float = 3.0) -> HintOption | None:
        best: HintOption | None = None
        for n, q in enumerate(view.others()):
            if not acts_again(view, n):
                continue
            for hint in self.candidate_hints(view, q):
                v = self.rate_hint(view, hint)
                if v is None or v < floor:
                    continue
                v -= 0.1 * n
                if best is None or v > best.value:
                    best = HintOption(v, hint)
        return best

    def will_discard(self, view: View, q: int) -> bool:
        """Whether player q has nothing known to play (so may discard next)."""
        st = view.status
        for c in view.hands[q]:
            mask = effective(c.hinted & ~view.public_full, c.touched, c.promise, view.played)
            if all_playable(mask, st):
                return False
        return view.coins < full_coins(view)

    def save_hint(self, view: View, players: list[int]) -> Hint | None:
        """A hint that saves a critical card on the chop of one of `players`."""
        st, space = view.status, view.space
        for q in players:
            hand = view.hands[q]
            c = chop_slot([k.touched for k in hand])
            if c is None or not self.will_discard(view, q):
                continue
            ident = hand[c].identity
            if ident == space.joker or not (st.critical >> ident) & 1:
                continue
            ways = [(s, r) for s, r in space.hints_touching(ident) if view.may_clue(s >= 0)]
            for hint in [Hint(q, suit=s, rank=r) for s, r in ways if s < 0] + [
                    Hint(q, suit=s, rank=r) for s, r in ways if s >= 0]:
                if self.rate_hint(view, hint) is not None:
                    return hint
        return None

    def any_hint(self, view: View) -> Hint | None:
        """The least harmful legal hint (for when coins are full): a good one, else one
        that touches no new card (it promises nothing), else any."""
        best: tuple[float, Hint] | None = None
        for q in view.others():
            hand = view.hands[q]
            for hint in self.candidate_hints(view, q):
                v = self.rate_hint(view, hint)
                match, _ = hint_effect(view.space, hand, hint)
                fresh = any(m and not c.touched for m, c in zip(match, hand, strict=True))
                score = (-10.0 if fresh else -5.0) if v is None else v
                if best is None or score > best[0]:
                    best = (score, hint)
        return None if best is None else best[1]

    # ---- discards ----------------------------------------------------------------
    def discard_slot(self, view: View) -> int:
        st = view.status
        masks = self.my_masks(view)
        for slot, mask in enumerate(masks):
            if all_trash(mask, st):
                return slot
        c = chop_slot([k.touched or bool(p) for k, p in zip(view.own, view.own_promise, strict=True)])
        if c is not None and not (view.own[c].deduced & ~st.critical == 0):
            return c

        def risk(slot: int) -> float:
            mask = masks[slot] or 1
            return (mask & st.critical).bit_count() / mask.bit_count()

        return min(range(len(masks)), key=lambda s: (risk(s), -s))

    # ---- the turn ------------------------------------------------------------------
    def decide(self, view: View) -> Action:
        st = view.status
        next_player = view.others()[0]
        if view.coins > 0:
            save = self.save_hint(view, [next_player])
            if save is not None:
                return save
        slots = self.playable_slots(view)
        if slots:
            return self.best_play(view, slots)
        if view.coins > 0:
            option = self.play_hint(view)
            if option is not None:
                return option.hint
            save = self.save_hint(view, view.others()[1:])
            if save is not None:
                return save
        risky = self.risky_play(view)
        if risky is not None:
            return risky
        if view.coins >= self.hold_coins:
            option = self.play_hint(view, self.hint_floor)
            if option is not None:
                return option.hint
        pace = pace_of(sum(view.rows), view.draw_pile, view.players, view.status.reach_total)
        if view.coins > 0 and pace <= self.stall_pace:
            option = self.play_hint(view, 0.0)  # a discard now costs a point: stall
            if option is not None:
                return option.hint
        if view.coins < full_coins(view):
            slot = self.discard_slot(view)
            if not (view.own[slot].deduced & ~st.critical == 0) or view.coins == 0:
                return Discard(view.own[slot].card)
        hint = self.any_hint(view) if view.coins > 0 else None
        if hint is not None:
            return hint
        return self.last_resort(view)

    def risky_play(self, view: View) -> Action | None:
        """In the final round a likely card is worth a life (never the last one,
        unless the show is gentle)."""
        if view.final_turns < 0 or (view.lives < 2 and not view.space.ruleset.gentle_show):
            return None
        unseen = view.unseen
        masks = self.my_masks(view)
        best = max(range(len(masks)), key=lambda s: chance_playable(view, masks[s], unseen))
        if (can_play_blind(view.space, masks[best])
                and chance_playable(view, masks[best], unseen) >= self.risk):
            return play(view, best, masks[best])
        return None

    def last_resort(self, view: View) -> Action:
        """No hint is possible and no discard allowed: play the likeliest card."""
        unseen = view.unseen
        masks = self.my_masks(view)
        legal = [s for s in range(len(masks)) if can_play_blind(view.space, masks[s])]
        if not legal:  # every card may be a joker or not: discard if allowed
            if view.coins < full_coins(view):
                return Discard(view.own[-1].card)
            legal = list(range(len(masks)))
        best = max(legal, key=lambda s: chance_playable(view, masks[s], unseen))
        return play(view, best, masks[best])


@dataclass(frozen=True)
class CarelessBot:
    """A beginner: plays like the convention bot, but on a share `error_rate` of its
    turns makes a typical mistake: a hint that says nothing new (or touches trash),
    discarding a hinted (maybe critical) card, or a risky play."""

    error_rate: float = 0.3
    seed: int = 0
    name: str = field(default="careless")

    def decide(self, view: View) -> Action:
        rng = random.Random(self.seed * 1_000_003 + view.nonce * 7_919 + view.turn)
        careful = ConventionBot().decide(view)
        if rng.random() >= self.error_rate:
            return careful
        errors = [self.wasted_hint, self.careless_discard, self.risky_play]
        rng.shuffle(errors)
        for error in errors:
            action = error(view, rng)
            if action is not None:
                return action
        return careful

    def wasted_hint(self, view: View, rng: random.Random) -> Action | None:
        if view.coins == 0:
            return None
        space, st = view.space, view.status
        options = []
        for q in view.others():
            hand = view.hands[q]
            for hint in ConventionBot().candidate_hints(view, q):
                match, after = hint_effect(space, hand, hint)
                same = all(a == c.hinted for a, c in zip(after, hand, strict=True))
                trash = all((st.trash >> c.identity) & 1 for c, m in zip(hand, match, strict=True)
                            if m)
                if same or trash:
                    options.append(hint)
        return rng.choice(options) if options else None

    def careless_discard(self, view: View, rng: random.Random) -> Action | None:
        if view.coins >= full_coins(view):
            return None
        touched = [k.card for k in view.own if k.touched]
        return Discard(rng.choice(touched or [k.card for k in view.own]))

    def risky_play(self, view: View, rng: random.Random) -> Action | None:
        space = view.space
        slots = [s for s, k in enumerate(view.own)
                 if can_play_blind(space, k.deduced) and k.deduced & view.status.playable]
        if not slots:
            return None
        touched = [s for s in slots if view.own[s].touched]
        slot = rng.choice(touched or slots)
        return play(view, slot, view.own[slot].deduced)


def parse_bot(text: str, seed: int = 0) -> Bot:
    """'convention', 'careless' or 'careless:0.4' -> a bot; raises ValueError."""
    name, _, rate = text.strip().partition(":")
    if name == "convention" and not rate:
        return ConventionBot()
    if name == "careless":
        try:
            value = float(rate) if rate else 0.3
        except ValueError:
            value = -1.0
        if not 0.0 <= value <= 1.0:
            raise ValueError(f"--bot {text}: expected an error rate from 0 to 1, as in careless:0.3")
        return CarelessBot(value, seed, name=f"careless:{value:g}")
    raise ValueError(f"--bot {text}: expected convention, careless or careless:RATE")
