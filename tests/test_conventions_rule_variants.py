"""Variants with a rule beyond the suits, read by their H-Group pages (issue 32):
Critical Fours (https://hanabi.github.io/docs/variant-specific/critical-fours: "Players
must save 4's with a number clue", a dark suit's 4 by its colour) and Odds and Evens
(.../odds-and-evens: "an odd clue that focuses a chop card is treated as a 5 Save", an
even one as a 2 Save). Each test a hand-built game where that page's rule decides the
reading; hands slot 1 (newest) first, Alice gives the first clue. Up or Down is refused by
the rules (docs/variants.md), so it has no reading."""

from __future__ import annotations

import pytest
from helpers import build_game, discard, hint
from test_conventions import clue, review
from test_conventions_variants import colour

from nova_replay.conventions import not_read
from nova_replay.rules.game import Game
from nova_replay.rules.rulesets import RulesetError, make_ruleset


def game_of(variant: str, **hands: str) -> Game:
    base = {"Alice": "2Y 1B 3B 3R 2G", "Bob": "1R 3Y 4B 2B 4Y", "Cathy": "2R 1Y 1G 3G 4R"}
    return build_game(make_ruleset("hanabi", variant_name=variant), {**base, **hands})


def test_critical_fours_and_odds_and_evens_are_read_up_or_down_is_refused() -> None:
    for variant in ("Critical Fours (5 Suits)", "Critical Fours & Black (6 Suits)",
                    "Odds and Evens (5 Suits)", "Odds and Evens & Rainbow (5 Suits)"):
        assert not_read(make_ruleset("hanabi", variant_name=variant)) == "", variant
    why = not_read(make_ruleset("hanabi", variant_name="Odds and Evens & Pink (5 Suits)"))
    assert "Odds and Evens" in why  # a pink card's Pink Promise names a rank
    with pytest.raises(RulesetError, match="Up or Down"):
        make_ruleset("hanabi", variant_name="Up or Down (5 Suits)")


def test_critical_fours_a_4_on_the_chop_is_saved_by_number_not_by_colour() -> None:
    game = game_of("Critical Fours (5 Suits)")
    four = clue(review(game, [hint("Bob", rank=4)]), 1)
    assert (four.meaning, four.convention, four.focus_slot, four.saved) == (
        "save", "4 save", 4, True)
    yellow = clue(review(game, [hint("Bob", "Y")]), 1)
    assert (yellow.meaning, yellow.saved) != ("save", True), yellow.text
    # In No Variant the same yellow clue on a 4 whose copy is gone is a Critical Save.
    plain = build_game(make_ruleset("hanabi"), {"Alice": "2Y 1B 3B 3R 2G",
                                                "Bob": "1R 3Y 4B 2B 4Y",
                                                "Cathy": "2R 1Y 4Y 3G 4R"})
    crit = clue(review(plain, [hint("Cathy", "G"), hint("Alice", "B"), discard("4Y"),
                               hint("Bob", "Y")]), 4)
    assert (crit.convention, crit.saved) == ("critical save", True)


def test_critical_fours_a_black_4_is_saved_with_black() -> None:
    game = game_of("Critical Fours & Black (6 Suits)", Bob="1R 3Y 4B 2B 4Bk")
    black = clue(review(game, [colour("Bob", "Black")]), 1)
    assert (black.meaning, black.focus_slot, black.saved) == ("save", 4, True), black.text
    four = clue(review(game, [hint("Bob", rank=4)]), 1)
    assert not four.saved, four.text


def test_odds_and_evens_an_odd_clue_on_the_chop_is_a_5_save_an_even_one_a_2_save() -> None:
    odd = clue(review(game_of("Odds and Evens (5 Suits)", Bob="1R 3Y 4B 2B 5W"),
                      [hint("Bob", rank=1)]), 1)  # odd: touches 1R, 3Y and the 5W
    assert (odd.meaning, odd.convention, odd.focus_slot, odd.saved) == (
        "save", "odd 5 save", 4, True), odd.text
    even = clue(review(game_of("Odds and Evens (5 Suits)", Bob="1R 3Y 4B 3G 2B"),
                       [hint("Bob", rank=2)]), 1)  # even: touches the 4B and the 2B
    assert (even.meaning, even.convention, even.focus_slot, even.saved) == (
        "save", "even 2 save", 4, True), even.text


def test_odds_and_evens_an_odd_save_to_a_loaded_player_is_a_play_clue() -> None:
    # "However, the Always Loaded Principle applies": Bob's red 1R, read as the red 1 by
    # Alice's play clue, makes him loaded, so Cathy's odd clue on his chop saves nothing.
    game = game_of("Odds and Evens (5 Suits)", Bob="1R 3Y 4B 2B 5W")
    a = review(game, [hint("Bob", "R"), hint("Cathy", rank=2), hint("Bob", rank=1)])
    r = clue(a, 3)
    assert (r.convention, r.saved) == ("loaded play clue", False), r.text


def test_odds_and_evens_a_colour_tempo_clue_focuses_the_rightmost_of_twins() -> None:
    # "The Ambiguous O&E Tempo Clue": Bob's 3Y and 5Y, both clued odd, then yellow: both
    # are yellow 1, 3 or 5 to him, so the colour re-clue focuses the rightmost (No Variant's
    # rule: the leftmost re-touched card).
    game = game_of("Odds and Evens (5 Suits)", Bob="2R 3Y 4B 2B 5Y")
    r = clue(review(game, [hint("Bob", rank=1), hint("Cathy", rank=2), hint("Alice", rank=2),
                           hint("Bob", "Y")]), 4)
    assert (r.why, r.focus_slot) == ("ambiguous tempo clue", 4), r.text
