"""Static files compressed once per process (issue 23, first load): the chart library
is 4.8 MB, and compressing it on every first visit took the server's CPU from the
game's payload. Without a browser: Flask's test client."""

from __future__ import annotations

import re
from typing import Any

import brotli
import pytest
from nova_replay.dashboard import GameLibrary, create_app
from nova_replay.dashboard import app as app_module


@pytest.fixture(scope="module")
def client() -> Any:
    return create_app(GameLibrary.from_path()).server.test_client()


def scripts_of(page: str) -> list[str]:
    return re.findall(r'<script src="([^"]+\.js[^"]*)"', page)


def test_a_static_file_is_compressed_once_and_a_callback_never_kept(
        client: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    import flask_compress.flask_compress as fc

    calls: list[int] = []
    real = fc._compress_data

    def counting(app: Any, data: bytes, algorithm: str) -> bytes:
        calls.append(len(data))
        return real(app, data, algorithm)

    monkeypatch.setattr(fc, "_compress_data", counting)
    script = next(s for s in scripts_of(client.get("/").get_data(as_text=True))
                  if "dash_renderer" in s)
    answers = [client.get(script, headers={"Accept-Encoding": "br"}) for _ in range(3)]
    assert all(a.status_code == 200 and a.headers["Content-Encoding"] == "br" for a in answers)
    assert len({a.get_data() for a in answers}) == 1
    plain = client.get(script, headers={"Accept-Encoding": "identity"}).get_data()
    assert brotli.decompress(answers[0].get_data()) == plain
    compressed_script = [n for n in calls if n == len(plain)]
    assert compressed_script == [len(plain)]  # once, not three times
    # a callback's answer is compressed each time, never served from the cache
    layout = [client.get("/_dash-layout", headers={"Accept-Encoding": "br"}) for _ in range(2)]
    assert all(a.headers.get("Content-Encoding") == "br" for a in layout)
    assert all(not k.endswith("/_dash-layout") for k in kept_keys(client))


def kept_keys(client: Any) -> list[str]:
    cache = getattr(client.application.extensions.get("compress"), "cache", None)
    if not isinstance(cache, app_module.StaticCache):
        pytest.fail("the app's Flask-Compress has no StaticCache")
    return list(cache._kept)
