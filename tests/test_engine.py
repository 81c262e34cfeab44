"""Rules tests: small hand-built logs where the rule under test decides the outcome."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import (
    SAMPLE_FILES,
    SAMPLES,
    Step,
    action_of,
    build_game,
    discard,
    greedy_perfect,
    hint,
    play,
    run,
    shuffled_game,
    timeline,
)

from nova_replay.record.load import load
from nova_replay.rules.engine import DECK_OUT, PERFECT, STRIKEOUT, State, apply, deal, replay
from nova_replay.rules.errors import IllegalAction
from nova_replay.rules.game import Discard, Game, Hint, Play
from nova_replay.rules.rulesets import make_ruleset
from nova_replay.views.text import describe_turn

NOVA = make_ruleset("nova")


# --- completing a row returns a coin, never above 8 ---------------------------------

def test_completing_a_row_returns_a_coin() -> None:
    game = build_game(NOVA, {"Anna": "AC 2C 3C 4C 5C", "Ben": "AD 2D 3D 4D AH"}, pile="4H")
    steps = []
    for rank in "A2345":
        steps += [play(f"{rank}C"), hint("Anna", rank=4)]
    states = run(game, steps[:-1])  # ends with Anna playing 5C at turn 9
    assert [s.coins for s in states] == [8, 8, 7, 7, 6, 6, 5, 5, 4, 5]
    assert states[-1].rows == (5, 0, 0, 0)


def test_completing_a_row_at_8_coins_keeps_8() -> None:
    game = build_game(NOVA, {"Anna": "AC 2C 3C 4C 5C", "Ben": "AD 2D 3D 4D AH"})
    steps = []
    for rank in "A234":
        steps += [play(f"{rank}C"), play(f"{rank}D")]
    states = run(game, [*steps, play("5C")])
    assert all(s.coins == 8 for s in states)
    assert states[-1].rows == (5, 4, 0, 0)
    assert states[-1].score == 9


def test_playing_a_five_in_grand_finale_returns_no_coin_but_the_six_does() -> None:
    rules = make_ruleset("nova", grand_finale=True)
    game = build_game(rules, {"Anna": "AC 2C 3C 4C 5C", "Ben": "AD 2D 3D 4D AH"}, pile="4H 6C")
    steps = []
    for rank in "A23456":
        steps += [play(f"{rank}C"), hint("Anna", rank=4)]
    states = run(game, steps[:-1])
    assert states[9].rows[0] == 5 and states[9].coins == states[8].coins == 4
    assert states[11].rows[0] == 6 and states[11].coins == 4  # 5 - hint + the returned coin
    assert not states[-1].over


# --- the final round ------------------------------------------------------------------

def _run_to_deck_out(players: int) -> tuple[Game, list[State]]:
    """Hint while coins are full, else discard the oldest card, until the game ends."""
    game = shuffled_game(NOVA, players, seed=100 + players)
    states = [deal(game)]
    while not states[-1].over:
        s = states[-1]
        p = s.player(game)
        if s.coins == NOVA.coins:
            to = (p + 1) % players
            action: Hint | Discard = Hint(to, rank=game.rank_of[s.hands[to][0]])
        else:
            action = Discard(s.hands[p][-1])
        states.append(apply(game, s, action))
    return game, states


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_final_round_is_one_more_turn_per_player(players: int) -> None:
    game, states = _run_to_deck_out(players)
    last_draw = next(t for t, s in enumerate(states) if s.draw_pile(game) == 0)
    assert states[last_draw - 1].draw_pile(game) == 1
    assert len(states) - 1 == last_draw + players  # exactly n turns after the last draw
    for t in range(last_draw, last_draw + players):
        assert not states[t].over
        assert states[t].final_turns == players - (t - last_draw)
    assert states[-1].ending == DECK_OUT
    with pytest.raises(IllegalAction, match=rf"turn {len(states)}: action after the game ended "
                       rf"\(the final round ended at turn {len(states) - 1}\)"):
        apply(game, states[-1], Hint(0, rank=1))


# --- perfect show, strikeout ---------------------------------------------------------

@pytest.mark.parametrize(
    ("name", "options", "players", "perfect", "top"),
    [("nova", {}, 2, 20, 5), ("nova", {}, 5, 20, 5),
     ("nova", {"grand_finale": True}, 3, 24, 6), ("hanabi", {}, 4, 25, 5)],
)
def test_perfect_show_stops_at_once(
    name: str, options: dict[str, bool], players: int, perfect: int, top: int
) -> None:
    game, states = greedy_perfect(make_ruleset(name, **options), players)
    final = states[-1]
    assert final.ending == PERFECT
    assert final.score == perfect == sum(final.rows)
    assert set(final.rows) == {top}
    assert final.draw_pile(game) > 0  # cards were left, and yet the show stopped
    assert not any(s.over for s in states[:-1])
    with pytest.raises(IllegalAction, match="action after the game ended \\(every row was complete"):
        apply(game, final, Play(final.hands[final.player(game)][0]))


def _three_misfires(gentle: bool) -> list[State]:
    rules = make_ruleset("nova", gentle_show=gentle)
    game = build_game(rules, {"Anna": "AC 2C 5H 4S", "Ben": "3D AD 2D 2H", "Carla": "4D AH 3S 3H"})
    return run(game, [play("AC"), play("3D"), play("4D"), play("5H")])


def test_plain_nova_third_misfire_scores_zero() -> None:
    states = _three_misfires(gentle=False)
    assert [s.lives for s in states] == [3, 3, 2, 1, 0]
    assert states[3].score == 1 and not states[3].over
    assert states[-1].ending == STRIKEOUT
    assert states[-1].score == 0
    assert len(states[-1].discards) == 3


def test_gentle_show_keeps_the_score_at_the_third_misfire() -> None:
    states = _three_misfires(gentle=True)
    assert states[-1].ending == STRIKEOUT
    assert states[-1].score == 1
    assert states[-1].rows == (1, 0, 0, 0)


# --- the rules' worked example ---------------------------------------------------------

def test_worked_example_from_the_rules() -> None:
    record = load(SAMPLES / "nova-3p-worked-example.json")
    game, tl = record.game, record.timeline
    assert game.players == ("Anna", "Ben", "Carla")

    def hand(t: int, player: str) -> str:
        return " ".join(game.card_text(c) for c in tl[t].hands[game.players.index(player)])

    # The deal, as the text says (slot 1 on the left; the right end is the oldest card).
    assert hand(0, "Anna") == "A♥ 2♦ 5♦ 3♣"
    assert hand(0, "Ben") == "A♠ 3♦ 5♥ A♣"
    assert hand(0, "Carla") == "2♣ 4♦ A♠ 2♥"
    assert tl[0].coins == 8
    # 1. "Ben, these two are Aces." (7 coins left)
    assert tl[1].coins == 7
    assert describe_turn(tl, 1).startswith("Anna hints Aces to Ben (slots 1, 4)")
    # 2. Ben plays A♠: it starts the spades row. He draws.
    assert tl[2].rows == (0, 0, 0, 1) and tl[2].score == 1
    assert "A♣" in hand(2, "Ben") and "A♠" not in hand(2, "Ben")
    assert tl[2].draw_pile(game) == tl[1].draw_pile(game) - 1
    # 3. Carla tells Anna "this is a 5" (6 coins left).
    assert tl[3].coins == 6
    assert describe_turn(tl, 3).startswith("Carla hints 5s to Anna (slot 3)")
    # 4. Anna discards her rightmost card, the 3♣, takes back a coin (7) and draws.
    assert [game.card_text(c) for c in tl[4].discards] == ["3♣"]
    assert tl[3].hands[0][-1] == tl[4].discards[0]
    assert tl[4].coins == 7
    assert hand(4, "Anna").endswith("A♥ 2♦ 5♦")
    # 5. Ben plays his other Ace, the A♣: two rows are started.
    assert tl[5].rows == (1, 0, 0, 1)
    assert sum(h > 0 for h in tl[5].rows) == 2
    assert "A♣" in hand(4, "Ben") and "A♣" not in hand(5, "Ben")
    assert tl[5].lives == 3


# --- jokers -----------------------------------------------------------------------------

JOKER1 = make_ruleset("nova", jokers=1)


def test_hints_never_touch_a_joker() -> None:
    game = build_game(JOKER1, {"Anna": "JK AC 2D 3D 4D", "Ben": "AD 2C 3C 4C 5C"})
    tl = timeline(game, [hint("Ben", suit="clubs"), hint("Anna", suit="clubs"),
                         hint("Ben", rank=1), hint("Anna", rank=2)])
    # The text view lists the touched slots: the joker in slot 1 is never among them.
    assert describe_turn(tl, 2).startswith("Ben hints clubs to Anna (slot 2);")
    assert describe_turn(tl, 4).startswith("Ben hints 2s to Anna (slot 3);")


@pytest.mark.parametrize(
    ("step", "message"),
    [(hint("Anna", suit="hearts"), "Ben hints hearts to Anna, but Anna holds no heart"),
     (hint("Anna", rank=5), "Ben hints 5s to Anna, but Anna holds no 5"),
     (hint("Anna", suit="spades"), "Ben hints spades to Anna, but Anna holds no spade")],
)
def test_a_hint_whose_only_candidate_is_a_joker_is_illegal(step: Step, message: str) -> None:
    game = build_game(JOKER1, {"Anna": "JK AC 2D 3D 4D", "Ben": "AD 2C 3C 4C 5C"})
    states = run(game, [hint("Ben", rank=1)])
    with pytest.raises(IllegalAction, match=f"turn 2: {message}"):
        apply(game, states[-1], action_of(game, states[-1], step))


def test_a_joker_completes_a_row_and_returns_a_coin() -> None:
    game = build_game(JOKER1, {"Anna": "JK AC 2C 3C 4C", "Ben": "AD 2D 3D 4D 5D"}, pile="4H")
    steps = []
    for rank in "A234":
        steps += [play(f"{rank}C"), hint("Anna", rank=4)]
    states = run(game, [*steps, play("JK", row="clubs")])
    assert states[-2].coins == 4
    assert states[-1].rows == (5, 0, 0, 0)
    assert states[-1].score == 5
    assert states[-1].coins == 5  # the joker completed the row: one coin back
    assert states[-1].lives == 3 and not states[-1].discards


def test_a_joker_on_an_empty_row_counts_as_its_ace() -> None:
    game = build_game(JOKER1, {"Anna": "JK AC 2D 3D 4D", "Ben": "AD 2C 3C 4C 5C"})
    states = run(game, [play("JK", row="spades"), hint("Anna", rank=2)])
    assert states[1].rows == (0, 0, 0, 1) and states[1].lives == 3
    states = run(game, [play("JK", row="D"), play("AD")])
    assert states[2].rows == (0, 1, 0, 0) and states[2].lives == 2  # the row already had its Ace


def test_a_row_named_for_a_card_that_is_not_a_joker_is_illegal() -> None:
    """Only a joker's player names its row; any other card goes where its suit says."""
    game = build_game(JOKER1, {"Anna": "JK AC 2D 3D 4D", "Ben": "AD 2C 3C 4C 5C"})
    state = deal(game)
    ace = next(c for c in state.hands[0] if str(game.deck[c]) == "AC")
    with pytest.raises(IllegalAction) as err:
        apply(game, state, Play(ace, row=0))
    assert str(err.value) == "turn 1: Anna names a row for A♣, which is not a joker"
    assert apply(game, state, Play(ace)).rows == (1, 0, 0, 0)  # the same play, no row: fine


# --- apply: pure, and refusing is all an illegal action does ------------------------------

def test_apply_returns_a_new_state_and_earlier_states_stay_usable() -> None:
    """The timeline and the dashboard branch from any stored state: applying an action to
    it must not disturb what another action from the same state gives."""
    game = build_game(NOVA, {"Anna": "AH 2D 5D 3C", "Ben": "AS 3D 5H AC", "Carla": "2C 4D AS 2H"})
    state = deal(game)
    played = apply(game, state, action_of(game, state, play("AH")))
    hinted = apply(game, state, action_of(game, state, hint("Ben", rank=1)))
    assert (played.turn, played.rows, played.coins, played.drawn) == (1, (0, 0, 1, 0), 8, 13)
    assert (hinted.turn, hinted.rows, hinted.coins, hinted.drawn) == (1, (0, 0, 0, 0), 7, 12)
    assert hinted.hands == state.hands and played.hands[1:] == state.hands[1:]
    assert apply(game, state, action_of(game, state, play("AH"))) == played  # same action, same state


def test_an_illegal_action_is_refused_and_the_rule_decides() -> None:
    """Discarding at 8 coins is refused, told with its turn; three hints later (5 coins)
    the same discard is legal and takes a coin back."""
    game = build_game(NOVA, {"Anna": "AH 2D 5D 3C", "Ben": "AS 3D 5H AC", "Carla": "2C 4D AS 2H"})
    state = deal(game)
    with pytest.raises(IllegalAction) as err:
        apply(game, state, action_of(game, state, discard("3C")))
    assert str(err.value) == "turn 1: Anna discards with 8 coins in the middle"
    assert (err.value.where, err.value.turn) == ("turn 1", 1)
    states = run(game, [hint("Ben", rank=1), hint("Anna", rank=5), hint("Ben", rank=5),
                        discard("3C")])
    assert [s.coins for s in states] == [8, 7, 6, 5, 6]
    assert [game.card_text(c) for c in states[-1].discards] == ["3♣"]


@pytest.mark.parametrize("sample", SAMPLE_FILES, ids=lambda p: p.stem)
def test_timeline_random_access_equals_replaying(sample: Path) -> None:
    record = load(sample)
    tl = record.timeline
    assert len(tl) == tl.turns + 1 == len(record.log.actions) + 1
    for t in sorted({0, 1, tl.turns // 2, tl.turns - 1, tl.turns}):
        assert replay(record.game, tl.actions[:t]).final == tl[t]
    assert tl[-1] == tl.final and list(tl)[3] == tl[3]


@pytest.mark.parametrize("sample", SAMPLE_FILES, ids=lambda p: p.stem)
def test_a_checking_replay_makes_the_same_tables_when_they_are_asked_for(sample: Path) -> None:
    """`replay` checks a game and keeps only its last table; the timeline makes the others
    on first use, the same as `every_state` makes them in the checking pass and as `apply`
    makes them one by one (the log's termination on the last)."""
    record = load(sample)
    game, actions = record.game, record.timeline.actions
    terminated = record.log.termination is not None
    lazy = replay(game, actions, terminated)
    assert "states" not in vars(lazy)  # nothing but the last table was made
    eager = replay(game, actions, terminated, every_state=True)
    stepped = [deal(game)]
    for action in actions:
        stepped.append(apply(game, stepped[-1], action))
    stepped[-1] = lazy.final
    assert lazy.states == eager.states == tuple(stepped)
    assert lazy.final is lazy.states[-1] and lazy.turns == len(actions) == len(lazy) - 1
