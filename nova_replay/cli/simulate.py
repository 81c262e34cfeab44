"""`nova-replay simulate`: bots play games and each becomes a log file.

Kept apart from cli.py (which only registers it) so that the simulator's options
live next to each other; every bad option is one line on stderr and exit 2.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import click

from ..conventions import not_read
from ..play.convention import ConventionPlayer, parse_player
from ..play.simulate import AnyBot, file_name, game_seed, simulate
from ..record.validation import check_data
from ..record.writer import dumps
from ..rules.rulesets import RULESET_NAMES, RulesetError, make_ruleset
from .options import json_option, out_option
from .terminal import echo


class _OneLineErrors(click.Command):
    """Usage errors as one line ('simulate: ...'), not click's usage block."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        try:
            return super().parse_args(ctx, args)
        except click.UsageError as e:
            click.echo(f"simulate: {e.format_message()}", err=True)
            ctx.exit(2)


def _usage(message: str) -> None:
    click.echo(f"simulate: {message}", err=True)
    sys.exit(2)


@click.command("simulate", cls=_OneLineErrors)
@click.option("--ruleset", type=click.Choice(RULESET_NAMES), default="nova", show_default=True,
              help="The rules to play.")
@click.option("--gentle-show", is_flag=True, help="Nova variant: a strikeout keeps the score.")
@click.option("--grand-finale", is_flag=True, help="Nova variant: rows up to 6.")
@click.option("--jokers", type=int, default=0, show_default=True,
              help="Nova variant: wild jokers (0, 1 or 2).")
@click.option("--variant", default="", metavar="NAME",
              help="Hanabi: a hanab.live variant, e.g. 'Rainbow (6 Suits)'.")
@click.option("--players", "-p", type=int, required=True, help="2 to 5 (hanabi: 2 to 6).")
@click.option("--bot", "bots", multiple=True, metavar="convention[:LEVEL]|basic|careless[:RATE]",
              help="The bot of each seat, in turn order (repeat it per seat); one value "
                   "applies to every seat. convention: the convention player (H-Group "
                   "level 5, or LEVEL: 1-5, 11); basic: the simple convention bot. "
                   "Default: convention where the conventions read the game, else basic "
                   "(docs/bots.md).")
@click.option("--seed", type=int, default=0, show_default=True,
              help="Same seed, same games: game N uses seed*1000000+N.")
@click.option("--games", "-n", type=int, default=1, show_default=True,
              help="How many games to play.")
@out_option("Folder for the logs (created if missing).", required=True, folder=True)
@json_option('Print what was written as JSON: {"games": [{"path": FILE, "seed": N, '
             '"score": N, "ending": ...}], "mean_score": X, "perfect_score": N, "perfect": N}.')
def simulate_command(ruleset: str, gentle_show: bool, grand_finale: bool, jokers: int,
                     variant: str, players: int, bots: tuple[str, ...], seed: int, games: int,
                     out: str, as_json: bool) -> None:
    """Let bots play games and write one log per game.

    Bots see only what a player may see. Each file is checked before it is written
    (schema and rules), named like OUT/nova-3p-seed42-0001.json. The convention player
    acts on the H-Group reading of every clue (docs/bots.md); basic is the simpler
    convention bot; careless:RATE plays like basic but makes beginner mistakes on
    that share of its turns.

    \b
    Example:
      nova-replay simulate --ruleset nova --players 3 --seed 42 --games 10 -o g/
      nova-replay simulate --players 3 --bot convention --bot careless:0.5 \\
          --bot convention --grand-finale --seed 7 --out games/
      nova-replay simulate --ruleset hanabi --players 2 --games 3 -o g/ --json
    """
    try:
        rules = make_ruleset(ruleset, gentle_show=gentle_show, grand_finale=grand_finale,
                             jokers=jokers, variant_name=variant)
        rules.hand_size(players)
    except RulesetError as e:
        _usage(str(e))
    if games < 1:
        _usage(f"--games: expected 1 or more, found {games}")
    unread = not_read(rules)
    # The convention player is the default where the conventions read the game: in
    # self-play it scores at least basic's mean at every player count (docs/bots.md);
    # elsewhere basic, the one bot that plays any game.
    specs = list(bots) or ["basic" if unread else "convention"]
    if len(specs) not in (1, players):
        _usage(f"--bot: expected one for every seat or one for all ({players} players), "
               f"found {len(specs)}")
    try:
        seats: list[AnyBot] = [parse_player(s, seed * 10 + k) for k, s in enumerate(specs)]
    except ValueError as e:
        _usage(str(e))
    if unread and any(isinstance(b, ConventionPlayer) for b in seats):
        _usage(f"--bot convention: the convention player reads clues by the conventions, "
               f"which do not read this game ({unread}); use --bot basic")
    if len(seats) == 1:
        seats *= players
    folder = Path(out)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        _usage(f"--out {out}: cannot create the folder ({e.strerror})")
    scores: list[int] = []
    written: list[dict[str, Any]] = []
    perfect = 0
    with click.progressbar(range(1, games + 1), label="simulating", file=sys.stderr,
                           show_pos=True) as numbers:
        for number in numbers:
            data = simulate(rules, players, seats, game_seed(seed, number))
            report = check_data(data)
            if not report.valid(strict=True) or report.record is None:
                click.echo(f"simulate: game {number} does not validate: {report.problems[0]}",
                           err=True)
                sys.exit(1)
            final = report.record.timeline.final
            scores.append(final.score)
            perfect += final.ending == "perfect"
            path = folder / file_name(rules, players, seed, number)
            _write(path, data)
            written.append({"path": str(path), "seed": game_seed(seed, number),
                            "score": final.score, "ending": final.ending})
    mean = sum(scores) / len(scores)
    if as_json:
        click.echo(json.dumps({"games": written, "mean_score": round(mean, 4),
                               "perfect_score": rules.perfect_score, "perfect": perfect},
                              indent=2, ensure_ascii=False))
        return
    echo(f"wrote {games} game{'s' if games != 1 else ''} to {folder}: mean score "
         f"{mean:.2f} of {rules.perfect_score}, {perfect} perfect")


def _write(path: Path, data: dict[str, Any]) -> None:
    try:
        path.write_text(dumps(data), encoding="utf-8")
    except OSError as e:
        click.echo(f"simulate: cannot write {path}: {e.strerror}", err=True)
        sys.exit(1)
