"""Issue 26, failures 4 and 5: `batch` never loses a table (real signals on a real
process, a full disk by a file-size limit) and a FIFO hangs no command.

The tests wait on conditions (a file that grows, a process that ends), never on sleeps;
the timeouts only keep a broken build from hanging the suite.
"""

from __future__ import annotations

import json
import os
import resource
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from helpers import SAMPLES

from dashboards.data import GameLibrary

OLD = "an old table, to be kept\n"
GUARD_S = 120  # only so that a broken build cannot hang the suite


def nova(*args: str, **kwargs: object) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "nova_replay", *args], text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            start_new_session=True, **kwargs)  # type: ignore[call-overload]


@pytest.fixture
def long_corpus(tmp_path: Path) -> Path:
    """A JSON Lines file of 4,000 games: minutes of work, so a run is stopped midway."""
    line = json.dumps(json.loads((SAMPLES / "hanabi-2p.json").read_text("utf-8")))
    path = tmp_path / "many.jsonl"
    path.write_text((line + "\n") * 4000, encoding="utf-8")
    return path


def wait_until(condition: Callable[[], bool], process: subprocess.Popen[str]) -> None:
    """Until `condition` holds (the process still running), polled without a fixed sleep
    deciding anything."""
    deadline = time.monotonic() + GUARD_S
    while not condition():
        assert process.poll() is None, f"the batch ended first: {process.communicate()}"
        assert time.monotonic() < deadline, "the condition never came"
        time.sleep(0.02)


def temporaries(folder: Path) -> list[Path]:
    return sorted(folder.glob(".*.tmp"))


def started(out: Path) -> Callable[[], bool]:
    """Rows are being written: the temporary table beside `out` has some."""
    return lambda: any(t.stat().st_size > 0 for t in temporaries(out.parent))


@pytest.mark.parametrize("workers", ["1", "2"])
def test_ctrl_c_keeps_the_old_table_and_the_finished_rows(long_corpus: Path, tmp_path: Path,
                                                          workers: str) -> None:
    out = tmp_path / "out" / "games.jsonl"
    out.parent.mkdir()
    out.write_text(OLD)
    process = nova("batch", str(long_corpus), "-o", str(out), "-j", workers)
    wait_until(started(out), process)
    os.killpg(process.pid, signal.SIGINT)  # as a terminal's Ctrl-C: the whole group
    _, err = process.communicate(timeout=GUARD_S)
    assert process.returncode == 130, err
    assert out.read_text() == OLD and temporaries(out.parent) == []
    partial = out.parent / "games.partial.jsonl"
    rows = [json.loads(line) for line in partial.read_text("utf-8").splitlines()]
    assert rows and all(r["valid"] for r in rows)  # whole rows only, none cut
    assert f"logs ({len(rows):,} games): {partial} holds those games; {out} is left as it was" in err
    assert "Traceback" not in err


def test_a_second_ctrl_c_leaves_no_half_table(long_corpus: Path, tmp_path: Path) -> None:
    out = tmp_path / "games.parquet"
    process = nova("batch", str(long_corpus), "-o", str(out), "-j", "2", "--solve",
                   "--budget", "5")
    wait_until(lambda: temporaries(tmp_path) != [], process)
    os.killpg(process.pid, signal.SIGINT)
    os.killpg(process.pid, signal.SIGINT)
    _, err = process.communicate(timeout=GUARD_S)
    assert process.returncode == 130 and "Traceback" not in err, err
    assert not out.exists() and temporaries(tmp_path) == []


@pytest.mark.parametrize("kill", [signal.SIGTERM, signal.SIGKILL])
def test_a_killed_batch_leaves_the_old_table(long_corpus: Path, tmp_path: Path,
                                             kill: signal.Signals) -> None:
    out = tmp_path / "games.jsonl"
    out.write_text(OLD)
    process = nova("batch", str(long_corpus), "-o", str(out), "-j", "1")
    wait_until(started(out), process)
    os.kill(process.pid, kill)
    _, err = process.communicate(timeout=GUARD_S)
    assert out.read_text() == OLD
    if kill == signal.SIGTERM:  # issue 34: the shell's code for SIGTERM, not Ctrl-C's 130
        assert process.returncode == 128 + signal.SIGTERM == 143, err
        assert "stopped by SIGTERM" in err and temporaries(tmp_path) == []
        return
    assert process.returncode == -signal.SIGKILL
    left = temporaries(tmp_path)  # nothing can run on SIGKILL: its temporary table stays
    assert len(left) == 1 and left[0].name.startswith(".games.jsonl.")
    # ... until the next run on the same table, which removes it (and one of an older
    # version, which held no lock either), but not the one a running batch holds.
    legacy = tmp_path / ".games.jsonl.old1234.tmp"
    legacy.write_text("half a table")
    running = nova("batch", str(long_corpus), "-o", str(out), "-j", "1")
    wait_until(lambda: not left[0].exists() and not legacy.exists() and started(out)(), running)
    (mine,) = temporaries(tmp_path)
    small = tmp_path / "small"
    small.mkdir()
    (small / "g.json").write_text((SAMPLES / "hanabi-2p.json").read_text("utf-8"))
    again = nova("batch", str(small), "-o", str(out))
    _, err = again.communicate(timeout=GUARD_S)
    assert again.returncode == 0, err
    assert temporaries(tmp_path) == [mine]  # the running batch's, locked, kept
    os.killpg(running.pid, signal.SIGINT)
    running.communicate(timeout=GUARD_S)
    assert running.returncode == 130 and temporaries(tmp_path) == []


def test_a_full_disk_is_one_line_and_the_old_table_stays(long_corpus: Path,
                                                          tmp_path: Path) -> None:
    def small_disk() -> None:  # files over 64 KB cannot grow: as a full disk (EFBIG)
        resource.setrlimit(resource.RLIMIT_FSIZE, (65536, 65536))
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)

    out = tmp_path / "games.jsonl"
    out.write_text(OLD)
    process = subprocess.run([sys.executable, "-m", "nova_replay", "batch", str(long_corpus),
                              "-o", str(out), "-j", "1"], capture_output=True, text=True,
                             preexec_fn=small_disk, timeout=GUARD_S * 5)
    assert process.returncode == 1
    assert process.stderr.endswith(f": cannot write the table: File too large; {out} is left "
                                   f"as it was\n") and len(process.stderr.splitlines()) == 1
    assert out.read_text() == OLD and temporaries(tmp_path) == []


@pytest.mark.parametrize("folder", ["missing", "/proc"])
def test_an_output_folder_that_cannot_take_a_file_is_one_line(tmp_path: Path,
                                                               folder: str) -> None:
    out = (tmp_path / folder if folder == "missing" else Path(folder)) / "games.csv"
    process = subprocess.run([sys.executable, "-m", "nova_replay", "batch",
                              str(SAMPLES / "hanabi-2p.json"), "-o", str(out)],
                             capture_output=True, text=True, timeout=GUARD_S)
    assert process.returncode == 2
    assert len(process.stderr.splitlines()) == 1
    assert process.stderr.startswith(f"{out.parent}") and ": cannot write the table there: " in \
        process.stderr


@pytest.fixture
def fifo_folder(tmp_path: Path) -> Path:
    folder = tmp_path / "games"
    folder.mkdir()
    os.mkfifo(folder / "a_pipe.json")
    (folder / "b_good.json").write_text((SAMPLES / "hanabi-2p.json").read_text("utf-8"))
    return folder


def test_a_fifo_is_skipped_with_a_line_in_validate_and_batch(fifo_folder: Path,
                                                              tmp_path: Path) -> None:
    pipe = fifo_folder / "a_pipe.json"
    line = f"{pipe}: skipped: not a regular file: a named pipe (FIFO)"
    validate = subprocess.run([sys.executable, "-m", "nova_replay", "validate", str(fifo_folder)],
                              capture_output=True, text=True, timeout=GUARD_S)
    assert validate.returncode == 0 and validate.stderr == line + "\n"
    assert validate.stdout.endswith("1 file: 1 valid, 0 invalid\n")
    out = tmp_path / "g.csv"
    batch = subprocess.run([sys.executable, "-m", "nova_replay", "batch", str(fifo_folder),
                            "-o", str(out), "-j", "1"], capture_output=True, text=True,
                           timeout=GUARD_S)
    assert batch.returncode == 0 and batch.stderr == line + "\n"
    assert len(out.read_text().splitlines()) == 2  # the header and the good game
    named = subprocess.run([sys.executable, "-m", "nova_replay", "replay", str(pipe)],
                           capture_output=True, text=True, timeout=GUARD_S)
    assert named.returncode == 1
    assert named.stderr == f"{pipe}: not a regular file: a named pipe (FIFO)\n"


def test_a_fifo_is_left_out_of_the_dashboards_folder(fifo_folder: Path) -> None:
    library = GameLibrary.from_path(fifo_folder)
    assert [e.label for e in library.entries] == ["b_good.json"]
    assert library.skipped == [(str(fifo_folder / "a_pipe.json"), "a named pipe (FIFO)")]
