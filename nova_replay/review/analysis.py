"""The review of a game: the draw-pile clock, findings and teaching notes.

Every term is DESIGN.md's ("Analysis"): critical, trash, max score, pace, lost
critical card, wasted hint, efficiency. `analyze` reads a replay and its knowledge
and never reaches back into parsing.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from ..record.load import Record, as_record
from ..record.log import GameLog
from ..rules.cards import rank_text
from ..rules.engine import STRIKEOUT, Timeline
from ..rules.game import Discard, Hint, Play
from .knowledge import CardKnowledge, TimelineKnowledge, chop_slot, knows_playable, timeline_knowledge
from .status import Identities, Status, capped_max_score, pace

BLUNDER, MISTAKE, GOOD = "blunder", "mistake", "good"
SEVERITIES = (BLUNDER, MISTAKE, GOOD)
KINDS = ("lost_critical", "strikeout", "misfire", "wasted_hint", "discard_hinted",
         "discard_with_playable", "out_of_pace", "good_hint_playable", "good_save")


@dataclass(frozen=True)
class Finding:
    """One teaching note: what happened at `turn`, by `player`, to `cards`, and why it
    matters, in one plain sentence."""

    turn: int
    player: int
    kind: str
    severity: str
    cards: tuple[int, ...]  # deck indices
    message: str
    details: dict[str, Any] = field(default_factory=dict, compare=False)


class ClockPoint(NamedTuple):
    """The draw-pile clock after one turn."""

    turn: int
    draw_pile: int
    pace: int
    score: int
    max_score: int  # capped by the turns left in the final round
    efficiency: float | None  # cards gotten per hint spent; None before the first hint
    final_turns_left: int | None  # None until the draw pile runs out


@dataclass(frozen=True)
class Summary:
    score: int
    max_score: int
    perfect_score: int
    blunders: int
    mistakes: int
    good: int
    wasted_hints: int
    hints: int
    efficiency: float | None
    perfect_lost_turn: int | None  # the first turn after which a perfect show was impossible
    ending: str | None


@dataclass(frozen=True)
class Analysis:
    record: Record
    knowledge: TimelineKnowledge
    clock: tuple[ClockPoint, ...]
    findings: tuple[Finding, ...]
    summary: Summary

    @property
    def timeline(self) -> Timeline:
        return self.record.timeline

    @property
    def ids(self) -> Identities:
        return self.knowledge.ids

    def notes_at(self, turn: int) -> tuple[Finding, ...]:
        return tuple(f for f in self.findings if f.turn == turn)

    def chop(self, turn: int, player: int) -> int | None:
        """0-based slot of `player`'s chop after `turn`: their oldest unhinted card."""
        return hand_chop(self.knowledge.of(turn, player))

    def lost_cards(self, turn: int) -> set[int]:
        """Deck indices of the critical cards lost up to `turn`."""
        return {c for f in self.findings if f.kind == "lost_critical" and f.turn <= turn
                for c in f.cards}


def hand_chop(hand: tuple[CardKnowledge, ...]) -> int | None:
    """0-based slot of a hand's chop: its oldest unhinted card."""
    return chop_slot([k.touched for k in hand])


class _Reviewer:
    """Walks the turns once, collecting findings."""

    def __init__(self, record: Record, tk: TimelineKnowledge) -> None:
        self.record, self.tk = record, tk
        self.game = record.game
        self.ids = tk.ids
        self.findings: list[Finding] = []

    def name(self, p: int) -> str:
        return self.game.players[p]

    def show(self, card: int) -> str:
        return self.game.card_text(card)

    def add(self, turn: int, player: int, kind: str, severity: str, cards: tuple[int, ...],
            message: str, **details: Any) -> None:
        self.findings.append(Finding(turn, player, kind, severity, cards, message, details))

    def review(self, clock: tuple[ClockPoint, ...]) -> None:
        tl = self.record.timeline
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
            if not pace_out and point.pace < 0 and not tl[t].over:
                pace_out = True
                max_score = self.tk.statuses[t].max_score
                self.add(t, p, "out_of_pace", MISTAKE, (),
                         f"After this turn the pace is {point.pace}: the draw pile can no longer "
                         f"last until max score {max_score} is played; more cards will have to "
                         f"be lost.")

    def hint(self, t: int, p: int, hint: Hint) -> None:
        game, tk = self.game, self.tk
        before_k, after_k = tk.of(t - 1, hint.to), tk.of(t, hint.to)
        st = tk.statuses[t - 1]
        receiver = self.name(hint.to)
        named = game.describe_hint(hint)
        touched = game.touched(hint, tuple(k.card for k in before_k))
        said = f"{self.name(p)} hinted {named} to {receiver}"
        hinted_elsewhere = self._touched_identities(t - 1, exclude=touched)
        reasons = [self.trash_reason(st, c, hinted_elsewhere) for c in touched]
        if all(reasons):
            why = "; ".join(f"{self.show(c)} {r}" for c, r in zip(touched, reasons, strict=True))
            # The hinted copies the note names: a view that hides a player's own cards
            # must hide the note when that player holds one of them.
            related = sorted({hinted_elsewhere[self.ids.of_card[c]][1] for c in touched
                              if self.ids.of_card[c] in hinted_elsewhere})
            self.add(t, p, "wasted_hint", MISTAKE, touched,
                     f"{said}, but it touched only trash ({why}).", reason="only_trash",
                     related=related)
            return
        if all(b.deduced == a.deduced for b, a in zip(before_k, after_k, strict=True)):
            self.add(t, p, "wasted_hint", MISTAKE, touched,
                     f"{said}, but {receiver} learned nothing new about any card.",
                     reason="nothing_new")
            return
        made = tuple(a.card for b, a in zip(before_k, after_k, strict=True)
                     if knows_playable(a, st) and not knows_playable(b, st))
        if len(made) >= 2:
            self.add(t, p, "good_hint_playable", GOOD, made,
                     f"{said}: {len(made)} cards became known playable at once "
                     f"({', '.join(self.show(c) for c in made)}).")
        chop = hand_chop(before_k)
        if chop is not None:
            card = before_k[chop].card
            i = self.ids.of_card[card]
            # A save, not a play hint: the card is critical and cannot be played yet.
            if card in touched and (st.critical >> i) & 1 and not (st.playable >> i) & 1:
                which = "only" if self.ids.copies[i] == 1 else "last"
                self.add(t, p, "good_save", GOOD, (card,),
                         f"{said} and saved {self.show(card)} on {receiver}'s chop: it is the "
                         f"{which} {self.show(card)}.")

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
            return f"is already hinted in {self.name(hinted[i][0])}'s hand"
        return ""

    def _touched_identities(self, turn: int, exclude: tuple[int, ...]
                            ) -> dict[int, tuple[int, int]]:
        """Identities of cards already hinted in any hand (a copy of one is trash), with
        who holds such a card and which card it is."""
        return {self.ids.of_card[k.card]: (p, k.card) for p, hand in enumerate(self.tk.hands[turn])
                for k in hand if k.touched and k.card not in exclude}

    def lost(self, t: int, p: int, card: int, verb: str) -> bool:
        st_before, st_after = self.tk.statuses[t - 1], self.tk.statuses[t]
        i = self.ids.of_card[card]
        if not (st_before.critical >> i) & 1:
            return False
        game = self.game
        hinted = next(k.touched for k in self.tk.of(t - 1, p) if k.card == card)
        drop = st_before.max_score - st_after.max_score
        suit = game.suit_of[card]
        if suit < 0:
            what = "a joker the rows needed to bridge a lost card"
            effect = f"max score is now {st_after.max_score}"
        else:
            letter = game.ruleset.suits[suit]
            reach = st_after.reach[suit]
            row = game.suit_name(suit)
            what = (f"{self.show(card)}, the {'only' if self.ids.copies[i] == 1 else 'last'} "
                    f"{self.show(card)}")
            if drop == 0:
                effect = (f"only a spare joker can now take its place in {row} "
                          f"(max score {st_after.max_score})")
            elif reach:
                effect = (f"{row} can now reach {rank_text(reach, letter)} at most "
                          f"(max score {st_after.max_score})")
            else:
                effect = f"{row} can no longer score (max score {st_after.max_score})"
        self.add(t, p, "lost_critical", BLUNDER, (card,),
                 f"{self.name(p)} {verb} {what}{' (it had been hinted)' if hinted else ''}: "
                 f"{effect}.",
                 drop=drop, hinted=hinted, max_score=st_after.max_score)
        return True

    def discard(self, t: int, p: int, card: int) -> None:
        before_k = self.tk.of(t - 1, p)
        st = self.tk.statuses[t - 1]
        if self.lost(t, p, card, "discarded"):
            return
        k = next(k for k in before_k if k.card == card)
        if k.touched and not self.trash_reason(st, card, self._touched_identities(t - 1, (card,))):
            self.add(t, p, "discard_hinted", MISTAKE, (card,),
                     f"{self.name(p)} discarded {self.show(card)}, a hinted card that was still "
                     f"needed.")
            return
        playable = [o.card for o in before_k if o.card != card and knows_playable(o, st)]
        if playable:
            self.add(t, p, "discard_with_playable", MISTAKE, (card, *playable),
                     f"{self.name(p)} discarded {self.show(card)} while holding "
                     f"{self.show(playable[0])}, which {self.name(p)} knew was playable.")

    def play(self, t: int, p: int, play: Play) -> None:
        tl = self.record.timeline
        before, after = tl[t - 1], tl[t]
        if after.lives == before.lives:
            return
        card = play.card
        k = next(k for k in self.tk.of(t - 1, p) if k.card == card)
        options = self.ids.members(k.deduced)
        belief = (" or ".join(self.ids.show(i) for i in options) if len(options) <= 4
                  else f"any of {len(options)} cards")
        suit = self.game.suit_of[card]
        letter = self.game.ruleset.suits[suit]
        height = before.rows[suit]
        at = f"was at {rank_text(height, letter)}" if height else "was empty"
        if after.ending == STRIKEOUT:
            outcome = ("the show is cancelled (gentle show: the score is kept)"
                       if self.game.ruleset.gentle_show else "the show is cancelled: score 0")
            self.add(t, p, "strikeout", BLUNDER, (card,),
                     f"{self.name(p)} played {self.show(card)} and lost the last life: {outcome}.",
                     believed=belief)
        else:
            lives = f"{after.lives} {'life' if after.lives == 1 else 'lives'} left"
            self.add(t, p, "misfire", MISTAKE, (card,),
                     f"{self.name(p)} played {self.show(card)}, which did not fit "
                     f"(the {self.game.suit_name(suit)} row {at}); {self.name(p)} thought it "
                     f"could be {belief}. {lives}.", believed=belief)
        self.lost(t, p, card, "misfired")


def _clock(record: Record, tk: TimelineKnowledge) -> tuple[ClockPoint, ...]:
    game, tl, of_card = record.game, record.timeline, tk.ids.of_card
    deck_size = len(game.deck)
    points = []
    hints = 0
    for t, state in enumerate(tl.states):
        if t and type(tl.actions[t - 1]) is Hint:
            hints += 1
        st: Status = tk.statuses[t]
        max_score = capped_max_score(game, state, st.max_score) if not state.over else state.score
        efficiency = None
        if hints:
            # Hinted cards count once per identity: a second hinted copy is trash.
            trash = st.trash
            useful = 0
            for hand in tk.hands[t]:
                for k in hand:
                    if k.touched and not (trash >> of_card[k.card]) & 1:
                        useful |= 1 << of_card[k.card]
            efficiency = round((sum(state.rows) + useful.bit_count()) / hints, 3)
        points.append(_new_point(ClockPoint, (
            t, deck_size - state.drawn, pace(game, state, st.max_score), state.score, max_score,
            efficiency, state.final_turns if state.final_turns >= 0 else None)))
    return tuple(points)


_new_point = tuple.__new__


def analyze(source: Record | GameLog | str | os.PathLike[str] | dict[str, Any]) -> Analysis:
    """The whole review of a game: a Record, a typed GameLog, a path or JSON data
    (raises NovaError for a bad log). `analysis.clock` has one record per turn."""
    record = as_record(source)
    tk = timeline_knowledge(record.timeline)
    clock = _clock(record, tk)
    reviewer = _Reviewer(record, tk)
    reviewer.review(clock)
    findings = tuple(reviewer.findings)
    perfect = record.game.ruleset.perfect_score
    final = record.timeline.final
    lost_turn = next((p.turn for p in clock if p.max_score < perfect), None)
    count = {s: sum(f.severity == s for f in findings) for s in SEVERITIES}
    summary = Summary(
        score=final.score, max_score=clock[-1].max_score, perfect_score=perfect,
        blunders=count[BLUNDER], mistakes=count[MISTAKE], good=count[GOOD],
        wasted_hints=sum(f.kind == "wasted_hint" for f in findings),
        hints=sum(type(a) is Hint for a in record.timeline.actions),
        efficiency=clock[-1].efficiency, perfect_lost_turn=lost_turn, ending=final.ending,
    )
    return Analysis(record, tk, clock, findings, summary)
