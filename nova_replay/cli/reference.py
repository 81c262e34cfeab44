"""The CLI reference page of the docs site (docs/cli.md), made from the commands' own
`--help`, so the page and the help cannot disagree (scripts/regenerate.py writes it; a
test fails when it is stale)."""

from __future__ import annotations

import click

WIDTH = 100  # the help's width on the page, as on a terminal of 100 columns


def cli_reference(main: click.Group) -> str:
    """docs/cli.md: the program's help, then each command's, in name order."""
    root = click.Context(main, info_name="nova-replay", terminal_width=WIDTH,
                         max_content_width=WIDTH, **main.context_settings)
    parts = ["# Command line\n",
             "Every command's `--help`, as the installed program prints it (this page is "
             "generated from it by `scripts/regenerate.py`). Exit codes in every command: "
             "0 all good, 1 an invalid log or an input that is missing or cannot be read, "
             "2 a usage error.\n",
             "```text", main.get_help(root), "```\n"]
    for name in sorted(main.commands):
        command = main.commands[name]
        if command.hidden:
            continue
        ctx = click.Context(command, info_name=name, parent=root, terminal_width=WIDTH,
                            max_content_width=WIDTH)
        parts += [f"## `nova-replay {name}`\n", "```text", command.get_help(ctx), "```\n"]
    return "\n".join(parts)
