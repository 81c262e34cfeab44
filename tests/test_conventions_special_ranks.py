"""Special ranks (X-Ones, X-Fives) read as H-Group's Special-Ones and Special-Fives pages
say (conventions/special_ranks.py): each test a hand-built game where that page's rule
decides the reading, against the same game in a variant without it. Hands are written
slot 1 (newest) first; Alice gives the first clue, then Bob, then Cathy."""

from __future__ import annotations

from helpers import build_game, hint, play
from test_conventions import clue, names, review
from test_conventions_variants import HANDS, colour

from nova_replay.conventions import not_read, page
from nova_replay.conventions.special_ranks import special_kind
from nova_replay.conventions.variants import facts
from nova_replay.rules.game import Game
from nova_replay.rules.rulesets import make_ruleset


def game_of(variant: str, pile: str = "", **hands: str) -> Game:
    return build_game(make_ruleset("hanabi", variant_name=variant), {**HANDS, **hands}, pile)


def test_every_special_rank_is_read_and_named_by_its_properties() -> None:
    for name in ("Rainbow-Ones", "Pink-Ones", "White-Ones", "Brown-Ones", "Omni-Ones",
                 "Null-Ones", "Muddy-Rainbow-Ones", "Light-Pink-Ones", "Rainbow-Fives",
                 "Pink-Fives", "White-Fives", "Brown-Fives", "Omni-Fives", "Null-Fives",
                 "Muddy-Rainbow-Fives", "Light-Pink-Fives"):
        rules = make_ruleset("hanabi", variant_name=f"{name} (5 Suits)")
        assert not_read(rules) == "", name
        assert rules.special is not None and facts(rules).ranks.name == name
    # the kind comes from who touches the rank, not from the name
    brown = make_ruleset("hanabi", variant_name="Brown-Ones (5 Suits)").special
    assert brown is not None and special_kind(brown) == "Brown"


def test_pink_ones_a_3_clue_may_be_a_play_clue_on_a_1() -> None:
    # The Pink-Ones page's example: first turn, Alice clues 3 to Bob touching slots 1 and
    # 2; Cathy has no playable card on her finesse position, so it is a play clue on a
    # 1: Bob plays slot 1 (a red 1).
    game = game_of("Pink-Ones (5 Suits)", Bob="1R 3Y 4B 2B 4Y")
    a = review(game, [hint("Bob", rank=3)])
    r = clue(a, 1)
    assert (r.meaning, r.focus_slot, r.connects) == ("play", 0, True)
    assert {"1R", "1B", "1G"} <= set(names(a, r))  # any playable 1, though the clue says 3
    # In a pink-ones game with a pink suit, the Pink Promise does not keep the pink 1 out.
    mixed = game_of("Pink-Ones & Pink (5 Suits)", Bob="1Pi 3Y 4B 2B 4Y")
    a = review(mixed, [hint("Bob", rank=3)])
    assert "1Pi" in names(a, clue(a, 1)) and clue(a, 1).connects
    # Pink (5 Suits) without pink ones: the 3 clue promises a 3, never the pink 1.
    pink = game_of("Pink (5 Suits)", Bob="1Pi 3Y 4B 2B 4Y")
    a = review(pink, [hint("Bob", rank=3)])
    assert "1Pi" not in names(a, clue(a, 1))


def test_rainbow_ones_colour_promise_a_red_clue_on_a_1_is_the_red_1() -> None:
    # Alice clues red to Bob, touching only his blue 1 (rainbow ones take every colour):
    # by the Color Promise he reads it as the red 1, so the blue 1 is not among its readings
    # (the Color Promise Finesse the page builds on this is not read).
    game = game_of("Rainbow-Ones (5 Suits)", Bob="1B 3Y 4B 2B 4Y")
    a = review(game, [colour("Bob", "Red")])
    r = clue(a, 1)
    assert r.meaning == "play" and "1R" in names(a, r)
    assert "1B" not in names(a, r) and "1Y" not in names(a, r)
    assert page("pseudo 2 save").endswith("/variant-specific/special-fives"
                                          "#special-5-saves-for-pink-fives")


def test_omni_ones_a_red_re_clue_is_a_fix_clue_not_a_tempo_clue() -> None:
    # Alice's 3 clue touches Bob's 1R (omni ones take every rank) and 3Y; Cathy's red
    # clue then re-touches the 1R alone: in Omni-Ones a Red Fix Clue, in Pink-Ones (red
    # does not touch every 1 there) the re-clue reads as any re-clue, a tempo clue.
    steps = [hint("Bob", rank=3), hint("Alice", rank=4), colour("Bob", "Red")]
    omni = clue(review(game_of("Omni-Ones (5 Suits)", Bob="1R 3Y 4B 2B 4Y"), steps), 3)
    assert (omni.meaning, omni.convention, omni.focus_slot) == ("fix", "red fix clue", 0)
    assert page("red fix clue").endswith("/variant-specific/special-ones#red-fix-clue")
    pink = clue(review(game_of("Pink-Ones (5 Suits)", Bob="1R 3Y 4B 2B 4Y"), steps), 3)
    assert pink.convention == "tempo clue" and pink.meaning != "fix"


def test_pink_fives_a_2_clue_on_the_chop_saves_a_5_other_numbers_promise_their_rank() -> None:
    # No 5 clue exists: a 2 clue on Bob's chop 5Y is a pseudo 2 Save.
    game = game_of("Pink-Fives (5 Suits)", Bob="1R 3Y 4B 3G 5Y")
    a = review(game, [hint("Bob", rank=2)])
    r = clue(a, 1)
    assert (r.meaning, r.focus_slot, r.saved) == ("save", 4, True)
    assert r.convention in ("pseudo 2 save", "2 save") and "5Y" in names(a, r)
    # A 3 clue on that chop 5 promises a 3 (the Pink Promise): no save of the 5.
    a = review(game, [hint("Bob", rank=3)])
    assert "5Y" not in names(a, clue(a, 1)) and not clue(a, 1).saved


def test_pink_fives_a_pseudo_2_save_to_a_loaded_player_is_a_play_clue() -> None:
    # Bob's clued 1R makes him loaded; Cathy's 2 clue on his chop 2Y (Alice holds the
    # other 2Y: no 2 Save) is a Loaded Play Clue, the 2Y playable through Cathy's clued
    # 1Y (the Always Loaded Principle applies to pseudo 2 Saves).
    game = game_of("Pink-Fives (5 Suits)", Bob="1R 3Y 4B 3G 2Y")
    a = review(game, [hint("Bob", rank=1), colour("Cathy", "Yellow"), hint("Bob", rank=2)])
    r = clue(a, 3)
    assert (r.meaning, r.convention) == ("play", "loaded play clue") and r.connects
    unloaded = review(game, [hint("Bob", rank=2)])  # a save (of a 5, or a 2 not seen)
    assert clue(unloaded, 1).meaning == "save" and "5Y" in names(unloaded, clue(unloaded, 1))


def test_brown_fives_a_colour_clue_on_the_chop_saves_a_5() -> None:
    game = game_of("Brown-Fives (5 Suits)", Bob="1R 3Y 4B 3G 5Y")
    r = clue(review(game, [colour("Bob", "Yellow")]), 1)
    assert (r.meaning, r.convention, r.saved) == ("save", "brown-fives 5 save", True)
    assert r.text.startswith("Brown-Fives 5 Save on Bob's slot 5")
    plain = clue(review(game_of("No Variant", Bob="1R 3Y 4B 3G 5Y"),
                        [hint("Bob", "Y")]), 1)
    assert not plain.saved  # a 5 is saved by number where a number clue touches it
    # the Always Loaded Principle: to a loaded Bob (his clued 1R), a play clue
    loaded = review(game, [colour("Bob", "Red"), hint("Alice", rank=4), colour("Bob", "Yellow")])
    assert (clue(loaded, 3).meaning, clue(loaded, 3).convention) == ("play", "loaded play clue")


def test_muddy_rainbow_fives_a_5_is_saved_by_the_leftmost_colour_only() -> None:
    game = game_of("Muddy-Rainbow-Fives (5 Suits)", Bob="1R 3Y 4B 3G 5Y")
    red = clue(review(game, [colour("Bob", "Red")]), 1)
    assert (red.meaning, red.convention, red.saved) == ("save", "muddy rainbow save", True)
    blue = clue(review(game, [colour("Bob", "Blue")]), 1)
    assert not blue.saved and blue.meaning != "save"


def test_light_pink_fives_a_rank_play_clue_may_be_a_playable_5() -> None:
    # The Special-Fives page's example: red 2 and blue 4 on the stacks; Alice clues 3 to
    # Bob touching one card on slot 1: Bob marks it red 3 or blue 5.
    steps = [play("1R"), play("2R"), play("1B"), play("2B"), play("3B"), play("4B"),
             hint("Bob", rank=3)]
    hands = {"Alice": "1R 2B 4G 4Y 2Y", "Bob": "2R 3B 4R 2G 1G", "Cathy": "1B 4B 1Y 2G 4R"}
    pile = "1Y 4Y 3Y 1G 5B 3G"
    a = review(game_of("Light-Pink-Fives (5 Suits)", pile, **hands), steps)
    r = clue(a, 7)
    assert r.focus_slot == 0 and {"3R", "5B"} <= set(names(a, r))
    # Pink-Fives keeps the Pink Promise: the same 3 clue is a 3.
    a = review(game_of("Pink-Fives (5 Suits)", pile, **hands), steps)
    assert "3R" in names(a, clue(a, 7)) and "5B" not in names(a, clue(a, 7))


def test_null_fives_a_4_clue_off_the_chop_moves_the_next_players_chop() -> None:
    # Null 4 Tech: Alice's 4 clue on Cathy's 4Y (off her chop), Bob not loaded: a Null 4
    # Chop Move on Bob's chop.
    game = game_of("Null-Fives (5 Suits)", Bob="1R 3Y 4B 2B 3G", Cathy="2R 4Y 1G 3G 1R")
    r = clue(review(game, [hint("Cathy", rank=4)]), 1)
    assert (r.meaning, r.convention, r.moved_player, r.moved_slots) == (
        "chop move", "null 4 chop move", 1, (4,))
    plain = clue(review(game_of("No Variant", Bob="1R 3Y 4B 2B 3G", Cathy="2R 4Y 1G 3G 1R"),
                        [hint("Cathy", rank=4)]), 1)
    assert plain.convention != "null 4 chop move"
    # Bob loaded (his clued 1R): the 4 clue reads as it would without the tech
    a = review(game, [colour("Bob", "Red"), hint("Alice", rank=4), hint("Alice", rank=3),
                      hint("Cathy", rank=4)])
    assert clue(a, 4).convention not in ("null 4 chop move", "loaded 5 null play clue")
