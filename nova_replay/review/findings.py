"""Teaching notes that rest on the conventions (docs/conventions.md, "Findings"), each
naming the convention and its H-Group page, and judging each player by what they
could see:

- bad clue: a colour clue on a chop 5 (a 5 Save is a number clue); a play clue whose
  focus cannot be played, alone (misplay only) or beside a touched card that plays
  (ambiguous focus), and a save on a playable card a play clue would have got
  (`clue_faults`); a play clue whose focus its target played as the convention says,
  and misplayed (the clue's fault: the misfire itself is then only a note);
- misread: a saved card played into a misfire; a card a finesse or prompt called,
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
from typing import Any, NamedTuple, Protocol

from ..conventions.chop import chop_at
from ..conventions.game import BLIND_PLAY, GameReading, MoveReading
from ..conventions.kinds import MeaningKind
from ..conventions.levels import page
from ..conventions.meaning import PLAY, SAVE
from ..conventions.reading import Reading
from ..knowledge.tiers import TimelineKnowledge
from ..rules.engine import State, is_misfire
from ..rules.game import Discard, Game, Hint, Play
from ..rules.words import Words, words
from .clue_faults import (
    clue_scores,
    five_by_colour,
    misplay_clue,
    save_not_play,
    scoring_instead,
    table_before,
)
from .misreads import chop_moved_discards, unanswered_finesses
from .vocabulary import Kind, Severity


class FindingLike(Protocol):
    @property
    def turn(self) -> int: ...
    @property
    def player(self) -> int: ...
    @property
    def kind(self) -> Kind: ...
    @property
    def severity(self) -> Severity: ...
    @property
    def cards(self) -> tuple[int, ...]: ...
    @property
    def message(self) -> str: ...


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
    saved: dict[int, tuple[int, Reading]] = {}
    bad_at: set[int] = set()  # the clue turns that already have a bad-clue note
    n = len(game.players)
    for t, action in enumerate(tl.actions, start=1):
        p = (t - 1) % n
        r = read.turns[t]
        before = states[t - 1]
        if type(action) is Hint and isinstance(r, Reading):
            _clue_notes(tk, read, w, t, p, action, r, notes, changes, by_turn, findings)
            if notes and notes[-1].turn == t and notes[-1].kind == Kind.BAD_CLUE:
                bad_at.add(t)
            if r.meaning == MeaningKind.PLAY:
                called[r.focus] = (t, r)
            elif r.saved:
                saved[r.focus] = (t, r)
            for x in r.connections:
                called.setdefault(x.card, (t, r))
                for c in x.others:  # level 5: an ambiguous finesse's other copies
                    called.setdefault(c, (t, r))
            continue
        card = action[0]
        shown = _Shown(game, card)
        if type(action) is Play:
            misfired = is_misfire(action, before, states[t])
            # (a misfire's note, looked up only for a card a clue called or saved)
            i = (by_turn.get((t, Kind.MISFIRE), by_turn.get((t, Kind.STRIKEOUT)))
                 if misfired and (card in called or card in saved) else None)
            if misfired and card in called and i is not None:
                when, clue = called[card]
                giver = name[clue.giver]
                if when not in bad_at:
                    notes.append(Note(
                        when, clue.giver, Kind.BAD_CLUE, Severity.MISTAKE, (card,),
                        f"{giver}'s {w.hint} read as a play {w.hint} calling {name[p]}'s "
                        f"{shown}; {name[p]} played it at turn {t} as the convention says, and "
                        f"it did not fit: the {w.hint}'s fault, not {name[p]}'s.",
                        _details("play clue", when)))
                f = findings[i]
                if f.kind == Kind.MISFIRE:
                    changes[i] = Change(f.kind, Severity.INFO,
                                        f"{f.message} It followed the reading of {giver}'s "
                                        f"{w.hint} at turn {when} (see there).")
            elif misfired and card in saved and i is not None:
                when, clue = saved[card]
                notes.append(Note(
                    t, p, Kind.MISREAD, Severity.MISTAKE, (card,),
                    f"{name[p]} played {shown}, which {name[clue.giver]}'s {w.hint} at turn "
                    f"{when} saved ({clue.convention}): a save is not a play {w.hint}.",
                    _details(clue.convention, when)))
            if isinstance(r, MoveReading) and r.move == BLIND_PLAY:
                luck = "it fit" if not misfired else "it did not fit"
                notes.append(Note(
                    t, p, Kind.GAMBLE, Severity.INFO, (card,),
                    f"{name[p]} played {shown} blind, called by no {w.hint} the conventions "
                    f"read (layered finesses from level 5, bluffs at level 11): a gamble; "
                    f"{luck}.",
                    _details("finesse")))
        else:
            assert type(action) is Discard
            if card in called and called[card][1].connections and any(
                    x.card == card for x in called[card][1].connections):
                when, clue = called[card]
                how = next(x.name for x in clue.connections if x.card == card)
                notes.append(Note(
                    t, p, Kind.MISREAD, Severity.MISTAKE, (card,),
                    f"{name[p]} discarded {shown}, which {name[clue.giver]}'s {w.hint} at turn "
                    f"{when} called as a {how}.",
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
        if saved:
            saved.pop(card, None)
    for m in [*unanswered_finesses(tk, read, w.hint), *chop_moved_discards(tk, read)]:
        level = Severity.INFO if m.harmless else Severity.MISTAKE
        notes.append(Note(m.turn, m.player, Kind.MISREAD, level, m.cards, m.text,
                          _details(m.convention, m.reading_turn, rule=m.rule)))
    return notes, changes


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
    if r.meaning == MeaningKind.FIX:
        changes[i] = Change(Kind.FIX_CLUE, Severity.INFO,
                            f"{game.players[p]} {w.hinted} {game.describe_hint(hint)} to "
                            f"{target}: a fix {w.hint} (it tells a card read as playable is "
                            f"not), not a waste.")
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
            saver = (turn, q)
            break
    no_play = not any(known)
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
    if (forced or saver is not None or unseen) and f.severity.is_fault:
        why = (f"forced: no {w.hint} left and no known play" if forced
               else f"a chop discard by a player who cannot see the card; the save was "
                    f"{game.players[saver[1]]}'s at turn {saver[0]}" if saver
               else f"a chop discard of a card {game.players[p]} could not see, with no "
                    f"known play ({other_save})")
        changes[i] = Change(f.kind, Severity.INFO, f"{f.message} No fault of "
                                                   f"{game.players[p]}'s: {why}.")
