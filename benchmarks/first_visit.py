"""What a first visit of the dashboard transfers (issue 23: ≤ 2 MB, the corpus view too),
in real headless Chromium with a new profile (nothing cached).

    python benchmarks/first_visit.py [PATH]     # a batch table (the corpus view), a folder, a log

Without PATH, a batch table of the bundled samples is made in a temporary folder (the
corpus view). Serves `nova-replay dashboard PATH` on a free port, opens it, waits for the
first game's first frame (and the corpus table's rows, when there is one), lets the page
settle for its late requests, then sums the bytes the browser received (each response's
`transferSize`: headers and the body as sent, compressed or not) and lists the largest
responses with their sizes as sent and unpacked. Byte counts do not depend on the load.
"""

# mypy: disable-error-code="no-untyped-call"
from __future__ import annotations

import argparse
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))

from dashboard_speed import FIRST_FRAME, chromium, wait_for  # noqa: E402

TARGET_MB = 2.0
RESPONSES = """
const nav = performance.getEntriesByType('navigation')[0];
return [[nav.name, nav.transferSize, nav.decodedBodySize],
        ...performance.getEntriesByType('resource').map(
          (r) => [r.name, r.transferSize, r.decodedBodySize])];
"""
CORPUS_ROWS = "return document.querySelectorAll('#corpus-body tr').length > 0;"
TOP = 40  # the largest responses listed
SETTLE_S = 3.0  # after the first frame: the chart library and late callbacks


def measure(path: Path) -> float:
    proc = subprocess.Popen([sys.executable, "-m", "nova_replay", "dashboard", str(path.resolve()),
                             "--port", "0"], stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, text=True, cwd=tempfile.gettempdir())
    try:
        assert proc.stdout is not None
        found = re.search(r"http://127\.0\.0\.1:\d+/", proc.stdout.readline())
        if not found:
            raise SystemExit("the dashboard did not start")
        with chromium() as driver:
            driver.get(found.group(0))
            driver.execute_async_script(FIRST_FRAME)
            if path.suffix in (".parquet", ".csv", ".jsonl"):
                wait_for(driver, CORPUS_ROWS, 60)
            time.sleep(SETTLE_S)
            responses = driver.execute_script(RESPONSES)
    finally:
        proc.terminate()
        proc.wait(30)
    total = sum(sent for _, sent, _ in responses)
    print(f"{path.name}: first visit {total / 1e6:.2f} MB transferred in {len(responses)} "
          f"responses (unpacked {sum(u for _, _, u in responses) / 1e6:.2f} MB)")
    for name, sent, unpacked in sorted(responses, key=lambda r: -r[1])[:TOP]:
        short = re.sub(r"^https?://[^/]+", "", name).split("?")[0]
        print(f"  {sent / 1e3:8.1f} kB sent  {unpacked / 1e3:8.1f} kB unpacked  {short}")
    ok = total <= TARGET_MB * 1e6
    print(f"target ≤ {TARGET_MB:.0f} MB: {'ok' if ok else 'MISSED'}")
    return total


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("path", nargs="?", type=Path)
    args = parser.parse_args()
    if args.path is not None:
        return 0 if measure(args.path) <= TARGET_MB * 1e6 else 1
    with tempfile.TemporaryDirectory() as tmp:
        table = Path(tmp) / "samples.parquet"
        samples = sorted(str(p) for p in (ROOT / "sample_games").glob("*.json"))
        subprocess.run([sys.executable, "-m", "nova_replay", "batch", *samples, "--out",
                        str(table)], check=True, capture_output=True)
        return 0 if measure(table) <= TARGET_MB * 1e6 else 1


if __name__ == "__main__":
    sys.exit(main())
