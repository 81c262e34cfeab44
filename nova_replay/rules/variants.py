"""hanab.live's variants of Hanabi whose difference is only in their suits' properties.

A suit is its properties (which clue colours touch it, whether every or no colour or
rank touches it, prism, one copy of each rank); a variant is its suits, the clue colours
and clue ranks that exist, and an optional special rank (the X-Ones and X-Fives
families). The facts are hanab.live's (packages/game/src/json/suits.json and
variants.json, applied in packages/game/src/rules/clues.ts, variantsInit.ts and
suitsInit.ts, github.com/Hanabi-Live/hanabi-live); the data and the name grammar here
are our own. A variant is read from its name, so every name the grammar reads is
supported, and every other name is refused with the rule it changes
(`variant_refusal`). Nothing here imports the rest of the package.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import lru_cache
from importlib.resources import files

NO_VARIANT = "No Variant"
# The clue colours hanab.live's supported variants have (a variant has some of them).
COLOURS = ("Red", "Yellow", "Green", "Blue", "Purple", "Teal", "Black", "Pink", "Brown")
STANDARD_COPIES = (3, 2, 2, 2, 1)


@dataclass(frozen=True)
class SuitKind:
    """One hanab.live suit: our key (hanab.live's suit id; Purple is our W), the name
    shown, a screen colour, and the properties that decide which clues touch it."""

    name: str
    key: str
    colour: str
    clue_colours: tuple[str, ...] = ()  # the colours that touch it (when not all / none)
    all_colours: bool = False
    no_colours: bool = False
    all_ranks: bool = False
    no_ranks: bool = False
    prism: bool = False  # touched by the clue colour of its rank
    one_of_each: bool = False  # dark suits: one copy of each rank
    reversed: bool = False  # its row is built from 5 down to 1 ("Teal Reversed")

    @property
    def copies(self) -> tuple[int, ...]:
        return (1,) * len(STANDARD_COPIES) if self.one_of_each else STANDARD_COPIES


# name | key | colour | properties (c = all colours, C = no colours, r = all ranks, R = no
# ranks, p = prism, d = one of each) | clue colours ("=" = the colour of its own name)
_TABLE = """
Red|R|#d32f2f||=
Yellow|Y|#f9a825||=
Green|G|#388e3c||=
Blue|B|#1976d2||=
Purple|W|#7b1fa2||=
Teal|T|#00897b||=
Black|Bk|#212121|d|=
Rainbow|Ra|#ff6f00|c|
Pink|Pi|#f06292|r|=
White|Wh|#bdbdbd|C|
Brown|Br|#795548|R|=
Omni|Om|#9e9e9e|cr|
Null|Nu|#eeeeee|CR|
Muddy Rainbow|BrRa|#8d6e63|cR|
Light Pink|WhPi|#ffbbdd|Cr|
Prism|Pr|#b0bec5|p|
Dark Rainbow|Ra1|#a05000|cd|
Dark Pink|Pi1|#800040|rd|Pink
Gray|Wh1|#555555|Cd|
Dark Brown|Br1|#271a0c|Rd|Brown
Dark Omni|Om1|#424242|crd|
Dark Null|Nu1|#a6a6a6|CRd|
Cocoa Rainbow|BrRa1|#662211|cRd|
Gray Pink|WhPi1|#b05080|Crd|
Dark Prism|Pr1|#78909c|pd|
Tomato|AR1|#e53935||Red
Mahogany|AR2|#660000||Red
Carrot|AR3|#f96401||Red
Emerald|AG1|#2e7d32||Green
Olive|AG2|#808000||Green
Berry|AB1|#3949ab||Blue
Navy|AB2|#001a4d||Blue
Sky|AB3|#3377ff||Blue
Ice EA|EB1|#e6eeff||Blue
Aqua EA|EB2|#8aa5ff||Blue
Sky EA|EB3|#2e5cff||Blue
Berry EA|EB4|#002ed1||Blue
Navy EA|EB5|#001b76||Blue
Ocean EA|EB6|#00091a||Blue
Tangerine|DRY|#b35f00||Red Yellow
Peach|DRY2|#ffac4d||Red Yellow
Ruby|R2|#e0115f||Red
Yam|DRY3|#cc9900||Red Yellow
Geas|DRYG|#68b840||Red Yellow Green
Beatnik|DRYGB|#3f6fa4||Red Yellow Green Blue
Plum|DRYGBP|#281a58||Red Yellow Green Blue Purple
Taupe|DRYGBPT|#381c12||Red Yellow Green Blue Purple Teal
Gold|DRG|#ffd700||Red Green
Violet|DRB|#7f00ff||Red Blue
Magenta|DRB2|#ff00ff||Red Blue
Cardinal|DRP|#810735||Red Purple
Maroon|DRK|#800000||Red Black
Lime|DYG|#00ff00||Yellow Green
Jungle|DYG2|#006400||Yellow Green
Jade|DYB|#00a86b||Yellow Blue
Tan|DYK|#999900||Yellow Black
Cyan|DGB|#00ffff||Green Blue
Indigo|DBP|#4000ff||Blue Purple
Cobalt|DBK|#000066||Blue Black
"""


def _kinds() -> dict[str, SuitKind]:
    out = {}
    for line in _TABLE.strip().splitlines():
        name, key, colour, flags, colours = line.split("|")
        clue = (name,) if colours == "=" else tuple(colours.split())
        out[name] = SuitKind(name, key, colour, clue, "c" in flags, "C" in flags, "r" in flags,
                             "R" in flags, "p" in flags, "d" in flags)
    # hanab.live makes a reversed version of every suit (its variantsInit: the suit's name
    # and " Reversed", its properties, built from 5 down to 1); our key adds "Rv".
    for kind in list(out.values()):
        out[f"{kind.name} Reversed"] = replace(kind, name=f"{kind.name} Reversed",
                                               key=f"{kind.key}Rv", reversed=True)
    return out


SUIT_KINDS: dict[str, SuitKind] = _kinds()
# The suits a variant name may add after its base suits (hanab.live's createVariants).
SPECIAL_SUITS = ("Black", "Rainbow", "Pink", "White", "Brown", "Omni", "Null", "Muddy Rainbow",
                 "Light Pink", "Prism", "Dark Rainbow", "Dark Pink", "Gray", "Dark Brown",
                 "Dark Omni", "Dark Null", "Cocoa Rainbow", "Gray Pink", "Dark Prism")
# The base suits by family and count (the suits before the special ones).
_FAMILIES: dict[str, dict[int, tuple[str, ...]]] = {
    "": {1: ("Red",), 2: ("Red", "Blue"), 3: ("Red", "Green", "Blue"),
         4: ("Red", "Yellow", "Green", "Blue"), 5: ("Red", "Yellow", "Green", "Blue", "Purple"),
         6: ("Red", "Yellow", "Green", "Blue", "Purple", "Teal")},
    "Ambiguous": {2: ("Tomato", "Mahogany"), 4: ("Tomato", "Mahogany", "Berry", "Navy"),
                  6: ("Tomato", "Mahogany", "Emerald", "Olive", "Berry", "Navy")},
    "Very Ambiguous": {3: ("Berry", "Navy", "Sky"),
                       6: ("Tomato", "Mahogany", "Carrot", "Berry", "Navy", "Sky")},
    "Extremely Ambiguous": {n: ("Ice EA", "Aqua EA", "Sky EA", "Berry EA", "Navy EA", "Ocean EA")[:n]
                            for n in (4, 5, 6)},
    "Dual-Color": {3: ("Tangerine", "Violet", "Jade"),
                   5: ("Tangerine", "Lime", "Cyan", "Indigo", "Cardinal"),
                   6: ("Tangerine", "Violet", "Maroon", "Jade", "Tan", "Cobalt")},
    "Matryoshka": {n: ("Ruby", "Yam", "Geas", "Beatnik", "Plum", "Taupe")[:n] for n in range(2, 7)},
}
_MIXES: dict[str, tuple[str, ...]] = {
    "Special Mix (5 Suits)": ("Black", "Rainbow", "Pink", "White", "Brown"),
    "Special Mix (6 Suits)": ("Black", "Rainbow", "Pink", "White", "Brown", "Null"),
    "Ambiguous Mix": ("Tomato", "Mahogany", "Sky", "Navy", "Black", "White"),
    "Dual-Color Mix": ("Tangerine", "Violet", "Jade", "Black", "Rainbow", "White"),
    "Ambiguous & Dual-Color Mix": ("Peach", "Tangerine", "Magenta", "Violet", "Lime", "Jungle"),
    "Candy Corn Mix (5 Suits)": ("Red", "Tangerine", "Yellow", "White", "Brown"),
    "Candy Corn Mix (6 Suits)": ("Red", "Tangerine", "Yellow", "White", "Brown", "Cocoa Rainbow"),
    "Holiday Mix (5 Suits)": ("Dark Pink", "Green", "White", "Sky", "Navy"),
    "Holiday Mix (6 Suits)": ("Light Pink", "Red", "Green", "White", "Sky", "Navy"),
    "Valentine Mix (5 Suits)": ("Red", "Pink", "White", "Light Pink", "Cocoa Rainbow"),
    "Valentine Mix (6 Suits)": ("Red", "Pink", "White", "Light Pink", "Cocoa Rainbow", "Null"),
    "RGB Mix (6 Suits)": ("Red", "Gold", "Green", "Cyan", "Blue", "Violet"),
}
# Special ranks: "<kind>-Ones" / "<kind>-Fives" -> (all colours, no colours, all ranks, no ranks)
_SPECIAL_KINDS = {
    "Rainbow": (True, False, False, False), "Pink": (False, False, True, False),
    "White": (False, True, False, False), "Brown": (False, False, False, True),
    "Omni": (True, False, True, False), "Null": (False, True, False, True),
    "Muddy-Rainbow": (True, False, False, True), "Light-Pink": (False, True, True, False),
}
_SPECIAL_RANKS = {"Ones": 1, "Fives": 5}


@dataclass(frozen=True)
class SpecialRank:
    """A rank whose cards every colour / no colour / every rank / no rank touches, or
    (deceptive) one rank clue that depends on the card's suit: clue rank number
    `suit index mod len(clue ranks)` of the variant's clue ranks (hanab.live's clues.ts)."""

    rank: int
    all_colours: bool = False
    no_colours: bool = False
    all_ranks: bool = False
    no_ranks: bool = False
    deceptive: bool = False


@dataclass(frozen=True)
class Modifiers:
    """hanab.live's variant-wide rules beyond the suits (variants.json's keys in
    brackets), each read by the one function of its idea: the touch rule
    (`identities.touches`), the empty clue rule (`identities.may_touch_nothing`), the
    copies (`suit_copies`). All off: the basic game."""

    funnels: bool = False  # [funnels] a rank clue also touches every lower rank
    chimneys: bool = False  # [chimneys] a rank clue also touches every higher rank
    odds_and_evens: bool = False  # [oddsAndEvens] rank clue 1 touches odd ranks, 2 even
    synesthesia: bool = False  # [synesthesia] a colour clue also touches its prism rank
    colour_blind: bool = False  # [colorCluesTouchNothing] and such a clue is still legal
    number_blind: bool = False  # [rankCluesTouchNothing] and such a clue is still legal
    critical_rank: int = 0  # [criticalRank] one copy of this rank in every suit
    scarce_ones: bool = False  # [scarceOnes] two copies of each 1, not three
    cow_and_pig: bool = False  # [cowAndPig] a clue says only its kind ("Moo", "Oink")
    duck: bool = False  # [duck] a clue says nothing but which cards it touches ("Quack")
    clue_starved: bool = False  # [clueStarved] a discard or a completed stack gives half a clue
    alternating: bool = False  # [alternatingClues] no two clues of one kind in a row
    throw_it_in_a_hole: bool = False  # [throwItInAHole] plays and misplays go face down

    @property
    def names(self) -> tuple[str, ...]:
        """The rules on, in hanab.live's words (for views and messages)."""
        return tuple(name for name, on in (
            ("Funnels", self.funnels), ("Chimneys", self.chimneys),
            ("Odds and Evens", self.odds_and_evens), ("Synesthesia", self.synesthesia),
            ("Color Blind", self.colour_blind), ("Number Blind", self.number_blind),
            (f"Critical {_RANK_WORDS.get(self.critical_rank, '')}", self.critical_rank > 0),
            ("Scarce Ones", self.scarce_ones), ("Cow & Pig", self.cow_and_pig),
            ("Duck", self.duck), ("Clue Starved", self.clue_starved),
            ("Alternating Clues", self.alternating),
            ("Throw It in a Hole", self.throw_it_in_a_hole)) if on)


NO_MODIFIERS = Modifiers()
_RANK_WORDS = {1: "Ones", 2: "Twos", 3: "Threes", 4: "Fours", 5: "Fives"}
# A variant name's first part that names modifiers (hanab.live's createVariants).
_MODIFIER_NAMES: dict[str, Modifiers] = {
    "Funnels": Modifiers(funnels=True),
    "Chimneys": Modifiers(chimneys=True),
    "Odds and Evens": Modifiers(odds_and_evens=True),
    "Synesthesia": Modifiers(synesthesia=True),
    "Color Blind": Modifiers(colour_blind=True),
    "Number Blind": Modifiers(number_blind=True),
    "Totally Blind": Modifiers(colour_blind=True, number_blind=True),
    "Critical Fours": Modifiers(critical_rank=4),
    "Scarce Ones": Modifiers(scarce_ones=True),
    "Cow_Pig": Modifiers(cow_and_pig=True),  # "Cow & Pig", read before the split at " & "
    "Duck": Modifiers(duck=True),
    "Clue Starved": Modifiers(clue_starved=True),
    "Alternating Clues": Modifiers(alternating=True),
    "Throw It in a Hole": Modifiers(throw_it_in_a_hole=True),
}


def suit_copies(kind: SuitKind, modifiers: Modifiers = NO_MODIFIERS) -> tuple[int, ...]:
    """Copies of each rank of a suit in a variant, rank 1 first (hanab.live's
    numCopiesOfCard): a dark suit has one of each; else the standard 3-2-2-2-1, with one
    of the critical rank (Critical Fours), two 1s in Scarce Ones, and in a reversed suit
    one 1 and three 5s. The one home of a suit's copies."""
    if kind.one_of_each:
        return kind.copies
    copies = list(STANDARD_COPIES)
    if kind.reversed:
        copies[0], copies[4] = 1, 3
    elif modifiers.scarce_ones:
        copies[0] = 2
    if modifiers.critical_rank:
        copies[modifiers.critical_rank - 1] = 1
    return tuple(copies)


@dataclass(frozen=True)
class Variant:
    """A supported hanab.live variant: its suits, clue colours, clue ranks, special rank."""

    name: str
    suits: tuple[SuitKind, ...]
    clue_colours: tuple[str, ...]
    clue_ranks: tuple[int, ...]
    special: SpecialRank | None = None
    modifiers: Modifiers = NO_MODIFIERS


class VariantError(ValueError):
    """A variant name that is not supported (the message names the rule it changes)."""


# Words in a variant's name that mean a rule beyond suit properties, with that rule.
RULE_WORDS: tuple[tuple[str, str], ...] = (
    ("Up or Down", "stacks may be built up from 1 or down from 5 (START cards)"),
    ("Sudoku", "each stack may start at any rank and wraps around, no two at the same rank"),
    ("Orange", "an inverted suit (Orange, Dark Orange: playing its card discards it and "
               "discarding it plays it)"),
)


def variant_refusal(name: str) -> str:
    """Why `name` is not supported: the rule it changes, or that it is unknown."""
    for word, rule in RULE_WORDS:
        if re.search(rf"(^|[ &-]){re.escape(word)}", name):
            return f"hanab.live variant {name!r} is not supported: {rule}"
    return (f"unknown hanab.live variant {name!r}: expected a variant whose difference is only "
            f"in its suits' properties, such as 'Rainbow (5 Suits)' or 'Black & Pink (6 Suits)'")


@lru_cache(maxsize=1)
def hanablive_ids() -> dict[str, int]:
    """hanab.live's variant names and their ids (a seed's vN), every variant it has, from
    `hanablive_variants.tsv` (generated from its variants.json; the file's head names the
    source and commit). The grammar below reads names; this says which names exist."""
    text = files(__package__ or "nova_replay.rules").joinpath("hanablive_variants.tsv").read_text("utf-8")
    ids = {}
    for line in text.splitlines():
        if line and not line.startswith("#"):
            number, name = line.split("\t")
            ids[name] = int(number)
    return ids


@lru_cache(maxsize=256)
def variant(name: str) -> Variant:
    """The supported variant called `name` (hanab.live's spelling); raises VariantError
    for a name hanab.live does not have, and naming the rule it changes for any other
    name the grammar does not read."""
    if name not in hanablive_ids():
        raise VariantError(f"unknown hanab.live variant {name!r}: hanab.live has no variant of "
                           f"that name (see its variant list; names are exact, e.g. "
                           f"'Rainbow (5 Suits)', 'Black & Pink (6 Suits)')")
    if name == NO_VARIANT:
        return _build(name, _FAMILIES[""][5])
    if name in _MIXES:
        return _build(name, _MIXES[name])
    found = re.fullmatch(r"(.+) \(([3-6]) Suits\)|([3-6]) Suits", name)
    if found is None:
        raise VariantError(variant_refusal(name))
    if found.group(3):
        return _build(name, _FAMILIES[""][int(found.group(3))])
    count = int(found.group(2))
    family, special, mute, extra = "", None, "", []
    modifiers, reverse_last = NO_MODIFIERS, False
    for i, part in enumerate(found.group(1).replace("Cow & Pig", "Cow_Pig").split(" & ")):
        ranked = re.fullmatch(r"(.+)-(Ones|Fives)", part)
        if i == 0 and ranked and ranked.group(1) == "Deceptive":
            special = SpecialRank(_SPECIAL_RANKS[ranked.group(2)], deceptive=True)
        elif i == 0 and ranked and ranked.group(1) in _SPECIAL_KINDS:
            special = SpecialRank(_SPECIAL_RANKS[ranked.group(2)], *_SPECIAL_KINDS[ranked.group(1)])
        elif i == 0 and part in _MODIFIER_NAMES:
            modifiers = _MODIFIER_NAMES[part]
        elif i == 0 and part == "Reversed":  # the base suits, the last one reversed
            reverse_last = True
        elif i == (special is not None) and part in _FAMILIES and part:
            family = part
        elif i == 0 and part in ("Color Mute", "Number Mute"):
            mute = part
        elif part.removesuffix(" Reversed") in SPECIAL_SUITS:
            extra.append(part)
        else:
            raise VariantError(variant_refusal(name))
    base = _FAMILIES[family].get(count - len(extra))
    if base is None or (mute and extra) or (reverse_last and extra):
        raise VariantError(variant_refusal(name))
    if reverse_last:
        base = (*base[:-1], f"{base[-1]} Reversed")
    return _build(name, base + tuple(extra), special, mute, modifiers)


def _build(name: str, suit_names: tuple[str, ...], special: SpecialRank | None = None,
           mute: str = "", modifiers: Modifiers = NO_MODIFIERS) -> Variant:
    suits = tuple(SUIT_KINDS[s] for s in suit_names)
    colours: list[str] = []
    for suit in suits:
        if not suit.all_colours:
            colours += [c for c in suit.clue_colours if c not in colours]
    ranks = tuple(r for r in range(1, 6)
                  if special is None or r != special.rank
                  or not (special.all_ranks or special.no_ranks or special.deceptive))
    if mute == "Color Mute":
        colours = []
    if mute == "Number Mute" or modifiers.synesthesia:  # Synesthesia: colours say ranks
        ranks = ()
    if modifiers.odds_and_evens:  # two rank clues: 1 is "odd", 2 is "even"
        ranks = (1, 2)
    return Variant(name, suits, tuple(colours), ranks, special, modifiers)
