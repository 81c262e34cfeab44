"""The machine-readable analysis (`nova-replay analyze --json`), as pydantic models.

The models are the single source of `schemas/nova-analysis-v1.schema.json`, so
pipelines can rely on the shape; `analysis_report` fills them from an Analysis.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from ..conventions import MoveReading, Reading
from ..knowledge.tiers import knows_exactly, knows_playable, knows_trash
from ..record.hanablive import card_notes, hanablive_score
from ..record.hanablive_export import card_orders
from ..review.analysis import Analysis, Finding, Summary
from ..review.evaluation import Evaluation
from .text import describe_turn

REPORT_VERSION = 1
REPORT_SCHEMA_ID = "https://nova-replay.example/schemas/nova-analysis-v1.schema.json"


class _Model(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class CardView(_Model):
    """One card in a hand after a turn, with what its holder could know of it."""

    slot: int = Field(description="1 = leftmost, newest.")
    card: int = Field(description="Index in the log's deck.")
    truth: str
    hinted: list[str] = Field(description="Identities consistent with the hints received.")
    deduced: list[str] = Field(description="What the holder could deduce from all they see.")
    common: list[str] = Field(description="Hinted minus identities whose copies are all public.")
    touched: bool
    knows_exactly: bool
    knows_playable: bool
    knows_trash: bool
    playable: bool
    critical: bool
    trash: bool
    chop: bool
    notes: list[str] = Field(default_factory=list, description=(
        "Players' notes on this card from a hanab.live export, as 'player: note'."))


class HandView(_Model):
    player: str
    cards: list[CardView]


class ConnectionView(_Model):
    """A card a play clue calls before its focus."""

    order: int = Field(description="The card's order as hanab.live numbers it in an export.")
    player: str
    kind: Literal["known", "playable", "prompt", "finesse", "bluff"]


class ClueReadingView(_Model):
    """A clue read by the conventions (docs/conventions.md)."""

    convention: Literal["h-group"]
    level: int
    focus: int = Field(description="The focused card's order as hanab.live numbers it in an "
                                   "export (cards numbered as dealt, hand by hand), never an "
                                   "index into this log's deck.")
    focus_slot: int = Field(description="1 = leftmost, newest.")
    meaning: Literal["play", "save", "stall", "fix", "chop move", "unclear"]
    could_be: list[str] = Field(description="What the target can read the focus as.")
    connections: list[ConnectionView] = Field(
        description="The cards called before the focus, for its actual identity.")
    text: str


class MoveReadingView(_Model):
    """A play or a discard read by the conventions."""

    convention: Literal["h-group"]
    level: int
    move: Literal["answers finesse", "answers prompt", "answers bluff", "plays clued",
                  "blind play",
                  "chop discard", "off-chop discard", "clued discard", "order chop move",
                  "sarcastic discard"]
    order: int = Field(description="The card's order as hanab.live numbers it.")
    called_at: int | None = Field(description="The turn of the clue that called the card.")
    in_order: bool | None = Field(
        default=None, description="For a play of one of several clued 1s whose suits the "
        "player did not know (level 3, Playing Multiple 1s): whether it was the 1 their "
        "play order puts first; null otherwise.")
    to: str | None = Field(
        default=None, description="The player an order chop move chop-moves a card of, or "
        "a sarcastic discard tells they hold the discarded card's copy.")
    to_cards: list[int] = Field(
        default_factory=list, description="Their cards it names (hanab.live order): the "
        "chop-moved card; the clued cards that may be the copy.")
    text: str


class TurnView(_Model):
    """The table after one turn (0 = the deal) and the clock."""

    turn: int
    action: str | None
    draw_pile: int
    pace: int
    score: int
    max_score: int
    efficiency: float | None
    final_turns_left: int | None
    coins: int
    lives: int
    hands: list[HandView]
    best_possible: int | None = Field(
        None, description="With --solve: the highest final score the team could still reach "
                          "knowing every card, when proven; null when only its bounds are known.")
    best_possible_exact: bool | None = Field(None, description="With --solve: whether proven.")
    best_possible_bounds: list[int] | None = Field(
        None, description="With --solve: [lower, upper], proven bounds (equal when exact).")
    reading: ClueReadingView | MoveReadingView | None = Field(
        None, description="What the turn's action meant by the conventions (null at the deal, "
                          "with --conventions none, and for a game they do not read).")


class FindingView(_Model):
    turn: int
    player: str
    kind: str
    severity: str
    cards: list[str]
    message: str
    details: dict[str, Any]
    suggestion: str | None = Field(
        None, description="On a blunder or mistake by the mover: what a convention player "
                          "would have done instead, from that player's own view (a suggestion).")


@dataclass(frozen=True)
class ReportSummary(Summary):
    """The analysis summary, and for a game read from hanab.live the score hanab.live
    records (0 for a strikeout or a stopped game), which may differ from ours."""

    hanablive_score: int | None = None


def _best(evaluation: Evaluation | None, turn: int) -> dict[str, Any]:
    if evaluation is None:
        return {}
    p = evaluation.points[turn]
    return {"best_possible": p.value, "best_possible_exact": p.exact,
            "best_possible_bounds": [p.lower, p.upper]}


def report_summary(analysis: Analysis) -> ReportSummary:
    record, final = analysis.record, analysis.record.timeline.final
    recorded = hanablive_score(record.log, record.converted_from, final.score, final.ending)
    return ReportSummary(**asdict(analysis.summary), hanablive_score=recorded)


class EvaluationView(_Model):
    """What was possible: best possible at the deal and the turns that lowered it."""

    best_possible_at_deal: int | None
    best_possible_at_deal_exact: bool
    best_possible_at_deal_bounds: list[int]
    lost_points_turns: list[int]


class AnalysisReport(_Model):
    """The whole analysis of one game."""

    model_config = ConfigDict(title="Nova game analysis", json_schema_extra={"$id": REPORT_SCHEMA_ID})

    report_version: int = REPORT_VERSION
    file: str
    ruleset: str
    players: list[str]
    converted_from: str | None
    conventions: str | None = Field(
        None, description="The conventions the readings assume, such as 'h-group:5'; null: "
                          "none (--conventions none).")
    conventions_note: str | None = Field(
        None, description="Why the conventions do not read this game, when they do not.")
    summary: ReportSummary
    findings: list[FindingView]
    turns: list[TurnView]
    evaluation: EvaluationView | None = Field(
        None, description="With --solve: best possible at the deal and the turns that lost "
                          "points (each also a `lost_points` finding).")


def report_schema() -> dict[str, Any]:
    schema = AnalysisReport.model_json_schema(mode="serialization")
    return {"$schema": "https://json-schema.org/draft/2020-12/schema", **schema}


def _hands(analysis: Analysis, turn: int) -> list[HandView]:
    game, ids = analysis.record.game, analysis.ids
    st = analysis.knowledge.statuses[turn]
    text = game.ruleset.json_text  # one suit letter for the game (purple P where it says P)

    def names(mask: int) -> list[str]:
        return [text(ids.card(i)) for i in ids.members(mask)]

    notes = card_notes(analysis.record.log)
    hands = []
    for p, name in enumerate(game.players):
        know = analysis.knowledge.of(turn, p)
        chop = analysis.chop(turn, p)
        cards = []
        for slot, k in enumerate(know):
            bit = 1 << ids.of_card[k.card]
            cards.append(CardView(
                slot=slot + 1, card=k.card, truth=text(game.deck[k.card]),
                notes=[f"{who}: {note}" for who, note in notes.get(k.card, ())],
                hinted=names(k.hinted), deduced=names(k.deduced), common=names(k.common),
                touched=k.touched, knows_exactly=knows_exactly(k),
                knows_playable=knows_playable(k, st), knows_trash=knows_trash(k, st),
                playable=bool(st.playable & bit), critical=bool(st.critical & bit),
                trash=bool(st.trash & bit), chop=slot == chop,
            ))
        hands.append(HandView(player=name, cards=cards))
    return hands


def analysis_report(analysis: Analysis, suggested: Mapping[int, str] | None = None,
                    evaluation: Evaluation | None = None) -> AnalysisReport:
    """Everything the analysis found, turn by turn, as one JSON-ready model;
    `suggested` maps a faulted turn to what a convention player would have done, and
    `evaluation` (`analyze --solve`) adds best possible per turn and its findings."""
    record = analysis.record
    game, tl = record.game, record.timeline
    turns = []
    orders = card_orders(record)
    for point in analysis.clock:
        state = tl[point.turn]
        turns.append(TurnView(
            turn=point.turn,
            action=describe_turn(tl, point.turn) if point.turn else None,
            draw_pile=point.draw_pile, pace=point.pace, score=point.score,
            max_score=point.max_score, efficiency=point.efficiency,
            final_turns_left=point.final_turns_left, coins=state.coins, lives=state.lives,
            hands=_hands(analysis, point.turn),
            reading=_reading(analysis, point.turn, orders),
            **_best(evaluation, point.turn),
        ))
    return AnalysisReport(
        file=record.file, ruleset=game.ruleset.title, players=list(game.players),
        converted_from=record.converted_from,
        conventions=str(analysis.reading.conventions) if analysis.reading else None,
        conventions_note=(analysis.reading.not_read or None) if analysis.reading else None,
        summary=report_summary(analysis),
        findings=[
            FindingView(turn=f.turn, player=game.players[f.player], kind=f.kind,
                        severity=f.severity, cards=[game.ruleset.json_text(game.deck[c]) for c in f.cards],
                        message=f.message, details=dict(f.details),
                        suggestion=(suggested or {}).get(f.turn) if f.severity.is_fault
                        and f.player == record.timeline[f.turn - 1].player(game) else None)
            for f in _with_evaluation(analysis, evaluation)
        ],
        turns=turns,
        evaluation=None if evaluation is None else EvaluationView(
            best_possible_at_deal=evaluation.at_deal.value,
            best_possible_at_deal_exact=evaluation.at_deal.exact,
            best_possible_at_deal_bounds=[evaluation.at_deal.lower, evaluation.at_deal.upper],
            lost_points_turns=list(evaluation.lost_turns)),
    )


def _reading(analysis: Analysis, turn: int, orders: tuple[int, ...]
             ) -> ClueReadingView | MoveReadingView | None:
    r = analysis.reading.turns[turn] if analysis.reading is not None else None
    if r is None:
        return None
    game = analysis.record.game
    if isinstance(r, MoveReading):
        return MoveReadingView(convention="h-group", level=r.conventions.level,
                               move=r.move, order=orders[r.card],  # type: ignore[arg-type]
                               called_at=r.called_at,
                               in_order=None if r.expected is None else r.expected == r.slot,
                               to=None if r.other is None else game.players[r.other],
                               to_cards=[orders[c] for c in r.cards], text=r.text)
    return clue_reading_view(r, orders, game.players, analysis)


def clue_reading_view(r: Reading, orders: tuple[int, ...], players: tuple[str, ...],
                      analysis: Analysis) -> ClueReadingView:
    ids = analysis.ids
    return ClueReadingView(
        convention="h-group", level=r.conventions.level, focus=orders[r.focus],
        focus_slot=r.focus_slot + 1, meaning=r.meaning,  # type: ignore[arg-type]
        could_be=[r.game.ruleset.json_text(ids.card(i)) for i in r.could_be],
        connections=[ConnectionView(order=orders[x.card], player=players[x.player],
                                    kind=x.kind)  # type: ignore[arg-type]
                     for x in r.connections],
        text=r.text)


def _with_evaluation(analysis: Analysis, evaluation: Evaluation | None) -> list[Finding]:
    """The findings, with the evaluation's lost_points notes among them in turn order."""
    extra = evaluation.findings if evaluation is not None else ()
    return sorted((*analysis.findings, *extra), key=lambda f: f.turn)
