"""Plain-text views of an analysis: the summary, the notes turn by turn, and
knowledge grids (suits x ranks per card) for `analyze --turn` and `replay --knowledge`."""

from __future__ import annotations

from ..review.analysis import Analysis
from ..review.knowledge import CardKnowledge, knows_exactly, knows_playable, knows_trash
from ..review.status import Status
from ..rules.cards import SUITS, rank_text
from .report import report_summary

TIERS = ("hinted", "deduced", "common")


def summary_text(a: Analysis) -> str:
    s = a.summary
    game = a.record.game
    lost = (f"a perfect show was impossible from turn {s.perfect_lost_turn}"
            if s.perfect_lost_turn is not None else "a perfect show stayed possible throughout")
    eff = f"{s.efficiency:.2f} cards per hint" if s.efficiency is not None else "no hints given"
    recorded = report_summary(a).hanablive_score
    differs = ([f"hanab.live records a score of {recorded} for this game (0 for a strikeout "
                f"or a stopped game); ours is {s.score}."]
               if recorded is not None and recorded != s.score else [])
    return "\n".join([
        f"{game.ruleset.title}, {len(game.players)} players ({', '.join(game.players)}): "
        f"score {s.score} of {s.perfect_score}, max score at the end {s.max_score}; {lost}.",
        f"Blunders {s.blunders}, mistakes {s.mistakes}, good moves {s.good}; wasted hints "
        f"{s.wasted_hints} of {s.hints}; efficiency {eff}.",
        *differs,
    ])


def notes_text(a: Analysis) -> str:
    """Every teaching note in turn order, each with the clock at that turn."""
    lines = []
    for f in a.findings:
        c = a.clock[f.turn]
        lines.append(f"Turn {f.turn:>3}  [{f.severity}] {f.message}  "
                     f"(pile {c.draw_pile}, pace {c.pace}, max {c.max_score})")
    return "\n".join(lines) if lines else "No notes: nothing to flag in this game."


def _badges(k: CardKnowledge, st: Status, ids_bit: int, chop: bool) -> str:
    marks = []
    if knows_playable(k, st):
        marks.append("P")
    if knows_trash(k, st):
        marks.append("T")
    if knows_exactly(k):
        marks.append("E")
    if st.critical & ids_bit:
        marks.append("C")
    if k.touched:
        marks.append("H")
    if chop:
        marks.append("chop")
    return ",".join(marks)


def hand_grid(a: Analysis, turn: int, player: int, tier: str = "deduced",
              hide_truth: bool = False) -> list[str]:
    """One player's hand after `turn`: each card's truth, badges and a grid of the
    tier's possibilities ('*' the truth, 'o' possible, '.' ruled out)."""
    game, ids = a.record.game, a.ids
    rules = game.ruleset
    st = a.knowledge.statuses[turn]
    hand = a.knowledge.of(turn, player)
    chop = a.chop(turn, player)
    pad = max(len(SUITS[letter].symbol) for letter in rules.suits)  # variant keys: Ra, Nu1
    width = rules.max_rank + pad + 3
    blocks: list[list[str]] = []
    for slot, k in enumerate(hand):
        truth = ids.of_card[k.card]
        mask = getattr(k, tier)
        badges = _badges(k, st, 1 << truth, slot == chop)
        shown = "??" if hide_truth else game.card_text(k.card)
        block = [f"{slot + 1}:{shown}", f"{badges}" if badges else "",
                 " " * (pad + 1) + "".join(rank_text(r, rules.suits[0])[0] for r in rules.ranks)]
        for s, letter in enumerate(rules.suits):
            cells = []
            for r in rules.ranks:
                i = s * rules.max_rank + r - 1
                if i == truth and not hide_truth:
                    cells.append("*")
                else:
                    cells.append("o" if (mask >> i) & 1 else ".")
            block.append(f"{SUITS[letter].symbol:<{pad}} {''.join(cells)}")
        if ids.joker >= 0:
            j = ids.joker
            cell = "*" if j == truth and not hide_truth else ("o" if (mask >> j) & 1 else ".")
            block.append(f"JK {cell}")
        blocks.append([line.ljust(width) for line in block])
    lines = [f"{game.players[player]} ({tier}):"]
    for row in zip(*blocks, strict=True):
        lines.append("  " + "  ".join(row).rstrip())
    return lines


def knowledge_text(a: Analysis, turn: int, tier: str = "deduced") -> str:
    """Every hand after `turn` as knowledge grids, with a legend."""
    lines = [f"Knowledge after turn {turn} ({tier} tier). '*' the card, 'o' possible, "
             f"'.' ruled out; P knows playable, T knows trash, E knows exactly, "
             f"C critical, H hinted."]
    for p in range(len(a.record.game.players)):
        lines.extend(hand_grid(a, turn, p, tier))
    return "\n".join(lines)


def knowledge_lines(a: Analysis, turn: int) -> list[str]:
    """A compact line per player for `replay --knowledge`: each card and what its
    holder could deduce about it."""
    game, ids = a.record.game, a.ids
    st = a.knowledge.statuses[turn]
    out = ["  Knowledge (deduced):"]
    for p, name in enumerate(game.players):
        parts = []
        for k in a.knowledge.of(turn, p):
            options = ids.members(k.deduced)
            known = ("/".join(ids.show(i) for i in options) if len(options) <= 3
                     else f"{len(options)} possible")
            flag = " P" if knows_playable(k, st) else (" T" if knows_trash(k, st) else "")
            parts.append(f"{game.card_text(k.card)} [{known}{flag}]")
        out.append(f"    {name}: " + "  ".join(parts))
    return out
