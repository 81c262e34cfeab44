"""Text for a terminal: every line fits its width (`COLUMNS` when set, else the terminal's,
else 80: a pipe, a file, a test), continued lines indented under their first. A problem
(an invalid log's line, an error on stderr) stays one line whatever its length: it is
read and grepped as one (FILE: WHERE: WHAT)."""

from __future__ import annotations

import os
import shutil
import sys
import textwrap

import click

from ..views.text import printable

PIPE_WIDTH = 80  # the width when nothing says one: a pipe or a file, as most tools assume
HANG = 4  # a continued line sits this much deeper than the line it continues
NARROWEST = 40


def width() -> int:
    """`COLUMNS` when it is a number (the shell's, or the user's choice), else the
    terminal's width when stdout is one, else PIPE_WIDTH; never under NARROWEST."""
    named = os.environ.get("COLUMNS", "").strip()
    if named.isdigit() and int(named) > 0:
        return max(NARROWEST, int(named))
    if sys.stdout.isatty():
        return max(NARROWEST, shutil.get_terminal_size((PIPE_WIDTH, 24)).columns)
    return PIPE_WIDTH


def wrap(text: str, columns: int | None = None) -> str:
    """Each line of `text` wrapped at word boundaries (a card such as 10♥ or a word is
    never split); a continued line is indented HANG deeper than its first."""
    columns = columns or width()
    out = []
    for line in text.split("\n"):
        if len(line) <= columns:
            out.append(line)
            continue
        indent = line[: len(line) - len(line.lstrip(" "))]
        out.extend(textwrap.wrap(line, columns, initial_indent="",
                                 subsequent_indent=indent + " " * HANG,
                                 break_long_words=False, break_on_hyphens=False,
                                 drop_whitespace=True) or [line])
    return "\n".join(out)


def echo(text: str, nl: bool = True, err: bool = False) -> None:
    """click.echo of the wrapped text, its control characters shown as escapes (a log's
    comments, names and titles are anyone's: `views.text.printable`)."""
    click.echo(wrap(printable(text)), nl=nl, err=err)


def per_player_text(rows: list[dict[str, object]], words_hint: str, public_only: bool) -> str:
    """A line per player from `corpus.rows.player_rows`: what they did, in the game's
    word for a hint. `public_only` (viewing as a player) leaves out the counts that come
    from notes the viewer may not read (wasted hints, critical cards lost)."""
    def n(count: object, one: str, many: str | None = None) -> str:
        return f"{count} {one if count == 1 else (many or one + 's')}"

    width_ = max(len(str(r["player"])) for r in rows)
    lines = []
    for r in rows:
        parts = [n(r["turns"], "turn"), n(r["plays"], "play"), n(r["misfires"], "misfire"),
                 n(r["discards"], "discard"), n(r["hints"], words_hint)]
        if not public_only:
            parts[-1] += f" ({r['wasted_hints']} wasted)" if r["hints"] else ""
            parts.append(n(r["critical_lost"], "critical card", "critical cards") + " lost")
        lines.append(f"  {str(r['player']) + ':':<{width_ + 1}} " + ", ".join(parts))
    return "\n".join(lines)
