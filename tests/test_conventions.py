"""Each H-Group convention the reader knows, on a hand-built game where that convention
decides the reading (docs/conventions.md). Hands are written slot 1 (newest) first."""

from __future__ import annotations

import json
from typing import get_args

import pytest
from click.testing import CliRunner
from helpers import build_game, discard, hint, play, shared, timeline

from nova_replay.cli import main
from nova_replay.conventions import (
    Conventions,
    ConventionsError,
    MoveReading,
    Reading,
    not_read,
    parse_conventions,
)
from nova_replay.conventions.kinds import ConnectionKind, MeaningKind, MoveKind
from nova_replay.record.writer import log_data
from nova_replay.review.analysis import Analysis, analyze
from nova_replay.rules.game import Game
from nova_replay.rules.rulesets import make_ruleset
from nova_replay.views.report import ClueReadingView, ConnectionView, MoveReadingView

HANABI = make_ruleset("hanabi")
# Alice, Bob, Cathy: 3 players, 5 cards each.
HANDS = {"Alice": "4Y 4G 3B 3W 2W", "Bob": "1R 3Y 4B 2B 5W", "Cathy": "2R 1Y 1G 4R 3G"}


def review(game: Game, steps: list, level: int = 5) -> Analysis:  # type: ignore[type-arg]
    return analyze(log_data(game, timeline(game, steps).actions), Conventions(level))


def clue(a: Analysis, turn: int) -> Reading:
    assert a.reading is not None
    r = a.reading.turns[turn]
    assert isinstance(r, Reading), r
    return r


def move(a: Analysis, turn: int) -> MoveReading:
    assert a.reading is not None
    r = a.reading.turns[turn]
    assert isinstance(r, MoveReading), r
    return r


def names(a: Analysis, r: Reading) -> list[str]:
    return [str(a.ids.card(i)) for i in r.could_be]


def test_a_clue_touching_the_chop_is_focused_on_the_chop() -> None:
    # Red touches Cathy's 2R (slot 1) and 4R... and with 4R moved to the chop (slot 5).
    game = build_game(HANABI, {**HANDS, "Cathy": "2R 1Y 1G 3G 4R"})
    r = clue(review(game, [hint("Cathy", "R")]), 1)
    assert (r.focus_slot, r.why) == (4, "chop")


def test_otherwise_the_focus_is_the_leftmost_new_card() -> None:
    game = build_game(HANABI, HANDS)
    r = clue(review(game, [hint("Cathy", "R")]), 1)
    assert (r.focus_slot, r.why) == (0, "leftmost new card")


def test_a_finesse_is_called_on_the_finesse_position_and_answered() -> None:
    game = build_game(HANABI, HANDS)
    a = review(game, [hint("Cathy", "R"), play("1R"), play("2R")])
    r = clue(a, 1)
    assert r.meaning == "play"
    assert [(x.kind, a.record.game.players[x.player], x.slot) for x in r.connections] == [
        ("finesse", "Bob", 0)]
    assert "2R via 1R by a finesse on Bob's slot 1" in r.text.replace("♥", "R")
    answer = move(a, 2)
    assert (answer.move, answer.called_at) == ("answers finesse", 1)
    assert move(a, 3).move == "plays clued"


def test_the_readers_kinds_are_enums_that_read_as_their_old_strings() -> None:
    """The reader's kinds are `kinds.py`'s string enums: a reading's JSON report holds the
    same strings the plain kinds were, and the report's schema lists exactly the members."""
    game = build_game(HANABI, HANDS)
    a = review(game, [hint("Cathy", "R"), play("1R"), play("2R")])
    r = clue(a, 1)
    assert r.meaning is MeaningKind.PLAY and r.connections[0].kind is ConnectionKind.FINESSE
    assert move(a, 2).move is MoveKind.ANSWERS_FINESSE
    assert json.dumps([r.meaning, r.connections[0].kind, move(a, 2).move]) == \
        '["play", "finesse", "answers finesse"]'
    assert f"{r.meaning} {r.connections[0].kind}" == "play finesse"
    fields = {name: f.annotation for name, f in ClueReadingView.model_fields.items()}
    assert set(get_args(fields["meaning"])) == set(MeaningKind)
    assert set(get_args(ConnectionView.model_fields["kind"].annotation)) == set(ConnectionKind)
    assert set(get_args(MoveReadingView.model_fields["move"].annotation)) == set(MoveKind)


def test_a_finesse_is_not_read_where_the_finesse_position_does_not_hold_it() -> None:
    game = build_game(HANABI, {**HANDS, "Bob": "3Y 1R 4B 2B 5W"})
    r = clue(review(game, [hint("Cathy", "R")]), 1)
    assert not r.connects and r.connections == ()
    assert "nothing visible connects" in r.text


def test_a_play_clue_could_be_every_playable_identity_of_the_clue() -> None:
    game = build_game(HANABI, HANDS)
    a = review(game, [hint("Cathy", rank=1)])
    r = clue(a, 1)
    assert r.meaning == "play" and r.focus_slot == 1
    assert names(a, r) == ["1R", "1Y", "1G", "1B", "1W"]


def test_good_touch_rules_out_a_card_already_clued_elsewhere() -> None:
    # Bob's 1Y is clued first; a later 1 clue on Cathy's 1Y and 1G cannot focus a yellow 1.
    game = build_game(HANABI, {**HANDS, "Bob": "1Y 3Y 4B 2B 5W"})
    a = review(game, [hint("Bob", rank=1), discard("2B"), hint("Alice", rank=4),
                      hint("Cathy", rank=1)])
    r = clue(a, 4)
    assert r.focus_slot == 1
    assert "1Y" not in names(a, r) and "1R" in names(a, r)
    before = clue(review(game, [hint("Cathy", rank=1)]), 1)
    assert "1Y" in names(a, before)


def test_a_5_on_the_chop_clued_by_number_is_a_5_save() -> None:
    game = build_game(HANABI, HANDS)
    a = review(game, [hint("Bob", rank=5)])
    r = clue(a, 1)
    assert (r.meaning, r.convention, r.focus_slot, r.saved) == ("save", "5 save", 4, True)


def test_a_colour_clue_on_a_chop_5_is_no_5_save() -> None:
    game = build_game(HANABI, HANDS)
    r = clue(review(game, [hint("Bob", "W")]), 1)
    assert r.meaning == "play" and not r.saved and not r.connects


def test_a_2_on_the_chop_clued_by_number_is_a_2_save() -> None:
    game = build_game(HANABI, {**HANDS, "Bob": "1R 3Y 4B 5W 2B"})
    a = review(game, [hint("Bob", rank=2)])
    r = clue(a, 1)
    assert (r.meaning, r.convention, r.saved) == ("save", "2 save", True)
    # Cathy's 2R shows: no 2 Save of it. Alice, the giver, cannot see her own 2W (docs/
    # audit.md, lesson 9): Bob must keep 2W possible, else he reads a save of it as a play.
    assert "2B" in names(a, r) and "2R" not in names(a, r) and "2W" in names(a, r)


def test_a_critical_card_on_the_chop_is_a_critical_save() -> None:
    # Cathy throws a 4B from her chop; Bob's other 4B, on his chop, is then saved by blue.
    game = build_game(HANABI, {**HANDS, "Bob": "1R 3Y 5W 2B 4B", "Cathy": "2R 1Y 1G 3G 4B"})
    a = review(game, [hint("Cathy", "G"), hint("Alice", rank=4), discard("4B"),
                      hint("Bob", "B")])
    r = clue(a, 4)
    assert (r.meaning, r.convention, r.saved, r.focus_slot) == ("save", "critical save", True, 4)


def test_a_5_clue_off_the_chop_in_the_early_game_is_a_5_stall_from_level_2() -> None:
    game = build_game(HANABI, {**HANDS, "Bob": "5W 3Y 4B 2B 1R"})
    assert clue(review(game, [hint("Bob", rank=5)], level=2), 1).meaning == "stall"
    level1 = clue(review(game, [hint("Bob", rank=5)], level=1), 1)
    assert level1.meaning != "stall"


def test_a_delayed_play_clue_connects_through_a_clued_card() -> None:
    # Cathy's 1R... Bob's 1R is clued first, then red to Cathy's 2R.
    game = build_game(HANABI, HANDS)
    a = review(game, [hint("Bob", "R"), hint("Cathy", "R")])
    r = clue(a, 2)
    assert r.meaning == "play"
    assert [(x.kind, x.slot) for x in r.connections] == [("known", 0)]


def test_a_prompt_calls_the_leftmost_clued_card_that_may_be_the_connection() -> None:
    # Red to Bob's 1R and 2R reads the 1R; once it is played, red to Cathy's 3R prompts
    # Bob's other red card (any red but the played 1R, to Bob).
    game = build_game(HANABI, {**HANDS, "Bob": "1R 2R 4B 2B 5W", "Cathy": "3R 1Y 1G 4R 3G"})
    a = review(game, [hint("Bob", "R"), play("1R"), hint("Alice", rank=4), hint("Cathy", "R")])
    r = clue(a, 4)
    assert (r.meaning, r.focus_slot) == ("play", 0)
    assert [(x.kind, a.record.game.players[x.player], x.slot) for x in r.connections] == [
        ("prompt", "Bob", 1)]


def test_a_self_finesse_is_read_from_level_2_only() -> None:
    # A 2 to Cathy's 2R: no one else holds the 1R where a finesse looks; Cathy does.
    game = build_game(HANABI, {**HANDS, "Bob": "3Y 4G 4B 2B 5W", "Cathy": "1R 2R 1G 4Y 3G"})
    two = clue(review(game, [hint("Cathy", rank=2)], level=2), 1)
    assert (two.meaning, two.focus_slot) == ("play", 1)
    assert [x.name for x in two.connections] == ["self-finesse"]
    one = clue(review(game, [hint("Cathy", rank=2)], level=1), 1)
    assert not one.connects and one.connections == ()


def test_a_fix_clue_is_read_from_level_3() -> None:
    # Red to Bob's 2R reads as the 1R (a misplay to come); Cathy's 2 on it tells it is not
    # playable: a fix clue at level 3, no reading below.
    game = build_game(HANABI, {**HANDS, "Bob": "2R 3Y 4B 1B 5W"})
    steps = [hint("Bob", "R"), hint("Alice", rank=4), hint("Bob", rank=2)]
    assert [str(c) for c in map(game.space.card, clue(review(game, steps), 1).could_be)] == [
        "1R"]
    assert clue(review(game, steps, level=3), 3).meaning == "fix"
    assert clue(review(game, steps, level=2), 3).meaning == "unclear"


def test_a_tempo_clue_is_a_play_clue_on_a_clued_card() -> None:
    # Bob's 2B is 2 Saved; blue on it later tells it is the 2B, playable through Cathy's
    # 1B in her finesse position: a tempo clue, read as a play clue.
    game = build_game(HANABI, {**HANDS, "Bob": "1R 3Y 1G 5W 2B", "Cathy": "1B 1Y 2G 4R 3G"})
    a = review(game, [hint("Bob", rank=2), hint("Alice", rank=4), hint("Alice", rank=3),
                      hint("Bob", "B")])
    assert clue(a, 1).convention == "2 save"
    r = clue(a, 4)
    assert (r.meaning, r.convention, r.focus_slot) == ("play", "tempo clue", 4)


def test_a_blind_play_no_clue_called_is_a_gamble() -> None:
    game = build_game(HANABI, HANDS)
    a = review(game, [hint("Bob", rank=5), play("1R")])
    assert move(a, 2).move == "blind play"


def test_a_discard_from_the_chop_and_off_it() -> None:
    game = build_game(HANABI, HANDS)
    a = review(game, [hint("Bob", rank=5), hint("Alice", rank=4), discard("2R"),
                      discard("2W")])
    assert move(a, 3).move == "off-chop discard"
    assert move(a, 4).move == "chop discard"


def test_variants_the_docs_read_differently_are_not_read_and_say_why() -> None:
    assert not_read(make_ruleset("hanabi", variant_name="6 Suits")) == ""
    why = not_read(make_ruleset("hanabi", variant_name="Extremely Ambiguous (6 Suits)"))
    assert why.startswith("no convention reading for this variant (Extremely Ambiguous")
    assert "grand finale" in not_read(make_ruleset("nova", grand_finale=True))
    assert not_read(make_ruleset("nova", jokers=2)) == ""


def test_a_nova_game_is_read_with_the_same_conventions() -> None:
    nova = make_ruleset("nova")
    game = build_game(nova, {"Anna": "AH 2D 5D 3C", "Ben": "AS 3D 5H AC",
                             "Carla": "2C 4D AS 2H"})
    a = review(game, [hint("Ben", rank=5)])
    r = clue(a, 1)
    assert r.meaning in ("play", "save", "stall")  # Ben's 5H off his chop (slot 4 is AC)
    assert r.focus_slot == 2


def test_none_reads_nothing_and_a_bad_level_is_one_line() -> None:
    assert parse_conventions("none") is None
    assert parse_conventions("h-group:2") == Conventions(2)
    with pytest.raises(ConventionsError, match="level 7 is not read"):
        parse_conventions("h-group:7")
    assert parse_conventions("h-group:11") == Conventions(11)
    runner = CliRunner()
    sample = "sample_games/hanabi-2p.json"
    out = runner.invoke(main, ["analyze", sample, "--json", "--conventions", "none"])
    data = json.loads(out.output)
    assert data["conventions"] is None and all(t["reading"] is None for t in data["turns"])
    bad = runner.invoke(main, ["analyze", sample, "--conventions", "h-group:9"])
    assert bad.exit_code == 2 and "h-group:9" in bad.output and "Traceback" not in bad.output


def test_the_json_reading_numbers_cards_as_hanab_live_does() -> None:
    # In a game read from hanab.live, each play's `order` in our reading is the order the
    # file's own action names.
    path = shared("hanablive", "example_game_3p.json")
    runner = CliRunner()
    out = runner.invoke(main, ["analyze", str(path), "--json"])
    data = json.loads(out.output[out.output.index("{"):])
    actions = json.loads(path.read_text())["actions"]
    checked = 0
    for t in data["turns"][1:]:
        r = t["reading"]
        if r is not None and "move" in r:
            assert r["order"] == actions[t["turn"] - 1]["target"], t["turn"]
            checked += 1
    assert checked > 10


# --- findings that rest on the reading -----------------------------------------------

def kinds(a: Analysis, turn: int) -> list[tuple[str, str]]:
    return [(f.kind, f.severity) for f in a.notes_at(turn)]


def test_a_colour_clue_on_a_chop_5_is_a_bad_clue() -> None:
    game = build_game(HANABI, HANDS)
    assert ("bad_clue", "mistake") in kinds(review(game, [hint("Bob", "W")]), 1)
    assert ("bad_clue", "mistake") not in kinds(review(game, [hint("Bob", rank=5)]), 1)
    plain = analyze(log_data(game, timeline(game, [hint("Bob", "W")]).actions), None)
    assert all(f.kind != "bad_clue" for f in plain.findings)


def test_a_misplay_that_followed_the_reading_is_the_givers_note() -> None:
    game = build_game(HANABI, {**HANDS, "Bob": "2R 3Y 4B 1B 5W"})
    a = review(game, [hint("Bob", "R"), play("2R")])
    assert ("bad_clue", "mistake") in kinds(a, 1)
    assert ("misfire", "info") in kinds(a, 2)
    plain = analyze(log_data(game, timeline(game, [hint("Bob", "R"), play("2R")]).actions),
                    None)
    assert [(f.kind, f.severity) for f in plain.notes_at(2)] == [("misfire", "mistake")]


def test_a_called_card_discarded_is_a_misread() -> None:
    game = build_game(HANABI, HANDS)
    a = review(game, [hint("Cathy", "R"), discard("1R")])
    assert ("misread", "mistake") in kinds(a, 2)


def test_a_critical_chop_discard_is_the_missed_save_of_the_player_before() -> None:
    game = build_game(HANABI, HANDS)
    a = review(game, [hint("Cathy", rank=1), discard("5W")])
    assert ("missed_save", "mistake") in kinds(a, 1)
    assert ("lost_critical", "info") in kinds(a, 2)
    (saved,) = [f for f in a.notes_at(1) if f.kind == "missed_save"]
    assert saved.player == 0 and "Alice could have saved 5W" in saved.message


def test_a_forced_discard_with_no_clue_left_is_no_fault() -> None:
    game = build_game(HANABI, {**HANDS, "Cathy": "2R 1Y 1G 4R 5G"})
    # (Alice's first clue is a 1s: a 3s would call Cathy's finesse position, a play)
    steps = [hint("Bob", rank=1), hint("Alice", rank=4), hint("Alice", rank=3),
             hint("Bob", rank=4), hint("Alice", rank=2), hint("Bob", rank=2),
             hint("Bob", rank=5), hint("Alice", "Y"), discard("5G")]
    a = review(game, steps)
    (lost,) = [f for f in a.notes_at(9) if f.kind == "lost_critical"]
    assert lost.severity == "info" and "forced" in lost.message
    plain = analyze(log_data(game, timeline(game, steps).actions), None)
    assert [f.severity for f in plain.notes_at(9) if f.kind == "lost_critical"] == ["blunder"]


def test_a_fix_clue_on_trash_is_not_a_waste_and_a_blind_play_is_a_gamble() -> None:
    game = build_game(HANABI, {**HANDS, "Bob": "1R 3Y 4B 1B 5W", "Cathy": "1R 1Y 1G 4R 3G"})
    steps = [hint("Bob", rank=1), hint("Alice", rank=4), play("1R"), hint("Bob", "R")]
    a = review(game, steps)
    assert ("gamble", "info") in kinds(a, 3)
    assert ("fix_clue", "info") in kinds(a, 4)
    plain = analyze(log_data(game, timeline(game, steps).actions), None)
    assert [(f.kind, f.severity) for f in plain.notes_at(4)] == [("wasted_hint", "mistake")]


def test_a_clue_that_tells_nothing_in_the_final_round_is_a_stall() -> None:
    sample = "sample_games/hanabi-5p.json"
    a, plain = analyze(sample), analyze(sample, None)
    final = [f for f in plain.findings if f.kind == "wasted_hint"
             and a.timeline[f.turn - 1].final_turns >= 0]
    assert final, "the sample has a wasted clue in the final round"
    for f in final:
        (same,) = [g for g in a.notes_at(f.turn) if g.kind == "wasted_hint"]
        # The conventions name the stall; without them, the endgame's judgement by value
        # (review.endgame) finds it as good as any move, so neither is a fault.
        assert same.severity == "info" and "stall" in same.message
        assert f.severity == "info" and "stall" not in f.message
        assert "as good as any move" in f.message and "as good as any move" in same.message


def test_a_5_one_away_from_the_chop_is_a_5s_chop_move_from_level_4() -> None:
    # After a discard (no Early Game), a 5 clue on Bob's 5W on slot 4 moves his slot 5.
    game = build_game(HANABI, {**HANDS, "Bob": "1R 3Y 4B 5W 2B"})
    steps = [hint("Cathy", "G"), hint("Alice", rank=4), discard("3G"), hint("Bob", rank=5)]
    a = review(game, steps, level=4)
    r = clue(a, 4)
    assert (r.meaning, r.convention, r.moved_slots) == ("chop move", "5's chop move", (4,))
    assert "chop moves slot 5" in r.text
    assert clue(review(game, steps, level=3), 4).meaning == "play"
    # The chop-moved 2B is not Bob's chop any more: his next discard is off slot 3.
    later = review(game, [*steps, discard("4B")], level=4)
    assert move(later, 5).move == "chop discard"
    assert move(review(game, [*steps, discard("4B")], level=3), 5).move == "off-chop discard"
    # (the Trash Chop Move: tests/conventions_questions/level4_examples.json)


def test_a_bluff_is_read_at_level_11_only() -> None:
    # Red to Cathy's 2R with no 1R where a finesse looks; Bob, right after Alice, holds a
    # playable 1Y on his finesse position: a bluff at level 11, no connection below.
    game = build_game(HANABI, {**HANDS, "Bob": "1Y 3Y 4B 2B 5W", "Cathy": "2R 1B 1G 4R 3G"})
    a = review(game, [hint("Cathy", "R"), play("1Y")], level=11)
    r = clue(a, 1)
    assert [(x.kind, x.slot) for x in r.connections] == [("bluff", 0)] and r.connects
    assert "bluff on Bob's slot 1" in r.text
    assert move(a, 2).move == "answers bluff"
    four = review(game, [hint("Cathy", "R"), play("1Y")], level=4)
    assert not clue(four, 1).connects and move(four, 2).move == "blind play"
