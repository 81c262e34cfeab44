"""Issue 34's fuzzer of every command: 100,000 mutants, 0 tracebacks, 0 hangs.

    nice -n 10 python benchmarks/fuzz_all.py [--mutants 100000] [--seed 34]
        [--hang-seconds 20] [--wall-seconds 120] [--keep FOLDER]

Each mutant is one command line (tests/fuzz_commands.py): a mutated sample or real game,
a game of one of hanab.live's 2,426 variants (every name at least once), ids and URLs,
options with odd values, nested or huge values, through validate, replay, analyze (with
and without --json, --solve), decks, batch, import/export, puzzles (and --play),
simulate, and fetch against a loopback server answering hostile pages. In-process
(click's CliRunner), with NOVA_DEBUG=1 so that an exception the CLI's guard would turn
into one line counts here as the traceback it would have been. A mutant still running
after --hang-seconds of CPU time (or --wall-seconds of wall time) is a hang. Failures are
grouped by where they were raised; one mutant of each (its command line and its files)
goes to --keep. Prints the counts, the
time, and the load; exit 1 on any failure or hang.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from fuzz_commands import Fuzz, mutants, plan_for, prepared, restore  # noqa: E402


def shared_data() -> Path:
    named = os.environ.get("NOVA_SHARED")
    return Path(named) / "data" if named else ROOT.parent / "shared" / "data"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--mutants", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=34)
    parser.add_argument("--hang-seconds", type=float, default=20.0,
                        help="CPU seconds a mutant may take (the process's CPU time)")
    parser.add_argument("--wall-seconds", type=float, default=120.0,
                        help="wall seconds a mutant may take (a wait that never ends)")
    parser.add_argument("--keep", type=Path, default=Path("fuzz-failures"))
    args = parser.parse_args()
    site, work, before = prepared()
    plan = plan_for(work, shared_data(), args.seed)
    fuzz = Fuzz(hang_seconds=args.hang_seconds, wall_seconds=args.wall_seconds)
    print(f"{len(plan.files)} seed files, {len(plan.variants):,} variant names; "
          f"{args.mutants:,} mutants, seed {args.seed}", flush=True)
    wall, cpu = time.monotonic(), time.process_time()
    slowest = (0.0, 0.0, "")
    try:
        for mutant in mutants(plan, args.mutants):
            started, cpu_started = time.monotonic(), time.process_time()
            key = fuzz.run(mutant)
            took = time.process_time() - cpu_started
            if took > slowest[0]:
                slowest = (took, time.monotonic() - started,
                           " ".join(a[:40] for a in mutant.args))
            if key is not None and fuzz.failures[key] == 1:
                keep(args.keep, len(fuzz.failures), key, mutant.args)
                print(f"  failure: {key}", flush=True)
            if fuzz.mutants % 5000 == 0:
                print(f"  {fuzz.mutants:,} mutants, {sum(fuzz.failures.values())} failures, "
                      f"{fuzz.hangs} hangs, {time.monotonic() - wall:.0f} s", flush=True)
    finally:
        restore(before)
        site.close()
    wall, cpu = time.monotonic() - wall, time.process_time() - cpu
    failed = sum(fuzz.failures.values())
    print(f"mutants: {fuzz.mutants:,}; by kind: "
          + ", ".join(f"{k} {v:,}" for k, v in sorted(fuzz.by_kind.items())))
    print("exit codes: " + ", ".join(f"{k}: {v:,}" for k, v in sorted(fuzz.exits.items())))
    print(f"variant names drawn: {len(fuzz.variants_seen):,} of {len(plan.variants):,}")
    print(f"requests to the hostile site: {site.requests:,}")
    print(f"tracebacks and other failures: {failed - fuzz.hangs:,}; hangs: {fuzz.hangs:,}")
    for key, n in fuzz.failures.most_common():
        print(f"  {n:>6,}  {key}")
    print(f"slowest mutant: {slowest[0]:.1f} s of CPU, {slowest[1]:.1f} s of wall ({slowest[2]})")
    print(f"wall {wall:.0f} s, CPU {cpu:.0f} s ({cpu / max(1, fuzz.mutants) * 1000:.1f} ms "
          f"a mutant); load {os.getloadavg()[0]:.2f}")
    shutil.rmtree(work, ignore_errors=True)
    return 1 if failed or len(fuzz.variants_seen) < len(plan.variants) else 0


def keep(folder: Path, number: int, key: str, args: list[str]) -> None:
    """The failing command line, and a copy of each file it names, to reproduce it."""
    folder.mkdir(parents=True, exist_ok=True)
    files = {}
    for arg in args:
        copy = folder / f"{number:03d}-{Path(arg).name}"
        if os.path.isfile(arg):
            shutil.copyfile(arg, copy)
            files[arg] = str(copy)
        elif os.path.isdir(arg) and arg.startswith(tempfile.gettempdir()):  # batch's folder
            shutil.copytree(arg, copy, dirs_exist_ok=True)
            files[arg] = str(copy)
    (folder / f"{number:03d}.json").write_text(json.dumps(
        {"failure": key, "args": args, "files": files}, indent=2, ensure_ascii=False), "utf-8")


if __name__ == "__main__":
    sys.exit(main())
