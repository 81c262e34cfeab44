"""What a convention player would have done: at each turn where the mover drew a
blunder or a mistake, the convention bot's move from that player's own view (the same
`View` the bots play from, cut by `review.perspective`), offered when it avoids the
fault (`review.whatif`). A suggestion, not a verdict: the bot knows only the
convention (bots.py) and what the rules let that player see.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..knowledge.tiers import knows_playable, knows_trash
from ..review.analysis import Analysis
from ..review.vocabulary import Kind
from ..review.whatif import avoids_faults
from ..rules.game import Action, Discard, Hint
from ..rules.words import words
from .bots import ConventionBot
from .simulate import Table


@dataclass(frozen=True)
class Suggestion:
    """The convention bot's move at `turn`, in words."""

    turn: int
    player: int
    action: Action
    text: str  # "A convention player would have discarded slot 4."


def convention_moves(analysis: Analysis) -> dict[int, Suggestion]:
    """Per faulted turn, the convention bot's move from the mover's own view."""
    wanted = set(analysis.faulted_turns())
    if not wanted:
        return {}
    game, tl = analysis.record.game, analysis.timeline
    table, bot = Table(game), ConventionBot()
    out: dict[int, Suggestion] = {}
    for turn, taken in enumerate(tl.actions, start=1):
        if turn in wanted:
            me = tl[turn - 1].player(game)
            action = bot.decide(table.view(me))
            out[turn] = Suggestion(turn, me, action, _say(analysis, turn, me, action))
        table.step(taken)
    return out


def suggestions(analysis: Analysis) -> dict[int, Suggestion]:
    """Per faulted turn, the convention bot's move when it differs from the move taken,
    draws no blunder or mistake itself, and makes the save the move taken missed."""
    tl = analysis.timeline
    return {t: s for t, s in convention_moves(analysis).items()
            if s.action != tl.actions[t - 1] and avoids_faults(analysis, t, s.action)
            and saves_missed(analysis, t, s.action)}


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
    """The move in the game's words, with what the player knew of the card."""
    game = analysis.record.game
    w = words(game.ruleset)
    if isinstance(action, Hint):
        return (f"A convention player would have {w.hinted} {game.describe_hint(action)} to "
                f"{game.players[action.to]}.")
    hand = analysis.knowledge.of(turn - 1, me)
    slot = next(s for s, k in enumerate(hand) if k.card == action.card)
    st = analysis.knowledge.statuses[turn - 1]
    if type(action) is Discard:
        why = " (known trash)" if knows_trash(hand[slot], st) else ""
        return f"A convention player would have discarded slot {slot + 1}{why}."
    why = " (known playable)" if knows_playable(hand[slot], st) else ""
    return f"A convention player would have played slot {slot + 1}{why}."
