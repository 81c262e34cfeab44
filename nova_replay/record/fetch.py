"""Games where players have them: hanab.live game ids and replay URLs, fetched from
hanab.live's export endpoint (`/export/ID`, the game as JSON, which the hanab.live
reader reads) and its history API (`/api/v1/history/PLAYER`, a player's games, newest
first; `size` up to 100 a page). The endpoints are hanab.live's (server/src/http.go and
api_games.go in its repository). Every fetch has a timeout, and a fetched game is kept
in a cache folder, so that a game is fetched once and works offline after.

`NOVA_HANABLIVE_URL` points elsewhere (a test's local server); `NOVA_CACHE` moves the
cache (default: `$XDG_CACHE_HOME/nova-replay`, else `~/.cache/nova-replay`).
"""

from __future__ import annotations

import json
import os
import re
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

SITE = "https://hanab.live"
TIMEOUT = 10.0  # seconds for one request
PAGE = 100  # the most games the history API gives in one page
MAX_BYTES = 5 * 1024 * 1024

_URL = re.compile(r"^https?://[^/]+/(?:shared-)?(?:replay|export)/(\d+)(?:[/#?].*)?$")


class FetchError(ValueError):
    """A game or a player's history that could not be fetched: what, from where, why."""


def site() -> str:
    return os.environ.get("NOVA_HANABLIVE_URL", SITE).rstrip("/")


def game_id(text: str) -> int | None:
    """The hanab.live game id `text` names: a number ("123456") or a replay, shared-replay
    or export URL ("https://hanab.live/replay/123456#10"); None for anything else."""
    text = text.strip()
    if text.isdigit() and len(text) <= 12:
        return int(text)
    match = _URL.match(text)
    return int(match.group(1)) if match else None


def is_game_ref(text: str) -> bool:
    """Whether a command-line argument names a hanab.live game rather than a file: a URL,
    or a number that is not the name of a file or folder here."""
    return game_id(text) is not None and not os.path.exists(text)


def resolve_game_ref(text: str, timeout: float = TIMEOUT) -> str:
    """`text` as given, or, when it names a hanab.live game (`is_game_ref`: an id or a
    replay URL), the path of that game's export in the cache, fetched first if need be:
    the one reading of a game argument, for the commands and the Python API alike.
    Raises FetchError in one line."""
    if not is_game_ref(text):
        return text
    game = game_id(text)
    assert game is not None
    return str(fetch_game(game, timeout))


def cache_dir() -> Path:
    named = os.environ.get("NOVA_CACHE")
    if named:
        return Path(named)
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "nova-replay"


def _get(url: str, what: str, timeout: float) -> bytes:
    try:
        with urllib.request.urlopen(url, timeout=timeout) as answer:
            body: bytes = answer.read(MAX_BYTES + 1)
    except urllib.error.HTTPError as e:
        raise FetchError(f"{what}: {url} answered {e.code} {e.reason}") from None
    except (urllib.error.URLError, TimeoutError, OSError) as e:
        reason = getattr(e, "reason", e)
        raise FetchError(f"{what}: cannot reach {url} ({reason}); offline? A game fetched "
                         f"once is kept in {cache_dir()}") from None
    if len(body) > MAX_BYTES:
        raise FetchError(f"{what}: {url} sent over {MAX_BYTES:,} bytes; not a game")
    return body


def fetch_game(game: int, timeout: float = TIMEOUT, refresh: bool = False) -> Path:
    """The path of hanab.live game `game`'s export in the cache, fetched first unless it
    is there already (or `refresh`). Raises FetchError in one line."""
    path = cache_dir() / "hanablive" / f"{game}.json"
    if path.is_file() and not refresh:
        return path
    url = f"{site()}/export/{game}"
    body = _get(url, f"hanab.live game {game}", timeout)
    try:
        data = json.loads(body)
    except ValueError:
        raise FetchError(f"hanab.live game {game}: {url} did not send JSON") from None
    if not isinstance(data, dict) or "deck" not in data:
        raise FetchError(f"hanab.live game {game}: {url} sent no game (expected an object "
                         f"with a deck; is the id right?)")
    path.parent.mkdir(parents=True, exist_ok=True)
    part = path.with_suffix(".part")
    part.write_bytes(body)
    part.replace(path)  # a cut-off fetch never leaves half a game in the cache
    return path


def history(player: str, last: int, timeout: float = TIMEOUT) -> list[int]:
    """The ids of `player`'s `last` most recent games on hanab.live, newest first (fewer
    when the player has fewer). Raises FetchError in one line."""
    ids: list[int] = []
    page = 0
    while len(ids) < last:
        query = urllib.parse.urlencode({"size": min(PAGE, last), "page": page, "col[0]": 1})
        url = f"{site()}/api/v1/history/{urllib.parse.quote(player)}?{query}"
        body = _get(url, f"hanab.live history of {player}", timeout)
        try:
            rows = json.loads(body)["rows"]
            found = [int(row["id"]) for row in rows]
        except (ValueError, KeyError, TypeError):
            raise FetchError(f"hanab.live history of {player}: {url} did not send the "
                             f"history (expected JSON with rows of game ids)") from None
        ids.extend(i for i in found if i not in ids)
        if len(found) < min(PAGE, last):
            break
        page += 1
    return ids[:last]
