"""The corpus view: `nova-replay dashboard TABLE` lists a batch table's games with their
figures (sorted and filtered by the table itself), each linked to its review (in real
Chromium, with a clean console)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from helpers import INVALID, PATIENCE, SAMPLES
from nova_replay.dashboard import GameLibrary, create_app
from nova_replay.dashboard.corpus_view import (
    FilterError,
    Query,
    asked,
    corpus_rows,
    row_test,
    select,
    shown_page,
)
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait
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
    assert rows["nova-3p-bots.json"]["href"] == "?game=nova-3p-bots&turn=0"
    assert rows["nova-3p-bots.json"]["score"] == 18
    assert rows["bad.json"]["href"] is None  # an invalid game is listed, not linked
    assert rows["bad.json"]["valid"] == "no"
    assert rows["bad.json"]["problem"] == "turn 1: Anna discards with 8 coins in the middle"


ROWS = [{"game": "a.json", "valid": "yes", "score": 18, "efficiency": 0.5, "ending": "deck out"},
        {"game": "b.json", "valid": "no", "score": None, "efficiency": None, "ending": None},
        {"game": "C.json", "valid": "yes", "score": 25, "efficiency": 1.25, "ending": "perfect"},
        {"game": "d.json", "valid": "yes", "score": 3, "efficiency": 0.1, "ending": "strikeout"}]


def names(rows: list[dict[str, Any]]) -> list[str]:
    return [r["game"] for r in rows]


def test_sorting_puts_empty_cells_last_either_way_and_words_in_any_case() -> None:
    assert names(select(ROWS, Query(sort="score"))[0]) == ["d.json", "a.json", "C.json", "b.json"]
    assert names(select(ROWS, Query(sort="score", descending=True))[0]) == [
        "C.json", "a.json", "d.json", "b.json"]
    assert names(select(ROWS, Query(sort="game"))[0]) == ["a.json", "b.json", "C.json", "d.json"]
    assert names(select(ROWS, Query())[0]) == names(ROWS)  # the table's own order


def test_filters_take_words_or_a_comparison_and_say_what_is_not_one() -> None:
    def kept(*filters: tuple[str, str]) -> tuple[list[str], list[str]]:
        rows, problems = select(ROWS, Query(filters=filters))
        return names(rows), problems

    assert kept(("score", ">=18")) == (["a.json", "C.json"], [])
    assert kept(("score", "18")) == (["a.json"], [])
    assert kept(("score", "!= 18")) == (["C.json", "d.json"], [])  # an empty cell is no number
    assert kept(("efficiency", "<.5")) == (["d.json"], [])
    assert kept(("ending", "OUT"), ("valid", "yes")) == (["a.json", "d.json"], [])
    assert kept(("score", "  ")) == (names(ROWS), [])
    rows, problems = kept(("score", ">>3"), ("valid", "yes"))
    assert rows == ["a.json", "C.json", "d.json"]  # the bad filter is left out, and said
    assert problems == ["score: '>>3' is not a filter of numbers: expected a number, alone or "
                        "after <, <=, >, >=, = or != (e.g. >=20)"]
    with pytest.raises(FilterError):
        row_test("turns", "many")


def test_a_heading_sorts_then_sorts_the_other_way_and_paging_stays_in_range() -> None:
    sort = {"type": "corpus-sort", "col": "score"}
    first = asked(Query(page=3), sort, [])
    assert (first.sort, first.descending, first.page) == ("score", False, 0)
    again = asked(first, sort, [])
    assert (again.sort, again.descending) == ("score", True)
    assert asked(again, {"type": "corpus-sort", "col": "turns"}, []).descending is False
    bigger = asked(again, {"type": "corpus-size", "size": 50}, [])
    assert (bigger.size, bigger.sort) == (50, "score")
    rows = [{"game": f"g{i}.json"} for i in range(32)]
    query, part, said = shown_page(rows, asked(Query(page=1), "corpus-next", []))
    assert (query.page, names(part), said) == (2, ["g30.json", "g31.json"],
                                               "rows 31\u201332 of 32, page 3 of 3")
    query, _, _ = shown_page(rows, asked(query, "corpus-next", []))
    assert query.page == 2  # no page past the last
    assert shown_page([], Query())[2] == "no row of 0 matches"


def test_no_page_lists_a_table_library(table: Path) -> None:
    for library in (GameLibrary.from_path(SAMPLES / "hanabi-2p.json"), GameLibrary.from_table(table)):
        page = create_app(library).server.test_client().get("/").get_data(as_text=True)
        scripts = re.findall(r'<script src="([^"]+)"', page)
        assert any("/dcc/dash_core_components" in s for s in scripts)  # the rest are listed
        assert not [s for s in scripts if "dash_table" in s or "ag_grid" in s]


def test_a_table_that_cannot_be_read_is_one_line(tmp_path: Path) -> None:
    bad = tmp_path / "t.parquet"
    bad.write_text("not parquet")
    result = CliRunner().invoke(main, ["dashboard", str(bad)])
    assert result.exit_code == 1
    assert result.stderr.startswith(f"{bad}: cannot read it as a batch table: ")
    assert len(result.stderr.strip().splitlines()) == 1


FIRST_GAME = "#corpus-body tr:first-child td:first-child"
SCORE = 5  # the score's column (game, valid, players, turns, score, ...)


def column_texts(dash_duo: Any, column: int) -> list[str]:
    return [e.text for e in dash_duo.find_elements(f"#corpus-body td:nth-child({column})")]


@browser[0]
@browser[1]
def test_the_corpus_view_sorts_filters_and_opens_a_game(dash_duo: Any, table: Path) -> None:
    dash_duo.start_server(create_app(GameLibrary.from_table(table)))
    dash_duo.wait_for_element("#corpus-table")
    dash_duo.wait_for_contains_text("#corpus", "Corpus: 3 games")
    assert "discards with 8 coins" in dash_duo.find_element("#corpus-table").text
    scripts = dash_duo.driver.execute_script(  # no table library on the page
        "return Array.from(document.scripts).map(function (s) { return s.src; }).join(' ')")
    assert "dash_table" not in scripts and "ag_grid" not in scripts
    # Sorting by score, highest first (two presses on the heading), by the server.
    rows = GameLibrary.from_table(table).corpus
    best = max((r for r in rows if r.get("score") is not None), key=lambda r: r["score"])
    assert dash_duo.find_element(FIRST_GAME).text != Path(best["file"]).name
    heading = f"#corpus-table th:nth-child({SCORE})"
    assert dash_duo.find_element(heading + " button").text == "score"
    dash_duo.find_element(heading + " button").click()
    dash_duo.wait_for_text_to_equal(heading + " button", "score \u25b2")
    dash_duo.find_element(heading + " button").send_keys(Keys.ENTER)  # the keyboard sorts too
    dash_duo.wait_for_text_to_equal(FIRST_GAME, Path(best["file"]).name)
    assert dash_duo.find_element(heading).get_attribute("aria-sort") == "descending"
    scores = column_texts(dash_duo, SCORE)
    assert scores[-1] == "" and scores[:-1] == sorted(scores[:-1], key=int, reverse=True)
    # Filtering: a comparison on a number column, words on a column of words.
    score_box = dash_duo.find_element(f"#corpus-table thead td:nth-child({SCORE}) input")
    score_box.send_keys(f">={best['score']}")
    dash_duo.wait_for_text_to_equal("#corpus-rows", "rows 1\u20131 of 1, page 1 of 1")
    assert column_texts(dash_duo, 1) == [Path(best["file"]).name]
    score_box.send_keys(Keys.BACKSPACE * 4 + "lots")
    dash_duo.wait_for_contains_text("#corpus-problems", "score: 'lots' is not a filter")
    dash_duo.wait_for_text_to_equal("#corpus-rows", "rows 1\u20133 of 3, page 1 of 1")
    score_box.send_keys(Keys.BACKSPACE * 4)
    valid_box = dash_duo.find_element("#corpus-table thead td:nth-child(2) input")
    valid_box.send_keys("no")
    dash_duo.wait_for_text_to_equal("#corpus-rows", "rows 1\u20131 of 1, page 1 of 1")
    assert column_texts(dash_duo, 1) == ["bad.json"]
    assert dash_duo.find_element("#corpus-problems").text == ""
    valid_box.send_keys(Keys.BACKSPACE * 2)
    dash_duo.wait_for_text_to_equal("#corpus-rows", "rows 1\u20133 of 3, page 1 of 1")
    dash_duo.find_element("#corpus-table a[href*='game=nova-3p-bots']").click()
    dash_duo.wait_for_text_to_equal("#turn-label", "Turn 0 of 44")
    assert dash_duo.get_logs() == []


@browser[0]
@browser[1]
def test_the_corpus_view_pages_through_a_long_table(dash_duo: Any, table: Path,
                                                   tmp_path: Path) -> None:
    lines = table.read_text(encoding="utf-8").splitlines()
    long = tmp_path / "long.csv"  # the three games seven times over: 21 rows
    long.write_text("\n".join([lines[0], *lines[1:] * 7]) + "\n", encoding="utf-8")
    dash_duo.start_server(create_app(GameLibrary.from_table(long)))
    dash_duo.wait_for_text_to_equal("#corpus-rows", "rows 1\u201315 of 21, page 1 of 2")
    assert len(dash_duo.find_elements("#corpus-body tr")) == 15
    assert dash_duo.find_element("#corpus-prev").get_attribute("disabled") == "true"
    dash_duo.find_element("#corpus-next").click()
    dash_duo.wait_for_text_to_equal("#corpus-rows", "rows 16\u201321 of 21, page 2 of 2")
    assert len(dash_duo.find_elements("#corpus-body tr")) == 6
    assert dash_duo.find_element("#corpus-next").get_attribute("disabled") == "true"
    fifty = dash_duo.find_element(".page-sizes button:nth-of-type(2)")
    assert fifty.text == "50"
    fifty.click()
    dash_duo.wait_for_text_to_equal("#corpus-rows", "rows 1\u201321 of 21, page 1 of 1")
    assert fifty.get_attribute("aria-pressed") == "true"
    assert len(dash_duo.find_elements("#corpus-body tr")) == 21
    # On a phone the table scrolls in its panel: the page itself does not scroll sideways
    # (once the chart has taken the new width).
    dash_duo.driver.set_window_size(390, 900)
    WebDriverWait(dash_duo.driver, PATIENCE).until(lambda d: d.execute_script(
        "var e = document.documentElement; return e.clientWidth < 600"
        " && e.scrollWidth <= e.clientWidth"))
    assert dash_duo.driver.execute_script(
        "return document.querySelector('.corpus-scroll').scrollWidth"
        " > document.documentElement.clientWidth")
    assert dash_duo.get_logs() == []
