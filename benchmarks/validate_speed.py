"""How many logs per second `validate` checks, measured on the bundled samples.

    python benchmarks/validate_speed.py [--seconds 3]

Prints three figures: the whole pipeline of `nova_replay.record.validation.check` (read the file,
decode JSON, schema, deck, every action's legality), `check_data` alone on JSON that is
already decoded (schema, deck, legality), and `check_data` on logs whose every action is new
to the process (each carries a comment of its own), so that none is known to the schema's
memo of checked actions (`record.log._SeenActions`): the cost of a corpus of unique actions.
"""

from __future__ import annotations

import argparse
import itertools
import json
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from nova_replay.record.validation import check, check_data  # noqa: E402

SAMPLES = sorted((ROOT / "sample_games").glob("*.json"))


def rate(work: Callable[[], int], seconds: float) -> tuple[float, int]:
    """Logs per second of `work` (which checks some logs and returns how many), run
    repeatedly for about `seconds` after one warm-up round."""
    work()
    done, start = 0, time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        done += work()
    return done / elapsed, done


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    args = parser.parse_args()
    datas: list[Any] = [json.loads(p.read_text("utf-8")) for p in SAMPLES]
    actions = sum(len(d["actions"]) for d in datas)

    def whole() -> int:
        for p in SAMPLES:
            assert check(p).valid()
        return len(SAMPLES)

    def data_only() -> int:
        for d in datas:
            assert check_data(d).valid()
        return len(datas)

    rounds = itertools.count()

    def every_action_new() -> int:
        r = next(rounds)
        for d in datas:  # a copy with a comment of this round on every action
            actions = [{**a, "comment": f"{r} {i}"} for i, a in enumerate(d["actions"])]
            assert check_data({**d, "actions": actions}).valid()
        return len(datas)

    print(f"{len(SAMPLES)} sample logs, {actions / len(SAMPLES):.0f} actions each on average")
    for label, work in (("read -> schema -> deck -> legality (check)", whole),
                        ("schema -> deck -> legality (check_data)", data_only),
                        ("the same, every action new (+ copying)", every_action_new)):
        per_second, done = rate(work, args.seconds)
        print(f"{label:45} {per_second:8.0f} logs/s  ({done} logs, "
              f"{per_second * actions / len(SAMPLES):,.0f} actions/s)")


if __name__ == "__main__":
    main()
