"""`nova-replay lessons` and `nova-replay puzzles`: the course and "what would you do?"
puzzles (views.course, views.puzzles), kept apart from cli/__init__ which registers them."""

from __future__ import annotations

import json
import os
from pathlib import Path

import click
from pydantic import ValidationError

from ..conventions import Conventions
from ..play.suggest import convention_moves
from ..record.bundled import lessons_dir, samples_dir
from ..record.load import load
from ..review.analysis import analyze
from ..rules.errors import NovaError
from ..views.course import course
from ..views.puzzle_play import choices, position_text, verdict_lines
from ..views.puzzles import puzzle_name, puzzle_text, puzzles, read_puzzle
from ..views.text import printable
from .conventions import conventions_option
from .options import FileName, check_inputs, json_option, out_option, recursive_option, resolve_inputs
from .paths import expand_paths, shown_path
from .terminal import echo


@click.command("lessons")
@click.argument("folder", required=False, type=FileName(file_okay=False))
@json_option("Print the list as JSON (one object per lesson, with its absolute path).")
def lessons_command(folder: str | None, as_json: bool) -> None:
    """List the course's lessons in order: level, topic, game, turn, file, and the title
    under it.

    FOLDER defaults to the bundled course (`nova-replay samples` says where it is); the
    first line names it (relative to the current folder when under it). Open a lesson at
    its turn with `nova-replay replay FOLDER/FILE --turn N`; its text is the turn's
    comment. With --json, each lesson's absolute path.

    \b
    Examples:
      nova-replay lessons
      nova-replay lessons --json
    """
    if folder is not None:
        check_inputs([folder])
    try:
        where = Path(folder).resolve() if folder is not None else lessons_dir()
        found = course(where)
    except (NovaError, FileNotFoundError) as e:
        raise click.ClickException(printable(str(e), one_line=True)) from None
    if as_json:
        click.echo(json.dumps([{**lesson.model_dump(), "path": str(where / lesson.file)}
                               for lesson in found], indent=2, ensure_ascii=False))
        return
    topic_width = max((len(lesson.topic) for lesson in found), default=5)
    shown = shown_path(where)
    echo(f"The course in {shown}{os.sep} (open a lesson at its turn: nova-replay replay "
         f"{os.path.join(shown, 'FILE')} --turn N):")
    echo(f"{'#':>2}  level  {'topic':<{topic_width}}  {'game':<6}  turn  file")
    for lesson in found:
        echo(printable(f"{lesson.number:>2}  {lesson.level:>5}  {lesson.topic:<{topic_width}}  "
                       f"{lesson.game:<6}  {lesson.turn:>4}  {lesson.file}", one_line=True))
        echo(f"{'':8}{printable(lesson.title, one_line=True)}")


@click.command("samples")
@json_option('Print {"path": the folder, "games": how many sample logs it holds}.')
def samples_command(as_json: bool) -> None:
    """Say where the bundled sample games are: the folder, alone on the last line
    (relative to the current folder when under it, else absolute). It holds sample logs
    of every ruleset, the course (lessons/, its table of contents in README.md), puzzles
    (puzzles/) and one broken log per kind of error (invalid/). The commands' --help
    examples name this folder.

    \b
    Example:
      nova-replay samples
      nova-replay replay "$(nova-replay samples | tail -n 1)/nova-2p.json"
      nova-replay samples --json
    """
    try:
        folder = samples_dir()
    except FileNotFoundError as e:
        raise click.ClickException(str(e)) from None
    logs = sum(1 for _ in folder.glob("*.json"))
    if as_json:
        click.echo(json.dumps({"path": str(folder), "games": logs}, ensure_ascii=False))
        return
    echo(f"{logs} sample games; the course in lessons/ (table of contents: README.md), "
         f"puzzles in puzzles/, broken logs in invalid/:")
    click.echo(shown_path(folder))


@click.command("puzzles")
@click.argument("games", nargs=-1, type=FileName())
@out_option("Folder to write the puzzles to (made if missing).", folder=True)
@click.option("--player", "player", metavar="NAME",
              help="Only the turns where NAME erred: learn from your own games.")
@click.option("--play", "play_file", type=FileName(dir_okay=False), metavar="PUZZLE.json",
              help="Play one puzzle in the terminal (GAMES and --out are then not needed).")
@conventions_option
@json_option("Print what was written as JSON (shape below) instead of the lines.")
@recursive_option
def puzzles_command(games: tuple[str, ...], out: str | None, player: str | None,
                    play_file: str | None, conventions: Conventions | None,
                    as_json: bool, recursive: bool) -> None:
    """Make "what would you do?" puzzles from games: one JSON file per turn where the
    analysis found a blunder or mistake by the player to move and one better move (or
    one family of equivalent moves) was available to that player's own knowledge
    (docs/puzzles.md). Or play one with --play.

    A folder stands for its own *.json files (--recursive: its subfolders' too). Each
    puzzle names its source game as given here; the source games are not copied.

    With --json: {"out": the folder, "written": how many puzzles, "games": one per game
    given, {"file", "puzzles": the paths written} or {"file", "error"}}.

    \b
    Examples:
      nova-replay puzzles sample_games/nova-4p-careless-bots.json --out puzzles/
      nova-replay puzzles my-games/ --player alice --out my-puzzles/
      nova-replay puzzles --play sample_games/puzzles/p2_07-t006.json
      nova-replay puzzles my-games/ --out my-puzzles/ --json
    """
    if play_file is not None:
        if as_json:
            raise click.UsageError("--play is a game in the terminal: it cannot go with --json")
        if games or out:
            raise click.UsageError("--play takes one puzzle file: no GAMES, no --out")
        play_puzzle(play_file)
        return
    if not games:
        raise click.UsageError("Missing argument 'GAMES...' (or --play PUZZLE.json).")
    if out is None:
        raise click.UsageError("Missing option '--out' (the folder to write the puzzles to).")
    files = expand_paths(resolve_inputs(games), recursive=recursive)
    check_inputs(files)  # a missing game writes nothing, not even the folder
    folder = Path(out)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise click.ClickException(f"{out}: cannot make the folder: {e.strerror or e}") from None
    failed = written = 0
    told: list[dict[str, object]] = []
    for file in files:
        try:
            analysis = analyze(load(file), conventions)
            seat = None
            if player is not None:
                names = analysis.record.game.players
                if player not in names:
                    problem = f"{file}: no player {player!r} (players: {', '.join(names)})"
                    click.echo(printable(problem, one_line=True), err=True)
                    told.append({"file": file, "error": problem})
                    failed += 1
                    continue
                seat = names.index(player)
            found = puzzles(analysis, file, convention_moves(analysis), seat)
        except NovaError as e:
            click.echo(printable(str(e), one_line=True), err=True)
            told.append({"file": file, "error": str(e)})
            failed += 1
            continue
        paths = []
        for p in found:
            path = folder / puzzle_name(Path(file).stem, p.source.turn)
            path.write_text(puzzle_text(p), encoding="utf-8")
            paths.append(str(path))
        written += len(found)
        told.append({"file": file, "puzzles": paths})
        if not as_json:
            click.echo(printable(f"{file}: {len(found)} puzzle{'s' if len(found) != 1 else ''}",
                                 one_line=True))
    if as_json:
        click.echo(json.dumps({"out": out, "written": written, "games": told}, indent=2,
                              ensure_ascii=False))
    else:
        click.echo(f"wrote {written} puzzle{'s' if written != 1 else ''} to {out}")
    if failed:
        raise SystemExit(1)


def play_puzzle(file: str) -> None:
    """Show the position, ask for a move by its number, reveal the answer."""
    try:
        p = read_puzzle(file)
    except OSError as e:
        raise click.ClickException(printable(f"{file}: cannot read: {e.strerror or e}",
                                             one_line=True)) from None
    except ValidationError as e:
        first = e.errors()[0]
        where = ".".join(map(str, first["loc"]))
        raise click.ClickException(printable(
            f"{file}: not a nova-replay puzzle ({where + ': ' if where else ''}"
            f"{first['msg']})", one_line=True)) from None
    except ValueError as e:  # not UTF-8
        raise click.ClickException(printable(f"{file}: not a nova-replay puzzle ({e})",
                                             one_line=True)) from None
    # A puzzle's question, title, names and notes are anyone's text: each shown as
    # `replay` shows a log's (`terminal.echo`: control characters as escapes).
    echo(position_text(p))
    moves = choices(p)
    echo("Your move:")
    for i, m in enumerate(moves, start=1):
        echo(f"  {i:>2}. {m.text}")
    pick = click.prompt("Number", type=click.IntRange(1, len(moves)))
    for line in verdict_lines(p, moves[pick - 1]):
        echo(line)
