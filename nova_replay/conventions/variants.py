"""Special suits as H-Group's variant pages read them (https://hanabi.github.io/docs/
variant-specific/...): the variant facts the clue reader needs, one home.

Which clues touch a card is the one touch rule's alone (`rules.identities.touches`,
through `IdentitySpace.clue_mask`); this module adds what the pages change in the
*meaning* of a clue. A page applies by a suit's properties, as the pages themselves say
("any variant with a pink (touched by all ranks) suit"), so each rule is derived from
the ruleset's suit data, never from a suit's name:

- touched by every rank (Pink, Omni, Light Pink, Dark Pink): the **Pink Promise** (a
  rank clue's focus is that rank);
- one of each (the dark suits: Black, Dark Rainbow, Dark Pink, Gray...): **Black saves**
  (a 2 or 5 is saved by number, a 3 or 4 by its own colour; Dark Rainbow's 3 and 4 by
  number, or by a dark suit's colour where one exists; Dark Prism's by number);
- touched by no rank (Brown, Muddy Rainbow, Cocoa Rainbow): **Brown saves** (a colour
  clue on the chop saves a 2, a 5 or a critical card), Muddy and Cocoa Rainbow's save
  colour (the leftmost clue colour, or a dark suit's colour);
- touched by no clue (Null, Dark Null): **Null 5 Tech** (a 5 clue off the chop, not a
  5's Chop Move, moves the next player's chop, or has them play it when loaded);
- Dark Omni and Gray Pink: their page's Pseudo 5 Saves and Fake Saves (a rank clue on the
  chop may be a save of their 2 to 5, the Pink Promise aside);
- the **Always Loaded Principle** (variant-specific intro, White, Gray, Dark Rainbow,
  Dark Prism, Brown, Muddy and Cocoa Rainbow): such a save clue to a *loaded* player is
  a play clue;
- Brown Tempo Clues: a brown clue re-touching cards only asks the rightmost to play;
- sharing one clue colour with other suits (Ambiguous, Very Ambiguous: no page of their
  own): the intro's **Ambiguous Tempo Clue** (`ambiguous_tempo`).

Touched by every colour (Rainbow), by the colour of its rank (Prism) or by two colours
(Dual-Color, whose page gives it the Rainbow conventions), a suit reads as No Variant
does through the touch rule: those pages add Free Choice and bluff moves this reader
does not have. A special rank (X-Ones, X-Fives) is read by its pages in
`special_ranks`, whose facts this module folds into the ones below. Variants whose
pages change what a clue touches or asks (Extremely Ambiguous, Dual-Color (3 Suits))
or that no page covers (suits of three or more colours) are not read at all.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import NamedTuple

from ..knowledge.status import Status, all_playable, all_trash
from ..rules.game import Game
from ..rules.identities import identity_space
from ..rules.rulesets import Ruleset
from ..rules.variants import SuitKind
from .levels import VARIANT_CONVENTIONS, VARIANT_SITE
from .special_ranks import NULL_FOUR_MOVE, SpecialFacts, special_facts, special_save
from .table import Table

SITE = VARIANT_SITE
# The pages the reader follows (family -> page), in the words of each page's title: a
# game with a suit of any other family (but plain suits) is not read.
PAGES = {"Rainbow": "/rainbow", "Pink": "/pink", "White": "/white", "Brown": "/brown",
         "Black": "/black", "Omni": "/omni", "Prism": "/prism", "Dark Rainbow": "/dark-rainbow",
         "Dark Pink": "/dark-pink", "Gray": "/gray", "Light Pink": "/light-pink",
         "Dark Prism": "/dark-prism", "Null": "/null", "Dark Null": "/null",
         "Dark Omni": "/dark-omni-gray-pink", "Gray Pink": "/dark-omni-gray-pink",
         "Muddy Rainbow": "/muddy-rainbow-cocoa-rainbow",
         "Cocoa Rainbow": "/muddy-rainbow-cocoa-rainbow",
         "Dual-Color": "/dual-color", "Ambiguous": "#the-ambiguous-tempo-clue"}
# Families whose page this reader does not follow, and what it lacks.
UNREAD = {"Dual-Color (3 Suits)": "its page's Color Touch Inversion (a colour clue really "
                                  "touches the cards it does not)",
          "Extremely Ambiguous": "its page's Blue Color Clues (the colour four or more suits "
                                 "share asks for the Second Finesse Position) and bluffs",
          "Multi-Color": "suits of three or more clue colours (Matryoshka), which no H-Group "
                         "page reads"}
AMBIGUOUS_TEMPO = "ambiguous tempo clue"
# The variant conventions a reading may rest on (name -> page): `levels.VARIANT_CONVENTIONS`,
# kept with the levels so `levels.page` links to every convention without this module.
CONVENTIONS = VARIANT_CONVENTIONS
NULL_FIVE_MOVE, NULL_FIVE_PLAY = "null 5 chop move", "loaded 5 null play clue"
NULL_MOVES = (NULL_FIVE_MOVE, NULL_FOUR_MOVE)  # the Null tech's chop moves (5, Null-Fives' 4)


def family(kind: SuitKind, shared: bool) -> str:
    """The H-Group page family of a suit, from the properties that decide who touches
    it (`shared`: its one clue colour is also another suit's)."""
    colours = ("all" if kind.all_colours else "none" if kind.no_colours
               else "prism" if kind.prism else "own")
    ranks = "all" if kind.all_ranks else "none" if kind.no_ranks else "own"
    if (colours, ranks) == ("own", "own"):
        if len(kind.clue_colours) > 1:
            return "Dual-Color"
        if shared:
            return "Ambiguous"
        return "Black" if kind.one_of_each else ""  # "": a plain suit
    light, dark = {("all", "own"): ("Rainbow", "Dark Rainbow"),
                   ("none", "own"): ("White", "Gray"),
                   ("own", "all"): ("Pink", "Dark Pink"),
                   ("own", "none"): ("Brown", "Brown"),  # Dark Brown: the Brown page's saves
                   ("all", "all"): ("Omni", "Dark Omni"),
                   ("all", "none"): ("Muddy Rainbow", "Cocoa Rainbow"),
                   ("none", "all"): ("Light Pink", "Gray Pink"),
                   ("none", "none"): ("Null", "Dark Null"),
                   ("prism", "own"): ("Prism", "Dark Prism")}[(colours, ranks)]
    return dark if kind.one_of_each else light


class Facts(NamedTuple):
    """What a ruleset's special suits change in the reading (made once per ruleset)."""

    families: tuple[str, ...]  # per suit: its page family ("" for a plain suit)
    not_read: str  # why the conventions do not read games of it ('' when they do)
    other_ranks: tuple[int, ...]  # per rank: the pink-like identities of another rank
    save_colour: int  # Muddy and Cocoa Rainbow's save colour (a clue colour index)
    dark_colours: frozenset[int]  # the colours of dark suits with a colour of their own
    loaded_ranks: frozenset[int]  # number clues the Always Loaded Principle covers
    loaded_colours: frozenset[int]  # colour clues it covers
    null: int  # the identities of suits no clue touches (Null 5 Tech's)
    inverted: frozenset[int]  # the colours of Brown Tempo Clue Inversion (Brown's own)
    dark_omni: int  # the identities of Dark Omni and Gray Pink suits (their page's saves)
    ranks: SpecialFacts  # what the special rank (X-Ones, X-Fives) changes, if any
    critical_rank: int = 0  # Critical Fours: 4, whose 4 Save is by number (0: none)
    odds_and_evens: bool = False  # rank clues are odd (1) or even (2): their saves

    @property
    def special(self) -> bool:
        return (any(self.families) or bool(self.ranks.rank) or bool(self.critical_rank)
                or self.odds_and_evens)


_BY_ID: dict[int, tuple[Ruleset, Facts]] = {}


def facts(ruleset: Ruleset) -> Facts:
    """The variant facts of `ruleset`, derived from its suits' properties. The reader
    asks for them several times a clue: found by the ruleset object's identity first
    (hashing a ruleset's fields costs more than the lookups it saves), by value else."""
    hit = _BY_ID.get(id(ruleset))
    if hit is not None and hit[0] is ruleset:
        return hit[1]
    if len(_BY_ID) >= 64:
        _BY_ID.clear()
    found = _facts(ruleset)
    _BY_ID[id(ruleset)] = (ruleset, found)
    return found


@lru_cache(maxsize=64)
def _facts(ruleset: Ruleset) -> Facts:
    """`facts`, made once per ruleset value."""
    kinds = ruleset.kinds
    owners: dict[str, int] = {}
    for k in kinds:
        for c in k.clue_colours:
            owners[c] = owners.get(c, 0) + 1
    fams = _refined(kinds, tuple(family(k, len(k.clue_colours) == 1
                                        and owners[k.clue_colours[0]] > 1) for k in kinds))
    colours = ruleset.clue_colours
    max_rank = ruleset.max_rank
    other = [0] * (max_rank + 1)
    dark: set[int] = set()
    loaded_ranks: set[int] = set()
    loaded_colours: set[int] = set()
    null = dark_omni = 0
    inverted: set[int] = set()
    for s, (k, f) in enumerate(zip(kinds, fams, strict=True)):
        base = s * max_rank
        if k.no_colours and k.no_ranks:
            null |= ((1 << max_rank) - 1) << base
        if f in ("Dark Omni", "Gray Pink"):
            dark_omni |= ((1 << max_rank) - 1) << base
        if k.all_ranks:
            for r in range(1, max_rank + 1):
                other[r] |= ((1 << max_rank) - 1 - (1 << (r - 1))) << base
        if k.one_of_each and k.clue_colours and not k.all_colours:
            dark.update(colours.index(c) for c in k.clue_colours if c in colours)
        if f in ("White", "Gray", "Dark Rainbow", "Dark Prism"):
            loaded_ranks.update((3, 4))  # number 3 and 4 saves (never 2 or 5)
        if f == "Brown":
            inverted.update(colours.index(c) for c in k.clue_colours if c in colours)
        if f in ("Brown", "Muddy Rainbow"):
            loaded_colours.update(i for i, c in enumerate(colours)
                                  if k.all_colours or c in k.clue_colours)
    save_colour = min(dark) if dark else 0
    if "Cocoa Rainbow" in fams:  # Brown's loaded play clues, on its one save colour
        loaded_colours.add(save_colour)
    ranks = special_facts(ruleset, save_colour)
    for r in range(1, max_rank + 1):  # the special rank's promises (special_ranks)
        other[r] = (other[r] | (ranks.rank_other if r != ranks.rank else 0)) & ~ranks.unpromised_ones
    loaded_ranks |= ranks.loaded_ranks
    loaded_colours |= ranks.loaded_colours
    if ranks.null_rank:  # Null-Fives: the 5s no clue touches are null cards
        null |= ranks.mask & ~_touched_somehow(ruleset)
    unread = sorted({f for f in fams if f and f not in PAGES})
    why = ""
    mods = ruleset.modifiers
    # Critical Fours and Odds and Evens are read by their pages (`save_rule`); Odds and
    # Evens not with a suit whose page names a rank clue no odd or even clue is (the Pink
    # Promise, the Null tech, Dark Omni's 5 saves) nor with a special rank
    odd_even = mods.odds_and_evens and not ranks.rank and not any(
        k.all_ranks or (k.no_colours and k.no_ranks) for k in kinds)
    read_rules = {"Critical Fours"} if mods.critical_rank == 4 else set()
    if odd_even:
        read_rules.add("Odds and Evens")
        loaded_ranks |= {1, 2}  # "the Always Loaded Principle applies" to both saves
    rules_beyond = tuple(n for n in mods.names if n not in read_rules) + (  # Funnels...: not read
        ("Reversed",) if any(k.reversed for k in kinds) else ()) + (
        ("Deceptive",) if ruleset.special is not None and ruleset.special.deceptive else ())
    if unread or rules_beyond:
        missing = [f"{f}: {UNREAD.get(f, 'its page is not read')}" for f in unread]
        missing += [f"{name}: " + ("its page with a pink-like, null or special-rank card "
                                   "is not read" if name == "Odds and Evens"
                                   else "its rule is not read") for name in rules_beyond]
        why = f"no convention reading for this variant ({'; '.join(missing)})"
    return Facts(fams, why, tuple(other), save_colour, frozenset(dark),
                 frozenset(loaded_ranks), frozenset(loaded_colours), null, frozenset(inverted),
                 dark_omni, ranks, 4 if mods.critical_rank == 4 else 0, odd_even)


def _refined(kinds: tuple[SuitKind, ...], fams: tuple[str, ...]) -> tuple[str, ...]:
    """The families `family` cannot tell from one suit alone: an ambiguous suit whose
    colour four or more single-colour suits share follows the Extremely Ambiguous page
    (of hanab.live's variants, exactly the Extremely Ambiguous ones); a suit of three or
    more colours is Multi-Color (no page: the Dual-Color page covers two); three suits
    all dual-colour are the Dual-Color (3 Suits) variant, whose page inverts the touch."""
    single: dict[str, int] = {}
    for k, f in zip(kinds, fams, strict=True):
        if f == "Ambiguous":
            single[k.clue_colours[0]] = single.get(k.clue_colours[0], 0) + 1
    out = tuple("Extremely Ambiguous" if f == "Ambiguous" and single[k.clue_colours[0]] >= 4
                else "Multi-Color" if f == "Dual-Color" and len(k.clue_colours) > 2 else f
                for k, f in zip(kinds, fams, strict=True))
    if len(out) == 3 and all(f == "Dual-Color" for f in out):
        return ("Dual-Color (3 Suits)",) * 3
    return out


def ambiguous_tempo(table: Table, rank: int, hand: Sequence[int],
                    touched_slots: Sequence[int]) -> int | None:
    """The Ambiguous Tempo Clue (variant-specific intro): where suits share a clue
    colour, a re-clue touching no new card that re-touches two or more cards its
    holder cannot tell apart (the same identities by the clues so far) focuses the
    rightmost of them when it names a colour, the leftmost when it names a rank. Their
    slot, or None when it does not apply."""
    f = facts(table.game.ruleset)
    if "Ambiguous" not in f.families and not f.odds_and_evens:  # (and "The Ambiguous O&E
        return None  # Tempo Clue": the same rule)
    told = [table.told(hand[s]) for s in touched_slots]
    twins = [s for s, t in zip(touched_slots, told, strict=True)
             if t & (t - 1) and told.count(t) > 1]
    if not twins:
        return None
    return twins[0] if rank else twins[-1]


def _touched_somehow(ruleset: Ruleset) -> int:
    """The identities some clue of `ruleset` touches (the touch rule's, per clue)."""
    space = identity_space(ruleset)
    out = 0
    for i in range(len(ruleset.clue_colours)):
        out |= space.clue_mask(suit=i)
    for r in ruleset.clue_ranks:
        out |= space.clue_mask(rank=r)
    return out


def promised(game: Game, rank: int, on_chop: bool = False, colour: int = -1,
             playable: int = 0) -> int:
    """The identities a clue's focus may be. A rank clue: the Pink Promise (a card
    touched by every rank, focused by a rank clue, is that rank) rules out pink-like
    cards of other ranks, and pink 5s (Pink-, Omni-, Light-Pink-Fives); not Dark Omni or
    Gray Pink ones on the chop (their page's Fake Saves), nor the 5s a 2 clue on the
    chop saves (the pseudo 2 Save), nor the 1s of Pink-Ones, nor Light-Pink-Fives'
    5s that are `playable`. A colour clue (colour index `colour`): the Color Promise of
    Rainbow-Ones and Rainbow-Fives rules out another colour's special card."""
    space = game.space
    if not rank and (colour < 0 or game.ruleset.special is None):
        return space.all  # (no Color Promise without a special rank: no facts to look up)
    f = facts(game.ruleset)
    if not rank:
        return space.all & ~f.ranks.colour_other[colour]
    out = f.other_ranks[rank] & ~(playable & f.ranks.loose)
    if on_chop:
        out &= ~f.dark_omni & ~(f.ranks.rank_other if rank == 2 else 0)
    return space.all & ~out


def save_rule(table: Table, identity: int, rank: int, colour: int, count: int
              ) -> str | None:
    """What the variant pages say of a save of `identity` (on the chop) by this clue
    (`rank`, else colour index `colour`; touching `count` cards): None, the basic saves
    decide; '' it is no save (the page saves it with the other kind of clue: a play
    clue); else the convention that saves it."""
    game = table.game
    f = facts(game.ruleset)
    if not f.special:
        return None
    by_rank = special_save(f.ranks, identity, rank, colour, f.save_colour)
    if by_rank is not None:  # a special 5 (the Special-Fives page)
        return by_rank
    space = game.space
    suit, r = space.suit(identity), space.rank(identity)
    kind, fam = game.ruleset.kinds[suit], f.families[suit]
    critical = bool((table.status.critical >> identity) & 1)
    if (f.dark_omni >> identity) & 1:
        return _dark_omni(table, r, rank, count)
    if kind.no_ranks:  # colour clues only (Brown, Muddy and Cocoa Rainbow)
        if fam == "Cocoa Rainbow":
            return "cocoa rainbow save" if colour == f.save_colour else ""
        if fam == "Muddy Rainbow":
            if critical and r != game.ruleset.max_rank:
                return "muddy rainbow save"  # a critical 2, 3 or 4: any colour
            if r in (2, game.ruleset.max_rank):
                return "muddy rainbow save" if colour == f.save_colour else ""
            return ""
        return "brown save" if critical or r in (2, game.ruleset.max_rank) else ""
    if not kind.one_of_each or kind.no_colours:
        return None  # Gray: numbers alone touch it, the basic saves hold
    if r in (2, game.ruleset.max_rank) or kind.prism:  # Black 2 and 5 saves: by number,
        return None if rank else ""  # and Dark Prism's 3 and 4 too
    if kind.all_colours:  # Dark Rainbow 3 and 4: by number, or a dark suit's colour
        if f.dark_colours:
            return None if colour in f.dark_colours else ""
        return None if rank else ""
    return "" if rank else None  # Black 3 and 4 saves: by colour


def _dark_omni(table: Table, r: int, rank: int, count: int) -> str | None:
    """The Dark Omni & Gray Pink page's saves of a card of rank `r` of those suits: its 2
    and 5 by number as usual, its 3 and 4 by a 5 (Pseudo 5 Save), and the Fake Saves a
    rank clue on the chop may be (2 or more cards touched: any of its 2 to 5)."""
    max_rank = table.game.ruleset.max_rank
    if not rank or r < 2:
        return ""  # by number only; a 1 is no save
    if rank == r and rank in (2, max_rank):
        return None  # the 2 Save, the 5 Save
    if rank == max_rank:
        return "pseudo 5 save"
    if rank == 2:
        return "fake save" if count > 1 else ""
    space, lost = table.game.space, table.status.lost
    trashed = any(lost[i] and space.rank(i) == rank for i in space.members(space.all))
    return "fake save" if trashed and count > 1 else ""  # a 3 or 4 clue


def tempo_inverted(game: Game, colour: int, touched: int) -> bool:
    """Brown Tempo Clues (Brown page): a brown colour clue that touches no new card is a
    tempo clue, and when it re-touches two or more cards it asks for the rightmost of
    them to play (Brown Tempo Clue Inversion)."""
    return touched > 0 and colour in facts(game.ruleset).inverted


def always_loaded(game: Game, rank: int, colour: int) -> bool:
    """Whether a save by this clue falls under the Always Loaded Principle: given to a
    loaded player, it is a play clue (number 3 and 4 with White, Gray, Dark Rainbow or
    Dark Prism; the colours touching Brown or Muddy Rainbow, Cocoa Rainbow's save colour)."""
    f = facts(game.ruleset)
    return rank in f.loaded_ranks if rank else colour in f.loaded_colours


def loaded(hinted: list[int], status: Status) -> bool:
    """Loaded (variant-specific intro, "The Early Save"): a player holds a card known,
    by the clues and the readings every player shares (`hinted`, per card of the hand),
    to be playable or trash."""
    return any(all_playable(m, status) or all_trash(m, status) for m in hinted)


def null_rank(game: Game) -> int:
    """The number clue of the Null tech: 5 (Null page), 4 with Null-Fives, whose 5s no
    clue touches (Special-Fives page, "Null 4 Tech")."""
    return facts(game.ruleset).ranks.null_rank or game.ruleset.max_rank


def null_five(table: Table, giver: int) -> tuple[str, int, int, int] | None:
    """Null 5 Tech (Null page): a 5 clue that is not a 5 Save or a 5's Chop Move, while a
    null card is still to be played, speaks to the player after the giver: loaded, they
    play their rightmost card with no positive clue (their rightmost chop-moved card
    when they have one; the Loaded 5 Null Play Clue), else their chop is moved (the
    Null 5 Chop Move). With Null-Fives the clue is a 4 (`null_rank`; the Null 4 Chop
    Move), and to a loaded player it reads as it would without the tech. (convention,
    player, slot, deck card), or None when the tech is off. The Double Save is not read."""
    f = facts(table.game.ruleset)
    if not f.null or all_trash(f.null, table.status):
        return None
    bob = (giver + 1) % len(table.game.players)
    hand = table.state.hands[bob]
    if loaded([table.hinted[c] for c in hand], table.status):
        if f.ranks.null_rank:
            return None  # Null-Fives: "the default conventional interpretation applies"
        moved = [s for s, c in enumerate(hand) if c in table.moved]
        free = moved or [s for s, c in enumerate(hand) if not table.touched[c]]
        return (NULL_FIVE_PLAY, bob, free[-1], hand[free[-1]]) if free else None
    chop = table.chop(bob)
    move = NULL_FOUR_MOVE if f.ranks.null_rank else NULL_FIVE_MOVE
    return None if chop is None else (move, bob, chop, hand[chop])
