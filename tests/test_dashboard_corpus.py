"""The corpus view: `nova-replay dashboard TABLE` lists a batch table's games with their
figures (sorted and filtered by the table itself), each linked to its review (in real
Chromium, with a clean console)."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from helpers import INVALID, SAMPLES
from nova_replay.dashboard import GameLibrary, create_app
from nova_replay.dashboard.corpus_view import corpus_rows
from test_dashboard_browser import pytestmark as browser

from nova_replay.cli import main


@pytest.fixture
def table(tmp_path: Path) -> Path:
    """A batch table of two good games and an invalid one."""
    games = tmp_path / "games"
    games.mkdir()
    for name in ("nova-3p-bots.json", "hanabi-2p.json"):
        shutil.copy(SAMPLES / name, games / name)
    shutil.copy(INVALID / "discard-at-8-coins.json", games / "bad.json")
    out = tmp_path / "season.csv"
    result = CliRunner().invoke(main, ["batch", str(games), "--out", str(out), "-j", "1"])
    assert result.exit_code == 1
    return out


def test_a_table_gives_entries_for_its_valid_games_and_rows_for_all(table: Path) -> None:
    lib = GameLibrary.from_table(table)
    assert sorted(e.key for e in lib.entries) == ["hanabi-2p", "nova-3p-bots"]
    assert len(lib.corpus) == 3
    rows = {r["game"]: r for r in corpus_rows(lib.corpus)}
    assert rows["[nova-3p-bots.json](?game=nova-3p-bots&turn=0)"]["score"] == 18
    assert rows["bad.json"]["valid"] == "no"
    assert rows["bad.json"]["problem"] == "turn 1: Anna discards with 8 coins in the middle"


def test_a_table_that_cannot_be_read_is_one_line(tmp_path: Path) -> None:
    bad = tmp_path / "t.parquet"
    bad.write_text("not parquet")
    result = CliRunner().invoke(main, ["dashboard", str(bad)])
    assert result.exit_code == 1
    assert result.stderr.startswith(f"{bad}: cannot read it as a batch table: ")
    assert len(result.stderr.strip().splitlines()) == 1


@browser[0]
@browser[1]
def test_the_corpus_view_lists_the_games_and_opens_one(dash_duo: Any, table: Path) -> None:
    dash_duo.start_server(create_app(GameLibrary.from_table(table)))
    dash_duo.wait_for_element("#corpus-table")
    dash_duo.wait_for_contains_text("#corpus", "Corpus: 3 games")
    assert "discards with 8 coins" in dash_duo.find_element("#corpus-table").text
    # Sorting by score, highest first (two clicks on the heading), in the browser.
    rows = GameLibrary.from_table(table).corpus
    best = max((r for r in rows if r.get("score") is not None), key=lambda r: r["score"])
    first_game = "#corpus-table .ag-row[row-index='0'] .ag-cell[col-id='game']"
    assert dash_duo.find_element(first_game).text != Path(best["file"]).name
    heading = "#corpus-table .ag-header-cell[col-id='score'] .ag-header-cell-label"
    dash_duo.find_element(heading).click()
    dash_duo.find_element(heading).click()
    dash_duo.wait_for_text_to_equal(first_game, Path(best["file"]).name)
    link = dash_duo.find_element("#corpus-table a[href*='game=nova-3p-bots']")
    link.click()
    dash_duo.wait_for_text_to_equal("#turn-label", "Turn 0 of 44")
    assert dash_duo.get_logs() == []
