"""The words of each ruleset (docs/definitions.md, "words of the game"): Nova says coins, lives,
hints and misfires; Hanabi says clues, strikes, clues and misplays. Every view and
message asks here, so a Hanabi game never reads like a Nova one.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from .rulesets import Ruleset


def plural(n: int, one: str, many: str | None = None) -> str:
    """'1 turn', '2 turns', '1 life', '2 lives'."""
    return f"{n} {one if n == 1 else (many or one + 's')}"


@dataclass(frozen=True)
class Words:
    """One ruleset's words for its tokens and moves."""

    game: str  # "Nova", "Hanabi": the ruleset's name as written in a sentence
    coin: str  # the token a hint costs
    hint: str  # the noun
    hints: str  # the verb, third person: "Anna hints ..."
    hinted: str
    misfire: str  # the noun
    misfires: str  # the verb, third person
    misfired: str
    strikes: bool  # counts strikes taken (Hanabi) rather than lives left (Nova)
    perfect: str = "perfect show"  # every row complete: Nova's show, Hanabi's perfect score
    halves: bool = False  # coins count half clues (Clue Starved, `Ruleset.hint_cost`)

    def coins(self, n: int) -> str:
        """'1 coin', '8 clues'; in Clue Starved, whose coins are half clues, '7.5 clues'."""
        if self.halves:
            return f"{n // 2}{'.5' if n % 2 else ''} {self.coin}{'' if n == 2 else 's'}"
        return plural(n, self.coin)

    def lives_left(self, lives: int, total: int) -> str:
        """'1 life left' (Nova) or '2 strikes' (Hanabi)."""
        if self.strikes:
            return plural(total - lives, "strike")
        return plural(lives, "life", "lives") + " left"

    @property
    def last_life(self) -> str:
        """What the third misfire costs, after 'lost' / 'got'."""
        return "the third strike" if self.strikes else "the last life"


NOVA_WORDS = Words("Nova", "coin", "hint", "hints", "hinted", "misfire", "misfires",
                   "misfired", strikes=False)
HANABI_WORDS = Words("Hanabi", "clue", "clue", "clues", "clued", "misplay", "misplays",
                     "misplayed", strikes=True, perfect="perfect score")


def words(ruleset: Ruleset) -> Words:
    """The words of `ruleset`'s game."""
    if ruleset.name != "hanabi":
        return NOVA_WORDS
    return _HALVES if ruleset.hint_cost == 2 else HANABI_WORDS


_HALVES = replace(HANABI_WORDS, halves=True)
