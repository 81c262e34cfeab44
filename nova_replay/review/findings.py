"""Teaching notes that rest on the conventions (docs/conventions.md, "Findings"), each
naming the convention and its H-Group page, and judging each player by what they
could see:

- bad clue: a colour clue on a chop 5 (a 5 Save is a number clue); a play clue whose
  focus cannot be played, alone (misplay only) or beside a touched card that plays
  (ambiguous focus), and a save on a playable card a play clue would have got
  (`clue_faults`); a play clue whose focus its target played as the convention says,
  and misplayed (the clue's fault: the misfire itself is then only a note);
- misread: a card its player knew was trash, played; a play the reading told its
  player to hold (a wait); a card a finesse or prompt called,
  discarded by its holder; a finesse not answered, and a chop-moved card discarded
  (`misreads`);
- missed save: a critical card discarded from its holder's chop while a player before
  them, with a clue token, could have saved it (the discarder, who could not see it,
  gets a note, not a fault; nor is it their fault when no one could save it);
- blame by knowledge: a forced discard (no clue token, no known play) loses a card
  without a fault; a clue in the final round that tells nothing is a stall, no mistake,
  only when nothing the giver could do scored more; a fix clue is no waste; a blind
  play no clue called is a gamble, lucky or not.

This module decides; the analysis applies (`apply_conventions` in review.analysis):
new notes, and changes to the analysis' own notes by their index.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from ..conventions.chop import chop_at
from ..conventions.finesses import HIDDEN
from ..conventions.game import GameReading
from ..conventions.kinds import MeaningKind
from ..conventions.levels import page
from ..conventions.meaning import PLAY, SAVE
from ..conventions.reading import Reading
from ..knowledge.status import all_trash
from ..knowledge.tiers import TimelineKnowledge
from ..rules.engine import State, is_misfire
from ..rules.game import Discard, Game, Hint, Play
from ..rules.words import Words, words
from .clue_faults import (
    chop_move_waste,
    clue_scores,
    five_by_colour,
    fix_touches_dead,
    giver_saw_wrong,
    good_touch_culprit,
    good_touch_playable,
    misplay_clue,
    save_not_play,
    scoring_instead,
    table_before,
    tempo_clue,
)
from .misreads import chop_moved_discards, forced_off_chop, unanswered_finesses
from .mover import OWN_BLIND_PLAYS, Call, Memo, MoverView
from .vocabulary import FindingLike, Kind, Severity, WasteReason


class _Shown:
    """A card's text, made when a note first says it (most moves make no note)."""

    def __init__(self, game: Game, card: int) -> None:
        self.game, self.card = game, card

    def __str__(self) -> str:
        return self.game.card_text(self.card)

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)


class Note(NamedTuple):
    """A new finding, as `analysis.Finding` takes it."""

    turn: int
    player: int
    kind: Kind
    severity: Severity
    cards: tuple[int, ...]
    message: str
    details: Mapping[str, Any]


class Change(NamedTuple):
    """A new kind, severity and message for one of the analysis' own findings."""

    kind: Kind
    severity: Severity
    message: str


def _details(convention: str, turn: int | None = None, related: Sequence[int] = (),
             rule: str = "") -> dict[str, Any]:
    out: dict[str, Any] = {"convention": convention, "page": page(convention)}
    if rule:
        out["rule"] = rule
    if turn is not None:
        out["reading_turn"] = turn
    if related:
        out["related"] = list(related)
    return out


def convention_findings(tk: TimelineKnowledge, read: GameReading,
                        findings: Sequence[FindingLike]
                        ) -> tuple[list[Note], dict[int, Change]]:
    """The notes the conventions add, and the changes they make to `findings`."""
    if read.not_read:
        return [], {}
    tl = tk.timeline
    game, states = tl.game, tl.states
    w = words(game.ruleset)
    name = game.players
    notes: list[Note] = []
    changes: dict[int, Change] = {}
    by_turn: dict[tuple[int, Kind], int] = {(f.turn, f.kind): i for i, f in enumerate(findings)}
    # card -> (turn, reading) of the last clue whose reading called it to play / saved it
    called: dict[int, tuple[int, Reading]] = {}
    bad_at: set[int] = set()  # the clue turns that already have a bad-clue note
    memo = Memo()  # the clues as each player read them
    focused: dict[int, int] = {}  # card -> the turn of the last clue that focused it
    # player -> the finesse their last blind play answered: while its focus, a card they
    # see, is still held and cannot be played yet, the card they played was not the one it
    # needed, so it calls their next finesse position (H-Group's layered finesse, level 5)
    # (each finesse a player answered, latest last: a layered finesse goes on after a
    # blind play another clue called, as game-194321_4p's 1B, 2B then 1Y)
    answered: dict[int, list[Call]] = {}
    n = len(game.players)
    for t, action in enumerate(tl.actions, start=1):
        p = (t - 1) % n
        r = read.turns[t]
        before = states[t - 1]
        if type(action) is Hint and not isinstance(r, Reading):
            continue  # an empty clue: no card to read it on, nothing the conventions judge
        if type(action) is Hint and isinstance(r, Reading):
            # The clue's faults are the giver's view's: the clue as they read it, their
            # own cards face down.
            # Read again as the giver read it (their own cards face down) where a fault
            # may rest on their hand: a play clue that does not connect, or connects
            # through their own cards; a clue on a chop card that is playable or a 5; a
            # clue read as neither play nor save. A play clue connecting through cards
            # the giver sees connects as they see it too.
            truth = game.identity_of[r.focus]
            suspect = (r.meaning == PLAY and (not r.connects or any(
                x.player == p for x in r.connections))) or (r.why == "chop" and (
                    (tk.statuses[t - 1].playable >> truth) & 1
                    or game.rank_of[r.focus] == game.ruleset.max_rank)) or (
                r.meaning not in (PLAY, SAVE))
            mine = MoverView(tk, read, t, p, memo).read(t) if suspect else r
            _clue_notes(tk, read, w, t, p, action, mine if mine.focus == r.focus else r,
                        notes, changes, by_turn, findings)
            if notes and notes[-1].turn == t and notes[-1].kind == Kind.BAD_CLUE:
                bad_at.add(t)
            focused[r.focus] = t
            if r.meaning == MeaningKind.PLAY:
                called[r.focus] = (t, r)
            for x in r.connections:
                called.setdefault(x.card, (t, r))
                for c in x.others:  # level 5: an ambiguous finesse's other copies
                    called.setdefault(c, (t, r))
            continue
        card = action[0]
        shown = _Shown(game, card)
        if type(action) is Play:
            misfired = is_misfire(action, before, states[t])
            mover = MoverView(tk, read, t, p, memo)
            blind = not tk.touched[t - 1][card] and not mover.knows_playable(card)
            # The clue behind the play, as its player could read it.
            behind: Call | None = None
            if blind:
                behind = mover.called(card)
                if behind is None and read.conventions.knows("layered finesse"):
                    behind = next((c for c in map(
                        lambda call: _layered(call, p, before, game,
                                              tk.statuses[t - 1].playable),
                        reversed(answered.get(p, []))) if c is not None), None)
                if behind is not None and not misfired:
                    answered.setdefault(p, []).append(behind)
            elif not misfired and tk.touched[t - 1][card] and read.conventions.knows(HIDDEN):
                prompt = mover.called(card, prompt=True)
                if prompt is not None and game.identity_of[card] != prompt.identity:
                    # a prompted card that played as another card than the one the clue
                    # needed: the call moves on to their finesse position (a Hidden
                    # Finesse, level 5; they saw the card play, the focus and the piles)
                    answered.setdefault(p, []).append(prompt._replace(name=HIDDEN))
            if not blind and card in focused and not mover.knows_playable(card) and (
                    misfired or not mover.mask(card) & mover.status.playable):
                # the focus of a clue, read as its player read it: what follows from it is
                # the misplay's blame, or a play they knew could not fit (a card they knew
                # was playable is theirs to play, whatever the clue was; on one that may
                # fit, the clue only says what they did)
                mine = mover.read(focused[card])
                if mine.meaning == PLAY and mine.focus == card:
                    behind = Call(focused[card], mine, "play clue", game.identity_of[card], ())
            i = by_turn.get((t, Kind.MISFIRE), by_turn.get((t, Kind.STRIKEOUT))) \
                if misfired else None
            stop = _told_not_to_play(mover, behind, card) if behind is not None else ""
            if behind is not None and stop:
                when, clue, how = behind.turn, behind.clue, behind.name
                luck = ("it did not fit" if misfired
                        else "it fit, as it happens: an outcome, not what they knew")
                notes.append(Note(
                    t, p, Kind.MISREAD, Severity.MISTAKE, (card,),
                    f"{name[p]} played {shown} after {name[clue.giver]}'s {w.hint} at turn "
                    f"{when} (read as a {how}), but {stop}: the misplay is {name[p]}'s, not "
                    f"the {w.hint}'s; {luck}.",
                    _details(_convention(how), when, rule="told not to play")))
            elif misfired and behind is not None and i is not None:
                _followed(tk, read, memo, w, t, card, behind, 0, findings, notes, changes,
                          by_turn, bad_at)
            elif misfired and i is not None and not blind and tk.touched[t - 1][card] and (
                    gt := good_touch_playable(mover, card)):
                _followed(tk, read, memo, w, t, card, None, gt, findings, notes, changes,
                          by_turn, bad_at)
            elif mover.knows_trash(card):
                notes.append(Note(
                    t, p, Kind.MISREAD, Severity.MISTAKE, (card,),
                    f"{name[p]} played {shown}, which {name[p]} knew was trash: a misplay "
                    f"by their own knowledge, not a gamble.",
                    _details("good touch", rule="known trash played")))
            elif blind and behind is None and before.final_turns == 1 and before.lives > 1 \
                    and not any(tk.known_playable(t - 1, p)):
                # The game's last turn, a life to spare and no known play: a blind play costs
                # nothing and may score (the course's last-turn lesson).
                luck = "it fit" if not misfired else "it did not fit, and cost nothing"
                notes.append(Note(
                    t, p, Kind.GAMBLE, Severity.GOOD, (card,),
                    f"{name[p]} played {shown} blind on the game's last turn, with "
                    f"{'a strike' if w.strikes else 'a life'} to spare and no known play: a "
                    f"free gamble, the right move; {luck}.",
                    _details("finesse", rule="free last-turn gamble")))
            elif blind and behind is None:
                luck = "it fit" if not misfired else "it did not fit"
                notes.append(Note(
                    t, p, Kind.GAMBLE, Severity.INFO, (card,),
                    f"{name[p]} played {shown} blind, called by no {w.hint} the "
                    f"conventions read as {name[p]} could read them (finesses, prompts, "
                    f"layered finesses from level 5, bluffs at level 11): a gamble; "
                    f"{luck}.", _details("finesse")))
        else:
            assert type(action) is Discard
            # Only a finesse position can be called: a player's first untouched cards.
            untouched = [c for c in before.hands[p] if not tk.touched[t - 1][c]]
            answer = (MoverView(tk, read, t, p, memo).called(card)
                      if card in untouched[:OWN_BLIND_PLAYS] else None)
            if answer is not None:
                when, clue, how = answer.turn, answer.clue, answer.name
                notes.append(Note(
                    t, p, Kind.MISREAD, Severity.MISTAKE, (card,),
                    f"{name[p]} discarded {shown}, which {name[clue.giver]}'s {w.hint} at turn "
                    f"{when} called as a {how}, as {name[p]} could read it.",
                    _details("prompt" if how == "prompt" else "finesse", when)))
            i = by_turn.get((t, Kind.LOST_CRITICAL)) if by_turn else None
            if i is not None:
                _chop_loss(tk, read, t, p, card, i, findings, notes, changes)
        if card in called:
            if type(action) is Play:  # one copy answers an ambiguous finesse
                for x in called[card][1].connections:
                    if x.others and card in (x.card, *x.others):
                        for c in (x.card, *x.others):
                            called.pop(c, None)
            called.pop(card, None)
    for m in [*unanswered_finesses(tk, read, w.hint, memo), *chop_moved_discards(tk, read)]:
        level = Severity.INFO if m.harmless else Severity.MISTAKE
        notes.append(Note(m.turn, m.player, Kind.MISREAD, level, m.cards, m.text,
                          _details(m.convention, m.reading_turn, rule=m.rule)))
    return notes, changes


def _convention(how: str) -> str:
    """The convention (levels.CONVENTIONS) a call's name rests on."""
    return how if how in ("play clue", "prompt") else "finesse"


def _followed(tk: TimelineKnowledge, read: GameReading, memo: Memo, w: Words, t: int,
              card: int, behind: Call | None, options: int, findings: Sequence[FindingLike],
              notes: list[Note], changes: dict[int, Change],
              by_turn: dict[tuple[int, Kind], int], bad_at: set[int]) -> None:
    """A misplay of turn `t` that followed the reading of a clue (`behind`), or Good Touch
    (`options`: the identities it left the card, each playable): the blame follows the
    reading (issue #31). It is the clue's when its giver could see it was wrong (a finesse
    or prompt the giver saw fail; a play clue that broke Good Touch or did not connect as
    the giver read it, `giver_saw_wrong`); else that of the clue that broke Good Touch on
    the card or a copy as its giver could see it (`good_touch_culprit`); else no one's (the
    duplicate was a card no giver could see, as the giver's own clued card). The misplay's
    own notes (misfire, strikeout, the card lost) become info notes that say so."""
    game = tk.timeline.game
    name = game.players
    p = (t - 1) % len(name)
    shown = game.card_text(card)
    culprit: tuple[int, int] | None = None  # the clue's turn, the card it touched
    if behind is not None:
        when, giver = behind.turn, behind.clue.giver
        how = f"the reading of {name[giver]}'s {w.hint} at turn {when}"
        if behind.name != "play clue" or when in bad_at or giver_saw_wrong(tk, read, memo,
                                                                            when, card):
            culprit = (when, card)
    else:
        could = " or ".join(tk.ids.show(i) for i in tk.ids.members(options))
        how = (f"Good Touch: by its clues and what {name[p]} saw it could only be {could}, "
               f"each playable")
    if culprit is None:
        culprit = good_touch_culprit(tk, read, memo, t, card)
    if culprit is None:
        blame = (f"no {w.hint} was wrong on it as its giver could see it (what made it "
                 f"wrong was a card no giver could see, or another player's move): not "
                 f"{name[p]}'s fault")
    else:
        u, touched = culprit
        q = (u - 1) % len(name)
        blame = f"the fault is {name[q]}'s {w.hint} at turn {u} (see there)"
        j = by_turn.get((u, Kind.WASTED_HINT))
        if j is not None and findings[j].severity.is_fault:
            said = changes[j].message if j in changes else findings[j].message
            changes[j] = Change(findings[j].kind, findings[j].severity,
                                f"{said} {name[p]} played {shown} at turn {t} as it reads, "
                                f"and it did not fit.")
        elif u not in bad_at and behind is not None and u == behind.turn:
            notes.append(Note(
                u, q, Kind.BAD_CLUE, Severity.MISTAKE, (card,),
                f"{name[q]}'s {w.hint} read as a {behind.name} calling {name[p]}'s {shown}"
                f"{_where(tk, behind, p, name)}; {name[p]} played it at turn {t} as the "
                f"convention says, and it did not fit: the {w.hint}'s fault, not {name[p]}'s.",
                _details(_convention(behind.name), u)))
            bad_at.add(u)
        elif u not in bad_at:
            notes.append(Note(
                u, q, Kind.BAD_CLUE, Severity.MISTAKE, (card,),
                f"{name[q]}'s {w.hint} at turn {u} touched {game.card_text(touched)}, breaking "
                f"Good Touch as {name[q]} could see it; {name[p]} played {shown} at turn {t} "
                f"as Good Touch reads it, and it did not fit: the {w.hint}'s fault, not "
                f"{name[p]}'s.", _details("good touch", u, rule="good touch broken")))
            bad_at.add(u)
    for kind in (Kind.MISFIRE, Kind.STRIKEOUT, Kind.LOST_CRITICAL):
        k = by_turn.get((t, kind))
        if k is not None and findings[k].player == p:
            f = findings[k]
            said = changes[k].message if k in changes else f.message
            changes[k] = Change(f.kind, Severity.INFO, f"{said} It followed {how}; {blame}.")


def _layered(call: Call | None, player: int, before: State, game: Game,
             playable: int) -> Call | None:
    """The finesse `player`'s last blind play answered, still calling: its focus is a card
    they see (another player's), still held, that cannot be played yet, so the card they
    played was not the one it needed and the call moves to their next finesse position (a
    layered finesse, as the player finds out when the first card is another one). Only
    what they saw: the focus's identity and the piles."""
    if call is None or call.clue.target == player:
        return None
    focus = call.clue.focus
    if focus not in before.hands[call.clue.target]:
        return None
    if (playable >> game.identity_of[focus]) & 1:
        return None  # the focus can be played now: the call was answered
    return Call(call.turn, call.clue, call.name if call.name == HIDDEN else "layered finesse",
                call.identity, ())


def _told_not_to_play(mover: MoverView, call: Call, card: int) -> str:
    """Why the player's own knowledge or the conventions told them not to play `card`
    after the clue `call` names ('' when nothing did): a card they knew was trash, or
    knew could not be played now (already identified), or a reading, as they could read
    it, that waits on another player's card first (a reverse finesse, a prompt)."""
    me = mover.game.players[mover.player]
    if mover.knows_playable(card):
        return ""  # a card they knew playable is theirs to play
    if mover.knows_trash(card):
        return f"{me} knew it was trash"
    if not mover.mask(card) & mover.status.playable:
        return f"{me} knew it could not be played yet"
    if not call.connections:
        return ""  # a clue on their own card: whether it waits rests on its identity
    first = mover.waits(call.turn, call.clue, card, call.connections)
    return f"the reading waits for {first} first" if first else ""


def _where(tk: TimelineKnowledge, call: Call, player: int, name: Sequence[str]) -> str:
    """Where the card a finesse needed was, when another player than the finessed one
    held it: the giver saw it there, so the finesse was theirs to see through."""
    if call.name == "play clue":
        return ""
    game = tk.timeline.game
    hands = tk.timeline.states[call.turn - 1].hands
    for q, hand in enumerate(hands):
        if q in (call.clue.giver, player):
            continue
        if any(game.identity_of[c] == call.identity for c in hand):
            return (f" (the {game.space.show(call.identity)} it needed was in {name[q]}'s "
                    f"hand, not on {name[player]}'s finesse position)")
    return ""


def _played_later(states: Sequence[State], actions: Sequence[Any], t: int, card: int) -> bool:
    """Whether the card a turn-`t` clue focused was later played and scored: its holder
    read the clue some way that kept it (a reading beyond the reader's, e.g. a clue that
    only marks a card so a finesse skips it), so "following it misplays" would blame a
    clue that did no harm."""
    for u in range(t, len(actions)):
        if type(actions[u]) in (Play, Discard) and actions[u][0] == card:
            return type(actions[u]) is Play and sum(states[u + 1].rows) > sum(states[u].rows)
    return False


def _clue_notes(tk: TimelineKnowledge, read: GameReading, w: Words, t: int, p: int,
                hint: Hint, r: Reading, notes: list[Note], changes: dict[int, Change],
                by_turn: dict[tuple[int, Kind], int], findings: Sequence[FindingLike]) -> None:
    tl = tk.timeline
    game = tl.game
    st = tk.statuses[t - 1]
    target = game.players[r.target]
    if five_by_colour(game, st, hint, r):
        notes.append(Note(
            t, p, Kind.BAD_CLUE, Severity.MISTAKE, (r.focus,),
            f"{game.players[p]} {w.hinted} {game.colour_name(hint.suit)} to save "
            f"{game.card_text(r.focus)} on {target}'s chop: a 5 is saved by a number "
            f"{w.hint} (5 Save); {target} reads a colour on the chop as a play {w.hint} or a "
            f"Critical Save of another card.", _details("5 save", t)))
    elif (r.meaning == PLAY and not r.connects and (t, Kind.WASTED_HINT) not in by_turn) or (
            r.meaning == SAVE and r.truth is not None and (st.playable >> r.truth) & 1):
        table = table_before(tk, read, t)
        fault = (misplay_clue(table, r, hint, w.hint)
                 if r.meaning == PLAY and not _played_later(tl.states, tl.actions, t, r.focus)
                 else save_not_play(tk, read.turns, table, t, r, hint, w.hint)
                 if r.meaning == SAVE else None)
        if fault is not None:
            notes.append(Note(t, p, Kind.BAD_CLUE, Severity.MISTAKE, fault.cards, fault.text,
                              _details(fault.convention, t, rule=fault.rule)))
    i = by_turn.get((t, Kind.WASTED_HINT))
    if i is None:
        return
    before: State = tl.states[t - 1]
    f = findings[i]
    # (A Tempo Clue teaches nothing new; one that touched only trash stays a waste.)
    tempo = (tempo_clue(tk, read, t, r)
             if f.details.get("reason") == WasteReason.NOTHING_NEW else None)
    if r.meaning == MeaningKind.FIX and not all_trash(tk.hinted[t - 1][r.focus], st):
        # (A card its holder's clues already showed was trash needs no fix: the giver
        # sees those clues, so the clue stays a waste.)
        dead = fix_touches_dead(tk, read, t, hint, r)
        if dead == r.focus:
            slot = before.hands[r.target].index(dead) + 1
            changes[i] = Change(f.kind, f.severity,
                                f"{f.message} It fixes a card {target} read as playable, but "
                                f"it also touched {game.card_text(dead)} (slot {slot}), new, "
                                f"which {target} cannot tell is trash: by Good Touch they "
                                f"take it for a card to play. No clean fix.")
        else:
            changes[i] = Change(Kind.FIX_CLUE, Severity.INFO,
                                f"{game.players[p]} {w.hinted} {game.describe_hint(hint)} to "
                                f"{target}: a fix {w.hint} (it tells a card read as playable "
                                f"is not), not a waste.")
    elif tempo is not None:
        shown = f"slot {r.focus_slot + 1} ({game.card_text(r.focus)})"
        if tempo:
            changes[i] = Change(f.kind, Severity.INFO,
                                f"{game.players[p]} {w.hinted} {game.describe_hint(hint)} to "
                                f"{target}: it told nothing new of any card, but it reads as a "
                                f"Tempo Clue on {shown}, which can be played: it asks "
                                f"{target} to play it, not a waste.")
        else:
            changes[i] = Change(f.kind, f.severity,
                                f"{f.message} It reads as a Tempo Clue on {shown}, which "
                                f"cannot be played: following it misplays.")
    elif before.final_turns >= 0:
        scored = clue_scores(tk, t)
        better = "" if scored is not None else scoring_instead(tk, read, t, p, read.conventions,
                                                               w.hint)
        if scored is not None:
            changes[i] = Change(f.kind, Severity.INFO,
                                f"{f.message} Yet in the final round it made {target}'s "
                                f"{game.card_text(scored)} known playable, and the turns left "
                                f"can still play it: no waste.")
        elif better:
            changes[i] = Change(f.kind, f.severity,
                                f"{f.message} In the final round a stall is no mistake only "
                                f"when nothing scores more, but {better}.")
        else:
            changes[i] = Change(f.kind, Severity.INFO,
                                f"{f.message} In the final round, with no known play and no "
                                f"play {w.hint} that could still score, a {w.hint} that tells "
                                f"nothing is a stall, no mistake.")
    elif r.meaning == MeaningKind.CHOP_MOVE and (why := chop_move_waste(tk, t, r)):
        changes[i] = Change(f.kind, f.severity,
                            f"{f.message} It reads as a Trash Chop Move, but the chop it "
                            f"moves needed no protecting ({why}): a waste all the same.")
    elif r.meaning == MeaningKind.CHOP_MOVE:
        name = {"trash chop move": "Trash Chop Move"}.get(r.convention, r.convention)
        changes[i] = Change(f.kind, Severity.INFO,
                            f"{game.players[p]} {w.hinted} {game.describe_hint(hint)} to "
                            f"{target}: a {name} (it tells {target} not to discard the chop), "
                            f"not a waste.")


def _chop_loss(tk: TimelineKnowledge, read: GameReading, t: int, p: int, card: int, i: int,
               findings: Sequence[FindingLike], notes: list[Note],
               changes: dict[int, Change]) -> None:
    """A critical card lost from its holder's chop: forced (no clue token, no known
    play) it is no fault; left there by a player before who could have saved it, the
    blame is theirs (a missed save)."""
    tl = tk.timeline
    game, states = tl.game, tl.states
    w = words(game.ruleset)
    before = states[t - 1]
    f = findings[i]
    hand = before.hands[p]
    if chop_at(tk, read, t - 1, p) != hand.index(card):
        chop = forced_off_chop(read, MoverView(tk, read, t, p), card)
        if chop is not None and f.severity == Severity.BLUNDER:
            changes[i] = Change(f.kind, Severity.MISTAKE, (
                f"{f.message} With no {w.hint} and no play, the chop ({game.card_text(chop)}, "
                f"slot {hand.index(chop) + 1}) was the card to discard, but by what "
                f"{game.players[p]} knew it was as likely critical: off the chop breaks the "
                f"convention, and the point lost is an outcome, not the blunder."))
        return  # not a chop discard (a chop-moved card is not the chop)
    known = tk.known_playable(t - 1, p)
    if known[hand.index(card)]:
        return  # the discarder knew it was playable: the loss is theirs
    shown = game.card_text(card)
    n = len(game.players)
    saver = None
    # Why no one saved it: a teammate gave another save, or none had a clue token.
    other_save = f"no teammate since their last turn had a {w.hint} to save it"
    for k in range(1, n):  # the players since the discarder's last turn, latest first
        turn = t - k
        if turn < 1:
            break
        q = (turn - 1) % n
        busy = read.turns[turn]  # a save of another card is a reason not to save this one
        if isinstance(busy, Reading) and busy.meaning == MeaningKind.SAVE:
            other_save = f"{game.players[q]} gave another save at turn {turn}"
            break
        if states[turn - 1].coins > 0 and card in states[turn - 1].hands[p]:
            if not (tk.statuses[turn - 1].critical >> game.identity_of[card]) & 1:
                # Not yet the last copy when they moved (the other was, say, in their own
                # hand, unseen): no save was due from what they saw (issue #31).
                other_save = f"it was not yet the last copy when {game.players[q]} moved"
                break
            saver = (turn, q)
            break
    no_play = not any(known)
    if saver is not None and MoverView(tk, read, t, p).has_play():
        # the discarder had a play (a known one, or one a clue called, as they could read
        # it): no reason to discard the chop, so no save was due of the teammate (#31)
        saver, no_play = None, False
        other_save = f"{game.players[p]} had a play to make"
    forced = before.coins == 0 and no_play
    # What the discarder could know of the card (their own is face down): the chop card
    # is theirs to discard unless every identity they could work out for it is critical.
    unseen = no_play and bool(
        tk.deduced(t - 1, p)[hand.index(card)] & ~tk.statuses[t - 1].critical)
    if saver is not None:
        turn, q = saver
        notes.append(Note(
            turn, q, Kind.MISSED_SAVE, Severity.MISTAKE, (card,),
            f"{game.players[q]} could have saved {shown} on {game.players[p]}'s chop with a "
            f"{w.hint}; {game.players[p]}, who cannot see it, discarded it at turn {t}.",
            _details("critical save" if game.rank_of[card] < game.ruleset.max_rank
                     else "5 save", turn)))
    if "judged" in getattr(f, "details", {}):
        return  # the discarder's own view faults the move: the loss is not excused
    if (forced or saver is not None or unseen) and f.severity.is_fault:
        why = (f"forced: no {w.hint} left and no known play" if forced
               else f"a chop discard by a player who cannot see the card; the save was "
                    f"{game.players[saver[1]]}'s at turn {saver[0]}" if saver
               else f"a chop discard of a card {game.players[p]} could not see, with no "
                    f"known play ({other_save})")
        changes[i] = Change(f.kind, Severity.INFO, f"{f.message} No fault of "
                                                   f"{game.players[p]}'s: {why}.")
