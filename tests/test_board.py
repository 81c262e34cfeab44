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
    grey = max(int(colour[i:i + 2], 16) for i in (1, 3, 5)) - min(
        int(colour[i:i + 2], 16) for i in (1, 3, 5)) < 48
    assert look["pale"] == (contrast(colour) < 2.8 and grey)
    if contrast(colour) >= 4.5:
        assert ink(colour) == colour  # a readable colour is drawn as it is


def test_pale_suits_are_the_ones_that_vanish_on_white() -> None:
    pale = {k for k, s in SUIT_KINDS.items() if suit_look(s.colour, k)["pale"]}
    assert {"Null", "White", "Ice EA", "Omni", "Dark Null"} <= pale
    assert not pale & {"Red", "Yellow", "Black", "Navy", "Light Pink"}


def test_special_rank_words() -> None:
    assert special_words(make_ruleset("hanabi", variant_name="Rainbow-Ones (5 Suits)")) == (
        "special 1s: touched by every colour clue")
    assert special_words(make_ruleset("hanabi", variant_name="No Variant")) is None


def test_the_clue_marks_are_the_cards_the_clue_named() -> None:
    """Worked out from the log alone (plain Hanabi: a colour clue names its suit, a
    rank clue its rank), never with the touch rule the payload calls."""
    from nova_replay.dashboard.payload import CARD_FIELDS, game_payload
    from nova_replay.dashboard.table import ViewOptions

    from nova_replay.record.load import load_data
    from nova_replay.rules.cards import parse_suit

    data = simulate(make_ruleset("hanabi"), 4, parse_bot("careless:0.3", 5), 5)
    a = analyze(load_data(data))
    payload = game_payload("g", a, ViewOptions(viewer=2))
    clues_at = CARD_FIELDS.index("clues")
    game = a.record.game
    history: dict[int, list[int]] = {}
    seen_clues = 0
    for turn, action in enumerate(data["actions"], start=1):
        t = payload["turn_data"][turn]
        if action["type"] != "hint":
            assert t["clue"] is None
            continue
        seen_clues += 1
        to = next(i for i, p in enumerate(data["players"]) if p == action["to"])
        hand = a.timeline[turn].hands[to]
        named = [slot for slot, c in enumerate(hand)
                 if (game.deck[c].suit == parse_suit(action["suit"]) if "suit" in action
                     else game.deck[c].rank == action["rank"])]
        assert t["clue"]["to"] == to and t["clue"]["slots"] == named, turn
        for slot in named:
            history.setdefault(hand[slot], []).append(turn)
        for p, cards in enumerate(t["hands"]):
            for slot, c in enumerate(a.timeline[turn].hands[p]):
                assert cards[slot][clues_at] == history.get(c, []), (turn, p, slot)
    assert seen_clues > 5
