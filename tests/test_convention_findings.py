"""The findings that rest on the conventions' reading (docs/conventions.md, "Findings that
use the reading"), each on a log where its rule decides the outcome, with a log where it
must not fire, and none with `--conventions none`. Hands are slot 1 (newest) first."""

from __future__ import annotations

from helpers import build_game, discard, hint, play, shared, timeline
from test_conventions import HANABI, HANDS, review

from nova_replay.conventions.connections import BLUFF
from nova_replay.conventions.reading import Reading
from nova_replay.record.writer import log_data
from nova_replay.review.analysis import Analysis, analyze
from nova_replay.review.clue_faults import five_by_colour
from nova_replay.rules.game import Game, Hint


def rules(a: Analysis, turn: int) -> list[tuple[str, str, str]]:
    """(kind, severity, rule) of the notes at `turn`."""
    return [(f.kind, f.severity, f.details.get("rule", "")) for f in a.notes_at(turn)]


def plain(game: Game, steps: list) -> Analysis:  # type: ignore[type-arg]
    return analyze(log_data(game, timeline(game, steps).actions), None)


def no_convention_notes(a: Analysis) -> bool:
    return all("rule" not in f.details and "convention" not in f.details for f in a.findings)


# Red to Cathy's 2R: a finesse on Bob's slot 1 (1R); Bob sees the 2R and no other 1R.
FINESSE = build_game(HANABI, HANDS)


def test_a_finesse_not_answered_and_then_lost_is_a_misread() -> None:
    # Bob clues instead of playing; Cathy, reading Bob's wait as "not on me", misplays.
    steps = [hint("Cathy", "R"), hint("Alice", rank=4), play("2R")]
    a = review(FINESSE, steps)
    assert ("misread", "mistake", "unanswered finesse") in rules(a, 2)
    (note,) = [f for f in a.notes_at(2) if f.details.get("rule") == "unanswered finesse"]
    assert note.player == 1 and note.details["reading_turn"] == 1
    assert "misplayed at turn 3" in note.message and "finesse" in note.details["page"]
    assert no_convention_notes(plain(FINESSE, steps))


def test_a_finesse_answered_late_or_after_an_urgent_save_is_no_misread() -> None:
    late = [hint("Cathy", "R"), hint("Alice", rank=4), discard("3G"), hint("Cathy", "G"),
            play("1R")]
    assert all(r[2] != "unanswered finesse" for t in range(1, 6)
               for r in rules(review(FINESSE, late), t))
    # Bob's 2 Save of Alice's chop 2W comes first; Cathy's misplay is then not Bob's.
    urgent = [hint("Cathy", "R"), hint("Alice", rank=2), play("2R")]
    assert all(r[2] != "unanswered finesse" for r in rules(review(FINESSE, urgent), 2))


# After a discard (no Early Game), a 5 clue on Bob's 5W on slot 4 moves his slot 5 (2B).
CHOP_MOVE = build_game(HANABI, {**HANDS, "Bob": "1R 3Y 4B 5W 2B"})
MOVED = [hint("Cathy", "G"), hint("Alice", rank=4), discard("3G"), hint("Bob", rank=5)]


def test_discarding_a_chop_moved_card_is_a_misread_from_level_4() -> None:
    a = review(CHOP_MOVE, [*MOVED, discard("2B")], level=4)
    assert ("misread", "mistake", "chop-moved discard") in rules(a, 5)
    (note,) = [f for f in a.notes_at(5) if f.kind == "misread"]
    assert "the chop was slot 3" in note.message and note.details["reading_turn"] == 4
    # Discarding the chop (4B) is no misread; below level 4 there is no chop move.
    assert ("misread", "mistake", "chop-moved discard") not in rules(
        review(CHOP_MOVE, [*MOVED, discard("4B")], level=4), 5)
    assert ("misread", "mistake", "chop-moved discard") not in rules(
        review(CHOP_MOVE, [*MOVED, discard("2B")], level=3), 5)
    assert no_convention_notes(plain(CHOP_MOVE, [*MOVED, discard("2B")]))


# No 2R in sight: red on Bob's chop 4R reads as 1R (chop focus), and 4R cannot connect.
def no_red(bob: str) -> Game:
    return build_game(HANABI, {"Alice": "4Y 4G 3B 3W 2W", "Bob": bob,
                               "Cathy": "2Y 1Y 1G 3Y 3G"})


def test_a_clue_whose_focus_misplays_while_another_touched_card_plays_has_an_ambiguous_focus(
        ) -> None:
    game = no_red("1R 3Y 4B 2B 4R")
    a = review(game, [hint("Bob", "R")])
    assert ("bad_clue", "mistake", "ambiguous focus") in rules(a, 1)
    (note,) = [f for f in a.notes_at(1) if f.kind == "bad_clue"]
    assert "single-card-focus" in note.details["page"] and "touched 1R" in note.message
    assert no_convention_notes(plain(game, [hint("Bob", "R")]))


def test_a_clue_whose_only_reading_is_a_misplay_is_a_bad_clue() -> None:
    game = no_red("3Y 1B 4B 2B 4R")
    a = review(game, [hint("Bob", "R")])
    assert ("bad_clue", "mistake", "misplay only") in rules(a, 1)
    # The same clue on a playable 1R is a good play clue; then played, one note only.
    fine = no_red("3Y 1B 4B 2B 1R")
    assert all(k != "bad_clue" for k, _, _ in rules(review(fine, [hint("Bob", "R")]), 1))
    played = review(game, [hint("Bob", "R"), hint("Alice", rank=4), discard("3G"),
                           hint("Cathy", rank=3), play("4R")])
    assert [r for r in rules(played, 1) if r[0] == "bad_clue"] == [
        ("bad_clue", "mistake", "misplay only")]
    assert ("misfire", "info", "") in rules(played, 5)



def test_no_misplay_note_where_the_giver_connects_or_the_card_scored_later() -> None:
    """hanab.live game 194321, a perfect game: turn 5's yellow on 3Y connects through the
    giver's own clued 2Y (and the 1Y a layered finesse called); turn 7's green on 4G only
    marked it (florrat2 kept it and played it later). Neither is a clue that misplays."""
    a = analyze(shared("hanablive", "game-194321_4p.json"))
    assert all(f.kind != "bad_clue" for f in a.notes_at(5))
    assert all(f.kind != "bad_clue" for f in a.notes_at(7))
    assert not [f for f in a.findings if f.kind == "bad_clue"]

# Yellow at 1 (Cathy's 1Y played): 2s on Bob's chop 2Y reads as a 2 Save, yellow as a play.
SAVE = build_game(HANABI, {"Alice": "4Y 4G 3B 3W 2W", "Bob": "1R 3Y 4B 3B 2Y",
                           "Cathy": "1Y 2R 1G 4R 3G"})
BEFORE = [hint("Cathy", "Y"), hint("Cathy", rank=1), play("1Y")]


def test_a_save_on_a_playable_card_that_waits_could_have_been_a_play_clue() -> None:
    a = review(SAVE, [*BEFORE, hint("Bob", rank=2), discard("3B")])
    assert ("bad_clue", "mistake", "save not play") in rules(a, 4)
    (note,) = [f for f in a.notes_at(4) if f.kind == "bad_clue"]
    assert "yellow would have been a plain play clue" in note.message
    assert "reads as a save or a play of 2Y" in note.message
    assert "2-save" in note.details["page"]
    # Bob played it anyway: the save did its job.
    assert all(k != "bad_clue" for k, _, _ in rules(
        review(SAVE, [*BEFORE, hint("Bob", rank=2), play("2Y")]), 4))
    assert no_convention_notes(plain(SAVE, [*BEFORE, hint("Bob", rank=2), discard("3B")]))


def test_a_chop_loss_its_discarder_could_not_see_is_no_fault_of_theirs() -> None:
    # Alice gives Cathy a 2 Save rather than save Bob's 5W; Bob discards his chop.
    game = build_game(HANABI, {**HANDS, "Cathy": "2R 1Y 1G 4R 2G"})
    steps = [hint("Cathy", rank=2), discard("5W")]
    (lost,) = [f for f in review(game, steps).notes_at(2) if f.kind == "lost_critical"]
    assert lost.severity == "info" and "could not see" in lost.message
    assert "Alice gave another save at turn 1" in lost.message
    (bare,) = [f for f in plain(game, steps).notes_at(2) if f.kind == "lost_critical"]
    assert bare.severity == "blunder"


def test_a_real_chop_loss_is_judged_by_what_its_discarder_saw() -> None:
    # The puzzle game0073425f0b25520f-t026: You discards the unseen last 4G from the chop.
    a = analyze(shared("real", "hanabidata-derived", "game0073425f0b25520f.json"))
    (lost,) = [f for f in a.notes_at(26) if f.kind == "lost_critical"]
    assert lost.severity == "info" and "You could not see" in lost.message


def test_a_final_round_stall_is_judged_by_value_not_by_the_play_clue_it_was_not() -> None:
    # p2_07 turn 63: 3s on trash while blue (or 5s) to Player2 was a play clue on the
    # playable 5B. Yet the 3s told Player2 his slot 5 was the 3B: his slots 2-4 are known
    # 1s, so his slot 1 could only be the 5B, which he played at turn 64. By value from
    # Player1's information the stall scored as the play clue would have (issue #31).
    path = shared("real", "hanabi-challenges-derived", "p2_07.json")
    (stall,) = [f for f in analyze(path).notes_at(63) if f.kind == "wasted_hint"]
    assert stall.severity == "info" and "as good as any move weighed" in stall.message
    assert "was a play clue" not in stall.message
    (bare,) = [f for f in analyze(path, None).notes_at(63) if f.kind == "wasted_hint"]
    assert "final round" not in bare.message


def test_a_final_round_clue_that_made_a_card_known_playable_is_no_waste() -> None:
    # p6_08 turn 58: blue gets Player5's 4B (a copy is clued in Player1's hand, but
    # Player1 has no turn left); Player5 plays it at turn 59.
    path = shared("real", "hanabi-challenges-derived", "p6_08.json")
    (clue,) = [f for f in analyze(path).notes_at(58) if f.kind == "wasted_hint"]
    assert clue.severity == "info" and "4B known playable" in clue.message
    # Without the conventions' rule, the judgement by value finds the same: the clue was
    # the best move Player4 had (issue #31).
    (bare,) = [f for f in analyze(path, None).notes_at(58) if f.kind == "wasted_hint"]
    assert bare.severity == "info" and "as good as any move weighed" in bare.message


def test_a_colour_clue_on_a_chop_5_that_connects_is_a_valid_play_clue_not_a_bad_5_save(
) -> None:
    # example_game_3p turn 30 (hanab.live): red to Alice touches her 3R (slot 2) and the
    # chop 5R (slot 4); red is at 2, Bob's 4R is clued: a delayed play clue on the 5R
    # (played at 31, 32, 34). No "a 5 is saved by a number clue": the 5R is kept.
    a = analyze(shared("hanablive", "example_game_3p.json"))
    assert [(f.kind, f.severity) for f in a.notes_at(30)] == [("good_save", "good")]
    assert a.reading is not None
    r = a.reading.turns[30]
    assert isinstance(r, Reading) and r.connects
    assert [x.kind for x in r.connections] == ["known", "known"]
    game, st = a.record.game, a.knowledge.statuses[29]
    clue = a.timeline.actions[29]
    assert isinstance(clue, Hint) and not five_by_colour(game, st, clue, r)
    # The connection decides: the same clue with nothing connecting, or connecting only
    # through a bluff (its focus is not what it is read as), is still no 5 Save.
    assert five_by_colour(game, st, clue, r._replace(connects=False, connections=()))
    bluffed = tuple(x._replace(kind=BLUFF) for x in r.connections)
    assert five_by_colour(game, st, clue, r._replace(connections=bluffed))
    # p6_17 turn 32: green on Player6's chop 5G through a finesse (Player5's 3G, played
    # at 35) and a prompt (Player4's 4G, played at 40): a valid play clue too.
    b = analyze(shared("real", "hanabi-challenges-derived", "p6_17.json"))
    assert [f.kind for f in b.notes_at(32)] == ["good_save"]
    assert b.reading is not None
    assert [x.kind for x in b.reading.turns[32].connections] == ["finesse", "prompt"]



def test_a_blind_play_on_the_last_turn_with_a_life_to_spare_is_a_free_gamble() -> None:
    # nova-4p, turn 40 (the last): Dev, with lives to spare and no known play, plays slot 1
    # blind; Anna's blind play of turn 17 in mid-game stays a gamble (issue #31).
    from helpers import ROOT

    from nova_replay.record.load import load
    a = analyze(load(ROOT / "sample_games" / "nova-4p.json"))
    (free,) = [f for f in a.notes_at(40) if f.kind == "gamble"]
    assert free.severity == "good" and free.details["rule"] == "free last-turn gamble"
    assert a.timeline[39].final_turns == 1 and a.timeline[39].lives > 1
    (mid,) = [f for f in a.notes_at(17) if f.kind == "gamble"]
    assert mid.severity == "info" and "rule" not in mid.details
