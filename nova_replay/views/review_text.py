"""Plain-text views of an analysis: the summary, the notes turn by turn, and
knowledge grids (suits x ranks per card) for `analyze --turn` and `replay --knowledge`.

Each takes a `Perspective` (default: the reviewer, who sees everything); as player X
(`--as X`) it shows what X may see, by the rules of `review.perspective`."""

from __future__ import annotations

from collections.abc import Mapping

from ..conventions import GameReading, MoveReading
from ..knowledge.flags import card_flags
from ..knowledge.perspective import REVIEWER, Perspective, hidden_note
from ..knowledge.status import Status
from ..knowledge.tiers import CardKnowledge, knows_playable, knows_trash
from ..review.analysis import Analysis, Finding
from ..review.evaluation import Evaluation, figure_text
from ..review.projection import project
from ..review.vocabulary import Severity
from ..rules.cards import SUITS, rank_text
from ..rules.engine import TERMINATED, Timeline
from ..rules.identities import IdentitySpace
from ..rules.words import words
from ..solver.decks import deck_winnable
from .report import report_summary
from .text import describe_turn, game_text

TIERS = ("hinted", "deduced", "common")


def summary_text(a: Analysis, seen: Perspective = REVIEWER) -> str:
    """The score and the counts of notes. As player X the counts leave out the notes
    hidden from X (counting them would tell their kind), and say how many."""
    s = a.summary
    game = a.record.game
    w = words(game.ruleset)
    # The exact solver dates the loss (`review.loss`); where its budget could not prove
    # the turn, the date is only the latest it can be, and the words say so.
    lost = (f"a {w.perfect} was out of reach from the deal"
            if s.perfect_lost_turn == 0 and s.perfect_lost_exact else
            f"a {w.perfect} was out of reach from turn {s.perfect_lost_turn}"
            if s.perfect_lost_exact and s.perfect_lost_turn is not None else
            f"a {w.perfect} was out of reach by turn {s.perfect_lost_turn} at the latest"
            if s.perfect_lost_turn is not None
            else f"the draw-pile clock never ruled out a {w.perfect}")
    if s.ending == TERMINATED:
        end = (f"the game was stopped after turn {a.timeline.turns}; had play gone on, "
               f"max score {s.max_score}")
    else:
        end = f"max score at the end {s.max_score}"
    eff = (f"{s.efficiency:.2f} cards per {w.hint}" if s.efficiency is not None
           else f"no {w.hint}s given")
    count = project(a, seen).counts()
    blunders, mistakes, info, good = (count.severities[sev] for sev in Severity)
    hidden = ""
    if count.hidden and seen.viewer is not None:
        hidden = (f" {count.hidden} hidden note(s) about "
                  f"{game.players[seen.viewer]}'s cards are not counted.")
    recorded = report_summary(a).hanablive_score
    differs = ([f"hanab.live records a score of {recorded} for this game (0 for a strikeout "
                f"or a stopped game); ours is {s.score}."]
               if recorded is not None and recorded != s.score and seen.spoilers else [])
    return "\n".join([
        f"{game.ruleset.title}, {len(game.players)} players ({', '.join(game.players)}): "
        f"score {s.score} of {s.perfect_score}, {end}; {lost}.",
        f"Blunders {blunders}, mistakes {mistakes}, info notes {info}, good moves {good}; "
        f"wasted {w.hint}s {count.wasted_hints} of {s.hints}; efficiency {eff}.{hidden}",
        *differs,
    ])


def evaluation_text(e: Evaluation, a: Analysis) -> str:
    """Best possible at the deal, the turns that lost points, and the curve."""
    rules = a.record.game.ruleset
    perfect, w = rules.perfect_score, words(rules)
    deal = e.at_deal
    proven = (f"{deal.lower} (proven)" if deal.exact
              else f"{figure_text(deal)} (not proven within the budget)")
    winnable = {True: f"a {w.perfect} was possible", False: f"no {w.perfect} was possible",
                None: f"a {w.perfect} may have been possible"}[
        deck_winnable(deal.lower, deal.upper, perfect)]
    lost = (f"points were lost at turns {', '.join(map(str, e.lost_turns))}" if e.lost_turns
            else "no turn is proven to have lost points")
    return (f"Knowing every card, the deal allowed {proven}: {winnable}; {lost}.\n"
            f"Best possible after each turn: {e.curve_text()}.")


NOTE_INDENT = " " * 10  # under the move, past "Turn  26 ?"


def notes_text(a: Analysis, seen: Perspective = REVIEWER,
               suggested: Mapping[int, str] | None = None) -> str:
    """The moves that have teaching notes, in turn order: one line per move (its turn,
    the glyph of its worst note, what was done, the clock after it), its notes indented
    under it. A note hidden from the viewer (`review.projection`) says only that it is
    there, and gives the move no glyph. After a turn's fault, `suggested[turn]` (what a
    convention player would have done) when given; as player X, only on X's own turns
    (another player's choice rests on what that player saw: X's cards)."""
    game = a.record.game
    by_turn: dict[int, list[Finding | None]] = {}
    for note in project(a, seen).notes:
        by_turn.setdefault(note.turn, []).append(note.finding)
    lines = []
    for turn, found in by_turn.items():
        shown = [f for f in found if f is not None]
        worst = min((f.severity for f in shown), key=lambda sev: sev.order, default=None)
        glyph = worst.glyph if worst is not None else ""
        c = a.clock[turn]
        move = (describe_turn(a.timeline, turn, seen.at(turn)) if turn > 0
                else "The deal.")
        lines.append(f"Turn {turn:>3} {glyph:<2}  {move}  "
                     f"(pile {c.draw_pile}, pace {c.pace}, max {c.max_score})")
        mover = a.timeline[turn - 1].player(game) if turn > 0 else -1
        said: set[str] = set()
        for f in found:
            if f is None:
                assert seen.viewer is not None
                text = f"[hidden] {hidden_note(game.players[seen.viewer])}"
            else:
                text = f"{f.severity}: {f.message}"
            if text not in said:  # two notes in the same words are one line
                lines.append(NOTE_INDENT + text)
                said.add(text)
        faulted = [f for f in shown if f.severity.is_fault and f.player == mover]
        if (suggested and turn in suggested and faulted
                and (seen.viewer is None or seen.viewer == mover)):
            lines.append(f"{NOTE_INDENT}Suggestion: {suggested[turn]}")
    return "\n".join(lines) if lines else "No notes: nothing to flag in this game."


def reading_text(read: GameReading, timeline: Timeline, turn: int,
                 seen: Perspective = REVIEWER) -> str | None:
    """What turn `turn` meant by the conventions, in plain words (None: nothing read).
    As player X, a clue whose focus or called cards X held is said as X could read it
    (what the focus could be), never with X's own cards."""
    r = read.turns[turn] if turn < len(read.turns) else None
    if r is None:
        return None
    if isinstance(r, MoveReading) or seen.viewer is None:
        return r.text
    held = set(timeline[turn - 1].hands[seen.viewer])
    if r.focus in held or any(c in held for x in r.connections
                              for c in (x.card, *x.others)):  # (an ambiguous finesse's copy)
        return r.common
    return r.text


def reading_lines(read: GameReading, timeline: Timeline, turn: int,
                  seen: Perspective = REVIEWER) -> list[str]:
    """The reading of a turn as a replay line (none at the deal or when nothing is read)."""
    text = reading_text(read, timeline, turn, seen)
    if text is None:
        return [f"  ({read.not_read})"] if turn == 0 and read.not_read else []
    return [f"  Reading ({read.conventions}): {text}"]


def readings_text(a: Analysis, seen: Perspective = REVIEWER) -> str:
    """Every clue's reading in turn order (`analyze`); with no spoilers, none after the
    turn looked at."""
    read = a.reading
    assert read is not None
    if read.not_read:
        return f"Clues by {read.conventions}: {read.not_read}."
    last = seen.moment(a.timeline) if not seen.spoilers else a.timeline.turns
    lines = [f"Clues as {read.conventions} reads them (docs/conventions.md):"]
    for t in range(1, last + 1):
        if isinstance(read.turns[t], MoveReading):
            continue
        text = reading_text(read, a.timeline, t, seen)
        if text is not None:
            lines.append(f"Turn {t:>3}  {text}")
    return "\n".join(lines)


MARKS = {"playable": "P", "trash": "T", "exact": "E", "critical": "C", "hinted": "H",
         "chop": "chop"}


def _badges(k: CardKnowledge, st: Status, identity: int, chop: bool, own: bool = False) -> str:
    """P/T/E from `k`'s deduced tier, C critical (unless `own`), H hinted, chop."""
    return ",".join(MARKS[f] for f in card_flags(k, st, identity, chop, own))


def hand_grid(a: Analysis, turn: int, player: int, tier: str = "deduced",
              seen: Perspective = REVIEWER) -> list[str]:
    """One player's hand after `turn`: each card's truth, badges and a grid of the
    tier's possibilities ('*' the truth, 'o' possible, '.' ruled out). As player X:
    X's own cards are '??' without the truth; another player's at `seen.tier_for`."""
    game, ids = a.record.game, a.ids
    hide_truth = seen.hides_hand(player)
    tier = seen.tier_for(player, tier)
    rules = game.ruleset
    st = a.knowledge.statuses[turn]
    hand = a.knowledge.of(turn, player)
    chop = a.chop(turn, player)
    letters = [rules.suit_letter(s) for s in range(len(rules.suits))]
    pad = max(map(len, letters))  # variant keys: Ra, Nu1
    width = rules.max_rank + pad + 3
    blocks: list[list[str]] = []
    for slot, k in enumerate(hand):
        truth = ids.of_card[k.card]
        mask = getattr(k, tier)
        badges = _badges(seen.knowledge_for(player, k), st, truth, slot == chop, hide_truth)
        shown = "??" if hide_truth else game.card_text(k.card)
        block = [f"{slot + 1}:{shown}", f"{badges}" if badges else "",
                 " " * (pad + 1) + "".join(rank_text(r, rules.suits[0])[0] for r in rules.ranks)]
        for s, letter in enumerate(letters):
            cells = []
            for r in rules.ranks:
                i = s * rules.max_rank + r - 1
                if i == truth and not hide_truth:
                    cells.append("*")
                else:
                    cells.append("o" if (mask >> i) & 1 else ".")
            block.append(f"{letter:<{pad}} {''.join(cells)}")
        if ids.joker >= 0:
            j = ids.joker
            cell = "*" if j == truth and not hide_truth else ("o" if (mask >> j) & 1 else ".")
            block.append(f"JK {cell}")
        blocks.append([line.ljust(width) for line in block])
    lines = [f"{game.players[player]} ({tier}):"]
    for row in zip(*blocks, strict=True):
        lines.append("  " + "  ".join(row).rstrip())
    return lines


def knowledge_text(a: Analysis, turn: int, tier: str = "deduced",
                   seen: Perspective = REVIEWER) -> str:
    """Every hand after `turn` as knowledge grids, with a legend."""
    lines = [f"Knowledge after turn {turn} ({tier} tier). '*' the card, 'o' possible, "
             f"'.' ruled out; P knows playable, T knows trash, E knows exactly, "
             f"C critical, H hinted."]
    if seen.viewer is not None:
        lines.append(viewing_note(a.record.game.players[seen.viewer], tier))
    for p in range(len(a.record.game.players)):
        lines.extend(hand_grid(a, turn, p, tier, seen))
    return "\n".join(lines)


def viewing_note(name: str, tier: str) -> str:
    """Why, as player X, the others' knowledge is not their own deductions."""
    what = ("others' cards at the common tier" if tier == "deduced"
            else "others' badges from common knowledge")
    return (f"As {name} sees it: {name}'s own cards are ??; {what}, since their own "
            f"deductions would tell what {name} holds.")


def identities_text(ids: IdentitySpace, mask: int, hinted: int | None = None) -> str:
    """A set of identities, compactly: "any" when no hint has told anything about the
    card (`hinted` is every identity), "2♠/3♠" for up to four, else by suit: "♣A-3 ♥2,4"."""
    if hinted == ids.all:
        return "any"
    members = ids.members(mask)
    if len(members) <= 4:
        return "/".join(ids.show(i) for i in members)
    suits = ids.ruleset.suits
    by_suit: dict[int, list[int]] = {}
    for i in members:
        by_suit.setdefault(ids.suit(i), []).append(ids.card(i).rank if i != ids.joker else 0)
    parts = []
    for s, ranks in by_suit.items():
        if s < 0:
            parts.append("JK")
            continue
        letter = suits[s]
        runs: list[list[int]] = []
        for r in sorted(ranks):  # a reversed suit's identities come 5 first
            if runs and r == runs[-1][-1] + 1:
                runs[-1].append(r)
            else:
                runs.append([r])
        said = ",".join(f"{rank_text(run[0], letter)}-{rank_text(run[-1], letter)}"
                        if len(run) >= 3 else ",".join(rank_text(r, letter) for r in run)
                        for run in runs)
        parts.append(f"{SUITS[letter].symbol}{said}")
    return " ".join(parts)


def hand_line(a: Analysis, turn: int, player: int, seen: Perspective = REVIEWER,
              exact: bool = False) -> str:
    """One hand after `turn` in a line: each card (?? if face down to the viewer) and
    what its holder could deduce (`identities_text`: "any", "R2/R3", "♣A-3 ♥2"; P knows
    playable, T knows trash), another player's as the viewer may know it (`View.hand`).
    `exact` lists the deduced set even where no hint told anything (never "any")."""
    game, ids = a.record.game, a.ids
    st = a.knowledge.statuses[turn]
    parts = []
    for card in project(a, seen.at(turn)).hand(turn, player):
        k = card.knowledge
        known = identities_text(ids.space, k.deduced, None if exact else k.hinted)
        flag = " P" if knows_playable(k, st) else (" T" if knows_trash(k, st) else "")
        shown = "??" if card.card is None else game.card_text(card.card)
        parts.append(f"{shown} [{known}{flag}]")
    return "  ".join(parts)


def knowledge_lines(a: Analysis, turn: int, seen: Perspective = REVIEWER) -> list[str]:
    """A compact line per player for `replay --knowledge`: each card and what its
    holder could deduce about it (as player X: X's own cards ??, the others' at the
    common tier)."""
    game = a.record.game
    if seen.viewer is None:
        head = "  Knowledge (deduced):"
    else:
        name = game.players[seen.viewer]
        head = f"  Knowledge as {name} sees it (own cards deduced, others' common):"
    out = [head]
    for p, name in enumerate(game.players):
        out.append(f"    {name}: " + hand_line(a, turn, p, seen))
    return out


def observation_lines(a: Analysis, turn: int) -> list[str]:
    """What the golden playthroughs record after each turn: the clock, and each
    player's observation of their own hand (their knowledge, as `replay --knowledge
    --as PLAYER` shows it), so a change in knowledge or analysis shows as a diff."""
    c = a.clock[turn]
    lines = [f"  Clock: draw pile {c.draw_pile}, pace {c.pace}, score {c.score}, "
             f"max score {c.max_score}"]
    for p, name in enumerate(a.record.game.players):
        lines.append(f"  Observation of {name}: "
                     + hand_line(a, turn, p, Perspective(p, turn, spoilers=False), exact=True))
    return lines


def playthrough_text(a: Analysis) -> str:
    """A golden playthrough: the `replay` text (the conventions' reading of each turn
    included, as `replay` prints it) with, after each turn's table, the
    `observation_lines` (open_spiel-like: every player's observation and the clock)."""
    read = a.reading

    def more(turn: int) -> list[str]:
        said = reading_lines(read, a.timeline, turn) if read is not None else []
        return said + observation_lines(a, turn)

    return game_text(a.timeline, a.record.log, more=more)
