"""The re-dealing test (issue #31): a judgement on a move must not change when the cards
its mover could not see are dealt otherwise, consistently with what the mover knew.

For the move of turn `t` by its mover, the hidden cards are the mover's own hand before
the move and the draw pile. `redeal` gives them another assignment of the same cards: each
card of the mover's hand keeps an identity its hint mask allows (every clue the mover got
on it, positive and negative, so every clue touches what it touched), and the draw pile
takes the rest in a seeded random order. The game's actions up to turn `t` are replayed on
the new deal (they stay legal: the clues touch the same cards) and analysed; the
`verdict` on the move (the kinds and severities of the judgement notes its mover got at
turn `t`; of an outcome note, only a judgement folded into it: `analysis.judged`) must
equal the verdict on the same prefix of the real deal. Notes decided by later turns (a
misplay after a clue) are judged at those turns, so both sides are analysed on the same
prefix.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import NamedTuple

from ..knowledge.tiers import timeline_knowledge
from ..record.load import Record
from ..rules.engine import replay
from ..rules.game import Game
from .analysis import Analysis, analyze, judged
from .vocabulary import Kind, Severity

Verdict = tuple[tuple[Kind, Severity], ...]


def prefix(record: Record, turn: int) -> Record:
    """The record of the game's first `turn` actions (the game goes on after)."""
    return replace(record, timeline=replay(record.game, record.timeline.actions[:turn]))


def verdict(analysis: Analysis, turn: int) -> Verdict:
    """The judgement notes the mover of `turn` got for it, as (kind, severity), sorted."""
    game = analysis.record.game
    mover = analysis.timeline[turn - 1].player(game)
    found = [judged(f) for f in analysis.notes_at(turn) if f.player == mover]
    return tuple(sorted(j for j in found if j is not None))


def redeal(record: Record, turn: int, rng: random.Random, tries: int = 50) -> Record | None:
    """The record of the first `turn` actions on another deal of the cards the mover of
    `turn` could not see (see above); None when no other deal was found in `tries`."""
    game, state = record.game, record.timeline[turn - 1]
    mover = state.player(game)
    hand = state.hands[mover]
    pile = list(range(state.drawn, len(game.deck)))
    tk = timeline_knowledge(record.timeline)
    masks = tk.hinted[turn - 1]
    of = game.identity_of
    cards = list(hand) + pile
    for _ in range(tries):
        pool = cards[:]
        rng.shuffle(pool)
        order = list(hand)
        rng.shuffle(order)
        placed: dict[int, int] = {}  # hand card -> the deck index whose card it now is
        for c in order:
            pick = next((d for d in pool if (masks[c] >> of[d]) & 1), None)
            if pick is None:
                break
            placed[c] = pick
            pool.remove(pick)
        else:
            rng.shuffle(pool)
            placed.update(zip(pile, pool, strict=True))
            if all(of[c] == of[d] for c, d in placed.items()):
                continue  # the same deal again
            deck = list(game.deck)
            for c, d in placed.items():
                deck[c] = game.deck[d]
            other = Game(game.ruleset, game.players, tuple(deck))
            return replace(record, game=other,
                           timeline=replay(other, record.timeline.actions[:turn]))
    return None


class Check(NamedTuple):
    """One move's re-dealing check."""

    turn: int
    verdict: Verdict  # on the real deal
    changed: Verdict | None  # the first re-deal's verdict that differs, else None


def check_move(record: Record, turn: int, rng: random.Random, deals: int = 2,
               analyse: Callable[[Record], Analysis] = analyze) -> Check | None:
    """The move of `turn` judged on the real deal and on up to `deals` re-deals (None:
    no other deal consistent with the mover's knowledge)."""
    real = verdict(analyse(prefix(record, turn)), turn)
    tried = False
    for _ in range(deals):
        other = redeal(record, turn, rng)
        if other is None:
            break
        tried = True
        seen = verdict(analyse(other), turn)
        if seen != real:
            return Check(turn, real, seen)
    return Check(turn, real, None) if tried else None


def check_game(record: Record, seed: int = 0, turns: Sequence[int] | None = None,
               deals: int = 2, analyse: Callable[[Record], Analysis] = analyze
               ) -> list[Check]:
    """`check_move` on every turn of the game (or `turns`), with a seeded generator."""
    rng = random.Random(seed)
    chosen = turns if turns is not None else range(1, len(record.timeline.actions) + 1)
    out = []
    for t in chosen:
        found = check_move(record, t, rng, deals, analyse)
        if found is not None:
            out.append(found)
    return out
