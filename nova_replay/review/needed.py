"""Efficiency's "needed" figure, as hanab.live shows it beside the efficiency: the cards
still to get for the max score per clue the team can still give while getting it
(hanab.live's `getFutureEfficiency` and `getCluesStillUsable`, packages/game/src/rules/
stats.ts; the idea: github.com/hanabi/hanabi.github.io, misc/efficiency.md). Written
here from those definitions; the final round lasts one turn per player."""

from __future__ import annotations

from ..knowledge.status import Status
from ..rules.engine import State
from ..rules.game import Game


def clues_still_usable(game: Game, state: State, st: Status, coins: int) -> int | None:
    """The most clues the team can still give while scoring the max score: the clues
    held, one per discard the pace allows before the final round, and one per suit it
    can complete before then (a finished row returns a clue; the shortest rows first).
    None once the draw pile is empty (hanab.live shows no figure then)."""
    pile = state.draw_pile(game)
    if pile <= 0:
        return None
    final = len(game.players)  # turns in the final round
    missing = st.reach_total - state.score
    if missing <= final + 1:
        discards = pile - 1
    elif missing <= final + pile:
        discards = final + pile - missing
    else:
        discards = 0
    plays_before = min(missing, final + pile) - min(missing, final + 1)
    top = game.ruleset.max_rank
    rows = sorted(top - h for h, reach in zip(state.rows, st.reach, strict=True)
                  if reach == top and h < top)
    done = suits = 0
    for left in rows:
        if done + left > plays_before:
            break
        done += left
        suits += 1
    return coins + discards + suits


def needed_efficiency(cards_gotten: int, max_score: int, usable: int | None) -> float | None:
    """The cards still to get per clue still usable, to 2 decimals (None: no figure,
    or no clue left to give)."""
    if usable is None or usable <= 0:
        return None
    return round(max(0, max_score - cards_gotten) / usable, 2)


def cards_gotten(state: State, st: Status, hinted: int) -> int:
    """Efficiency's numerator: cards played, and hinted cards in hands that are not trash,
    once per identity (`hinted`: the identities hinted in hands; a second copy is trash)."""
    return sum(state.rows) + (hinted & ~st.trash).bit_count()
