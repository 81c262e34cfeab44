"""The solver's budget options, one home for every command that solves (`analyze
--solve`, `batch --solve`, `decks`): work in search nodes by default, so the figures are
the same on any machine and load; a time cap only when asked."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

import click

from ..solver.exact import DEFAULT_NODES, Budget
from .options import Seconds

F = TypeVar("F", bound=Callable[..., object])


def budget_options(per: str) -> Callable[[F], F]:
    """`--nodes N` and `--budget SECONDS` for a command whose solver works `per` (e.g.
    'for the whole game')."""

    def add(command: F) -> F:
        command = click.option(
            "--budget", "seconds", type=Seconds(min=0.01), default=None,
            metavar="SECONDS",
            help=f"With the solver: also a time cap {per} (the figures may then depend on "
                 f"the machine and its load) [default: none].")(command)
        return click.option(
            "--nodes", type=click.IntRange(min=0), default=None, metavar="N",
            help=f"The solver's work {per}, in search nodes; the same figures on any "
                 f"machine [default: {DEFAULT_NODES:,}, about a second on one core; with "
                 f"--budget alone: no node limit].")(command)

    return add


def budget_of(nodes: int | None, seconds: float | None) -> Budget:
    """The budget the options ask: the default nodes unless only a time cap is given."""
    if nodes is None and seconds is None:
        return Budget()
    return Budget(nodes, seconds)
