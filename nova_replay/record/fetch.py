"""Games where players have them: hanab.live game ids and replay URLs, fetched from
hanab.live's export endpoint (`/export/ID`, the game as JSON, which the hanab.live
reader reads) and its history API (`/api/v1/history/PLAYER`, a player's games, newest
first; `size` up to 100 a page). The endpoints are hanab.live's (server/src/http.go and
api_games.go in its repository). A fetched game is kept in a cache folder, so that a game
is fetched once and works offline after.

Whatever the site answers, a fetch ends, and every failure is one FetchError line:
- each request has a total deadline (connect, headers and body together; a server that
  sends one byte a second cannot hold it past `timeout`), and a cap on its bytes;
- a history has a cap on pages (`MAX_GAMES` / `PAGE`) and on rows a page, ends when a
  page brings no new id (a server repeating itself), and de-duplicates in linear time;
- a redirect is followed only within the configured site (same scheme, host and port),
  at most `MAX_REDIRECTS` times: another host's answer is never taken or cached;
- ids (1 to 12 ASCII digits) and player names are checked before any request, and the
  answers are read with the log reader's own limits (UTF-8, nesting, finite numbers).

`NOVA_HANABLIVE_URL` points elsewhere (a test's local server); `NOVA_CACHE` moves the
cache (default: `$XDG_CACHE_HOME/nova-replay`, else `~/.cache/nova-replay`).
"""

from __future__ import annotations

import http.client
import io
import os
import re
import socket
import ssl
import time
import urllib.parse
from pathlib import Path
from typing import Any

from ..rules.errors import NovaError
from .reader import decode_json

SITE = "https://hanab.live"
TIMEOUT = 10.0  # seconds for one request, all of it
MAX_TIMEOUT = 600.0  # the most a caller may ask for one request
PAGE = 100  # the most games the history API gives in one page
MAX_GAMES = 10_000  # the most games of a player's history (so at most 100 pages)
MAX_BYTES = 5 * 1024 * 1024  # the most bytes of one answer
MAX_REDIRECTS = 5
MAX_ID = 10**12 - 1  # a game id has 1 to 12 digits
MAX_NAME = 64

_ID = re.compile(r"[0-9]{1,12}")
_URL = re.compile(r"https?://[^/\s]+/(?:shared-)?(?:replay|export)/([0-9]{1,12})(?:[/#?].*)?",
                  re.DOTALL)
_REDIRECTS = (301, 302, 303, 307, 308)


class FetchError(ValueError):
    """A game or a player's history that could not be fetched: what, from where, why."""


def site() -> str:
    return os.environ.get("NOVA_HANABLIVE_URL", SITE).rstrip("/")


def game_id(text: str) -> int | None:
    """The hanab.live game id `text` names: a number of 1 to 12 ASCII digits ("123456")
    or a replay, shared-replay or export URL with one ("https://hanab.live/replay/123456#10");
    None for anything else (a longer number, other digits like '²')."""
    text = text.strip()
    match = _ID.fullmatch(text) or _URL.fullmatch(text)
    if match is None:
        return None
    number = int(match.group(1) if match.re is _URL else match.group(0))
    return number if number >= 1 else None


def is_game_ref(text: str) -> bool:
    """Whether a command-line argument names a hanab.live game rather than a file: a URL,
    or a number that is not the name of a file or folder here."""
    return game_id(text) is not None and not _exists(text)


def _exists(text: str) -> bool:
    try:
        return os.path.exists(text)
    except (ValueError, OSError):  # a NUL byte, a name too long for the system
        return False


def player_problem(player: str) -> str | None:
    """Why `player` cannot be a hanab.live player name, or None: a name is 1 to 64
    printable characters, without spaces at its ends, and without / \\ ? # % (which
    would change the history URL, like '../../export/1')."""
    if not player or len(player) > MAX_NAME:
        return f"expected a player name of 1 to {MAX_NAME} characters, found {len(player)}"
    if player != player.strip() or not player.isprintable():
        return "expected a player name of printable characters without spaces at its ends"
    odd = sorted(set(player) & set("/\\?#%"))
    if odd or set(player) == {"."}:
        return f"a player name may not hold {odd[0] if odd else '.'!r}"
    return None


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


class _DeadlineSocket:
    """A connected socket whose every read waits only for what is left of the request's
    deadline: the socket timeout alone limits one read, and a server sending a byte a
    second would never hit it."""

    def __init__(self, sock: socket.socket, deadline: float) -> None:
        self._sock, self._deadline = sock, deadline
        self._files, self._closed = 0, False

    def _left(self) -> float:
        left = self._deadline - time.monotonic()
        if left <= 0:
            raise TimeoutError("the request ran past its deadline")
        return left

    def recv_into(self, buffer: Any, nbytes: int = 0) -> int:
        self._sock.settimeout(self._left())
        return self._sock.recv_into(buffer, nbytes)

    def sendall(self, data: Any) -> None:
        self._sock.settimeout(self._left())
        self._sock.sendall(data)

    def makefile(self, mode: str = "rb", *args: Any, **kwargs: Any) -> io.BufferedReader:
        self._files += 1
        return io.BufferedReader(socket.SocketIO(self, "rb"))  # type: ignore[arg-type]

    def _decref_socketios(self) -> None:  # what socket.SocketIO calls when closed
        self._files -= 1
        if self._closed and self._files <= 0:
            self._sock.close()

    def close(self) -> None:  # as a socket does: the file made from it may read on
        self._closed = True
        if self._files <= 0:
            self._sock.close()


def _get(url: str, what: str, timeout: float) -> bytes:
    """The body of a 200 answer to GET `url`, within `timeout` seconds in all and
    MAX_BYTES, following redirects within the site only."""
    deadline = time.monotonic() + min(timeout, MAX_TIMEOUT)
    home = urllib.parse.urlsplit(site())
    for _ in range(MAX_REDIRECTS + 1):
        try:
            status, reason, location, body = _request(url, deadline)
        except (OSError, http.client.HTTPException, ValueError) as e:
            why = "no answer in time" if isinstance(e, TimeoutError) else (
                getattr(e, "reason", None) or e.__class__.__name__ + (f": {e}" if str(e) else ""))
            raise FetchError(f"{what}: cannot reach {url} ({why}); offline? A game fetched "
                             f"once is kept in {cache_dir()}") from None
        if status in _REDIRECTS and location:
            target = urllib.parse.urljoin(url, location)
            there = urllib.parse.urlsplit(target)
            if (there.scheme, there.netloc) != (home.scheme, home.netloc):
                raise FetchError(f"{what}: {url} redirected to another site "
                                 f"({there.scheme}://{there.netloc}); not followed")
            url = target
            continue
        if status != 200:
            shown = " ".join(f"{status} {reason}".split())[:80]
            raise FetchError(f"{what}: {url} answered {shown}")
        if body is None:
            raise FetchError(f"{what}: {url} sent over {MAX_BYTES:,} bytes; not a game")
        return body
    raise FetchError(f"{what}: {url} redirected more than {MAX_REDIRECTS} times")


def _request(url: str, deadline: float) -> tuple[int, str, str | None, bytes | None]:
    """(status, reason, Location, body or None when over MAX_BYTES) of one GET, all of it before
    `deadline` (a TimeoutError after)."""
    parts = urllib.parse.urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise ValueError(f"not an http(s) URL: {url}")
    left = deadline - time.monotonic()
    if left <= 0:
        raise TimeoutError
    connection: http.client.HTTPConnection
    if parts.scheme == "https":
        connection = http.client.HTTPSConnection(parts.hostname, parts.port, timeout=left,
                                                 context=ssl.create_default_context())
    else:
        connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=left)
    try:
        connection.connect()
        connection.sock = _DeadlineSocket(connection.sock, deadline)
        path = parts.path or "/"
        connection.request("GET", path + (f"?{parts.query}" if parts.query else ""),
                           headers={"User-Agent": "nova-replay", "Accept": "application/json"})
        answer = connection.getresponse()
        location = answer.getheader("Location")
        if answer.status != 200:
            return answer.status, answer.reason, location, b""
        body = answer.read(MAX_BYTES + 1)
        return 200, answer.reason, location, body if len(body) <= MAX_BYTES else None
    finally:
        connection.close()


def _json(body: bytes, what: str, url: str) -> Any:
    """The JSON of an answer, read with the log reader's limits (UTF-8 only, nesting,
    finite numbers), so that what is cached reads and prints like any log."""
    try:
        return decode_json(body, url)
    except NovaError as e:
        raise FetchError(f"{what}: {url} did not send JSON ({e.message})") from None


def fetch_game(game: int, timeout: float = TIMEOUT, refresh: bool = False) -> Path:
    """The path of hanab.live game `game`'s export in the cache, fetched first unless it
    is there already (or `refresh`). Raises FetchError in one line."""
    if isinstance(game, bool) or not isinstance(game, int) or not 1 <= game <= MAX_ID:
        raise FetchError(f"hanab.live game {game!r}: expected an id of 1 to 12 digits")
    path = cache_dir() / "hanablive" / f"{game}.json"
    if path.is_file() and not refresh:
        return path
    url = f"{site()}/export/{game}"
    body = _get(url, f"hanab.live game {game}", timeout)
    data = _json(body, f"hanab.live game {game}", url)
    if not isinstance(data, dict) or "deck" not in data:
        raise FetchError(f"hanab.live game {game}: {url} sent no game (expected an object "
                         f"with a deck; is the id right?)")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        part = path.with_suffix(".part")
        part.write_bytes(body)
        part.replace(path)  # a cut-off fetch never leaves half a game in the cache
    except OSError as e:
        raise FetchError(f"hanab.live game {game}: cannot write the cache {path} "
                         f"({e.strerror or e})") from None
    return path


def history(player: str, last: int, timeout: float = TIMEOUT) -> list[int]:
    """The ids of `player`'s `last` most recent games on hanab.live (at most MAX_GAMES),
    newest first (fewer when the player has fewer). Raises FetchError in one line."""
    what = f"hanab.live history of {player}"
    problem = player_problem(player)
    if problem is not None:
        raise FetchError(f"{what}: {problem}")
    if not 1 <= last <= MAX_GAMES:
        raise FetchError(f"{what}: expected 1 to {MAX_GAMES:,} games, found {last}")
    ids: list[int] = []
    seen: set[int] = set()
    size = min(PAGE, last)
    for page in range(-(-last // size)):
        query = urllib.parse.urlencode({"size": size, "page": page, "col[0]": 1})
        url = f"{site()}/api/v1/history/{urllib.parse.quote(player, safe='')}?{query}"
        found = _history_page(_get(url, what, timeout), what, url, size)
        new = [i for i in found if i not in seen]
        seen.update(new)
        ids.extend(new)
        if len(found) < size or not new or len(ids) >= last:
            break  # the last page, or a page that repeats the ones before
    return ids[:last]


def _history_page(body: bytes, what: str, url: str, size: int) -> list[int]:
    """The game ids of one history page: at most `size` rows, each with an id."""
    value = _json(body, what, url)
    rows = value.get("rows") if isinstance(value, dict) else None
    if not isinstance(rows, list):
        raise FetchError(f"{what}: {url} did not send the history (expected JSON with rows "
                         f"of game ids)")
    if len(rows) > size:
        raise FetchError(f"{what}: {url} sent {len(rows):,} rows for a page of {size}; "
                         f"not hanab.live's history")
    out = []
    for i, row in enumerate(rows):
        game = row.get("id") if isinstance(row, dict) else None
        if isinstance(game, bool) or not isinstance(game, int) or not 1 <= game <= MAX_ID:
            shown = repr(game) if not isinstance(game, int) or game < 10**15 else "a huge number"
            raise FetchError(f"{what}: {url} row {i}: expected a game id of 1 to 12 digits, "
                             f"found {shown[:40]}")
        out.append(game)
    return out
