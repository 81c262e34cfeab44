"""The dashboard under many users at once (issue 26: 50 concurrent users, 0 errors, p95 under
1 s to a shown game, server RSS bounded, threads no more than the pool's).

    python benchmarks/dashboard_load.py [--users 50] [--games 3] [--seconds 180] [--teacher-first]

Starts `nova-replay dashboard` (the bundled samples) on a free loopback port, then runs
--users simulated browsers at once, each in its own session: the page (/, its layout and
dependencies; the JS bundles a browser caches are not fetched), then --games games in
turn, each opened by its URL (the callback whose answer is the game) and its evaluation
curve asked for and polled every 400 ms, as the page does, until it is drawn or said to be
unavailable. "To a shown game" is the time from asking for the game to its answer (the
first game's time includes the page). Meanwhile the server's RSS and thread count are
read from /proc every 0.2 s. Loopback only; bounded by --seconds and by the counts.
Prints the times (p50, p95, max), errors, curves drawn, and the server's peak RSS and
threads against its pool; exit 1 if any target is missed.
"""

from __future__ import annotations

import argparse
import http.client
import json
import random
import re
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from dashboards.app import THREADS  # noqa: E402
from dashboards.data import GameLibrary  # noqa: E402

POLL_S = 0.4  # the page's poll interval (layout.py's eval-poll)
MAX_POLLS = 150  # a curve not there after a minute of polls counts as not drawn


class User:
    """One browser: a connection of its own, its session cookie, its timings."""

    def __init__(self, port: int, deps: list[dict[str, Any]]) -> None:
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        self.cookie = ""
        self.deps = deps
        self.errors: list[str] = []

    def request(self, method: str, path: str, body: Any = None) -> tuple[int, bytes]:
        headers = {"Cookie": self.cookie} if self.cookie else {}
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        self.conn.request(method, path, body=data, headers=headers)
        answer = self.conn.getresponse()
        raw = answer.read()
        found = re.match(r"([^=;]+=[^;]+)", answer.getheader("Set-Cookie") or "")
        if found and not self.cookie:
            self.cookie = found.group(1)
        if answer.status not in (200, 204):
            self.errors.append(f"{method} {path}: HTTP {answer.status}")
        return answer.status, raw

    def callback(self, output_has: str, inputs: dict[str, Any], changed: str,
                 state: dict[str, Any] | None = None) -> dict[str, Any]:
        dep = next(d for d in self.deps if output_has in d["output"])

        def values(specs: list[dict[str, Any]], given: dict[str, Any]) -> list[dict[str, Any]]:
            return [{"id": s["id"], "property": s["property"],
                     "value": given.get(f"{s['id']}.{s['property']}")} for s in specs]

        outputs = [{"id": o.rsplit(".", 1)[0], "property": o.rsplit(".", 1)[1].split("@")[0]}
                   for o in dep["output"].strip(".").split("...")]
        body = {"output": dep["output"],
                "outputs": outputs if dep["output"].startswith("..") else outputs[0],
                "inputs": values(dep["inputs"], inputs), "changedPropIds": [changed],
                "state": values(dep.get("state", []), state or {})}
        status, raw = self.request("POST", "/_dash-update-component", body)
        return json.loads(raw)["response"] if status == 200 and raw else {}


def run_user(port: int, deps: list[dict[str, Any]], keys: list[str], games: int,
             out: dict[str, Any], deadline: float, seed: int) -> None:
    user = User(port, deps)
    rng = random.Random(seed)
    try:
        start = time.monotonic()
        user.request("GET", "/")
        user.request("GET", "/_dash-layout")
        user.request("GET", "/_dash-dependencies")
        for n in range(games):
            key = rng.choice(keys)
            if n:
                start = time.monotonic()
            answer = user.callback("game-data.data", {"url.search": f"?game={key}",
                                                      "spoilers.value": []}, "url.search",
                                   {"tier.value": "deduced"})
            data = answer.get("game-data", {}).get("data")
            out["shown"].append(time.monotonic() - start)
            out["first" if n == 0 else "later"].append(time.monotonic() - start)
            if not isinstance(data, dict):
                user.errors.append(f"{key}: no game in the answer")
                continue
            asked = {"key": data["key"], "turns": data["turns"], "viewer": data["viewer"]}
            changed = "eval-request.data"
            for poll in range(MAX_POLLS):
                state = user.callback("eval-data.data", {"eval-request.data": asked,
                                                         "eval-poll.n_intervals": poll},
                                      changed)
                changed = "eval-poll.n_intervals"
                if state.get("eval-data", {}).get("data"):
                    out["curves"] += 1
                    break
                if state.get("eval-message", {}).get("children"):
                    out["no_curve"].append(state["eval-message"]["children"])
                    break
                if time.monotonic() > deadline:
                    break
                time.sleep(POLL_S)
    except (OSError, http.client.HTTPException, ValueError) as e:
        user.errors.append(f"{type(e).__name__}: {e}")
    finally:
        out["errors"] += user.errors
        user.conn.close()


def watch(pid: int, peaks: dict[str, int], stop: threading.Event) -> None:
    while not stop.is_set():
        try:
            status = Path(f"/proc/{pid}/status").read_text()
        except OSError:
            return
        rss = int(re.search(r"VmRSS:\s+(\d+)", status).group(1)) // 1024  # type: ignore[union-attr]
        threads = int(re.search(r"Threads:\s+(\d+)", status).group(1))  # type: ignore[union-attr]
        peaks["rss"] = max(peaks.get("rss", 0), rss)
        peaks["threads"] = max(peaks.get("threads", 0), threads)
        peaks.setdefault("rss_start", rss)
        stop.wait(0.2)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--users", type=int, default=50)
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=180)
    parser.add_argument("--teacher-first", action="store_true",
                        help="one user loads the page before the others start")
    args = parser.parse_args()
    keys = [e.key for e in GameLibrary.from_path().entries]
    server = subprocess.Popen([sys.executable, "-m", "nova_replay", "dashboard", "--port", "0"],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        line = server.stdout.readline() if server.stdout else ""
        found = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
        if not found:
            said = server.stderr.read() if server.stderr else ""
            raise SystemExit(f"the dashboard did not start: {line}{said}")
        port = int(found.group(1))
        probe = User(port, [])
        _, raw = probe.request("GET", "/_dash-dependencies")
        deps = json.loads(raw)
        peaks: dict[str, int] = {}
        stop = threading.Event()
        watcher = threading.Thread(target=watch, args=(server.pid, peaks, stop), daemon=True)
        watcher.start()
        if args.teacher_first:  # one page load before the class: the picker's files checked
            run_user(port, deps, keys, 0, {"shown": [], "errors": [], "first": [], "later": []},
                     time.monotonic() + args.seconds, -1)
        out: dict[str, Any] = {"shown": [], "errors": [], "curves": 0, "no_curve": [],
                               "first": [], "later": []}
        deadline = time.monotonic() + args.seconds
        users = [threading.Thread(target=run_user, args=(port, deps, keys, args.games, out,
                                                          deadline, n)) for n in range(args.users)]
        began = time.monotonic()
        for u in users:
            u.start()
        for u in users:
            u.join(max(0.1, deadline + 70 - time.monotonic()))
        took = time.monotonic() - began
        stop.set()
        watcher.join()
    finally:
        server.terminate()
        server.wait(30)
    shown = sorted(out["shown"])
    p95 = shown[int(0.95 * (len(shown) - 1))] if shown else float("inf")
    bound = THREADS + 4  # waitress's pool, the main thread, the evaluation worker and the
    # two threads of the executor that talks to the solver's process
    print(f"{args.users} users x {args.games} games in {took:.1f} s: {len(shown)} games shown; "
          f"to a shown game p50 {statistics.median(shown) if shown else 0:.3f} s, p95 {p95:.3f} s, "
          f"max {max(shown) if shown else 0:.3f} s")
    for part in ("first", "later"):
        times = sorted(out[part])
        if times:
            print(f"  {part} game{'s' if part == 'later' else ' (with the page)'}: p50 "
                  f"{statistics.median(times):.3f} s, p95 {times[int(0.95 * (len(times) - 1))]:.3f} s")
    print(f"errors: {len(out['errors'])}" + (f" (first: {out['errors'][0]})" if out["errors"] else ""))
    print(f"curves drawn: {out['curves']}; said unavailable: {len(out['no_curve'])}"
          + (f" ({out['no_curve'][0]})" if out["no_curve"] else ""))
    print(f"server: RSS {peaks.get('rss_start', 0)} MB at start, peak {peaks.get('rss', 0)} MB; "
          f"threads peak {peaks.get('threads', 0)} (pool {THREADS} + main + evaluation worker + "
          f"the solver process's 2 = {bound})")
    missed = bool(out["errors"]) or p95 >= 1.0 or peaks.get("threads", 0) > bound
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
