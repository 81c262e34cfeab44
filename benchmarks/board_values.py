"""How long the board's "Work out move values" takes: CPU seconds in the server's
background process to value every move of a game the board's way (chunks of turns,
dashboards/value_jobs.py), beside `move_values` on the whole game at once in this
process (what `analyze --value` does), and the wall time from the ask to the values.

    python benchmarks/board_values.py                                  # 3-player samples
    python benchmarks/board_values.py sample_games/nova-3p-bots.json --samples 8 --level 5

CPU time is process time (the background process's, summed over its chunks): it does not
depend on the machine's load; the wall time does (state `uptime` with it). The two ways
are run in turns, and must give the same values (checked).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

ROOT = Path(__file__).resolve().parent.parent
GAMES = [ROOT / "sample_games" / n for n in
         ("nova-3p-bots.json", "hanabi-3p-careless-bots.json", "nova-3p-careless-bots.json")]


def timed_turns(timeline, samples, level, turns):  # type: ignore[no-untyped-def]
    """In the background process: the chunk's values and the CPU seconds they took."""
    from nova_replay.dashboard.value_jobs import value_turns

    start = time.process_time()
    moves = value_turns(timeline, samples, level, turns)
    return moves, time.process_time() - start


def main(argv: list[str]) -> int:
    from nova_replay.dashboard.evaluations import background, end_pool
    from nova_replay.dashboard.value_jobs import ValueJobs

    from nova_replay.play.value import DEFAULT_SAMPLES, move_values
    from nova_replay.record.load import load

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", type=Path, default=GAMES)
    parser.add_argument("--samples", type=int, default=DEFAULT_SAMPLES)
    parser.add_argument("--level", type=int, default=5, help="the board's default: 5")
    args = parser.parse_args(argv)
    print(f"load: {os.getloadavg()[0]:.2f} (1 min), samples {args.samples}, "
          f"h-group:{args.level}")
    background().submit(int).result()  # started before the clock
    for path in args.games:
        timeline = load(path).timeline
        cpu: list[float] = []

        def run(tl, samples, level, turns, cpu=cpu):  # type: ignore[no-untyped-def]
            moves, seconds = background().submit(timed_turns, tl, samples, level, turns).result()
            cpu.append(seconds)
            return moves

        jobs = ValueJobs(args.samples, run)
        slot = jobs.slot(path.stem, timeline.turns, args.level)
        wall = time.monotonic()
        jobs.start(slot, timeline)
        job = jobs.job(slot)
        assert job is not None
        while job.values is None and not job.failed:
            time.sleep(0.05)
        wall = time.monotonic() - wall
        start = time.process_time()
        whole = move_values(timeline, args.samples, args.level)
        here = time.process_time() - start
        assert job.values is not None and job.values.moves == whole.moves, job.failed
        print(f"{path.name}: {timeline.turns} turns, {len(timeline.game.players)} players: "
              f"board {sum(cpu):.1f} CPU s in {len(cpu)} chunks ({wall:.1f} s wall); "
              f"whole game at once {here:.1f} CPU s")
    end_pool(background(), wait=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
