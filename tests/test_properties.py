"""Property tests over random legal games: every ruleset, variant and player count."""

from __future__ import annotations

import random

from helpers import legal_actions, shuffled_game
from hypothesis import event, given, settings
from hypothesis import strategies as st

from nova_replay.rules.engine import DECK_OUT, PERFECT, STRIKEOUT, State, apply, deal
from nova_replay.rules.engine import legal_actions as engine_legal_actions
from nova_replay.rules.errors import IllegalAction
from nova_replay.rules.game import Discard, Game, Hint, Play
from nova_replay.rules.rulesets import Ruleset, make_ruleset

RULESETS = st.one_of(
    st.just(make_ruleset("hanabi")),
    st.builds(
        lambda g, f, j: make_ruleset("nova", gentle_show=g, grand_finale=f, jokers=j),
        st.booleans(), st.booleans(), st.integers(0, 2),
    ),
)


def turn_bound(rules: Ruleset, players: int) -> int:
    """No game lasts longer: each turn either draws (deck_size at most), is one of the
    final round's, or is a hint paid by the 8 starting coins, a discard's coin or a
    completed row's coin."""
    return 2 * rules.deck_size + rules.coins + len(rules.suits) + 2 * players


def check_invariants(game: Game, state: State) -> None:
    rules = game.ruleset
    assert 0 <= state.score <= rules.perfect_score
    assert 0 <= state.coins <= rules.coins
    assert 0 <= state.lives <= rules.lives
    assert all(0 <= h <= rules.max_rank for h in state.rows)
    held = [c for hand in state.hands for c in hand]
    assert len(held) == len(set(held))
    in_play = len(held) + state.draw_pile(game) + len(state.discards) + sum(state.rows)
    assert in_play == rules.deck_size == len(game.deck)
    if state.ending != STRIKEOUT or rules.gentle_show:
        assert state.score == sum(state.rows)
    else:
        assert state.score == 0
    assert all(len(hand) <= game.hand_size for hand in state.hands)


def fits(game: Game, state: State, action: Hint | Play | Discard) -> bool:
    """Whether a play would fit (a hint or discard counts as fitting)."""
    if not isinstance(action, Play) or game.suit_of[action.card] < 0:
        return True
    return state.rows[game.suit_of[action.card]] + 1 == game.rank_of[action.card]


def illegal_actions(game: Game, state: State) -> list[Hint | Play | Discard]:
    """A few actions the rules forbid in `state`."""
    p = state.player(game)
    out: list[Hint | Play | Discard] = [Hint(p, rank=1)]  # to oneself
    mine = set(state.hands[p])
    out.append(Play(next(c for c in range(len(game.deck)) if c not in mine)))
    if state.coins == game.ruleset.coins:
        out.append(Discard(state.hands[p][0]))
    if state.coins == 0:
        to = (p + 1) % len(game.players)
        out.append(Hint(to, rank=max(1, game.rank_of[state.hands[to][0]])))
    return out


@settings(max_examples=200, deadline=None)
@given(rules=RULESETS, players=st.integers(2, 5), seed=st.integers(0, 2**32 - 1),
       care=st.sampled_from([0.0, 0.9, 0.99, 1.0]))
def test_random_legal_games(rules: Ruleset, players: int, seed: int, care: float) -> None:
    """`care` is how often a player avoids a misfire, so that games also reach the
    final round and perfect shows, not only strikeouts."""
    rng = random.Random(seed)
    game = shuffled_game(rules, players, seed)
    state = deal(game)
    check_invariants(game, state)
    for _ in range(turn_bound(rules, players)):
        if state.over:
            break
        for bad in illegal_actions(game, state):
            try:
                apply(game, state, bad)
            except IllegalAction as e:
                assert e.turn == state.turn + 1
            else:
                raise AssertionError(f"{bad} was accepted at turn {state.turn + 1}")
        options = legal_actions(game, state)
        assert options, "a player always has a legal action (playing any card)"
        if rng.random() < care:
            good = [a for a in options if fits(game, state, a)]
            plays: list[Hint | Play | Discard] = [a for a in good if isinstance(a, Play)]
            options = plays if plays and rng.random() < 0.7 else good or options
        after = apply(game, state, rng.choice(options))
        assert after.turn == state.turn + 1
        check_invariants(game, after)
        state = after
    assert state.over, f"the game did not end within {turn_bound(rules, players)} turns"
    assert state.ending in (PERFECT, STRIKEOUT, DECK_OUT)
    event(f"ending: {state.ending}")
    assert legal_actions(game, state) == []
    try:
        apply(game, state, Play(state.hands[0][0]))
    except IllegalAction as e:
        assert "action after the game ended" in str(e)
    else:
        raise AssertionError("an action after the end was accepted")


@settings(max_examples=60, deadline=None)
@given(rules=RULESETS, players=st.integers(2, 5), seed=st.integers(0, 2**32 - 1))
def test_every_legal_action_is_accepted(rules: Ruleset, players: int, seed: int) -> None:
    """The engine accepts every action the rules allow, not only the one chosen."""
    rng = random.Random(seed)
    game = shuffled_game(rules, players, seed)
    state = deal(game)
    while not state.over:
        options = legal_actions(game, state)
        results = [apply(game, state, a) for a in options]
        state = rng.choice(results)


@settings(max_examples=60, deadline=None)
@given(rules=RULESETS, players=st.integers(2, 5), seed=st.integers(0, 2**32 - 1))
def test_engine_legal_actions_match_the_rules_text(rules: Ruleset, players: int, seed: int) -> None:
    """The engine's `legal_actions` is exactly the tests' own reading of the rules, at
    every turn of a random game, and the game's end leaves none."""
    rng = random.Random(seed)
    game = shuffled_game(rules, players, seed)
    state = deal(game)
    while True:
        expected = legal_actions(game, state)
        found = engine_legal_actions(game, state)
        assert sorted(found) == sorted(expected), f"turn {state.turn}"
        assert len(set(found)) == len(found)
        if state.over:
            break
        state = apply(game, state, rng.choice(found))
