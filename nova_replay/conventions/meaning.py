"""The meaning of a clue (H-Group, "The Two Types of Clues", the save pages, "Play
Clues", level 2's 5 Stall, level 3's Fix Clue): what the target is to do with the
focused card, and what it could be.

- A clue on the chop may be a save: a 5 by number (5 Save), a 2 by number that no
  other hand shows (2 Save), a critical card not a 5 by colour, or any critical card
  by number (Critical Save). When a save reading holds, the meaning is `save` (with
  the play readings among `could_be`: the docs' "play or save").
- Otherwise a clue is a play clue on its focus: it could be any identity the clue
  allows that is playable now or once the cards it calls are played (delayed play
  clue, prompt, finesse), minus trash and cards already gotten (Good Touch).
- Level 2: a 5 clue off the chop in the Early Game (or with every clue token in the
  box, when no one may discard) is a 5 Stall.
- A clue that touches no new card is a tempo clue (`play`, when it makes a touched
  card known playable) or, from level 3, a fix clue (it tells a touched card is not
  what it was read as: now known trash or not playable).
"""

from __future__ import annotations

from typing import NamedTuple

from ..knowledge.status import all_playable, all_trash
from .connections import connectable
from .focus import Focus
from .good_touch import good_left, gotten, known_trash
from .kinds import MeaningKind
from .levels import Conventions
from .special_ranks import RED_FIX
from .table import Table
from .variants import (
    AMBIGUOUS_TEMPO,
    NULL_MOVES,
    always_loaded,
    facts,
    loaded,
    null_five,
    null_rank,
    promised,
    save_rule,
    tempo_inverted,
)

# The meanings by their old names (`kinds.MeaningKind` is their one home).
PLAY, SAVE, STALL, FIX, UNCLEAR = (MeaningKind.PLAY, MeaningKind.SAVE, MeaningKind.STALL,
                                   MeaningKind.FIX, MeaningKind.UNCLEAR)
CHOP_MOVE = MeaningKind.CHOP_MOVE


class Meaning(NamedTuple):
    """What a clue means to every player, and which convention says so."""

    meaning: MeaningKind
    could_be: int  # identities (a mask) the focus could be, as the target reads it
    convention: str  # the key of levels.CONVENTIONS the meaning rests on
    saves: int  # the identities among `could_be` read as a save
    moved: tuple[int, ...] = ()  # the cards a chop move moves (level 4)


def clue_meaning(table: Table, conventions: Conventions, giver: int, target: int,
                 clue_mask: int, rank: int, touched: tuple[int, ...], focus: Focus,
                 colour: int = -1) -> Meaning:
    """The meaning of a clue naming `rank` (0 for a colour: colour index `colour`) whose
    touched identities are `clue_mask` (the one touch rule), touching deck cards
    `touched`, focused `focus`. A special suit's rules are `variants`'."""
    hand = table.state.hands[target]
    card = hand[focus.slot]
    st = table.status
    known = (table.hinted[card] & clue_mask  # the Pink and Color Promises
             & promised(table.game, rank, colour=colour, playable=st.playable))
    if not focus.new:
        if colour == 0 and facts(table.game.ruleset).ranks.red_fix:  # Omni-Ones' Red Fix Clue
            return Meaning(FIX, table.told(card) & clue_mask, RED_FIX, 0)
        if tempo_inverted(table.game, colour, len(touched)):
            # Brown Tempo Clues: a brown clue tells a brown card nothing new, yet re-touching
            # asks the rightmost card to play (Brown Tempo Clue Inversion)
            right = touched[-1]
            through = playable_through(table, conventions, giver, target, right,
                                       table.hinted[right] & clue_mask & ~st.trash)
            if through:
                return Meaning(PLAY, through, "tempo clue", 0)
        if focus.why == AMBIGUOUS_TEMPO:  # (variants.ambiguous_tempo chose the focus)
            through = playable_through(table, conventions, giver, target, card,
                                       table.hinted[card] & clue_mask & ~st.trash)
            if through:
                return Meaning(PLAY, through, AMBIGUOUS_TEMPO, 0)
        return _retouch(table, conventions, giver, target, touched, clue_mask, known, card)
    # Good Touch: not trash, not gotten (touched elsewhere, or a card of this clue that
    # was touched before and is now known exactly), and not a card whose every copy
    # left the target sees elsewhere.
    own_known = 0
    for c in touched:
        after = table.hinted[c] & clue_mask
        if c != card and table.touched[c] and after & (after - 1) == 0:
            own_known |= after
    fresh = known & ~st.trash & ~own_known
    if fresh:  # (gotten, and every copy left seen elsewhere: one pass)
        fresh = good_left(table, target, fresh, touched)
    candidates = fresh or known  # Good Touch rules out what it can, never everything
    moved = _chop_move(table, conventions, target, clue_mask, rank, touched, focus)
    if moved:
        return Meaning(CHOP_MOVE, candidates, moved[0], 0, moved[1])
    if len(focus.new) < len(touched):  # some card re-touched: a fix clue, no play clue
        fixed = _fix(table, conventions, giver, target, touched, clue_mask)
        if fixed is not None:  # (level 3: "a clue cannot be a Play Clue and a Fix Clue")
            return fixed
    plays = playable_through(table, conventions, giver, target, card, candidates)
    if not plays and conventions.knows("sarcastic discard"):
        # Good Touch left nothing that plays, but the giver cannot see their own clued
        # cards: the clue may duplicate one, a playable card (a mistake the target
        # answers with a Sarcastic Discard, level 3).
        plays = known & ~candidates & st.playable & _giver_holds(table, giver)
    if not plays and not focus.on_chop and conventions.knows("self-finesse"):
        # level 2: a Self-Finesse, read when nothing else fits
        plays = playable_through(table, conventions, giver, target, card, candidates, True)
    max_rank = table.max_rank
    space = table.game.space
    tech = rank >= 4 and not focus.on_chop and rank == null_rank(table.game)
    null = null_five(table, giver) if tech else None
    if null is not None:  # Null 5 Tech: no 5 Stall, no play clue with a 5
        if null[0] in NULL_MOVES:
            return Meaning(CHOP_MOVE, candidates, null[0], 0, (null[3],))
        return Meaning(PLAY, candidates, null[0], 0)
    if focus.on_chop:
        saves = by_variant = 0
        variant = ""
        # Dark Omni and Gray Pink cards a rank clue does not promise on the chop (Fake Saves)
        unpromised = (table.hinted[card] & clue_mask & ~known & ~st.trash
                      & promised(table.game, rank, True, colour, st.playable))
        f = facts(table.game.ruleset)
        special = f.special  # (else `save_rule` says None)
        # Odds and Evens: an odd clue saves 5s, an even one 2s; Critical Fours: a 4 by number
        five, four = (1 if f.odds_and_evens else max_rank), f.critical_rank
        # a playable card is a play; a trash one no save (a "2 Save" of a played 2 saves nothing)
        for i in space.members((candidates | unpromised) & ~st.playable & ~st.trash):
            r = space.rank(i)
            rule = save_rule(table, i, rank, colour, len(touched)) if special else None
            if rule is not None:  # a special suit's save (variants.save_rule)
                if rule:
                    saves, by_variant, variant = saves | 1 << i, by_variant | 1 << i, rule
                continue
            if rank == five and r == max_rank:
                saves |= 1 << i  # 5 Save
            elif rank == 2 and r == 2 and not _seen_elsewhere(table, giver, target, i):
                saves |= 1 << i  # 2 Save
            elif r == four and four:  # the 4 Save; a dark suit's 4 by its colour too
                if rank == four or (not rank and table.game.ruleset.kinds[space.suit(i)].one_of_each):
                    saves |= 1 << i
            elif (st.critical >> i) & 1 and (rank or r != max_rank):
                saves |= 1 << i  # Critical Save (a 5 is saved by number only)
        if saves and always_loaded(table.game, rank, colour) and loaded(
                [table.hinted[c] for c in hand if c != card], st):
            # The Always Loaded Principle: this save, to a loaded player, is a play clue
            return Meaning(PLAY if plays else UNCLEAR, plays or candidates,
                           "loaded play clue", 0)
        if saves:
            kind = (variant if saves == by_variant
                    else ("odd 5 save" if rank == 1 else "even 2 save") if f.odds_and_evens
                    else "5 save" if rank == max_rank else "4 save" if rank == four and four
                    else "2 save" if rank == 2 else "critical save")
            return Meaning(SAVE, saves | plays, kind, saves)
        if not plays and conventions.knows("self-finesse"):
            # no save reading holds on the chop: a play clue, so a Self-Finesse as off it,
            # of the one card before the focus (the page's example: the 2 before a 3)
            plays = playable_through(table, conventions, giver, target, card,
                                     candidates & _one_away(table), True)
    elif (rank == max_rank and conventions.knows("5 stall")
          and (table.early_game or table.state.coins == table.game.ruleset.coins)):
        return Meaning(STALL, candidates, "5 stall", 0)
    if plays:
        return Meaning(PLAY, plays, "play clue", 0)
    return Meaning(UNCLEAR, candidates, "play clue", 0)


def _chop_move(table: Table, conventions: Conventions, target: int, clue_mask: int,
               rank: int, touched: tuple[int, ...], focus: Focus
               ) -> tuple[str, tuple[int, ...]] | None:
    """Level 4's chop moves (H-Group, "Level 4 - Chop Moves"): a clue off the chop whose
    new cards are all known trash to the target (Good Touch's exclusions included:
    `good_touch.known_trash`) moves every unclued card right of the
    rightmost of them (Trash Chop Move); a 5 clue off the chop, not a 5 Stall, whose
    rightmost new 5 is one unclued card away from the chop moves that card (5's Chop
    Move). The convention and the cards moved, or None."""
    if focus.on_chop or focus.why == "leftmost chop-moved card":
        return None
    hand = table.state.hands[target]
    marks, moved = table.touched, table.moved
    new = [c for c in [hand[s] for s in focus.new] if not marks[c] and c not in moved]
    if not new:
        return None
    trash = conventions.knows("trash chop move") and all(
        known_trash(table, target, table.hinted[c] & clue_mask, touched) for c in new)
    if not trash and rank != table.max_rank:
        return None  # (neither chop move: the unclued cards are not listed)
    free = [c for c in hand if not marks[c] and c not in moved]  # unclued
    if trash:
        right = free[free.index(new[-1]) + 1:]
        return ("trash chop move", tuple(right)) if right else None
    stall = table.early_game or table.state.coins == table.game.ruleset.coins
    if (conventions.knows("5's chop move") and rank == table.max_rank and not stall):
        after = free[free.index(new[-1]) + 1:]
        if len(after) == 1:  # one away: the chop is the next unclued card
            return "5's chop move", tuple(after)
    return None


def playable_through(table: Table, conventions: Conventions, giver: int, target: int,
                     card: int, candidates: int, self_finesse: bool = False) -> int:
    """The identities among `candidates` the target can see playable now or once the
    cards a play clue may call are played (delayed play, prompt, finesse; with
    `self_finesse`, their own finesse positions too)."""
    st = table.status
    plays = candidates & st.playable  # playable now: nothing to call
    rest = candidates & ~st.playable & ~st.trash
    if not rest:
        return plays
    options = table.game.space.members(rest)
    if not self_finesse:
        # A connection starts with the next card of the suit: one the target may find
        # (a card they see, or one of their own clued cards that may be it) or none.
        found = _may_find(table, target)
        rows, max_rank = table.state.rows, table.max_rank
        options = [i for i in options
                   if (found >> ((i // max_rank) * max_rank + rows[i // max_rank])) & 1]
    return plays | connectable(table, conventions, giver, target, card, options, target,
                               self_finesse)


def _one_away(table: Table) -> int:
    """The identities one card away from playable (the next card of their suit after the
    playable one)."""
    max_rank, out = table.max_rank, 0
    for suit, row in enumerate(table.state.rows):
        if row + 1 < max_rank:
            out |= 1 << (suit * max_rank + row + 1)
    return out


def _giver_holds(table: Table, giver: int) -> int:
    """The identities of the giver's clued cards whose clues leave them more than one
    identity: the giver cannot see them, so a clue of theirs may duplicate one without
    breaking Good Touch as they could see it."""
    out = 0
    for c in table.state.hands[giver]:
        i, told = table.identity(c), table.told(c)
        if table.touched[c] and i is not None and told & (told - 1):
            out |= 1 << i
    return out


def _may_find(table: Table, viewer: int) -> int:
    """The identities `viewer` may find a connection in: the cards of the other hands,
    and what their own clued cards may be."""
    out = 0
    of, hidden, touched, hinted = (table.game.identity_of, table.hidden, table.touched,
                                   table.hinted)
    for p, hand in enumerate(table.state.hands):
        if p == viewer:
            for c in hand:
                if touched[c]:
                    out |= hinted[c]
        else:
            for c in hand:
                if not hidden or c not in hidden:
                    out |= 1 << of[c]
    return out


def _seen_elsewhere(table: Table, giver: int, target: int, identity: int) -> bool:
    """Whether a copy of `identity` shows in a hand other than the target's and the
    giver's (the 2 Save is not given to a 2 another player holds; the giver cannot see
    their own hand, so a copy there does not stop the save)."""
    return any(i == identity for p, _, i in table.seen_by(target) if p not in (target, giver))


def _retouch(table: Table, conventions: Conventions, giver: int, target: int,
             touched: tuple[int, ...], clue_mask: int, known: int, focus: int) -> Meaning:
    """A clue that touches no new card: a fix clue when it shows a touched card is trash
    or a copy of another clued card; a tempo clue when it makes a touched card known
    playable, now or through cards the target sees (a self-prompt); a fix clue when it
    shows one that could have been playable cannot play; else, on a focus `focus` not yet
    known playable, a Tempo Clue all the same (H-Group level 6, "The Tempo Clue": a clue
    that gets no new card asks for the focus, the leftmost re-touched card, to play now);
    on one already known playable a Burn Clue, which reads as nothing (unclear)."""
    st = table.status
    fixed = _fix(table, conventions, giver, target, touched, clue_mask)
    if fixed is not None:
        return fixed
    for c in touched:
        told, after = table.told(c), table.told(c) & clue_mask
        if not after or not told & ~after:
            continue  # told nothing new of this card
        through = playable_through(table, conventions, giver, target, c, after & ~st.trash)
        if through and after & ~st.trash & ~through == 0:
            return Meaning(PLAY, through, "tempo clue", 0)
    if conventions.knows("fix clue"):
        for c in touched:
            read, after = table.hinted[c], table.told(c) & clue_mask
            if after and read & st.playable and (all_trash(after, st)
                                                 or after & st.playable == 0):
                return Meaning(FIX, after, "fix clue", 0)
    # (a reading the rows since made all trash was wrong: the clues alone hold)
    read = table.hinted[focus] & clue_mask & ~st.trash or table.told(focus) & clue_mask
    if not all_playable(read, st):  # (known playable: a Burn Clue)
        candidates = read & ~st.trash
        if candidates:  # (Good Touch rules out what it can, never everything)
            candidates = candidates & ~gotten(table, target, skip=(focus,)) or candidates
        plays = candidates & st.playable or playable_through(
            table, conventions, giver, target, focus, candidates)
        if plays:
            return Meaning(PLAY, plays, "tempo clue", 0)
    return Meaning(UNCLEAR, known, "tempo clue", 0)


def _fix(table: Table, conventions: Conventions, giver: int, target: int,
         touched: tuple[int, ...], clue_mask: int) -> Meaning | None:
    """Level 3's Fix Clue (H-Group, "The Fix Clue", "The Fix Clue (That Touches Multiple
    Cards)": "a clue cannot be a Play Clue and a Fix Clue at the same time"): a clue that
    fills in a card touched before, which its holder could have read as playable, showing
    it is trash or the same identity as another clued card (one the giver sees, or
    another of the target's own clued cards now known the same): a Good Touch violation
    fixed. None when the clue fixes nothing so."""
    if not conventions.knows("fix clue"):
        return None
    st = table.status
    for c in touched:
        if not table.touched[c]:
            continue  # (a card touched first now was never read: it fixes nothing)
        told, after = table.told(c), table.told(c) & clue_mask
        if not after or not told & ~after or not table.hinted[c] & st.playable:
            continue  # nothing filled in, or a card its holder never read as playable
        if all_trash(after, st) or (after & (after - 1) == 0
                                    and _copy_clued(table, giver, target, c, after, touched,
                                                    clue_mask)):
            return Meaning(FIX, after, "fix clue", 0)
    return None


def _copy_clued(table: Table, giver: int, target: int, card: int, bit: int,
                touched: tuple[int, ...], clue_mask: int) -> bool:
    """Whether another clued card than `card` is the identity `bit` too: in a hand the
    giver and the target both see, or in the target's hand, known so once this clue is
    given."""
    of = table.game.identity_of
    for p, hand in enumerate(table.state.hands):
        if p == giver:
            continue  # (the giver cannot see their own cards)
        for c in hand:
            if c == card or not (table.touched[c] or c in touched):
                continue
            if p != target:
                if (1 << of[c]) == bit and c not in table.hidden:
                    return True
            elif (table.told(c) & (clue_mask if c in touched else -1)) == bit:
                return True
    return False
