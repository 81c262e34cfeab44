"""Playing a puzzle: the moves a learner may pick, whether a pick is one of the puzzle's
answers, and the words the page and `nova-replay puzzles --play` say. Nothing here
judges a move: the answers were found by the analysis when the puzzle was made."""

from __future__ import annotations

from ..record.actions import ruleset_of
from ..rules.cards import SUITS, parse_card, rank_text
from ..rules.rulesets import Ruleset
from ..rules.words import words
from .puzzles import Move, Puzzle, SeenCard
from .text import printable

MAX_SHOWN = 6  # a card's possibilities are listed up to this many, else counted


def choices(p: Puzzle) -> list[Move]:
    """The moves a learner may pick: play or discard each of their slots, or a hint of
    a suit or a rank that touches another player's hand."""
    rules = ruleset_of(p.ruleset)
    hint = words(rules).hint
    mine = next(h for h in p.position.hands if h.yours)
    moves = [Move(type=kind, slot=c.slot, text=f"{kind} slot {c.slot}")
             for kind in ("play", "discard") for c in mine.cards]
    for hand in p.position.hands:
        if hand.yours:
            continue
        shown = [c.card for c in hand.cards if c.card and c.card[-1] in SUITS]  # no jokers
        for suit in sorted({c[-1] for c in shown}):
            moves.append(Move(type="hint", to=hand.player, suit=suit,
                              text=f"{hint} {rules.suit_name(rules.suits.index(suit))} to "
                                   f"{hand.player}"))
        for rank in sorted({1 if c[:-1] == "A" else int(c[:-1]) for c in shown}):
            moves.append(Move(type="hint", to=hand.player, rank=rank,
                              text=f"{hint} {rank_text(rank, shown[0][-1])}s to {hand.player}"))
    return moves


def same_move(a: Move, b: Move) -> bool:
    if a.type != b.type:
        return False
    if a.type == "hint":
        return (a.to, a.suit, a.rank) == (b.to, b.suit, b.rank)
    return a.slot == b.slot


def is_answer(p: Puzzle, picked: Move) -> bool:
    return any(same_move(picked, a.move) for a in p.answers)


def card_text(text: str, rules: Ruleset) -> str:
    """A card of the puzzle file ('5W') as the game's players write it ('5P' in a
    hanab.live game, whose fifth suit is purple; '3♥' in Nova): the notes' words."""
    return rules.card_text(parse_card(text))


def knowledge_text(card: SeenCard, rules: Ruleset) -> str:
    """What the viewer knows of one of their own cards: 'clued, 3♦ or 4♦' or 'any of 16'."""
    shown = [card_text(c, rules) for c in card.could_be]
    what = " or ".join(shown) if len(shown) <= MAX_SHOWN else f"any of {len(shown)}"
    return ("clued, " if card.touched else "") + what


def counters_text(p: Puzzle) -> str:
    """The counters in the ruleset's words: clues and strikes (Hanabi), coins and lives."""
    pos, rules = p.position, ruleset_of(p.ruleset)
    w = words(rules)
    return (f"score {pos.score} · {w.coins(pos.coins)} · {w.lives_left(pos.lives, rules.lives)}"
            f" · draw pile {pos.draw_pile}")


def title_of(p: Puzzle) -> str:
    """A puzzle's title for a list: its game's title (or file name), turn and player."""
    game = p.source.title or p.source.file.rsplit("/", 1)[-1].removesuffix(".json")
    return f"{game}, turn {p.source.turn}: {p.viewer} to move"


def position_text(p: Puzzle) -> str:
    """The position as a player at the table sees it, in lines."""
    pos, rules = p.position, ruleset_of(p.ruleset)
    rows = "  ".join(f"{rules.suit_letter(rules.suits.index(s))} {h}"
                     for s, h in pos.rows.items())
    lines = [title_of(p), f"You are {p.viewer}. {p.question}", f"Rows: {rows}",
             counters_text(p).capitalize(),
             f"Discards: {' '.join(card_text(d, rules) for d in pos.discards) or 'none'}"]
    for hand in pos.hands:
        if hand.yours:
            cards = [f"  slot {c.slot}: {knowledge_text(c, rules)}" for c in hand.cards]
            lines += [f"{hand.player} (you):", *cards]
        else:
            cards = [card_text(c.card, rules) + ("*" if c.touched else "") if c.card else "?"
                     for c in hand.cards]
            lines.append(f"{hand.player}: {' '.join(cards)}   (* = clued)")
    return "\n".join(_one_line(lines))


def _one_line(lines: list[str]) -> list[str]:
    """Each line as the terminal may show it: a puzzle's title, question, names and notes
    are its file's text, so their control characters are escapes and none can start a
    line of its own (as `replay` shows a log's texts)."""
    return [printable(line, one_line=True) for line in lines]


def verdict_lines(p: Puzzle, picked: Move) -> list[str]:
    """What is revealed once a move is picked: right or not, what the game's player did
    and what the analysis said of it, the answers, and a convention player's move (only
    when it is one of the answers: the text never contradicts itself)."""
    if same_move(picked, p.taken):
        head = f"{picked.text}: that is what {p.viewer} did in the game, and it was a fault."
    elif is_answer(p, picked):
        head = f"Yes: {picked.text} is the answer."
    else:
        head = f"{picked.text}: not the answer."
    taken = (f"In the game, {p.viewer} chose: {p.taken.text}"
             + (f" ({card_text(p.taken.card, ruleset_of(p.ruleset))})" if p.taken.card else "")
             + f"; max score after it {p.max_score_taken}.")
    lines = [head, taken, *[f"  {n.severity}: {n.message}" for n in p.findings],
             "The answer" + (" (any of these)" if len(p.answers) > 1 else "") + ":"]
    lines += [f"  {a.move.text}: {a.why} (max score after it {a.max_score})" for a in p.answers]
    if p.convention:
        lines.append(p.convention)
    return _one_line(lines)
