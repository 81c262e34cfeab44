"""`nova_replay.batch`: a corpus reviewed into a pyarrow Table from Python, the same rows
as `nova-replay batch` writes (docs/batch.md), for pandas (`.to_pandas()`) or Polars."""

from __future__ import annotations

import json
import os
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from ..record.fetch import resolve_game_ref
from ..record.reader import MAX_FILE_BYTES
from ..solver.exact import Budget
from .rows import GAME_COLUMNS, PLAYER_COLUMNS, Row
from .run import review_all
from .sources import Item, items
from .tables import arrow_table


def batch(paths: str | os.PathLike[str] | Sequence[str | os.PathLike[str]],
          per_player: bool = False, workers: int = 1, solve: Budget | None = None,
          recursive: bool = False) -> Any:
    """A row per game (or, with `per_player`, per player of each valid game) of the logs
    that `paths` name: files, folders (their own .json and .jsonl files; with `recursive`
    their subfolders' too), globs, JSON Lines files, hanab.live game ids and replay URLs
    (fetched into the cache, as the commands do). An invalid
    log is a row with `valid` False and its `problem`; a puzzle file is no log, and
    skipped. `workers` > 1 reviews on that
    many processes; `solve` gives the solver that budget per game (`Budget()`: the default
    count of search nodes, the same figures on any machine; None: no solver). Raises
    SourceError (a ValueError) when a path names nothing."""
    given = [paths] if isinstance(paths, (str, os.PathLike)) else list(paths)
    names = [resolve_game_ref(os.fspath(p)) for p in given]
    games: list[Row] = []
    players: list[Row] = []
    skipped: Counter[str] = Counter()
    for result in review_all(logs_only(items(names, MAX_FILE_BYTES, recursive=recursive),
                                       skipped), workers, None, solve):
        for row, rows in result:
            games.append(row)
            players.extend(rows)
    return arrow_table(players, PLAYER_COLUMNS) if per_player else arrow_table(games, GAME_COLUMNS)


# Other JSON files nova-replay writes, by their "format": not game logs, so `batch` skips them.
NOT_LOGS = {b"nova-replay-puzzle": "puzzle"}


def logs_only(found: Iterable[Item], skipped: Counter[str]) -> Iterator[Item]:
    """The items that may be game logs; a puzzle is counted in
    `skipped` by its kind instead. Only a file that names such a format near its start
    is parsed to be sure (a log's own text could quote one)."""
    for item in found:
        head = item.raw[:200]
        kind = next((k for marker, k in NOT_LOGS.items() if marker in head), None)
        if kind is not None and _format_of(item.raw) in NOT_LOGS:
            skipped[kind] += 1
            continue
        yield item


def _format_of(raw: bytes) -> bytes | None:
    try:
        data = json.loads(raw)
    except ValueError:
        return None
    value = data.get("format") if isinstance(data, dict) else None
    return value.encode() if isinstance(value, str) else None
