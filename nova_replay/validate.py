"""Checking a log, in order: readable JSON, the schema, the deck, every action's
legality, and whether the game reached its end.

`load` raises the first problem (for commands that need a good log); `check`
collects them into a `Report` (for `nova-replay validate`).
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any

from .engine import Timeline, replay
from .errors import NovaError, SchemaError
from .game import Game
from .log import GameLog
from .reader import convert, parse_log, read_json
from .rulesets import RulesetError


@dataclass(frozen=True)
class Record:
    """A good log and what it replays to."""

    file: str
    log: GameLog
    game: Game
    timeline: Timeline
    converted_from: str | None = None  # e.g. 'hanab.live' when read from that format


def load_data(data: Any, file: str = "") -> Record:
    """The record of JSON `data`; raises the first NovaError, told with `file`."""
    try:
        converted, source = convert(data)
        log = parse_log(converted)
        assert log is not None
        return _replay(log, file, source)
    except NovaError as e:
        raise e.in_file(file) from None


def load(path: str | os.PathLike[str]) -> Record:
    """The record of the log file at `path`; raises the first NovaError."""
    name = os.fspath(path)
    return load_data(read_json(name), name)


def as_record(source: Record | GameLog | str | os.PathLike[str] | dict[str, Any]) -> Record:
    """A record from whatever the caller has: a record, a typed log, a path or JSON data.
    Raises the first NovaError."""
    if isinstance(source, Record):
        return source
    if isinstance(source, GameLog):
        return _replay(source, "", None)
    if isinstance(source, dict):
        return load_data(source)
    return load(source)


def _replay(log: GameLog, file: str, source: str | None) -> Record:
    try:
        game = Game.from_log(log)
    except RulesetError as e:
        raise SchemaError("$.ruleset", str(e)) from None
    timeline = replay(game, game.actions_from_log(log), terminated=log.termination is not None)
    return Record(file, log, game, timeline, source)


@dataclass(frozen=True)
class Problem:
    """One problem: where it is, what it is, and at which stage it was found."""

    where: str
    message: str
    stage: str  # 'read', 'schema', 'deck', 'rules' or 'unfinished'

    def __str__(self) -> str:
        return f"{self.where}: {self.message}" if self.where else self.message


_STAGES = {"ReadError": "read", "SchemaError": "schema", "DeckError": "deck",
           "IllegalAction": "rules"}


@dataclass(frozen=True)
class Report:
    """The outcome of checking one file."""

    file: str
    problems: tuple[Problem, ...]
    converted_from: str | None = None
    record: Record | None = None

    @property
    def finished(self) -> bool:
        return self.record is not None and self.record.timeline.final.over

    def errors(self, strict: bool = False) -> tuple[Problem, ...]:
        """The problems that make the log invalid (an unfinished game only if strict)."""
        return tuple(p for p in self.problems if strict or p.stage != "unfinished")

    def valid(self, strict: bool = False) -> bool:
        return not self.errors(strict)

    def to_json(self, strict: bool = False) -> dict[str, Any]:
        out: dict[str, Any] = {
            "file": self.file,
            "valid": self.valid(strict),
            "converted_from": self.converted_from,
            "problems": [
                {"where": p.where, "message": p.message, "stage": p.stage,
                 "error": p in self.errors(strict)}
                for p in self.problems
            ],
        }
        if self.record is not None:
            final, game = self.record.timeline.final, self.record.game
            out.update(ruleset=game.ruleset.title, players=list(game.players),
                       turns=final.turn, score=final.score, ending=final.ending,
                       finished=final.over)
        return out


def check_data(data: Any, file: str = "") -> Report:
    """Check JSON `data` through every stage, collecting all schema problems."""
    problems: list[Problem] = []
    source = None
    try:
        data, source = convert(data)
    except NovaError as e:
        return Report(file, (_problem(e),))
    errors: list[NovaError] = []
    log = parse_log(data, errors)
    if log is None:
        return Report(file, tuple(_problem(e) for e in errors), source)
    try:
        record = _replay(log, file, source)
    except NovaError as e:
        return Report(file, (_problem(e),), source)
    final = record.timeline.final
    if not final.over:
        pile = final.draw_pile(record.game)
        problems.append(Problem(
            f"turn {final.turn}",
            f"the log stops before the game ended (score {final.score}, {pile} cards in the "
            f"draw pile, {final.lives} lives)",
            "unfinished",
        ))
    return Report(file, tuple(problems), source, record)


def check(path: str | os.PathLike[str]) -> Report:
    """Check the log file at `path`."""
    name = os.fspath(path)
    try:
        data = read_json(name)
    except NovaError as e:
        return Report(name, (_problem(e),))
    return check_data(data, name)


def _problem(e: NovaError) -> Problem:
    return Problem(e.where, e.message, _STAGES.get(type(e).__name__, "read"))
