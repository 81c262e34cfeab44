"""The `nova-replay` command line: a thin layer over the library.

Every problem with an input becomes one line on stderr and a non-zero exit
(1 for a bad log, 2 for a usage error); no command prints a traceback for bad input.
"""

from __future__ import annotations

import json
import os
import sys
from dataclasses import replace

import click

from .. import __version__
from ..conventions import Conventions, not_read
from ..conventions import read_game as game_reading
from ..corpus.rows import player_rows
from ..knowledge.perspective import REVIEWER, Perspective, viewer_of
from ..knowledge.tiers import timeline_knowledge
from ..play.suggest import solver_agrees, suggestions
from ..play.value import DEFAULT_SAMPLES, GameValues, move_values
from ..play.value_notes import ValuesValuer
from ..play.value_report import values_json, values_text
from ..record.hanablive import anonymised_warning, from_hanablive
from ..record.hanablive_export import dumps_hanablive, export_losses, to_hanablive
from ..record.load import Record, load, load_data, load_until_illegal
from ..record.log import json_schema
from ..record.reader import read_json
from ..record.validation import Report, check_each
from ..record.writer import dumps
from ..review.analysis import analyze
from ..review.evaluation import evaluate
from ..rules.errors import IllegalAction, NovaError
from ..rules.words import words
from ..views.replay_json import replay_data
from ..views.report import analysis_report
from ..views.review_text import (
    TIERS,
    evaluation_text,
    knowledge_lines,
    knowledge_text,
    notes_text,
    reading_lines,
    readings_text,
    summary_text,
)
from ..views.text import card_notes_text, ending_text, game_text, printable, turn_text
from .batch import batch_command
from .conventions import conventions_option
from .decks import decks_command
from .fetch import fetch_command
from .helptext import use_help_context
from .options import (
    USAGE,
    FileName,
    check_inputs,
    fail,
    json_option,
    needs,
    out_option,
    recursive_option,
    resolve_inputs,
)
from .paths import expand_paths
from .ports import free_port
from .simulate import simulate_command
from .solving import budget_of, budget_options
from .teach import lessons_command, puzzles_command, samples_command
from .terminal import echo, per_player_text


def _values(file: str, record: Record, conventions: Conventions | None,
            samples: int) -> GameValues:
    """Every move's value, or exit with one line saying why the game cannot be valued."""
    if conventions is None:
        fail(f"{file}: --value needs --conventions h-group:N (the convention player "
             f"plays the rest of the game by them), found none", USAGE)
    why = not_read(record.game.ruleset)
    if why:
        fail(f"{file}: --value: {why}", USAGE)
    return move_values(record.timeline, samples, conventions.level)


def open_record(file: str, until_illegal: bool = False
                ) -> tuple[Record, IllegalAction | None]:
    """Load a log for a command that needs a good one, or exit with its problem; the
    file is read and replayed once. With `until_illegal`, a log with an illegal action
    at turn K gives its record up to turn K-1 and that problem (the command then
    calls `illegal_end` with it); else the problem is None. A hanab.live game id or
    replay URL is fetched (`resolve_inputs`)."""
    (file,) = resolve_inputs([file])
    problem = None
    try:
        if until_illegal:
            record, problem = load_until_illegal(file)
        else:
            record = load(file)
    except NovaError as e:
        fail(str(e))
    if record.converted_from:  # on stderr, so that stdout stays the command's output
        click.echo(f"{file}: read as {record.converted_from}", err=True)
        warning = anonymised_warning(record.log)
        if warning is not None:
            click.echo(f"{file}: warning: {warning}", err=True)
    return record, problem


def illegal_end(record: Record, problem: IllegalAction | None) -> None:
    """After showing the legal part of a log, say where it turned illegal (`problem`,
    from `open_record`) and exit 1; nothing for a good log."""
    if problem is not None:
        click.echo(printable(f"Turn {problem.turn}: illegal: {problem.message} (the log is "
                             f"shown up to turn {record.timeline.turns})", one_line=True))
        fail(str(problem))


class _NoTraceback(click.Group):
    """The last line of defence, not a fix: an exception no command turned into its
    one-line message (a bug; each found is fixed where it was raised) is still one line
    on stderr and exit 1, never a traceback. NOVA_DEBUG=1 lets it through, traceback
    and all: the fuzzer (benchmarks/fuzz_all.py) and a developer see where it came from."""

    def invoke(self, ctx: click.Context) -> object:
        try:
            return super().invoke(ctx)
        except (click.exceptions.ClickException, click.exceptions.Exit, click.exceptions.Abort,
                SystemExit, KeyboardInterrupt):
            raise
        except BrokenPipeError:  # the reader of our output left (`| head`): no more to say
            devnull = os.open(os.devnull, os.O_WRONLY)  # (Python's flush at exit would fail)
            os.dup2(devnull, sys.stdout.fileno())
            raise SystemExit(128 + 13) from None  # as a process ended by SIGPIPE
        except Exception as e:
            if os.environ.get("NOVA_DEBUG"):
                raise
            fail(f"nova-replay: internal error ({type(e).__name__}: {str(e)[:300]}); not "
                 f"your input's fault but a bug: please report it with the command and its "
                 f"input (NOVA_DEBUG=1 shows where it happened)")


@click.group(cls=_NoTraceback, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="nova-replay")
def main() -> None:
    """Validate, replay and review game logs of Nova and Hanabi.

    \b
    Example:
      nova-replay validate sample_games/*.json
    """


@main.command()
@click.argument("files", nargs=-1, required=True, type=FileName())
@click.option("--strict", is_flag=True, help="Treat a log that stops before the game ended as invalid.")
@json_option("Print a machine-readable JSON report.")
@click.option("--quiet", "-q", is_flag=True, help="Print only problems and the summary.")
@recursive_option
def validate(files: tuple[str, ...], strict: bool, as_json: bool, quiet: bool,
             recursive: bool) -> None:
    """Check game logs: the schema, the deck, then every action's legality.

    Each problem is one line: FILE: WHERE: WHAT, where WHERE is a JSON path
    ($.actions[3].to), 'deck' or 'turn N'. Exit 0 if all are valid, 1 if any is not,
    2 for a usage error. A folder stands for its own .json files (--recursive: its
    subfolders' too).

    \b
    Example:
      nova-replay validate sample_games/*.json
      nova-replay validate --strict --json sample_games/nova-2p.json
    """
    paths = expand_paths(resolve_inputs(files), lambda file, what: click.echo(
        f"{file}: skipped: not a regular file: {what}", err=True), recursive)
    if not paths:
        fail("validate: no .json files found in " + ", ".join(files), USAGE)
    reports = [r for p in paths for r in check_each(p)]
    bad = sum(not r.valid(strict) for r in reports)
    if as_json:
        out = {"files": len(reports), "valid": len(reports) - bad, "invalid": bad,
               "reports": [r.to_json(strict) for r in reports]}
        click.echo(json.dumps(out, indent=2, ensure_ascii=False, allow_nan=False))
    else:
        for r in reports:
            _print_report(r, strict, quiet)
        games = "" if len(reports) == len(paths) else f" ({len(reports)} games)"
        click.echo(f"{len(paths)} file{'s' if len(paths) != 1 else ''}{games}: "
                   f"{len(reports) - bad} valid, {bad} invalid")
    sys.exit(1 if bad else 0)


def _print_report(r: Report, strict: bool, quiet: bool) -> None:
    errors = r.errors(strict)
    for p in errors:
        click.echo(printable(f"{r.file}: {p}", one_line=True))  # a problem: one line
    if errors:
        return
    for p in r.problems:  # warnings: an unfinished game when not strict
        click.echo(printable(f"{r.file}: warning: {p}", one_line=True))
    if quiet or r.record is None:
        return
    game, final = r.record.game, r.record.timeline.final
    via = f", read as {r.converted_from}" if r.converted_from else ""
    click.echo(printable(f"{r.file}: ok ({game.ruleset.title}, {len(game.players)} players, "
               f"{final.turn} turns, score {final.score} of {game.ruleset.perfect_score}"
               f"{', ' + final.ending if final.ending else ', unfinished'}{via})",
               one_line=True))  # a line a file, as a problem's: read and grepped so


AS_HELP = ("See the game as this player saw it: their own cards as ??, what they drew "
           "hidden, other players' knowledge at the common tier.")


@main.command()
@click.argument("file", type=FileName())
@click.option("--turn", "-t", type=int, default=None,
              help="Show only the table after this turn (0 = the deal).")
@click.option("--knowledge", "-k", is_flag=True,
              help="Under each table, what each player could deduce about their own cards.")
@click.option("--as", "as_player", metavar="PLAYER", default=None, help=AS_HELP)
@conventions_option
@json_option("Print the turns as JSON (shape above), seen as --as says.")
def replay(file: str, turn: int | None, knowledge: bool, as_player: str | None,
           conventions: Conventions | None, as_json: bool) -> None:
    """Show a game turn by turn: rows, coins, lives, draw pile, discards and hands.

    Slot 1 of a hand is the leftmost, newest card. Without --turn, the whole game
    in order, ending with the score and how the game ended. With --as PLAYER, each
    turn as that player saw it: their cards ??, with --knowledge what they knew of them.

    With --json: {"ruleset", "players", "viewer" (--as, else null), "turns": per turn
    {"turn", "action" (a sentence; null at the deal), "table": {"rows" (height by suit
    letter), "score", "coins", "lives", "draw_pile", "discards", "hands" (per player,
    slot 1 first; null: a card the viewer cannot see), "to_play"}}, "final": {"turn",
    "score", "perfect", "ending"}}; no clue readings (`analyze --json` has them). An
    illegal log gives its legal part, then exit 1.

    \b
    Example:
      nova-replay replay sample_games/nova-3p-worked-example.json
      nova-replay replay sample_games/nova-3p-worked-example.json --turn 3
      nova-replay replay sample_games/nova-3p-strikeout.json --knowledge --as Ben
      nova-replay replay sample_games/nova-3p-worked-example.json --as Ben --json
    """
    if as_json and knowledge:
        fail("replay: --knowledge cannot go with --json: the JSON gives the table; the "
             "knowledge is in `analyze --json`", USAGE)
    record, problem = open_record(file, until_illegal=True)
    timeline = record.timeline
    seen = perspective_of(file, record, as_player)
    if turn is not None:
        check_turn(file, turn, timeline.turns)
    if as_json:
        shown = range(timeline.turns + 1) if turn is None else [turn]
        click.echo(json.dumps(replay_data(timeline, shown, seen), indent=2, ensure_ascii=False))
        if problem is not None:
            fail(str(problem))
        return
    read = (game_reading(timeline_knowledge(timeline), conventions) if conventions is not None
            else None)

    def said(t: int) -> list[str]:
        return reading_lines(read, timeline, t, seen.at(t)) if read is not None else []

    if not knowledge:
        if turn is None:
            echo(game_text(timeline, record.log, seen, more=said), nl=False)
            illegal_end(record, problem)
        else:
            echo("\n".join(turn_text(timeline, turn, record.log, seen.at(turn)) + said(turn)))
        return
    analysis = analyze(record, conventions)
    turns = range(timeline.turns + 1) if turn is None else [turn]
    for t in turns:
        echo("\n".join(turn_text(timeline, t, record.log, seen.at(t)) + said(t)
                             + knowledge_lines(analysis, t, seen.at(t))))
        click.echo("")
    if turn is None:
        click.echo(ending_text(record.game, timeline.final))
        illegal_end(record, problem)


def check_turn(file: str, turn: int, last: int) -> None:
    if not 0 <= turn <= last:
        fail(f"{file}: --turn {turn}: expected a turn from 0 to {last}", USAGE)


def perspective_of(file: str, record: Record, as_player: str | None) -> Perspective:
    """The reviewer's eyes, or with --as PLAYER that player's (a usage error if no
    player has that name)."""
    if as_player is None:
        return REVIEWER
    try:
        return Perspective(viewer_of(record.game.players, as_player))
    except ValueError as e:
        fail(f"{file}: --as {as_player}: {e}", USAGE)


@main.command("analyze")
@click.argument("file", type=FileName())
@json_option("Print the whole analysis as JSON (schema: schemas/nova-analysis-v1.schema.json).")
@click.option("--turn", "-t", type=int, default=None,
              help="Show every hand's knowledge grid after this turn.")
@click.option("--tier", type=click.Choice(TIERS), default=None,
              help="With --turn: which knowledge to show  [default: deduced].")
@click.option("--as", "as_player", metavar="PLAYER", default=None,
              help=AS_HELP + " Notes about their cards are hidden, and not counted.")
@click.option("--solve", is_flag=True,
              help="Also work out best possible after every turn (knowing every card) and "
                   "the turns that lost points.")
@budget_options("for the whole game")
@click.option("--value", "value", is_flag=True,
              help="Also value every move from what its player knew (sampled deals, the "
                   "convention player as the rest of the game): expected loss, severity, "
                   "accuracy per player. With --json, prints the values report instead.")
@click.option("--samples", type=click.IntRange(1, 10_000), default=None, metavar="N",
              help=f"With --value: deals per move [default: {DEFAULT_SAMPLES}].")
@conventions_option
def analyze_command(file: str, as_json: bool, turn: int | None, tier: str | None,
                    as_player: str | None, solve: bool, nodes: int | None,
                    seconds: float | None, value: bool, samples: int | None,
                    conventions: Conventions | None) -> None:
    """Review a game: summary, teaching notes turn by turn, knowledge grids.

    Notes have a severity (blunder, mistake, info, good): lost critical cards, misfires,
    wasted hints, discards of hinted cards, good play hints and saves, the turn the
    pace ran out. After a blunder or mistake, a suggestion: what a convention player
    would have done from that player's own view, when it avoids the fault (a play of a
    card they knew playable, a clue its receiver reads as meant). With
    --turn, each card's grid of suits x ranks shows what its holder could know ('*'
    the card, 'o' possible, '.' ruled out). With --as PLAYER,
    what that player may see: a note naming a card they still hold at the end, or a
    hinted copy of one, is listed only as hidden; with --turn, their own grids
    without the truth and the others' at the common tier. With --solve, best possible
    (the most the team could still score knowing every card, the draw pile's order
    included) after every turn, proven or given as bounds, and a note at each turn
    that lost points, with a line that would have kept them.

    \b
    Example:
      nova-replay analyze sample_games/nova-4p.json
      nova-replay analyze sample_games/nova-4p.json --turn 17 --tier hinted
      nova-replay analyze sample_games/nova-4p.json --json > review.json
      nova-replay analyze sample_games/nova-4p.json --as Dev --turn 17
      nova-replay analyze sample_games/nova-4p.json --solve --nodes 100000
      nova-replay analyze sample_games/nova-4p.json --value --samples 16
    """
    if samples is not None and not value:
        needs("analyze", "--samples", "--value (the move values it sets the deals of)")
    if tier is not None and turn is None:
        needs("analyze", "--tier", "--turn (the turn whose knowledge to show)")
    solve = solve or nodes is not None or seconds is not None
    record, problem = open_record(file, until_illegal=not as_json)
    seen = perspective_of(file, record, as_player)
    if as_json and as_player is not None:
        fail(f"{file}: --as cannot go with --json: the JSON report is the reviewer's, "
             f"with every card", USAGE)
    if value:
        values = _values(file, record, conventions, samples or DEFAULT_SAMPLES)
        if as_json:
            click.echo(json.dumps(values_json(values), indent=2))
            return
    # With --value, every fault note is judged by the move values too (issue #33).
    analysis = analyze(record, conventions, valuer=ValuesValuer(values) if value else None)
    found = suggestions(analysis)
    evaluation = evaluate(analysis, budget_of(nodes, seconds)) if solve else None
    if evaluation is not None:
        found = solver_agrees(analysis, found, evaluation)
    suggested = {t: s.text for t, s in found.items()}
    if as_json:
        click.echo(analysis_report(analysis, suggested, evaluation).model_dump_json(indent=2))
        return
    if turn is not None:
        check_turn(file, turn, record.timeline.turns)
        echo(knowledge_text(analysis, turn, tier or "deduced", seen.at(turn)))
        return
    echo(summary_text(analysis, seen))
    echo(per_player_text(player_rows(analysis), words(record.game.ruleset).hint,
                         public_only=seen.viewer is not None))
    if evaluation is not None:
        echo(evaluation_text(evaluation, analysis))
        analysis = replace(analysis, findings=tuple(sorted(
            (*analysis.findings, *evaluation.findings), key=lambda f: f.turn)))
    click.echo("")
    echo(notes_text(analysis, seen, suggested))
    if analysis.reading is not None:
        click.echo("")
        echo(readings_text(analysis, seen))
    if value:
        click.echo("")
        tl = record.timeline
        echo(values_text(values, [tl[t].hands[tl[t].player(record.game)]
                                  for t in range(tl.turns)]))
    noted = card_notes_text(record.timeline, record.log, seen)
    if noted:
        click.echo("")
        echo(noted)
    illegal_end(record, problem)


@main.command()
def schema() -> None:
    """Print the JSON Schema (2020-12) of the game-log format.

    \b
    Example:
      nova-replay schema > nova-log-v1.schema.json
    """
    click.echo(json.dumps(json_schema(), indent=2, ensure_ascii=False))


def _refuse_overwrite(file: str, out: str | None) -> None:
    """A conversion never writes over its input file."""
    if out is None:
        return
    same = os.path.realpath(file) == os.path.realpath(out)
    if not same and os.path.exists(file) and os.path.exists(out):
        same = os.path.samefile(file, out)
    if same:
        fail(f"{out}: -o names the input file; choose another output file", USAGE)


def _write(text: str, out: str | None, summary: str) -> None:
    if out is None:
        click.echo(text, nl=False)
        return
    try:
        with open(out, "w", encoding="utf-8") as f:
            f.write(text)
    except OSError as e:
        fail(f"{out}: cannot write file: {e.strerror or e}")
    click.echo(f"{out}: written ({summary})")


def _summary(record: Record) -> str:
    final = record.timeline.final
    return (f"{len(record.game.players)} players, {final.turn} turns, score {final.score}"
            f"{', ' + final.ending if final.ending else ', unfinished'}")


@main.command("import-hanablive")
@click.argument("file", type=FileName())
@out_option("Write the log to this file (default: print it).")
def import_hanablive(file: str, out: str | None) -> None:
    """Convert a hanab.live game export (JSON) to a nova-replay log.

    No Variant and the supported variants (docs/variants.md) without rule-changing
    options convert. The deck is reordered for our round-robin deal (same cards in
    the same hands and slots); id, seed, notes and options are kept in
    meta.hanablive. Other commands also read hanab.live files directly.

    \b
    Example:
      nova-replay import-hanablive game.json -o game.nova.json
      nova-replay import-hanablive game.json > game.nova.json
    """
    (file,) = resolve_inputs([file])
    _refuse_overwrite(file, out)
    try:
        data = from_hanablive(read_json(file))
        record = load_data(data, file)  # refuse a game that does not replay, here
    except NovaError as e:
        fail(str(e if e.file else e.in_file(file)))
    warning = anonymised_warning(record.log)
    if warning is not None:
        click.echo(f"{file}: warning: {warning}", err=True)
    _write(dumps(data), out, _summary(record))


@main.command("export-hanablive")
@click.argument("file", type=FileName())
@out_option("Write the hanab.live JSON to this file (default: print it).")
def export_hanablive(file: str, out: str | None) -> None:
    """Convert a Hanabi-ruleset log to hanab.live's game-export JSON.

    The inverse of import-hanablive. Meta other than meta.hanablive and action
    comments have no place in hanab.live's format: they are dropped, with a warning.

    \b
    Example:
      nova-replay export-hanablive sample_games/hanabi-2p.json -o game.json
      nova-replay export-hanablive sample_games/hanabi-2p.json
    """
    _refuse_overwrite(file, out)
    record, _ = open_record(file)
    try:
        data = to_hanablive(record)
    except NovaError as e:
        fail(str(e.in_file(file)))
    for lost in export_losses(record.log):
        click.echo(f"{file}: warning: {lost} dropped (hanab.live's format has no place for it)",
                   err=True)
    _write(dumps_hanablive(data), out, _summary(record))


TABLE_ENDINGS = (".parquet", ".csv", ".jsonl", ".ndjson")
DEFAULT_PORT = 8050


@main.command()
@click.argument("path", required=False, type=FileName())
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to listen on; only this machine can connect unless you change it.")
@click.option("--port", default=None, type=click.IntRange(0, 65535),
              help=f"Port to listen on; a taken one is an error. 0 = any free port. "
                   f"[default: {DEFAULT_PORT}, or a free one when it is taken]")
def dashboard(path: str | None, host: str, port: int | None) -> None:
    """Review games in the browser: each player's knowledge at every turn, the
    draw-pile clock, wasted hints and lost critical cards.

    Without PATH, the bundled sample games; a file opens that game; a folder
    offers every .json log in it; a `nova-replay batch` table (.parquet, .csv,
    .jsonl) opens a corpus view: its games with their figures, sortable, each
    linked to its review. Stop the server with Ctrl-C.

    \b
    Example:
      nova-replay dashboard
      nova-replay dashboard sample_games/nova-4p.json
      nova-replay dashboard sample_games/ --port 8051
      nova-replay dashboard games.parquet
    """
    from ..dashboard import GameLibrary, create_app, serve  # Dash only loads for this command

    if path is not None:
        (path,) = resolve_inputs([path])
        check_inputs([path])

    if path is not None and os.path.isfile(path) and path.lower().endswith(TABLE_ENDINGS):
        try:
            library = GameLibrary.from_table(path)
        except (OSError, ValueError, KeyError) as e:
            fail(f"{path}: cannot read it as a batch table: {e}")
    else:
        library = GameLibrary.from_path(path)
    for file, what in library.skipped:
        click.echo(f"{file}: skipped: not a regular file: {what}", err=True)
    if not library.entries:
        fail(f"dashboard: no .json files found in {path}", USAGE)
    asked = DEFAULT_PORT if port is None else port
    try:
        chosen = free_port(host, asked)
        if chosen != asked and port is not None:  # asked for by name: not another one
            fail(f"dashboard: port {port} on {host} is taken by another program; choose "
                 f"another --port (0: any free one), or leave it out")
        if chosen != asked:
            click.echo(f"dashboard: port {asked} is taken; using "
                       f"{chosen or 'a free one'} instead", err=True)
        stopped = serve(create_app(library), host, chosen, announce=click.echo)
    except OSError as e:
        fail(f"dashboard: cannot serve on {host}:{asked}: {e.strerror or e}")
    if stopped is not None:  # the shell's codes: 128 + SIGINT (2) or SIGTERM (15)
        click.echo(f"dashboard: stopped by {stopped}", err=True)
        sys.exit(130 if stopped == "Ctrl-C" else 143)


main.add_command(simulate_command)
main.add_command(batch_command)
main.add_command(decks_command)
main.add_command(lessons_command)
main.add_command(puzzles_command)
main.add_command(samples_command)
main.add_command(fetch_command)
use_help_context(main)  # last: every command's --help names the bundled samples where they are
