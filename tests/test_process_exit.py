"""The dashboard's background processes never hold a Python open at exit.

The folder survey and the solver each run in a process pool. dash's browser-test runner
ends every thread a test started (it raises SystemExit in them), the pools' manager
threads included; a pool then shut down the usual way leaves its process alive, and
multiprocessing waits for it at exit, for ever (a CI run that passed every test hung
until its time ran out). Each case runs in a Python of its own; the timeout only keeps
a broken build from hanging the suite.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap

from helpers import SAMPLES

# The thread killing below is what dash.testing.application_runners.KillerThread does.
KILL_NEW_THREADS = """
import ctypes, threading
def kill_threads_since(old):
    for ident in list(threading._active):
        if ident not in old and ident != threading.get_ident():
            ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_long(ident),
                                                       ctypes.py_object(SystemExit))
"""


def exits(script: str) -> subprocess.CompletedProcess[str]:
    code = KILL_NEW_THREADS + textwrap.dedent(script)
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=300)


def test_a_survey_whose_manager_thread_was_killed_still_lets_python_exit() -> None:
    done = exits(f"""
        import threading, time
        from nova_replay.dashboard.survey import Survey
        if __name__ == "__main__":
            old = set(threading._active)
            survey, seen = Survey(), []
            def record(batch):
                seen.extend(batch)
                kill_threads_since(old)  # the pool's manager thread among them
                time.sleep(0.5)  # let the SystemExit land
            survey.run([("g", {str(SAMPLES / 'nova-2p.json')!r})], record)
            print("checked", [c.valid for _, c in seen])
    """)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "checked [True]"


def test_the_solvers_process_ends_with_python_when_its_manager_thread_was_killed() -> None:
    done = exits("""
        import threading, time
        from nova_replay.dashboard import evaluations
        if __name__ == "__main__":
            old = set(threading._active)
            print("answer", evaluations._solver().submit(int, "7").result())
            kill_threads_since(old)
            time.sleep(0.5)
    """)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "answer 7"
