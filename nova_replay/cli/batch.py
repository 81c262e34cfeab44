"""`nova-replay batch`: review a whole corpus into one table (a thin layer over
`nova_replay.corpus`)."""

from __future__ import annotations

import glob
import importlib.util
import os
import sys
import time
from collections import Counter

import click

from ..corpus.frame import logs_only
from ..corpus.rows import GAME_COLUMNS, PLAYER_COLUMNS
from ..corpus.run import default_workers, review_all
from ..corpus.sources import SourceError, check_sources, count, items
from ..corpus.tables import TableError, Writer, open_table, table_format
from ..record.reader import MAX_FILE_BYTES
from ..review.conventions import Conventions
from .conventions import conventions_option
from .options import BAD_INPUT, USAGE, check_inputs, fail, out_option, resolve_inputs
from .solving import budget_of, budget_options


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
@click.option("--per-player", type=click.Path(dir_okay=False), default=None,
              help="Also write one row per player of each valid game (.parquet, .csv, .jsonl).")
@click.option("--workers", "-j", type=click.IntRange(min=1), default=None,
              help="Worker processes on this machine [default: all cores].")
@click.option("--scheduler", default=None, metavar="tcp://HOST:PORT",
              help="Run on an existing Dask distributed cluster instead of local processes.")
@click.option("--solve", is_flag=True,
              help="Also best possible at the deal (knowing every card) and the turns that "
                   "lost points.")
@budget_options("per game")
@conventions_option
def batch_command(games: tuple[str, ...], out: str, per_player: str | None,
                  workers: int | None, scheduler: str | None, solve: bool,
                  nodes: int | None, seconds: float | None,
                  conventions: Conventions | None) -> None:
    """Review many games into one table: a row per game (valid, first problem, score,
    max score, ending, wasted hints, lost critical cards, misfires, efficiency...).

    GAMES are files, folders (searched recursively for .json and .jsonl), globs and
    JSON Lines files (one log a line), in our format or hanab.live's; other JSON files
    of nova-replay (puzzles) are skipped and counted. Columns:
    docs/batch.md. A progress bar shows on a terminal. Exit 1 if any log was invalid
    or an input is missing (every valid row is still written); Ctrl-C writes what is
    done and says so. --scheduler needs the [dask] extra.

    \b
    Examples:
      nova-replay batch sample_games/ --out games.csv
      nova-replay batch 'season/**/*.json' --out games.parquet --per-player players.parquet
      nova-replay batch games.jsonl --out games.parquet --scheduler tcp://10.0.0.5:8786
    """
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
    skipped: Counter[str] = Counter()
    total = count(games)
    progress = Progress(total, sys.stderr.isatty())
    game_table = open_table(out, GAME_COLUMNS)
    player_table: Writer | None = open_table(per_player, PLAYER_COLUMNS) if per_player else None
    done = invalid = read = 0  # games (rows) and logs read (a file may hold many games)
    endings: Counter[str] = Counter()
    score_sum = 0
    first_problems: list[str] = []
    stopped = False
    try:
        for result in review_all(logs_only(items(games, MAX_FILE_BYTES), skipped),
                                 workers or default_workers(), scheduler,
                                 budget_of(nodes, seconds) if solve else None, conventions):
            for row, players in result:
                game_table.write(row)
                if player_table is not None:
                    for p in players:
                        player_table.write(p)
                done += 1
                if row["valid"]:
                    score_sum += row["score"]
                    endings[row["ending"] or "unfinished"] += 1
                else:
                    invalid += 1
                    if len(first_problems) < 10:
                        first_problems.append(f"{_where(row)}: {row['problem']}")
            read += 1
            progress.show(read, invalid)
    except KeyboardInterrupt:
        stopped = True
    except OSError as e:  # Dask's client: no scheduler there (nothing else here raises it)
        if not scheduler or read:
            raise
        fail(f"batch: --scheduler {scheduler}: cannot reach the Dask scheduler: {e}", BAD_INPUT)
    finally:
        game_table.close()
        if player_table is not None:
            player_table.close()
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
    valid = done - invalid
    mean = f"; mean score {score_sum / valid:.2f}" if valid else ""
    by_ending = ", ".join(f"{k} {v:,}" for k, v in sorted(endings.items()))
    click.echo(f"{done:,} games: {valid:,} valid, {invalid:,} invalid"
               f"{' (' + by_ending + ')' if by_ending else ''}{mean}; wrote {out}"
               f"{' and ' + per_player if per_player else ''}")
    if stopped:
        click.echo(f"stopped by Ctrl-C after {read:,} of {total:,} logs ({done:,} games): the "
                   f"tables hold those games", err=True)
        sys.exit(130)
    sys.exit(1 if invalid else 0)
