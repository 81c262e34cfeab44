"""Ambiguous and dual-colour suits (conventions/variants.py): which of them are read, by
which page, and the Ambiguous Tempo Clue of the variant-specific intro. Hands are
written slot 1 (newest) first; Alice gives the first clue, then Bob, then Cathy."""

from __future__ import annotations

from helpers import build_game, hint, play
from test_conventions import clue, review
from test_conventions_variants import colour

from nova_replay.conventions import not_read, page
from nova_replay.conventions.variants import facts
from nova_replay.rules.rulesets import RulesetError, make_ruleset
from nova_replay.rules.variants import hanablive_ids


def test_ambiguous_and_dual_colour_suits_are_read_the_pages_that_change_them_are_not() -> None:
    for name in ("Ambiguous (6 Suits)", "Very Ambiguous (6 Suits)", "Ambiguous & Rainbow (5 Suits)",
                 "Dual-Color (6 Suits)", "Dual-Color & Rainbow (6 Suits)", "Holiday Mix (5 Suits)"):
        assert not_read(make_ruleset("hanabi", variant_name=name)) == "", name
    why = not_read(make_ruleset("hanabi", variant_name="Extremely Ambiguous (6 Suits)"))
    assert why.startswith("no convention reading for this variant (Extremely Ambiguous: its "
                          "page's Blue Color Clues")
    assert "Color Touch Inversion" in not_read(
        make_ruleset("hanabi", variant_name="Dual-Color (3 Suits)"))
    assert "Multi-Color" in not_read(make_ruleset("hanabi", variant_name="Matryoshka (6 Suits)"))
    assert page("ambiguous tempo clue").endswith("/variant-specific#the-ambiguous-tempo-clue")


def test_the_pages_whose_variants_are_named_are_found_by_the_suits_properties() -> None:
    # The Extremely Ambiguous and Dual-Color (3 Suits) pages name their variants; the
    # properties the reader goes by pick exactly those of hanab.live's variants.
    for name in hanablive_ids():
        try:
            families = facts(make_ruleset("hanabi", variant_name=name)).families
        except RulesetError:
            continue
        assert ("Extremely Ambiguous" in families) == name.startswith("Extremely Ambiguous"), name
        assert ("Dual-Color (3 Suits)" in families) == (name == "Dual-Color (3 Suits)"), name


HANDS = {"Alice": "1AR2 3AB1 4AB2 3AR1 4AR1", "Bob": "3AB2 4AB1 1AB1 2AR1 2AR2",
         "Cathy": "1AR1 3AB1 1AB2 4AR2 5AB1"}


def test_ambiguous_tempo_clue_a_colour_re_clue_focuses_the_rightmost_twin() -> None:
    # Bob's two red 2s (tomato, mahogany) were 2 Saved: he cannot tell them apart. Once
    # the mahogany 1 is played, Cathy's red re-clue focuses the rightmost, the 2AR2,
    # which plays; a 2 re-clue focuses the leftmost, the 2AR1, which does not (Bob would
    # misplay it: the reading says the clue does not connect).
    game = build_game(make_ruleset("hanabi", variant_name="Ambiguous (4 Suits)"), HANDS)
    steps = [hint("Bob", rank=2), hint("Cathy", rank=5), hint("Alice", rank=4), play("1AR2"),
             hint("Alice", rank=3)]
    a = review(game, [*steps, colour("Bob", "Red")])
    r = clue(a, 6)
    assert (r.meaning, r.convention, r.focus_slot, r.connects) == (
        "play", "ambiguous tempo clue", 4, True)
    assert r.text.startswith("Ambiguous Tempo Clue on Bob's slot 5")
    by_rank = clue(review(game, [*steps, hint("Bob", rank=2)]), 6)
    assert (by_rank.convention, by_rank.focus_slot, by_rank.connects) == (
        "ambiguous tempo clue", 3, False)
