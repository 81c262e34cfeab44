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
- Brown Tempo Clues: a brown clue re-touching cards only asks the rightmost to play.

Touched by every colour (Rainbow) or by the colour of its rank (Prism), a suit reads as
No Variant does through the touch rule: those pages add Free Choice and bluff moves this
reader does not have. Variants whose pages are not read (ambiguous and dual-colour
suits, special ranks) are not read at all.
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from ..knowledge.status import Status, all_playable, all_trash
from ..rules.game import Game
from ..rules.rulesets import Ruleset
from ..rules.variants import SuitKind
from .levels import VARIANT_CONVENTIONS, VARIANT_SITE
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
         "Cocoa Rainbow": "/muddy-rainbow-cocoa-rainbow"}
# Families whose page this reader does not follow, and what it lacks.
UNREAD = {"Dual-Color": "the Dual-Color pages' Color Touch Inversion and Negative Prompt",
          "Ambiguous": "suits sharing a clue colour, which no H-Group page reads"}
# The variant conventions a reading may rest on (name -> page): `levels.VARIANT_CONVENTIONS`,
# kept with the levels so `levels.page` links to every convention without this module.
CONVENTIONS = VARIANT_CONVENTIONS
NULL_FIVE_MOVE, NULL_FIVE_PLAY = "null 5 chop move", "loaded 5 null play clue"


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

    @property
    def special(self) -> bool:
        return any(self.families)


@lru_cache(maxsize=64)
def facts(ruleset: Ruleset) -> Facts:
    """The variant facts of `ruleset`, derived from its suits' properties."""
    kinds = ruleset.kinds
    owners: dict[str, int] = {}
    for k in kinds:
        for c in k.clue_colours:
            owners[c] = owners.get(c, 0) + 1
    fams = tuple(family(k, len(k.clue_colours) == 1 and owners[k.clue_colours[0]] > 1)
                 for k in kinds)
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
    unread = sorted({f for f in fams if f and f not in PAGES})
    why = ""
    if ruleset.special is not None or unread:
        missing = [f"{f}: {UNREAD.get(f, 'its page is not read')}" for f in unread]
        if ruleset.special is not None:
            missing.append("a special rank")
        if ruleset.special is not None or unread != ["Ambiguous"]:
            missing.append("H-Group's variant pages add rules this reader does not have")
        why = f"no convention reading for this variant ({'; '.join(missing)})"
    return Facts(fams, why, tuple(other), save_colour, frozenset(dark),
                 frozenset(loaded_ranks), frozenset(loaded_colours), null, frozenset(inverted), dark_omni)


def promised(game: Game, rank: int, on_chop: bool = False) -> int:
    """The identities a rank clue's focus may be: the Pink Promise (a card touched by
    every rank, focused by a rank clue, is that rank) rules out pink-like cards of other
    ranks; not Dark Omni or Gray Pink ones on the chop (their page's Fake Saves). Every
    identity when the clue names a colour."""
    space = game.space
    if not rank:
        return space.all
    f = facts(game.ruleset)
    return space.all & ~(f.other_ranks[rank] & ~f.dark_omni if on_chop else f.other_ranks[rank])


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


def null_five(table: Table, giver: int) -> tuple[str, int, int, int] | None:
    """Null 5 Tech (Null page): a 5 clue that is not a 5 Save or a 5's Chop Move, while a
    null card is still to be played, speaks to the player after the giver: loaded, they
    play their rightmost card with no positive clue (their rightmost chop-moved card
    when they have one; the Loaded 5 Null Play Clue), else their chop is moved (the
    Null 5 Chop Move). (convention, player, slot, deck card), or None when the tech is
    off. The Double Save is not read."""
    f = facts(table.game.ruleset)
    if not f.null or all_trash(f.null, table.status):
        return None
    bob = (giver + 1) % len(table.game.players)
    hand = table.state.hands[bob]
    if loaded([table.hinted[c] for c in hand], table.status):
        moved = [s for s, c in enumerate(hand) if c in table.moved]
        free = moved or [s for s, c in enumerate(hand) if not table.touched[c]]
        return (NULL_FIVE_PLAY, bob, free[-1], hand[free[-1]]) if free else None
    chop = table.chop(bob)
    return None if chop is None else (NULL_FIVE_MOVE, bob, chop, hand[chop])
