"""pytest configuration shared by the test modules.

`pytest_setup_options` is dash[testing]'s hook for the browser's options: the
browser tests run headless in Debian's Chromium (as root, so without the sandbox)
under the plain `pytest` command, with no `--headless` flag needed. `dash_duo` waits up to
`PATIENCE` seconds for a condition (dash's own default is 10 s, too short on a busy machine). Without Chromium
or its driver they are skipped, and the summary says why in one line, except in CI.
"""

from __future__ import annotations

import multiprocessing
import os
import sys
from functools import partial
from typing import Any

import pytest
from helpers import CHROMIUM, IN_CI, PATIENCE, missing_browser, require_shared


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Skip the browser tests on a machine that cannot run them, with the reason
    (`-rs` in pyproject.toml prints it); never in CI (CI=true), where .ci/run installs
    the browser: there a missing one must fail, not pass quietly."""
    missing = missing_browser()
    if missing is None or IN_CI:
        return
    skip = pytest.mark.skip(reason=missing)
    for item in items:
        if item.get_closest_marker("browser"):
            item.add_marker(skip)


def pytest_runtest_setup(item: pytest.Item) -> None:
    """A test marked `shared_data` (helpers.needs_shared) needs the real data: skipped
    without it, saying why, or failed in CI."""
    if item.get_closest_marker("shared_data"):
        require_shared()


def pytest_setup_options() -> Any:
    """One Options object: pluggy gathers the hook's results into the list dash reads."""
    from selenium.webdriver.chrome.options import Options

    options = Options()
    if os.path.exists(CHROMIUM):
        options.binary_location = CHROMIUM
    # The background-networking flags keep Chromium from calling out of this closed
    # network at start (refused connections, slow starts).
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--window-size=1280,800", "--force-device-scale-factor=1", "--no-first-run",
                "--disable-background-networking", "--disable-component-update",
                "--disable-sync"):
        options.add_argument(arg)
    return options


@pytest.fixture
def dash_duo(dash_duo: Any) -> Any:
    """dash[testing]'s `dash_duo`, patient: every `wait_for_*` (and the page load that
    `start_server` waits for) gives up after `PATIENCE` seconds, not 10; a wait still
    ends as soon as its condition holds."""
    dash_duo.wait_timeout = PATIENCE
    dash_duo.wait_for_page = partial(dash_duo.wait_for_page, timeout=PATIENCE)
    return dash_duo


@pytest.fixture(autouse=True)
def text_width(monkeypatch: pytest.MonkeyPatch) -> None:
    """The commands' text at 100 columns in every test (COLUMNS; off a terminal it is 80
    otherwise, cli/terminal.py): the phrases the tests look for were written at that
    width, and a test of widths sets its own (tests/test_terminal.py)."""
    monkeypatch.setenv("COLUMNS", "100")


@pytest.fixture(autouse=True)
def fresh_solver() -> None:
    """Every test starts with no dashboard solver process, as a server started anew has:
    one left by an earlier test's server in this process was seen to stop answering, and
    a curve would then never come. (Cheap when the dashboard was never imported.)"""
    evaluations = sys.modules.get("nova_replay.dashboard.evaluations")
    if evaluations is not None:
        evaluations._stop_solver()


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """No process a test's dashboard started outlives the run: dash's runner ends the
    threads a test started, the process pools' manager threads among them, and a pool's
    process whose manager is gone is waited for at exit, for ever (a CI run hung so after
    all its tests had passed; tests/test_process_exit.py covers the app's own ending)."""
    for child in multiprocessing.active_children():
        child.kill()
        child.join(timeout=10)
