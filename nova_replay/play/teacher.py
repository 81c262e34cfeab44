"""What a teacher may suggest (issue #31, item 6): a move its player could have made from
what they knew, that means to the team what it is meant to mean.

A suggestion is checked here before it is shown, from the mover's information only
(`review.mover.MoverView`: their own cards face down):

- a play: a card the mover knew playable (their deduced knowledge, and Good Touch for a
  clued card: `conventions.good_touch.inferred`), a card a clue asked
  them to blind-play (`MoverView.called`, a finesse or prompt answer whose row is ready),
  or the focus of a play clue whose reading, as the mover read it, leaves only cards that
  play now;
- a clue: read by the convention reader (`conventions.read_clue`, the one reading) as its
  receiver will read it, with the receiver's cards and the giver's face down, it must
  mean what the giver intends: a play clue whose focus card is among what the receiver
  reads it as and plays now or connects through cards the giver sees (a delayed play, a
  prompt, a finesse the reader finds); or a save of a card the save readings hold (the
  reader's 5, 2 and Critical Saves); it touches no trash and no copy of a clued card
  (`conventions.good_touch.breaks_good_touch`), and no other card it touches comes to
  look playable to the receiver (`good_touch.inferred`) when it is not.

A discard needs no check here: the judge's notes on it (`review.whatif.avoids_faults`)
say whether it is sound.

H-Group: "The Two Types of Clues" and "Play Clues"
(https://hanabi.github.io/docs/beginner/play-clues), "Good Touch Principle".
"""

from __future__ import annotations

from ..conventions.good_touch import breaks_good_touch, inferred
from ..conventions.kinds import MeaningKind
from ..conventions.reading import NAMES, Reading, read_clue
from ..knowledge.status import all_playable
from ..review.mover import MoverView
from ..rules.game import Action, Hint, Play


def fault(mover: MoverView, action: Action) -> str:
    """Why a teacher would not suggest `action` to the mover ('' when they may): a play
    of a card they did not know playable, or a clue its receiver would misread."""
    if isinstance(action, Hint):
        return clue_fault(mover, action)
    if type(action) is Play:
        return play_fault(mover, action.card)
    return ""


def play_fault(mover: MoverView, card: int) -> str:
    """'' when the mover knew their `card` playable (`known_playable`), else why not."""
    if known_playable(mover, card):
        return ""
    call = mover.called(card)
    if call is not None:
        return "a card a clue called, but not yet"
    return "a card its player did not know playable"


def known_playable(mover: MoverView, card: int, clue: str = "clue") -> str:
    """How the mover knew their `card` playable, in words ('' when they did not): deduced;
    clued and playable by Good Touch; called by a finesse or prompt whose row is ready;
    or read so from the play clue that focused it (`clue`: the game's word for one)."""
    if mover.knows_playable(card):
        return "known playable"
    if mover.tk.touched[mover.turn - 1][card]:
        # Good Touch: a clued card is no trash and no copy of a card clued elsewhere
        # (`good_touch.inferred`, what its holder can tell of it)
        own = mover.mask(card)
        told = own & inferred(mover.table_at(mover.turn), mover.player, card)
        if told and all_playable(told, mover.status):
            return "clued, playable by Good Touch"
    call = mover.called(card)
    if call is not None:
        ready = (mover.status.playable >> call.identity) & 1
        if ready and not mover.waits(call.turn, call.clue, card, call.connections):
            return f"answering the {call.name} of turn {call.turn}"
        return ""
    r = _focus_read(mover, card)
    if r is not None:
        t, mine = r
        options = 0
        for i in mover.options(t, mine):
            options |= 1 << i
        known = mover.mask(card) & options
        if known and all_playable(known, mover.status) and not mover.waits(t, mine, card):
            return f"the focus of the play {clue} of turn {t}"
    return ""


def _focus_read(mover: MoverView, card: int) -> tuple[int, Reading] | None:
    """The latest play or save clue whose focus was the mover's `card`, as they read it
    (the clue's turn and reading)."""
    read = mover.reading
    if read is None or read.not_read:
        return None
    states = mover.tk.timeline.states
    for t in range(mover.turn - 1, 0, -1):
        if card not in states[t - 1].hands[mover.player]:
            return None
        seen = read.turns[t]
        if isinstance(seen, Reading) and seen.focus == card:
            mine = mover.read(t)
            if mine.focus == card and mine.meaning in (MeaningKind.PLAY, MeaningKind.SAVE):
                return t, mine
    return None


def readings(mover: MoverView, hint: Hint) -> tuple[Reading, Reading] | None:
    """The clue `hint` as its giver (the mover) means it and as its receiver will read it
    (both with the giver's cards face down, the receiver's too for the second); None
    when no convention reads the game or the clue touches nothing."""
    read = mover.reading
    if read is None or read.not_read:
        return None
    table = mover.table_at(mover.turn)
    hand = table.state.hands[hint.to]
    touched = mover.game.touched(hint, hand)
    slots = tuple([s for s, c in enumerate(hand) if c in touched])
    if not slots:
        return None
    meant = read_clue(table, read.conventions, mover.player, hint, slots)
    heard = read_clue(table._replace(hidden=table.hidden | frozenset(hand)), read.conventions,
                      mover.player, hint, slots)
    return meant, heard


def clue_fault(mover: MoverView, hint: Hint) -> str:
    """'' when the receiver reads `hint` as the giver means it (the module's rule), else
    why not, in words."""
    found = readings(mover, hint)
    if found is None:
        return "no reading of the conventions to check it by"
    meant, heard = found
    game = mover.game
    space = game.space
    table = mover.table_at(mover.turn)
    hand = table.state.hands[hint.to]
    touched = game.touched(hint, hand)
    who = game.players[hint.to]
    bad = breaks_good_touch(table, mover.player, touched)
    if bad:
        return f"it touches {space.show(game.identity_of[bad[0]])}, which breaks Good Touch"
    truth = meant.truth
    if truth is None or heard.focus != meant.focus:
        return "its focus is not a card the giver sees"
    card = space.show(truth)
    if truth not in heard.could_be:
        return f"{who} would not read the focus as the {card} it is"
    name = NAMES.get(heard.convention, heard.convention)
    if heard.meaning == MeaningKind.SAVE and meant.saved:
        pass
    elif heard.meaning in (MeaningKind.PLAY, MeaningKind.SAVE):
        if not meant.connects:
            return f"{who} would read a {name} on the {card}, which nothing connects to"
    elif heard.meaning == MeaningKind.UNCLEAR:
        return f"no reading of the conventions fits it, as {who} would read it"
    else:
        return f"{who} would read it as a {name}, not a play or a save"
    return _misplay(mover, hint, meant, touched)


def _misplay(mover: MoverView, hint: Hint, meant: Reading, touched: tuple[int, ...]) -> str:
    """'' unless a card the clue touches besides its focus comes to look playable to the
    receiver (their clues, Good Touch: `inferred`) when it does not play."""
    game = mover.game
    table = mover.table_at(mover.turn)
    mask = game.space.clue_mask(hint.suit, hint.rank)
    marks, masks = list(table.touched), list(table.hinted)
    for c in touched:
        marks[c] = True
        masks[c] &= mask
    hand = frozenset(table.state.hands[hint.to])
    after = table._replace(hinted=masks, touched=marks, hidden=table.hidden | hand)
    st = table.status
    for c in touched:
        if c == meant.focus:
            continue
        i = game.identity_of[c]
        if all_playable(inferred(after, hint.to, c), st) and not (st.playable >> i) & 1:
            return (f"{game.players[hint.to]} would take the {game.space.show(i)} it also "
                    f"touches for playable")
    return ""
