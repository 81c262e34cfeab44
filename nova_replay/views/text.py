"""Plain-text views of a replay: the table at a turn, and what each turn did."""

from __future__ import annotations

import re
from collections.abc import Callable

from ..knowledge.perspective import REVIEWER, Perspective
from ..knowledge.status import final_turns_left
from ..record.hanablive import card_notes
from ..record.log import GameLog
from ..rules.cards import rank_text
from ..rules.engine import (
    DECK_OUT,
    NO_MORE_POINTS,
    PERFECT,
    STRIKEOUT,
    TERMINATED,
    State,
    Timeline,
    is_misfire,
)
from ..rules.game import Discard, Game, Hint, Play
from ..rules.words import Words, plural, words


def slot_of(hand: tuple[int, ...], card: int) -> int:
    """1-based slot of a card (slot 1 = leftmost = newest)."""
    return hand.index(card) + 1


def row_text(game: Game, suit: int, height: int) -> str:
    letter = game.ruleset.suits[suit]
    top = rank_text(game.ruleset.top_rank(suit, height), letter) if height else "."
    return f"{game.ruleset.suit_letter(suit)} {top}"


def describe_turn(timeline: Timeline, turn: int, seen: Perspective = REVIEWER) -> str:
    """What happened at `turn` (1-based), in one sentence; a card drawn face down
    (the viewer's own, `seen.hides_draw`) is "a card"."""
    game = timeline.game
    before, after = timeline[turn - 1], timeline[turn]
    action = timeline.actions[turn - 1]
    p = before.player(game)
    actor = game.players[p]
    w = words(game.ruleset)
    if isinstance(action, Hint):
        receiver = game.players[action.to]
        hand = before.hands[action.to]
        slots = [slot_of(hand, c) for c in game.touched(action, hand)]
        named = game.describe_hint(action)
        where = "slot" if len(slots) == 1 else "slots"
        text = (f"{actor} {w.hints} {named} to {receiver} ({where} "
                f"{', '.join(map(str, slots))}); {w.coins(after.coins)} left")
    else:
        card = action.card
        slot = slot_of(before.hands[p], card)
        shown = game.card_text(card)
        if isinstance(action, Discard):
            text = f"{actor} discards {shown} from slot {slot}"
        elif is_misfire(action, before, after):
            text = (f"{actor} plays {shown} from slot {slot}: it {w.misfires}, "
                    f"{w.lives_left(after.lives, game.ruleset.lives)}")
        else:
            assert isinstance(action, Play)
            suit = action.row if game.suit_of[card] < 0 else game.suit_of[card]
            height = after.rows[suit]
            letter = game.ruleset.suits[suit]
            as_what = (f" as {rank_text(height, letter)}{game.ruleset.suit_letter(suit)}"
                       if game.suit_of[card] < 0 else "")
            top = rank_text(game.ruleset.top_rank(suit, height), letter)
            text = (f"{actor} plays {shown} from slot {slot}{as_what}: "
                    f"the {game.suit_name(suit)} row is now at {top}")
            if height == game.ruleset.max_rank:
                text += " (complete)"
        if after.drawn > before.drawn:
            drawn = "a card" if seen.hides_draw(timeline, turn) else game.card_text(after.hands[p][0])
            text += f"; draws {drawn}"
    if after.final_turns == len(game.players) and before.final_turns < 0:
        text += "; the draw pile is empty: one more turn each"
    return text + "."


def ending_text(game: Game, state: State) -> str:
    """'Score 18 of 20: the final round ended after turn 45.' and the like."""
    perfect = game.ruleset.perfect_score
    w = words(game.ruleset)
    third = "the third strike came" if w.strikes else "the third life was lost"
    reasons = {
        PERFECT: f"a {w.perfect} at turn {state.turn}",
        STRIKEOUT: (f"{third} at turn {state.turn}"
                    + (" (gentle show: the score is kept)" if game.ruleset.gentle_show
                       else f", so the {'game' if w.strikes else 'show'} scores 0")),
        DECK_OUT: f"the final round ended at turn {state.turn}",
        NO_MORE_POINTS: (f"no point could still be scored after turn {state.turn}, so "
                         f"hanab.live ended the game"),
        TERMINATED: f"the game was terminated after turn {state.turn}",
    }
    if state.ending is None:
        return (f"Score {state.score} of {perfect} after turn {state.turn}: the log stops "
                f"before the game ended.")
    return f"Score {state.score} of {perfect}: {reasons[state.ending]}."


def table_text(game: Game, state: State, seen: Perspective = REVIEWER,
               touched: frozenset[int] = frozenset()) -> list[str]:
    """The table as it stands: rows, coins, lives, draw pile, discards, hands (the
    viewer's own face down, '??'); the cards of `touched` (those the turn's hint
    touched) are marked '*'."""
    rules = game.ruleset
    w = words(rules)
    rows = "  ".join(row_text(game, s, h) for s, h in enumerate(state.rows))
    by_suit: dict[str, list[str]] = {s: [] for s in rules.suits}
    jokers = []
    for c in sorted(state.discards, key=lambda c: game.rank_of[c]):
        card = game.deck[c]
        if card.is_joker:
            jokers.append("JK")
        else:
            by_suit[card.suit].append(rank_text(card.rank, card.suit))
    discards = "  ".join(
        f"{rules.suit_letter(i)} {' '.join(r) if r else '-'}"
        for i, r in enumerate(by_suit.values())
    ) + (f"  JK x{len(jokers)}" if jokers else "")
    width = max(len(name) for name in game.players)
    lives = (f"Strikes {rules.lives - state.lives}/{rules.lives}" if w.strikes
             else f"Lives {state.lives}/{rules.lives}")
    turns = final_turns_left(state)
    lines = [
        f"  Rows      {rows}   (score {state.score} of {rules.perfect_score})",
        f"  {w.coin.capitalize()}s {_count(w, state.coins)}/{_count(w, rules.coins)}   {lives}   "
        f"Draw pile {state.draw_pile(game)}"
        + (f"   Final round: {plural(turns, 'turn')} left" if turns else ""),
        f"  Discards  {discards}",
        "  Hands (slot 1 = newest, on the left"
        + (f"; * the cards the {w.hint} touched):" if touched else "):"),
    ]
    nxt = state.player(game) if not state.over else -1
    for p, name in enumerate(game.players):
        shown = ("??" if c is None else game.card_text(c) for c in seen.hand(state, p))
        cards = " ".join(f"{'*' * (c in touched) + text:>3}"
                         for c, text in zip(state.hands[p], shown, strict=True))
        marker = "  <- to play" if p == nxt else ""
        lines.append(f"    {name:<{width}}  {cards}{marker}")
    return lines


# What a terminal would act on instead of showing: C0 and C1 controls (escape sequences,
# carriage returns, backspaces; CSI is also \x9b) and the bidirectional overrides that
# reorder what follows. A newline and a tab are kept in a text of many lines.
_CONTROLS = "\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069"
_IN_TEXT = re.compile(f"[{_CONTROLS}]")
_IN_LINE = re.compile(f"[{_CONTROLS}\t\n\u2028\u2029]")


def printable(text: str, one_line: bool = False) -> str:
    """`text` safe to print: each control character shown as an escape (\\x1b, \\u202e)
    instead of acting on the terminal; with `one_line`, newlines too, so that a comment or
    title cannot forge a line of its own (a log's texts are anyone's)."""
    pattern = _IN_LINE if one_line else _IN_TEXT
    return pattern.sub(lambda m: m.group().encode("unicode_escape").decode("ascii"), text)


def turn_text(timeline: Timeline, turn: int, log: GameLog | None = None,
              seen: Perspective = REVIEWER) -> list[str]:
    """A turn's heading, its comment if the log has one, and the table after it."""
    game = timeline.game
    if turn == 0:
        head = f"Turn 0: the deal ({game.hand_size} cards each)."
    else:
        head = f"Turn {turn}: {describe_turn(timeline, turn, seen)}"
    lines = [head]
    comment = log.actions[turn - 1].comment if log is not None and turn > 0 else None
    if comment:
        lines.append(f"  Comment: {printable(comment, one_line=True)}")
    touched: frozenset[int] = frozenset()
    if turn > 0 and isinstance(hint := timeline.actions[turn - 1], Hint):
        touched = frozenset(game.touched(hint, timeline[turn - 1].hands[hint.to]))
    return lines + table_text(game, timeline[turn], seen, touched) + card_notes_lines(
        game, timeline[turn], log, seen)


def card_notes_lines(game: Game, state: State, log: GameLog | None,
                     seen: Perspective = REVIEWER) -> list[str]:
    """Players' notes (from a hanab.live export) on the cards in hand now, each shown on
    its card for as long as the card is in hand. As player X, only X's own notes (the
    others' were private), and X's own cards stay face down."""
    notes = card_notes(log) if log is not None else {}
    lines = []
    viewer = None if seen.viewer is None else game.players[seen.viewer]
    for p, name in enumerate(game.players):
        for slot, c in enumerate(state.hands[p], start=1):
            shown = "??" if seen.hides_hand(p) else game.card_text(c)
            for who, note in notes.get(c, ()):
                if viewer is None or who == viewer:
                    lines.append(f"      {name} slot {slot} ({shown}): {who}'s note {note!r}")
    return (["  Notes on cards in hand:", *lines]) if lines else []


def game_text(timeline: Timeline, log: GameLog | None = None,
              seen: Perspective = REVIEWER, more: Callable[[int], list[str]] | None = None) -> str:
    """The whole game in order, ending with the score and how it ended; as player X
    (`seen.viewer`), each turn as X saw it then. `more(turn)` adds lines after a
    turn's table (the knowledge, in a playthrough)."""
    game = timeline.game
    title = log.meta.title if log is not None and log.meta and log.meta.title else None
    title = printable(title, one_line=True) if title else None
    lines = [f"{title or 'Game'}: {game.ruleset.title}, {len(game.players)} players "
             f"({', '.join(game.players)})", ""]
    if seen.viewer is not None:
        name = game.players[seen.viewer]
        lines[1:1] = [f"As {name} saw it: {name}'s own cards, and the cards {name} drew, face down (??)."]
    for turn in range(len(timeline)):
        lines.extend(turn_text(timeline, turn, log, seen.at(turn)))
        if more is not None:
            lines.extend(more(turn))
        lines.append("")
    lines.append(ending_text(game, timeline.final))
    return "\n".join(lines) + "\n"


def card_notes_text(timeline: Timeline, log: GameLog, seen: Perspective = REVIEWER) -> str:
    """Every card players wrote a note on (hanab.live exports), with the turns it was in
    a hand; empty when there are none. As player X, only X's notes, and a card X held
    stays face down."""
    notes = card_notes(log)
    game = timeline.game
    viewer = None if seen.viewer is None else game.players[seen.viewer]
    held: dict[int, list[int]] = {}
    own: set[int] = set()
    for state in timeline:
        for p, hand in enumerate(state.hands):
            for c in hand:
                held.setdefault(c, []).append(state.turn)
                if seen.hides_hand(p):
                    own.add(c)
    lines = ["Players' notes on cards (from hanab.live):"]
    for c in sorted(notes, key=lambda c: held.get(c, [0])[0]):
        turns = held.get(c, [])
        when = f"in hand turns {turns[0]}-{turns[-1]}" if turns else "never in a hand"
        said = "; ".join(f"{who}: {note!r}" for who, note in notes[c]
                         if viewer is None or who == viewer)
        if not said:
            continue
        shown = "??" if c in own else game.card_text(c)
        lines.append(f"  {shown} (card {c}, {when}): {said}")
    return "\n".join(lines) if len(lines) > 1 else ""


def _count(w: Words, coins: int) -> str:
    """A coin count as a number: '7', or '7.5' where coins are half clues (Clue Starved)."""
    return f"{coins / 2:g}" if w.halves else str(coins)
