"""hanab.live variants: every variant we claim matches hanab.live's own definitions
(../shared/data/hanablive/variants, never copied), every other is refused with its rule."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from nova_replay.rules.variants import VariantError, variant
from tests.helpers import shared_data

VARIANTS = shared_data() / "hanablive" / "variants"
# Keys of variants.json that change a rule beyond the suits' properties.
RULE_KEYS = {"upOrDown", "throwItInAHole", "funnels", "chimneys", "alternatingClues",
             "oddsAndEvens", "synesthesia", "sudoku", "clueStarved", "stackSize",
             "colorCluesTouchNothing", "rankCluesTouchNothing", "cowAndPig", "duck",
             "specialRankDeceptive", "scarceOnes", "criticalRank"}
SPECIAL_KEYS = ("specialRankAllClueColors", "specialRankNoClueColors", "specialRankAllClueRanks",
                "specialRankNoClueRanks")


def load(name: str) -> Any:
    return json.loads((VARIANTS / name).read_text())


def hanablive_suit_colours(suit: dict[str, Any]) -> list[str]:
    """suitsInit.ts: given clue colours, else none for all/no-colour and prism suits, else
    the colour of the suit's own name."""
    if "clueColors" in suit:
        return list(suit["clueColors"])
    if suit.get("allClueColors") or suit.get("noClueColors") or suit.get("prism"):
        return []
    return [suit["name"]]


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


@pytest.mark.skipif(not VARIANTS.is_dir(), reason="shared variant data not present")
def test_every_variant_is_claimed_exactly_or_refused_with_its_rule() -> None:
    suits = {s["name"]: s for s in load("suits.json")}
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
            "copies": [[1] * 5 if suits[s].get("oneOfEach") else [3, 2, 2, 2, 1]
                       for s in v["suits"]],
            "clue colours": hanablive_clue_colours(v, suits),
            "clue ranks": v.get("clueRanks", [1, 2, 3, 4, 5]),
            "special": (v["specialRank"], *(bool(v.get(k)) for k in SPECIAL_KEYS))
            if "specialRank" in v else None,
        }
        sp = ours.special
        found = {
            "suits": [s.name for s in ours.suits],
            "copies": [list(s.copies) for s in ours.suits],
            "clue colours": list(ours.clue_colours),
            "clue ranks": list(ours.clue_ranks),
            "special": (sp.rank, sp.all_colours, sp.no_colours, sp.all_ranks, sp.no_ranks)
            if sp else None,
        }
        if found != expected:
            wrong.append((v["name"], found, expected))
    assert not wrong, wrong[:3]
    assert (claimed, refused) == (1543, 883)


@pytest.mark.parametrize(("name", "suits", "colours", "ranks"), [
    ("No Variant", "Red Yellow Green Blue Purple", "Red Yellow Green Blue Purple", "12345"),
    ("Rainbow (5 Suits)", "Red Yellow Green Blue Rainbow", "Red Yellow Green Blue", "12345"),
    ("Black & Pink (6 Suits)", "Red Yellow Green Blue Black Pink",
     "Red Yellow Green Blue Black Pink", "12345"),
    ("Pink-Ones & White (4 Suits)", "Red Green Blue White", "Red Green Blue", "2345"),
    ("Dark Pink (3 Suits)", "Red Blue Dark_Pink", "Red Blue Pink", "12345"),
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
    ("Funnels & Dark Prism (6 Suits)", "a rank clue also touches the lower ranks"),
    ("Black Reversed (6 Suits)", "a reversed suit"),
    ("Rainbow (7 Suits)", "unknown hanab.live variant 'Rainbow (7 Suits)'"),
])
def test_refusals_name_the_rule(name: str, rule: str) -> None:
    with pytest.raises(VariantError, match=re.escape(rule)):
        variant(name)
