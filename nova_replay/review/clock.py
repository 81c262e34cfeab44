"""The draw-pile clock, turn by turn: draw pile, pace, score, max score, efficiency and
the final round's turns left (docs/definitions.md's terms, each from its one rule in
`knowledge.status`). Its own module so that the analysis, which reads it, stays small."""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from ..knowledge.status import Status, final_turns_left, max_score, pace_of
from ..knowledge.tiers import TimelineKnowledge
from ..record.load import Record
from ..rules.engine import State, tuple_new
from ..rules.game import Hint
from .needed import cards_gotten


class ClockPoint(NamedTuple):
    """The draw-pile clock after one turn."""

    turn: int
    draw_pile: int
    pace: int
    score: int
    max_score: int  # what can still be scored: `status.max_score`, the one rule
    efficiency: float | None  # cards gotten per hint spent; None before the first hint
    final_turns_left: int | None  # None before the final round and once play has ended


def clock_of(record: Record, tk: TimelineKnowledge) -> tuple[ClockPoint, ...]:
    game, tl = record.game, record.timeline
    deck_size, players = len(game.deck), len(game.players)
    points: list[ClockPoint] = []
    add = points.append
    hints = 0
    efficiency = point = None
    for t, (state, st, hinted, action) in enumerate(zip(
            tl.states, tk.statuses, tk.hinted_in_hands, (None, *tl.actions), strict=True)):
        hint = type(action) is Hint
        if hint:
            hints += 1
        if hints:
            # Hinted cards count once per identity: a second hinted copy is trash.
            efficiency = efficiency_of(cards_gotten(state, st, hinted), hints)
        draw_pile = deck_size - state.drawn
        if point is not None and hint and state.final_turns < 0 and state.ending is None:
            # Before the final round a hint changes neither the score, the draw pile nor
            # the status: pace and max score stay the last turn's.
            # Nor is there a final-round count to show.
            pace, most, left = point.pace, point.max_score, None
        else:
            most = max_score(game, state, st)
            pace = pace_of(state.score, draw_pile, players, st.reach_total)
            left = None if state.final_turns < 0 else final_turns_left(state)
        point = tuple_new(ClockPoint, (t, draw_pile, pace, state.score, most, efficiency, left))
        add(point)
    return tuple(points)


@lru_cache(maxsize=4096)
def efficiency_of(cards: int, hints: int) -> float:
    """Cards gotten per hint spent, to 3 decimals (remembered: rounding a float to
    decimals is slow, and few pairs come up)."""
    return round(cards / hints, 3)


def kept_in_hand(after: State, holder: int, card: int, before: Status) -> tuple[State, Status]:
    """The table after a turn that lost `card`, had the card stayed in its holder's
    hand: the same draw, the same spent turn, the same lives (a strikeout stays one).
    Its card status is `before`, the status before the turn: status reads the rows, the
    discards and the jokers on the rows, and losing a card changed only the discards."""
    hands = list(after.hands)
    hands[holder] = hands[holder] + (card,)
    discards = after.discards
    if discards and discards[-1] == card:  # the card lost by the turn is the last thrown
        discards = discards[:-1]
    else:
        discards = tuple([c for c in discards if c != card])
    kept = after._replace(hands=tuple(hands), discards=discards)
    return kept, before
