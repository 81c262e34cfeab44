"""`nova-replay decks`: whether each deal could be won at all, knowing every card."""

from __future__ import annotations

import json
import sys

import click

from ..record.load import load_until_illegal
from ..rules.engine import replay
from ..rules.errors import NovaError
from ..solver.decks import deck_verdict
from ..views.text import describe_turn
from .options import json_option, recursive_option
from .paths import expand_paths
from .solving import budget_of, budget_options
from .terminal import echo


@click.command("decks")
@click.argument("files", nargs=-1, required=True)
@click.option("--brief", is_flag=True, help="Leave out the winning line's turns.")
@budget_options("per deck")
@json_option("Print one JSON object per file, as a list (shape below).")
@recursive_option
def decks_command(files: tuple[str, ...], brief: bool, nodes: int | None,
                  seconds: float | None, as_json: bool, recursive: bool) -> None:
    """Say of each deal whether it could reach the perfect score if every player knew
    every card, the draw pile's order included: `winnable`, `not winnable` or `unknown`
    (not decided within the budget), then the proof: the winning line, turn by turn,
    and in how many turns it ends; or the reason no line can win (pace: cards drawn too
    late to be played in the turns left; a bottom-decked critical card; hand space; or
    the search's exhaustion). Only the deck and the players count: a log's actions may
    be empty. FILES are logs, ours or hanab.live's, or folders of them (their own
    *.json; --recursive: their subfolders' too).
    Exit 1 if a file could not be read (the others are still judged).

    With --json, a list with per file: {"file", "verdict", "lower", "upper", "perfect"
    (the bounds at the deal), "proof" (line, reach, pace, bottom-decked critical, hand
    space, search exhausted or budget), "reason", "nodes", "turns" (the winning line,
    one text a turn; empty with --brief or when there is none)}; a file that could not be
    read is {"file", "error"}.

    \b
    Examples:
      nova-replay decks sample_games/nova-2p.json
      nova-replay decks sample_games/ --brief
      nova-replay decks sample_games/hanabi-2p.json --nodes 1000000
      nova-replay decks exports/ --brief --json
    """
    budget = budget_of(nodes, seconds)
    failed = False
    answers: list[dict[str, object]] = []
    for file in expand_paths(files, recursive=recursive):
        try:
            record, _ = load_until_illegal(file)
        except NovaError as e:
            click.echo(str(e), err=True)
            answers.append({"file": file, "error": str(e)})
            failed = True
            continue
        game = record.game
        v = deck_verdict(game, budget)
        if as_json:
            line = replay(game, v.witness) if v.winnable and not brief else None
            answers.append({
                "file": file, "verdict": v.verdict, "lower": v.lower, "upper": v.upper,
                "perfect": v.perfect, "proof": v.proof, "reason": v.reason, "nodes": v.nodes,
                "turns": [] if line is None else
                [describe_turn(line, t) for t in range(1, len(line))]})
            continue
        click.echo(f"{file}: {v.verdict}")  # a line a file, as validate's, for grep
        if v.winnable:
            echo(f"  proof: {v.reason}{'' if brief else ':'}")
            if not brief:
                line = replay(game, v.witness)
                for turn in range(1, len(line)):
                    echo(f"  {turn:>3}. {describe_turn(line, turn)}")
        elif v.winnable is None:
            echo(f"  {v.reason}; the bounds are {v.lower} to {v.upper} of {v.perfect}")
        else:
            echo(f"  proof: {v.reason}")
    if as_json:
        click.echo(json.dumps(answers, indent=2, ensure_ascii=False))
    sys.exit(1 if failed else 0)
