"""The nine wrong lessons of issue 10, each on a hand-built game where that point decides
the result: what the analysis said then is what these tests forbid."""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from pathlib import Path

from click.testing import CliRunner
from helpers import (
    ROOT,
    build_game,
    discard,
    hint,
    play,
    play_out,
    timeline,
)

from nova_replay.cli import main
from nova_replay.record.load import load_data
from nova_replay.record.validation import check_data
from nova_replay.record.writer import log_data
from nova_replay.review.analysis import Analysis, analyze
from nova_replay.rules.engine import STRIKEOUT, apply
from nova_replay.rules.game import Action, Discard, Game, Hint, Play
from nova_replay.rules.rulesets import make_ruleset
from nova_replay.views.report import analysis_report
from nova_replay.views.review_text import summary_text
from nova_replay.views.text import describe_turn, game_text, table_text

NOVA = make_ruleset("nova")
JOKER = make_ruleset("nova", jokers=1)
HANABI = make_ruleset("hanabi")
# Three players; Anna holds the 5♣ from the start and the rest comes in rank order.
THREE = {"Anna": "AC AD AH 5C", "Ben": "3C 3D 3H 3S", "Carla": "2C 2D 2H 2S"}
THREE_PILE = "4C 4D 4H 4S 5D 5H 5S AS"


def review(game: Game, actions: Sequence[Action], **extra: object) -> Analysis:
    """Without conventions: these are the rules' own notes (the conventions' changes to
    them are tests/test_conventions.py's)."""
    return analyze({**log_data(game, actions), **extra}, conventions=None)


def card_text(a: Analysis, card: int) -> str:
    return str(a.record.game.deck[card])


def max_in_message(message: str) -> int:
    (figure,) = re.findall(r"max score (\d+)", message)
    return int(figure)


# 1. Perfect show lost too late: before the final round max score is capped too.

def test_max_score_is_capped_by_the_draw_pile_before_the_final_round() -> None:
    # Five players: pace 6 at the deal. Hints and discards of first copies only: no card
    # is lost for good, the rows can still reach 20, but each discard burns a draw.
    game = build_game(NOVA, {"Anna": "AC AD AH", "Ben": "AS 2C 2D", "Carla": "2H 2S 3C",
                             "Dev": "3D 3H 3S", "Emil": "4C 4D 4H"})
    actions = []
    state = timeline(game, []).final
    for t in range(14):
        p = t % 5
        action: Action = (Hint((p + 1) % 5, rank=game.rank_of[state.hands[(p + 1) % 5][0]])
                          if t % 2 == 0 else Discard(state.hands[p][-1]))
        actions.append(action)
        state = apply(game, state, action)
    a = review(game, actions)
    assert a.knowledge.statuses[14].reach_total == 20  # the reach
    assert [p.pace for p in a.clock[12:15]] == [0, 0, -1]
    assert [p.max_score for p in a.clock[12:15]] == [20, 20, 19]
    assert a.clock[14].final_turns_left is None  # still 7 cards to draw
    # The exact solver proves the clock's date here: perfect after turn 13, not after 14,
    # so the turn the pace ran out is the mistake.
    assert (a.summary.perfect_lost_turn, a.summary.perfect_lost_exact) == (14, True)
    assert "a perfect show was out of reach from turn 14" in summary_text(a)
    assert [(f.turn, f.severity) for f in a.findings if f.kind == "out_of_pace"] == [
        (14, "mistake")]


# 2. Final round: cards nobody can still play are not counted.

def test_in_the_final_round_only_the_cards_of_players_with_a_turn_count() -> None:
    game = build_game(NOVA, THREE, THREE_PILE)
    a = review(game, play_out(game, hold=("5C",)))
    last = max(t for t in range(1, len(a.timeline)) if (t - 1) % 3 == 0)  # Anna's last turn
    assert type(a.timeline.actions[last - 1]) is Hint, "Anna keeps the 5♣ and hints"
    assert a.timeline[last].rows == (4, 5, 5, 5)
    assert a.clock[last - 1].max_score == 20  # Anna still had a turn and the 5♣
    after = a.clock[last]
    assert (after.final_turns_left, after.max_score) == (2, 19)
    assert a.summary.perfect_lost_turn == last


# 3. Phantom blunders: a lost card that could not have scored is an info note, and a
# note's max score is the clock's.

def test_a_five_discarded_on_the_last_turn_is_an_info_note_with_the_clocks_figure() -> None:
    game = build_game(NOVA, THREE, THREE_PILE)
    # Nobody plays a 4♣: clubs stay at 3. Anna keeps the 5♣ until the game's last turn.
    actions = play_out(game, hold=("4C", "5C"),
                       until=lambda s: s.final_turns == 1)
    actions.append(discard("5C")(game, timeline(game, actions).final))
    a = review(game, actions)
    t = len(actions)
    assert a.timeline[t].over and a.timeline[t].rows[0] == 3
    (f,) = [f for f in a.notes_at(t) if f.kind == "lost_critical"]
    assert (f.severity, f.details["cost"], card_text(a, f.cards[0])) == ("info", 0, "5C")
    assert max_in_message(f.message) == f.details["max_score"] == a.clock[t].max_score == 18
    # (the other info note: Ben's final-round stall at turn 41, the best move by value)
    assert a.summary.blunders == 0 and a.summary.info == 2
    assert [g.kind for g in a.findings if g.severity == "info"] == ["wasted_hint", "lost_critical"]


def test_a_five_its_holder_can_no_longer_play_is_an_info_note_while_others_still_play() -> None:
    game = build_game(NOVA, {**THREE, "Ben": "2C 2D 2H 2S", "Carla": "3C 3D 3H 3S"}, THREE_PILE)
    # Clubs stay at 3; Anna moves first in the final round and discards the 5♣: she has
    # no turn left to play it, so it costs nothing, though a 4♣ can still be played.
    actions = play_out(game, hold=("4C", "5C"),
                       until=lambda s: s.final_turns >= 0 and s.player(game) == 0)
    before = timeline(game, actions).final
    assert (before.final_turns, before.rows[0]) == (3, 3)
    actions.append(discard("5C")(game, before))
    a = review(game, actions)
    t = len(actions)
    (f,) = [f for f in a.notes_at(t) if f.kind == "lost_critical"]
    assert (f.severity, f.details["cost"]) == ("info", 0)
    assert a.clock[t].max_score == 19 and a.clock[t].final_turns_left == 2
    assert f.message == ("Anna discarded 5♣, the only 5♣, but it could not have been played in "
                         "the turns left anyway (max score 19).")


def test_a_critical_card_a_spare_joker_must_replace_is_a_mistake_of_cost_zero() -> None:
    game = build_game(JOKER, {"Anna": "AD 2C 2H 2S JK", "Ben": "4D 4D AC AH AS"})
    steps = [hint("Ben", rank=1), discard("4D")] * 2
    a = review(game, timeline(game, steps).actions)
    (f,) = a.notes_at(4)
    assert (f.kind, f.severity, f.details["cost"]) == ("lost_critical", "mistake", 0)
    assert f.message.startswith("Ben discarded 4♦, the last 4♦: diamonds can now reach 3 at most "
                               "without a joker; the spare joker can still carry it to 5; a spare joker "
                               "must now take its place (max score 20).")
    # (Ben also knew an ace was playable: the judgement is said in the same note, #31.)
    assert f.details["judged"] == ["discard_with_playable", "mistake"]


# 4. Good saves only of cards that can still be played in the turns left.

def test_saving_a_five_that_can_no_longer_be_played_is_not_a_good_save() -> None:
    game = build_game(NOVA, THREE, THREE_PILE)
    # Nobody plays a 3♣: clubs stay at 2. In the final round Ben hints 5s to Anna.
    actions = play_out(game, hold=("3C", "5C"),
                       until=lambda s: s.final_turns >= 0 and s.player(game) != 0)
    before = timeline(game, actions).final
    assert before.rows[0] == 2 and before.final_turns == 3  # and Anna has one of them
    actions.append(Hint(0, rank=5))
    a = review(game, actions)
    t = len(actions)
    assert card_text(a, a.knowledge.of(t - 1, 0)[a.chop(t - 1, 0)].card) == "5C"
    assert not [f for f in a.findings if f.kind == "good_save" and f.turn == t]
    # The same hint at the start of the game is a good save.
    early = review(game, timeline(game, [hint("Ben", rank=3), hint("Anna", rank=5)]).actions)
    (save,) = early.notes_at(2)
    assert (save.kind, save.severity, card_text(early, save.cards[0])) == ("good_save", "good", "5C")


# 5. Good playable hints count distinct cards: two copies of one card are one.

def test_two_copies_of_one_card_count_once_in_a_good_hint() -> None:
    game = build_game(NOVA, {"Anna": "2C 2D 3D 4D 5D", "Ben": "AH AH AS 3C 4C"})
    a = review(game, timeline(game, [hint("Ben", rank=1)]).actions)
    (f,) = a.notes_at(1)
    assert f.kind == "good_hint_playable"
    assert f.message == ("Anna hinted Aces to Ben: 2 different cards became known playable at "
                         "once (A♥, A♠).")


def test_two_copies_of_one_card_known_playable_are_not_a_good_hint() -> None:
    game = build_game(NOVA, {"Anna": "AC 2C 3C 2D 3D", "Ben": "4C 4C AH AS 2H"})
    steps = [play("AC"), hint("Anna", rank=2), play("2C"), hint("Anna", rank=3), play("3C"),
             hint("Anna", rank=2), hint("Ben", rank=4), hint("Anna", rank=2),
             hint("Ben", suit="C")]
    a = review(game, timeline(game, steps).actions)
    after = [k for k in a.knowledge.of(9, 1) if card_text(a, k.card) == "4C"]
    before = [k for k in a.knowledge.of(8, 1) if card_text(a, k.card) == "4C"]
    st = a.knowledge.statuses[9]
    assert all(k.deduced & ~st.playable == 0 for k in after), "both 4♣ now known playable"
    assert not any(k.deduced & ~st.playable == 0 for k in before)
    assert not [f for f in a.findings if f.kind == "good_hint_playable" and f.turn == 9]


# 6. The final-round counter is cleared once the game has ended.

def test_no_final_round_counter_after_a_strikeout_in_the_final_round() -> None:
    game = build_game(NOVA, {"Anna": "AC AD AH AS 2C", "Ben": "2D 2H 2S 3C 3D"})
    actions = play_out(game, [play("2C"), play("3C")], until=lambda s: s.final_turns >= 0)
    state = timeline(game, actions).final
    assert state.lives == 1 and state.final_turns == 2
    p = state.player(game)
    wrong = next(c for c in state.hands[p] if game.suit_of[c] >= 0
                 and state.rows[game.suit_of[c]] + 1 != game.rank_of[c])
    actions.append(Play(wrong))
    a = review(game, actions)
    end = a.timeline.final
    assert end.ending == STRIKEOUT
    assert a.clock[-2].final_turns_left == 2 and a.clock[-1].final_turns_left is None
    assert not any("Final round" in line for line in table_text(game, end))
    report = json.loads(analysis_report(a).model_dump_json())
    assert report["turns"][-1]["final_turns_left"] is None


# 7. A termination is not an end of play.

def test_a_stopped_game_is_not_blamed_on_its_last_move() -> None:
    text = (ROOT / "docs" / "format.md").read_text(encoding="utf-8")
    data = json.loads(re.findall(r"```json\n(.*?)```", text, flags=re.DOTALL)[0])
    assert data["termination"] and check_data(data, "format.md").valid()
    a = analyze(data)
    assert a.summary.perfect_lost_turn is None
    assert a.clock[-1].max_score == 20
    assert f"the game was stopped after turn {len(data['actions'])}" in summary_text(a)


def test_a_game_stopped_in_the_final_round_counts_the_turns_it_would_have_had() -> None:
    game = build_game(NOVA, THREE, THREE_PILE)
    actions = play_out(game, hold=("5C",))
    last = max(t for t in range(1, len(actions) + 1) if (t - 1) % 3 == 0)
    stopped = actions[:last - 1]  # stopped before Anna's last turn: she could play the 5♣
    a = review(game, stopped, termination={"reason": "abandoned"})
    assert (a.clock[-1].final_turns_left, a.clock[-1].max_score) == (3, 20)
    assert a.summary.perfect_lost_turn is None and a.summary.ending == "terminated"


# 8. Lost-critical notes say what the jokers can still do.

def test_the_note_says_the_spare_joker_can_still_carry_the_row() -> None:
    # Both A♠ are gone (the joker would best bridge spades); then the last 2♦ goes.
    game = build_game(JOKER, {"Anna": "AC AD AH 2C JK", "Ben": "AS AS 2D 2D 3C"})
    steps = [hint("Ben", suit="C"), discard("AS")] * 2 + [hint("Ben", suit="C"), discard("2D")] * 2
    a = review(game, timeline(game, steps).actions)
    (f,) = [f for f in a.notes_at(8) if f.kind == "lost_critical"]
    assert f.message == ("Ben discarded 2♦, the last 2♦: diamonds can now reach A at most "
                         "without a joker; the spare joker can still carry it to 5; it cost 4 "
                         "points (max score 16).")


def test_the_note_says_when_a_row_needs_more_jokers_than_are_left() -> None:
    # Both 3♣ are gone (the joker bridges them); then the only 5♣ goes: clubs need two.
    game = build_game(JOKER, {"Anna": "AC 2C 2H 2S JK", "Ben": "3C 3C 5C AD AH"})
    steps = [hint("Ben", rank=1), discard("3C")] * 2 + [hint("Ben", rank=1), discard("5C")]
    a = review(game, timeline(game, steps).actions)
    (f,) = [f for f in a.notes_at(6) if f.kind == "lost_critical"]
    assert (f.severity, f.details["cost"]) == ("blunder", 1)
    assert f.message.startswith("Ben discarded 5♣, the only 5♣: clubs can now reach 2 at most "
                               "without a joker; the spare joker can still carry it to 4; it cost 1 "
                               "point (max score 19).")
    # (Ben also knew an ace was playable: the judgement is said in the same note, #31.)
    assert f.details["judged"] == ["discard_with_playable", "mistake"]


# 9. Words per ruleset.

def test_hanabi_says_clues_strikes_and_misplays() -> None:
    game = build_game(HANABI, {"Anna": "2R 1Y 1G 1B 1W", "Ben": "1R 2Y 2G 2B 2W"})
    tl = timeline(game, [hint("Ben", rank=1), play("2Y")])
    a = review(game, tl.actions)
    assert describe_turn(tl, 1) == "Anna clues 1s to Ben (slot 1); 7 clues left."
    assert "it misplays, 1 strike;" in describe_turn(tl, 2)
    assert "Clues 7/8   Strikes 1/3" in "\n".join(table_text(game, tl.final))
    (f,) = [f for f in a.findings if f.kind == "misfire"]
    assert f.message.endswith("1 strike.")
    assert "clue" in summary_text(a) and "hint" not in summary_text(a)


def test_hanabi_rule_errors_say_clues() -> None:
    game = build_game(HANABI, {"Anna": "1R 1Y 1G 1B 1W", "Ben": "1R 2Y 2G 2B 2W"})
    data = log_data(game, [Discard(timeline(game, []).final.hands[0][0])])
    (problem,) = check_data(data, "h.json").errors()
    assert "Anna discards with 8 clues" in problem.message


def test_one_clue_and_one_turn_are_singular() -> None:
    game = build_game(NOVA, THREE, THREE_PILE)
    actions = play_out(game, hold=("5C",))
    tl = timeline(game, actions)
    lines = game_text(tl)
    assert "1 turn left" in lines and "1 turns left" not in lines
    assert "1 coins" not in lines
    hanabi = build_game(HANABI, {"Anna": "1R 1Y 1G 1B 1W", "Ben": "1R 2Y 2G 2B 2W"})
    steps = [hint("Ben", rank=2), hint("Anna", rank=1)] * 3 + [hint("Ben", rank=2)]
    text = describe_turn(timeline(hanabi, steps), 7)
    assert text.endswith("; 1 clue left.")


def test_the_ruleset_name_is_capitalised_in_rule_errors(tmp_path: Path) -> None:
    game = build_game(NOVA, THREE, THREE_PILE)
    data = log_data(game, [])
    data["actions"] = [{"type": "hint", "to": "Ben", "suit": "R"}]
    path = tmp_path / "red.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    result = CliRunner().invoke(main, ["validate", str(path)])
    assert "but Nova has no such suit" in result.output
    try:
        load_data(data)
    except ValueError as e:
        assert "Nova has no such suit" in str(e)
    else:
        raise AssertionError("a red hint in a Nova game must be refused")
