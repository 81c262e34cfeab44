"""Server-side speed of the dashboard on a 5-player Hanabi game (sample_games/hanabi-5p.json).

- turn change: what the server does when the turn moves, i.e. the `navigate` and
  `render` callback functions called directly, plus the JSON encoding Dash applies
  to their output (the network and the browser's drawing are not counted);
- game load: validate + replay + analyse the file (a cold cache), then the page
  layout and the first render.

Targets (issue 4): turn change < 50 ms, game load < 300 ms, judged on the 95th
percentile (a busy machine's stray pause shows in the max, also printed). Exits 1
if a target is missed.

    python benchmarks/dashboard_speed.py
    python benchmarks/dashboard_speed.py --game sample_games/nova-4p.json --rounds 20
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from nova_replay.dashboard import GameLibrary
from nova_replay.dashboard.callbacks import navigate, render
from nova_replay.dashboard.layout import page
from plotly.io.json import to_json_plotly

ROOT = Path(__file__).resolve().parent.parent
TURN_TARGET_MS, LOAD_TARGET_MS = 50.0, 300.0


def encode(out: Any) -> int:
    """Serialise as Dash does before sending a callback's output."""
    return len(to_json_plotly(out))


def turn_change(library: GameLibrary, key: str, turn: int) -> float:
    start = time.perf_counter()
    view = {"game": key, "turn": turn - 1}
    game, new_turn = navigate(library, "nav-next", None, key, None, None, view)
    out = render(library, {"game": game, "turn": new_turn}, "deduced", "all", [], [], None)
    encode(out)
    return (time.perf_counter() - start) * 1000


def game_load(path: Path) -> float:
    start = time.perf_counter()
    library = GameLibrary.from_path(path)
    key = library.entries[0].key
    encode(page(library.options(), library.source))
    library.get(key)
    game, turn = navigate(library, None, f"?game={key}&turn=0", None, None, None, None)
    encode(render(library, {"game": game, "turn": turn}, "deduced", "all", [], [], None))
    return (time.perf_counter() - start) * 1000


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", type=Path, default=ROOT / "sample_games" / "hanabi-5p.json")
    parser.add_argument("--rounds", type=int, default=10, help="times to repeat each measure")
    args = parser.parse_args()
    library = GameLibrary.from_path(args.game)
    key = library.entries[0].key
    loaded = library.get(key)
    assert loaded is not None and hasattr(loaded, "turns"), f"{args.game} is not a valid log"
    turns = loaded.turns
    turn_change(library, key, 1)  # warm up imports and caches
    changes = [turn_change(library, key, t) for _ in range(args.rounds) for t in range(1, turns + 1)]
    game_load(args.game)
    loads = [game_load(args.game) for _ in range(args.rounds)]
    players = len(loaded.analysis.record.game.players)  # type: ignore[union-attr]
    print(f"{args.game.name}: {players} players, {turns} turns")
    ok = True
    for name, values, target in (("turn change", changes, TURN_TARGET_MS),
                                 ("game load", loads, LOAD_TARGET_MS)):
        p95 = statistics.quantiles(values, n=20, method="inclusive")[-1]
        verdict = "ok" if p95 < target else "OVER TARGET"
        ok &= p95 < target
        print(f"  {name:<12} median {statistics.median(values):6.1f} ms   95% {p95:6.1f} ms   "
              f"max {max(values):6.1f} ms   (target < {target:.0f} ms at 95%: {verdict}; "
              f"{len(values)} runs)")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
