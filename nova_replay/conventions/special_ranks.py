"""Special ranks (the X-Ones and X-Fives variants) as H-Group's pages read them: the
Special-Ones page (https://hanabi.github.io/docs/variant-specific/special-ones: Pink
Ones, Omni Ones, Rainbow Ones) and the Special-Fives page (.../special-fives: Rainbow-,
Pink-, Brown-, Omni-, Null-, Muddy-Rainbow- and Light-Pink-Fives).

Which clues touch a special-rank card is the touch rule's alone (`rules.identities.
touches`); this module says what the pages change in a clue's *meaning*, derived from
the special rank's properties (who touches it), never from the variant's name:

- **Color Promise** (Rainbow-Ones, Rainbow-Fives: every colour touches the special
  rank, no rank clue is changed): a colour clue on a special-rank card is the card's own
  colour, so its focus is not another suit's special card.
- **No promise on the 1s** (Pink-, Omni-, Light-Pink-Ones: every rank touches the 1s):
  "a player can also give a Play Clue to a 1 with a number 2, 3 or 4 clue", so a rank
  clue's focus may be a 1, the Pink Promise aside.
- **Pink Promise on the 5s** (Pink-, Omni-, Light-Pink-Fives: every rank touches the
  5s): a rank clue does not promise a 5, except the **pseudo 2 Save** (a 2 clue on the
  chop saves a 5, under the Always Loaded Principle); Light-Pink-Fives drop the promise
  for a *playable* 5 ("Rank Play Clues on 5s").
- **Special 5 Saves for Brown-Fives** (no rank touches the 5s): a colour clue on the
  chop saves a 5 of its colour, under the Always Loaded Principle.
- **Special 5 Saves for Muddy-Rainbow-Fives** (every colour, no rank): a 5 is saved by
  the leftmost clue colour (a one-of-each suit's colour where one exists) as a Muddy
  Rainbow Save, under the Always Loaded Principle.
- **Red Fix Clue** (Omni-Ones): a re-clue by red (the leftmost colour) touching no
  new card is a Fix Clue, not a Tempo Clue.
- **Null 4 Tech** (Null-Fives: no clue touches the 5s): the Null page's 5 tech with
  number 4 clues; when the next player is loaded a 4 clue reads as it would without it.
- White-, Brown-, Null- and Muddy-Rainbow-Ones, White-Fives: no page adds a rule; they
  read through the touch rule alone (a 1 or 5 no colour touches is clued by number,
  a 1 no rank touches by colour, a 1 no clue touches is only blind-played).
"""

from __future__ import annotations

from typing import NamedTuple

from ..rules.rulesets import Ruleset
from ..rules.variants import SpecialRank, SuitKind

# The pages' names of the special ranks, by (all colours, no colours, all ranks, no ranks).
KINDS = {(True, False, False, False): "Rainbow", (False, False, True, False): "Pink",
         (False, True, False, False): "White", (False, False, False, True): "Brown",
         (True, False, True, False): "Omni", (False, True, False, True): "Null",
         (True, False, False, True): "Muddy-Rainbow", (False, True, True, False): "Light-Pink"}
PSEUDO_TWO_SAVE, BROWN_FIVES_SAVE = "pseudo 2 save", "brown-fives 5 save"
RED_FIX = "red fix clue"
MUDDY_SAVE, NULL_FOUR_MOVE = "muddy rainbow save", "null 4 chop move"


class SpecialFacts(NamedTuple):
    """What a ruleset's special rank changes in the reading (empty masks without one)."""

    name: str  # the special rank's page name ('Pink-Fives'...), '' without one
    rank: int  # the special rank (0 without one)
    mask: int  # its identities whose touch the special rank decides (see `_decided`)
    colour_other: tuple[int, ...]  # per clue colour: special cards of another colour
    rank_other: int  # special cards a rank clue of another rank does not promise
    unpromised_ones: int  # 1s a rank clue may focus although of another rank (Pink Ones)
    loose: int  # special cards a rank clue may be when playable (Light-Pink-Fives)
    save: str  # how a special 5 on the chop is saved: a convention name, '' none
    loaded_ranks: frozenset[int]  # number clues the Always Loaded Principle covers
    loaded_colours: frozenset[int]  # colour clues it covers
    null_rank: int  # the number clue of the Null tech (4 with Null-Fives, else 0)
    red_fix: bool  # a re-clue by the leftmost colour is a Fix Clue (Omni-Ones)


def special_kind(special: SpecialRank) -> str:
    """The page name of a special rank's kind ('Pink', 'Muddy-Rainbow'...)."""
    if special.deceptive:  # one rank clue that depends on the suit: no page read (#34)
        return "Deceptive"
    return KINDS[(special.all_colours, special.no_colours, special.all_ranks, special.no_ranks)]


def _decided(kind: SuitKind, special: SpecialRank) -> bool:
    """Whether the special rank, not the suit, decides who touches a suit's special card:
    a suit touched by every or no colour (rank) keeps that for the colours (ranks), as
    the touch rule reads it, so a brown suit's 5 stays brown in Pink-Fives."""
    by_colour = (special.all_colours or special.no_colours) and not (
        kind.all_colours or kind.no_colours)
    by_rank = (special.all_ranks or special.no_ranks) and not (kind.all_ranks or kind.no_ranks)
    return by_colour or by_rank


def special_facts(ruleset: Ruleset, save_colour: int) -> SpecialFacts:
    """The special rank's facts for `ruleset` (`save_colour`: the Muddy Rainbow save
    colour, the leftmost clue colour or a one-of-each suit's colour)."""
    special, colours = ruleset.special, ruleset.clue_colours
    if special is None or special.deceptive:  # Deceptive: not read (`variants._facts`)
        return SpecialFacts("", 0, 0, tuple(0 for _ in colours), 0, 0, 0, "",
                            frozenset(), frozenset(), 0, False)
    kind_name = special_kind(special)
    max_rank, r = ruleset.max_rank, special.rank
    name = f"{kind_name}-{'Ones' if r == 1 else 'Fives'}"
    mask = 0
    colour_other = [0] * len(colours)
    for s, kind in enumerate(ruleset.kinds):
        bit = 1 << (s * max_rank + r - 1)
        if not _decided(kind, special):
            continue
        mask |= bit
        if kind_name == "Rainbow" and not kind.all_colours and not kind.no_colours:
            own = ({(r - 1) % len(colours)} if kind.prism
                   else {i for i, c in enumerate(colours) if c in kind.clue_colours})
            for i in range(len(colours)):
                if i not in own:
                    colour_other[i] |= bit  # Color Promise: not this colour's card
    pinkish = special.all_ranks
    rank_other = mask if pinkish and r == max_rank else 0
    # Pink Ones: every 1 (a pink suit's too: no 1 clue exists) may be a rank clue's focus
    ones = sum(1 << (s * max_rank) for s in range(len(ruleset.kinds)))
    unpromised_ones = ones if pinkish and r == 1 else 0
    loose = mask if kind_name == "Light-Pink" and r == max_rank else 0
    save, loaded_ranks, loaded_colours = "", frozenset[int](), frozenset[int]()
    if r == max_rank:
        if pinkish:
            save, loaded_ranks = PSEUDO_TWO_SAVE, frozenset({2})
        elif kind_name == "Brown":
            save, loaded_colours = BROWN_FIVES_SAVE, frozenset(range(len(colours)))
        elif kind_name == "Muddy-Rainbow":
            save, loaded_colours = MUDDY_SAVE, frozenset({save_colour})
    null_rank = 4 if kind_name == "Null" and r == max_rank else 0
    red_fix = name == "Omni-Ones"  # (its page: "we arbitrarily choose red", the leftmost)
    return SpecialFacts(name, r, mask, tuple(colour_other), rank_other, unpromised_ones,
                        loose, save, loaded_ranks, loaded_colours, null_rank, red_fix)


def special_save(f: SpecialFacts, identity: int, rank: int, colour: int,
                 save_colour: int) -> str | None:
    """The Special-Fives page's save of a special 5 on the chop by this clue (`rank`,
    else colour index `colour`): None when the page says nothing of `identity` (not a
    special card it decides), '' no save (a play clue), else the convention that saves
    it. A special 1 is never saved (it is playable or trash)."""
    if not (f.mask >> identity) & 1 or not f.save:
        return None
    if f.save == PSEUDO_TWO_SAVE:
        return PSEUDO_TWO_SAVE if rank == 2 else ""
    if f.save == MUDDY_SAVE:
        return MUDDY_SAVE if not rank and colour == save_colour else ""
    return BROWN_FIVES_SAVE if not rank else ""
