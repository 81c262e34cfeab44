"""Fault notes judged by value from the mover's information (issue #31 item 5, issue #33
item 4; docs/analysis.md, "Endgame notes judged by value").

A note that faults a move says so only if another move had a higher expected final score,
by at least `FAULT_THRESHOLD` points, over the deals the mover could not tell apart, with
the rest of the game played by players acting on what they knew:

- in the endgame (`rollout.in_endgame`: the draw pile holds at most one card before the
  move, or the pace is at most 0), always, by the endgame valuer (`rollout.value_moves`:
  exact over every such deal when they are few, else a seeded sample): a fault note on a
  move within the threshold of the best becomes info and says why; a final-round stall the
  notes excused ("a stall, no mistake") becomes a mistake when a move was better by the
  threshold;
- elsewhere, only when a valuer is given (`analyze(valuer=...)`: `analyze --value` passes
  the convention player's values, `play.value_notes`).

Every judged note gets the figures: the move played, the best move, their expected final
scores, and whose information they come from.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any, Protocol

from ..conventions.game import GameReading
from ..conventions.reading import Reading, asks_play
from ..knowledge.tiers import Tracker
from ..record.load import Record
from ..rules.engine import Timeline
from ..rules.game import Action, Discard, Game, Hint
from ..rules.words import words
from .rollout import EXACT_DEALS, in_endgame, value_moves, values_supported
from .vocabulary import FindingLike, Kind, Severity

# Expected loss (points) from which a note may fault a move: the inaccuracy threshold of
# the move values (`play.value.INACCURACY` is this number).
FAULT_THRESHOLD = 0.5
_TIE = 0.005  # a move within this of the best is the best (figures are shown to 2 places)


@dataclass(frozen=True)
class Valuation:
    """One turn's move valued from its mover's information: the expected final score
    after the move played and after the best move weighed, and how they were found
    (`basis`, said in the note: 'exact over the 12 deals Ann could not tell apart')."""

    played: float
    best: float
    best_move: Action
    basis: str

    @property
    def loss(self) -> float:
        return max(0.0, self.best - self.played)


class MoveValuer(Protocol):
    """Values the move of a turn from its mover's information, or None when it cannot
    (`analyze --value` passes one made from the convention player's move values)."""

    def __call__(self, turn: int) -> Valuation | None: ...


def called_before(reading: GameReading | None, timeline: Timeline, turn: int) -> frozenset[int]:
    """The cards still held before `turn` that an earlier clue asked its target to play,
    as the target read it (`reading.asks_play` with the focus unseen: a play clue, not a
    clue that may be a save): the rollout's players play them when they may, as the
    players of the game would (none when no convention reads the game)."""
    if reading is None:
        return frozenset()
    held = {c for hand in timeline[turn - 1].hands for c in hand}
    return frozenset(r.focus for r in reading.turns[1:turn]
                     if isinstance(r, Reading) and r.focus in held
                     and asks_play(r.meaning, False, r.saved))


def endgame_valuer(timeline: Timeline, reading: GameReading | None = None
                   ) -> Callable[[int, Tracker], Valuation]:
    """The endgame valuer of a game, as a Valuation (`rollout.value_moves`), the clues
    before each turn read by `reading` (`called_before`)."""
    game = timeline.game

    def value(turn: int, tracker: Tracker) -> Valuation:
        v = value_moves(timeline, turn, tracker, calls=called_before(reading, timeline, turn))
        best, top = v.best
        name = game.players[timeline[turn - 1].player(game)]
        deals = "the one deal" if v.deals == 1 else f"the {v.deals} deals"
        how = (f"exact over {deals} {name} could not tell apart" if v.exact
               else f"{v.deals} deals sampled from the more than {EXACT_DEALS} {name} could "
                    f"not tell apart")
        return Valuation(v.played, top, best,
                         f"{how}, the rest played by each player from their own knowledge")

    return value


def _judged_here(f: FindingLike, mover: int, endgame: bool) -> bool:
    """Whether a note is weighed by value: a fault on the mover's own move, or (in the
    endgame) a stall or clue the notes excused as no waste, or a gamble."""
    if f.player != mover:
        return False
    if endgame and f.kind == Kind.MISSED_SAVE:
        return False  # (the endgame valuer weighs no save clue: `rollout.candidates`)
    return f.severity.is_fault or (endgame and f.kind in (Kind.WASTED_HINT, Kind.GAMBLE)
                                   and f.severity != Severity.GOOD)


def judge_by_value(record: Record, paces: Sequence[int], findings: Sequence[Any],
                   valuer: MoveValuer | None = None,
                   reading: GameReading | None = None) -> tuple[Any, ...]:
    """The notes, each fault (and each excused endgame stall) judged by value (module
    docstring): in the endgame always, elsewhere with `valuer`. `paces[t]`: the pace
    after turn t (the clock's)."""
    tl = record.timeline
    game = tl.game
    supported = values_supported(game)
    wanted: dict[int, bool] = {}  # turn -> in the endgame
    for f in findings:
        if f.turn < 1 or f.turn > len(tl.actions):
            continue
        before = tl[f.turn - 1]
        endgame = supported and in_endgame(game, before, paces[f.turn - 1])
        if (endgame or valuer is not None) and _judged_here(f, before.player(game), endgame):
            wanted[f.turn] = endgame
    if not wanted:
        return tuple(findings)
    values: dict[int, Valuation | None] = {}
    endgame_turns = sorted(t for t, e in wanted.items() if e)
    if endgame_turns:
        value = endgame_valuer(tl, reading)
        tracker = Tracker(game)
        done = 0
        for t in endgame_turns:
            for k in range(done, t - 1):
                tracker.update(tl[k], tl.actions[k], tl[k + 1])
            done = t - 1
            values[t] = value(t, tracker)
    for t, e in wanted.items():
        if not e and valuer is not None:
            values[t] = valuer(t)
    out = []
    for f in findings:
        v = values.get(f.turn)
        if v is not None and _judged_here(f, tl[f.turn - 1].player(game), wanted[f.turn]):
            f = rejudge(game, tl, f, v)
        out.append(f)
    return tuple(out)


def move_words(game: Game, hand: tuple[int, ...], action: Action) -> str:
    """'a clue of 3s to Ben', 'a play of slot 2', 'a discard of slot 4' (slots as the
    mover's hand had them)."""
    if isinstance(action, Hint):
        return (f"a {words(game.ruleset).hint} of {game.describe_hint(action)} to "
                f"{game.players[action.to]}")
    slot = hand.index(action.card) + 1 if action.card in hand else 0
    return f"a {'discard' if type(action) is Discard else 'play'} of slot {slot}"


def _without_excuse(message: str) -> str:
    """A clue's note without the final-round sentence the clue rules added (`findings`:
    "In the final round, ... a stall, no mistake", "... but blue to Ben was a play
    clue"), which the verdict by value replaces when it disagrees."""
    return message.split(" In the final round")[0].split(" Yet in the final round")[0]


def rejudge(game: Game, tl: Timeline, f: Any, v: Valuation) -> Any:
    """One note judged by value: a fault within the threshold of the best becomes info
    (an outcome note too: its cost stays in its words and details), an excused stall a
    threshold below the best becomes a mistake; each says the figures, from whose
    information, and keeps them in `details["valued"]` (played, best, loss)."""
    f = replace(f, details={**f.details, "valued": {
        "played": round(v.played, 4), "best": round(v.best, 4), "loss": round(v.loss, 4)}})
    before = tl[f.turn - 1]
    name = game.players[f.player]
    hand = before.hands[f.player]
    played = move_words(game, hand, tl.actions[f.turn - 1])
    loss = v.loss
    said = f"By expected final score from {name}'s information ({v.basis}): "
    if loss <= _TIE:
        said += f"{played} expected {v.played:.2f}, as good as any move weighed"
    else:
        said += (f"{played} expected {v.played:.2f}, {move_words(game, hand, v.best_move)} "
                 f"{v.best:.2f}")
    if f.severity.is_fault:
        if loss >= FAULT_THRESHOLD:
            return replace(f, message=f"{f.message} {said}: {loss:.2f} points lost.")
        verdict = ("the best move" if loss <= _TIE else
                   f"{loss:.2f} points short of the best, under the {FAULT_THRESHOLD:g}-point "
                   f"threshold")
        outcome = "; what it lost is an outcome" if f.kind.is_outcome else ""
        details = dict(f.details)
        if "judged" in details:
            details["judged"] = [details["judged"][0], Severity.INFO.value]
        return replace(f, severity=Severity.INFO, details=details,
                       message=f"{_without_excuse(f.message)} {said}: {verdict}, no "
                               f"fault{outcome}.")
    if f.kind == Kind.GAMBLE:  # a blind play no clue called, judged by its value
        if loss >= FAULT_THRESHOLD:
            return replace(f, severity=Severity.MISTAKE,
                           message=f"{f.message} {said}: {loss:.2f} points lost, a mistake.")
        if loss <= _TIE:
            return replace(f, severity=Severity.GOOD,
                           message=f"{f.message} {said}: the right move.")
        return replace(f, message=f"{f.message} {said}.")
    if loss >= FAULT_THRESHOLD:  # (the excuse the notes gave is dropped: it is wrong)
        return replace(f, severity=Severity.MISTAKE,
                       message=f"{_without_excuse(f.message)} {said}: {loss:.2f} points "
                               f"lost, a mistake.")
    return replace(f, message=f"{f.message} {said}.")


__all__ = ["FAULT_THRESHOLD", "MoveValuer", "Valuation", "judge_by_value", "move_words"]
