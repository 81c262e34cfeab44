"""Puzzles ("what would you do?"): a position seen by one player at a turn where the
analysis found a blunder or mistake by that player, and a better move was available to
that player's own knowledge. The file format is ours (docs/puzzles.md); the models
below are its single source.

A **sound answer** at turn t, for the player p to move, is another legal action
(`rules.engine.legal_actions`) that p could choose from what p knows, and that the
analysis does not fault:

- what p knows: a play of a card p knows is playable, a discard of a card p knows is
  trash (knowledge: p's deduced tier), or a hint (p sees every card a hint touches);
- not faulted: the analysis, re-run on the game's actions before t followed by the
  answer, has no blunder or mistake note at t, and its max score after t is no lower
  than after the move taken; a hint must moreover earn a good note (a save, or cards
  of two identities made known playable): an idle hint is not "better".
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from ..record.load import Record
from ..record.log import RulesetSpec
from ..review.analysis import Analysis, Finding
from ..review.perspective import Perspective
from ..review.projection import project
from ..review.vocabulary import Kind, Severity
from ..review.whatif import alternative, knowing
from ..rules.engine import legal_actions
from ..rules.game import Action, Discard, Game, Hint, Play
from ..rules.words import words

PUZZLE_FORMAT: Literal["nova-replay-puzzle"] = "nova-replay-puzzle"
PUZZLE_VERSION: Literal[1] = 1
QUESTION = "What would you do?"
GOOD_HINT = {Kind.GOOD_SAVE: "a hint that saves a critical card on its holder's chop",
             Kind.GOOD_HINT_PLAYABLE: "a hint that makes cards of two or more identities known "
                                   "playable"}


class _Model(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class SeenCard(_Model):
    """A card in a hand as the viewer sees it."""

    slot: int = Field(description="1 = leftmost, newest.")
    card: str | None = Field(description="The card; null for the viewer's own (face down).")
    touched: bool = Field(description="Named by at least one hint.")
    could_be: list[str] = Field(
        description="What the card can be as the viewer knows it: for the viewer's own card "
                    "the viewer's deductions, for another's the common knowledge of it.")


class SeenHand(_Model):
    player: str
    yours: bool
    cards: list[SeenCard]


class Position(_Model):
    """The table just before the puzzle's turn, through the viewer's eyes."""

    turn: int = Field(description="The turn to be played (1-based, as in the log's actions).")
    rows: dict[str, int] = Field(description="Each row's height by suit letter (0 = empty).")
    score: int
    coins: int
    lives: int
    draw_pile: int
    discards: list[str] = Field(description="The discard pile, oldest first.")
    hands: list[SeenHand] = Field(description="In seat order.")


class Move(_Model):
    """An action, told in the game's words; `slot` is 1-based in the mover's hand."""

    type: Literal["hint", "play", "discard"]
    text: str
    to: str | None = None
    suit: str | None = None
    rank: int | None = None
    slot: int | None = None
    row: str | None = Field(default=None, description="For a joker played: its row.")
    card: str | None = Field(default=None, description="The card played or discarded (revealed).")


class Note(_Model):
    """One note of the analysis."""

    kind: str
    severity: str
    message: str


class Answer(_Model):
    move: Move
    why: str = Field(description="What the viewer knew that makes the move sound.")
    notes: list[Note] = Field(description="The analysis's notes on this move at this turn.")
    max_score: int = Field(description="Max score after this move (the clock's figure).")


class PuzzleSource(_Model):
    file: str = Field(description="The game the puzzle comes from, as it was named.")
    title: str | None = None
    turn: int


class Puzzle(_Model):
    """One puzzle: a position, the move taken there and what the analysis said of it,
    and the sound answers (moves the viewer could know were better)."""

    model_config = ConfigDict(title="nova-replay puzzle")

    format: Literal["nova-replay-puzzle"] = PUZZLE_FORMAT
    version: Literal[1] = PUZZLE_VERSION
    source: PuzzleSource
    ruleset: RulesetSpec
    players: list[str]
    viewer: str
    question: str = QUESTION
    position: Position
    taken: Move
    findings: list[Note] = Field(description="The analysis's blunder and mistake notes on it.")
    max_score_taken: int = Field(description="Max score after the move taken.")
    answers: list[Answer] = Field(min_length=1)
    convention: str | None = Field(
        None, description="What a convention player (the convention bot, from the viewer's "
                          "own view) would have done here: a suggestion, not an answer.")


def move_of(game: Game, mover: int, hand: tuple[int, ...], action: Action) -> Move:
    """`action` by `mover` (who held `hand`) as a Move."""
    w = words(game.ruleset)
    if isinstance(action, Hint):
        to = game.players[action.to]
        suit = game.ruleset.suits[action.suit] if action.suit >= 0 else None
        return Move(type="hint", to=to, suit=suit, rank=action.rank or None,
                    text=f"{w.hint} {game.describe_hint(action)} to {to}")
    slot = hand.index(action.card) + 1
    card = str(game.deck[action.card])
    if type(action) is Discard:
        return Move(type="discard", slot=slot, card=card, text=f"discard slot {slot}")
    assert type(action) is Play
    row = game.ruleset.suits[action.row] if action.row >= 0 else None
    text = f"play slot {slot}" + (f" onto the {game.suit_name(action.row)} row" if row else "")
    return Move(type="play", slot=slot, row=row, card=card, text=text)


def notes_of(findings: tuple[Finding, ...]) -> list[Note]:
    return [Note(kind=f.kind, severity=f.severity, message=f.message) for f in findings]


def position(analysis: Analysis, turn: int, viewer: int) -> Position:
    """The table before `turn`, as `viewer` sees it there (`review.projection`: own
    cards face down, another's knowledge only as its common tier)."""
    record, ids = analysis.record, analysis.ids
    game, state = record.game, record.timeline[turn - 1]
    view = project(analysis, Perspective(viewer, turn - 1, spoilers=False))
    hands = []
    for p, name in enumerate(game.players):
        cards = [SeenCard(slot=slot, card=None if c.card is None else str(game.deck[c.card]),
                          touched=c.knowledge.touched,
                          could_be=[str(ids.card(i)) for i in ids.members(c.knowledge.deduced)])
                 for slot, c in enumerate(view.hand(turn - 1, p), start=1)]
        hands.append(SeenHand(player=name, yours=p == viewer, cards=cards))
    return Position(turn=turn, rows=dict(zip(game.ruleset.suits, state.rows, strict=True)),
                    score=state.score, coins=state.coins, lives=state.lives,
                    draw_pile=state.draw_pile(game),
                    discards=[str(game.deck[d]) for d in state.discards], hands=hands)


def sound_answers(analysis: Analysis, turn: int) -> list[Answer]:
    """Every sound answer at `turn` (module docstring), best first: plays, then hints,
    then discards, each by max score after it."""
    record = analysis.record
    game, before = record.game, record.timeline[turn - 1]
    mover = before.player(game)
    taken = record.timeline.actions[turn - 1]
    floor = analysis.clock[turn].max_score
    found: list[tuple[int, int, Answer]] = []
    for action in legal_actions(game, before):
        if action == taken:
            continue
        why = knowing(analysis, turn, action)
        if why is None:
            continue
        alt = alternative(analysis, turn, action)
        notes = alt.notes_at(turn)
        if any(f.severity.is_fault for f in notes) or alt.clock[turn].max_score < floor:
            continue
        good = [f for f in notes if f.severity == Severity.GOOD]
        if type(action) is Hint:
            if not good:
                continue
            why = GOOD_HINT[good[0].kind]
        order = {Play: 0, Hint: 1, Discard: 2}[type(action)]
        found.append((order, -alt.clock[turn].max_score, Answer(
            move=move_of(game, mover, before.hands[mover], action), why=why,
            notes=notes_of(notes), max_score=alt.clock[turn].max_score)))
    found.sort(key=lambda x: (x[0], x[1]))
    return [a for _, _, a in found]


def puzzle_at(analysis: Analysis, turn: int, source: str, convention: str | None = None
              ) -> Puzzle | None:
    """The puzzle at `turn` of the analysed game (None: no fault there by the mover, or
    no sound answer); `convention`: what a convention player would have done there."""
    if turn not in analysis.faulted_turns():
        return None
    answers = sound_answers(analysis, turn)
    if not answers:
        return None
    record: Record = analysis.record
    game, before = record.game, record.timeline[turn - 1]
    mover = before.player(game)
    log = record.log
    return Puzzle(
        source=PuzzleSource(file=source, turn=turn, title=log.meta.title if log.meta else None),
        ruleset=log.ruleset, players=list(game.players), viewer=game.players[mover],
        position=position(analysis, turn, mover),
        taken=move_of(game, mover, before.hands[mover], record.timeline.actions[turn - 1]),
        findings=notes_of(tuple(f for f in analysis.notes_at(turn) if f.severity.is_fault)),
        max_score_taken=analysis.clock[turn].max_score, answers=answers, convention=convention)


def puzzles(analysis: Analysis, source: str, conventions: Mapping[int, str] | None = None
            ) -> list[Puzzle]:
    """Every puzzle of a game, in turn order; `conventions` maps a turn to what a
    convention player would have done (`play.suggest.convention_moves`)."""
    found = (puzzle_at(analysis, t, source, (conventions or {}).get(t))
             for t in analysis.faulted_turns())
    return [p for p in found if p is not None]


def puzzle_name(source_stem: str, turn: int) -> str:
    """A puzzle's file name: its source game's name and the turn."""
    return f"{source_stem}-t{turn:03d}.json"


PUZZLE_SCHEMA_ID = "https://nova-replay.example/schemas/nova-puzzle-v1.schema.json"


def puzzle_schema() -> dict[str, object]:
    """The JSON Schema (2020-12) of a puzzle file (schemas/nova-puzzle-v1.schema.json)."""
    schema = Puzzle.model_json_schema(mode="validation")
    return {"$schema": "https://json-schema.org/draft/2020-12/schema", "$id": PUZZLE_SCHEMA_ID,
            **schema}


def puzzle_text(puzzle: Puzzle) -> str:
    """A puzzle file's text, as `nova-replay puzzles` writes it."""
    return json.dumps(puzzle.model_dump(mode="json"), indent=1, ensure_ascii=False) + "\n"


def read_puzzle(path: str | os.PathLike[str]) -> Puzzle:
    """A puzzle file (raises ValueError: not JSON, or not a puzzle)."""
    return Puzzle.model_validate_json(Path(path).read_text(encoding="utf-8"))
