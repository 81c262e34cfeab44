"""The fault rules judged from the mover's view with the conventions the reader knows
(issue #31, docs/audit.md "Audit of notes on held-out games", principles 2, 3 and 6):
each test uses a log where the rule decides the verdict. Hands are slot 1 (newest) first;
the real games are development games (`benchmarks/holdout.py`)."""

from __future__ import annotations

from helpers import build_game, discard, hint, play, shared
from test_conventions import HANABI, HANDS, clue, review

from nova_replay.review.analysis import Analysis, analyze
from nova_replay.rules.game import Game


def notes(a: Analysis, turn: int, kind: str) -> list[tuple[str, str]]:
    """(severity, message) of the notes of `kind` at `turn`."""
    return [(f.severity, f.message) for f in a.notes_at(turn) if f.kind == kind]


# Alice knows her clued 1G (1 and green); Bob then clues Cathy's 1G with a 1.
SARCASTIC = build_game(HANABI, {"Alice": "4R 4Y 1G 3W 3B", "Bob": "1R 3Y 2G 4B 5W",
                                "Cathy": "2R 3Y 1G 4R 3G"}, pile="5R 5Y 5B 4W 4B 4G")
SD_STEPS = [hint("Bob", rank=5), hint("Alice", rank=1), hint("Alice", "G"),
            hint("Bob", rank=1), hint("Cathy", rank=1), discard("3G"), discard("1G")]


def test_a_sarcastic_discard_of_a_known_playable_card_is_no_discard_with_playable() -> None:
    # Alice discards her known-playable 1G, whose copy is clued in Cathy's hand: H-Group's
    # Sarcastic Discard (level 3); playing it would leave Cathy a dead 1 she reads as
    # playable. Below level 3 the reader has no Sarcastic Discard, and the note stays.
    assert notes(review(SARCASTIC, SD_STEPS, level=3), 7, "discard_with_playable") == []
    assert notes(review(SARCASTIC, SD_STEPS, level=2), 7, "discard_with_playable") == [
        ("mistake", "Alice discarded 1G, which Alice knew was playable: playing it would "
                    "have scored.")]


# Bob's 2B is 2 Saved; Cathy's 1s play (1B first); Alice's 2s again tells Bob nothing new.
TEMPO = build_game(HANABI, {**HANDS, "Bob": "1R 3Y 1G 5W 2B", "Cathy": "1Y 1B 2G 4R 3G"})


def test_a_tempo_clue_that_tells_nothing_new_is_no_waste_when_its_focus_plays() -> None:
    steps = [hint("Bob", rank=2), hint("Cathy", rank=1), play("1B"), hint("Bob", rank=2)]
    (note,) = notes(review(TEMPO, steps), 4, "wasted_hint")
    assert note[0] == "info" and "Tempo Clue on slot 5 (2B), which can be played" in note[1]
    # Before the 1B is played the re-clue asks Bob to play a 2B that cannot: a waste.
    early = [hint("Bob", rank=2), hint("Cathy", rank=1), hint("Bob", rank=2)]
    (note,) = notes(review(TEMPO, early), 3, "wasted_hint")
    assert note[0] == "mistake" and "learned nothing new" in note[1]


def test_a_trash_chop_move_of_a_dead_chop_is_a_waste_and_of_a_needed_one_is_not() -> None:
    # p2_19 turn 59: 1s on Player2's trash 1Y chop-moves their 2G, already trash (green
    # at 3): nothing to protect. Turn 45's chop-moves a 4R with red at 1: no save due.
    a = analyze(shared("real", "hanabi-challenges-derived", "p2_19.json"))
    for turn, why in ((59, "(2G is trash)"), (45, "(4R: not critical, not playable")):
        (note,) = notes(a, turn, "wasted_hint")
        assert note[0] == "mistake" and "Trash Chop Move, but the chop it moves" in note[1]
        assert why in note[1]
    # p2_16 turn 46: a Trash Chop Move that protected a card worth keeping: no waste.
    (note,) = notes(analyze(shared("real", "hanabi-challenges-derived", "p2_16.json")), 46,
                    "wasted_hint")
    assert note[0] == "info" and "a Trash Chop Move (it tells Player1" in note[1]


def test_a_fix_clue_whose_new_focus_is_a_dead_card_is_no_clean_fix() -> None:
    # game0313454f0e513527 turn 35: 1s fixes a clued 1 of You's, but its focus is a new
    # 1B, already played, which You cannot tell is trash: by Good Touch a card to play.
    a = analyze(shared("real", "hanabidata-derived", "game0313454f0e513527.json"))
    (note,) = notes(a, 35, "wasted_hint")
    assert note[0] == "mistake" and "also touched 1B (slot 1), new" in note[1]
    assert notes(a, 35, "fix_clue") == []


# Alice clues Cathy's 1G (the focus) and 1Y; Bob then clues Alice's 1Y, a copy he sees clued in
# Cathy's hand (a Good Touch break); Alice plays her 1Y; Cathy, reading her other 1 by
# Good Touch as not 1Y, plays it: it is the 1Y.
GOOD_TOUCH = build_game(HANABI, {"Alice": "1Y 4G 3B 3W 2W", "Bob": "1R 3Y 4B 2B 5W",
                                 "Cathy": "2R 1G 1Y 4R 3G"})
DUPLICATE = [hint("Cathy", rank=1), hint("Alice", rank=1), play("1G"), play("1Y"),
             hint("Alice", rank=4), play("1Y")]


def test_a_misplay_that_followed_good_touch_is_the_breaking_clues_fault() -> None:
    a = review(GOOD_TOUCH, DUPLICATE)
    (misfire,) = notes(a, 6, "misfire")
    assert misfire[0] == "info" and "It followed Good Touch" in misfire[1]
    assert "the fault is Bob's clue at turn 2" in misfire[1]
    (waste,) = notes(a, 2, "wasted_hint")
    assert waste[0] == "mistake" and "Cathy played 1Y at turn 6 as it reads" in waste[1]


def test_a_strikeout_that_followed_good_touch_is_no_blunder_of_its_player() -> None:
    # The same, after two strikes: the third is the breaking clue's, not Cathy's blunder.
    a = review(GOOD_TOUCH, [play("2W"), play("2B"), hint("Bob", rank=5),
                            *DUPLICATE[:5], play("1Y")])
    (out,) = notes(a, 9, "strikeout")
    assert out[0] == "info" and "the fault is Bob's clue at turn 5" in out[1]


# Alice clues Bob's 1Y (he cannot tell which 1); Bob clues Cathy's 1Y, a copy of his own
# clued card, which he cannot see; Bob plays his 1 (the 1Y); Cathy plays hers.
HIDDEN = build_game(HANABI, {"Alice": "4Y 4G 3B 3W 2W", "Bob": "1Y 3Y 4B 2B 5W",
                             "Cathy": "2R 1Y 3G 4R 3B"})


def test_a_clue_duplicating_the_givers_own_unseen_card_is_not_the_givers_fault() -> None:
    a = review(HIDDEN, [hint("Bob", rank=1), hint("Cathy", rank=1), hint("Alice", rank=4),
                        hint("Bob", rank=5), play("1Y"), play("1Y")])
    assert notes(a, 2, "bad_clue") == []
    (misfire,) = notes(a, 6, "misfire")
    assert misfire[0] == "info" and "not Cathy's fault" in misfire[1]


def test_a_missed_save_needs_the_card_critical_when_the_saver_moved() -> None:
    # p2_05 turn 10: the other 3P was Player 2's own (unseen) card, discarded that turn:
    # Player 1's chop 3P was not the last copy when Player 2 moved, so no save was due.
    a = analyze(shared("real", "hanabi-challenges-derived", "p2_05.json"))
    assert notes(a, 10, "missed_save") == []
    (lost,) = notes(a, 11, "lost_critical")
    assert lost[0] == "info" and "not yet the last copy when Player2 moved" in lost[1]


def test_a_forced_discard_from_a_fully_clued_hand_is_no_fault() -> None:
    # p4_10 turn 17: no clue token, every card of Player 1's clued, none known trash or
    # playable: "a clued card not known to be trash is kept" cannot be followed.
    a = analyze(shared("real", "hanabi-challenges-derived", "p4_10.json"))
    state = a.timeline.states[16]
    assert state.coins == 0 and all(a.knowledge.touched[16][c] for c in state.hands[0])
    assert notes(a, 17, "discard_hinted") == []


def test_a_discard_from_a_fully_clued_hand_is_a_fault_when_a_clue_named_a_play() -> None:
    # game0313454f0e513527 turn 38: no clue token, every card of You's clued; turn 37's
    # play clue on her slot 1 reads as a card to play (it is a dead 1R, the clue's fault),
    # so discarding another clued card was not forced: playing it was the convention.
    a = analyze(shared("real", "hanabidata-derived", "game0313454f0e513527.json"))
    (note,) = notes(a, 38, "discard_hinted")
    assert note[0] == "mistake" and "1R was the card to play" in note[1]


# Alice's 1Y is clued and played, Cathy's other yellows and her 3R are clued; Alice then
# clues yellow on Bob's 2Y: Bob sees every yellow left clued in Cathy's hand, so by Good
# Touch his yellow card is trash to him, and the clue is a Trash Chop Move of his chop.
def yellows(chop: str) -> Game:
    return build_game(HANABI, {"Alice": "1Y 4G 3B 3W 2W", "Bob": f"4B 4R 2G 2Y {chop}",
                               "Cathy": "2Y 3Y 4Y 5Y 3R"})


TCM_STEPS = [hint("Cathy", "Y"), hint("Alice", rank=1), hint("Alice", rank=4), play("1Y"),
             hint("Cathy", "R"), hint("Alice", rank=3), hint("Bob", "Y")]


def test_a_clue_on_a_card_good_touch_shows_as_trash_is_a_trash_chop_move() -> None:
    # Bob's chop is the 5W, critical: a Trash Chop Move that saves it, no waste.
    a = review(yellows("5W"), TCM_STEPS)
    assert clue(a, 7).convention == "trash chop move"
    (note,) = notes(a, 7, "wasted_hint")
    assert note[0] == "info" and "a Trash Chop Move" in note[1]
    # Bob's chop is a 3R, a copy of Cathy's clued 3R: the move protects nothing.
    (note,) = notes(review(yellows("3R"), TCM_STEPS), 7, "wasted_hint")
    assert note[0] == "mistake" and "(3R is trash)" in note[1]


def test_a_missed_save_is_not_the_givers_when_their_clue_gave_the_receiver_a_play() -> None:
    # Alice clues red on Bob's 1R, a play clue; Bob, with a play to make, discards his
    # chop 5W instead: no reason to discard, so the loss is no missed save of Alice's.
    game = build_game(HANABI, {**HANDS, "Bob": "3Y 4B 1R 2B 5W"})
    a = review(game, [hint("Bob", "R"), discard("5W")])
    assert notes(a, 1, "missed_save") == []
    (lost,) = notes(a, 2, "lost_critical")
    assert lost[0] == "blunder" and "No fault of Bob's" not in lost[1]
    # A clue to Cathy gives Bob no play: the chop is his only move, the save was Alice's.
    a = review(game, [hint("Cathy", rank=1), discard("5W")])
    (missed,) = notes(a, 1, "missed_save")
    assert missed[0] == "mistake"


def test_a_forced_discard_off_the_chop_is_no_blunder_when_the_chop_was_as_critical() -> None:
    # Eight clues spend every token (none on Bob's cards); Bob, with no play, discards
    # his slot 1 5W off the chop: a convention broken, but his chop (5R, unknown to him
    # as much) was as likely critical, so the lost point is an outcome, no blunder.
    game = build_game(HANABI, {"Alice": "1B 1R 5G 5Y 2W", "Bob": "5W 3Y 4B 2B 5R",
                               "Cathy": "2R 1Y 1G 4R 3G"})
    steps = [hint("Cathy", rank=1), hint("Alice", rank=1), hint("Alice", rank=5),
             hint("Cathy", "Y"), hint("Alice", "B"), hint("Alice", "R"), hint("Cathy", rank=1),
             hint("Alice", rank=5), play("1Y"), play("1B"), discard("5W")]
    (lost,) = notes(review(game, steps), 11, "lost_critical")
    assert lost[0] == "mistake" and "the point lost is an outcome, not the blunder" in lost[1]


def test_cards_an_earlier_play_clue_called_do_not_become_known_playable_again() -> None:
    # Red and yellow play clues called Bob's 1R and 1Y (turns 1 and 3); Alice's 1s then
    # tells him their ranks, but he already knew to play both: no "good clue" credit.
    game = build_game(HANABI, {**HANDS, "Bob": "1R 1Y 4B 2B 5W"})
    a = review(game, [hint("Bob", "R"), hint("Alice", rank=4), hint("Bob", "Y"),
                      hint("Bob", rank=1)])
    assert notes(a, 4, "good_hint_playable") == []
    # The same 1s, with no earlier play clue on them, makes both known playable: credit.
    a = review(game, [hint("Cathy", rank=3), hint("Alice", rank=4), hint("Alice", rank=2),
                      hint("Bob", rank=1)])
    (good,) = notes(a, 4, "good_hint_playable")
    assert good[0] == "good" and "(1R, 1Y)" in good[1]
