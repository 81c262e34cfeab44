"""`fetch` against a hostile site (issue 34): a loopback HTTP server (127.0.0.1 only) whose
answers repeat, trickle, redirect away, nest, overflow or lie about their encoding. Every
failure is one line and a non-zero exit; nothing another host said is cached."""

from __future__ import annotations

import json
import threading
import time
import urllib.parse
from collections.abc import Callable, Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from nova_replay.cli import main
from nova_replay.record import fetch
from nova_replay.record.fetch import FetchError, fetch_game, game_id, history

GAME = json.dumps({"players": ["Alice", "Bob"], "deck": [], "actions": []}).encode()
Page = Callable[[BaseHTTPRequestHandler, str, dict[str, list[str]]], None]


class Hostile:
    """The server's pages by path (a handler per path), and what it was asked."""

    def __init__(self) -> None:
        self.url = ""
        self.other = ""  # the same server under another host name: another site
        self.asked: list[str] = []
        self.pages: dict[str, Page] = {}


def answer(handler: BaseHTTPRequestHandler, code: int, body: bytes,
           headers: dict[str, str] | None = None) -> None:
    handler.send_response(code)
    for key, value in (headers or {}).items():
        handler.send_header(key, value)
    handler.send_header("Content-Length", str(len(body)))
    handler.end_headers()
    handler.wfile.write(body)


@pytest.fixture
def hostile(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[Hostile]:
    site = Hostile()

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            url = urllib.parse.urlsplit(self.path)
            site.asked.append(url.path)
            page = site.pages.get(url.path)
            if page is None:
                answer(self, 404, b"Not Found")
            else:
                page(self, url.path, urllib.parse.parse_qs(url.query))

        def log_message(self, *args: object) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    port = server.server_address[1]
    site.url, site.other = f"http://127.0.0.1:{port}", f"http://localhost:{port}"
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    monkeypatch.setenv("NOVA_HANABLIVE_URL", site.url)
    monkeypatch.setenv("NOVA_CACHE", str(tmp_path / "cache"))
    try:
        yield site
    finally:
        server.shutdown()
        server.server_close()


def run(*args: str) -> Result:
    return CliRunner().invoke(main, list(args))


def one_line(result: Result, code: int = 1) -> str:
    assert result.exit_code == code, (result.output, result.exception)
    assert "Traceback" not in result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, lines
    return lines[0]


def rows(ids: list[object]) -> bytes:
    return json.dumps({"rows": [{"id": i} for i in ids]}).encode()


def test_a_history_that_repeats_its_ids_ends(hostile: Hostile, tmp_path: Path) -> None:
    hostile.pages["/api/v1/history/Loop"] = lambda h, _p, _q: answer(h, 200, rows(list(range(
        1, 101))))
    hostile.pages.update({f"/export/{i}": (lambda h, _p, _q: answer(h, 200, GAME))
                          for i in range(1, 101)})
    assert history("Loop", 10_000) == list(range(1, 101))
    assert hostile.asked.count("/api/v1/history/Loop") == 2  # the second page repeated the first


def test_a_page_with_too_many_rows_is_refused_at_once(hostile: Hostile) -> None:
    big = rows(list(range(1, 100_001)))
    hostile.pages["/api/v1/history/Big"] = lambda h, _p, _q: answer(h, 200, big)
    line = one_line(run("fetch", "--player", "Big", "-o", "games"))
    assert "sent 100,000 rows for a page of 100" in line


def test_dedup_is_linear_in_the_rows(hostile: Hostile) -> None:
    """100 pages of 100 distinct rows each: 10,000 ids, each looked up once in a set (the
    old list look-up did 50 million comparisons)."""
    def page(h: BaseHTTPRequestHandler, _p: str, query: dict[str, list[str]]) -> None:
        n = int(query["page"][0])
        answer(h, 200, rows(list(range(n * 100 + 1, n * 100 + 101))))
    hostile.pages["/api/v1/history/Many"] = page
    assert history("Many", 10_000) == list(range(1, 10_001))
    with pytest.raises(FetchError, match="expected 1 to 10,000 games"):
        history("Many", 10_001)


@pytest.mark.parametrize("row", ["1e300", "Infinity", "NaN", '"12"', "true", "-5", "0",
                                 "1000000000000", "[" * 50_000 + "]" * 50_000])
def test_odd_ids_in_a_history_row_are_one_line(hostile: Hostile, row: str) -> None:
    body = ('{"rows": [{"id": ' + row + "}]}").encode()
    hostile.pages["/api/v1/history/Odd"] = lambda h, _p, _q: answer(h, 200, body)
    line = one_line(run("fetch", "--player", "Odd", "-o", "games"))
    assert line.startswith("hanab.live history of Odd: ")


def test_a_trickling_answer_meets_the_request_deadline(hostile: Hostile) -> None:
    """One byte every 0.2 s for 40 bytes (8 s): each read comes well within --timeout 1,
    the whole answer does not; the request ends at its deadline."""
    def trickle(h: BaseHTTPRequestHandler, _p: str, _q: dict[str, list[str]]) -> None:
        h.send_response(200)
        h.send_header("Content-Length", "40")
        h.end_headers()
        h.wfile.flush()
        try:
            for _ in range(40):
                h.wfile.write(b" ")
                h.wfile.flush()
                time.sleep(0.2)
        except OSError:
            pass
    hostile.pages["/export/7"] = trickle
    line = one_line(run("fetch", "7", "--timeout", "1"))
    assert "no answer in time" in line


def test_a_redirect_to_another_host_is_not_followed_nor_cached(hostile: Hostile) -> None:
    hostile.pages["/export/5"] = lambda h, _p, _q: answer(
        h, 302, b"", {"Location": f"{hostile.other}/elsewhere/5"})
    hostile.pages["/elsewhere/5"] = lambda h, _p, _q: answer(h, 200, GAME)
    line = one_line(run("fetch", "5"))
    assert "redirected to another site (http://localhost:" in line
    assert hostile.asked == ["/export/5"]
    assert not (fetch.cache_dir() / "hanablive" / "5.json").exists()
    # Within the site, a redirect is followed; a loop of them ends.
    hostile.pages["/export/6"] = lambda h, _p, _q: answer(h, 301, b"", {"Location": "/moved/6"})
    hostile.pages["/moved/6"] = lambda h, _p, _q: answer(h, 200, GAME)
    assert fetch_game(6).read_bytes() == GAME
    hostile.pages["/export/8"] = lambda h, _p, _q: answer(h, 302, b"", {"Location": "/export/8"})
    assert "redirected more than 5 times" in one_line(run("fetch", "8"))


def test_answers_that_are_not_a_games_json(hostile: Hostile, monkeypatch: pytest.MonkeyPatch
                                           ) -> None:
    utf16 = GAME.decode().encode("utf-16")
    hostile.pages["/export/9"] = lambda h, _p, _q: answer(h, 200, utf16)
    assert "did not send JSON (not UTF-8 text" in one_line(run("fetch", "9"))
    assert not (fetch.cache_dir() / "hanablive" / "9.json").exists()
    deep = b"[" * 50_000 + b"]" * 50_000
    hostile.pages["/export/10"] = lambda h, _p, _q: answer(h, 200, deep)
    assert "nested more than 100 levels" in one_line(run("analyze", "10"))
    monkeypatch.setattr(fetch, "MAX_BYTES", 1000)
    hostile.pages["/export/11"] = lambda h, _p, _q: answer(h, 200, b" " * 2000)
    assert "sent over 1,000 bytes" in one_line(run("fetch", "11"))


def test_a_cached_game_prints_as_its_bytes(hostile: Hostile) -> None:
    """A cache file that is not UTF-8 (written by an older version) prints as it is."""
    path = fetch.cache_dir() / "hanablive" / "12.json"
    path.parent.mkdir(parents=True)
    path.write_bytes(GAME.decode().encode("utf-16"))
    result = run("fetch", "12")
    assert result.exit_code == 0 and result.stdout_bytes == path.read_bytes()


@pytest.mark.parametrize("arg", ["12²", "9" * 300, "9" * 5000, "https://hanab.live/replay/"
                                 + "9" * 300, "https://hanab.live/replay/" + "9" * 5000,
                                 "0", "https://hanab.live/replay/١٢"])
def test_ids_are_checked_before_any_request(hostile: Hostile, arg: str) -> None:
    assert game_id(arg) is None
    assert one_line(run("fetch", arg), 2).startswith("fetch: ")
    checked = run("validate", arg)  # not a game: a file name, which is not there
    assert checked.exit_code == 1 and "Traceback" not in checked.output
    assert checked.stdout.splitlines()[0].endswith("cannot read file: No such file or directory") \
        or "File name too long" in checked.stdout
    assert hostile.asked == []


@pytest.mark.parametrize("name", ["../../export/1", "a/b", "x?y=1", "a#b", " Alice", "..",
                                  "a\x1bb", "", "n" * 65])
def test_player_names_are_checked_before_any_request(hostile: Hostile, name: str) -> None:
    assert "--player" in one_line(run("fetch", "--player", name, "-o", "games"), 2)
    with pytest.raises(FetchError):
        history(name, 1)
    assert hostile.asked == []


def test_odd_timeouts_are_usage_errors() -> None:
    for value in ("nan", "inf", "1e300", "0"):
        assert run("fetch", "1", "--timeout", value).exit_code == 2, value
