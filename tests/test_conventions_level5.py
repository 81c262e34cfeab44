"""H-Group level 5's intermediate finesses (https://hanabi.github.io/docs/level-5), each on
a hand-built game where that convention decides the reading: read at level 5, not at
level 4. Hands are written slot 1 (newest) first."""

from __future__ import annotations

from helpers import build_game, discard, hint, play
from test_conventions import clue, move, review

from nova_replay.conventions import Reading
from nova_replay.knowledge.perspective import Perspective
from nova_replay.review.analysis import Analysis
from nova_replay.rules.game import Action, Game
from nova_replay.rules.rulesets import make_ruleset
from nova_replay.views.review_text import reading_text

HANABI = make_ruleset("hanabi")


def finesses(a: Analysis, r: Reading) -> list[tuple[str, str, int]]:
    return [(x.name, a.record.game.players[x.player], x.slot + 1) for x in r.connections
            if x.kind == "finesse"]


def gambles(a: Analysis) -> list[int]:
    return [f.turn for f in a.findings if f.kind == "gamble"]


def test_a_layered_finesse_plays_the_cards_before_the_called_one() -> None:
    # Red to Bob's 2R: Cathy's finesse position holds 1B, which plays; the 1R is behind it.
    game = build_game(HANABI, {"Alice": "4Y 4G 3B 3W 2W", "Bob": "2R 3Y 4B 2B 5W",
                               "Cathy": "1B 1R 1G 4R 3G"})
    steps = [hint("Bob", "R"), discard("5W"), play("1B"), hint("Cathy", rank=3),
             discard("2B"), play("1R"), hint("Cathy", rank=4), play("2R")]
    a = review(game, steps)
    r = clue(a, 1)
    assert r.meaning == "play" and r.connects
    assert [x.kind for x in r.connections] == ["finesse"]  # the JSON's kinds stay
    assert finesses(a, r) == [("layered finesse", "Cathy", 2)]
    assert "2R via 1R by a layered finesse on Cathy's slot 2 (1B plays first)" in \
        r.text.replace("♥", "R")
    first, then = move(a, 3), move(a, 6)
    assert (first.move, first.called_at, first.how) == ("answers finesse", 1, "layered finesse")
    assert (then.move, then.called_at) == ("answers finesse", 1)
    assert move(a, 8).move == "plays clued"
    assert gambles(a) == []
    # Level 4 does not read it: the clue connects to nothing. Judged from Cathy's view (she
    # cannot see her 1B), red on the 2R is a plain finesse on her slot 1, which she answers
    # (issue 31: an answer, not a gamble); the second blind play is a layered finesse's,
    # which level 4 does not teach: a gamble.
    four = review(game, steps, level=4)
    assert not clue(four, 1).connects
    assert [move(four, t).move for t in (3, 6)] == ["blind play", "blind play"]
    assert gambles(four) == [6]


def test_a_layered_finesse_whose_layer_fits_the_clue_is_clandestine() -> None:
    # Bob holds 1B then 1R: a 2 clue on Cathy's 2R could be read as the 2B once the 1B
    # plays (clandestine); a red clue could not (layered).
    game = build_game(HANABI, {"Alice": "4Y 4G 3B 3W 2W", "Bob": "1B 1R 3Y 4B 5W",
                               "Cathy": "2R 1Y 1G 4R 3G"})
    by_two = review(game, [hint("Cathy", rank=2)])
    r = clue(by_two, 1)
    assert finesses(by_two, r) == [("clandestine finesse", "Bob", 2)]
    assert {"2R", "2B"} <= {str(by_two.ids.card(i)) for i in r.could_be}
    by_red = review(game, [hint("Cathy", "R")])
    assert finesses(by_red, clue(by_red, 1)) == [("layered finesse", "Bob", 2)]
    four = review(game, [hint("Cathy", rank=2)], level=4)
    assert finesses(four, clue(four, 1)) == [] and not clue(four, 1).connects


def _hidden_finesse() -> tuple[Game, list[Action]]:
    # Bob's 1B is clued with 1; he draws 1R, then 1G. Red to Cathy's 2R prompts his clued 1
    # (it is the 1B, which plays), then his finesse position: 1G plays, then 1R.
    game = build_game(HANABI, {"Alice": "4Y 4G 3B 3W 2W", "Bob": "3Y 1B 4B 2B 5W",
                               "Cathy": "2R 1Y 4G 4R 3G"}, pile="1R 1G")
    steps = [hint("Bob", rank=1), discard("5W"), hint("Alice", rank=3), hint("Bob", rank=4),
             discard("2B"), hint("Alice", "W"), hint("Cathy", "R"), play("1B"),
             hint("Alice", "Y"), hint("Cathy", rank=3), play("1G"), hint("Alice", "G"),
             hint("Bob", rank=3), play("1R"), play("2R")]
    return game, steps


def test_a_hidden_finesse_plays_the_prompted_card_then_the_finesse_position() -> None:
    game, steps = _hidden_finesse()
    a = review(game, steps)
    r = clue(a, 7)
    assert finesses(a, r) == [("hidden finesse", "Bob", 2)]
    assert "(1B, 1G play first)" in r.text.replace("♣", "B")
    assert move(a, 8).move == "plays clued"  # the prompted card is clued
    assert [(move(a, t).move, move(a, t).called_at) for t in (11, 14)] == [
        ("answers finesse", 7), ("answers finesse", 7)]
    four = review(game, steps, level=4)
    assert not clue(four, 7).connects and 11 in gambles(four)


def test_a_hidden_finesse_answer_is_no_gamble() -> None:
    # Bob saw his prompted 1 play as the 1B while Cathy's 2R still waits for the 1R: the
    # call moves on to his finesse position (he sees the card played, the focus, the piles).
    game, steps = _hidden_finesse()
    assert gambles(review(game, steps)) == []


def test_a_queued_finesse_waits_behind_the_card_called_before() -> None:
    # Alice's blue calls Bob's 1B (slot 1); before Bob plays it, Cathy's red calls the 1R:
    # Bob's finesse position moved right, to slot 2. He plays the 1B, then the 1R.
    game = build_game(HANABI, {"Alice": "4Y 4G 3B 3W", "Bob": "1B 1R 3Y 4B",
                               "Cathy": "1Y 4G 4R 3G", "Donald": "2B 2R 3R 5W"})
    steps = [hint("Donald", "B"), hint("Alice", rank=4), hint("Donald", "R"),
             hint("Alice", rank=3), hint("Cathy", rank=4), play("1B"), hint("Alice", "Y"),
             play("2B"), hint("Bob", rank=3), play("1R")]
    a = review(game, steps)
    assert finesses(a, clue(a, 1)) == [("finesse", "Bob", 1)]
    assert finesses(a, clue(a, 3)) == [("queued finesse", "Bob", 2)]
    assert [(move(a, t).move, move(a, t).called_at) for t in (6, 10)] == [
        ("answers finesse", 1), ("answers finesse", 3)]
    four = review(game, steps, level=4)
    assert not clue(four, 3).connects and gambles(four) == [10]


def test_a_card_a_finesse_called_is_gotten_for_the_next_clue() -> None:
    # Bob's 1R is called by a finesse (Alice's 2 to Donald's 2R); before he plays it,
    # Cathy's 3 on Donald's 3R connects through that same 1R (and prompts the 2R): the
    # queued finesse position, which skips the 1R, does not hide it from the next clue.
    game = build_game(HANABI, {"Alice": "4Y 4G 3B 3W", "Bob": "1R 1B 3Y 4B",
                               "Cathy": "1Y 4G 4R 3G", "Donald": "2R 3R 5W 4B"})
    a = review(game, [hint("Donald", rank=2), hint("Alice", rank=4), hint("Donald", rank=3),
                      hint("Alice", rank=3), hint("Donald", "W"), play("1R")])
    first, card = clue(a, 1).connections[0], clue(a, 3).connections[0]
    assert finesses(a, clue(a, 1)) == [("finesse", "Bob", 1)]
    assert card.card == first.card and [x.kind for x in clue(a, 3).connections] == [
        "finesse", "prompt"]
    assert (move(a, 6).move, move(a, 6).called_at) == ("answers finesse", 3)


def test_an_ambiguous_finesse_is_the_later_players() -> None:
    # Bob and Cathy both hold the 1R on their finesse position: Bob sees Cathy's and passes,
    # Cathy then plays (H-Group: "If Bob is discarding, ... Cathy should immediately
    # blind-play").
    game = build_game(HANABI, {"Alice": "4Y 4G 3B 3W", "Bob": "1R 3Y 4B 5G",
                               "Cathy": "1R 4G 4R 3G", "Donald": "3B 1Y 5W 2R"})
    steps = [hint("Donald", "R"), discard("5G"), play("1R")]
    a = review(game, steps)
    r = clue(a, 1)
    assert finesses(a, r) == [("ambiguous finesse", "Cathy", 1)]
    answer = move(a, 3)
    assert (answer.move, answer.called_at, answer.how) == ("answers finesse", 1,
                                                           "ambiguous finesse")
    # had Bob played his copy, that answers it too (and Cathy's is no longer called)
    bob = review(game, [hint("Donald", "R"), play("1R"), discard("1R")])
    assert move(bob, 2).move == "answers finesse"
    assert move(bob, 3).move == "off-chop discard"  # Cathy's copy, trash now: no misread
    assert not [f for f in bob.findings if f.kind == "misread"]
    four = review(game, steps, level=4)
    assert finesses(four, clue(four, 1)) == [("finesse", "Bob", 1)]
    assert move(four, 3).move == "blind play" and gambles(four) == [3]
    # As Bob, who holds the other copy, the clue is said as he could read it.
    assert a.reading is not None
    as_bob = reading_text(a.reading, a.timeline, 1, Perspective(1))
    assert as_bob == r.common != r.text
    assert reading_text(a.reading, a.timeline, 1, Perspective(0)) == r.text  # Alice sees all


def test_at_level_11_a_layer_on_the_bluff_seat_that_does_not_connect_is_a_bluff() -> None:
    # Red to Cathy's 2R with Bob (right after Alice) holding 1B then 1R: a layered finesse
    # at level 5; at level 11 the 1B does not connect to red, so the team reads a bluff
    # (H-Group level 11, "Cathy's Connecting Principle"). A 2 clue's layer connects: it
    # stays a (clandestine) finesse.
    game = build_game(HANABI, {"Alice": "4Y 4G 3B 3W 2W", "Bob": "1B 1R 3Y 4B 5W",
                               "Cathy": "2R 1Y 1G 4R 3G"})
    five = review(game, [hint("Cathy", "R"), play("1B")])
    assert finesses(five, clue(five, 1)) == [("layered finesse", "Bob", 2)]
    eleven = review(game, [hint("Cathy", "R"), play("1B")], level=11)
    assert [x.kind for x in clue(eleven, 1).connections] == ["bluff"]
    assert move(eleven, 2).move == "answers bluff"
    by_two = review(game, [hint("Cathy", rank=2)], level=11)
    assert finesses(by_two, clue(by_two, 1)) == [("clandestine finesse", "Bob", 2)]


def test_an_ambiguous_finesse_answer_is_no_gamble() -> None:
    # Cathy sees the 1R on Bob's finesse position, but Bob's turn came and he discarded:
    # the finesse is hers (H-Group: "Cathy should immediately blind-play").
    game = build_game(HANABI, {"Alice": "4Y 4G 3B 3W", "Bob": "1R 3Y 4B 5G",
                               "Cathy": "1R 4G 4R 3G", "Donald": "3B 1Y 5W 2R"})
    assert gambles(review(game, [hint("Donald", "R"), discard("5G"), play("1R")])) == []
