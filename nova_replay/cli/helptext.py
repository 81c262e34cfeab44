"""`--help` whose examples work where nova-replay is installed: the examples name the
bundled samples as `sample_games/` (the folder of a checkout); from a wheel that folder is
in site-packages, so the help shows it where it is (`nova-replay samples` says the same).
The docs' CLI page (cli/reference.py) keeps `sample_games/`."""

from __future__ import annotations

import os
import shlex

import click

from ..record.bundled import samples_dir
from .paths import shown_path

WRITTEN = "sample_games/"


def samples_in_help(text: str) -> str:
    """`text` with `sample_games/` replaced by the bundled samples' folder as this
    installation has it (relative when under the current folder; quoted for a shell
    when it needs to be)."""
    try:
        folder = shown_path(samples_dir())
    except FileNotFoundError:  # an installation without its samples: say it as written
        return text
    real = shlex.quote(folder + os.sep)
    return text if real == WRITTEN else text.replace(WRITTEN, real)


class _SamplesFormatter(click.HelpFormatter):
    def getvalue(self) -> str:
        return samples_in_help(super().getvalue())


class HelpContext(click.Context):
    """The context of every command: its help names the bundled samples where they are."""

    formatter_class = _SamplesFormatter


def use_help_context(group: click.Group) -> None:
    """Give `group` and each of its commands the HelpContext (after every add_command)."""
    group.context_class = HelpContext
    for command in group.commands.values():
        command.context_class = HelpContext
