"""The Python API as a python-chess user expects it (issue 36): paths as `str` or
`os.PathLike`, hanab.live game ids and URLs where the commands take them (served here by a
loopback server: no internet), short reprs and HTML for Jupyter, moves to iterate, pandas
frames with integer columns that stay integers."""

from __future__ import annotations

import json
import sys
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from helpers import SAMPLES

import nova_replay
from nova_replay.record.load import load as load_record
from nova_replay.views.frames import NEEDS_PANDAS

GAME = SAMPLES / "hanabi-2p.json"
GAME_ID = "123456"


@pytest.fixture
def hanablive(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[list[str]]:
    """A loopback hanab.live whose export endpoint serves one game (the sample, exported),
    and an empty cache; yields the paths it was asked for."""
    body = json.dumps(nova_replay.to_hanablive(load_record(GAME))).encode()
    asked: list[str] = []

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            asked.append(self.path)
            found = self.path == f"/export/{GAME_ID}"
            self.send_response(200 if found else 404)
            self.end_headers()
            self.wfile.write(body if found else b"Not Found")

        def log_message(self, *args: object) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    monkeypatch.setenv("NOVA_HANABLIVE_URL", f"http://127.0.0.1:{server.server_address[1]}")
    monkeypatch.setenv("NOVA_CACHE", str(tmp_path / "cache"))
    try:
        yield asked
    finally:
        server.shutdown()
        server.server_close()


def test_load_takes_a_game_id_or_url_fetched_once_then_from_the_cache(
        hanablive: list[str]) -> None:
    game = nova_replay.load(GAME_ID)
    assert game.converted_from == "hanab.live" and game.score == load_record(GAME).timeline.final.score
    again = nova_replay.load(f"https://hanab.live/replay/{GAME_ID}#3")
    assert again.players == game.players and again.turns == game.turns
    assert hanablive == [f"/export/{GAME_ID}"]  # the second came from the cache
    assert nova_replay.analyze(GAME_ID).summary.score == game.score
    assert nova_replay.check(GAME_ID).valid()


def test_every_function_takes_a_path_object(tmp_path: Path) -> None:
    table = nova_replay.batch([GAME, SAMPLES / "nova-2p.json"])
    assert table.num_rows == 2
    assert nova_replay.batch(SAMPLES).num_rows == len(list(SAMPLES.glob("*.json")))
    assert nova_replay.check(GAME).valid() and nova_replay.load(GAME).turns > 0
    assert nova_replay.analyze(GAME).record.file == str(GAME)


def test_a_game_shows_short_in_a_repr_and_as_a_card_in_jupyter() -> None:
    game = nova_replay.load(SAMPLES / "nova-4p.json")
    assert repr(game) == ("<GameRecord nova-4p.json: Nova, Anna, Ben, Carla, Dev: 40 turns, "
                          "score 14, final round>")
    html = game._repr_html_()
    assert len(html) < 4000 and "<svg" in html and "<script" not in html
    for shown in ("Anna, Ben, Carla, Dev", "Nova", "score <b>14</b>", "final round"):
        assert shown in html
    # the clock: one point per turn on each line (score, max score, draw pile)
    assert html.count("<polyline") == 3
    assert all(points.split('"')[0].count(",") == game.turns + 1
               for points in html.split('points="')[1:])


def test_moves_iterate_turn_action_state_and_notes() -> None:
    game = nova_replay.load(SAMPLES / "nova-4p.json")
    moves = list(game.moves())
    assert [m.turn for m in moves] == list(range(1, game.turns + 1))
    first = moves[0]
    _, action, state, notes = first  # a tuple, as python-chess's moves unpack
    assert action == game.state(1).action and action.startswith("Anna ")
    assert state.turn == 1 and notes == game.state(1).notes
    assert sum(len(m.notes) for m in moves) == len(game.findings)
    assert moves[-1].state.score == game.score
    mine = list(game.moves(as_player="Dev"))
    assert all(c.card == "??" for c in mine[5].state.hands["Dev"])


def test_notes_print_and_render_as_one_line() -> None:
    note = nova_replay.load(SAMPLES / "nova-4p.json").findings[0]
    assert str(note).startswith(f"turn {note.turn}, {note.player}: {note.severity} ({note.kind}) ")
    html = note._repr_html_()
    assert html.startswith("<span>") and note.severity in html and "\n" not in html


def test_clock_and_notes_frames_with_integer_columns() -> None:
    pd = pytest.importorskip("pandas")
    game = nova_replay.load(SAMPLES / "nova-4p.json")
    clock = game.clock_frame()
    assert len(clock) == game.turns + 1 and list(clock["turn"]) == list(range(game.turns + 1))
    assert clock["final_turns_left"].dtype == pd.Int64Dtype()  # <NA> before the final round
    assert clock["final_turns_left"].isna().iloc[0] and clock["score"].iloc[-1] == game.score
    assert clock["player"].iloc[1] == "Anna" and pd.isna(clock["player"].iloc[0])
    notes = game.notes_frame()
    assert len(notes) == len(game.findings) and list(notes.columns) == [
        "turn", "player", "kind", "severity", "message"]
    assert notes["turn"].dtype == pd.Int64Dtype()


def test_batch_tables_keep_integers_beside_empty_rows() -> None:
    pd = pytest.importorskip("pandas")
    frame = nova_replay.batch([SAMPLES / "nova-4p.json", SAMPLES / "invalid"]).to_pandas()
    assert frame["valid"].dtype == pd.BooleanDtype()
    assert not frame["valid"].all()  # the invalid logs: empty scores
    assert frame["score"].isna().any() and frame["score"].dtype == pd.Int64Dtype()
    assert frame["turns"].dtype == pd.Int64Dtype()


def test_without_pandas_the_frames_say_which_extra_brings_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "pandas", None)  # import pandas now fails
    game = nova_replay.load(GAME)
    with pytest.raises(ImportError, match=r"pip install 'nova-replay\[pandas\]'"):
        game.clock_frame()
    with pytest.raises(ImportError) as e:
        game.notes_frame()
    assert str(e.value) == NEEDS_PANDAS
