"""H-Group's learning path as data: which convention is learned at which level, and
the page that teaches it (hanabi.github.io, "docs/beginner/*.mdx" and "docs/level-*.mdx").

The reader asks `Conventions.knows(name)` and never compares level numbers itself, so
moving a convention to another level is a change of this table alone.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

SITE = "https://hanabi.github.io"

# name -> (level, page): the level H-Group's learning path teaches it at.
CONVENTIONS: dict[str, tuple[int, str]] = {
    "chop": (1, "/docs/beginner/chop"),
    "single card focus": (1, "/docs/beginner/single-card-focus"),
    "good touch": (1, "/docs/beginner/good-touch-principle"),
    "play clue": (1, "/docs/beginner/play-clues"),
    "5 save": (1, "/docs/beginner/5-save"),
    "2 save": (1, "/docs/beginner/2-save"),
    "critical save": (1, "/docs/beginner/critical-save"),
    "minimum clue value": (1, "/docs/beginner/minimum-clue-value-principle"),
    "delayed play clue": (1, "/docs/beginner/delayed-play-clues"),
    "prompt": (1, "/docs/beginner/prompt"),
    "finesse": (1, "/docs/beginner/finesse"),
    "early game": (1, "/docs/beginner/early-game"),
    "tempo clue": (1, "/docs/beginner/other-general-strategy"),
    "5 stall": (2, "/docs/level-2#the-5-stall-cluing-off-chop-5s"),
    "self-finesse": (2, "/docs/level-2#the-self-finesse"),
    "double finesse": (2, "/docs/level-2#the-double-finesse"),
    "reverse finesse": (2, "/docs/level-2#the-reverse-finesse"),
    "fix clue": (3, "/docs/level-3#the-fix-clue"),
    "sarcastic discard": (3, "/docs/level-3#the-sarcastic-discard-sd"),
    "playing multiple 1s": (3, "/docs/level-3#playing-multiple-1s"),
    "trash chop move": (4, "/docs/level-4#the-trash-chop-move-tcm"),
    "5's chop move": (4, "/docs/level-4#the-5s-chop-move-5cm"),
    "hidden finesse": (5, "/docs/level-5#the-hidden-finesse"),
    "order chop move": (4, "/docs/level-4#the-order-chop-move-ocm"),
    "layered finesse": (5, "/docs/level-5#the-layered-finesse"),
    "clandestine finesse": (5, "/docs/level-5#the-clandestine-finesse"),
    "queued finesse": (5, "/docs/level-5#the-queued-finesse"),
    "ambiguous finesse": (5, "/docs/level-5#the-ambiguous-finesse"),
    "bluff": (11, "/docs/level-11#the-bluff"),
}
# The variant conventions a reading may rest on (name -> page on the variant pages, `variants`
# reads them), for the findings' links.
VARIANT_SITE = SITE + "/docs/variant-specific"
VARIANT_CONVENTIONS: dict[str, str] = {
    "brown save": "/brown#brown-saves",
    "muddy rainbow save": "/muddy-rainbow-cocoa-rainbow#muddy-rainbow-saves",
    "cocoa rainbow save": "/muddy-rainbow-cocoa-rainbow#cocoa-rainbow-saves",
    "loaded play clue": "#the-always-loaded-principle-alp",
    "null 5 chop move": "/null#the-null-5-chop-move",
    "pseudo 5 save": "/dark-omni-gray-pink#pseudo-5-saves",
    "fake save": "/dark-omni-gray-pink#fake-saves",
    "loaded 5 null play clue": "/null#the-loaded-5-null-play-clue",
    "pseudo 2 save": "/special-fives#special-5-saves-for-pink-fives",
    "brown-fives 5 save": "/special-fives#special-5-saves-for-brown-fives",
    "null 4 chop move": "/special-fives#null-4-tech",
    "ambiguous tempo clue": "#the-ambiguous-tempo-clue",
    "red fix clue": "/special-ones#red-fix-clue",
    "4 save": "/critical-fours#the-4-save",
    "odd 5 save": "/odds-and-evens#odd-clues-are-5-saves",
    "even 2 save": "/odds-and-evens#even-clues-are-2-saves",
}
# The levels a reading may assume: 1 to 5, and 11 for the bluff (levels 6 to 10 add
# conventions this reader does not have, so it does not offer them).
LEVELS = (1, 2, 3, 4, 5, 11)
# The highest level the reader reads: level 5 (its hidden, layered, clandestine, queued
# and ambiguous finesses; docs/conventions.md says what of levels 1 to 5 is not read).
DEFAULT_LEVEL = 5


class ConventionsError(ValueError):
    """A `--conventions` value that is not `none` or `h-group:N` with a supported N."""


@dataclass(frozen=True)
class Conventions:
    """The conventions a reading assumes: H-Group up to `level`."""

    level: int = DEFAULT_LEVEL
    name: str = "h-group"

    def knows(self, convention: str) -> bool:
        """Whether players at this level play by `convention` (a key of CONVENTIONS)."""
        return convention in self.known

    @cached_property
    def known(self) -> frozenset[str]:
        """The conventions of levels up to this one (the reader asks at every clue)."""
        return frozenset(name for name, (level, _) in CONVENTIONS.items() if level <= self.level)

    def __str__(self) -> str:
        return f"{self.name}:{self.level}"


def page(convention: str) -> str:
    """The H-Group page that teaches `convention` (a level's, or a variant page's)."""
    tail = VARIANT_CONVENTIONS.get(convention)
    return VARIANT_SITE + tail if tail is not None else SITE + CONVENTIONS[convention][1]


def parse_conventions(text: str) -> Conventions | None:
    """`h-group:N` (N one of LEVELS), `h-group` (level DEFAULT_LEVEL) or `none` (None)."""
    value = text.strip().lower()
    if value == "none":
        return None
    name, _, level = value.partition(":")
    if name != "h-group" or (level and not level.isdigit()):
        raise ConventionsError(f"expected --conventions h-group:N (N one of "
                               f"{', '.join(map(str, LEVELS))}) or none, found {text!r}")
    number = int(level) if level else DEFAULT_LEVEL
    if number not in LEVELS:
        raise ConventionsError(f"H-Group level {number} is not read: expected one of "
                               f"{', '.join(map(str, LEVELS))} (found {text!r})")
    return Conventions(number)
