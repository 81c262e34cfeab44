"""Endgame notes on the development games, with and without the judgement by value
(issue #31 item 5; docs/analysis.md, "Endgame notes judged by value").

Counts, over `holdout.development_games()` (never the held-out part; every player count,
one game per distinct file name), the notes on moves in the endgame window
(`rollout.in_endgame`) by kind and severity: as the default `analyze` makes them, and as
they were before the judgement by value (`--without-value`: the same analysis with
`endgame.judge_by_value` switched off). Also how many notes the judgement changed.

    python benchmarks/endgame_notes.py
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

from holdout import development_games  # noqa: E402

import nova_replay.review.analysis as analysis_module  # noqa: E402
from nova_replay.record.load import Record, load  # noqa: E402
from nova_replay.review.rollout import in_endgame  # noqa: E402


def records() -> list[Record]:
    seen: set[str] = set()
    out = []
    for path in development_games():
        if path.name in seen:
            continue
        seen.add(path.name)
        try:
            record = load(path)
        except (ValueError, OSError):
            continue
        if record.timeline.actions:
            out.append(record)
    return out


def endgame_notes(record: Record) -> list[tuple[int, str, str, str]]:
    """(turn, kind, severity, message) of the endgame notes on their movers' own moves."""
    a = analysis_module.analyze(record)
    game = record.game
    out = []
    for f in a.findings:
        before = a.timeline[f.turn - 1]
        if f.player == before.player(game) and in_endgame(game, before, a.clock[f.turn - 1].pace):
            out.append((f.turn, f.kind.value, f.severity.value, f.message))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.parse_args()
    games = records()
    judged = [endgame_notes(r) for r in games]
    real = analysis_module.judge_by_value
    analysis_module.judge_by_value = lambda r, p, f, *rest: tuple(f)  # type: ignore[assignment]
    try:
        plain = [endgame_notes(r) for r in games]
    finally:
        analysis_module.judge_by_value = real
    print(f"{len(games)} development games; endgame notes on the mover's own move")
    before = Counter((k, s) for notes in plain for _, k, s, _ in notes)
    after = Counter((k, s) for notes in judged for _, k, s, _ in notes)
    print(f"{'kind':24} {'severity':9} {'before':>6} {'after':>6}")
    for key in sorted(set(before) | set(after)):
        print(f"{key[0]:24} {key[1]:9} {before[key]:>6} {after[key]:>6}")
    faults = ("mistake", "blunder")
    print(f"faults: {sum(v for (k, s), v in before.items() if s in faults)} before, "
          f"{sum(v for (k, s), v in after.items() if s in faults)} after")
    changed: Counter[tuple[str, str, str]] = Counter()
    for old, new in zip(plain, judged, strict=True):
        for (_, k, s, _), (_, _, s2, _) in zip(old, new, strict=True):
            if s != s2:
                changed[(k, s, s2)] += 1
    for (k, s, s2), n in sorted(changed.items()):
        print(f"changed: {k} {s} -> {s2}: {n}")


if __name__ == "__main__":
    main()
