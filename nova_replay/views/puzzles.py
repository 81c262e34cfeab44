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
  of two identities made known playable): an idle hint is not "better"; read by the
  conventions, it must be a play or save clue whose focus is a card of that note.

A turn is a **puzzle** only when its answers form one family (one best answer a
player could find, issue #22): plays of one slot, discards of known trash, or hints
whose good note names the same cards (a 3s or a spades clue saving the same 3♠). No
puzzle faults a player for following a teammate's clue (a misfire of a card a clue
called to play, as the conventions read it) or a giver for a duplicate he could not see
(a wasted hint whose hinted copy is in his own hand and not known to be that card), nor a
player for a card they could not see, a Sarcastic Discard, or known trash discarded before
a known play at no cost; none where a fix clue is due or where a play clue is as good as
the answer (a save that can wait, a known-trash discard; against the discard, any clue that
makes a card known playable). Of two clues saving the same cards, one breaking Good Touch is
not listed: docs/puzzles.md.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Annotated, Literal, Protocol

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, model_validator

from ..conventions import MoveReading, Reading, chop_moved_at
from ..conventions.game import (
    ANSWERS_BLUFF,
    ANSWERS_FINESSE,
    ANSWERS_PROMPT,
    ORDER_CHOP_MOVE,
    PLAYS_CLUED,
)
from ..conventions.kinds import ConnectionKind, MeaningKind
from ..conventions.sarcastic import clued_elsewhere, duplicates
from ..knowledge.perspective import Perspective
from ..record.actions import ruleset_of
from ..record.load import Record
from ..record.log import RulesetSpec
from ..review.analysis import Analysis, Finding
from ..review.mover import view
from ..review.projection import project
from ..review.vocabulary import Kind, Severity
from ..review.whatif import alternative, knowing
from ..rules.cards import parse_card
from ..rules.engine import legal_actions
from ..rules.game import Action, Discard, Game, Hint, Play
from ..rules.words import words

PUZZLE_FORMAT: Literal["nova-replay-puzzle"] = "nova-replay-puzzle"
PUZZLE_VERSION: Literal[1] = 1
QUESTION = "What would you do?"
GOOD_HINT = {Kind.GOOD_SAVE: "a {hint} that saves a critical card on its holder's chop",
             Kind.GOOD_HINT_PLAYABLE: "a {hint} that makes cards of two or more identities known "
                                      "playable"}  # in the ruleset's words


class _Model(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


def _a_card(text: str) -> str:
    """A puzzle file's card, checked when it is read (a text naming no card is refused
    there, in one line, not when the puzzle is shown)."""
    parse_card(text)
    return text


CardText = Annotated[str, AfterValidator(_a_card)]


class SeenCard(_Model):
    """A card in a hand as the viewer sees it."""

    slot: int = Field(description="1 = leftmost, newest.")
    card: CardText | None = Field(description="The card; null for the viewer's own (face down).")
    touched: bool = Field(description="Named by at least one hint.")
    could_be: list[CardText] = Field(
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
    discards: list[CardText] = Field(description="The discard pile, oldest first.")
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
    card: CardText | None = Field(default=None,
                                  description="The card played or discarded (revealed).")


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

    @model_validator(mode="after")
    def _of_its_game(self) -> Puzzle:
        """Checked when a puzzle file is read, so that showing it cannot fail: one hand
        is the viewer's, and every card, row and hinted suit is of its ruleset."""
        if sum(h.yours for h in self.position.hands) != 1:
            raise ValueError("expected exactly one hand marked yours (the viewer's)")
        rules = ruleset_of(self.ruleset)  # a RulesetError is a ValueError
        pos = self.position
        cards = [*pos.discards, *(m.card for m in self._moves() if m.card)]
        for hand in pos.hands:
            cards += [c.card for c in hand.cards if c.card] + [x for c in hand.cards
                                                               for x in c.could_be]
        for text in cards:
            card = parse_card(text)
            if not card.is_joker and card.suit not in rules.suits:
                raise ValueError(f"the card {text} is not of the {rules.title} deck")
        for suit in [*pos.rows, *(m.suit for m in self._moves() if m.suit)]:
            if suit not in rules.suits:
                raise ValueError(f"the suit {suit} is not of {rules.title}")
        return self

    def _moves(self) -> list[Move]:
        return [self.taken, *(a.move for a in self.answers)]


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


Family = tuple[str, int | frozenset[int]]


def sound_answers(analysis: Analysis, turn: int) -> list[Answer]:
    """Every sound answer at `turn` (module docstring), best first: plays, then hints,
    then discards, each by max score after it."""
    return [a for _, _, a in _sound(analysis, turn)]


def _clue_fits(alt: Analysis, turn: int, cards: tuple[int, ...]) -> bool:
    """A hint answer read by the conventions (when the analysis reads them) is a save
    clue, or a play clue whose focus gets played, and its focus is one of `cards` (the
    good note's): a clue the target would read as a play of an unplayable card is no
    save, and a card chop-moved earlier is no longer on the chop, so a clue on it saves
    nothing (the card on the chop is still discarded next)."""
    if alt.reading is None or alt.reading.not_read:
        return True
    r = alt.reading.turns[turn]
    moved = chop_moved_at(alt.reading, turn - 1)
    return (isinstance(r, Reading) and r.focus in cards and moved.isdisjoint(cards)
            and (r.meaning == MeaningKind.SAVE or (r.meaning == MeaningKind.PLAY and r.connects)))


def _sound(analysis: Analysis, turn: int) -> list[tuple[Action, Family, Answer]]:
    record = analysis.record
    game, before = record.game, record.timeline[turn - 1]
    mover = before.player(game)
    taken = record.timeline.actions[turn - 1]
    floor = analysis.clock[turn].max_score
    found: list[tuple[int, int, Action, Family, Answer]] = []
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
        family: Family
        if type(action) is Hint:
            if not good or not _clue_fits(alt, turn, good[0].cards):
                continue
            why = GOOD_HINT[good[0].kind].format(hint=words(game.ruleset).hint)
            family = ("hint", frozenset(c for f in good for c in f.cards))
        else:
            family = ("play", action.card) if type(action) is Play else ("discard", 0)
        order = {Play: 0, Hint: 1, Discard: 2}[type(action)]
        found.append((order, -alt.clock[turn].max_score, action, family, Answer(
            move=move_of(game, mover, before.hands[mover], action), why=why,
            notes=notes_of(notes), max_score=alt.clock[turn].max_score)))
    found.sort(key=lambda x: (x[0], x[1]))
    # Of two clues that save the same cards, one that breaks Good Touch is not as good.
    clean = {family for _, _, action, family, _ in found
             if type(action) is Hint and not touches_trash(analysis, turn, action)}
    return [(action, family, a) for _, _, action, family, a in found
            if not (type(action) is Hint and family in clean
                    and touches_trash(analysis, turn, action))]


def followed_a_clue(analysis: Analysis, turn: int) -> bool:
    """The move at `turn` answered a finesse, prompt or bluff, or played a card a clue
    called to play (its focus, read as a play clue), and no misread note says otherwise."""
    reading = analysis.reading
    if reading is None or reading.not_read:
        return False
    move = reading.turns[turn]
    if not isinstance(move, MoveReading) or any(
            f.kind == Kind.MISREAD for f in analysis.notes_at(turn)):
        return False
    if move.move in (ANSWERS_FINESSE, ANSWERS_PROMPT, ANSWERS_BLUFF):
        return True
    # (an Order Chop Move plays a clued 1 too, one its play order did not put first)
    return move.move in (PLAYS_CLUED, ORDER_CHOP_MOVE) and any(
        isinstance(r, Reading) and r.focus == move.card and r.meaning == MeaningKind.PLAY
        for r in reading.turns[:turn])


def unseen_duplicate(analysis: Analysis, f: Finding) -> bool:
    """A wasted-hint note whose hinted copy sits in the giver's own hand, where the giver
    did not know it was that card: the giver could not see the duplicate."""
    if f.kind != Kind.WASTED_HINT or not f.related:
        return False
    hand = analysis.record.timeline[f.turn - 1].hands[f.player]
    ids = analysis.ids
    for k in analysis.knowledge.of(f.turn - 1, f.player):
        if k.card in f.related and k.card in hand and len(ids.members(k.deduced)) > 1:
            return True
    return False


def one_family(answers: list[tuple[Action, Family, Answer]]) -> bool:
    return len({family for _, family, _ in answers}) == 1


def duplicate_discard(analysis: Analysis, turn: int) -> bool:
    """The move at `turn` discards a card its mover knew was a copy of a clued card in a
    teammate's hand (`sarcastic.duplicates`, by their deduced tier and the clued cards
    they saw): by what they knew it lost nothing, and it is H-Group's Sarcastic Discard
    (level 3), which tells the teammate theirs is that card. Only what the mover knew and
    saw (issue #31): a card that was a copy, unknown to them, makes a puzzle like any
    other."""
    played = analysis.timeline.actions[turn - 1]
    if type(played) is not Discard:
        return False
    mover = view(analysis.knowledge, analysis.reading, turn)
    elsewhere = clued_elsewhere(mover.game, mover.state.hands,
                                analysis.knowledge.touched[turn - 1], mover.player)
    return duplicates(mover.mask(played.card), mover.status.trash, elsewhere)


def unseen_loss(analysis: Analysis, f: Finding) -> bool:
    """A lost-critical note on a discard of the mover's own card that no clue touched and
    that the mover could not tell apart from a safe one: the card's loss is not what the
    mover chose (a missed save, if any, is the note of the player who saw it)."""
    if f.kind != Kind.LOST_CRITICAL or len(f.cards) != 1:
        return False
    played = analysis.timeline.actions[f.turn - 1]
    if type(played) is not Discard or played.card != f.cards[0]:
        return False
    if analysis.knowledge.touched[f.turn - 1][played.card]:
        return False
    k = next(k for k in analysis.knowledge.of(f.turn - 1, f.player) if k.card == played.card)
    return len(analysis.ids.members(k.deduced)) > 1


def touches_trash(analysis: Analysis, turn: int, action: Hint) -> bool:
    """`action`, given at `turn`, touches a new card (no clue touched it before) that is
    trash or a copy of a card clued in some hand: it breaks Good Touch (H-Group level 1)."""
    game, tk = analysis.record.game, analysis.knowledge
    before = analysis.timeline[turn - 1]
    touched, trash = tk.touched[turn - 1], tk.statuses[turn - 1].trash
    clued = {game.identity_of[c] for h in before.hands for c in h if touched[c]}
    return any((trash >> game.identity_of[c]) & 1 or game.identity_of[c] in clued
               for c in game.touched(action, before.hands[action.to]) if not touched[c])


def _play_clue(analysis: Analysis, turn: int, action: Hint) -> bool:
    """`action`, given at `turn`, is a play clue the conventions read on a new card that
    gets played (now, or after clued cards: no finesse or bluff), touches no trash and no
    card already clued elsewhere (Good Touch), and draws no fault note."""
    game, tk = analysis.record.game, analysis.knowledge
    before = analysis.timeline[turn - 1]
    hand, touched = before.hands[action.to], tk.touched[turn - 1]
    new = [c for c in game.touched(action, hand) if not touched[c]]
    if not new or touches_trash(analysis, turn, action):
        return False
    alt = alternative(analysis, turn, action)
    if alt.reading is None or alt.reading.not_read:
        return False
    r = alt.reading.turns[turn]
    told = (ConnectionKind.KNOWN, ConnectionKind.PLAYABLE, ConnectionKind.PROMPT)
    return (isinstance(r, Reading) and r.meaning == MeaningKind.PLAY and r.connects
            and not r.trash and r.focus in new and all(x.kind in told for x in r.connections)
            and not any(f.severity.is_fault for f in alt.notes_at(turn)))


def trash_before_play(analysis: Analysis, turn: int, faults: tuple[Finding, ...],
                      answers: list[tuple[Action, Family, Answer]]) -> bool:
    """The move discarded a card its player knew was trash while holding a known play,
    and no answer keeps a higher max score: playing first only changes the order (the
    trash can go later, the clue comes back now), so the play is not strictly better."""
    played = analysis.timeline.actions[turn - 1]
    return (type(played) is Discard and all(f.kind == Kind.DISCARD_WITH_PLAYABLE for f in faults)
            and knowing(analysis, turn, played) == "the card was known trash"
            and all(a.max_score <= analysis.clock[turn].max_score for _, _, a in answers))


def fix_due(analysis: Analysis, turn: int) -> bool:
    """The next player holds the focus of a play clue that the conventions read as
    playable but that no visible card connected to, nothing since has told them it
    cannot play (their knowledge still allows a playable card) and they have played no
    card since (a player who played others does not read it as playable): they are
    about to misplay it, and a fix clue (H-Group level 3) comes before anything the
    analysis grades."""
    reading = analysis.reading
    if reading is None or reading.not_read:
        return False
    game, tk = analysis.record.game, analysis.knowledge
    before = analysis.timeline[turn - 1]
    nxt = (before.player(game) + 1) % len(game.players)
    playable = tk.statuses[turn - 1].playable
    n = len(game.players)
    last: dict[int, tuple[int, Reading]] = {}  # card -> the latest clue focused on it
    played = 0  # the last turn the next player played a card
    for t in range(1, turn):
        r = reading.turns[t]
        if isinstance(r, Reading):
            last[r.focus] = (t, r)
        elif type(analysis.timeline.actions[t - 1]) is Play and (t - 1) % n == nxt:
            played = t
    for k in tk.of(turn - 1, nxt):
        t, r = last.get(k.card, (0, None))
        if (r is not None and t > played and r.meaning == MeaningKind.PLAY and not r.connects
                and not (playable >> game.identity_of[k.card]) & 1 and k.deduced & playable):
            return True
    return False


def another_best(analysis: Analysis, turn: int,
                 answers: list[tuple[Action, Family, Answer]]) -> bool:
    """A play clue (`_play_clue`) is as good as the answers: they are discards of known
    trash (so is any clue that makes a card known playable: `_makes_known_play`), or a
    save that can wait and that a clue token left after the play clue can
    still give. A save comes first when its holder moves next with no known play (they
    would discard the card): then only a play clue to the holder, which postpones that
    discard, is as good."""
    game = analysis.record.game
    before = analysis.timeline[turn - 1]
    mover = before.player(game)
    action, family, _ = answers[0]
    holder = -1
    if family[0] == "hint":
        assert isinstance(action, Hint)
        if not any(f.kind == Kind.GOOD_SAVE for f in alternative(analysis, turn, action)
                   .notes_at(turn)):
            return False
        holder = action.to
        if before.coins < 2:
            return False  # the play clue would spend the token the save needs
    elif family[0] != "discard":
        return False
    urgent = holder == (mover + 1) % len(game.players) and not any(
        analysis.knowledge.known_playable(turn - 1, holder))
    taken = {a for a, _, _ in answers}
    return any(type(a) is Hint and a not in taken
               and (not urgent or a.to == holder)
               and (_play_clue(analysis, turn, a)
                    or (family[0] == "discard" and _makes_known_play(analysis, turn, a)))
               for a in legal_actions(game, before))


def _makes_known_play(analysis: Analysis, turn: int, action: Hint) -> bool:
    """`action`, given at `turn`, lets its target know a card of theirs is playable that
    they did not know was (a fix clue on a clued card can, by what it leaves out), breaks
    no Good Touch and draws no fault note: against a known-trash discard it is as good."""
    if touches_trash(analysis, turn, action):
        return False
    alt = alternative(analysis, turn, action)
    if any(f.severity.is_fault for f in alt.notes_at(turn)):
        return False
    now = analysis.knowledge.known_playable(turn - 1, action.to)
    after = alt.knowledge.known_playable(turn, action.to)
    return any(a and not b for a, b in zip(after, now, strict=True))


def puzzle_at(analysis: Analysis, turn: int, source: str, convention: str | None = None,
              suggested: Action | None = None) -> Puzzle | None:
    """The puzzle at `turn` of the analysed game (None: no fault there by the mover, no
    sound answer, or not one family of them: module docstring); `convention`: what a
    convention player would have done there (`suggested`, its action: kept only when it
    is one of the answers, so the page never says both "not sound" and "a convention
    player would have")."""
    if turn not in analysis.faulted_turns():
        return None
    faults = tuple(f for f in analysis.notes_at(turn) if f.severity.is_fault)
    played = analysis.timeline.actions[turn - 1]
    if followed_a_clue(analysis, turn) and all(played[0] in f.cards for f in faults):
        return None  # the fault is the played card's, and a teammate's clue called it
    if all(unseen_duplicate(analysis, f) or unseen_loss(analysis, f) for f in faults):
        return None
    if duplicate_discard(analysis, turn) and all(played[0] in f.cards for f in faults):
        return None  # the discard lost nothing: a clued copy is in a teammate's hand
    found = _sound(analysis, turn)
    if (not found or not one_family(found) or fix_due(analysis, turn)
            or another_best(analysis, turn, found)
            or trash_before_play(analysis, turn, faults, found)):
        return None
    answers = [a for _, _, a in found]
    if suggested is not None and suggested not in [action for action, _, _ in found]:
        convention = None  # a suggestion the analysis does not call sound is not shown
    record: Record = analysis.record
    game, before = record.game, record.timeline[turn - 1]
    mover = before.player(game)
    log = record.log
    return Puzzle(
        source=PuzzleSource(file=source, turn=turn, title=log.meta.title if log.meta else None),
        ruleset=log.ruleset, players=list(game.players), viewer=game.players[mover],
        position=position(analysis, turn, mover),
        taken=move_of(game, mover, before.hands[mover], record.timeline.actions[turn - 1]),
        findings=notes_of(faults),
        max_score_taken=analysis.clock[turn].max_score, answers=answers, convention=convention)


class Suggested(Protocol):
    @property
    def action(self) -> Action: ...
    @property
    def text(self) -> str: ...


def puzzles(analysis: Analysis, source: str,
            conventions: Mapping[int, Suggested] | None = None, player: int | None = None
            ) -> list[Puzzle]:
    """Every puzzle of a game, in turn order (only `player`'s turns when given);
    `conventions` maps a turn to what a convention player would have done
    (`play.suggest.convention_moves`)."""
    out = []
    game = analysis.record.game
    for t in analysis.faulted_turns():
        if player is not None and analysis.timeline[t - 1].player(game) != player:
            continue
        s = (conventions or {}).get(t)
        p = puzzle_at(analysis, t, source, s.text if s else None, s.action if s else None)
        if p is not None:
            out.append(p)
    return out


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
