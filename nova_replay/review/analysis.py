"""The review of a game: the draw-pile clock, findings and teaching notes.

Every term is docs/definitions.md's: critical, trash, max score, pace, lost
critical card, wasted hint, efficiency. `analyze` reads a replay and its knowledge
and never reaches back into parsing.
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from operator import attrgetter
from typing import Any

from ..conventions import Conventions, GameReading, Reading, chop_at, read_game
from ..conventions.game import SARCASTIC_DISCARD, MoveReading
from ..conventions.meaning import PLAY
from ..knowledge.status import (
    Identities,
    Status,
    can_still_play,
    jokers_left,
    max_score,
    play_ended,
    played_jokers,
    row_reach,
    row_status,
)
from ..knowledge.tiers import TimelineKnowledge, timeline_knowledge
from ..record.load import Record, as_record
from ..record.log import GameLog
from ..rules.cards import rank_text
from ..rules.engine import STRIKEOUT, Timeline, is_misfire
from ..rules.game import Discard, Hint, Play
from ..rules.words import plural, words
from .clock import ClockPoint as ClockPoint
from .clock import clock_of, kept_in_hand
from .clock import efficiency_of as efficiency_of
from .clue_faults import five_by_colour
from .discards import duplicate_discard, locked_discard
from .endgame import MoveValuer, judge_by_value
from .findings import convention_findings
from .loss import LossDate, date_perfect_loss, pace_verdict, paced_loss
from .mover import MoverView
from .verdicts import fold_verdicts
from .vocabulary import (
    Details,
    Kind,
    LostCriticalDetails,
    MisfireDetails,
    Severity,
    WastedHintDetails,
    WasteReason,
)

BLUNDER, MISTAKE, INFO, GOOD = Severity


@dataclass(frozen=True)
class Finding:
    """One teaching note: what happened at `turn`, by `player`, to `cards`, and why it
    matters, in one plain sentence. `details` are the kind's (`vocabulary.Details`)."""

    turn: int
    player: int
    kind: Kind
    severity: Severity
    cards: tuple[int, ...]  # deck indices
    message: str
    details: Mapping[str, Any] = field(default_factory=dict, compare=False)

    @property
    def related(self) -> Sequence[int]:
        """Cards the note names besides its own (a hinted copy, a witness's card): a
        view that hides a player's cards hides the note when one of these is theirs."""
        related: Sequence[int] = self.details.get("related", ())
        return related

    @property
    def cost(self) -> int:
        """A lost critical card's cost in max score (0 for any other kind)."""
        return int(self.details["cost"]) if self.kind == Kind.LOST_CRITICAL else 0

    @property
    def waste_reason(self) -> WasteReason | None:
        """Why a wasted hint was wasted (None for any other kind)."""
        return WasteReason(self.details["reason"]) if self.kind == Kind.WASTED_HINT else None


@dataclass(frozen=True)
class Summary:
    score: int
    max_score: int
    perfect_score: int
    blunders: int
    mistakes: int
    info: int
    good: int
    wasted_hints: int
    hints: int
    efficiency: float | None
    perfect_lost_turn: int | None  # the first turn after which a perfect show was impossible
    ending: str | None  # "terminated": the game was stopped, max score is what play could reach
    # Whether the exact solver proved `perfect_lost_turn` (`loss.date_perfect_loss`); if
    # not, it is only the latest turn it can be and the loss may be earlier.
    perfect_lost_exact: bool = False


@dataclass(frozen=True)
class Analysis:
    record: Record
    knowledge: TimelineKnowledge
    clock: tuple[ClockPoint, ...]
    findings: tuple[Finding, ...]
    summary: Summary
    # What every turn meant by the conventions (`analyze(conventions=None)`: not read).
    reading: GameReading | None = None

    @property
    def timeline(self) -> Timeline:
        return self.record.timeline

    @property
    def ids(self) -> Identities:
        return self.knowledge.ids

    def notes_at(self, turn: int) -> tuple[Finding, ...]:
        return tuple(f for f in self.findings if f.turn == turn)

    def faulted_turns(self) -> list[int]:
        """Turns with a blunder or mistake note on the mover's own action: where puzzles
        and a convention player's suggestions look."""
        game, tl = self.record.game, self.timeline
        return sorted({f.turn for f in self.findings
                       if f.severity.is_fault and f.player == tl[f.turn - 1].player(game)})

    def chop(self, turn: int, player: int) -> int | None:
        """0-based slot of `player`'s chop after `turn`: their oldest card neither hinted
        nor chop-moved (`conventions.chop_at`, the one rule; with no reading, the oldest
        unhinted card)."""
        return chop_at(self.knowledge, self.reading, turn, player)

    def lost_cards(self, turn: int) -> set[int]:
        """Deck indices of the critical cards lost up to `turn`."""
        return {c for f in self.findings if f.kind == Kind.LOST_CRITICAL and f.turn <= turn
                for c in f.cards}


class _Reviewer:
    """Walks the turns once, collecting findings."""

    def __init__(self, record: Record, tk: TimelineKnowledge, clock: tuple[ClockPoint, ...],
                 reading: GameReading | None = None) -> None:
        self.record, self.tk, self.clock, self.reading = record, tk, clock, reading
        self.game = record.game
        self.states = record.timeline.states
        self.ids = tk.ids
        self.of_card = tk.ids.of_card
        self.words = words(record.game.ruleset)
        self.findings: list[Finding] = []

    def name(self, p: int) -> str:
        return self.game.players[p]

    def show(self, card: int) -> str:
        return self.game.card_text(card)

    def add(self, turn: int, player: int, kind: Kind, severity: Severity, cards: tuple[int, ...],
            message: str, details: Details | None = None) -> None:
        self.findings.append(Finding(turn, player, kind, severity, cards, message,
                                     {} if details is None else details))

    def review(self) -> None:
        tl, clock = self.record.timeline, self.clock
        n = len(self.game.players)
        pace_out = False
        for t, action in enumerate(tl.actions, start=1):
            p = (t - 1) % n
            if type(action) is Hint:
                self.hint(t, p, action)
            elif type(action) is Discard:
                self.discard(t, p, action.card)
            else:
                self.play(t, p, action)  # type: ignore[arg-type]
            point = clock[t]
            if not pace_out and point.pace < 0 and not play_ended(self.states[t]):
                pace_out = True
                reach = self.tk.statuses[t].reach_total
                self.add(t, p, Kind.OUT_OF_PACE, MISTAKE, (),
                         f"After this turn the pace is {point.pace}: the rows could still reach "
                         f"{reach}, but the turns left cannot play that many (max score "
                         f"{point.max_score}); more cards will have to be lost.")

    def said(self, p: int, hint: Hint) -> str:
        """'Ann hinted spades to Ben', as the notes on a hint begin."""
        return (f"{self.name(p)} {self.words.hinted} {self.game.describe_hint(hint)} to "
                f"{self.name(hint.to)}")

    def hint(self, t: int, p: int, hint: Hint) -> None:
        """A clue, judged from its giver's view (`MoverView`): only trash by what the
        giver could see (the rows, the discards, the clued cards they knew: not their own
        cards they knew only in part), and what it taught as far as the giver could tell."""
        game, tk, of_card = self.game, self.tk, self.of_card
        st = tk.statuses[t - 1]
        hand = self.states[t - 1].hands[hint.to]
        touched = game.touched(hint, hand)
        mover = MoverView(tk, self.reading, t, p)
        # Only trash, or copies of cards hinted in a hand, can make a hint touch only
        # trash: the hinted copies are looked up only when every touched card may be
        # either (a card hinted before needs a second hinted card of its identity).
        trash, was_touched = st.trash, tk.touched[t - 1]
        once, twice = trash | tk.hinted_in_hands[t - 1], trash | tk.hinted_twice[t - 1]
        touched_ids = 0
        maybe_trash = True
        for c in touched:
            bit = 1 << of_card[c]
            touched_ids |= bit
            if maybe_trash and not bit & (twice if was_touched[c] else once):
                maybe_trash = False
        if maybe_trash:
            hinted_elsewhere = mover.clued_identities(exclude=touched)
            reasons = [self.trash_reason(st, c, hinted_elsewhere) for c in touched]
            if all(reasons):
                why = self.trash_reasons(touched, reasons)
                # The hinted copies the note names: a view that hides a player's own
                # cards must hide the note when that player holds one of them.
                related = sorted({hinted_elsewhere[of_card[c]][1] for c in touched
                                  if of_card[c] in hinted_elsewhere})
                self.add(t, p, Kind.WASTED_HINT, MISTAKE, touched,
                         f"{self.said(p, hint)}, but it touched only trash ({why}).",
                         WastedHintDetails(reason=WasteReason.ONLY_TRASH, related=related))
                return
        taught, made_playable = mover.lesson(hint)
        if not taught:
            self.add(t, p, Kind.WASTED_HINT, MISTAKE, touched,
                     f"{self.said(p, hint)}, but {self.name(hint.to)} learned nothing new about any "
                     f"card.", WastedHintDetails(reason=WasteReason.NOTHING_NEW))
            return
        # Two copies of one card count once; one an earlier play clue called was known
        # to play before (as its holder read it: issue #31).
        made: dict[int, int] = {}
        receiver = MoverView(tk, self.reading, t, hint.to)
        for c in made_playable:
            if not receiver.play_clued(c, surely=True):
                made.setdefault(of_card[c], c)
        if len(made) >= 2:
            self.add(t, p, Kind.GOOD_HINT_PLAYABLE, GOOD, tuple(made.values()),
                     f"{self.said(p, hint)}: {len(made)} different cards became known "
                     f"playable at once "
                     f"({', '.join(self.show(c) for c in made.values())}).")
        # A save, not a play hint: the card on the chop is touched, critical, cannot be
        # played yet, and can still be played in the turns left. The chop is the one
        # rule's: a card chop-moved before (level 4) is not on it.
        critical = st.critical & ~st.playable
        if not touched_ids & critical:
            return
        chop = chop_at(tk, self.reading, t - 1, hint.to)
        if chop is None:
            return
        card = hand[chop]
        i = of_card[card]
        if (card in touched and (critical >> i) & 1
                and can_still_play(game, self.states[t], st, card) and self.keeps(t, st, hint)):
            which = "only" if self.ids.copies[i] == 1 else "last"
            self.add(t, p, Kind.GOOD_SAVE, GOOD, (card,),
                     f"{self.said(p, hint)} and saved {self.show(card)} on "
                     f"{self.name(hint.to)}'s chop: it is the {which} {self.show(card)}.")

    def keeps(self, t: int, st: Status, hint: Hint) -> bool:
        """Whether the conventions read the turn-`t` clue on the chop card as keeping it
        (no reading: yes): not a play clue on it that cannot connect (its holder would
        misplay it), nor a colour clue on a chop 5 (no 5 Save: `five_by_colour`)."""
        r = self.reading.turns[t] if self.reading is not None else None
        if not isinstance(r, Reading):
            return True
        return not (r.meaning == PLAY and not r.connects) and not five_by_colour(
            self.game, st, hint, r)

    def trash_reason(self, st: Status, card: int, hinted: dict[int, tuple[int, int]]) -> str:
        """Why a card is trash ('' if it is not): played, out of reach, or a copy of a
        card already hinted in a hand."""
        i = self.ids.of_card[card]
        suit = self.game.suit_of[card]
        if (st.trash >> i) & 1:
            if suit >= 0 and self.game.rank_of[card] > st.reach[suit]:
                return "can no longer be reached"
            return "is already played"
        if i in hinted:
            return f"is already {self.words.hinted} in {self.name(hinted[i][0])}'s hand"
        return ""

    def trash_reasons(self, cards: Sequence[int], reasons: Sequence[str]) -> str:
        """The reasons of `trash_reason` for several cards, each said once, with the cards
        it holds for: "A♥ and 2♥ are already played; 4♠ can no longer be reached"."""
        by_reason: dict[str, list[str]] = {}
        for c, r in zip(cards, reasons, strict=True):
            names = by_reason.setdefault(r, [])
            if self.show(c) not in names:  # two copies of one card are named once
                names.append(self.show(c))
        said = []
        for r, names in by_reason.items():
            if len(names) > 1:
                r = r.replace("is already", "are already", 1)
            listed = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
            said.append(f"{listed} {r}")
        return "; ".join(said)

    def lost(self, t: int, p: int, card: int, verb: str) -> bool:
        """A lost critical card (docs/definitions.md, "lost-card cost"): its cost is max
        score after the turn had the card stayed in its holder's hand, minus max score
        after the turn as it was."""
        st_before = self.tk.statuses[t - 1]
        i = self.of_card[card]
        if not (st_before.critical >> i) & 1:
            return False
        game, w = self.game, self.words
        after = self.states[t]
        now = self.clock[t].max_score
        kept, kept_st = kept_in_hand(after, p, card, st_before)
        cost = max_score(game, kept, kept_st) - now
        hinted = self.tk.touched[t - 1][card]
        if game.suit_of[card] < 0:
            what = "a joker"
        else:
            shown = self.show(card)
            what = f"{shown}, the {'only' if self.ids.copies[i] == 1 else 'last'} {shown}"
        said = f"{self.name(p)} {verb} {what}{f' (it had been {w.hinted})' if hinted else ''}"
        if cost > 0:
            severity = BLUNDER
            text = f"{said}: {self.jokers_can(t, card)}; it cost {plural(cost, 'point')}"
        elif can_still_play(game, kept, kept_st, card):
            severity = MISTAKE
            if kept_st.reach_total == self.tk.statuses[t].reach_total:
                why = "a spare joker must now take its place"
            else:
                why = f"no point lost by itself, as the turns left allow at most {now} anyway"
            text = f"{said}: {self.jokers_can(t, card)}; {why}"
        else:
            severity = INFO
            text = (f"{said}, but play ended with this turn: it could not have scored anyway"
                    if play_ended(after) else
                    f"{said}; kept, it could not have been played after this turn"
                    if (st_before.playable >> i) & 1 else
                    f"{said}, but it could not have been played in the turns left anyway")
        self.add(t, p, Kind.LOST_CRITICAL, severity, (card,), f"{text} (max score {now}).",
                 LostCriticalDetails(cost=cost, hinted=hinted, max_score=now))
        return True

    def jokers_can(self, t: int, card: int) -> str:
        """What the lost card's row (or, for a joker, the rows) can still reach, and
        what the spare jokers can still do."""
        game, st = self.game, self.tk.statuses[t]
        spare = jokers_left(self.ids, st.lost, played_jokers(game, self.states[t]))
        suit = game.suit_of[card]
        if suit < 0:
            left = "no spare joker is left" if not spare else f"{plural(spare, 'spare joker')} left"
            return f"{left}, and the rows can reach {st.reach_total} at most"
        letter, row = game.ruleset.suits[suit], game.suit_name(suit)
        height = self.states[t].rows[suit]
        if spare:  # how far the row reaches with no spare joker, with one, with two
            m = game.ruleset.max_rank
            gaps = row_status(self.ids, suit, height, st.lost, spare)[3]
            reach = [row_reach(gaps, m, j) for j in range(spare + 1)]
        else:
            reach = [st.reach[suit]]  # with no spare joker, the status' reach is the row's

        def to(r: int) -> str:  # a height, said as its top card's rank (a reversed suit)
            return rank_text(game.ruleset.top_rank(suit, r), letter)

        if reach[0] > height:
            alone = f"{row} can now reach {to(reach[0])} at most"
        else:
            alone = f"{row} can no longer grow" if height else f"{row} can no longer score"
        if not spare:
            return alone
        alone += " without a joker"
        if spare == 1:
            return f"{alone}; the spare joker can still carry it to {to(reach[1])}"
        if reach[2] > reach[1]:
            return (f"{alone}; one spare joker can still carry it to {to(reach[1])}, "
                    f"both to {to(reach[2])}")
        return f"{alone}; a spare joker can still carry it to {to(reach[1])}"

    def discard(self, t: int, p: int, card: int) -> None:
        """A discard: what it lost is an outcome (`lost`); the judgement is the
        discarder's view's: a clued card they did not know was trash (nor a copy of a
        clued card they knew), or a discard while they knew a card was playable. One
        move, one note: a judgement on a discard that also lost a card is said in the
        outcome's note (`fold`)."""
        lost = self.lost(t, p, card, "discarded")
        mover = MoverView(self.tk, self.reading, t, p)
        if not duplicate_discard(self.reading, mover, card) \
                and self.with_playable(t, p, card, lost):
            return  # the first fault by their view: they knew a card to play
        locked, instead = locked_discard(self.reading, mover, card)
        if self.tk.touched[t - 1][card] and not mover.knows_duplicate(card) \
                and not self.sarcastic(t) and not locked:
            i = self.of_card[card]
            touched = self.tk.touched[t - 1]
            trash = (self.tk.statuses[t - 1].trash >> i) & 1 or any(
                touched[c] and c != card and self.of_card[c] == i
                for hand in self.states[t - 1].hands for c in hand)
            st = self.tk.statuses[t - 1]
            outcome = (" (it was trash, as it happens: an outcome, not what they knew)"
                       if trash else
                       " (it could not be played yet and another copy was left: nothing "
                       "lost this time, an outcome, not what they knew)"
                       if not (st.playable >> i) & 1 and not (st.critical >> i) & 1 else "")
            said, cards = "", tuple[int, ...]((card,))
            if instead is not None:  # a fully clued hand: the fault is not playing
                said = (f" With every card {self.words.hinted} and no {self.words.hint} "
                        f"left, {self.show(instead)} was the card to play: by its "
                        f"{self.words.hint}s and the conventions it could only be playable.")
                cards = (card, instead)
            self.judge(lost, t, p, Kind.DISCARD_HINTED, cards,
                       f"{self.name(p)} discarded {self.show(card)}, a {self.words.hinted} card "
                       f"{self.name(p)} did not know was trash{outcome}.{said}",
                       f"By what {self.name(p)} knew, a fault too: a {self.words.hinted} card "
                       f"not known to be trash is kept.{said}")

    def judge(self, lost: bool, t: int, p: int, kind: Kind, cards: tuple[int, ...],
              message: str, folded: str = "") -> None:
        """A mistake by the mover's view: its own note, or, when the move also lost a
        card (the last note, an outcome), said in that note (`fold`: `folded`, or the
        note's own words)."""
        if lost:
            self.findings[-1] = fold(self.findings[-1], kind, MISTAKE, folded or message,
                                     cards)
        else:
            self.add(t, p, kind, MISTAKE, cards, message)

    def sarcastic(self, t: int) -> bool:
        """Whether the conventions read the discard of turn `t` as a Sarcastic Discard."""
        r = self.reading.turns[t] if self.reading is not None and self.reading.turns else None
        return isinstance(r, MoveReading) and r.move == SARCASTIC_DISCARD

    def with_playable(self, t: int, p: int, card: int, lost: bool = False) -> bool:
        """A discard while holding a card its player knew was playable (whether noted)."""
        hand = self.states[t - 1].hands[p]
        known = self.tk.known_playable(t - 1, p)
        if known[hand.index(card)]:  # the discarded card itself was known playable
            self.judge(lost, t, p, Kind.DISCARD_WITH_PLAYABLE, (card,),
                       f"{self.name(p)} discarded {self.show(card)}, which {self.name(p)} knew "
                       f"was playable: playing it would have scored.")
            return True
        playable = [c for c, k in zip(hand, known, strict=True) if k and c != card]
        if playable:
            self.judge(lost, t, p, Kind.DISCARD_WITH_PLAYABLE, (card, *playable),
                       f"{self.name(p)} discarded {self.show(card)} while holding "
                       f"{self.show(playable[0])}, which {self.name(p)} knew was playable.")
        return bool(playable)

    def play(self, t: int, p: int, play: Play) -> None:
        before, after = self.states[t - 1], self.states[t]
        if not is_misfire(play, before, after):
            return
        w = self.words
        card = play.card
        slot = before.hands[p].index(card)
        options = self.ids.members(self.tk.deduced(t - 1, p)[slot])
        belief = (" or ".join(self.ids.show(i) for i in options) if len(options) <= 4
                  else f"any of {len(options)} cards")
        suit = self.game.suit_of[card]
        letter = self.game.ruleset.suits[suit]
        height = before.rows[suit]
        top = self.game.ruleset.top_rank(suit, height)
        at = f"was at {rank_text(top, letter)}" if height else "was empty"
        if after.ending == STRIKEOUT:
            if self.game.ruleset.gentle_show:
                outcome = "the show is cancelled (gentle show: the score is kept)"
            elif w.strikes:
                outcome = "the game ends with score 0"
            else:
                outcome = "the show is cancelled: score 0"
            self.add(t, p, Kind.STRIKEOUT, BLUNDER, (card,),
                     f"{self.name(p)} played {self.show(card)} and "
                     f"{'got' if w.strikes else 'lost'} {w.last_life}: {outcome}.",
                     MisfireDetails(believed=belief))
        else:
            lives = w.lives_left(after.lives, self.game.ruleset.lives)
            self.add(t, p, Kind.MISFIRE, MISTAKE, (card,),
                     f"{self.name(p)} played {self.show(card)}, which did not fit "
                     f"(the {self.game.suit_name(suit)} row {at}); {self.name(p)} thought it "
                     f"could be {belief}. {lives[0].upper()}{lives[1:]}.",
                     MisfireDetails(believed=belief))
        self.lost(t, p, card, w.misfired)


def fold(outcome: Finding, kind: Kind, severity: Severity, message: str,
         cards: tuple[int, ...] = ()) -> Finding:
    """An outcome note that also says the judgement on its move (issue #31: one move,
    one note): the judgement's sentence after the outcome's, its kind and severity in
    `details["judged"]` (what the re-dealing test compares), the note's severity the
    worse of the two; the judgement's other cards are `related`."""
    worse = min(outcome.severity, severity, key=attrgetter("order"))
    details = {**outcome.details, "judged": [kind.value, severity.value]}
    more = [c for c in cards if c not in outcome.cards]  # the cards it names too
    if more:  # (a view that hides a player's cards hides the note when one is theirs)
        details["related"] = [*outcome.details.get("related", ()), *more]
    return replace(outcome, severity=worse, message=f"{outcome.message} {message}",
                   details=details)


def judged(f: Finding) -> tuple[Kind, Severity] | None:
    """The judgement a note makes on its move: its own kind and severity, or, for an
    outcome note, the judgement folded into it (None: it judges nothing)."""
    if not f.kind.is_outcome:
        return f.kind, f.severity
    folded = f.details.get("judged")
    return (Kind(folded[0]), Severity(folded[1])) if folded else None


DEFAULT_CONVENTIONS = Conventions()
_turn = attrgetter("turn")  # a finding's turn (the sort key of a review's notes)


def apply_conventions(tk: TimelineKnowledge, reading: GameReading,
                      findings: tuple[Finding, ...]) -> tuple[Finding, ...]:
    """The findings with the conventions' notes added and their changes made
    (`conventions.findings`), in turn order (a turn's own notes first)."""
    notes, changes = convention_findings(tk, reading, findings)
    if not notes and not changes:
        return findings
    out = [replace(f, kind=changes[i].kind, severity=changes[i].severity,
                   message=changes[i].message) if i in changes else f
           for i, f in enumerate(findings)]
    out += [Finding(*note) for note in notes]
    return tuple(sorted(out, key=_turn))


def _judge_pace(record: Record, clock: tuple[ClockPoint, ...], loss: LossDate | None,
                findings: tuple[Finding, ...]) -> tuple[Finding, ...]:
    """The out-of-pace notes judged by the exact best (`loss.pace_verdict`), and a note
    on a clue or discard at pace <= 0 on the turn the solver proves lost the perfect
    score (`loss.paced_loss`)."""
    out = []
    for f in findings:
        if f.kind == Kind.OUT_OF_PACE and f.severity == MISTAKE:
            fault, why = pace_verdict(f.turn, loss)
            f = replace(f, severity=MISTAKE if fault else INFO, message=f.message + why)
        out.append(f)
    game, tl = record.game, record.timeline
    turn = None if loss is None else loss.turn
    if (loss is not None and turn and not any(
            f.kind == Kind.OUT_OF_PACE and f.turn == turn for f in out)):
        p = tl[turn - 1].player(game)
        said = paced_loss(loss, tl.actions[turn - 1], clock[turn - 1].pace, game.players[p],
                          words(game.ruleset))
        if said:
            out.append(Finding(turn, p, Kind.OUT_OF_PACE, MISTAKE, (), said, {}))
            out.sort(key=_turn)
    return tuple(out)


def analyze(source: Record | GameLog | str | os.PathLike[str] | dict[str, Any],
            conventions: Conventions | None = DEFAULT_CONVENTIONS,
            valuer: MoveValuer | None = None) -> Analysis:
    """The whole review of a game: a Record, a typed GameLog, a path or JSON data
    (raises NovaError for a bad log). `analysis.clock` has one record per turn.
    `conventions` reads every clue as its players meant it (H-Group, level 5 by
    default; None: no reading, and the notes make no convention claim). The endgame's
    fault notes are judged by value from the mover's information (`endgame`); with
    `valuer` (`analyze --value`), every other fault note too."""
    record = as_record(source)
    tk = timeline_knowledge(record.timeline)
    reading = read_game(tk, conventions) if conventions is not None else None
    clock = clock_of(record, tk)
    reviewer = _Reviewer(record, tk, clock, reading)
    reviewer.review()
    findings = tuple(reviewer.findings)
    if reading is not None:
        findings = apply_conventions(tk, reading, findings)
    perfect = record.game.ruleset.perfect_score
    final = record.timeline.final
    # The clock dates the loss too late, never too early: the solver finds the turn.
    clock_turn = next((p.turn for p in clock if p.max_score < perfect or (
        p.pace < 0 and not play_ended(record.timeline.states[p.turn]))), None)
    loss = None if clock_turn is None else date_perfect_loss(record.timeline, clock_turn)
    findings = _judge_pace(record, clock, loss, findings)
    findings = judge_by_value(record, [p.pace for p in clock], findings, valuer, reading)
    findings = fold_verdicts(tk, reading, findings)
    count = Counter([f.severity for f in findings])
    summary = Summary(
        score=final.score, max_score=clock[-1].max_score, perfect_score=perfect,
        blunders=count[BLUNDER], mistakes=count[MISTAKE], info=count[INFO], good=count[GOOD],
        wasted_hints=len([f for f in findings if f.kind == Kind.WASTED_HINT]),
        hints=len([a for a in record.timeline.actions if type(a) is Hint]),
        efficiency=clock[-1].efficiency, ending=final.ending,
        perfect_lost_turn=None if loss is None else loss.turn,
        perfect_lost_exact=loss is not None and loss.exact,
    )
    return Analysis(record, tk, clock, findings, summary, reading)
