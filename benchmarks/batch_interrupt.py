"""How `nova-replay batch` takes Ctrl-C (issue 26: stops within 2 s, a second exits at once,
OUT untouched, the finished rows in OUT.partial.EXT).

    python benchmarks/batch_interrupt.py [--games 4000] [--runs 3]

Each case runs a batch of --games copies of a sample game into a table that already holds
an old one, waits until rows are being written, sends SIGINT to the process group (as a
terminal's Ctrl-C does) once or twice, and measures the wall time from the first signal to
the exit. Prints per case the times (median and worst), and checks every run: exit 130, the
old table unchanged, no temporary file left, a partial table of whole rows (one signal).
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OLD = "an old table\n"
CASES = {  # name: (batch arguments, signals)
    "1 worker, Ctrl-C": (["-j", "1"], 1),
    "2 workers, Ctrl-C": (["-j", "2"], 1),
    "2 workers --solve, Ctrl-C": (["-j", "2", "--solve", "--budget", "5"], 1),
    "2 workers --solve, Ctrl-C twice": (["-j", "2", "--solve", "--budget", "5"], 2),
}


def one_run(corpus: Path, folder: Path, args: list[str], signals: int) -> tuple[float, str]:
    out = folder / "games.jsonl"
    out.write_text(OLD)
    for old in folder.glob("games.partial.*"):
        old.unlink()
    process = subprocess.Popen([sys.executable, "-m", "nova_replay", "batch", str(corpus), "-o",
                                str(out), *args], stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE, text=True, start_new_session=True)
    while not any(t.stat().st_size > 0 for t in folder.glob(".*.tmp")):
        if process.poll() is not None:
            raise SystemExit(f"the batch ended before it was stopped: {process.stderr.read()}")
        time.sleep(0.01)
    start = time.monotonic()
    for _ in range(signals):
        os.killpg(process.pid, signal.SIGINT)
    _, err = process.communicate()
    took = time.monotonic() - start
    problems = []
    if process.returncode != 130:
        problems.append(f"exit {process.returncode}")
    if out.read_text() != OLD:
        problems.append("OUT changed")
    if list(folder.glob(".*.tmp")):
        problems.append("a temporary file left")
    if "Traceback" in err:
        problems.append("a traceback")
    partial = folder / "games.partial.jsonl"
    if partial.exists():
        rows = [json.loads(line) for line in partial.read_text().splitlines()]
        problems += [] if rows else ["an empty partial table"]
    elif signals == 1:
        problems.append("no partial table")
    return took, "; ".join(problems) or "ok"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=4000)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    line = json.dumps(json.loads((ROOT / "sample_games" / "hanabi-2p.json").read_text("utf-8")))
    failed = False
    with tempfile.TemporaryDirectory() as tmp:
        corpus = Path(tmp) / "many.jsonl"
        corpus.write_text((line + "\n") * args.games)
        for name, (batch_args, signals) in CASES.items():
            times, verdicts = [], set()
            for run in range(args.runs):
                folder = Path(tmp) / f"{name.replace(' ', '_')}-{run}"
                folder.mkdir()
                took, verdict = one_run(corpus, folder, batch_args, signals)
                times.append(took)
                verdicts.add(verdict)
            failed |= verdicts != {"ok"}
            print(f"{name}: stopped in {statistics.median(times):.2f} s median, "
                  f"{max(times):.2f} s worst of {args.runs}; {', '.join(sorted(verdicts))}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
