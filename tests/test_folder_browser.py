"""A big folder in real headless Chromium (issue 23): the page is usable, its first game
shown and its picker open, while the folder's validation has not read a single other
file (it is held until the test lets it go); then the page counts the files read, lists
each invalid one with its reason, and the picker's labels fill in. Every wait is on a
condition in the page; the work is counted (`GameLibrary.checks`)."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

from helpers import PATIENCE
from nova_replay.dashboard import GameLibrary, create_app
from nova_replay.dashboard.survey import Checked, check_files
from selenium.webdriver.support.ui import WebDriverWait
from test_board_browser import axe_violations
from test_dashboard_browser import open_at, pytestmark, shot
from test_folder_survey import BROKEN, folder_of

__all__ = ["pytestmark"]

NEXT_TOP = "return document.getElementById('nav-next').getBoundingClientRect().top;"
PROGRESS = "return (document.getElementById('folder-progress') || {}).textContent || '';"


def progress(duo: Any) -> str:
    return str(duo.driver.execute_script(PROGRESS))


def test_a_folder_is_usable_before_its_validation_and_shows_it_as_it_goes(
        dash_duo: Any, tmp_path: Path) -> None:
    lib = GameLibrary.from_path(folder_of(tmp_path, 150, BROKEN))
    go = threading.Event()
    asked: list[int] = []

    def held(paths: list[str]) -> list[Checked]:
        asked.append(len(paths))
        go.wait(PATIENCE)
        return check_files(paths)

    lib.checker = held
    dash_duo.start_server(create_app(lib))
    open_at(dash_duo, "", "Turn 0 of 33")  # the first game, drawn
    WebDriverWait(dash_duo.driver, PATIENCE).until(lambda d: asked)  # the survey waits
    assert lib.checks == 1  # the page read one file: the game it shows
    assert progress(dash_duo).startswith(
        "Validating in the background: validated 1 of 150 logs; 0 invalid.")
    next_top = dash_duo.driver.execute_script(NEXT_TOP)
    dash_duo.find_element("#game-picker").click()  # the picker works meanwhile
    menu = dash_duo.wait_for_element(".dash-dropdown-options")
    assert "g000.json · Nova, 2 players (Anna, Ben)" in menu.text
    assert "g001.json" in menu.text and "g001.json ·" not in menu.text  # not read yet
    dash_duo.find_element("#game-picker").click()
    go.set()
    WebDriverWait(dash_duo.driver, PATIENCE).until(
        lambda d: "Validated 150 of 150 logs; 2 invalid." in progress(dash_duo))
    assert lib.checks == 150
    # The line changed and an "Invalid logs" list came: the turn buttons stayed put (they
    # used to move up when the line went, and a quick click landed beside "next").
    assert dash_duo.driver.execute_script(NEXT_TOP) == next_top
    listed = dash_duo.find_element("#folder-invalid")
    listed.click()  # the details open
    assert "g004.json: " in listed.text and "duplicate player name" in listed.text
    assert "g009.json: not JSON" in listed.text
    dash_duo.find_element("#game-picker").click()  # the poll refreshed the labels
    menu = dash_duo.wait_for_element(".dash-dropdown-options")
    WebDriverWait(dash_duo.driver, PATIENCE).until(
        lambda d: "✗ g004.json (does not validate)" in menu.text)
    assert "g001.json · Nova, 2 players (Anna, Ben)" in menu.text
    dash_duo.find_element("#game-picker").click()
    shot(dash_duo, tmp_path, "folder")
    assert axe_violations(dash_duo) == []
    assert dash_duo.get_logs() == []
