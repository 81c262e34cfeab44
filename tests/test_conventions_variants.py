"""Special suits read as H-Group's variant pages say (conventions/variants.py): each test a
hand-built game where that page's rule decides the reading. Hands are written slot 1
(newest) first; Alice gives the first clue, then Bob, then Cathy."""

from __future__ import annotations

from helpers import build_game, discard, hint, play
from test_conventions import clue, kinds, move, names, review

from nova_replay.conventions import not_read, page
from nova_replay.conventions.variants import PAGES, facts
from nova_replay.rules.engine import State
from nova_replay.rules.game import Game, Hint
from nova_replay.rules.rulesets import RulesetError, make_ruleset
from nova_replay.rules.variants import hanablive_ids

HANDS = {"Alice": "4Y 4G 3B 1B 2Y", "Bob": "1R 3Y 4B 2B 4Y", "Cathy": "2R 1Y 1G 3G 4R"}


def colour(to: str, name: str):  # type: ignore[no-untyped-def]
    """A hint naming the variant's clue colour `name` ('Black', 'Brown'...)."""
    def step(game: Game, state: State) -> Hint:
        return Hint(game.players.index(to), game.ruleset.clue_colours.index(name))
    return step


def game_of(variant: str, **hands: str) -> Game:
    return build_game(make_ruleset("hanabi", variant_name=variant), {**HANDS, **hands})


def test_special_suits_are_read_and_the_pages_not_followed_are_named() -> None:
    for variant in ("Rainbow (5 Suits)", "Black (6 Suits)", "Pink (5 Suits)", "White (5 Suits)",
                    "Brown (5 Suits)", "Omni (5 Suits)", "Prism (5 Suits)", "Gray (5 Suits)",
                    "Dark Rainbow (5 Suits)", "Muddy Rainbow (5 Suits)", "Black & Pink (6 Suits)",
                    "Null (5 Suits)", "Dark Prism (5 Suits)"):
        assert not_read(make_ruleset("hanabi", variant_name=variant)) == "", variant
    why = not_read(make_ruleset("hanabi", variant_name="Extremely Ambiguous (6 Suits)"))
    assert why.startswith("no convention reading for this variant (Extremely Ambiguous: ")
    # a special rank is read by its pages (test_conventions_special_ranks.py)
    assert not_read(make_ruleset("hanabi", variant_name="Rainbow-Ones & Pink (5 Suits)")) == ""
    # The family comes from who touches a suit, not from its name.
    assert facts(make_ruleset("hanabi", variant_name="Dark Brown (5 Suits)")).families[4] == "Brown"


def test_rainbow_a_critical_rainbow_card_is_saved_by_any_colour() -> None:
    # Cathy throws one 4Ra; Alice's blue clue touches Bob's other 4Ra (and his 4B, 2B) on chop.
    game = game_of("Rainbow (5 Suits)", Bob="1R 3Y 4B 2B 4Ra", Cathy="2R 1Y 1G 3G 4Ra")
    a = review(game, [colour("Cathy", "Yellow"), colour("Alice", "Yellow"), discard("4Ra"),
                      colour("Bob", "Blue")])
    r = clue(a, 4)
    assert (r.meaning, r.convention, r.focus_slot, r.saved) == ("save", "critical save", 4, True)
    before = clue(review(game, [colour("Bob", "Blue")]), 1)  # both copies left: no save
    assert (before.meaning, before.saved) == ("play", False)


def test_black_2_is_saved_by_number_a_black_colour_clue_on_it_is_no_save() -> None:
    game = game_of("Black (5 Suits)", Bob="1R 3Y 4B 3G 2Bk")
    by_number = clue(review(game, [hint("Bob", rank=2)]), 1)
    assert (by_number.meaning, by_number.convention, by_number.saved) == ("save", "2 save", True)
    a = review(game, [colour("Bob", "Black")])
    by_colour = clue(a, 1)
    assert not by_colour.saved and "2Bk" not in names(a, by_colour)
    assert "misplay risk" in by_colour.text  # a play clue on a black 2 that cannot play


def test_black_3_is_saved_by_colour_a_number_clue_on_it_is_no_save() -> None:
    game = game_of("Black (5 Suits)", Bob="1R 3Y 4B 4G 3Bk")
    by_colour = clue(review(game, [colour("Bob", "Black")]), 1)
    assert (by_colour.meaning, by_colour.convention, by_colour.saved) == (
        "save", "critical save", True)
    by_number = clue(review(game, [hint("Bob", rank=3)]), 1)
    assert by_number.meaning != "save" and not by_number.saved


def test_dark_rainbow_3_is_saved_by_number_not_by_colour() -> None:
    game = game_of("Dark Rainbow (5 Suits)", Bob="3Y 4B 4G 4Y 3Ra1")
    by_number = clue(review(game, [hint("Bob", rank=3)]), 1)
    assert (by_number.meaning, by_number.convention, by_number.saved) == (
        "save", "critical save", True)
    by_colour = clue(review(game, [colour("Bob", "Yellow")]), 1)
    assert (by_colour.meaning, by_colour.saved) == ("play", False)


def test_pink_promise_a_rank_clue_focus_is_that_rank() -> None:
    # A 5 clue touches Bob's pink 2 on his chop: the focus is promised a 5.
    game = game_of("Pink (5 Suits)", Bob="3Y 4B 4G 4Y 2Pi")
    a = review(game, [hint("Bob", rank=5)])
    r = clue(a, 1)
    assert r.convention == "5 save" and not r.saved
    assert names(a, r) == ["5R", "5Y", "5G", "5B", "5Pi"]  # never 2Pi
    # Omni follows the pink rules: a 3 clue on a playable 1Om promises a 3.
    omni = game_of("Omni (5 Suits)", Bob="1Om 3Y 4B 4G 2R")
    a = review(omni, [hint("Bob", rank=3)])
    assert all(n.startswith("3") for n in names(a, clue(a, 1)))


def test_brown_a_brown_clue_on_the_chop_saves_a_brown_5() -> None:
    game = game_of("Brown (5 Suits)", Bob="3Y 4B 4G 4Y 5Br")
    r = clue(review(game, [colour("Bob", "Brown")]), 1)
    assert (r.meaning, r.convention, r.saved) == ("save", "brown save", True)
    assert r.text.startswith("Brown Save on Bob's slot 5")
    assert page("brown save").endswith("/variant-specific/brown#brown-saves")
    plain = clue(review(game_of("No Variant", Bob="3Y 4B 4G 4Y 5W"), [hint("Bob", "W")]), 1)
    assert not plain.saved  # without the Brown page a colour clue saves no 5


def test_muddy_rainbow_2s_and_5s_are_saved_by_the_leftmost_colour_only() -> None:
    game = game_of("Muddy Rainbow (5 Suits)", Bob="3Y 4B 4G 4Y 5BrRa")
    red = clue(review(game, [colour("Bob", "Red")]), 1)
    assert (red.meaning, red.convention, red.saved) == ("save", "muddy rainbow save", True)
    yellow = clue(review(game, [colour("Bob", "Yellow")]), 1)
    assert not yellow.saved


def test_cocoa_rainbow_is_saved_by_the_leftmost_colour_only() -> None:
    game = game_of("Cocoa Rainbow (5 Suits)", Bob="3Y 4B 4G 4Y 3BrRa1")
    assert clue(review(game, [colour("Bob", "Red")]), 1).convention == "cocoa rainbow save"
    assert not clue(review(game, [colour("Bob", "Yellow")]), 1).saved


def test_always_loaded_a_gray_3_save_to_a_loaded_player_is_a_play_clue() -> None:
    # Bob's 1R is clued (known playable: he is loaded) before the 3 clue on his chop;
    # Cathy's clued 2R makes a red 3 the play the clue can mean.
    game = game_of("Gray (5 Suits)", Bob="1R 4B 4G 4Y 3Wh1", Cathy="2R 1Y 1G 4R 3G")
    a = review(game, [hint("Bob", rank=1), colour("Cathy", "Red"), hint("Bob", rank=3)])
    r = clue(a, 3)
    assert (r.meaning, r.convention) == ("play", "loaded play clue")
    assert "3Wh1" not in names(a, r)  # the gray 3 cannot play: a play clue on a red 3
    unloaded = clue(review(game, [hint("Bob", rank=3)]), 1)
    assert (unloaded.meaning, unloaded.convention, unloaded.saved) == (
        "save", "critical save", True)


def test_always_loaded_never_covers_a_5_clue_with_white() -> None:
    game = game_of("White (5 Suits)", Bob="1R 4B 4G 4Y 5Wh")
    a = review(game, [hint("Bob", rank=1), colour("Cathy", "Red"), hint("Bob", rank=5)])
    r = clue(a, 3)
    assert (r.meaning, r.convention, r.saved) == ("save", "5 save", True)


def test_prism_reads_through_the_touch_rule() -> None:
    # Red touches a prism 1 (the colour of its rank): a play clue that may be 1R or 1Pr.
    game = game_of("Prism (5 Suits)", Bob="1R 3Y 4B 2B 5B", Cathy="1Pr 4Y 4G 4R 3G")
    a = review(game, [colour("Cathy", "Red")])
    r = clue(a, 1)
    assert r.meaning == "play" and {"1R", "1Pr"} <= set(names(a, r))
    assert r.text.endswith("1Pr, playable now")


def test_a_brown_save_is_no_bad_clue() -> None:
    game = game_of("Brown (5 Suits)", Bob="3Y 4B 4G 4Y 5Br")
    assert ("bad_clue", "mistake") not in kinds(review(game, [colour("Bob", "Brown")]), 1)
    plain = review(game_of("No Variant", Bob="3Y 4B 4G 4Y 5W"), [hint("Bob", "W")])
    assert ("bad_clue", "mistake") in kinds(plain, 1)  # a colour clue on a plain chop 5


def test_dark_rainbow_3_is_saved_by_a_dark_suits_colour_where_one_exists() -> None:
    game = build_game(make_ruleset("hanabi", variant_name="Black & Dark Rainbow (6 Suits)"),
                      {**HANDS, "Bob": "3Y 4B 4G 4Y 3Ra1"})
    black = clue(review(game, [colour("Bob", "Black")]), 1)
    assert (black.meaning, black.convention, black.saved) == ("save", "critical save", True)
    by_number = clue(review(game, [hint("Bob", rank=3)]), 1)
    assert not by_number.saved  # alone, a Dark Rainbow 3 is saved by number


def test_dark_pink_3_is_saved_by_pink_under_the_pink_promise() -> None:
    game = game_of("Dark Pink (5 Suits)", Bob="3Y 4B 4G 4Y 3Pi1")
    pink = clue(review(game, [colour("Bob", "Pink")]), 1)
    assert (pink.meaning, pink.convention, pink.saved) == ("save", "critical save", True)
    a = review(game, [hint("Bob", rank=3)])
    by_number = clue(a, 1)
    assert not by_number.saved and all(n.startswith("3") for n in names(a, by_number))


def test_dark_prism_3_is_saved_by_number_not_by_the_colour_of_its_rank() -> None:
    game = game_of("Dark Prism (5 Suits)", Bob="3Y 4B 4G 4Y 3Pr1")
    by_number = clue(review(game, [hint("Bob", rank=3)]), 1)
    assert (by_number.meaning, by_number.convention, by_number.saved) == (
        "save", "critical save", True)
    green = clue(review(game, [colour("Bob", "Green")]), 1)  # a prism 3 is green
    assert not green.saved


def test_null_a_5_clue_off_the_chop_moves_the_next_players_chop() -> None:
    # Early Game: without the Null page, Alice's 5 on Cathy's 5Y would be a 5 Stall.
    game = game_of("Null (5 Suits)", Bob="1R 3Y 4B 2B 3Nu", Cathy="2R 5Y 1G 3G 4R")
    r = clue(review(game, [hint("Cathy", rank=5)]), 1)
    assert (r.meaning, r.convention, r.moved_player, r.moved_slots) == (
        "chop move", "null 5 chop move", 1, (4,))
    assert r.text.endswith("chop moves Bob's slot 5 (not to be discarded)")
    plain = clue(review(game_of("No Variant", Cathy="2R 5Y 1G 3G 4R"), [hint("Cathy", rank=5)]), 1)
    assert plain.meaning == "stall"


def test_null_a_5_clue_when_the_next_player_is_loaded_has_them_play_their_chop() -> None:
    # Bob's clued 1R makes him loaded: Cathy's 5 clue asks him to play his chop (1Nu).
    game = game_of("Null (5 Suits)", Bob="1R 3Y 4B 2B 1Nu", Cathy="2R 5Y 1G 3G 4R")
    a = review(game, [hint("Bob", rank=1), hint("Alice", rank=4), hint("Alice", rank=3),
                      hint("Cathy", rank=5), play("1Nu")])
    r = clue(a, 4)
    assert (r.meaning, r.convention) == ("play", "loaded 5 null play clue")
    assert [(x.player, x.slot) for x in r.connections] == [(1, 4)] and r.connects
    answer = move(a, 5)
    assert (answer.move, answer.called_at) == ("answers bluff", 4)


def test_brown_a_brown_clue_re_touching_cards_asks_the_rightmost_to_play() -> None:
    # Bob's 3Br and 2Br are clued brown; once Cathy plays 1Br, a second brown clue (it
    # tells them nothing new) asks for the rightmost, the 2Br, to play.
    game = game_of("Brown (5 Suits)", Bob="1R 3Br 4B 2Br 4Y", Cathy="1Br 1Y 1G 3G 4R")
    a = review(game, [colour("Bob", "Brown"), discard("4Y"), play("1Br"),
                      colour("Bob", "Brown")])
    r = clue(a, 4)
    assert (r.meaning, r.convention, r.focus_slot) == ("play", "tempo clue", 4)
    assert "rightmost re-touched" in r.text and r.text.endswith("2Br, playable now")
    plain = clue(review(game_of("No Variant", Bob="1R 3W 4B 2W 4Y", Cathy="1W 1Y 1G 3G 4R"),
                        [hint("Bob", "W"), discard("4Y"), play("1W"), hint("Bob", "W")]), 4)
    assert (plain.meaning, plain.focus_slot) == ("unclear", 2)  # the leftmost; no new fact


def test_a_muddy_rainbow_5_no_number_touches_is_not_told_to_be_saved_by_number() -> None:
    game = game_of("Muddy Rainbow (5 Suits)", Bob="3Y 4B 4G 4Y 5BrRa")
    a = review(game, [colour("Bob", "Yellow")])
    assert not [f for f in a.notes_at(1) if f.kind == "bad_clue"
                and f.details.get("convention") == "5 save"]
    # Yellow is not the leftmost colour that saves it (Red is): the clue reads as a play
    # clue on 1Y, which the 5 misplays; that bad clue stands.
    assert [f.details.get("rule") for f in a.notes_at(1) if f.kind == "bad_clue"] == [
        "misplay only"]


def test_dark_omni_3_is_saved_by_a_5_pseudo_5_save() -> None:
    game = game_of("Dark Omni (5 Suits)", Bob="3Y 4B 4G 4Y 3Om1")
    a = review(game, [hint("Bob", rank=5)])
    five = clue(a, 1)
    assert (five.meaning, five.saved) == ("save", True) and "3Om1" in names(a, five)
    by_three = clue(review(game, [hint("Bob", rank=3)]), 1)  # one card, no 3 in the trash
    assert not by_three.saved
    omni = game_of("Omni (5 Suits)", Bob="3Y 4B 4G 4Y 3Om")  # Omni: the Pink Promise holds
    a = review(omni, [hint("Bob", rank=5)])
    assert "3Om" not in names(a, clue(a, 1)) and not clue(a, 1).saved


def test_gray_pink_a_2_clue_on_two_cards_may_be_a_fake_save_of_its_4() -> None:
    game = game_of("Gray Pink (5 Suits)", Bob="3Y 4B 4G 2Y 4WhPi1")
    a = review(game, [hint("Bob", rank=2)])
    r = clue(a, 1)
    assert (r.meaning, r.convention, r.saved) == ("save", "2 save", True)
    assert "4WhPi1" in names(a, r)
    alone = review(game_of("Gray Pink (5 Suits)", Bob="3Y 4B 4G 3G 4WhPi1"), [hint("Bob", rank=2)])
    assert not clue(alone, 1).saved  # one card touched: an o2 or a normal 2, not the 4


def test_every_hanab_live_variant_is_read_by_its_pages_or_names_what_is_not() -> None:
    read = 0
    for name in hanablive_ids():
        try:
            rules = make_ruleset("hanabi", variant_name=name)
        except RulesetError:
            continue  # refused by the rules (docs/variants.md)
        f = facts(rules)
        unread = {x for x in f.families if x and x not in PAGES}
        # Critical Fours and Odds and Evens are read by their pages
        # (test_conventions_rule_variants.py); O&E not with a pink-like or null suit
        mods = rules.modifiers
        odd_even = mods.odds_and_evens and not f.ranks.rank and not any(
            k.all_ranks or (k.no_colours and k.no_ranks) for k in rules.kinds)
        names_ = [n for n in mods.names
                  if n != "Critical Fours" and not (n == "Odds and Evens" and odd_even)]
        beyond = (names_ or any(k.reversed for k in rules.kinds)
                  or (rules.special is not None and rules.special.deceptive))
        assert bool(f.not_read) == bool(unread or beyond), name
        assert all(x in f.not_read for x in unread), name
        read += not f.not_read
    # of the variants the rules claim: 12 before the suit pages, 412 before the special
    # ranks, 1,372 before the ambiguous and dual-colour suits, 1,456 before Critical Fours
    # (30) and Odds and Evens (36); no other rule beyond the suits (Funnels, reversed
    # suits, ...: issue 34's families) is read
    assert read == 1522


def test_always_loaded_a_brown_save_to_a_loaded_player_is_a_play_clue() -> None:
    # Bob's clued 1R makes him loaded; Cathy's brown clue on his chop 2Br is a play clue.
    game = game_of("Brown (5 Suits)", Bob="1R 4B 4G 4Y 2Br", Cathy="1Br 1Y 1G 3G 4R")
    a = review(game, [hint("Bob", rank=1), colour("Cathy", "Brown"), colour("Bob", "Brown")])
    r = clue(a, 3)
    assert (r.meaning, r.convention) == ("play", "loaded play clue")
    assert r.connects and r.text.startswith("Loaded Play Clue on Bob's slot 5")
    unloaded = clue(review(game, [colour("Bob", "Brown")]), 1)
    assert (unloaded.meaning, unloaded.convention) == ("save", "brown save")
