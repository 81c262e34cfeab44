"""Issue 32, pattern 2: a clue connecting through the target's own finesse position
(H-Group level 2, "The Self-Finesse": the target considers it only when no other reading
fits; level 5, the Urgency Principle: "if you see that a player does not blind-play into
the Finesse, then you know that the Finesse must be on you"). Each test is a position
where that rule decides the reading: hand-built from the page's example, or a real clue
of a development game (benchmarks/holdout.py; never a held-out one)."""

from __future__ import annotations

from helpers import build_game, discard, hint, play
from test_convention_questions import position
from test_conventions import HANABI, clue, move, review
from test_conventions_patterns import read

from nova_replay.conventions import Conventions, MoveReading, read_clue

# The Self-Finesse page's example with the 3 on Cathy's chop: all 1s played, Bob holds no
# 2 on his finesse position, Cathy's red 2 is hers.
CHOP = {"stacks": "r1 y1 g1 b1 p1",
        "hands": [["x", "x", "x", "x", "x"], ["y4", "p4", "r4", "b5", "g5"],
                  ["r2", "y4", "b4", "g4", "r3"]],
        "giver": 0, "clue": {"to": 2, "rank": 3}, "touched": [5]}


def test_a_clue_on_the_chop_that_saves_nothing_is_a_self_finesse() -> None:
    # No 3 is critical, so the 3 on the chop is no save: a play clue, and nothing but
    # Cathy's own finesse position can hold the 2. Below level 2 no reading fits.
    table, hint_, slots = position(CHOP)
    r = read_clue(table, Conventions(5), 0, hint_, slots)
    assert (r.meaning, r.focus_slot) == ("play", 4), r.text
    assert [(x.name, x.player, x.slot) for x in r.connections] == [("self-finesse", 2, 0)]
    assert read_clue(table, Conventions(1), 0, hint_, slots).meaning == "unclear"


def test_a_save_on_the_chop_is_no_self_finesse() -> None:
    # The same 3 with its other copy discarded: a Critical Save, which asks no blind play.
    table, hint_, slots = position({**CHOP, "discarded": ["r3"]})
    r = read_clue(table, Conventions(5), 0, hint_, slots)
    assert (r.meaning, r.convention, r.saved) == ("save", "critical save", True), r.text
    assert r.connections == ()


def test_a_chop_clue_two_away_is_no_self_finesse() -> None:
    # A 4 on the chop with only the 1s played would need two blind plays of Cathy's own:
    # where a save was the likelier intent, the reader reads no such chain (unclear).
    q = {**CHOP, "clue": {"to": 2, "rank": 4},
         "hands": [["x", "x", "x", "x", "x"], ["y4", "p4", "r5", "b5", "g5"],
                   ["r2", "r3", "y3", "b3", "r4"]]}
    table, hint_, slots = position(q)
    assert read_clue(table, Conventions(5), 0, hint_, slots).meaning == "unclear"


def test_a_finesse_not_played_by_its_player_is_on_the_target() -> None:
    # 2 to Cathy's 2R: Bob holds the 1R on his finesse position, a finesse on him;
    # Cathy holds the other 1R on hers. Bob does not play it, so Cathy does: she answers
    # the clue's self-finesse (Urgency Principle), not a gamble. Below level 2 it stays a
    # gamble; had Bob played his 1R, Cathy's would be no answer.
    game = build_game(HANABI, {"Alice": "4Y 4G 3B 3W 2W", "Bob": "1R 3Y 4B 2B 5W",
                               "Cathy": "1R 2R 1G 4R 3G"})
    steps = [hint("Cathy", rank=2), discard("5W"), play("1R")]
    a = review(game, steps)
    assert [(x.name, x.player) for x in clue(a, 1).connections] == [("finesse", 1)]
    answer = move(a, 3)
    assert (answer.move, answer.how, answer.called_at) == ("answers finesse", "self-finesse", 1)
    assert move(review(game, steps, level=1), 3).move == "blind play"
    bob = review(game, [hint("Cathy", rank=2), play("1R"), play("1R")])
    assert move(bob, 2).move == "answers finesse"
    assert move(bob, 3).move == "blind play"


def test_real_a_finesse_passed_on_is_answered_by_the_target() -> None:
    # p6_12 turn 6: 3 to Player5's 3Y reads a finesse on Player1's 1Y (first in turn
    # order); Player5 holds the other 1Y on their finesse position. Player1 never played
    # theirs, and Player5 blind-played the 1Y on turn 17.
    _, g = read("p6_12.json")
    m = g.turns[17]
    assert isinstance(m, MoveReading)
    assert (m.move, m.how, m.called_at) == ("answers finesse", "self-finesse", 6), m.text


def test_a_reverse_finesse_is_read_before_a_self_finesse() -> None:
    # 2 to Bob's 2R: Bob and Cathy both hold the 1R on their finesse position. Bob sees
    # Cathy's: a Reverse Finesse on her, and he waits ("only consider the possibility of a
    # Self-Finesse if there are no other possibilities"); when Cathy does not play hers,
    # Bob's blind 1R answers the clue (the Urgency Principle).
    game = build_game(HANABI, {"Alice": "4Y 4G 3B 3W 2W", "Bob": "1R 2R 1G 4Y 3G",
                               "Cathy": "1R 3Y 4B 2B 5W"})
    a = review(game, [hint("Bob", rank=2), discard("3G"), hint("Alice", rank=4),
                      hint("Cathy", rank=5), play("1R")])
    assert [(x.name, x.player) for x in clue(a, 1).connections] == [("reverse finesse", 2)]
    answer = move(a, 5)
    assert (answer.move, answer.how, answer.called_at) == ("answers finesse", "self-finesse", 1)
