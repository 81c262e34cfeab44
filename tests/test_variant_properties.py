"""Random legal games in random supported hanab.live variants (2 to 6 players): the
engine accepts exactly the hints that touch a card by hanab.live's rule (written here
again, independently, in clues.ts's order), dark suits have one copy of each rank, and
the knowledge model never rules out the truth."""

from __future__ import annotations

import random

from hypothesis import event, given, settings
from hypothesis import strategies as st

from nova_replay.record.writer import log_data
from nova_replay.review.analysis import analyze
from nova_replay.rules.cards import Card
from nova_replay.rules.engine import State, apply, deal
from nova_replay.rules.errors import IllegalAction
from nova_replay.rules.game import Action, Discard, Game, Hint, Play
from nova_replay.rules.rulesets import Ruleset, make_ruleset
from nova_replay.rules.variants import SPECIAL_SUITS, hanablive_ids

NAMES = sorted(name for name in (  # the ones hanab.live has (it has no Black (3 Suits))
    {f"{s} ({n} Suits)" for s in SPECIAL_SUITS for n in (3, 5, 6)}
    | {f"{k}-{r} & {s} (4 Suits)" for k in ("Rainbow", "Pink", "White", "Brown", "Omni", "Null",
                                             "Muddy-Rainbow", "Light-Pink")
       for r in ("Ones", "Fives") for s in ("Prism", "Dark Pink", "Rainbow", "Gray")}
    | {"Ambiguous & Dark Null (5 Suits)", "Dual-Color (6 Suits)", "Matryoshka & Rainbow (4 Suits)",
       "Color Mute (4 Suits)", "Number Mute (5 Suits)", "Special Mix (6 Suits)", "Ambiguous Mix",
       "Extremely Ambiguous & White (6 Suits)", "Very Ambiguous (3 Suits)", "6 Suits",
       "Black & Dark Prism (6 Suits)"}) if name in hanablive_ids())


def touched(rules: Ruleset, card: Card, colour: int, rank: int) -> bool:
    """hanab.live's rule as clues.ts states it, from the variant's data."""
    kind = rules.kinds[rules.suits.index(card.suit)]
    sp = rules.special
    special = sp is not None and sp.rank == card.rank
    if colour >= 0:
        name = rules.clue_colours[colour]
        if kind.all_colours:
            return True
        if kind.no_colours:
            return False
        if special and sp is not None and sp.all_colours:
            return True
        if special and sp is not None and sp.no_colours:
            return False
        if kind.prism:
            return name == rules.clue_colours[(card.rank - 1) % len(rules.clue_colours)]
        return name in kind.clue_colours
    if rank not in rules.clue_ranks:
        return False  # a clue the variant does not have
    if kind.all_ranks:
        return True
    if kind.no_ranks:
        return False
    if special and sp is not None and sp.all_ranks:
        return True
    if special and sp is not None and sp.no_ranks:
        return False
    return card.rank == rank


def every_hint(game: Game, state: State) -> list[tuple[Hint, bool]]:
    """Every hint the player to move could name, and whether it touches a card."""
    rules, p = game.ruleset, state.player(game)
    out = []
    for to in range(len(game.players)):
        if to == p:
            continue
        hand = [game.deck[c] for c in state.hands[to]]
        for colour in range(len(rules.clue_colours)):
            out.append((Hint(to, suit=colour), any(touched(rules, c, colour, 0) for c in hand)))
        for rank in range(1, 6):
            out.append((Hint(to, rank=rank), any(touched(rules, c, -1, rank) for c in hand)))
    return out


@settings(max_examples=60, deadline=None)
@given(name=st.sampled_from(NAMES), players=st.integers(2, 6), seed=st.integers(0, 2**32 - 1))
def test_random_games_in_random_variants(name: str, players: int, seed: int) -> None:
    rules = make_ruleset("hanabi", variant_name=name)
    for i, kind in enumerate(rules.kinds):
        counts = [rules.cards[Card(r, rules.suits[i])] for r in range(1, 6)]
        assert counts == ([1] * 5 if kind.one_of_each else [3, 2, 2, 2, 1])
    rng = random.Random(seed)
    deck = sorted(rules.cards.elements())
    rng.shuffle(deck)
    game = Game(rules, ("Anna", "Ben", "Carla", "Dev", "Emil", "Fay")[:players], tuple(deck))
    state = deal(game)
    actions: list[Action] = []
    while not state.over:
        p = state.player(game)
        options: list[Action] = []
        if state.coins > 0:
            for hint, touches in every_hint(game, state):
                if touches:
                    options.append(hint)
                else:  # the engine refuses a hint that touches nothing
                    try:
                        apply(game, state, hint)
                    except IllegalAction:
                        pass
                    else:
                        raise AssertionError(f"{name}: {hint} touches nothing but was accepted")
        fitting = [Play(c) for c in state.hands[p]
                   if state.rows[game.suit_of[c]] + 1 == game.rank_of[c]]
        options += [Play(c) for c in state.hands[p]] if rng.random() < 0.05 else fitting
        if state.coins < rules.coins:
            options += [Discard(c) for c in state.hands[p]]
        options = options or [Play(c) for c in state.hands[p]]  # playing is always legal
        # mostly careful players, so that games run long and reach the final round
        action = rng.choice(fitting) if fitting and rng.random() < 0.5 else rng.choice(options)
        state = apply(game, state, action)
        actions.append(action)
    event(f"ending: {state.ending}")
    event(f"turns: {len(actions) // 20 * 20}+")
    analysis = analyze(log_data(game, actions))
    ids = analysis.ids
    for t in range(len(analysis.timeline)):
        for hand in analysis.knowledge.hands[t]:
            for k in hand:
                assert k.deduced & (1 << ids.of_card[k.card]), "the truth is always deduced-possible"
                assert k.deduced & ~k.hinted == 0
