"""Loading a record: a log file or JSON data, read, typed and replayed.

`load` raises the first problem, for the commands that need a good log;
`record.validation` collects every problem into a report instead.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any

from ..rules.engine import Timeline, replay
from ..rules.errors import IllegalAction, NovaError, SchemaError
from ..rules.game import Game
from ..rules.rulesets import RulesetError
from .actions import actions_from_log, game_from_log
from .fetch import resolve_game_ref
from .formats import convert
from .hanablive import kept_starting_player
from .log import GameLog
from .reader import parse_log, read_json


@dataclass(frozen=True)
class Record:
    """A good log and what it replays to."""

    file: str
    log: GameLog
    game: Game
    timeline: Timeline
    converted_from: str | None = None  # e.g. 'hanab.live' when read from that format


def record_before(log: GameLog, file: str, source: str | None,
                  error: NovaError) -> Record | None:
    """The record of `log` up to the turn before `error`, an illegal action at turn K
    (turns 0..K-1), so that what was legal can still be reviewed; None for any other
    problem. The part is unfinished: its termination, if any, is dropped."""
    if not isinstance(error, IllegalAction) or error.turn < 1:
        return None
    part = log.model_copy(update={"actions": log.actions[:error.turn - 1], "termination": None})
    try:
        return replay_log(part, file, source)
    except NovaError:
        return None


def load_until_illegal(path: str | os.PathLike[str]) -> tuple[Record, IllegalAction | None]:
    """The record of the log at `path`, or, when an action is illegal, the record up
    to the turn before it and that problem. Raises any other NovaError."""
    name = os.fspath(path)
    data = read_json(name)
    try:
        return load_data(data, name), None
    except IllegalAction as e:
        converted, source = convert(data)
        log = parse_log(converted)
        assert log is not None
        part = record_before(log, name, source, e)
        if part is None:
            raise
        return part, e


def load_data(data: Any, file: str = "") -> Record:
    """The record of JSON `data`; raises the first NovaError, told with `file`."""
    try:
        converted, source = convert(data)
        log = parse_log(converted)
        assert log is not None
        return replay_log(log, file, source)
    except NovaError as e:
        raise e.in_file(file) from None


def load(path: str | os.PathLike[str]) -> Record:
    """The record of the log file at `path`, or of a hanab.live game id or replay URL as
    the commands take them (`fetch.resolve_game_ref`); raises the first NovaError, or
    FetchError for a game that cannot be fetched."""
    name = resolve_game_ref(os.fspath(path))
    return load_data(read_json(name), name)


def as_record(source: Record | GameLog | str | os.PathLike[str] | dict[str, Any]) -> Record:
    """A record from whatever the caller has: a record, a typed log, a path or JSON data.
    Raises the first NovaError."""
    if isinstance(source, Record):
        return source
    if isinstance(source, GameLog):
        return replay_log(source, "", None)
    if isinstance(source, dict):
        return load_data(source)
    return load(source)


def replay_log(log: GameLog, file: str, source: str | None,
               every_state: bool = True) -> Record:
    """The record of a typed log; raises the first NovaError. `every_state`: make every
    turn's table now (a review reads them all; a validation needs only the last)."""
    try:
        game = game_from_log(log)
    except RulesetError as e:
        raise SchemaError("$.ruleset", str(e)) from None
    kept_starting_player(log)  # a kept hanab.live option every export and review reads
    timeline = replay(game, actions_from_log(game, log), log.termination is not None,
                      every_state)
    return Record(file, log, game, timeline, source)
