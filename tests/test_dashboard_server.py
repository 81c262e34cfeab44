"""Issue 26, failures 2, 3, 8 and 9: the dashboard's server under forged requests and
many users (without a browser: Flask's test client, and waitress on a real socket)."""

from __future__ import annotations

import base64
import json
import threading
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from helpers import PATIENCE, SAMPLES
from nova_replay.dashboard import GameLibrary, create_app
from nova_replay.dashboard import app as app_module
from nova_replay.dashboard import data as data_module
from nova_replay.dashboard.callbacks import SESSION_COOKIE, evaluation_state
from nova_replay.dashboard.data import UPLOADS_PER_SESSION, Reviewed, UploadRefused
from nova_replay.dashboard.evaluations import QUEUED, Evaluations

from nova_replay.review.analysis import Analysis
from nova_replay.review.evaluation import Evaluation


def data_url(raw: bytes) -> str:
    return "data:application/json;base64," + base64.b64encode(raw).decode("ascii")


@pytest.fixture(scope="module")
def library() -> GameLibrary:
    return GameLibrary.from_path()


def settled_threads() -> int:
    """The number of threads once the solver's process has started: an app starts it in
    a thread of its own ("solver-start"), and its pool adds threads when it comes up, so
    a count taken before that would blame a poll for them."""
    for thread in threading.enumerate():
        if thread.name == "solver-start":
            thread.join(PATIENCE)
    return threading.active_count()


def body_for(app: Any, output_start: str, inputs: list[dict[str, Any]]) -> dict[str, Any]:
    """The request the page sends for the callback whose output key starts so."""
    output = next(k for k in app.callback_map if k.startswith(output_start) or
                  (output_start.startswith("..") and output_start in k))

    def spec(text: str) -> dict[str, str]:
        at = text.rindex(".")
        return {"id": text[:at], "property": text[at + 1:]}

    outputs: Any = ([spec(o) for o in output.strip(".").split("...")] if output.startswith("..")
                    else spec(output))
    return {"output": output, "outputs": outputs, "inputs": inputs,
            "changedPropIds": [f"{i['id']}.{i['property']}" for i in inputs[:1]], "state": []}


# Failure 2: the evaluation poll re-sent the game and started a thread per poll.

class CountingLibrary:
    """A library that counts the games it is asked for."""

    def __init__(self, inner: GameLibrary) -> None:
        self.inner, self.asked = inner, 0

    def can_open(self, key: str, owner: str) -> bool:
        return self.inner.can_open(key, owner)

    def get(self, key: str, owner: str = "") -> Any:
        self.asked += 1
        return self.inner.get(key, owner)


def test_polls_ask_by_key_alone_and_touch_no_game(library: GameLibrary) -> None:
    app = create_app(library)
    poll = next(v for k, v in app.callback_map.items() if "eval-data.data" in k)
    assert [i["id"] for i in poll["inputs"]] == ["eval-request", "eval-poll"]  # not game-data
    release = threading.Event()

    def slow(analysis: Analysis, budget: float) -> Evaluation:
        release.wait(60)
        raise RuntimeError("a solver bug")

    counting = CountingLibrary(library)
    evaluations = Evaluations(slow)
    loaded = library.get("hanabi-2p")
    assert isinstance(loaded, Reviewed)
    asked = {"key": "hanabi-2p", "turns": loaded.turns, "viewer": None}
    threads = settled_threads()
    assert evaluation_state(counting, evaluations, asked, True, "s")[1:] == (False, "")  # type: ignore[arg-type]
    for _ in range(200):
        assert evaluation_state(counting, evaluations, asked, False, "s")[1:] == (False, "")  # type: ignore[arg-type]
    assert counting.asked == 1 and threading.active_count() <= threads + 1
    release.set()  # the evaluation fails: the poll stops and the board says so
    deadline = time.monotonic() + 60
    while (state := evaluation_state(counting, evaluations, asked, False, "s"))[2] == "":  # type: ignore[arg-type]
        assert time.monotonic() < deadline
        time.sleep(0.01)
    assert state == (None, True, "Best possible: the evaluation failed (RuntimeError); no curve "
                                 "for this game.")


def test_one_worker_and_a_bounded_queue_however_many_games(library: GameLibrary) -> None:
    release = threading.Event()

    def blocked(analysis: Analysis, budget: float) -> Evaluation:
        release.wait(60)
        raise RuntimeError("never mind")

    evaluations = Evaluations(blocked)
    loaded = library.get("hanabi-2p")
    assert isinstance(loaded, Reviewed)
    threads = settled_threads()
    for n in range(QUEUED + 10):
        evaluations.start((f"game-{n}", 1), loaded.analysis)
    assert threading.active_count() <= threads + 1
    busy = [evaluations.state((f"game-{n}", 1))[1] for n in range(QUEUED + 10)]
    assert busy.count("the server is busy with other games' curves; open the game again later") >= 9
    release.set()


# Failure 3: uploads shared by all sessions; a big upload read before it was refused.

def test_a_sessions_uploads_never_evict_anothers() -> None:
    lib = GameLibrary.from_path(SAMPLES / "nova-2p.json")
    mine = lib.add_upload("mine.json", data_url((SAMPLES / "hanabi-2p.json").read_bytes()), "a")
    raw = json.loads((SAMPLES / "nova-5p.json").read_text("utf-8"))
    for n in range(61):
        raw["meta"] = {"title": f"upload {n}"}
        lib.add_upload(f"u{n}.json", data_url(json.dumps(raw).encode()), "b")
    assert lib.can_open(mine, "a") and not lib.can_open(mine, "b")
    assert len(lib.uploads_of("b")) == UPLOADS_PER_SESSION


def upload_body(app: Any, raw: bytes, name: str = "g.json") -> dict[str, Any]:
    body = body_for(app, "...upload-message.children", [{"id": "upload", "property": "contents",
                                                          "value": data_url(raw)}])
    body["state"] = [{"id": "upload", "property": "filename", "value": name}]
    return body


def test_only_a_session_the_server_made_can_upload() -> None:
    """Issue 34: each cookieless request was a new session that could upload, and so
    evict the others' uploads. Now an upload needs the signed cookie of the first page."""
    app = create_app(GameLibrary.from_path(SAMPLES / "nova-2p.json"))
    body = upload_body(app, (SAMPLES / "hanabi-2p.json").read_bytes())
    forged = [None, "0" * 32, "0" * 32 + "." + "0" * 32]
    other = create_app(GameLibrary.from_path(SAMPLES / "nova-2p.json")).server.test_client()
    other.get("/")  # another server's (or another run's) cookie is not this one's
    forged.append(other.get_cookie(SESSION_COOKIE).value)  # type: ignore[union-attr]
    for cookie in forged:
        client = app.server.test_client()
        if cookie is not None:
            client.set_cookie(SESSION_COOKIE, cookie)
        refused = client.post("/_dash-update-component", json=body)
        assert refused.status_code == 200, refused.data
        said = refused.get_json()["response"]
        assert "url" not in said and "reload the page" in said["upload-message"]["children"]
    client = app.server.test_client()
    client.get("/")  # the first page sets the session's signed cookie
    first = client.post("/_dash-update-component", json=body)
    href = first.get_json()["response"]["url"]["search"]
    key = href.split("game=")[1].split("&")[0]
    picker = body_for(app, "game-picker.options", [
        {"id": "game-picker", "property": "search_value", "value": ""},
        {"id": "game-picker", "property": "value", "value": None}])
    assert key in json.dumps(client.post("/_dash-update-component", json=picker).get_json())
    stranger = app.server.test_client()
    stranger.get("/")  # a session of its own sees none of the first one's uploads
    assert key not in json.dumps(stranger.post("/_dash-update-component", json=picker).get_json())


def test_uploads_are_bounded_per_session_and_in_all(monkeypatch: pytest.MonkeyPatch) -> None:
    """Past a session's bounds its own oldest upload goes; past the total, an idle
    session's oldest; with every session active, the upload is refused and nothing goes."""
    lib = GameLibrary.from_path(SAMPLES / "nova-2p.json")
    now = [0.0]
    lib.clock = lambda: now[0]
    raw = json.loads((SAMPLES / "nova-5p.json").read_text("utf-8"))

    def upload_as(owner: str, n: int, pad: int = 0) -> str:
        raw["meta"] = {"title": f"upload {n}", "notes": "x" * pad}
        return lib.add_upload(f"u{n}.json", data_url(json.dumps(raw).encode()), owner)

    raw["meta"] = {"title": "upload 00", "notes": "x" * 100_000}
    big = data_module.upload_cost(json.dumps(raw).encode())  # ~100 kB: counted ~230 kB
    monkeypatch.setattr(data_module, "UPLOAD_BYTES_PER_SESSION", big * 5 // 2)  # two big
    monkeypatch.setattr(data_module, "UPLOAD_BYTES_KEPT", big * 9 // 2)  # four big
    monkeypatch.setattr(data_module, "UPLOADS_KEPT", 5)
    a = [upload_as("a", n, 100_000) for n in range(3)]  # the third evicts the first
    assert [lib.can_open(k, "a") for k in a] == [False, True, True]
    b = [upload_as("b", n + 10, 100_000) for n in range(3)]  # b's own oldest goes too
    b = b[1:]
    now[0] += 60.0  # a and b active, four big held: a fifth would pass the total
    with pytest.raises(UploadRefused, match="holds as many uploads as it may"):
        upload_as("c", 20, 100_000)
    assert all(lib.can_open(k, "a") for k in a[1:]) and all(lib.can_open(k, "b") for k in b)
    c = [upload_as("c", 21)]  # small: the fifth upload fits
    with pytest.raises(UploadRefused):
        upload_as("c", 22)  # a sixth: every session is active
    now[0] += data_module.UPLOAD_IDLE_SECONDS + 1  # all idle now; b comes back to its page
    lib.options(owner="b")
    assert lib.can_open(upload_as("c", 22), "c")  # the oldest upload of an idle session went
    assert not lib.can_open(a[1], "a") and lib.can_open(a[2], "a")
    assert all(lib.can_open(k, "b") for k in b) and lib.can_open(c[0], "c")


@pytest.mark.parametrize("path", [
    "/_dash-component-suites/dash/../../etc/passwd", "/_dash-component-suites/dash/../../app.py",
    "/_dash-component-suites/dash/dcc/../../__init__.py", "/_dash-component-suites/nope/a.js",
    "/_dash-component-suites/dash/deps/none.js", "/_dash-component-suites/dash/\x00.js"])
def test_asset_paths_outside_dash_get_404_and_no_traceback(
        path: str, caplog: pytest.LogCaptureFixture) -> None:
    app = create_app(GameLibrary.from_path(SAMPLES / "nova-2p.json"))
    client = app.server.test_client()
    assert client.get("/").status_code == 200  # Dash registers its files with the first page
    answer = client.get("/", environ_overrides={"PATH_INFO": path})  # as sent, not normalised
    assert answer.status_code == 404
    assert "Traceback" not in caplog.text


@pytest.mark.parametrize("body", [b"[" * 50_000 + b"]" * 50_000,
                                  b'{"output": "x", "inputs": ' + b"[" * 50_000 + b"]" * 50_000
                                  + b"}", b'{"output": "\xff\xfe"}'])
def test_a_callback_body_nested_50000_deep_gets_400(body: bytes,
                                                    caplog: pytest.LogCaptureFixture) -> None:
    app = create_app(GameLibrary.from_path(SAMPLES / "nova-2p.json"))
    answer = app.server.test_client().post("/_dash-update-component", data=body,
                                           content_type="application/json")
    assert answer.status_code == 400
    assert "Traceback" not in caplog.text


# Failure 9: a development server, a thread per request.

def test_waitress_serves_with_a_fixed_pool_of_threads(tmp_path: Path) -> None:
    app = create_app(GameLibrary.from_path(SAMPLES / "nova-2p.json"))
    settled_threads()  # the solver's start, with its pool's threads, is not a request's
    said: list[str] = []
    existing = set(threading.enumerate())  # other tests' servers may have left threads
    server = threading.Thread(target=app_module.serve, args=(app, "127.0.0.1", 0, said.append, 3),
                              daemon=True)
    server.start()
    deadline = time.monotonic() + 60
    while not said:
        assert time.monotonic() < deadline
        time.sleep(0.01)
    url = said[0].split(" on ")[1].split(" ")[0]
    before = {t.name for t in threading.enumerate()}
    for _ in range(20):
        with urllib.request.urlopen(url) as page:
            assert page.status == 200 and page.headers["Server"] == "nova-replay"
    workers = [t for t in threading.enumerate()
               if t.name.startswith("waitress-") and t not in existing]
    # No thread came with the requests (an earlier test's may have ended meanwhile).
    assert 1 <= len(workers) <= 3 and {t.name for t in threading.enumerate()} <= before
