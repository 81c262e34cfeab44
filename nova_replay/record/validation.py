"""Validation reports: every problem of a log, in order: readable JSON, the schema,
the deck, every action's legality, and whether the game reached its end.

`check` collects them into a `Report` (for `nova-replay validate`); `record.load`
raises the first one instead.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any

from ..rules.errors import NovaError
from ..rules.words import words
from .fetch import resolve_game_ref
from .formats import convert
from .hanablive import anonymised_warning, looks_like_hanablive
from .load import Record, record_before, replay_log
from .reader import parse_log, read_json


@dataclass(frozen=True)
class Problem:
    """One problem: where it is, what it is, and at which stage it was found."""

    where: str
    message: str
    stage: str  # 'read', 'schema', 'deck', 'rules', 'unfinished' or 'warning'

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
    # For a log with an illegal action at turn K: its record up to turn K-1, to review.
    before_illegal: Record | None = None

    @property
    def finished(self) -> bool:
        return self.record is not None and self.record.timeline.final.over

    def errors(self, strict: bool = False) -> tuple[Problem, ...]:
        """The problems that make the log invalid (an unfinished game only if strict)."""
        return tuple(p for p in self.problems
                     if p.stage != "warning" and (strict or p.stage != "unfinished"))

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
        record = replay_log(log, file, source, every_state=False)
    except NovaError as e:
        return Report(file, (_problem(e),), source, before_illegal=record_before(log, file, source, e))
    final = record.timeline.final
    warning = anonymised_warning(log)
    if warning is not None:
        problems.append(Problem("$.players", warning, "warning"))
    if not final.over:
        pile = final.draw_pile(record.game)
        rules = record.game.ruleset
        problems.append(Problem(
            f"turn {final.turn}",
            f"the log stops before the game ended (score {final.score}, {pile} cards in the "
            f"draw pile, {words(rules).lives_left(final.lives, rules.lives)})",
            "unfinished",
        ))
    return Report(file, tuple(problems), source, record)


def check(path: str | os.PathLike[str]) -> Report:
    """Check the log file at `path` (or a hanab.live game id or replay URL, fetched once
    into the cache as the commands do; FetchError when it cannot be)."""
    name = resolve_game_ref(os.fspath(path))
    try:
        data = read_json(name)
    except NovaError as e:
        return Report(name, (_problem(e),))
    return check_data(data, name)


def check_each(path: str | os.PathLike[str]) -> list[Report]:
    """The reports of the file at `path`: one per game for a JSON array of hanab.live
    exports (named file[0], file[1], ...; hanab.live's seed lists come so), else one."""
    name = os.fspath(path)
    try:
        data = read_json(name)
    except NovaError as e:
        return [Report(name, (_problem(e),))]
    if isinstance(data, list) and data and all(looks_like_hanablive(g) for g in data):
        return [check_data(game, f"{name}[{i}]") for i, game in enumerate(data)]
    return [check_data(data, name)]


def _problem(e: NovaError) -> Problem:
    return Problem(e.where, e.message, _STAGES.get(type(e).__name__, "read"))
