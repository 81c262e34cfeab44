"""Issue 34's load test: 50 simulated users of one dashboard on loopback, each with its
session, games, uploads and hostile requests; then the uploads' worst case.

    python benchmarks/server_users.py [--users 50] [--rounds 4] [--seconds 300]

Starts `nova-replay dashboard` (the bundled samples) on a free 127.0.0.1 port. Each user
loads the page (its signed session cookie), then runs --rounds rounds: open a game by its
URL (timed: "to a shown game"), poll its curve three times as the page does, open its own
upload (a small log uploaded in the first round), and send what a hostile client would:
an upload without a session (refused), a callback body nested 50,000 deep (400) and an
asset path with ../.. (404). Anything else (another status, a missing answer) is an
error. The server's RSS and threads are read after the first round and after the last:
flat means the last within 20% (and 40 MB) of the first. Then the worst case of what
uploads hold, on a fresh server: 16 sessions at once upload three files of 5 MB of text
each (more than the bound on all uploads takes), and the RSS grown is printed. Bounded:
every loop has a count, and --seconds stops the users. Prints the figures and the load;
exit 1 if a target is missed.
"""

from __future__ import annotations

import argparse
import base64
import json
import os
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
sys.path.insert(0, str(ROOT / "benchmarks"))

from dashboard_load import User  # noqa: E402

from dashboards.data import GameLibrary  # noqa: E402

POLLS = 3
SMALL = (ROOT / "sample_games" / "hanabi-2p.json").read_bytes()


def data_url(raw: bytes) -> str:
    return "data:application/json;base64," + base64.b64encode(raw).decode("ascii")


def upload(user: User, raw: bytes, name: str) -> dict[str, Any]:
    return user.callback("upload-message.children", {"upload.contents": data_url(raw)},
                         "upload.contents", {"upload.filename": name})


def shown(user: User, key: str) -> dict[str, Any] | None:
    answer = user.callback("game-data.data", {"url.search": f"?game={key}",
                                              "spoilers.value": []}, "url.search",
                           {"tier.value": "deduced"})
    data = answer.get("game-data", {}).get("data")
    return data if isinstance(data, dict) else None


def hostile(user: User) -> None:
    """Requests a hostile client sends; each answered as the server should."""
    stranger = User(user.conn.port, user.deps)  # type: ignore[attr-defined]
    try:
        said = upload(stranger, SMALL, "anon.json")
        if "url" in said or "reload the page" not in str(said):
            user.errors.append(f"an upload without a session was taken: {said}")
        deep = b"[" * 50_000 + b"]" * 50_000
        stranger.conn.request("POST", "/_dash-update-component", body=deep,
                              headers={"Content-Type": "application/json"})
        answer = stranger.conn.getresponse()
        answer.read()
        if answer.status != 400:
            user.errors.append(f"a body nested 50,000 deep: HTTP {answer.status}")
        stranger.conn.request("GET", "/_dash-component-suites/dash/../../app.py")
        answer = stranger.conn.getresponse()
        answer.read()
        if answer.status != 404:
            user.errors.append(f"an asset path with ../..: HTTP {answer.status}")
    finally:
        stranger.conn.close()


def run_user(port: int, deps: list[dict[str, Any]], keys: list[str], rounds: int,
             out: dict[str, Any], deadline: float, seed: int, barrier: threading.Barrier) -> None:
    user = User(port, deps)
    mine = ""
    try:
        user.request("GET", "/")
        user.request("GET", "/_dash-layout")
        for n in range(rounds):
            if time.monotonic() > deadline:
                break
            start = time.monotonic()
            data = shown(user, keys[(seed + n) % len(keys)])
            out["shown"].append(time.monotonic() - start)
            if data is None:
                user.errors.append("no game in the answer")
            else:
                asked = {"key": data["key"], "turns": data["turns"], "viewer": data["viewer"]}
                changed = "eval-request.data"
                for poll in range(POLLS):
                    user.callback("eval-data.data", {"eval-request.data": asked,
                                                     "eval-poll.n_intervals": poll}, changed)
                    changed = "eval-poll.n_intervals"
            if n == 0:  # one upload a user (50 of the 60 the server holds), opened each round
                raw = json.loads(SMALL)
                raw["meta"] = {"title": f"user {seed}"}
                said = upload(user, json.dumps(raw).encode(), f"u{seed}.json")
                search = said.get("url", {}).get("search", "")
                mine = search.split("game=")[1].split("&")[0] if "game=" in search else ""
                if not mine:
                    user.errors.append(f"own upload refused: {said}")
            if mine and shown(user, mine) is None:
                user.errors.append("own upload did not open")
            hostile(user)
            if n == 0 or n == rounds - 1:
                try:
                    barrier.wait(120)  # every user at the same round: the server is read
                except threading.BrokenBarrierError:
                    pass
    except (OSError, ValueError, KeyError) as e:
        user.errors.append(f"{type(e).__name__}: {e}")
    finally:
        out["errors"] += user.errors
        user.conn.close()


def process(pid: int) -> tuple[int, int]:
    status = Path(f"/proc/{pid}/status").read_text()
    rss = int(re.search(r"VmRSS:\s+(\d+)", status).group(1)) // 1024  # type: ignore[union-attr]
    threads = int(re.search(r"Threads:\s+(\d+)", status).group(1))  # type: ignore[union-attr]
    return rss, threads


def worst_case(port: int, deps: list[dict[str, Any]], pid: int) -> tuple[int, int, int, int]:
    """(uploads taken, refused, RSS before, RSS after) when 16 sessions at once each
    upload three 5 MB files of text: more than the bound on all uploads holds, sent as
    fast as the server's threads take them (the transient copies of each read count)."""
    before = process(pid)[0]
    counts = {"taken": 0, "refused": 0}

    def session(n: int) -> None:
        user = User(port, deps)
        raw = json.loads(SMALL)
        try:
            user.request("GET", "/")
            for k in range(3):
                raw["meta"] = {"title": f"big {n}.{k}", "notes": "x" * (5 * 2**20 - 9000)}
                said = upload(user, json.dumps(raw).encode(), f"big{n}-{k}.json")
                taken = "game=" in said.get("url", {}).get("search", "")
                counts["taken" if taken else "refused"] += 1
        except (OSError, ValueError) as e:
            print(f"  worst case: {type(e).__name__}: {e}")
        finally:
            user.conn.close()

    threads = [threading.Thread(target=session, args=(n,)) for n in range(16)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(600)
    return counts["taken"], counts["refused"], before, process(pid)[0]


def start() -> tuple[subprocess.Popen[str], int, list[dict[str, Any]]]:
    """A dashboard of the bundled samples on a free loopback port: (process, port, deps)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    server = subprocess.Popen([sys.executable, "-m", "nova_replay", "dashboard", "--port", "0"],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    line = server.stdout.readline() if server.stdout else ""
    found = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
    if not found:
        server.kill()
        raise SystemExit(f"the dashboard did not start: {line}")
    port = int(found.group(1))
    probe = User(port, [])
    deps = json.loads(probe.request("GET", "/_dash-dependencies")[1])
    probe.conn.close()
    return server, port, deps


def stop(server: subprocess.Popen[str]) -> int:
    """Stop the server; the tracebacks in its log."""
    server.terminate()
    _, log = server.communicate(timeout=60)
    return log.count("Traceback")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--users", type=int, default=50)
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=300)
    args = parser.parse_args()
    keys = [e.key for e in GameLibrary.from_path().entries]
    server, port, deps = start()
    try:
        out: dict[str, Any] = {"shown": [], "errors": []}
        reads: list[tuple[int, int]] = []
        barrier = threading.Barrier(args.users, action=lambda: reads.append(process(server.pid)))
        deadline = time.monotonic() + args.seconds
        users = [threading.Thread(target=run_user, args=(port, deps, keys, args.rounds, out,
                                                          deadline, n, barrier))
                 for n in range(args.users)]
        began = time.monotonic()
        for u in users:
            u.start()
        for u in users:
            u.join(max(0.1, deadline + 120 - time.monotonic()))
        took = time.monotonic() - began
    finally:
        tracebacks = stop(server)
    server, port, deps = start()  # the worst case on a server of its own
    try:
        taken, refused, rss_before, rss_after = worst_case(port, deps, server.pid)
        peak = process(server.pid)
    finally:
        tracebacks += stop(server)
    times = sorted(out["shown"])
    p95 = times[int(0.95 * (len(times) - 1))] if times else float("inf")
    print(f"{args.users} users x {args.rounds} rounds in {took:.1f} s: {len(times)} games "
          f"shown; to a shown game p50 {statistics.median(times) if times else 0:.3f} s, "
          f"p95 {p95:.3f} s, max {max(times) if times else 0:.3f} s")
    print(f"errors: {len(out['errors'])}" + (f" (first: {out['errors'][0]})"
                                            if out["errors"] else ""))
    flat = len(reads) == 2 and reads[1][1] <= reads[0][1] and (
        reads[1][0] <= max(reads[0][0] * 1.2, reads[0][0] + 40))
    print("server after the first round / after the last: "
          + " / ".join(f"RSS {r} MB, {t} threads" for r, t in reads) + ("; flat" if flat else
                                                                        "; NOT flat"))
    print(f"uploads' worst case (a fresh server): 16 sessions x 3 uploads of 5 MB at once: "
          f"{taken} taken (a session's third evicts its first), {refused} refused by the "
          f"bound; RSS {rss_before} -> {rss_after} MB (+{rss_after - rss_before} MB); then "
          f"{peak[0]} MB, {peak[1]} threads")
    print(f"tracebacks in the servers' logs: {tracebacks}")
    print(f"load: {Path('/proc/loadavg').read_text().split()[:3]} "
          f"({os.cpu_count()} cores)")
    missed = bool(out["errors"]) or p95 >= 1.0 or not flat or tracebacks
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
