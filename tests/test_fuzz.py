"""Any JSON value anywhere in a log gives a report of problems, never an exception."""

from __future__ import annotations

import copy
import json
from typing import Any

from fuzzing import Outcome, mutants, seed_files, try_mutant
from helpers import SAMPLES, SHARED
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from nova_replay.record.validation import check_data

BASE: dict[str, Any] = json.loads((SAMPLES / "nova-4p-wild-jokers.json").read_text("utf-8"))

JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**20), 10**20) | st.floats(allow_nan=True)
    | st.text(max_size=8) | st.sampled_from(["JK", "7H", "hint", "play", "discard", "Anna", "S"]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=8,
)


def paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(value, dict):
        for k, v in value.items():
            out += paths(v, (*prefix, k))
    elif isinstance(value, list):
        for i, v in enumerate(value[:6]):
            out += paths(v, (*prefix, i))
    return out


PATHS = paths(BASE)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(where=st.sampled_from(PATHS), value=JSON_VALUES, add=st.booleans())
def test_any_change_gives_a_report(where: tuple[Any, ...], value: Any, add: bool) -> None:
    data: Any = copy.deepcopy(BASE)
    if not where:
        data = value
    else:
        parent = data
        for key in where[:-1]:
            parent = parent[key]
        if add and isinstance(parent, list):
            parent.insert(where[-1], value)
        else:
            parent[where[-1]] = value
    report = check_data(data, "fuzz.json")
    for problem in report.problems:
        assert problem.message and "\n" not in str(problem)
    if report.record is None:
        assert report.problems, "an unusable log must say why"


# --- issue 26: mutants of real files and our samples, through every reader -----------------

FUZZ_MUTANTS = 1500  # a fixed budget, counted in mutants; benchmarks/fuzz_readers.py runs 100,000


def test_readers_take_any_mutant_and_what_they_write_reads_back() -> None:
    files = seed_files(SHARED)
    outcome = Outcome()
    for _, raw in mutants(files, FUZZ_MUTANTS):
        try_mutant(raw, outcome)
    assert outcome.mutants == FUZZ_MUTANTS
    # The mutants reach past the JSON decoder, and some still replay and are written out.
    assert outcome.read > FUZZ_MUTANTS // 3 and outcome.valid > 0 and outcome.written > 0
