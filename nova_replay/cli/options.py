"""The options every command spells the same way, and the exit codes they share.

One vocabulary: `-o/--out` for what a command writes (`--output` still works, hidden),
`--json` for a machine-readable answer, `--as PLAYER` for a player's view. Exit codes:
0 all good, 1 a bad or unreadable input (or a log that is invalid), 2 a usage error.
A command adds an option with one of these decorators, so that a new command, or another
branch's option (`--conventions`, a new command), reads like the rest.
"""

from __future__ import annotations

import errno
import math
import os
import sys
from collections.abc import Callable, Sequence
from typing import Any, NoReturn, TypeVar

import click

from ..record.fetch import FetchError, resolve_game_ref
from ..views.text import printable

F = TypeVar("F", bound=Callable[..., Any])

BAD_INPUT = 1
USAGE = 2


def fail(message: str, code: int = BAD_INPUT) -> NoReturn:
    """One line on stderr, then exit (1: bad input; 2: usage error); control characters
    shown as escapes (the message may quote a log's text)."""
    click.echo(printable(message, one_line=True), err=True)
    sys.exit(code)


class FileName(click.Path):
    """click.Path, where a name no system takes (a NUL byte) is a usage error in one
    line: click's own check would stat it and raise ValueError."""

    def convert(self, value: Any, param: click.Parameter | None,
                ctx: click.Context | None) -> Any:
        if isinstance(value, str) and "\x00" in value:
            self.fail(f"{printable(value, one_line=True)!r}: not a file name (a NUL byte)",
                      param, ctx)
        return super().convert(value, param, ctx)


class Seconds(click.FloatRange):
    """A number of seconds in a range, finite: click's FloatRange lets nan through (no
    comparison is true of it), and inf means no limit only where a command says so."""

    name = "seconds"

    def convert(self, value: Any, param: click.Parameter | None,
                ctx: click.Context | None) -> Any:
        number = super().convert(value, param, ctx)
        if not math.isfinite(number):
            self.fail(f"expected a number of seconds, found {value!r}", param, ctx)
        return number


class _HiddenAliases(click.Option):
    """An option whose help lists only its first names: `--output` stays an alias of
    `--out` that scripts may use, but help shows one spelling."""

    hidden_aliases = ("--output",)

    def get_help_record(self, ctx: click.Context) -> tuple[str, str] | None:
        shown = self.opts
        self.opts = [o for o in shown if o not in self.hidden_aliases]
        try:
            return super().get_help_record(ctx)
        finally:
            self.opts = shown


def out_option(help: str, *, required: bool = False, folder: bool = False,
               either: bool = False) -> Callable[[F], F]:
    """`-o/--out PATH` (hidden alias `--output`): a file, with `folder` a folder, with
    `either` a file or a folder (the command tells which from what it writes)."""
    kind = FileName(file_okay=either or not folder, dir_okay=either or folder)
    return click.option("--out", "-o", "--output", "out", cls=_HiddenAliases, type=kind,
                        default=None, required=required, help=help)


def json_option(help: str = "Print a machine-readable JSON answer.") -> Callable[[F], F]:
    return click.option("--json", "as_json", is_flag=True, help=help)


def recursive_option(command: F) -> F:
    """`-r/--recursive`: a folder stands for its own *.json files (the one folder rule,
    `record.reader.folder_files`); with this, its subfolders' too."""
    return click.option("--recursive", "-r", is_flag=True,
                        help="A folder stands for its own *.json files; with this, its "
                             "subfolders' too.")(command)


def check_inputs(files: tuple[str, ...] | list[str]) -> None:
    """Every input file exists and can be read, or one line and exit 1 (before any work,
    so that a missing file writes nothing)."""
    for file in files:
        if not os.path.exists(file):
            fail(f"{file}: cannot read file: {os.strerror(errno.ENOENT)}")
        if not os.access(file, os.R_OK):
            fail(f"{file}: cannot read file: {os.strerror(errno.EACCES)}")


def needs(command: str, option: str, other: str) -> NoReturn:
    """An option that means something only with another one, given without it."""
    fail(f"{command}: {option} needs {other}", USAGE)


def resolve_inputs(args: Sequence[str]) -> list[str]:
    """The arguments with each hanab.live game id or replay URL replaced by the path of
    that game's export in the cache (fetched first if need be); files, folders and globs
    as given. A game that cannot be fetched is one line and exit 1."""
    try:
        return [resolve_game_ref(arg) for arg in args]
    except FetchError as e:
        fail(str(e))
