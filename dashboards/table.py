"""What one moment of a game shows, as plain data: the table (rows, coins, lives,
draw pile, discards, the action in words) and what each card's holder knows of it.

Pure functions of the analysis, a turn and the review options; `payload` gathers
them for every turn and the browser (assets/review.js) draws them as text.
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from typing import Any

from nova_replay.knowledge.flags import card_flags
from nova_replay.knowledge.perspective import Perspective
from nova_replay.knowledge.status import final_turns_left
from nova_replay.knowledge.tiers import CardKnowledge
from nova_replay.record.hanablive import card_notes
from nova_replay.review.analysis import Analysis
from nova_replay.rules.cards import Card
from nova_replay.rules.engine import is_misfire
from nova_replay.rules.game import Discard, Hint
from nova_replay.rules.rulesets import Ruleset
from nova_replay.rules.words import plural, words
from nova_replay.views.text import describe_turn

from .links import TIERS as TIERS  # its home is links.py (layout.py reads it here)

JOKER_COLOUR = "#6a1b9a"


@dataclass(frozen=True)
class ViewOptions:
    """How the reviewer looks at the game: which knowledge tier, whose eyes (None =
    the reviewer, who sees every card), and whether the future is hidden."""

    tier: str = "deduced"
    viewer: int | None = None
    no_spoilers: bool = False

    def perspective(self, turn: int | None = None) -> Perspective:
        """The viewer's eyes at `turn`: the rules of what they may see live there."""
        return Perspective(self.viewer, turn, spoilers=not self.no_spoilers)

    def hides(self, player: int) -> bool:
        return self.perspective().hides_hand(player)

    def tier_for(self, player: int) -> str:
        """The tier drawn for `player`'s cards (`Perspective.tier_for`)."""
        return self.perspective().tier_for(player, self.tier)

    def knowledge_for(self, player: int, k: CardKnowledge) -> CardKnowledge:
        """`k` as the viewer may know it (`Perspective.knowledge_for`)."""
        return self.perspective().knowledge_for(player, k)


def card_colour(card: Card, rules: Ruleset) -> str:
    """A card's colour on screen: its suit's, as the game's ruleset draws it."""
    if card.is_joker:
        return JOKER_COLOUR
    return rules.suit_colour(rules.suits.index(card.suit))


def _luminance(colour: str) -> float:
    """WCAG 2's relative luminance of '#rrggbb'."""
    def channel(c: int) -> float:
        v = c / 255
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4
    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def contrast(a: str, b: str = "#ffffff") -> float:
    """WCAG 2's contrast ratio of two '#rrggbb' colours (1 to 21)."""
    la, lb = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


TEXT_CONTRAST = 4.5  # WCAG AA for text
PALE_CONTRAST = 2.8  # a grey paler than this vanishes on white (Null, White, Omni)
PALE_CHROMA = 48  # ... and a colour this grey has no hue to tell it by (yellow has)


def ink(colour: str) -> str:
    """`colour` darkened (in steps, keeping its hue) until text of it on white reaches
    TEXT_CONTRAST: Null's #eeeeee becomes a readable grey, red stays red."""
    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    out = colour
    while contrast(out) < TEXT_CONTRAST:
        r, g, b = (int(x * 0.9) for x in (r, g, b))
        out = f"#{r:02x}{g:02x}{b:02x}"
    return out


def suit_look(colour: str, name: str) -> dict[str, Any]:
    """How a suit is drawn: its colour (fills, grid cells), its ink (text and outline,
    readable on white) and whether it is pale (Null, White: drawn with a dark dashed
    outline and a hatched fill, since its colour alone would vanish on white)."""
    channels = [int(colour[i:i + 2], 16) for i in (1, 3, 5)]
    pale = contrast(colour) < PALE_CONTRAST and max(channels) - min(channels) < PALE_CHROMA
    return {"colour": colour, "ink": ink(colour), "pale": pale, "name": name}


def special_words(rules: Ruleset) -> str | None:
    """What a variant's special rank does, for the mark on its cards ('1s: touched by
    every colour'), or None."""
    sp = rules.special
    if sp is None:
        return None
    what = [w for on, w in ((sp.all_colours, "every colour clue"), (sp.no_colours, "no colour clue"),
                            (sp.all_ranks, "every rank clue"), (sp.no_ranks, "no rank clue")) if on]
    return f"special {rules.rank_text(sp.rank)}s: touched by {' and '.join(what)}"


def move_text(analysis: Analysis, turn: int) -> str:
    """The move of `turn` in a few words, for the move list: who and what, with the
    card a play or discard showed to everyone (never the card drawn)."""
    timeline = analysis.timeline
    game = timeline.game
    if turn == 0:
        return "the deal"
    before, after = timeline[turn - 1], timeline[turn]
    action = timeline.actions[turn - 1]
    actor = game.players[before.player(game)]
    w = words(game.ruleset)
    if isinstance(action, Hint):
        return f"{actor} {w.hints} {game.describe_hint(action)} to {game.players[action.to]}"
    shown = game.card_text(action.card)
    if isinstance(action, Discard):
        return f"{actor} discards {shown}"
    if is_misfire(action, before, after):
        return f"{actor} plays {shown}: {w.misfire}"
    return f"{actor} plays {shown}"


def action_text(analysis: Analysis, turn: int, options: ViewOptions) -> str:
    """The action of `turn` in words; as player X, the card X drew stays unsaid."""
    timeline = analysis.timeline
    if turn == 0:
        return f"Turn 0: the deal ({timeline.game.hand_size} cards each)."
    return f"Turn {turn}: {describe_turn(timeline, turn, options.perspective(turn))}"


def counter_words(analysis: Analysis) -> dict[str, Any]:
    """The counters' labels in the game's words (Nova: coins, lives; Hanabi: clues,
    strikes), and a hanab.live variant's clues, which exist the whole game."""
    rules = analysis.record.game.ruleset
    w = words(rules)
    extra = []
    if rules.kinds:
        colours = ", ".join(rules.clue_colours) or "none"
        ranks = ", ".join(map(str, rules.clue_ranks)) or "none"
        extra.append(["Clues", f"{colours}; ranks {ranks}", "variant-clues",
                      f"{rules.variant}: clue colours {colours}; rank clues {ranks}"])
    return {"coins": f"{w.coin.capitalize()}s", "coin": f"{w.coin}s",
            "lives": "Strikes" if w.strikes else "Lives", "strikes": w.strikes, "extra": extra,
            "hint": w.hint, "misfire": w.misfire}


def counter_texts(analysis: Analysis, turn: int) -> tuple[str, str | None]:
    """The lives counter's words ('1 life left', '2 strikes') and the final round's
    ('1 turn left'; None before it and once play has ended)."""
    rules = analysis.record.game.ruleset
    state = analysis.timeline[turn]
    turns = final_turns_left(state)
    return (words(rules).lives_left(state.lives, rules.lives),
            f"{plural(turns, 'turn')} left" if turns else None)


def notes_on(analysis: Analysis, card: int, options: ViewOptions) -> list[str]:
    """Players' notes on a card (hanab.live exports), as 'who: note'; as player X only
    X's own (the others' were private)."""
    game = analysis.record.game
    viewer = None if options.viewer is None else game.players[options.viewer]
    # hanab.live keeps notes HTML-escaped ('&gt;'): shown as the players typed them
    return [f"{who}: {html.unescape(note)}" for who, note in card_notes(analysis.record.log).get(card, ())
            if viewer is None or who == viewer]


def comment_of(analysis: Analysis, turn: int) -> str | None:
    """The log's comment on `turn`'s action; None when it is the lesson's own text,
    which the lesson panel shows already (said once)."""
    if turn == 0:
        return None
    comment = analysis.record.log.actions[turn - 1].comment
    meta = analysis.record.log.meta
    if comment and meta and meta.lesson and comment.strip() == meta.lesson.text.strip():
        return None
    return comment


# The badges a card can carry, in the order they are shown: key -> (text, CSS class).
BADGES = {"playable": ("knows playable", "b-playable"), "trash": ("knows trash", "b-trash"),
          "exact": ("knows exactly", "b-exact"), "critical": ("critical", "b-critical"),
          "chop": ("chop", "b-chop")}


def badges(analysis: Analysis, turn: int, player: int, slot: int, k: CardKnowledge,
           options: ViewOptions) -> tuple[str, ...]:
    """What the holder knows of the card (as `options.knowledge_for` lets the viewer
    see it), whether it is critical (never on the viewer's own cards), and the chop:
    keys of BADGES."""
    flags = card_flags(options.knowledge_for(player, k), analysis.knowledge.statuses[turn],
                       analysis.ids.of_card[k.card], analysis.chop(turn, player) == slot,
                       own=options.hides(player))
    return tuple(f for f in flags if f in BADGES)


def discard_groups(analysis: Analysis, turn: int
                   ) -> list[tuple[str, list[tuple[str, bool, str, int]]]]:
    """The discard pile (misfires too) by suit, jokers last ("*"), lowest rank first:
    (suit letter, [(card text, lost critical card, its rank as a chip under its suit
    shows it, the turn it was thrown: a link goes there)])."""
    game = analysis.record.game
    rules = game.ruleset
    lost = analysis.lost_cards(turn)
    thrown = {a.card: k for k, a in enumerate(analysis.timeline.actions[:turn], start=1)
              if not isinstance(a, Hint)}
    groups: dict[str, list[tuple[str, bool, str, int]]] = {s: [] for s in rules.suits}
    jokers: list[tuple[str, bool, str, int]] = []
    for c in sorted(analysis.timeline[turn].discards, key=lambda c: game.rank_of[c]):
        card = game.deck[c]
        text = game.card_text(c)
        if card.is_joker:
            jokers.append((text, c in lost, text, thrown[c]))
        else:
            groups[card.suit].append((text, c in lost, rules.rank_text(card.rank), thrown[c]))
    return [*groups.items(), *([("*", jokers)] if jokers else [])]


def strike_turns(analysis: Analysis, turn: int) -> list[int]:
    """The turns up to `turn` that cost a life or a strike (a misfire, `is_misfire`):
    the lives counter links to them."""
    tl = analysis.timeline
    return [k for k, a in enumerate(tl.actions[:turn], start=1)
            if is_misfire(a, tl[k - 1], tl[k])]


def viewer_note(name: str, tier: str) -> str:
    """Why, as player X, other players' knowledge is not their own deductions."""
    what = "others shown as common knowledge" if tier == "deduced" else (
        "others' badges use common knowledge")
    return (f"{what} while viewing as {name}: their own deductions would tell what "
            f"{name} holds.")


# hanab.live's one-letter abbreviations where a suit's is not the first letter of its
# name (its suits.json "abbreviation", else its colors.json colour's: Black K, Pink I,
# Brown N; github.com/Hanabi-Live/hanabi-live, packages/game/src/suitsInit.ts). These
# letters are what its colour-blind mode writes on a card and what players type in notes.
HANABLIVE_ABBREVIATIONS = {
    "black": "K", "pink": "I", "brown": "N", "rainbow": "M", "null": "U",
    "muddy rainbow": "M", "light pink": "I", "prism": "I", "dark rainbow": "M",
    "dark pink": "I", "gray": "A", "dark brown": "N", "dark omni": "O", "dark null": "U",
    "cocoa rainbow": "M", "gray pink": "I", "dark prism": "I",
}


def suit_labels(rules: Ruleset) -> list[tuple[str, str]]:
    """Each suit's (name, short form) as players see them: a hanab.live variant's suit
    by its display name ("Tomato", "Muddy Rainbow"; an "EA" suit without its tag) and
    its one-letter abbreviation (two letters where two suits of the variant share one),
    never its id ("AR1", "BrRa"); any other suit by its name and its own symbol."""
    if not rules.kinds and not rules.variant:
        return [(rules.suit_name(i), rules.suit_letter(i)) for i in range(len(rules.suits))]
    names = [rules.suit_name(i).removesuffix(" ea").title() for i in range(len(rules.suits))]
    short = [HANABLIVE_ABBREVIATIONS.get(rules.suit_name(i), names[i][0].upper())
             for i in range(len(rules.suits))]
    return [(name, letter if short.count(letter) == 1 else name[:2])
            for name, letter in zip(names, short, strict=True)]
