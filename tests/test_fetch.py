"""`fetch` and game ids / replay URLs in every command, against a local HTTP server (on
the loopback) that serves the shared real hanab.live exports the way hanab.live's export
endpoint and history API do. No test needs the internet."""

from __future__ import annotations

import json
import socket
import threading
import urllib.parse
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from helpers import shared

from nova_replay.cli import main
from nova_replay.record.fetch import game_id

# hanab.live game id -> its export in the shared real data (ids as the files record them;
# 194321 from its file name)
EXPORTS = {149251: "no_variant_5p.json", 2906: "example_game_3p.json",
           194321: "game-194321_4p.json"}


class Site:
    """What the server was asked, so that a test can count fetches."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.asked: list[str] = []


@pytest.fixture
def site(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[Site]:
    files = {game: shared("hanablive", name).read_bytes() for game, name in EXPORTS.items()}
    players = {game: json.loads(body)["players"] for game, body in files.items()}

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            url = urllib.parse.urlsplit(self.path)
            log.asked.append(url.path)
            parts = url.path.strip("/").split("/")
            if len(parts) == 2 and parts[0] == "export" and parts[1].isdigit() \
                    and int(parts[1]) in files:
                self.answer(200, files[int(parts[1])])
            elif parts[:3] == ["api", "v1", "history"] and len(parts) == 4:
                query = urllib.parse.parse_qs(url.query)
                size, page = int(query["size"][0]), int(query["page"][0])
                mine = sorted((g for g, names in players.items() if parts[3] in names),
                              reverse=True)  # newest (highest id) first
                rows = [{"id": g, "num_players": len(players[g])}
                        for g in mine[page * size:(page + 1) * size]]
                self.answer(200, json.dumps({"total_rows": len(mine), "rows": rows}).encode())
            else:
                self.answer(404, b"Not Found")

        def answer(self, code: int, body: bytes) -> None:
            self.send_response(code)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args: object) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    log = Site(f"http://127.0.0.1:{server.server_address[1]}")
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    monkeypatch.setenv("NOVA_HANABLIVE_URL", log.url)
    monkeypatch.setenv("NOVA_CACHE", str(tmp_path / "cache"))
    try:
        yield log
    finally:
        server.shutdown()
        server.server_close()


def run(*args: str) -> Result:
    return CliRunner().invoke(main, list(args))


@pytest.mark.parametrize(("text", "game"), [
    ("149251", 149251), ("https://hanab.live/replay/149251", 149251),
    ("https://hanab.live/replay/149251#12", 149251), ("https://hanab.live/shared-replay/77", 77),
    ("https://hanab.live/export/5", 5), ("game.json", None), ("https://example.org/x/1", None),
])
def test_game_ids_and_replay_urls(text: str, game: int | None) -> None:
    assert game_id(text) == game


def test_fetch_writes_the_export_once_and_then_reads_the_cache(site: Site, tmp_path: Path) -> None:
    target = tmp_path / "game.json"
    result = run("fetch", "149251", "-o", str(target))
    assert result.exit_code == 0, result.output
    assert target.read_bytes() == shared("hanablive", EXPORTS[149251]).read_bytes()
    assert site.asked == ["/export/149251"]
    assert run("fetch", "https://hanab.live/replay/149251", "-o", str(target)).exit_code == 0
    assert site.asked == ["/export/149251"]  # from the cache
    assert run("fetch", "149251", "--refresh", "-o", str(target)).exit_code == 0
    assert site.asked == ["/export/149251"] * 2
    printed = run("fetch", "149251")
    assert json.loads(printed.stdout)["id"] == 149251


def test_every_command_takes_a_replay_url(site: Site) -> None:
    local = str(shared("hanablive", EXPORTS[149251]))
    for command in (["analyze"], ["replay", "--turn", "3"], ["validate"]):
        by_url = run(*command, "https://hanab.live/replay/149251#3")
        by_file = run(*command, local)
        assert by_url.exit_code == by_file.exit_code == 0, by_url.output
        if command[0] != "validate":  # validate names the file it read
            assert by_url.stdout == by_file.stdout
    assert site.asked == ["/export/149251"]


def test_a_players_last_games_into_a_folder_ready_for_batch(site: Site, tmp_path: Path) -> None:
    folder = tmp_path / "games"
    result = run("fetch", "--player", "Alice", "--last", "2", "-o", str(folder))
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in folder.iterdir()) == ["149251.json", "2906.json"]
    assert site.asked[0] == "/api/v1/history/Alice"
    table = tmp_path / "games.csv"
    batch = run("batch", str(folder), "-o", str(table))
    assert batch.exit_code == 0 and batch.stdout.startswith("2 games: 2 valid"), batch.output
    one = run("fetch", "--player", "Alice", "--last", "1", "-o", str(tmp_path / "one"))
    assert one.exit_code == 0 and [p.name for p in (tmp_path / "one").iterdir()] == ["149251.json"]
    again = tmp_path / "again"
    told = run("fetch", "--player", "Alice", "--last", "2", "-o", str(again), "--json")
    assert told.exit_code == 0, told.output
    assert json.loads(told.stdout) == {"failed": 0, "games": [
        {"game": 149251, "path": str(again / "149251.json")},
        {"game": 2906, "path": str(again / "2906.json")}]}
    cached = json.loads(run("fetch", "149251", "--json").stdout)["games"][0]
    assert Path(cached["path"]).read_bytes() == (folder / "149251.json").read_bytes()


def test_an_existing_folder_takes_more_games(site: Site, tmp_path: Path) -> None:
    """-o names a folder that is already there: games go into it (click once refused it
    as "is a directory"); one game into an existing folder lands as FOLDER/ID.json."""
    folder = tmp_path / "games"
    folder.mkdir()
    (folder / "mine.json").write_text("{}", encoding="utf-8")
    result = run("fetch", "--player", "Alice", "--last", "2", "-o", str(folder))
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in folder.iterdir()) == ["149251.json", "2906.json", "mine.json"]
    assert (folder / "mine.json").read_text(encoding="utf-8") == "{}"
    single = tmp_path / "single"
    single.mkdir()
    one = run("fetch", "149251", "-o", str(single))
    assert one.exit_code == 0, one.output
    assert [p.name for p in single.iterdir()] == ["149251.json"]


def test_offline_is_one_clear_line(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    with socket.create_server(("127.0.0.1", 0)) as held:
        port = held.getsockname()[1]  # closed again: nothing listens there
    monkeypatch.setenv("NOVA_HANABLIVE_URL", f"http://127.0.0.1:{port}")
    monkeypatch.setenv("NOVA_CACHE", str(tmp_path / "cache"))
    for args in (["analyze", "149251"], ["fetch", "149251", "-o", str(tmp_path / "g.json")],
                 ["fetch", "--player", "Alice", "-o", str(tmp_path / "games")]):
        result = run(*args)
        assert result.exit_code == 1, args
        lines = result.stderr.strip().splitlines()
        assert len(lines) == 1 and "cannot reach" in lines[0] and "offline?" in lines[0], lines
        assert "Traceback" not in result.output
    assert not (tmp_path / "g.json").exists()


def test_an_unknown_game_and_bad_arguments(site: Site, tmp_path: Path) -> None:
    missing = run("analyze", "123")
    assert missing.exit_code == 1
    assert missing.stderr.strip() == f"hanab.live game 123: {site.url}/export/123 answered 404 Not Found"
    assert run("fetch", "--last", "3", "-o", str(tmp_path)).exit_code == 2
    assert run("fetch", "not-a-game").exit_code == 2
    assert run("fetch", "149251", "2906").exit_code == 2  # several games need -o FOLDER
    nobody = run("fetch", "--player", "Nobody", "-o", str(tmp_path / "none"))
    assert nobody.exit_code == 1 and "Nobody has no games" in nobody.stderr
