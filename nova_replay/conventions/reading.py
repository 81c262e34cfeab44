"""A clue's reading as one value, and the plain words a view says at the clue:
"Play clue on Bob's slot 3 (focus: leftmost new card): R2 via a finesse on Cathy's slot 1"."""

from __future__ import annotations

from typing import NamedTuple

from ..rules.engine import tuple_new
from ..rules.game import Game, Hint
from .chop import chop_slot
from .connections import BLUFF, bluff, connect
from .finesses import bluff_seat_layer, clandestine
from .focus import focus_of
from .kinds import Connection, ConnectionKind, MeaningKind
from .levels import Conventions
from .meaning import FIX, PLAY, SAVE, clue_meaning
from .table import Table
from .variants import NULL_FIVE_PLAY, ambiguous_tempo, null_five, tempo_inverted

NAMES = {"play clue": "Play clue", "tempo clue": "Tempo clue", "5 save": "5 Save",
         "2 save": "2 Save", "critical save": "Critical Save", "5 stall": "5 Stall",
         "fix clue": "Fix clue", "trash chop move": "Trash Chop Move",
         "5's chop move": "5's Chop Move", "brown save": "Brown Save",
         "muddy rainbow save": "Muddy Rainbow Save", "cocoa rainbow save": "Cocoa Rainbow Save",
         "loaded play clue": "Loaded Play Clue", "null 5 chop move": "Null 5 Chop Move",
         "loaded 5 null play clue": "Loaded 5 Null Play Clue", "pseudo 2 save": "Pseudo 2 Save",
         "brown-fives 5 save": "Brown-Fives 5 Save", "null 4 chop move": "Null 4 Chop Move",
         "ambiguous tempo clue": "Ambiguous Tempo Clue", "red fix clue": "Red Fix Clue",
         "4 save": "4 Save", "odd 5 save": "5 Save (an odd clue)",
         "even 2 save": "2 Save (an even clue)"}


class Reading(NamedTuple):
    """What a clue means by the conventions: its focus (deck card and 0-based slot),
    meaning, what the focus could be (identities), and the cards it calls for the
    focus card's actual identity (none when that identity does not connect). Its words
    (`text`, `common`) are made when asked: a review reads every clue, a view a few."""

    conventions: Conventions
    game: Game
    giver: int
    target: int
    focus: int  # deck index
    focus_slot: int  # 0-based
    why: str  # the focus rule that chose it
    meaning: MeaningKind
    convention: str  # the convention the meaning rests on (levels.CONVENTIONS)
    could_be: tuple[int, ...]  # identities
    connections: tuple[Connection, ...]
    connects: bool  # the focus card's identity is playable now or through `connections`
    saved: bool  # the focus card's identity is among the save readings
    truth: int | None  # the focus card's identity (None: the reader did not see it)
    trash: bool  # that identity could no longer be played when the clue was given
    moved: tuple[int, ...] = ()  # the cards a chop move moved (level 4)
    moved_slots: tuple[int, ...] = ()  # their slots (0-based)
    moved_player: int = -1  # whose cards they are, when not the target's (Null 5 Tech)

    @property
    def asks_play(self) -> bool:
        """Whether this reading asks for its focus to be played, so that it may call cards
        before it (a finesse, a prompt...): `asks_play`."""
        return asks_play(self.meaning, self.truth is not None, self.saved)

    @property
    def text(self) -> str:
        """In plain words, with the focus card's identity (the reviewer's)."""
        return _with_truth(self)

    @property
    def common(self) -> str:
        """In plain words, what every player can read: what the focus could be."""
        options = [self.game.space.show(i) for i in self.could_be]
        head = _head(self)
        return f"{head}: could be {', '.join(options)}" if options else head


def asks_play(meaning: MeaningKind, seen: bool, saved: bool) -> bool:
    """Whether a clue of `meaning` asks for its focus to be played, so that it may call
    cards before it (a finesse, a prompt, a bluff): a play clue; or a clue on the chop that
    may be a save (H-Group, "Save Clues": "Sometimes You Won't Know, So Hold It") when the
    reader sees (`seen`) that its focus is no card a save is given to (not `saved`), so it
    is a play clue. A save of its focus (5 Save, 2 Save, Critical Save), a chop move, a
    stall, a fix clue asks no play, so it calls no blind play; nor, to its target (who
    cannot see the focus), does a clue that may be a save: they hold it. The one rule the
    reader's connections (`read_clue`) and every player's view (`review.mover`) follow."""
    return meaning == PLAY or (meaning == SAVE and seen and not saved)


def after_clue(table: Table, touched: tuple[int, ...], clue_mask: int) -> Table:
    """The table a clue's connections are found at, once it is given: the cards it
    touches are clued then (a delayed play or a prompt, never a finesse position), their
    marks narrowed by it (an earlier reading it contradicts is dropped: the clue alone
    holds). The one table the reader (`read_clue`) and every player's view
    (`review.mover`) connect a clue at."""
    marks, masks = list(table.touched), list(table.hinted)
    for c in touched:
        marks[c] = True
        masks[c] = masks[c] & clue_mask or table.told(c) & clue_mask
    return tuple_new(Table, (*table[:3], masks, marks, *table[5:]))  # (hinted, touched)


def read_clue(table: Table, conventions: Conventions, giver: int, hint: Hint,
              touched_slots: tuple[int, ...]) -> Reading:
    """The reading of `hint`, given by `giver` at `table`, touching `touched_slots`
    (0-based; found by the one touch rule, `Game.touched`)."""
    hand = table.state.hands[hint.to]
    marks = table.touched
    was = [marks[c] for c in hand]
    if table.moved:
        moved = [c in table.moved for c in hand]
        chop = chop_slot([w or m for w, m in zip(was, moved, strict=True)])
    else:
        moved = []
        chop = chop_slot(was)
    focus = focus_of(touched_slots, was, chop, moved)
    if not focus.new and tempo_inverted(table.game, hint.suit, len(touched_slots) - 1):
        focus = focus._replace(slot=touched_slots[-1], why="rightmost re-touched card")
    elif not focus.new and (twin := ambiguous_tempo(table, hint.rank, hand, touched_slots)) is not None:
        focus = focus._replace(slot=twin, why="ambiguous tempo clue")
    touched = tuple([hand[s] for s in touched_slots])
    clue_mask = table.game.space.clue_mask(hint.suit, hint.rank)
    m = clue_meaning(table, conventions, giver, hint.to, clue_mask, hint.rank, touched, focus,
                     hint.suit)
    card = hand[focus.slot]
    truth = table.identity(card)
    links: tuple[Connection, ...] = ()
    connects = False
    saved = truth is not None and bool((m.saves >> truth) & 1)
    call = null_five(table, giver) if m.convention == NULL_FIVE_PLAY else None
    if call is not None:  # Null 5 Tech: the next player plays a card; the 5s wait
        _, p, s, c = call
        i = table.identity(c)
        links = (Connection(c, p, s, BLUFF, i, NULL_FIVE_PLAY),) if i is not None else ()
        connects = i is not None and bool((table.status.playable >> i) & 1)
    elif truth is not None and asks_play(m.meaning, True, saved) \
            and (table.status.playable >> truth) & 1:
        connects = True  # playable now: nothing to call (`connect`), no table to copy
    elif truth is not None and asks_play(m.meaning, True, saved):
        # The focus card's actual connections, once the clue is given: the other cards it
        # touches are clued then (a delayed play or a prompt), never a finesse position.
        # (What the target reads the focus as does not count on them: `clue_meaning`.)
        linked = after_clue(table, touched, clue_mask)
        found = connect(linked, conventions, giver, hint.to, card, truth, viewer=None)
        if found is not None and any(x.layers for x in found):
            # level 5: a layer that fits the clue hides it (a Clandestine Finesse); level 11:
            # one that does not, on the bluff seat, reads as a bluff
            found = clandestine(found, clue_mask, table.max_rank, table.game.identity_of)
            if m.meaning == PLAY and bluff_seat_layer(found, conventions, giver,
                                                      len(table.game.players)):
                blind = bluff(linked, conventions, giver, hint.to)
                found = (blind,) if blind is not None else found
        if found is None and m.meaning == PLAY:
            blind = bluff(linked, conventions, giver, hint.to)
            found = (blind,) if blind is not None else None
        connects = found is not None
        links = found or ()
    # an identity that can no longer be played is offered only by a fix or a trash reading
    shown = m.could_be if m.meaning == FIX or m.convention == "trash chop move" \
        else m.could_be & ~table.status.trash
    could_be = tuple(table.game.space.members(shown))
    trash = truth is not None and bool((table.status.trash >> truth) & 1)
    owner = hint.to
    moved_slots: tuple[int, ...] = ()
    if m.moved:
        owner = next((p for p, h in enumerate(table.state.hands) if m.moved[0] in h), owner)
        held = table.state.hands[owner]
        moved_slots = tuple(held.index(c) for c in m.moved)
    # (a named tuple made per clue: its fields in order, without keywords)
    return tuple_new(Reading, (conventions, table.game, giver, hint.to, card, focus.slot,
                               focus.why, m.meaning, m.convention, could_be, links, connects,
                               saved, truth, trash, m.moved, moved_slots,
                               -1 if owner == hint.to else owner))


def _head(r: Reading) -> str:
    name = NAMES.get(r.convention, r.convention)
    if r.meaning == MeaningKind.UNCLEAR:
        name = "Unclear clue"
    why = {"chop": "chop", "only card": "the only card touched",
           "leftmost new card": "chop not touched; leftmost new card",
           "leftmost re-touched card": "no new card; leftmost re-touched",
           "rightmost re-touched card": "no new card; a brown clue: rightmost re-touched",
           "ambiguous tempo clue": "no new card; of two the clues cannot tell apart, the "
                                   "rightmost by colour, the leftmost by rank",
           "leftmost chop-moved card": "no new card; leftmost chop-moved card"}[r.why]
    return f"{name} on {r.game.players[r.target]}'s slot {r.focus_slot + 1} (focus: {why})"


def _with_truth(r: Reading) -> str:
    head, game, truth = _head(r), r.game, r.truth
    if r.moved:
        slots = ", ".join(str(s + 1) for s in r.moved_slots)
        whose = f"{game.players[r.moved_player]}'s " if r.moved_player >= 0 else ""
        return (f"{head}: chop moves {whose}slot{'s' if len(r.moved) > 1 else ''} {slots} (not to "
                f"be discarded)")
    if r.connections and r.connections[0].name == NULL_FIVE_PLAY:
        x = r.connections[0]
        fits = "playable" if r.connects else "not playable: a misplay"
        return (f"{head}: {game.players[x.player]} plays slot {x.slot + 1} "
                f"({game.space.show(x.identity)}, {fits}); the clued 5s wait")
    if truth is None:
        return head
    card = game.space.show(truth)
    if r.trash:
        return f"{head}: {card}, which is already trash (Good Touch broken)"
    if r.meaning == PLAY or (r.meaning == SAVE and not r.saved):
        if not r.connects:
            return f"{head}: {card}, which nothing visible connects to (a misplay risk)"
        if r.connections and r.connections[0].kind == ConnectionKind.BLUFF:
            x = r.connections[0]
            return (f"{head}: {card} with a bluff on {game.players[x.player]}'s slot "
                    f"{x.slot + 1} ({game.space.show(x.identity)} plays; the clued card waits)")
        if r.connections:
            via = "; ".join(f"{game.space.show(x.identity)} {_how(game.players, x)}"
                            f"{_behind(game, x)}" for x in r.connections)
            return f"{head}: {card} via {via}"
        return f"{head}: {card}, playable now"
    if r.meaning == MeaningKind.UNCLEAR:
        return f"{head}: {card}; no reading of the conventions fits"
    return f"{head}: {card}"


def _behind(game: Game, x: Connection) -> str:
    """Level 5: what a layered or hidden finesse plays first, or where an ambiguous
    finesse's card also shows."""
    if x.layers:
        first = ", ".join(game.space.show(game.identity_of[c]) for c in x.layers)
        return f" ({first} {'plays' if len(x.layers) == 1 else 'play'} first)"
    if x.others:
        return " (a copy on an earlier finesse position too: that player passes)"
    return ""


def _how(players: tuple[str, ...], x: Connection) -> str:
    where = f"{players[x.player]}'s slot {x.slot + 1}"
    if x.kind == ConnectionKind.FINESSE:
        article = "an" if x.name[0] in "aeiou" else "a"
        return f"by {article} {x.name} on {where}"
    if x.kind == ConnectionKind.PROMPT:
        return f"by a prompt on {where}"
    return f"already clued in {where} ({x.kind})"
