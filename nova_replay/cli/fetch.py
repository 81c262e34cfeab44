"""`nova-replay fetch`: hanab.live games by id, replay URL or player, into files that every
command reads (record.fetch does the fetching and the cache)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import click

from ..record.fetch import (
    MAX_GAMES,
    MAX_TIMEOUT,
    TIMEOUT,
    FetchError,
    fetch_game,
    game_id,
    history,
    player_problem,
)
from .options import USAGE, Seconds, fail, json_option, out_option


@click.command("fetch")
@click.argument("games", nargs=-1)
@click.option("--player", metavar="NAME", default=None,
              help="Fetch this hanab.live player's most recent games.")
@click.option("--last", type=click.IntRange(1, MAX_GAMES), default=None, metavar="N",
              help="With --player: how many of their games, newest first  [default: 100].")
@out_option("A .json file for one game; a folder (made if missing) for several. "
            "Default for one game: print it.", either=True)
@click.option("--timeout", type=Seconds(0.1, MAX_TIMEOUT), default=TIMEOUT,
              show_default=True, metavar="SECONDS",
              help="The most to wait for all of hanab.live's answer to one request.")
@click.option("--refresh", is_flag=True, help="Fetch again a game that is in the cache.")
@json_option('Print what was written as JSON: {"games": [{"game": ID, "path": FILE}], '
             '"failed": N}.')
def fetch_command(games: tuple[str, ...], player: str | None, last: int | None,
                  out: str | None, timeout: float, refresh: bool, as_json: bool) -> None:
    """Fetch hanab.live games: by game id or replay URL, or a player's recent games.

    Games come from hanab.live's export endpoint and are kept in a cache, so a game is
    fetched once (`--refresh` fetches it again). Every command that takes a log also
    takes a game id or URL directly: `nova-replay analyze https://hanab.live/replay/ID`.
    The files are hanab.live's JSON, ready for `batch`, `puzzles` and `import-hanablive`.
    With --json, each game's id and the file it is in (without -o, the cache's file).

    \b
    Examples:
      nova-replay fetch 123456 -o game.json
      nova-replay fetch https://hanab.live/replay/123456 > game.json
      nova-replay fetch --player NAME --last 100 -o games/
      nova-replay fetch --player NAME --last 10 -o games/ --json
    """
    if last is not None and player is None:
        fail("fetch: --last needs --player (whose games)", USAGE)
    if player is not None and player_problem(player) is not None:
        fail(f"fetch: --player {player}: {player_problem(player)}", USAGE)
    ids = []
    for arg in games:
        found = game_id(arg)
        if found is None:
            fail(f"fetch: {arg}: expected a hanab.live game id or replay URL "
                 f"with 1 to 12 digits (https://hanab.live/replay/ID)", USAGE)
        ids.append(found)
    try:
        if player is not None:
            ids.extend(history(player, last or 100, timeout))
    except FetchError as e:
        fail(str(e))
    if not ids:
        if player is not None:
            fail(f"fetch: {player} has no games on hanab.live")
        fail("fetch: expected a game id, a replay URL or --player NAME", USAGE)
    single = len(ids) == 1 and player is None
    if out is None and not single:
        fail("fetch: several games need -o FOLDER", USAGE)
    as_file = single and out is not None and out.endswith(".json") and not Path(out).is_dir()
    failed, written = 0, 0
    where: list[dict[str, object]] = []
    for game in ids:
        try:
            cached = fetch_game(game, timeout, refresh)
        except FetchError as e:
            click.echo(str(e), err=True)
            failed += 1
            continue
        if out is None and as_json:
            where.append({"game": game, "path": str(cached)})
            continue
        if out is None:  # one game, printed as fetched (its bytes: the cache holds UTF-8 JSON)
            try:
                body = cached.read_bytes()
            except OSError as e:
                fail(f"{cached}: cannot read file: {e.strerror or e}")
            click.echo(body, nl=False)  # bytes go to the binary stream, as they are
            continue
        target = Path(out) if as_file else Path(out) / f"{game}.json"
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(cached, target)
        except OSError as e:
            fail(f"{target}: cannot write file: {e.strerror or e}")
        written += 1
        where.append({"game": game, "path": str(target)})
    if as_json:
        click.echo(json.dumps({"games": where, "failed": failed}, indent=2, ensure_ascii=False))
    elif out is not None and written:
        click.echo(f"{out}: written (hanab.live game {ids[0]})" if as_file
                   else f"wrote {written} game{'s' if written != 1 else ''} to {out}")
    if failed:
        raise SystemExit(1)
