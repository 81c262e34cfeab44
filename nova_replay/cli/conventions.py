"""The `--conventions` option, one definition for every command that reviews a game
(analyze, replay, batch, puzzles): `h-group:N` (N = 1 to 5, or 11), `h-group` (the
default level) or `none` (no reading; the notes make no convention claim)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import click

from ..conventions import DEFAULT_LEVEL, Conventions, ConventionsError, parse_conventions

F = TypeVar("F", bound=Callable[..., Any])

HELP = (f"Read clues by these conventions: h-group:N (H-Group's level N: 1 to 5, or 11 for "
        f"bluffs) or none. "
        f"Default h-group:{DEFAULT_LEVEL}. See docs/conventions.md.")


def _parse(ctx: click.Context, param: click.Parameter, value: str) -> Conventions | None:
    try:
        return parse_conventions(value)
    except ConventionsError as e:
        raise click.BadParameter(str(e)) from None


def conventions_option(command: F) -> F:
    """Add `--conventions` to a command; it receives a `conventions` argument
    (a Conventions, or None for none)."""
    return click.option("--conventions", "conventions", default=f"h-group:{DEFAULT_LEVEL}",
                        show_default=True, metavar="h-group:N|none", callback=_parse,
                        help=HELP)(command)
