"""pytest configuration shared by the test modules.

`pytest_setup_options` is dash[testing]'s hook for the browser's options: the
browser tests run headless in Debian's Chromium (as root, so without the sandbox)
under the plain `pytest` command, with no `--headless` flag needed.
"""

from __future__ import annotations

import os
from typing import Any

CHROMIUM = os.environ.get("DASH_TEST_CHROMEPATH", "/usr/bin/chromium")


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
