"""The README's test command on a fresh clone with nothing beside it (issue 36): a clone of
this repository's HEAD into a temporary folder, without ../shared, NOVA_SHARED or CI,
collects the whole suite without an error, and the tests of real data skip there, each
saying why (`helpers.missing_shared`), instead of failing.

Cheap on purpose: one `--collect-only` of the suite and a handful of data tests, whose
skip path runs no game."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import ROOT

# Tests of real data, one per way a test asks for it: `shared()` in its body (the course
# check that once failed here), a module-level `needs_shared` mark, a `needs_shared` test,
# and a test whose parameters come from the shared data.
DATA_TESTS = [
    "tests/test_course.py::test_committed_course_is_current",
    "tests/test_hanablive_real.py::test_a_game_that_goes_on_past_that_point_stays_legal",
    "tests/test_variants.py::test_every_variant_is_claimed_exactly_or_refused_with_its_rule",
    "tests/test_corpus.py::test_corpus_table",
    "tests/test_conventions.py::test_the_json_reading_numbers_cards_as_hanab_live_does",
]


def _clean_env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if k not in ("NOVA_SHARED", "CI", "PYTEST_ADDOPTS", "PYTEST_CURRENT_TEST")}
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    env["COLUMNS"] = "1000"  # the reasons whole, not cut to the terminal
    return env


@pytest.fixture(scope="module")
def clone(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A clone of HEAD, alone in its folder (so ../shared is not there)."""
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("not a git checkout (or no git): nothing to clone")
    target = tmp_path_factory.mktemp("fresh") / "nova-replay"
    done = subprocess.run(["git", "clone", "--quiet", "--no-hardlinks", str(ROOT), str(target)],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert not (target.parent / "shared").exists()
    return target


def _pytest(clone: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", *args],
                          cwd=clone, env=_clean_env(), capture_output=True, text=True,
                          check=False)


def test_a_fresh_clone_collects_every_test(clone: Path) -> None:
    done = _pytest(clone, "--collect-only")  # -q in addopts: a line a test
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    collected = [line for line in done.stdout.splitlines() if "::" in line]
    assert len(collected) > 1000, done.stdout[-2000:]
    assert "error" not in done.stdout.splitlines()[-1].lower()


def test_the_data_tests_of_a_fresh_clone_skip_saying_why(clone: Path) -> None:
    done = _pytest(clone, "-vv", "-rs", *DATA_TESTS)  # -q in addopts: -vv is -v
    assert done.returncode == 0, done.stdout[-3000:]
    reason = f"real data not found at {clone.parent / 'shared' / 'data'}"
    lines = {line.split(" ")[0]: line for line in done.stdout.splitlines() if "::" in line}
    for test in DATA_TESTS:  # a line a test, "SKIPPED (the reason)"
        assert "SKIPPED" in lines[test], lines.get(test)  # and why, in the summary (-rs):
    assert f"SKIPPED [{len(DATA_TESTS)}]" in done.stdout and reason in done.stdout, done.stdout[-2000:]
    assert re.search(rf"\b{len(DATA_TESTS)} skipped\b", done.stdout), done.stdout[-500:]
    assert "passed" not in done.stdout.splitlines()[-1]


def test_with_ci_true_the_missing_data_fails(clone: Path) -> None:
    """CI has the real data: there a missing folder is a fault, not a skip."""
    env = _clean_env() | {"CI": "true"}
    done = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider",
                           DATA_TESTS[0], DATA_TESTS[1]],
                          cwd=clone, env=env, capture_output=True, text=True, check=False)
    assert done.returncode == 1, done.stdout[-2000:]
    summary = done.stdout.splitlines()[-1]
    # the test that asks in its body fails; the marked one errs in its setup
    assert "1 failed" in summary and "1 error" in summary, summary
    assert done.stdout.count("real data not found at") >= 2, done.stdout[-2000:]
