"""hanab.live variants: every variant we claim matches hanab.live's own definitions
(../shared/data/hanablive/variants, never copied), every other is refused with its rule."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from nova_replay.knowledge.status import Identities, status
from nova_replay.record.load import load_data
from nova_replay.rules.cards import Card, parse_card
from nova_replay.rules.engine import deal
from nova_replay.rules.errors import IllegalAction
from nova_replay.rules.game import Game
from nova_replay.rules.identities import touches
from nova_replay.rules.rulesets import make_ruleset
from nova_replay.rules.variants import VariantError, suit_copies, variant
from tests.helpers import needs_shared, shared_data

VARIANTS = shared_data() / "hanablive" / "variants"
# Keys of variants.json that change a rule beyond the suits' properties.
RULE_KEYS = {"upOrDown", "sudoku", "stackSize"}
# Keys of variants.json read as `Modifiers` (and the special rank's deceptive flag).
MODIFIER_KEYS = {"funnels": "funnels", "chimneys": "chimneys", "oddsAndEvens": "odds_and_evens",
                 "synesthesia": "synesthesia", "colorCluesTouchNothing": "colour_blind",
                 "rankCluesTouchNothing": "number_blind", "scarceOnes": "scarce_ones",
                 "cowAndPig": "cow_and_pig", "duck": "duck", "clueStarved": "clue_starved",
                 "alternatingClues": "alternating", "throwItInAHole": "throw_it_in_a_hole"}
CLAIMED = 1543 + 120 + 4 * 60 + 30 + 12 + 30 + 30 + 8 + 20 + 40 + 27  # + Deceptive,
# Funnels, Chimneys, Odds and Evens, Alternating Clues (60 each), Synesthesia, the Blind,
# Critical Fours, Scarce Ones, Cow & Pig and Duck, Clue Starved, Throw It in a Hole, the
# reversed suits (the names without an Orange suit)
SPECIAL_KEYS = ("specialRankAllClueColors", "specialRankNoClueColors", "specialRankAllClueRanks",
                "specialRankNoClueRanks", "specialRankDeceptive")


def load(name: str) -> Any:
    return json.loads((VARIANTS / name).read_text())


def hanablive_suit_colours(suit: dict[str, Any]) -> list[str]:
    """suitsInit.ts: given clue colours, else none for all/no-colour and prism suits, else
    the colour of the suit's own name."""
    if "clueColors" in suit:
        return list(suit["clueColors"])
    if suit.get("allClueColors") or suit.get("noClueColors") or suit.get("prism"):
        return []
    return [suit["name"].removesuffix(" Reversed")]


def hanablive_copies(v: dict[str, Any], suit: dict[str, Any]) -> list[int]:
    """game_deck.go's numCopiesOfCard, for the variants without reversed suits, Up or
    Down or Sudoku: one of each in a dark suit, else 3-2-2-2-1 with one of the critical
    rank and two 1s in Scarce Ones."""
    if suit.get("oneOfEach"):
        return [1] * 5
    if suit.get("reversed"):
        return [1, 2, 2, 2, 3]
    copies = [2 if v.get("scarceOnes") else 3, 2, 2, 2, 1]
    if "criticalRank" in v:
        copies[v["criticalRank"] - 1] = 1
    return copies


def hanablive_clue_colours(v: dict[str, Any], suits: dict[str, dict[str, Any]]) -> list[str]:
    """variantsInit.ts: the variant's own list, else every suit's colours in order, except
    from suits that every colour touches."""
    if "clueColors" in v:
        return list(v["clueColors"])
    out: list[str] = []
    for name in v["suits"]:
        if not suits[name].get("allClueColors"):
            out += [c for c in hanablive_suit_colours(suits[name]) if c not in out]
    return out


@needs_shared
def test_every_variant_is_claimed_exactly_or_refused_with_its_rule() -> None:
    suits = {s["name"]: s for s in load("suits.json")}
    # hanab.live makes a reversed version of every suit (not in suits.json).
    suits.update({f"{n} Reversed": {**s, "name": f"{n} Reversed", "reversed": True}
                  for n, s in list(suits.items())})
    claimed, refused, wrong = 0, 0, []
    for v in load("variants.json"):
        only_suits = not RULE_KEYS & set(v) and all(
            s in suits and not suits[s].get("inverted") for s in v["suits"])
        try:
            ours = variant(v["name"])
        except VariantError as e:
            refused += 1
            message = str(e)
            assert not only_suits, f"supported variant refused: {message}"
            assert "\n" not in message and repr(v["name"]) in message
            assert "is not supported: " in message, message  # names the rule it changes
            continue
        claimed += 1
        assert only_suits, f"claimed a variant that changes a rule: {v['name']}"
        expected = {
            "suits": v["suits"],
            "reversed": [s.endswith(" Reversed") for s in v["suits"]],
            "copies": [hanablive_copies(v, suits[s]) for s in v["suits"]],
            "clue colours": hanablive_clue_colours(v, suits),
            "clue ranks": v.get("clueRanks", [1, 2, 3, 4, 5]),
            "special": (v["specialRank"], *(bool(v.get(k)) for k in SPECIAL_KEYS))
            if "specialRank" in v else None,
            "modifiers": sorted(ours_name for key, ours_name in MODIFIER_KEYS.items()
                                if v.get(key)) + ([f"critical {v['criticalRank']}"]
                                                  if "criticalRank" in v else []),
        }
        sp, mods = ours.special, ours.modifiers
        found = {
            "suits": [s.name for s in ours.suits],
            "reversed": [bool(s.reversed) for s in ours.suits],
            "copies": [list(suit_copies(s, ours.modifiers)) for s in ours.suits],
            "clue colours": list(ours.clue_colours),
            "clue ranks": list(ours.clue_ranks),
            "special": (sp.rank, sp.all_colours, sp.no_colours, sp.all_ranks, sp.no_ranks,
                        sp.deceptive) if sp else None,
            "modifiers": sorted(name for name in MODIFIER_KEYS.values() if getattr(mods, name))
            + ([f"critical {mods.critical_rank}"] if mods.critical_rank else []),
        }
        if found != expected:
            wrong.append((v["name"], found, expected))
    assert not wrong, [(n, {k: (f[k], e[k]) for k in e if f[k] != e[k]}) for n, f, e in wrong[:3]]
    assert (claimed, refused) == (CLAIMED, 2426 - CLAIMED)


@pytest.mark.parametrize(("name", "suits", "colours", "ranks"), [
    ("No Variant", "Red Yellow Green Blue Purple", "Red Yellow Green Blue Purple", "12345"),
    ("Rainbow (5 Suits)", "Red Yellow Green Blue Rainbow", "Red Yellow Green Blue", "12345"),
    ("Black & Pink (6 Suits)", "Red Yellow Green Blue Black Pink",
     "Red Yellow Green Blue Black Pink", "12345"),
    ("Pink-Ones & White (4 Suits)", "Red Green Blue White", "Red Green Blue", "2345"),
    ("Dark Pink (5 Suits)", "Red Yellow Green Blue Dark_Pink", "Red Yellow Green Blue Pink",
     "12345"),
    ("Color Mute (4 Suits)", "Red Yellow Green Blue", "", "12345"),
    ("Number Mute (3 Suits)", "Red Green Blue", "Red Green Blue", ""),
])
def test_variant_suits_colours_and_ranks(name: str, suits: str, colours: str, ranks: str) -> None:
    v = variant(name)
    assert [s.name for s in v.suits] == [s.replace("_", " ") for s in suits.split()]
    assert list(v.clue_colours) == colours.split()
    assert v.clue_ranks == tuple(int(r) for r in ranks)


@pytest.mark.parametrize(("name", "rule"), [
    ("Up or Down (5 Suits)", "stacks may be built up from 1 or down from 5"),
    ("Orange (3 Suits)", "an inverted suit (Orange"),
    ("Sudoku (5 Suits)", "each stack may start at any rank"),
    ("Dark Orange Reversed (5 Suits)", "an inverted suit"),
    ("Rainbow (7 Suits)", "unknown hanab.live variant 'Rainbow (7 Suits)'"),
])
def test_refusals_name_the_rule(name: str, rule: str) -> None:
    with pytest.raises(VariantError, match=re.escape(rule)):
        variant(name)


# --- the one touch rule, case by case (the rule decides each outcome) --------------------


def touch(name: str, card: str, colour: str | None = None, rank: int = 0) -> bool:
    rules = make_ruleset("hanabi", variant_name=name)
    index = rules.clue_colours.index(colour) if colour is not None else -1
    return touches(rules, parse_card(card), index, rank)


@pytest.mark.parametrize(("name", "card", "colour", "rank", "touched"), [
    ("Rainbow (5 Suits)", "3Ra", "Red", 0, True),  # rainbow: every colour
    ("Rainbow (5 Suits)", "3Ra", "Blue", 0, True),
    ("Rainbow (5 Suits)", "3R", "Blue", 0, False),
    ("White (5 Suits)", "3Wh", None, 3, True),  # white: no colour, ranks as usual
    ("Brown (5 Suits)", "3Br", None, 3, False),  # brown: no rank
    ("Brown (5 Suits)", "3Br", "Brown", 0, True),  # ... but its own colour
    ("Prism (3 Suits)", "1Pr", "Red", 0, True),  # prism: colours Red, Blue; rank 1 -> Red
    ("Prism (3 Suits)", "2Pr", "Blue", 0, True),  # rank 2 -> Blue
    ("Prism (3 Suits)", "3Pr", "Red", 0, True),  # rank 3 -> Red again
    ("Prism (3 Suits)", "3Pr", "Blue", 0, False),
    ("Dark Pink (6 Suits)", "4Pi1", None, 2, True),  # pink: every rank
    ("Dark Pink (6 Suits)", "4Pi1", "Pink", 0, True),  # Dark Pink is touched by Pink
    ("White-Ones & Rainbow (4 Suits)", "1Ra", "Red", 0, True),  # the suit decides first
    ("White-Ones & Rainbow (4 Suits)", "1R", "Red", 0, False),  # special rank: no colour
    ("Rainbow-Fives (5 Suits)", "5G", "Red", 0, True),  # special rank: every colour
    ("Pink-Ones (4 Suits)", "1B", None, 4, True),  # special rank: every rank clue
    ("Pink-Ones (4 Suits)", "1B", None, 1, False),  # and the 1 clue does not exist
    ("Null-Fives & Omni (5 Suits)", "5Om", None, 3, True),  # the suit decides first
])
def test_touch_rule(name: str, card: str, colour: str | None, rank: int, touched: bool) -> None:
    rules = make_ruleset("hanabi", variant_name=name)
    if colour is not None and colour not in rules.clue_colours:
        assert not touched  # that colour does not exist in the variant
        return
    assert touch(name, card, colour, rank) is touched


def test_dual_colour_suits_are_touched_by_both_colours() -> None:
    rules = make_ruleset("hanabi", variant_name="Dual-Color (3 Suits)")
    assert rules.clue_colours == ("Red", "Yellow", "Blue")  # Tangerine RY, Violet RB, Jade YB
    tangerine, jade = parse_card("2DRY"), parse_card("2DYB")
    assert [touches(rules, tangerine, i) for i in range(3)] == [True, True, False]
    assert [touches(rules, jade, i) for i in range(3)] == [False, True, True]


def test_a_rank_clue_the_variant_lacks_is_refused_with_its_turn() -> None:
    rules = make_ruleset("hanabi", variant_name="Pink-Ones (4 Suits)")
    deck = sorted(rules.cards.elements())
    data = {"format": "nova-replay", "version": 1,
            "ruleset": {"name": "hanabi", "variant": "Pink-Ones (4 Suits)"},
            "players": ["Anna", "Ben"], "deck": [str(c) for c in deck],
            "actions": [{"type": "hint", "to": "Ben", "rank": 1}]}
    with pytest.raises(IllegalAction, match=r"^turn 1: Anna clues rank 1, which is not a clue "
                       r"of Pink-Ones \(4 Suits\) \(its rank clues: 2, 3, 4, 5\)$"):
        load_data(data)
    data["actions"] = [{"type": "hint", "to": "Ben", "suit": "R"}]
    with pytest.raises(IllegalAction, match=r"clues a suit; in Pink-Ones \(4 Suits\) clues name "
                       r"a clue colour"):
        load_data(data)


def test_dark_suits_have_one_of_each_so_every_card_is_critical() -> None:
    rules = make_ruleset("hanabi", variant_name="Black (6 Suits)")
    assert rules.deck_size == 5 * 10 + 5 and rules.perfect_score == 30
    game = Game(rules, ("Anna", "Ben"), tuple(sorted(rules.cards.elements())))
    st = status(Identities(game), deal(game))
    ids = game.space
    for r in range(1, 6):
        assert (st.critical >> ids.of(Card(r, "Bk"))) & 1, f"{r}Bk is critical"
        assert bool((st.critical >> ids.of(Card(r, "R"))) & 1) is (r == 5)  # red: only the 5


@pytest.mark.parametrize("name", ["Matryoshka (5 Suits)", "Matryoshka (6 Suits)",
                                  "Dual-Color (5 Suits)", "Dual-Color & Rainbow (6 Suits)",
                                  "Matryoshka & White (6 Suits)"])
def test_suit_ids_ending_in_a_suit_letter_are_read_whole(name: str) -> None:
    """Plum (DRYGBP) and Cardinal (DRP) end in P, which alone is purple's letter: a deck of
    them must keep them (it once read '1DRYGBP' as '1DRYGB' + purple, then refused it)."""
    rules = make_ruleset("hanabi", variant_name=name)
    deck = sorted(rules.cards.elements())
    data = {"format": "nova-replay", "version": 1,
            "ruleset": {"name": "hanabi", "variant": name},
            "players": ["Anna", "Ben"], "deck": [rules.log_text(c) for c in deck],
            "actions": []}
    record = load_data(data)
    assert sorted(record.game.deck) == deck
    assert any(c.suit in ("DRYGBP", "DRP") for c in deck)
