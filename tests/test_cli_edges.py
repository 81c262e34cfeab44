"""The command line's edges: where the bundled files are, the dashboard's port, exit codes."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from pathlib import Path

from click.testing import CliRunner
from helpers import SAMPLES

from nova_replay.cli import main
from nova_replay.cli.ports import free_port


def test_samples_prints_the_bundled_folder_alone_on_its_last_line() -> None:
    result = CliRunner().invoke(main, ["samples"])
    assert result.exit_code == 0, result.output
    last = Path(result.output.splitlines()[-1])
    assert last.is_absolute() and last == SAMPLES.resolve()
    assert (last / "nova-2p.json").is_file() and (last / "lessons").is_dir()


def test_a_taken_port_gives_another_free_one() -> None:
    with socket.create_server(("127.0.0.1", 0)) as held:
        taken = held.getsockname()[1]
        chosen = free_port("127.0.0.1", taken)
        assert chosen != taken
        if chosen:  # a nearby port, free now
            with socket.create_server(("127.0.0.1", chosen)):
                pass
    assert free_port("127.0.0.1", 0) == 0  # the server takes any free port


def test_dashboard_on_a_taken_port_says_so_and_serves_on_another() -> None:
    with socket.create_server(("127.0.0.1", 0)) as held:
        taken = held.getsockname()[1]
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        proc = subprocess.Popen(
            [sys.executable, "-m", "nova_replay", "dashboard", str(SAMPLES / "nova-2p.json"),
             "--port", str(taken)],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
        try:
            assert proc.stdout is not None and proc.stderr is not None
            url = proc.stdout.readline()  # blocks until the server announces itself
            said = proc.stderr.readline()
        finally:
            proc.terminate()
            proc.wait()
    assert url.startswith("nova-replay dashboard on http://127.0.0.1:")
    port = int(url.split(":")[2].split("/")[0])
    assert port != taken
    assert said.strip() in (f"dashboard: port {taken} is taken; using {port} instead",
                            f"dashboard: port {taken} is taken; using a free one instead")
