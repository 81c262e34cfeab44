"""`nova-replay batch`: review a whole corpus into one table (a thin layer over
`nova_replay.corpus`)."""

from __future__ import annotations

import glob
import importlib.util
import os
import signal
import sys
import threading
import time
from collections import Counter
from types import FrameType
from typing import Any

import click

from ..conventions import Conventions
from ..corpus.frame import logs_only
from ..corpus.rows import GAME_COLUMNS, PLAYER_COLUMNS
from ..corpus.run import default_workers, review_all
from ..corpus.sources import SourceError, check_sources, count, items
from ..corpus.tables import TableError, TableFile, table_format
from ..play.value import DEFAULT_SAMPLES, PlayerValues
from ..record.reader import MAX_FILE_BYTES
from ..solver.exact import Budget
from .conventions import conventions_option
from .options import (
    BAD_INPUT,
    USAGE,
    FileName,
    check_inputs,
    fail,
    needs,
    out_option,
    recursive_option,
    resolve_inputs,
)
from .solving import budget_of, budget_options
from .terminal import echo


def _where(row: dict[str, object]) -> str:
    """'file', 'file:line' (JSON Lines) or 'file[i]' (an array of exports)."""
    where = str(row["file"])
    if row["line"] is not None:
        where += f":{row['line']}"
    if row["game"] is not None:
        where += f"[{row['game']}]"
    return where


class Progress:
    """A one-line progress bar on a terminal: logs read, logs/s, ETA, invalid so far (a
    JSON array of hanab.live exports counts once here, and as its games in the table)."""

    def __init__(self, total: int, enabled: bool) -> None:
        self.total, self.enabled = total, enabled
        self.start = self.last = time.monotonic()

    def show(self, done: int, invalid: int, final: bool = False) -> None:
        now = time.monotonic()
        if not self.enabled or (not final and now - self.last < 0.2):
            return
        self.last = now
        rate = done / max(now - self.start, 1e-9)
        eta = (self.total - done) / rate if rate and self.total > done else 0
        click.echo(f"\r{done:,}/{self.total:,} logs  {rate:,.0f} logs/s  "
                   f"ETA {int(eta) // 60}:{int(eta) % 60:02d}  invalid {invalid:,}   ",
                   err=True, nl=final)


@click.command("batch")
@click.argument("games", nargs=-1, required=True)
@out_option("The games table: .parquet, .csv or .jsonl (by its extension).", required=True)
@click.option("--per-player", type=FileName(dir_okay=False), default=None,
              help="Also write one row per player of each valid game (.parquet, .csv, .jsonl).")
@click.option("--workers", "-j", type=click.IntRange(min=1), default=None,
              help="Worker processes on this machine [default: all cores].")
@click.option("--scheduler", default=None, metavar="tcp://HOST:PORT",
              help="Run on an existing Dask distributed cluster instead of local processes.")
@click.option("--solve", is_flag=True,
              help="Also best possible at the deal (knowing every card) and the turns that "
                   "lost points.")
@budget_options("per game")
@click.option("--value", "value", is_flag=True,
              help="With --per-player: value every move from what its player knew "
                   "(docs/values.md) and add each player's inaccuracies, mistakes, "
                   "blunders, mean expected loss and accuracy.")
@click.option("--samples", type=click.IntRange(1, 10_000), default=None, metavar="N",
              help=f"With --value: deals per move [default: {DEFAULT_SAMPLES}].")
@conventions_option
@recursive_option
def batch_command(games: tuple[str, ...], out: str, per_player: str | None,
                  workers: int | None, scheduler: str | None, solve: bool,
                  nodes: int | None, seconds: float | None, value: bool,
                  samples: int | None, conventions: Conventions | None, recursive: bool) -> None:
    """Review many games into one table: a row per game (valid, first problem, score,
    max score, ending, wasted hints, lost critical cards, misfires, efficiency...).

    GAMES are files, folders (their own .json and .jsonl files; with --recursive their
    subfolders' too), globs ('**' reaches into subfolders) and JSON Lines files (one log
    a line), in our format or hanab.live's; other JSON files
    of nova-replay (puzzles) are skipped and counted. Columns:
    docs/batch.md. A progress bar shows on a terminal. Exit 1 if any log was invalid
    or an input is missing (every valid row is still written). OUT is replaced only when the
    run is complete; Ctrl-C stops at once, leaving what is done in OUT.partial.EXT (a second
    Ctrl-C leaves nothing). --scheduler needs the [dask] extra.

    \b
    Examples:
      nova-replay batch sample_games/ --out games.csv
      nova-replay batch season/ --recursive --out games.parquet
      nova-replay batch 'season/**/*.json' -o g.parquet --per-player p.parquet
      nova-replay batch games.jsonl -o g.parquet --scheduler tcp://10.0.0.5:8786
    """
    if samples is not None and not value:
        needs("batch", "--samples", "--value (the move values it sets the deals of)")
    if value and per_player is None:
        needs("batch", "--value", "--per-player (its columns are per player)")
    if value and conventions is None:
        fail("batch: --value needs --conventions h-group:N (the convention player plays the "
             "rest of each game by them), found none", USAGE)
    valuer = (PlayerValues(samples or DEFAULT_SAMPLES, conventions.level)
              if value and conventions is not None else None)
    games = tuple(resolve_inputs(games))
    check_inputs([g for g in games if not glob.has_magic(g) or os.path.exists(g)])
    try:
        check_sources(games)  # the globs
    except SourceError as e:
        fail(str(e), BAD_INPUT)
    try:
        for path in filter(None, (out, per_player)):
            table_format(path)
            if os.path.exists(path) and any(os.path.isfile(g) and os.path.samefile(g, path)
                                            for g in games):
                raise TableError(f"{path}: the output would replace an input; choose another name")
    except TableError as e:
        fail(str(e), USAGE)
    if scheduler and importlib.util.find_spec("distributed") is None:
        fail("batch: --scheduler needs Dask: pip install 'nova-replay[dask]'", BAD_INPUT)
    solve = solve or nodes is not None or seconds is not None
    tables: list[TableFile] = []
    with _Interrupts(tables) as interrupts:  # the signal handlers of the whole run
        _run(games, out, per_player, workers or default_workers(), scheduler,
             budget_of(nodes, seconds) if solve else None, conventions, tables, interrupts,
             recursive, valuer)


def _run(games: tuple[str, ...], out: str, per_player: str | None, workers: int,
         scheduler: str | None, solve: Budget | None, conventions: Conventions | None,
         tables: list[TableFile], interrupts: _Interrupts, recursive: bool,
         valuer: PlayerValues | None = None) -> None:
    """The run of `batch_command` once its arguments are checked; exits as it says."""
    try:  # the output folder is tried first: a missing or read-only one is one line
        total = count(games, recursive)
        for path, columns in ((out, GAME_COLUMNS), (per_player or "", PLAYER_COLUMNS)):
            if path:
                tables.append(TableFile(path, columns))
    except (OSError, KeyboardInterrupt) as e:
        for table in tables:
            table.remove()
        if isinstance(e, KeyboardInterrupt):
            click.echo(f"stopped by {interrupts.signal_name or 'Ctrl-C'} before any game: "
                       f"{out} is left as it was", err=True)
            sys.exit(interrupts.exit_code)
        click.echo(f"{e.filename or out}: cannot write the table there: {e.strerror or e}",
                   err=True)
        sys.exit(2)
    skipped: Counter[str] = Counter()
    progress = Progress(total, sys.stderr.isatty())
    game_table, player_table = tables[0], (tables[1] if per_player else None)
    done = invalid = read = perfect_sum = 0  # games (rows) and logs read (a file may hold many games)
    endings: Counter[str] = Counter()
    score_sum = 0
    first_problems: list[str] = []
    stopped: str | None = None  # the signal that stopped the run
    failed: OSError | None = None
    kept: list[str | None] = []  # the partial tables of a stopped run
    results = review_all(logs_only(items(games, MAX_FILE_BYTES, _skipped, recursive), skipped),
                         workers, scheduler, solve, conventions, valuer)
    try:
        for result in results:
            for row, players in result:
                game_table.write(row)
                if player_table is not None:
                    for p in players:
                        player_table.write(p)
                done += 1
                if row["valid"]:
                    score_sum += row["score"]
                    perfect_sum += row["perfect_score"] or 0
                    endings[row["ending"] or "unfinished"] += 1
                else:
                    invalid += 1
                    if len(first_problems) < 10:
                        first_problems.append(f"{_where(row)}: {row['problem']}")
            read += 1
            progress.show(read, invalid)
        results.close()  # the workers end here, before the tables are put in place
        for table in tables:
            table.commit()
    except KeyboardInterrupt:
        stopped = interrupts.signal_name or "Ctrl-C"
    except OSError as e:  # a full disk, the folder gone: the output stays as it was
        if scheduler and not read:  # Dask's client: no scheduler there
            for table in tables:
                table.remove()
            fail(f"batch: --scheduler {scheduler}: cannot reach the Dask scheduler: {e}",
                 BAD_INPUT)
        failed = e
    finally:
        results.close()  # stops the workers at once (they never finish their chunks)
    if stopped or failed:
        kept = [table.stop(keep=failed is None) for table in tables]
    progress.show(read, invalid, final=True)
    for line in first_problems:
        click.echo(line, err=True)
    if invalid > len(first_problems):
        click.echo(f"... and {invalid - len(first_problems):,} more invalid logs (see the "
                   f"'problem' column)", err=True)
    if skipped:
        click.echo("skipped " + ", ".join(f"{n:,} {kind} file{'s' if n != 1 else ''}"
                                          for kind, n in sorted(skipped.items()))
                   + " (not game logs)", err=True)
    if failed is not None:
        where = failed.filename or out
        click.echo(f"{where}: cannot write the table: {failed.strerror or failed}; {out} is left "
                   f"as it was", err=True)
        sys.exit(1)
    valid = done - invalid
    # Rulesets differ in their perfect score (Nova 21..., Hanabi 25, 30 with six suits):
    # the mean says how far it is from the games' own perfect mean.
    mean = (f"; mean score {score_sum / valid:.2f} of a perfect {perfect_sum / valid:.2f} "
            f"({score_sum / perfect_sum:.0%})" if valid and perfect_sum else "")
    by_ending = ", ".join(f"{k} {v:,}" for k, v in sorted(endings.items()))
    wrote = " and ".join(filter(None, kept)) if stopped else " and ".join(t.path for t in tables)
    echo(f"{done:,} games: {valid:,} valid, {invalid:,} invalid"
         f"{' (' + by_ending + ')' if by_ending else ''}{mean}; wrote {wrote}")
    if stopped:
        click.echo(f"stopped by {stopped} after {read:,} of {total:,} logs ({done:,} games): "
                   f"{wrote} hold{'s' if len(tables) == 1 else ''} those games; {out} is left "
                   f"as it was", err=True)
        sys.exit(interrupts.exit_code)
    sys.exit(1 if invalid else 0)


def _skipped(file: str, what: str) -> None:
    click.echo(f"{file}: skipped: not a regular file: {what}", err=True)


class _Interrupts:
    """Ctrl-C (or SIGTERM) while a batch runs: the first stops the run (KeyboardInterrupt:
    the workers are stopped, what is done is kept in OUT.partial.EXT); a second exits at
    once, removing the unfinished tables. The handlers are the previous ones again after.
    The exit code is the shell's for the signal, 128 + its number: 130 after Ctrl-C
    (SIGINT), 143 after SIGTERM, so that a script or a service manager can tell them."""

    SIGNALS = (signal.SIGINT, signal.SIGTERM)

    def __init__(self, tables: list[TableFile]) -> None:
        self.tables = tables
        self.signal_name = ""
        self.signum = int(signal.SIGINT)  # a KeyboardInterrupt with no signal: Ctrl-C
        self.before: list[Any] = []

    @property
    def exit_code(self) -> int:
        return 128 + self.signum

    def __enter__(self) -> _Interrupts:
        if threading.current_thread() is threading.main_thread():
            self.before = [signal.signal(s, self._handle) for s in self.SIGNALS]
        return self

    def __exit__(self, *_: object) -> None:
        for s, handler in zip(self.SIGNALS, self.before, strict=False):
            signal.signal(s, handler)

    def _handle(self, signum: int, _frame: FrameType | None) -> None:
        if not self.signal_name:
            self.signal_name = "Ctrl-C" if signum == signal.SIGINT else signal.Signals(signum).name
            self.signum = signum
            raise KeyboardInterrupt
        for table in self.tables:
            table.remove()
        os.write(2, b"\nstopped at once: no table written\n")
        os._exit(128 + signum)
