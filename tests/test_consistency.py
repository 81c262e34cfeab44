"""The rules of a turn exist twice: the engine (`rules.engine.apply`) and the solver's
compact model (`solver.planning.Planning.step`). Like open_spiel's test_consistent,
this plays random games of every ruleset and many variants through the engine, steps
the model beside it, and compares the two after every action; it also checks that
every move the model offers is one the engine allows, with the outcome the model
expects (a play fits, a misfire does not), and that the model's proven upper bound is
never below the score the random game went on to make.

The suite plays a few hundred games; `NOVA_CONSISTENCY_GAMES=5000` plays more (each
configuration gets its share, seeded, so a failure names a replayable game).
"""

from __future__ import annotations

import os
import random
from dataclasses import dataclass

import pytest
from helpers import shuffled_game

from nova_replay.rules.engine import NO_MORE_POINTS, State, apply, deal, is_misfire, legal_actions
from nova_replay.rules.game import Action, Discard, Game, Hint, Play
from nova_replay.rules.rulesets import Ruleset, make_ruleset
from nova_replay.solver.planning import DISCARD, HINT, MISFIRE, PLAY, Move, Planning

GAMES = int(os.environ.get("NOVA_CONSISTENCY_GAMES", "360"))

NOVA_OPTIONS: dict[str, dict[str, object]] = {
    "nova": {}, "finale": {"grand_finale": True}, "jokers1": {"jokers": 1},
    "jokers2": {"jokers": 2}, "gentle": {"gentle_show": True},
    "all": {"grand_finale": True, "jokers": 2, "gentle_show": True},
}
VARIANTS = ("", "No Variant", "3 Suits", "6 Suits", "Rainbow (5 Suits)", "Black (6 Suits)",
            "Pink-Ones (4 Suits)", "White (5 Suits)", "Brown (6 Suits)", "Null (5 Suits)",
            "Dark Rainbow (6 Suits)", "Color Mute (4 Suits)", "Number Mute (5 Suits)",
            "Special Mix (6 Suits)", "Dual-Color (5 Suits)", "Muddy-Rainbow-Fives (5 Suits)",
            "Prism (5 Suits)", "Matryoshka (4 Suits)", "Matryoshka (6 Suits)",
            # issue 34's families: touch rules, empty clues, copies
            "Funnels (5 Suits)", "Chimneys & Brown (6 Suits)", "Odds and Evens (4 Suits)",
            "Synesthesia (5 Suits)", "Deceptive-Ones (6 Suits)", "Totally Blind (3 Suits)",
            "Color Blind (5 Suits)", "Critical Fours (5 Suits)", "Scarce Ones & Black (6 Suits)",
            "Clue Starved (5 Suits)", "Clue Starved & Rainbow (6 Suits)",
            "Alternating Clues (5 Suits)", "Alternating Clues & Brown (6 Suits)",
            "Throw It in a Hole (4 Suits)", "Reversed (5 Suits)", "Black Reversed (6 Suits)")


def _rulesets() -> list[tuple[str, Ruleset]]:
    out = [(f"nova-{k}", make_ruleset("nova", **o)) for k, o in NOVA_OPTIONS.items()]
    for name in VARIANTS:
        out.append((f"hanabi-{name or 'plain'}", make_ruleset("hanabi", variant_name=name)))
    out.append(("hanabi-early-end", make_ruleset("hanabi", early_end=True)))
    out.append(("hanabi-rainbow-early-end",
                make_ruleset("hanabi", variant_name="Rainbow (5 Suits)", early_end=True)))
    return out


RULESETS = _rulesets()


@dataclass
class Checked:
    actions: int = 0
    moves: int = 0
    ends: int = 0


def _move_of(plan: Planning, action: Action, before: State, after: State) -> Move:
    """The model's move for an engine action whose outcome is known."""
    if isinstance(action, Hint):
        return plan.hint_move(action.suit >= 0)
    if type(action) is Discard:
        return (DISCARD, action.card, -1)
    assert type(action) is Play
    if is_misfire(action, before, after):
        return (MISFIRE, action.card, -1)
    return (PLAY, action.card, action.row)


def _check_moves(game: Game, plan: Planning, state: State, legal: list[Action], seen: Checked,
                 where: str) -> None:
    """Every move the model offers is legal in the engine and ends as the model says."""
    hints = any(isinstance(a, Hint) for a in legal)
    node = plan.node(state)
    assert plan.can_hint(node) == hints, where
    for kind, card, row in plan.moves(node):
        seen.moves += 1
        if kind == HINT:  # card: the clue's kind in Alternating Clues (0 colour, 1 rank)
            assert any(isinstance(a, Hint) and (card < 0 or (a.suit >= 0) == (card == 0))
                       for a in legal), where
            continue
        action: Action = Discard(card) if kind == DISCARD else Play(card, row)
        assert action in legal, f"{where}: the model offers {action}, which the engine refuses"
        misfired = is_misfire(action, state, apply(game, state, action))
        assert misfired == (kind == MISFIRE) or kind == DISCARD, (
            f"{where}: the model's {('play', 'discard', 'hint', 'misfire')[kind]} of "
            f"{game.card_text(card)} is {'a misfire' if misfired else 'a fitting play'}")


def _pick(rng: random.Random, game: Game, state: State, legal: list[Action], greed: float
          ) -> Action:
    """A random legal action; with probability `greed`, a fitting play (or a discard or
    a hint) when there is one, so that games reach their late stages (full rows, the
    final round) before the lives run out."""
    if rng.random() < greed:
        plays = [a for a in legal if type(a) is Play
                 and not is_misfire(a, state, apply(game, state, a))]
        if plays:
            return rng.choice(plays)
        safe = [a for a in legal if type(a) is not Play]
        if safe:
            return rng.choice(safe)
    return rng.choice(legal)


def play_both(rules: Ruleset, players: int, seed: int, seen: Checked) -> None:
    """One random game through the engine and the model, compared after every action."""
    rng = random.Random(seed)
    game = shuffled_game(rules, players, seed)
    plan = Planning(game)
    state = deal(game)
    node = plan.node(state)
    nodes = [node]
    greed = rng.choice((0.6, 0.85, 0.95, 0.99))
    while True:
        where = f"{rules.title}, {players} players, seed {seed}, turn {state.turn + 1}"
        legal = legal_actions(game, state)
        assert legal, where
        _check_moves(game, plan, state, legal, seen, where)
        action = _pick(rng, game, state, legal, greed)
        after = apply(game, state, action)
        stepped = plan.step(node, _move_of(plan, action, state, after))
        seen.actions += 1
        if after.ending == NO_MORE_POINTS:
            # hanab.live's early end is the engine's alone: the model plays on, at the
            # same table, and can score no more than it has.
            assert not isinstance(stepped, int), where
            assert plan.upper(stepped) >= after.score, where
            seen.ends += 1
            break
        if after.ending is not None:
            assert stepped == after.score, f"{where}: the model ends with {stepped}, the engine " \
                                           f"with {after.score} ({after.ending})"
            seen.ends += 1
            break
        assert not isinstance(stepped, int), f"{where}: the model ended, the engine did not"
        assert tuple(stepped) == tuple(plan.node(after)), where
        node, state = stepped, after
        nodes.append(node)
    final = after.score
    for t, n in enumerate(nodes):
        assert plan.upper(n) >= final, (
            f"{rules.title}, {players} players, seed {seed}: the bound after turn {t} is "
            f"{plan.upper(n)}, but the game went on to score {final}")


@pytest.mark.parametrize(("label", "rules"), RULESETS, ids=[label for label, _ in RULESETS])
def test_the_engine_and_the_planning_model_agree(label: str, rules: Ruleset) -> None:
    seen = Checked()
    share = max(1, GAMES // len(RULESETS))
    counts = range(2, rules.max_players + 1)
    for k in range(share):
        play_both(rules, counts[k % len(counts)], seed=1000 * k + len(label), seen=seen)
    # Every game ended (by the rules, compared), and the model's moves were checked.
    assert seen.ends == share and seen.actions >= 15 * share and seen.moves > seen.actions
