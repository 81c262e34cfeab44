"""`nova-replay batch`: a corpus in, one row per game (and per player) out, in order,
the same on one process, two, and a Dask cluster."""

from __future__ import annotations

import csv
import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from helpers import SAMPLES

from nova_replay.cli import main
from nova_replay.corpus import run as run_module
from nova_replay.corpus.rows import GAME_COLUMNS, PLAYER_COLUMNS

WORKED = SAMPLES / "nova-3p-worked-example.json"  # 31 turns, a perfect show: 20 of 20
STRIKEOUT = SAMPLES / "nova-3p-strikeout.json"  # the third life lost at turn 6: score 0
BAD = SAMPLES / "invalid" / "discard-at-8-coins.json"


def invoke(*args: str) -> Result:
    return CliRunner().invoke(main, list(args))


@pytest.fixture
def corpus(tmp_path: Path) -> Path:
    """A folder with a sub-folder, an invalid log and a JSON Lines file of two logs
    (the second line is not JSON)."""
    games = tmp_path / "games"
    (games / "b").mkdir(parents=True)
    shutil.copy(WORKED, games / "a.json")
    shutil.copy(STRIKEOUT, games / "b" / "c.json")
    shutil.copy(BAD, games / "b" / "d.json")
    worked = json.dumps(json.loads(WORKED.read_text()))
    (games / "e.jsonl").write_text(f"{worked}\n{{not json\n\n{worked}\n")
    return games


def read_csv(path: Path) -> list[dict[str, str]]:
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


def test_a_folder_gives_one_row_per_log_in_order_and_exit_1_for_an_invalid_one(
        corpus: Path, tmp_path: Path) -> None:
    out, players = tmp_path / "g.csv", tmp_path / "p.csv"
    result = invoke("batch", str(corpus), "-r", "--out", str(out), "--per-player", str(players),
                    "-j", "1")
    assert result.exit_code == 1
    rows = read_csv(out)
    assert [(Path(r["file"]).name, r["line"]) for r in rows] == [
        ("a.json", ""), ("c.json", ""), ("d.json", ""), ("e.jsonl", "1"), ("e.jsonl", "2"),
        ("e.jsonl", "4")]
    a, c, d, e1, e2, e4 = rows
    assert (a["valid"], a["score"], a["ending"], a["turns"], a["players"]) == (
        "True", "20", "perfect", "31", "3")
    assert a["player_names"] == "Anna, Ben, Carla" and a["ruleset"] == "Nova"
    assert (c["score"], c["ending"], c["misfires"], c["turns"]) == ("0", "strikeout", "3", "6")
    assert d["valid"] == "False" and d["problem"] == "turn 1: Anna discards with 8 coins in the middle"
    assert e2["valid"] == "False" and e2["problem"].startswith("not JSON:")
    assert e1 == {**a, "file": e1["file"], "line": "1"} and e4["line"] == "4"
    assert result.stdout.startswith("6 games: 4 valid, 2 invalid (perfect 3, strikeout 1)")
    # Per player: every turn of every valid game is someone's, in seat order.
    prow = read_csv(players)
    assert len(prow) == 4 * 3
    assert [r["seat"] for r in prow[:3]] == ["1", "2", "3"]
    assert sum(int(r["turns"]) for r in prow[:3]) == 31
    assert sum(int(r["misfires"]) for r in prow[3:6]) == 3
    assert sum(int(r["hints"]) for r in prow[:3]) == int(a["hints"])


def test_two_workers_and_every_format_give_the_same_table(corpus: Path, tmp_path: Path) -> None:
    invoke("batch", str(corpus), "-r", "--out", str(tmp_path / "one.csv"), "-j", "1")
    invoke("batch", str(corpus), "-r", "--out", str(tmp_path / "two.csv"), "-j", "2")
    assert read_csv(tmp_path / "one.csv") == read_csv(tmp_path / "two.csv")
    invoke("batch", str(corpus), "-r", "--out", str(tmp_path / "t.jsonl"), "-j", "1")
    lines = [json.loads(x) for x in (tmp_path / "t.jsonl").read_text().splitlines()]
    assert [x["line"] for x in lines] == [None, None, None, 1, 2, 4]
    assert list(lines[0]) == [c.name for c in GAME_COLUMNS]
    assert lines[0]["valid"] is True and lines[0]["efficiency"] == float(
        read_csv(tmp_path / "one.csv")[0]["efficiency"])


def test_parquet_tables_hold_the_same_rows(corpus: Path, tmp_path: Path) -> None:
    pq = pytest.importorskip("pyarrow.parquet")
    invoke("batch", str(corpus), "-r", "--out", str(tmp_path / "g.parquet"), "--per-player",
           str(tmp_path / "p.parquet"), "-j", "1")
    invoke("batch", str(corpus), "-r", "--out", str(tmp_path / "g.jsonl"), "-j", "1")
    table = pq.read_table(tmp_path / "g.parquet").to_pylist()
    expected = [json.loads(x) for x in (tmp_path / "g.jsonl").read_text().splitlines()]
    assert table == expected
    assert pq.read_table(tmp_path / "p.parquet").column_names == [c.name for c in PLAYER_COLUMNS]


def test_a_dask_cluster_gives_the_same_table(corpus: Path, tmp_path: Path) -> None:
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=False,
                                  dashboard_address=None) as cluster:
        result = invoke("batch", str(corpus), "-r", "--out", str(tmp_path / "dask.csv"),
                        "--scheduler", cluster.scheduler_address)
    assert result.exit_code == 1, result.output
    invoke("batch", str(corpus), "-r", "--out", str(tmp_path / "local.csv"), "-j", "1")
    assert read_csv(tmp_path / "dask.csv") == read_csv(tmp_path / "local.csv")


def test_ctrl_c_keeps_what_is_done(corpus: Path, tmp_path: Path,
                                   monkeypatch: pytest.MonkeyPatch) -> None:
    real = run_module.review_all

    def stopped_after_two(*args, **kwargs):  # type: ignore[no-untyped-def]
        for n, result in enumerate(real(*args, **kwargs)):
            if n == 2:
                raise KeyboardInterrupt
            yield result

    monkeypatch.setattr("nova_replay.cli.batch.review_all", stopped_after_two)
    result = invoke("batch", str(corpus), "-r", "--out", str(tmp_path / "g.csv"), "-j", "1")
    assert result.exit_code == 130
    assert "stopped by Ctrl-C after 2 of 6 logs (2 games)" in result.stderr
    assert len(read_csv(tmp_path / "g.partial.csv")) == 2 and not (tmp_path / "g.csv").exists()


@pytest.mark.parametrize(("args", "message", "code"), [
    (["nowhere/", "--out", "g.csv"], "nowhere/: cannot read file: No such file or directory", 1),
    (["games/*.nope", "--out", "g.csv"], "games/*.nope: the pattern matches no file", 1),
    ([str(WORKED), "--out", "g.xlsx"], "g.xlsx: expected an output ending in .parquet, .csv or .jsonl",
     2),
])
def test_bad_arguments_get_one_line(args: list[str], message: str, code: int) -> None:
    """A missing input exits 1 (as in every command), a bad option 2."""
    result = invoke("batch", *args)
    assert result.exit_code == code
    assert result.stderr.strip() == message


def test_docs_list_every_column_with_its_meaning() -> None:
    text = (SAMPLES.parent / "docs" / "batch.md").read_text()
    rows = [line for line in text.splitlines() if line.startswith("| `")]
    expected = [f"| `{c.name}` | {c.kind} | {c.doc} |" for c in GAME_COLUMNS + PLAYER_COLUMNS]
    assert rows == expected


def test_a_single_file_in_and_an_output_that_would_replace_an_input(tmp_path: Path) -> None:
    log = tmp_path / "a.jsonl"
    log.write_text(json.dumps(json.loads(WORKED.read_text())) + "\n")
    result = invoke("batch", str(log), "--out", str(tmp_path / "new.csv"))
    assert result.exit_code == 0 and len(read_csv(tmp_path / "new.csv")) == 1
    result = invoke("batch", str(log), "--out", str(log))
    assert result.exit_code == 2
    assert result.stderr.strip() == f"{log}: the output would replace an input; choose another name"
    assert log.read_text().startswith("{")


def test_lost_critical_cards_and_their_cost_and_who_lost_them(tmp_path: Path) -> None:
    # nova-4p-lost-five-bots: Ben discards the only 5♠ at turn 6 (1 point), Carla the only 5♣ at
    # turn 23 (1 point), Ben the last 3♦ at turn 30 (3 points); Ben misfires once (turn 10).
    out, players = tmp_path / "g.csv", tmp_path / "p.csv"
    result = invoke("batch", str(SAMPLES / "nova-4p-lost-five-bots.json"), "--out", str(out),
                    "--per-player", str(players))
    assert result.exit_code == 0
    (row,) = read_csv(out)
    assert (row["lost_critical"], row["lost_critical_cost"], row["misfires"]) == ("3", "5", "1")
    by_name = {r["player"]: r for r in read_csv(players)}
    assert by_name["Ben"]["critical_lost"] == "2" and by_name["Carla"]["critical_lost"] == "1"
    assert by_name["Ben"]["misfires"] == "1"


def test_real_hanablive_games_give_their_recorded_scores(tmp_path: Path) -> None:
    """The hanabi-challenges corpus: 98 exports and a seed list of 99 games in one JSON
    array; 185 of the 197 are accepted (183 at issue 11, and 2 with the Empty Clues option
    since issue 34). hanab.live records 0 for a
    strikeout or a stopped game, whatever the rows held."""
    from helpers import shared

    out = tmp_path / "g.csv"
    result = invoke("batch", str(shared("real", "hanabi-challenges")), "--recursive", "--out", str(out),
                    "-j", "2")
    assert result.exit_code == 1
    rows = read_csv(out)
    assert len(rows) == 197 and sum(r["valid"] == "True" for r in rows) == 185
    assert [r["game"] for r in rows if r["game"]] == [str(i) for i in range(99)]
    assert all(r["format"] == "hanab.live" for r in rows if r["valid"] == "True")
    # No Variant games: the plain game's title, hanab.live's name for it (and its purple)
    assert {(r["ruleset"], r["variant"]) for r in rows if r["valid"] == "True"} == {
        ("Hanabi", "No Variant"), ("Hanabi (ends when no point is left)", "No Variant"),
        ("Hanabi (empty clues)", "No Variant")}
    zeroed = [r for r in rows if r["ending"] in ("strikeout", "terminated")]
    assert zeroed and all(r["hanablive_score"] == "0" for r in zeroed)
    assert all(r["hanablive_score"] == r["score"] for r in rows
               if r["ending"] in ("perfect", "final round", "no more points"))


def test_solve_adds_best_possible_at_the_deal_and_the_turns_that_lost_points(tmp_path: Path) -> None:
    # The lost-five lesson: the deal allowed 20; Ben's discards at turns 6 (the only 5♠)
    # and 30 (the last 3♦) lost points; 6 is proven within any budget that proves the deal.
    out = tmp_path / "g.csv"
    result = invoke("batch", str(SAMPLES / "nova-4p-lost-five-bots.json"), "--out", str(out),
                    "--solve", "--nodes", "30000")
    assert result.exit_code == 0
    (row,) = read_csv(out)
    assert (row["best_possible_deal"], row["best_possible_deal_bounds"]) == ("20", "20-20")
    assert row["lost_points_turns"].split(",")[:1] == ["6"]
    plain = tmp_path / "p.csv"
    invoke("batch", str(SAMPLES / "nova-4p-lost-five-bots.json"), "--out", str(plain))
    assert read_csv(plain)[0]["best_possible_deal"] == ""


def test_a_folder_means_its_own_files_and_recursive_its_subfolders_too(
        corpus: Path, tmp_path: Path) -> None:
    """One folder rule in every command (issue 36): the folder's own files; `-r` reads
    b/c.json and the invalid b/d.json too."""
    result = invoke("batch", str(corpus), "--out", str(tmp_path / "own.csv"), "-j", "1")
    assert [Path(r["file"]).name for r in read_csv(tmp_path / "own.csv")] == [
        "a.json", "e.jsonl", "e.jsonl", "e.jsonl"]
    assert result.exit_code == 1  # the line that is not JSON
    deep = invoke("batch", str(corpus), "-r", "--out", str(tmp_path / "all.csv"), "-j", "1")
    assert "c.json" in {Path(r["file"]).name for r in read_csv(tmp_path / "all.csv")}
    assert deep.stdout.startswith("6 games")
    listed = CliRunner().invoke(main, ["validate", "-q", str(corpus)])
    assert listed.stdout.splitlines()[-1].startswith("1 file:")
    listed = CliRunner().invoke(main, ["validate", "-q", "-r", str(corpus)])
    assert listed.stdout.splitlines()[-1].startswith("3 files:")


def test_the_bundled_samples_batch_without_their_lessons_puzzles_and_broken_logs(
        tmp_path: Path) -> None:
    """`batch sample_games/` reads the sample games only: all valid (exit 0), and the mean
    is told beside the games' own perfect mean (Nova and Hanabi differ)."""
    rows_of = sorted(p.name for p in SAMPLES.glob("*.json"))
    result = invoke("batch", str(SAMPLES), "--out", str(tmp_path / "s.csv"), "-j", "2")
    assert result.exit_code == 0, result.output
    rows = read_csv(tmp_path / "s.csv")
    assert sorted(Path(r["file"]).name for r in rows) == rows_of
    score = sum(int(r["score"]) for r in rows)
    perfect = sum(int(r["perfect_score"]) for r in rows)
    assert (f"; mean score {score / len(rows):.2f} of a perfect {perfect / len(rows):.2f} "
            f"({score / perfect:.0%})") in " ".join(result.stdout.split())  # wrapped at 80
