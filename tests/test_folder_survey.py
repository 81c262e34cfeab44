"""A big folder in the dashboard (issue 23): the first page reads only the game it
shows; every other log is validated in the background (dashboards/survey.py), and the
page says how far it is and which files are invalid, and why. Work is counted, never
timed: `GameLibrary.checks` is the number of files the validator read."""

from __future__ import annotations

import json
import shutil
import threading
from pathlib import Path
from typing import Any

from helpers import INVALID, SAMPLES
from nova_replay.dashboard import GameLibrary, create_app
from nova_replay.dashboard.callbacks import Payloads, open_view
from nova_replay.dashboard.folder_view import progress_text, progress_view
from nova_replay.dashboard.survey import Checked, Progress, check_files

GOOD = SAMPLES / "nova-2p.json"  # Anna and Ben
BROKEN = {4: INVALID / "duplicate-names.json", 9: None}  # None: not JSON


def folder_of(tmp_path: Path, count: int, broken: dict[int, Path | None]) -> Path:
    folder = tmp_path / "games"
    folder.mkdir()
    for i in range(count):
        target = folder / f"g{i:03d}.json"
        if i in broken:
            source = broken[i]
            if source is None:
                target.write_text("{not json", encoding="utf-8")
            else:
                shutil.copy(source, target)
        else:
            shutil.copy(GOOD, target)
    return folder


def layout_of(lib: GameLibrary) -> str:
    app = create_app(lib)
    with app.server.test_request_context("/"):
        layout = app.layout() if callable(app.layout) else app.layout
    return json.dumps(layout.to_plotly_json(), default=str)


def test_the_first_page_reads_only_the_game_it_opens_on(tmp_path: Path) -> None:
    lib = GameLibrary.from_path(folder_of(tmp_path, 300, {0: None, 1: BROKEN[4]}))
    page = layout_of(lib)
    assert lib.checks == 3  # two broken files, then the first good one
    assert "Validating in the background: validated 3 of 300 logs; 2 invalid." in page
    first = open_view(lib, Payloads(lib), None, "", None, None, None)
    assert first[1] == "g002" and lib.checks == 3  # opened from what the page read
    labels = [o["label"] for o in lib.options()]
    assert labels[:4] == ["✗ g000.json (does not validate)", "✗ g001.json (does not validate)",
                          "g002.json · Nova, 2 players (Anna, Ben)", "g003.json"]


def test_the_survey_reads_each_file_once_and_says_what_it_found(tmp_path: Path) -> None:
    lib = GameLibrary.from_path(folder_of(tmp_path, 120, BROKEN))
    batches: list[list[str]] = []

    def counting(paths: list[str]) -> list[Checked]:
        batches.append(paths)
        return check_files(paths)

    lib.checker = counting
    assert lib.first_key() == "g000" and lib.checks == 1
    survey = lib.start_survey()
    assert survey is not None and lib.start_survey() is None  # once
    survey.join()
    read = [Path(p).name for batch in batches for p in batch]
    assert read == [f"g{i:03d}.json" for i in range(1, 120)]  # in order, g000 not again
    assert lib.checks == 120
    p = lib.progress()
    assert (p.done, p.total, p.finished) == (120, 120, True)
    assert [name for name, _ in p.invalid] == ["g004.json", "g009.json"]
    reasons = dict(p.invalid)
    assert "duplicate player name 'Anna'" in reasons["g004.json"]
    assert reasons["g009.json"].startswith("not JSON: ") and "line 1 column 2" in reasons["g009.json"]
    assert all("\n" not in r for r in reasons.values())
    assert progress_text(p) == "Validated 120 of 120 logs; 2 invalid."
    # the picker searches what was read: a player's name finds the games
    assert len(lib.options("anna")) == 50 and lib.options("g004")[0]["label"].startswith("✗")


def test_the_page_lists_invalid_files_as_found_and_a_bounded_number() -> None:
    found = tuple((f"bad-{i}.json", f"$.deck: problem {i}") for i in range(70))
    view = json.dumps([c.to_plotly_json() for c in progress_view(Progress(3200, 10_000, found))],
                      default=str)
    assert "validated 3,200 of 10,000 logs; 70 invalid." in view
    assert "bad-49.json: $.deck: problem 49" in view and "bad-50.json" not in view
    assert "and 20 more (nova-replay validate FOLDER lists them all)" in view
    assert "Progress" in view  # a bar while it runs...
    done = json.dumps([c.to_plotly_json() for c in progress_view(Progress(5, 5, found[:1]))],
                      default=str)
    assert "Validated 5 of 5 logs; 1 invalid." in done and "Progress" not in done  # ...not after
    finished = json.dumps([c.to_plotly_json() for c in progress_view(Progress(5, 5, ()))],
                          default=str)  # all read, all valid: the line stays, in its place
    assert "Validated 5 of 5 logs; 0 invalid." in finished and "folder-invalid" not in finished


def test_the_survey_in_its_own_process_finds_the_same(tmp_path: Path) -> None:
    lib = GameLibrary.from_path(folder_of(tmp_path, 30, BROKEN))
    before = threading.active_count()
    survey = lib.start_survey()  # the real thing: a spawned, niced process
    assert survey is not None
    survey.join(300)
    assert not survey.is_alive() and lib.checks == 30
    p = lib.progress()
    assert p.finished and [name for name, _ in p.invalid] == ["g004.json", "g009.json"]
    expected = check_files([str(tmp_path / "games" / "g004.json")])[0]
    assert dict(p.invalid)["g004.json"] == expected.reason
    assert threading.active_count() <= before + 1  # its executor's threads are gone


def test_a_single_file_has_no_progress_line(tmp_path: Path) -> Any:
    lib = GameLibrary.from_path(GOOD)
    assert "folder-progress" not in layout_of(lib)
    assert "folder-progress" in layout_of(GameLibrary.from_path(folder_of(tmp_path, 3, {})))
