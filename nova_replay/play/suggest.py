"""What a teacher would have suggested (issue #31, item 6): at each turn where the mover
drew a blunder or a mistake, a move from that player's own seat, offered only when it
passes the teacher's check (`play.teacher`: a play of a card they knew playable, a clue
its receiver reads, by the convention reader, as a play or save of the card it is meant
for) and the judge's (`review.whatif.avoids_faults`: it draws no fault and loses nothing).

The moves offered: the convention player's (`play.convention`: it reads every clue as
its receiver will), then the basic bot's (`play.bots`). None is suggested when the first
that passes the teacher's check is the move taken (no move was better), or when none
passes. A suggestion, not a verdict: it says what one good move was.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from ..conventions.reading import NAMES
from ..knowledge.tiers import knows_trash
from ..review.analysis import Analysis
from ..review.evaluation import Evaluation
from ..review.mover import Memo, MoverView
from ..review.vocabulary import Kind
from ..review.whatif import avoids_faults
from ..review.witness import CANDIDATE_BUDGET
from ..rules.engine import apply
from ..rules.game import Action, Discard, Hint, Play
from ..rules.words import words
from ..solver.exact import Budget, Solver, solve
from .bots import ConventionBot, can_play_blind
from .convention import ConventionPlayer
from .simulate import Table, step
from .teacher import fault, known_playable, readings


@dataclass(frozen=True)
class Suggestion:
    """The convention bot's move at `turn`, in words."""

    turn: int
    player: int
    action: Action
    text: str  # "A convention player would have discarded slot 4."


def convention_moves(analysis: Analysis) -> dict[int, Suggestion]:
    """Per faulted turn, the first move a teacher may suggest (`teacher.fault`: a card
    known playable, a clue its receiver reads as meant) of the convention player's and
    the basic bot's (`candidates`); turns where neither passes have none."""
    out: dict[int, Suggestion] = {}
    for turn, (mover, found) in candidates(analysis).items():
        pick = next((a for a in found if not fault(mover, a)), None)
        if pick is not None:
            out[turn] = Suggestion(turn, mover.player, pick, _say(analysis, turn, mover.player, pick))
    return out


def candidates(analysis: Analysis) -> dict[int, tuple[MoverView, tuple[Action, ...]]]:
    """Per faulted turn, the mover's view and the moves offered, each from the mover's
    own seat: first the play a fault note there names (`remedies`: so the note and its
    suggestion say one thing), then the convention player's (it reads every clue as its
    receiver will, `play.convention`; not for a game no convention reads), then the basic
    bot's."""
    wanted = set(analysis.faulted_turns())
    if not wanted:
        return {}
    game, tl = analysis.record.game, analysis.timeline
    reading = analysis.reading
    player = (ConventionPlayer(reading.conventions.level)
              if reading is not None and not reading.not_read else None)
    movers = {tl[t - 1].player(game) for t in wanted}
    seats = [player.sit(game, p) if player is not None and p in movers else None
             for p in range(len(game.players))]
    table, bot = Table(game), ConventionBot()
    memo = Memo()
    out: dict[int, tuple[MoverView, tuple[Action, ...]]] = {}
    for turn, taken in enumerate(tl.actions, start=1):
        if turn in wanted:
            me = tl[turn - 1].player(game)
            mover = MoverView(analysis.knowledge, reading, turn, me, memo)
            found = remedies(analysis, mover, taken)
            if player is not None:
                found.append(player.choose(table, seats[me]))
            found.append(bot.decide(table.view(me)))
            out[turn] = (mover, tuple(dict.fromkeys(found)))
        step(table, seats, taken)
    return out


def remedies(analysis: Analysis, mover: MoverView, taken: Action) -> list[Action]:
    """The plays a fault note at the mover's turn names: a card of theirs the note is
    about (a called card discarded, a known playable card discarded) that they knew
    playable (`teacher.known_playable`, the judge's view of the mover), other than the
    move taken."""
    hand = mover.state.hands[mover.player]
    space = mover.game.space
    out: list[Action] = []
    for f in analysis.notes_at(mover.turn):
        if not f.severity.is_fault or f.player != mover.player:
            continue
        for card in f.cards:
            play = Play(card)
            if (card in hand and play != taken and play not in out
                    and can_play_blind(space, mover.mask(card))
                    and known_playable(mover, card)):
                out.append(play)
    return out


def suggestions(analysis: Analysis) -> dict[int, Suggestion]:
    """Per faulted turn, the first candidate (`candidates`) a teacher may suggest
    (`teacher.fault`) that draws no blunder or mistake itself (never the move a note
    faults), loses nothing, and makes the save the move taken missed. None where the
    move taken is the first the teacher's check passes: no move was better."""
    tl = analysis.timeline
    out: dict[int, Suggestion] = {}
    for turn, (mover, found) in candidates(analysis).items():
        for action in found:
            if fault(mover, action):
                continue
            if action == tl.actions[turn - 1]:
                break
            if saves_missed(analysis, turn, action) and avoids_faults(analysis, turn, action):
                out[turn] = Suggestion(turn, mover.player, action,
                                       _say(analysis, turn, mover.player, action))
                break
    return out


def solver_agrees(analysis: Analysis, found: Mapping[int, Suggestion], evaluation: Evaluation,
                  budget: Budget = CANDIDATE_BUDGET) -> dict[int, Suggestion]:
    """`found` less the suggestions the exact solver proves worse than the move taken
    (best possible after the suggestion below what the move taken is proven to keep):
    with `--solve`, a note, its suggestion and the solver's figures give one verdict
    (issue #31, item 7). Each suggestion gets one search within `budget`."""
    game, tl = analysis.record.game, analysis.timeline
    solver = Solver(game)
    out: dict[int, Suggestion] = {}
    for turn, s in found.items():
        kept = evaluation.points[turn].lower  # what the move taken is proven to keep
        after = solve(game, apply(game, tl[turn - 1], s.action), budget, solver)
        if after.upper >= kept:
            out[turn] = s
    return out


def saves_missed(analysis: Analysis, turn: int, action: Action) -> bool:
    """Whether `action` touches every card a missed-save note at `turn` names (true when
    there is none): the bot knows no chop move, so its save may touch a chop-moved card
    while the card on the chop (`conventions.chop_at`) is still lost next turn."""
    missed = [c for f in analysis.notes_at(turn) if f.kind == Kind.MISSED_SAVE for c in f.cards]
    if not missed:
        return True
    if not isinstance(action, Hint):
        return False
    game = analysis.record.game
    touched = game.touched(action, analysis.timeline[turn - 1].hands[action.to])
    return all(c in touched for c in missed)


def _say(analysis: Analysis, turn: int, me: int, action: Action) -> str:
    """The move in the game's words, with what the player knew of the card, or what the
    clue's receiver reads it as."""
    game = analysis.record.game
    w = words(game.ruleset)
    mover = MoverView(analysis.knowledge, analysis.reading, turn, me)
    if isinstance(action, Hint):
        found = readings(mover, action)
        said = ""
        if found is not None:
            meant, heard = found
            name = NAMES.get(heard.convention, heard.convention).replace(" clue", f" {w.hint}")
            card = game.space.show(meant.truth) if meant.truth is not None else "card"
            said = f" ({'an' if name[0] in 'AEIOU' else 'a'} {name} on slot " \
                   f"{heard.focus_slot + 1}, the {card})"
        return (f"A convention player would have {w.hinted} {game.describe_hint(action)} to "
                f"{game.players[action.to]}{said}.")
    hand = analysis.knowledge.of(turn - 1, me)
    slot = next(s for s, k in enumerate(hand) if k.card == action.card)
    st = analysis.knowledge.statuses[turn - 1]
    if type(action) is Discard:
        why = " (known trash)" if knows_trash(hand[slot], st) else ""
        return f"A convention player would have discarded slot {slot + 1}{why}."
    how = known_playable(mover, action.card, w.hint)
    why = f" ({how})" if how else ""
    return f"A convention player would have played slot {slot + 1}{why}."
