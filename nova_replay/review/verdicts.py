"""One verdict per move (issue #31, item 7): a move that drew both a good note and a fault
note on its mover's judgement (a save that also broke Good Touch, a play clue given
while a save was due) gets one note that says both, with one severity.

The rule, from H-Group's priorities (https://hanabi.github.io/docs/level-1: Good Touch,
and saves come first): the fault stands, and the note says what good the move did too;
one exception, a save that broke Good Touch is a good save when no clue could have saved
the card breaking none (the save comes first, and it had no cleaner form): then the save
stands, and the note says which card it touched that will need fixing. Whether a cleaner
save existed is the giver's view's: the receiver's hand, which the giver sees, and the
clued cards they knew (`MoverView.clued_identities`).

This module decides, and `fold_verdicts` applies it to the analysis's notes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any, NamedTuple

from ..conventions.chop import chop_at
from ..conventions.game import GameReading
from ..knowledge.tiers import TimelineKnowledge
from ..rules.engine import legal_actions
from ..rules.game import Hint
from .mover import MoverView
from .vocabulary import FindingLike, Kind, Severity


class Verdict(NamedTuple):
    """The one note a move keeps: the index of the note it replaces, its new severity and
    message, and the folded note's kind and severity (`details["folded"]`)."""

    kept: int
    dropped: int
    severity: Severity
    message: str
    folded: tuple[Kind, Severity]


def one_verdict(tk: TimelineKnowledge, read: GameReading | None,
                findings: Sequence[FindingLike]) -> list[Verdict]:
    """The moves whose judgement notes disagree (one good, one a fault, both on the
    mover's move), each folded into one note (module docstring)."""
    moves: dict[int, list[int]] = {}
    n = len(tk.timeline.game.players)
    for i, f in enumerate(findings):
        if not f.kind.is_outcome and f.turn >= 1 and (f.turn - 1) % n == f.player:
            moves.setdefault(f.turn, []).append(i)
    out = []
    for turn, idx in moves.items():
        good = next((i for i in idx if findings[i].severity == Severity.GOOD), None)
        fault = next((i for i in idx if findings[i].severity.is_fault), None)
        if good is None or fault is None:
            continue
        g, f = findings[good], findings[fault]
        if g.kind == Kind.GOOD_SAVE and f.kind == Kind.BAD_CLUE \
                and f.details.get("rule") == "good touch broken":
            cleaner = cleaner_save(tk, read, turn, g.cards[0])
            if cleaner is None:
                shown = tk.timeline.game.card_text(f.cards[0])
                out.append(Verdict(good, fault, Severity.GOOD,
                                   f"{g.message} It also touched {shown} breaking Good "
                                   f"Touch (a card to fix later), but no clue could have "
                                   f"saved it breaking none: the save comes first.",
                                   (f.kind, f.severity)))
            else:
                out.append(Verdict(fault, good, f.severity,
                                   f"{f.message} The clue did save the card on the chop "
                                   f"({g.message.rstrip('.')}), but {cleaner} would have saved it "
                                   f"breaking no Good Touch.", (g.kind, g.severity)))
            continue
        out.append(Verdict(fault, good, f.severity,
                           f"{f.message} The same move did some good, not enough to make up "
                           f"for it: {g.message}", (g.kind, g.severity)))
    return out


def cleaner_save(tk: TimelineKnowledge, read: GameReading | None, turn: int,
                 card: int) -> str | None:
    """Another clue the giver of turn `turn` could have given to save `card` on its
    holder's chop that touches no new card breaking Good Touch as the giver saw it (trash,
    a copy of a clued card they knew, two new copies of one card), and that is no colour
    clue on a 5 (5 Save): its words ("a purple clue"), or None."""
    game = tk.timeline.game
    hint = tk.timeline.actions[turn - 1]
    assert isinstance(hint, Hint)
    before = tk.timeline.states[turn - 1]
    hand = before.hands[hint.to]
    if chop_at(tk, read, turn - 1, hint.to) is None:
        return None
    mover = MoverView(tk, read, turn, (turn - 1) % len(game.players))
    clued = set(mover.clued_identities())
    trash = tk.statuses[turn - 1].trash
    was = tk.touched[turn - 1]
    for other in legal_actions(game, before):
        if type(other) is not Hint or other.to != hint.to or other == hint:
            continue
        touched = game.touched(other, hand)
        if card not in touched or (other.suit >= 0
                                   and game.rank_of[card] == game.ruleset.max_rank):
            continue
        new = [game.identity_of[c] for c in touched if not was[c]]
        if len(set(new)) == len(new) and not any(
                (trash >> i) & 1 or i in clued for i in new):
            return f"a {game.describe_hint(other).removesuffix('s')} clue" \
                if other.suit < 0 else f"a {game.describe_hint(other)} clue"
    return None


def fold_verdicts(tk: TimelineKnowledge, reading: GameReading | None,
                  findings: tuple[Any, ...]) -> tuple[Any, ...]:
    """The notes (the analysis's frozen Findings), one per move where a good note and a
    fault judged it (`one_verdict`): the kept note takes the verdict and says both, the
    other goes."""
    out, gone = list(findings), set()
    for v in one_verdict(tk, reading, findings):
        f = out[v.kept]
        out[v.kept] = replace(f, severity=v.severity, message=v.message, details={
            **f.details, "folded": [v.folded[0].value, v.folded[1].value]})
        gone.add(v.dropped)
    return tuple(f for i, f in enumerate(out) if i not in gone)
