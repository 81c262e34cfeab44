"""What a teacher may suggest (`play.teacher`, issue #31 item 6): a clue only when its
receiver reads it, by the convention reader, as the giver means it; a play only of a card
its player knew playable. Each position is one where the rule decides: the audit's
misleading suggestions (a colour clue on an off-chop 5 with its row empty, a rank clue on
a chop card nothing connects to, an unknown card played over a known playable one) are
refused, and a good save and play clue still pass. Hands are slot 1 (newest) first."""

from __future__ import annotations

from helpers import SAMPLES, build_game, hint, play, shared, timeline
from test_conventions import HANABI

from nova_replay.conventions import Conventions
from nova_replay.play.suggest import candidates, convention_moves, solver_agrees, suggestions
from nova_replay.play.teacher import clue_fault, fault, known_playable, play_fault
from nova_replay.record.writer import log_data
from nova_replay.review.analysis import analyze
from nova_replay.review.evaluation import evaluate
from nova_replay.review.mover import MoverView, view
from nova_replay.rules.game import Discard, Game, Hint, Play

# Bob: an off-chop 5G (slot 1), a chop 4B (slot 5) with blue empty and no 1B-3B in view;
# Cathy holds no green and no blue.
HANDS = {"Alice": "4Y 4G 3B 3W 1W", "Bob": "5G 3Y 1R 2R 4B", "Cathy": "2Y 1Y 4Y 4R 3R"}
GAME = build_game(HANABI, HANDS)
GREEN, RED = 2, 0


def mover_at(game: Game, steps: list, turn: int) -> MoverView:  # type: ignore[type-arg]
    """The view of the mover of `turn`, after `steps` (turn - 1 of them)."""
    a = analyze(log_data(game, timeline(game, steps).actions), Conventions(5))
    return view(a.knowledge, a.reading, turn)


def test_a_colour_clue_on_an_off_chop_5_with_its_row_empty_is_refused() -> None:
    # Green to Bob touches only his 5G off the chop: he reads a play clue on a green card
    # that would have to be the 1G (nothing in view connects to more) and misplays the 5G.
    alice = mover_at(GAME, [], 1)
    why = clue_fault(alice, Hint(1, suit=GREEN))
    assert why and "5G" in why


def test_a_rank_clue_on_a_chop_card_nothing_connects_to_is_refused() -> None:
    # 4s to Bob focus his chop 4B: not critical, so no save; a play clue would need
    # 1B-3B, which nobody holds in view: no reading fits what Bob sees.
    alice = mover_at(GAME, [], 1)
    why = clue_fault(alice, Hint(1, rank=4))
    assert why == "no reading of the conventions fits it, as Bob would read it"


def test_a_5_save_and_a_play_clue_read_as_meant_pass() -> None:
    # A 5 Save of Bob's chop 5W, and a play clue on Cathy's playable 1Y.
    game = build_game(HANABI, {**HANDS, "Bob": "1R 3Y 4B 2B 5W"})
    alice = mover_at(game, [], 1)
    assert clue_fault(alice, Hint(1, rank=5)) == ""
    assert clue_fault(alice, Hint(2, rank=1)) == ""
    assert clue_fault(alice, Hint(1, suit=RED)) == ""  # the 1R, the only red card


def test_a_clue_that_touches_a_copy_of_a_clued_card_is_refused() -> None:
    # Alice's 1s touch Cathy's 1Y; then 1s to Alice from Bob would touch her own 1Y, a
    # copy of the clued one (Good Touch, as Bob sees it).
    game = build_game(HANABI, {**HANDS, "Alice": "1Y 4G 3B 3W 2W"})
    bob = mover_at(game, [hint("Cathy", rank=1)], 2)
    assert clue_fault(bob, Hint(0, rank=1)) == "it touches 1Y, which breaks Good Touch"
    assert clue_fault(bob, Hint(2, suit=RED)) != ""  # red on Cathy's 4R 3R: no red connects


def test_a_play_of_an_unknown_card_is_refused_and_a_known_playable_one_passes() -> None:
    # Bob's white clue on Alice's 3W and chop 1W: a play clue on the 1W (white empty).
    # Her slot-1 card is a 1Y she does not know: playing it is a gamble, not a suggestion.
    game = build_game(HANABI, {**HANDS, "Alice": "1Y 4G 3B 3W 1W"})
    steps = [hint("Bob", rank=5), hint("Alice", suit="W"), hint("Bob", suit="R")]
    alice = mover_at(game, steps, 4)
    hand = alice.state.hands[0]
    assert play_fault(alice, hand[4]) == ""  # the 1W, read as the play clue's focus
    assert play_fault(alice, hand[0]) == "a card its player did not know playable"
    assert fault(alice, Play(hand[0]))


def test_every_suggestion_passes_the_teachers_check() -> None:
    checked = 0
    for path in [SAMPLES / "hanabi-2p.json", SAMPLES / "nova-4p-lost-five-bots.json",
                 SAMPLES / "nova-3p-bots.json", SAMPLES / "nova-4p-careless-bots.json"]:
        a = analyze(str(path))
        for moves in (suggestions(a), convention_moves(a)):
            for turn, s in moves.items():
                assert fault(view(a.knowledge, a.reading, turn), s.action) == ""
                checked += 1
    assert checked >= 10



def test_on_a_real_game_a_5s_read_as_an_unconnected_play_clue_gives_way_to_a_discard() -> None:
    # p2_04 (a development game) turn 16: the basic bot's 5s to Player 1 focuses a 5P off
    # the chop, read as a play clue nothing connects to (the suggestion shown before);
    # the convention player's discard passes and is suggested instead.
    a = analyze(str(shared("real", "hanabi-challenges", "games", "p2_04.json")))
    mover, found = candidates(a)[16]
    assert found[1] == Hint(0, rank=5)
    assert fault(mover, found[1]) == ("Player 1 would read a Play clue on the 5P, which "
                                      "nothing connects to")
    assert suggestions(a)[16].action == found[0]


def test_no_suggestion_where_no_candidate_is_read_as_meant() -> None:
    # game03b1f5619815344d (development) turn 1: both clues offered (4s, 2s) focus cards
    # nothing connects to; no move is suggested.
    a = analyze(str(shared("real", "hanabidata-derived", "game03b1f5619815344d.json")))
    mover, found = candidates(a)[1]
    assert found and all(fault(mover, x) for x in found)
    assert 1 not in suggestions(a)


def test_with_solve_a_suggestion_the_solver_proves_worse_than_the_move_is_dropped() -> None:
    # game04b7026424a5d1c9 (development) turn 23: the move lost a critical card (23 -> 22
    # proven); the suggested discard of slot 5 is proven to keep even less, so `--solve`
    # does not show it beside the solver's figures (one verdict on the move).
    a = analyze(str(shared("real", "hanabidata-derived", "game04b7026424a5d1c9.json")))
    found = suggestions(a)
    assert 23 in found
    e = evaluate(a)
    kept = solver_agrees(a, found, e)
    assert 23 not in kept and set(found) - set(kept) == {23}


def test_the_suggestion_plays_the_called_card_the_note_says_was_not_answered() -> None:
    # p4_01 (development) turn 13: the note says Player 1 did not answer the finesse of
    # turn 12 (slot 2, the 3B); the convention player's seat, not reading the call, would
    # discard. The note's own remedy is offered first, so note and suggestion agree.
    a = analyze(str(shared("real", "hanabi-challenges", "games", "p4_01.json")))
    assert [f.kind for f in a.notes_at(13)] == ["misread"]
    _, found = candidates(a)[13]
    assert type(found[0]) is Play and type(found[1]) is Discard
    assert suggestions(a)[13].text == ("A convention player would have played slot 2 (answering "
                                       "the finesse of turn 12).")


def test_a_clued_1_is_known_playable_by_good_touch_and_an_unclued_one_is_not() -> None:
    # Bob played his 1R; Cathy's 1s then touch Alice's slot-5 1: by Good Touch it is no
    # trash (not the played 1R), so any 1 left, all playable. Her slot-1 card, unclued,
    # is unknown to her.
    game = build_game(HANABI, {**HANDS, "Alice": "2Y 4G 3B 3W 1R", "Bob": "1R 3Y 4B 2B 5W"})
    steps = [hint("Bob", rank=1), play("1R"), hint("Alice", rank=1)]
    alice = mover_at(game, steps, 4)
    hand = alice.state.hands[0]
    assert not alice.knows_playable(hand[4])  # deduced alone: it may be the played 1R
    assert known_playable(alice, hand[4]) == "clued, playable by Good Touch"
    assert known_playable(alice, hand[0]) == ""
