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
from nova_replay.dashboard.callbacks import SESSION_COOKIE, evaluation_state
from nova_replay.dashboard.data import UPLOADS_PER_SESSION, Reviewed
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


def test_cookieless_clients_share_nothing() -> None:
    app = create_app(GameLibrary.from_path(SAMPLES / "nova-2p.json"))
    client = app.server.test_client()
    body = body_for(app, "...upload-message.children", [{"id": "upload", "property": "contents",
                                            "value": data_url((SAMPLES / "hanabi-2p.json").read_bytes())}])
    body["state"] = [{"id": "upload", "property": "filename", "value": "g.json"}]
    first = client.post("/_dash-update-component", json=body)
    assert first.status_code == 200, first.data
    href = first.get_json()["response"]["url"]["search"]
    key = href.split("game=")[1].split("&")[0]
    lib_keys = client.post("/_dash-update-component", json=body_for(
        app, "game-picker.options", [{"id": "game-picker", "property": "search_value", "value": ""},
                                       {"id": "game-picker", "property": "value", "value": None}]))
    assert key not in json.dumps(lib_keys.get_json())  # the next cookieless request sees none


def test_a_request_over_the_limit_is_refused_before_it_is_read() -> None:
    app = create_app(GameLibrary.from_path(SAMPLES / "nova-2p.json"))
    client = app.server.test_client()
    big = b'{"output": "x", "inputs": [], "junk": "' + b"x" * app_module.MAX_REQUEST_BYTES + b'"}'
    answer = client.post("/_dash-update-component", data=big, content_type="application/json")
    assert answer.status_code == 413


# Failure 8: no Host check, no CSP or frame headers, forged callbacks gave 500s.

def test_security_headers_and_a_session_cookie_on_the_page() -> None:
    app = create_app(GameLibrary.from_path(SAMPLES / "nova-2p.json"))
    page = app.server.test_client().get("/")
    assert page.status_code == 200
    assert page.headers["X-Frame-Options"] == "DENY"
    csp = page.headers["Content-Security-Policy"]
    assert "frame-ancestors 'none'" in csp and "default-src 'self'" in csp
    assert "'unsafe-inline'" not in csp.split("script-src")[1].split(";")[0]
    assert SESSION_COOKIE in page.headers["Set-Cookie"]


@pytest.mark.parametrize(("host", "allowed"), [
    ("localhost:8050", True), ("127.0.0.1:8050", True), ("[::1]:8050", True),
    ("192.168.1.20", True), ("evil.example:8050", False), ("attacker.localhost.evil", False)])
def test_a_host_this_server_does_not_go_by_is_refused(host: str, allowed: bool) -> None:
    app = create_app(GameLibrary.from_path(SAMPLES / "nova-2p.json"))
    answer = app.server.test_client().get("/", headers={"Host": host})
    assert answer.status_code == (200 if allowed else 400)


@pytest.mark.parametrize("body", [
    b"not json", b"[]", b'{"output": 3}', b'{"output": "x", "inputs": "no"}',
    b'{"output": "..game-data.data...game-picker.value...", "inputs": [{"id": "url"}]}',
])
def test_forged_callback_envelopes_get_400(body: bytes) -> None:
    app = create_app(GameLibrary.from_path(SAMPLES / "nova-2p.json"))
    answer = app.server.test_client().post("/_dash-update-component", data=body,
                                           content_type="application/json")
    assert answer.status_code == 400


def test_forged_callback_values_get_400_and_no_traceback(caplog: pytest.LogCaptureFixture) -> None:
    app = create_app(GameLibrary.from_path(SAMPLES / "nova-2p.json"))
    client = app.server.test_client()
    forged = body_for(app, "...upload-message.children", [{"id": "upload", "property": "contents",
                                             "value": {"not": "a data url"}}])
    forged["state"] = [{"id": "upload", "property": "filename", "value": ["x"]}]
    answer = client.post("/_dash-update-component", json=forged)
    assert 400 <= answer.status_code < 500
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
