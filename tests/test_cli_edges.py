"""The command line's edges: where the bundled files are, the dashboard's port, exit codes."""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import socket
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from helpers import SAMPLES

from nova_replay.cli import main
from nova_replay.cli.ports import free_port
from nova_replay.knowledge.perspective import Perspective
from nova_replay.record.load import load
from nova_replay.views.text import describe_turn


def test_samples_prints_the_bundled_folder_alone_on_its_last_line() -> None:
    result = CliRunner().invoke(main, ["samples"])
    assert result.exit_code == 0, result.output
    last = Path(result.output.splitlines()[-1])  # relative when under the current folder
    assert last.resolve() == SAMPLES.resolve()
    assert (last / "nova-2p.json").is_file() and (last / "lessons").is_dir()
    answer = json.loads(CliRunner().invoke(main, ["samples", "--json"]).stdout)
    assert answer == {"path": str(SAMPLES.resolve()), "games": len(list(last.glob("*.json")))}
    assert answer["games"] > 0


def test_a_taken_port_gives_another_free_one() -> None:
    with socket.create_server(("127.0.0.1", 0)) as held:
        taken = held.getsockname()[1]
        chosen = free_port("127.0.0.1", taken)
        assert chosen != taken
        if chosen:  # a nearby port, free now
            with socket.create_server(("127.0.0.1", chosen)):
                pass
    assert free_port("127.0.0.1", 0) == 0  # the server takes any free port


def test_dashboard_on_a_taken_port_asked_for_is_an_error() -> None:
    """An explicit --port that another program holds: one line, exit 1 (issue 36)."""
    with socket.create_server(("127.0.0.1", 0)) as held:
        taken = held.getsockname()[1]
        result = CliRunner().invoke(main, ["dashboard", str(SAMPLES / "nova-2p.json"),
                                           "--port", str(taken)])
    assert result.exit_code == 1
    assert result.stderr == (f"dashboard: port {taken} on 127.0.0.1 is taken by another "
                             f"program; choose another --port (0: any free one), or leave it "
                             f"out\n")


def test_dashboard_without_a_port_moves_off_a_taken_8050(monkeypatch: pytest.MonkeyPatch) -> None:
    served: list[int] = []
    monkeypatch.setattr("nova_replay.dashboard.serve",
                        lambda app, host, port, announce: served.append(port))
    try:
        held = socket.create_server(("127.0.0.1", 8050))
    except OSError:  # another program holds it: taken all the same
        held = None
    try:
        result = CliRunner().invoke(main, ["dashboard", str(SAMPLES / "nova-2p.json")])
    finally:
        if held is not None:
            held.close()
    assert result.exit_code == 0, result.output
    assert served and served[0] != 8050
    assert result.stderr == (f"dashboard: port 8050 is taken; using "
                             f"{served[0] or 'a free one'} instead\n")


# --- one option vocabulary, one meaning per exit code -------------------------------------

def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout, result.stderr


MISSING = "no-such-game.json"


@pytest.mark.parametrize("args", [
    ["validate", MISSING], ["replay", MISSING], ["analyze", MISSING],
    ["import-hanablive", MISSING], ["export-hanablive", MISSING],
    ["puzzles", MISSING, "-o", "OUT"], ["batch", MISSING, "-o", "OUT/games.csv"],
    ["dashboard", MISSING], ["lessons", "no-such-folder"],
])
def test_a_missing_input_exits_1_in_every_command(args: list[str], tmp_path: Path) -> None:
    args = [a.replace("OUT", str(tmp_path / "out")) for a in args]
    code, out, err = run(*args)
    assert code == 1, err
    said = [line for line in (out + err).splitlines() if ": cannot read file: " in line]
    assert said and said[0].startswith(args[1]) and "Traceback" not in out + err
    assert not (tmp_path / "out").exists()  # nothing written, not even the folder


@pytest.mark.parametrize(("args", "said"), [
    (["analyze", str(SAMPLES / "nova-2p.json"), "--tier", "common"], "--tier needs --turn"),
    (["analyze", str(SAMPLES / "nova-2p.json"), "--turn", "999"], "expected a turn from 0"),
    (["replay", str(SAMPLES / "nova-2p.json"), "--as", "Nobody"], "--as Nobody"),
    (["batch", str(SAMPLES / "nova-2p.json"), "-o", "games.txt"], "games.txt"),
])
def test_a_usage_error_exits_2_in_one_line(args: list[str], said: str) -> None:
    code, _, err = run(*args)
    assert code == 2 and said in err and len(err.strip().splitlines()) == 1, err


def test_budget_implies_solve() -> None:
    code, out, _ = run("analyze", str(SAMPLES / "nova-3p-worked-example.json"), "--budget", "0.5")
    plain = run("analyze", str(SAMPLES / "nova-3p-worked-example.json"))[1]
    solved = run("analyze", str(SAMPLES / "nova-3p-worked-example.json"), "--solve")[1]
    assert code == 0 and out != plain
    assert out.splitlines()[:3] == solved.splitlines()[:3]


@pytest.mark.parametrize("spelling", ["-o", "--out", "--output"])
def test_out_has_one_spelling_in_help_and_output_still_works(spelling: str, tmp_path: Path) -> None:
    target = tmp_path / "game.hanablive.json"
    code, _, err = run("export-hanablive", str(SAMPLES / "hanabi-2p.json"), spelling, str(target))
    assert code == 0 and target.is_file(), err
    for command in ("import-hanablive", "export-hanablive", "puzzles", "simulate", "batch"):
        shown = CliRunner().invoke(main, [command, "--help"]).stdout
        assert "-o, --out" in shown and "--output" not in shown, command


def test_batch_skips_puzzles_with_a_count(tmp_path: Path) -> None:
    folder = tmp_path / "games"
    (folder / "puzzles").mkdir(parents=True)
    shutil.copy(SAMPLES / "nova-2p.json", folder)
    puzzles = sorted((SAMPLES / "puzzles").glob("*.json"))[:3]
    for p in puzzles:
        shutil.copy(p, folder / "puzzles")
    table = tmp_path / "games.csv"
    code, out, err = run("batch", str(folder), "--recursive", "-o", str(table))
    assert code == 0, err
    assert "skipped 3 puzzle files (not game logs)" in err
    assert out.startswith("1 games: 1 valid, 0 invalid")
    assert len(table.read_text(encoding="utf-8").splitlines()) == 2  # the header and one game


def test_scheduler_without_dask_says_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *a: None if name == "distributed" else real(name, *a))
    code, _, err = run("batch", str(SAMPLES / "nova-2p.json"), "-o", "x.csv",
                       "--scheduler", "tcp://127.0.0.1:1")
    assert code == 1 and err.strip() == ("batch: --scheduler needs Dask: "
                                         "pip install 'nova-replay[dask]'")


def test_an_unreachable_scheduler_is_one_line(tmp_path: Path) -> None:
    with socket.create_server(("127.0.0.1", 0)) as held:  # a port where nothing answers
        port = held.getsockname()[1]
    env = {**os.environ, "DASK_DISTRIBUTED__COMM__TIMEOUTS__CONNECT": "1s"}
    done = subprocess.run(
        [sys.executable, "-m", "nova_replay", "batch", str(SAMPLES / "nova-2p.json"),
         "-o", str(tmp_path / "games.csv"), "--scheduler", f"tcp://127.0.0.1:{port}"],
        capture_output=True, text=True, env=env, check=False)
    assert done.returncode == 1, done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(
        f"batch: --scheduler tcp://127.0.0.1:{port}: cannot reach the Dask scheduler")


def test_replay_json_shows_the_table_as_the_viewer_may_see_it() -> None:
    """--as Ben: his own cards are null at every turn, what he drew is not named, the
    others' cards are as dealt; without --as, every card."""
    path = SAMPLES / "nova-3p-worked-example.json"
    timeline = load(path).timeline
    game = timeline.game
    result = CliRunner().invoke(main, ["replay", str(path), "--as", "Ben", "--json"])
    assert result.exit_code == 0, result.output
    seen = json.loads(result.stdout)
    assert seen["viewer"] == "Ben" and len(seen["turns"]) == timeline.turns + 1
    assert seen["final"]["score"] == timeline.final.score
    hid_a_draw = False
    for t, shown in enumerate(seen["turns"]):
        state = timeline[t]
        hands = shown["table"]["hands"]
        assert hands["Ben"] == [None] * len(state.hands[1])
        assert hands["Anna"] == [game.card_text(c) for c in state.hands[0]]
        assert shown["table"]["score"] == state.score and shown["table"]["coins"] == state.coins
        if t > 0:
            assert shown["action"] == describe_turn(timeline, t, Perspective(1, t))
            hid_a_draw |= shown["action"] != describe_turn(timeline, t)
    assert hid_a_draw  # some turn's sentence named a card Ben drew, for the reviewer only
    everyone = json.loads(CliRunner().invoke(main, ["replay", str(path), "--json", "-t", "5"]
                                             ).stdout)
    assert everyone["viewer"] is None and [t["turn"] for t in everyone["turns"]] == [5]
    assert everyone["turns"][0]["table"]["hands"]["Ben"] == [
        game.card_text(c) for c in timeline[5].hands[1]]
    refused = CliRunner().invoke(main, ["replay", str(path), "--json", "--knowledge"])
    assert refused.exit_code == 2


def test_output_into_a_closed_pipe_ends_quietly() -> None:
    """`nova-replay validate sample_games/ | head -1`: the reader leaves after the first
    line while the command still validates the other files and writes their lines; it
    stops without a word on stderr (it said 'internal error (BrokenPipeError)'), as a
    process ended by SIGPIPE would."""
    folder = Path(__file__).resolve().parent.parent / "sample_games"
    command = f"{sys.executable} -m nova_replay validate {folder} | head -1"
    done = subprocess.run(["bash", "-o", "pipefail", "-c", command], capture_output=True,
                          text=True, env={**os.environ, "COLUMNS": "100"}, timeout=300)
    assert done.stdout.count("\n") == 1
    assert done.stderr == ""
    assert done.returncode in (0, 141)  # 141: 128 + SIGPIPE, when the pipe closed first
