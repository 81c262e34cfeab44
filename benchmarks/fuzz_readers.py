"""The long run of the readers' mutation fuzzer (tests/fuzzing.py): issue 26's target is
100,000 mutants with 0 tracebacks, 0 hangs and every written file read back.

    nice -n 10 python benchmarks/fuzz_readers.py [--mutants 100000] [--seed 26]
        [--hang-seconds 20] [--keep FOLDER]

Mutants are made from our samples and the shared real files ($NOVA_SHARED/data, else
../shared/data beside the repository). Each runs every reader (`try_mutant`): batch's row,
the validator, and the import and export round trips. A mutant still running after
--hang-seconds of wall time counts as a hang (generous: the machine may be loaded; the
readers take milliseconds). Failures are grouped by where they were raised, and one
mutant of each is written to --keep to reproduce it. Prints the counts and the CPU time;
exit 1 if any mutant failed or hung.
"""

from __future__ import annotations

import argparse
import collections
import os
import signal
import sys
import time
import traceback
from pathlib import Path
from types import FrameType

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from fuzzing import Outcome, mutants, seed_files, try_mutant  # noqa: E402


class Hang(Exception):
    """A mutant ran past the hang limit."""


def _alarm(_signum: int, _frame: FrameType | None) -> None:
    raise Hang


def shared_data() -> Path:
    named = os.environ.get("NOVA_SHARED")
    return Path(named) / "data" if named else ROOT.parent / "shared" / "data"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--mutants", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=26)
    parser.add_argument("--hang-seconds", type=float, default=20.0)
    parser.add_argument("--keep", type=Path, default=Path("fuzz-failures"))
    args = parser.parse_args()
    files = seed_files(shared_data())
    print(f"{len(files)} seed files; {args.mutants:,} mutants, seed {args.seed}", flush=True)
    signal.signal(signal.SIGALRM, _alarm)
    outcome = Outcome()
    failures: collections.Counter[str] = collections.Counter()
    hangs = 0
    start_cpu, start = time.process_time(), time.monotonic()
    for i, (name, raw) in enumerate(mutants(files, args.mutants, args.seed), start=1):
        signal.setitimer(signal.ITIMER_REAL, args.hang_seconds)
        try:
            try_mutant(raw, outcome)
        except Hang:
            hangs += 1
            _keep(args.keep, f"hang-{i}", name, raw)
        except Exception as e:  # every other exception is a traceback a user would see
            where = traceback.extract_tb(e.__traceback__)[-1]
            kind = f"{type(e).__name__} at {Path(where.filename).name}:{where.lineno}: {str(e)[:120]}"
            if not failures[kind]:
                _keep(args.keep, f"failure-{i}", name, raw)
                print(f"mutant {i} (of {name}): {kind}", flush=True)
            failures[kind] += 1
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
        if i % 10_000 == 0:
            print(f"  {i:,} mutants, {sum(failures.values())} failures, {hangs} hangs, "
                  f"{time.process_time() - start_cpu:,.0f} s CPU", flush=True)
    cpu, wall = time.process_time() - start_cpu, time.monotonic() - start
    print(f"{outcome.mutants:,} mutants: {outcome.read:,} read as JSON, {outcome.valid:,} games "
          f"that replay, {outcome.written:,} files written and read back")
    print(f"{sum(failures.values())} tracebacks, {hangs} hangs; {cpu:,.0f} s CPU, {wall:,.0f} s wall")
    for kind, n in failures.most_common():
        print(f"  {n} x {kind}")
    return 1 if failures or hangs else 0


def _keep(folder: Path, stem: str, name: str, raw: bytes) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{stem}-{name}").write_bytes(raw)


if __name__ == "__main__":
    sys.exit(main())
