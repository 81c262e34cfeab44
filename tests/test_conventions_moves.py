"""The reading of plays and discards at levels 3 and 4 (docs/conventions.md): the play
order of several clued 1s, the Order Chop Move, the Sarcastic Discard, each on a
hand-built game where that convention decides the reading. Hands slot 1 (newest) first."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner
from helpers import build_game, discard, hint, play, timeline
from test_conventions import HANABI, HANDS, clue, move, review

from nova_replay.cli import main
from nova_replay.record.writer import log_data


def test_starting_hand_1s_are_played_oldest_first() -> None:
    # A 1 clue touches Bob's 1R, 1B, 1W (slots 1, 3, 4; the chop, slot 5, is not one).
    game = build_game(HANABI, {**HANDS, "Bob": "1R 3Y 1B 1W 2B"})
    first = move(review(game, [hint("Bob", rank=1), play("1W")], level=3), 2)
    assert (first.move, first.expected) == ("plays clued", 3)
    assert "the 1 their clued 1s' play order puts first" in first.text
    newest = move(review(game, [hint("Bob", rank=1), play("1R")], level=3), 2)
    assert (newest.move, newest.expected) == ("plays clued", 3)
    assert "out of their clued 1s' play order (slot 4 first)" in newest.text
    # Below level 3 the order is not read.
    assert move(review(game, [hint("Bob", rank=1), play("1W")], level=2), 2).expected is None


def test_a_fresh_1_is_played_before_the_starting_hand_1s() -> None:
    # Bob discards 2B and draws 1R; a 1 clue then touches 1R (fresh, slot 1) and the
    # starting hand's 1B, 1W (slots 3, 4): 1R first.
    game = build_game(HANABI, {**HANDS, "Bob": "4R 1B 1W 3Y 2B"}, pile="1R")
    steps = [hint("Cathy", rank=4), discard("2B"), hint("Bob", rank=1), hint("Cathy", rank=3)]
    a = review(game, [*steps, play("1R")], level=3)
    assert clue(a, 3).focus_slot == 0
    assert (move(a, 5).move, move(a, 5).expected) == ("plays clued", 0)


def test_a_1_on_the_chop_is_played_first_the_chop_focus_exception() -> None:
    # As H-Group's level 3 example: 1s on slots 1 (fresh), 2, 3 and 5 (the chop) play in
    # the order 5, 1, 3, 2.
    game = build_game(HANABI, {**HANDS, "Bob": "1B 1W 4B 1G 2B"}, pile="1R")
    steps = [hint("Cathy", rank=4), discard("2B"), hint("Bob", rank=1), hint("Cathy", rank=3)]
    a = review(game, [*steps, play("1G")], level=3)
    assert clue(a, 3).why == "chop"
    assert move(a, 5).expected == 4 and "puts first" in move(a, 5).text


def test_skipping_a_1_is_an_order_chop_move_on_the_next_player_from_level_4() -> None:
    # Bob's 1s play slot 4, 3, 1; he plays slot 3, skipping one: Cathy chop-moves her
    # slot 5 (3G), so her next discard from slot 4 is her chop discard.
    game = build_game(HANABI, {**HANDS, "Bob": "1R 3Y 1B 1W 2B"})
    steps = [hint("Bob", rank=1), play("1B"), discard("4R")]
    a = review(game, steps, level=4)
    ocm = move(a, 2)
    assert (ocm.move, ocm.other, ocm.other_slots) == ("order chop move", 2, (4,))
    assert ("before slot 4, which their clued 1s' play order puts first: an Order Chop Move "
            "of Cathy's slot 5") in ocm.text
    assert move(a, 3).move == "chop discard"
    # At level 3 it is an out-of-order play and nothing moves.
    three = review(game, steps, level=3)
    assert (move(three, 2).move, move(three, 2).expected) == ("plays clued", 3)
    assert move(three, 3).move == "off-chop discard"
    # Skipping two 1s chop-moves the player two seats on: Alice's slot 5.
    two = move(review(game, [hint("Bob", rank=1), play("1R")], level=4), 2)
    assert (two.move, two.other, two.other_slots) == ("order chop move", 0, (4,))
    # Playing in order moves nothing.
    assert move(review(game, [hint("Bob", rank=1), play("1W")], level=4), 2).move == \
        "plays clued"


def test_a_1_with_other_clues_than_the_skipped_ones_is_no_order_chop_move() -> None:
    # Bob's 1W is clued by a 1 clue; he draws 1R, and a second 1 clue touches it and the
    # 1W again. The fresh 1R plays first; playing the 1W skips it, but the 1W has two
    # clues and the 1R one: out of order, no Order Chop Move.
    game = build_game(HANABI, {**HANDS, "Bob": "4R 3Y 2G 1W 2B"}, pile="1R")
    steps = [hint("Bob", rank=1), discard("2B"), hint("Bob", rank=1), hint("Cathy", rank=4)]
    a = review(game, [*steps, play("1W")], level=4)
    assert (move(a, 5).move, move(a, 5).expected, move(a, 5).other) == ("plays clued", 0, None)
    # A 1 known by a second clue (here blue on the 1B) is not among those the order ranks.
    game = build_game(HANABI, {**HANDS, "Bob": "1R 3Y 1B 1W 2B"})
    a = review(game, [hint("Bob", rank=1), hint("Cathy", rank=4), hint("Bob", "B"),
                      hint("Cathy", rank=3), play("1B")], level=4)
    assert (move(a, 5).move, move(a, 5).expected) == ("plays clued", None)


def test_discarding_a_clued_card_known_to_be_clued_elsewhere_is_a_sarcastic_discard() -> None:
    # Alice knows her 1G (1 and green clues); Bob then clues Cathy's 1G with a 1 (Cathy
    # reads it as any 1 but 1G: Good Touch). Alice discards her 1G: a Sarcastic Discard
    # telling Cathy her 1 is the 1G, so a later green clue on Bob's 2G connects through
    # Cathy's known 1G (level 3); below, the 1G was ruled out and nothing connects.
    game = build_game(HANABI, {"Alice": "4R 4Y 1G 3W 3B", "Bob": "1R 3Y 2G 4B 5W",
                               "Cathy": "2R 3Y 1G 4R 3G"}, pile="5R 5Y 5B 4W 4B 4G")
    steps = [hint("Bob", rank=5), hint("Alice", rank=1), hint("Alice", "G"),
             hint("Bob", rank=1), hint("Cathy", rank=1), discard("3G"), discard("1G"),
             play("1R"), discard("4R"), hint("Bob", "G")]
    a = review(game, steps, level=3)
    sd = move(a, 7)
    assert (sd.move, sd.other, sd.other_slots) == ("sarcastic discard", 2, (3,))
    assert "Sarcastic Discard, Cathy holds the other" in sd.text
    later = clue(a, 10)
    assert [(x.kind, x.player, x.slot) for x in later.connections] == [("known", 2, 4)]
    two = review(game, steps, level=2)
    assert move(two, 7).move == "clued discard"
    assert [x.kind for x in clue(two, 10).connections] != ["known"]


def test_the_json_move_reading_names_the_order_chop_move_and_its_card(tmp_path: Path) -> None:
    # Bob skips one 1: the JSON reading says so, for Cathy, and names her slot 5 card by
    # hanab.live's order (cards numbered as dealt, hand by hand: Cathy's first card, 10,
    # is her oldest, slot 5).
    game = build_game(HANABI, {**HANDS, "Bob": "1R 3Y 1B 1W 2B"})
    path = tmp_path / "ocm.json"
    steps = [hint("Bob", rank=1), play("1B"), hint("Alice", rank=4), hint("Bob", rank=3),
             play("1W")]
    path.write_text(json.dumps(log_data(game, timeline(game, steps).actions)))
    out = CliRunner().invoke(main, ["analyze", str(path), "--json"])
    turns = json.loads(out.output[out.output.index("{"):])["turns"]
    ocm, later = turns[2]["reading"], turns[5]["reading"]
    assert (ocm["move"], ocm["in_order"], ocm["to"], ocm["to_cards"]) == (
        "order chop move", False, "Cathy", [10])
    assert (later["move"], later["in_order"], later["to"]) == ("plays clued", True, None)
    assert "in_order" not in turns[3]["reading"]  # a clue's reading has no such field


def test_a_clue_that_can_only_duplicate_the_givers_unseen_clued_card_reads_as_it() -> None:
    # Alice's 3R is clued by a 3 alone; her 3 clue to Bob's 3R has, by Good Touch, no
    # other 3 that plays: from level 3 it reads as the 3R Alice cannot see she holds (the
    # docs' Sarcastic Discard example); at level 2 only a self-finesse could explain it.
    game = build_game(HANABI, {"Alice": "4G 1R 3R 4Y 5W", "Bob": "3R 2R 4B 2B 5B",
                               "Cathy": "2Y 3Y 2G 4R 5G"}, pile="4W 4W")
    steps = [play("1R"), play("2R"), hint("Alice", rank=3), hint("Bob", rank=3)]
    three = clue(review(game, steps, level=3), 4)
    assert (three.meaning, [str(game.space.card(i)) for i in three.could_be]) == (
        "play", ["3R"])
    two = clue(review(game, steps, level=2), 4)
    assert three.could_be[0] not in two.could_be
