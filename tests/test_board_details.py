"""The board's details as hanab.live players read them (issue 35): suits by their
hanab.live names and letters (never an id like AR1), efficiency's needed figure, the
strikes' turns, on the server (the browser only draws them)."""

from __future__ import annotations

from pathlib import Path

from nova_replay.dashboard.payload import game_payload
from nova_replay.dashboard.table import ViewOptions, strike_turns, suit_labels

from nova_replay import load
from nova_replay.review.analysis import analyze
from nova_replay.review.needed import cards_gotten, clues_still_usable, needed_efficiency
from nova_replay.rules.rulesets import make_ruleset

SAMPLES = Path(__file__).resolve().parent.parent / "sample_games"


def test_variant_suits_go_by_their_hanablive_names_and_letters() -> None:
    ambiguous = make_ruleset("hanabi", variant_name="Ambiguous & Null (5 Suits)")
    assert suit_labels(ambiguous) == [("Tomato", "T"), ("Mahogany", "M"), ("Berry", "B"),
                                      ("Navy", "N"), ("Null", "U")]
    muddy = make_ruleset("hanabi", variant_name="Muddy Rainbow (6 Suits)")
    assert suit_labels(muddy)[-1] == ("Muddy Rainbow", "M")
    assert [x for _, x in suit_labels(make_ruleset("hanabi", variant_name="No Variant"))] == \
        ["R", "Y", "G", "B", "P"]
    # a game of our own rules keeps its own names and symbols (hearts: ♥)
    nova = make_ruleset("nova")
    assert suit_labels(nova) == [(nova.suit_name(i), nova.suit_letter(i))
                                 for i in range(len(nova.suits))]


def test_needed_efficiency_at_the_deal_is_hanablives_for_five_players() -> None:
    # hanab.live: 5 players, 5 suits: 30 cards to draw, 8 clues, 10 discards of pace
    # before the final round and 3 suits it can finish by then: 21 clues for 25 cards
    a = load(SAMPLES / "hanabi-5p.json").analysis
    game, state, st = a.record.game, a.timeline[0], a.knowledge.statuses[0]
    usable = clues_still_usable(game, state, st, state.coins)
    assert usable == 21
    assert needed_efficiency(cards_gotten(state, st, a.knowledge.hinted_in_hands[0]), 25,
                             usable) == round(25 / 21, 2)
    # no figure once the draw pile is empty, as hanab.live
    last = a.timeline.turns
    assert a.timeline[last].draw_pile(game) == 0
    assert clues_still_usable(game, a.timeline[last], a.knowledge.statuses[last], 0) is None
    p = game_payload("g", a, ViewOptions())
    assert p["turn_data"][0]["needed"] == f"{25 / 21:.2f}"
    assert game_payload("g", a, ViewOptions(viewer=0))["turn_data"][0]["needed"] is None


def test_the_strikes_are_the_misfires_turns() -> None:
    a = analyze(SAMPLES / "hanabi-3p-careless-bots.json")
    assert strike_turns(a, a.timeline.turns) == [31, 36, 43]
    assert strike_turns(a, 35) == [31]
    p = game_payload("g", a, ViewOptions())
    assert p["turn_data"][40]["strikes"] == [31, 36]
    labels = [(s["label"], s["abbr"]) for s in p["suits"]]
    assert labels == suit_labels(a.record.game.ruleset)
