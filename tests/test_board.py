"""The board's data (issue 23), without a browser: letters as players write them, suit
looks readable on white, the special rank's words."""

from __future__ import annotations

import pytest
from nova_replay.dashboard.table import contrast, ink, special_words, suit_look

from nova_replay.play.bots import parse_bot
from nova_replay.play.simulate import simulate
from nova_replay.review.analysis import analyze
from nova_replay.rules.cards import Card
from nova_replay.rules.rulesets import make_ruleset
from nova_replay.rules.variants import SUIT_KINDS
from nova_replay.views.report import analysis_report


def test_purple_is_p_in_a_hanablive_game_and_w_in_ours() -> None:
    live, ours = make_ruleset("hanabi", variant_name="No Variant"), make_ruleset("hanabi")
    five = Card(5, "W")
    assert (live.card_text(five), ours.card_text(five)) == ("5P", "5W")
    assert [live.suit_letter(i) for i in range(5)] == ["R", "Y", "G", "B", "P"]
    nova = make_ruleset("nova", jokers=1)
    assert nova.card_text(Card(1, "H")) == "A♥" and nova.card_text(Card(0, "*")) == "JK"
    six = make_ruleset("hanabi", variant_name="White (6 Suits)")  # purple and white both
    assert [six.suit_letter(i) for i in range(6)] == ["R", "Y", "G", "B", "P", "Wh"]
    assert make_ruleset("hanabi", variant_name="Ambiguous (4 Suits)").card_text(
        Card(3, "AR1")) == "3AR1"


def test_the_json_report_keeps_the_logs_card_names() -> None:
    data = simulate(make_ruleset("hanabi", variant_name="No Variant"), 3,
                    parse_bot("careless:0.5", 1), 1)
    a = analyze(data)
    truths = {card["truth"] for turn in analysis_report(a).model_dump()["turns"]
              for hand in turn["hands"] for card in hand["cards"]}
    assert any(t.endswith("W") for t in truths) and not any(t.endswith("P") for t in truths)


@pytest.mark.parametrize("kind", sorted(SUIT_KINDS))
def test_every_suit_reads_on_white(kind: str) -> None:
    colour = SUIT_KINDS[kind].colour
    look = suit_look(colour, kind)
    assert contrast(look["ink"]) >= 4.5
    assert look["pale"] == (contrast(colour) < 3.0)
    if contrast(colour) >= 4.5:
        assert ink(colour) == colour  # a readable colour is drawn as it is


def test_pale_suits_are_the_ones_that_vanish_on_white() -> None:
    pale = {k for k, s in SUIT_KINDS.items() if suit_look(s.colour, k)["pale"]}
    assert {"Null", "White", "Ice EA"} <= pale and not pale & {"Red", "Black", "Navy"}


def test_special_rank_words() -> None:
    assert special_words(make_ruleset("hanabi", variant_name="Rainbow-Ones (5 Suits)")) == (
        "special 1s: touched by every colour clue")
    assert special_words(make_ruleset("hanabi", variant_name="No Variant")) is None
