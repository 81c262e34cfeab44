"""Ctrl-C and SIGTERM stop the dashboard and every process it started with one line and
the shell's exit code (130, 143): no traceback from the solver's process, which the
terminal's Ctrl-C reaches too (it goes to the whole process group), and no warning of
leaked semaphores (issue 36).

The server runs in a Python of its own; the test waits on conditions (the server's
"dashboard on" line, the solver's process seen in /proc), never on a sleep."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from helpers import PATIENCE, ROOT

pytestmark = pytest.mark.skipif(not Path("/proc/self/status").exists() or os.name != "posix",
                                reason="needs Linux's /proc to see the server's processes")

# The checkout's own dashboard: in a developer's tree `nova_replay.dashboard` may be
# mapped to another checkout's dashboards/ (an editable install elsewhere). A script file,
# not `-c`: the solver's spawned process runs it again (as __mp_main__), and maps it too.
RUN = f"""
import importlib.util, runpy, sys
root = {str(ROOT)!r}
sys.path.insert(0, root)
spec = importlib.util.spec_from_file_location(
    "nova_replay.dashboard", root + "/dashboards/__init__.py",
    submodule_search_locations=[root + "/dashboards"])
module = importlib.util.module_from_spec(spec)
sys.modules["nova_replay.dashboard"] = module
spec.loader.exec_module(module)
if __name__ == "__main__":
    sys.argv[0] = "nova-replay"
    runpy.run_module("nova_replay", run_name="__main__")
"""


def wait_for(condition: Callable[[], bool], what: str) -> None:
    deadline = time.monotonic() + PATIENCE
    while not condition():
        assert time.monotonic() < deadline, f"waited {PATIENCE} s for {what}"
        time.sleep(0.05)


def children(pid: int) -> list[int]:
    out = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                status = Path(f"/proc/{entry}/status").read_text()
            except OSError:
                continue
            if f"\nPPid:\t{pid}\n" in status:
                out.append(int(entry))
    return out


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/status").read_text().split("\nState:\t")[1][0]
    except (OSError, IndexError):
        return False
    return state != "Z"


def solver_process(pid: int) -> bool:
    return any("spawn_main" in Path(f"/proc/{c}/cmdline").read_text(errors="replace")
               for c in children(pid) if alive(c))


@pytest.mark.parametrize(("sent", "to_group", "code", "name"), [
    (signal.SIGINT, True, 130, "Ctrl-C"),  # a terminal's Ctrl-C: the whole group
    (signal.SIGTERM, False, 143, "SIGTERM"),
])
def test_a_signal_stops_the_dashboard_and_its_workers_with_one_line(
        sent: signal.Signals, to_group: bool, code: int, name: str, tmp_path: Path) -> None:
    script = tmp_path / "run_checkout.py"
    script.write_text(RUN)
    env = {**os.environ, "PYTHONUNBUFFERED": "1", "PYTHONWARNINGS": "default"}
    server = subprocess.Popen(
        [sys.executable, str(script), "dashboard", "--port", "0"], cwd=tmp_path, env=env,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)
    try:
        assert server.stdout is not None
        line = server.stdout.readline()  # blocks until the server listens
        assert line.startswith("nova-replay dashboard on http://127.0.0.1:"), line
        wait_for(lambda: solver_process(server.pid), "the solver's process")
        workers = children(server.pid)
        if to_group:
            os.killpg(server.pid, sent)
        else:
            server.send_signal(sent)
        out, err = server.communicate(timeout=PATIENCE)
    finally:
        if server.poll() is None:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait()
    assert server.returncode == code, err
    assert err == f"dashboard: stopped by {name}\n"
    assert out == ""
    wait_for(lambda: not any(alive(w) for w in workers), "the workers to end")
