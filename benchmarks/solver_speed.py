"""How often the clairvoyant solver proves best possible, and how fast (issue 14).

    python benchmarks/solver_speed.py               # real games + 1,000 games per ruleset
    python benchmarks/solver_speed.py --games 50    # a quick look
    python benchmarks/solver_speed.py --only nova-finale --games 200 --clock cpu --open

Per group of games: the share whose curve is proven exact at every turn, the share whose
best possible at the deal is proven, and the median and p95 time of one game's whole
curve (`best_possible_curve`, one core, `--nodes` of work per game: the default budget,
about a second a game that needs it all; `--budget SECONDS` adds a time cap). Every turn's
witness line is replayed through the engine and must end at the score it claims (checked
outside the timing). Real games: the No Variant hanab.live exports in ../shared/data/real
(other variants, and files the loader refuses such as 6 players, are counted and skipped).
Simulated games: convention bots, seeds 0..N-1, 2 to 5 players in turn.
Targets (issue 24): >= 97% of games exact at every turn within the default budget
(grand finale >= 85%); the deal proven for >= 99.5%. `--clock cpu` times each game (and
measures a `--budget` cap) by this process's CPU time instead of the wall clock (for
before/after comparisons on a shared machine); `--open` lists the games whose deal is
left unproven, with its bounds (what to look at next).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterator
from itertools import pairwise
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from nova_replay.play.bots import ConventionBot
from nova_replay.play.simulate import play_game
from nova_replay.record.load import load
from nova_replay.rules.engine import Timeline, apply, replay
from nova_replay.rules.errors import NovaError
from nova_replay.rules.rulesets import make_ruleset
from nova_replay.rules.variants import NO_VARIANT
from nova_replay.solver.exact import (
    DEFAULT_NODES,
    Budget,
    CurvePoint,
    best_possible_curve,
    playable_state,
)

RULESETS: dict[str, dict[str, Any] | None] = {
    "nova": {},
    "nova-finale": {"grand_finale": True},
    "nova-jokers1": {"jokers": 1},
    "nova-jokers2": {"jokers": 2},
    "nova-gentle": {"gentle_show": True},
    "hanabi": None,
}


def shared() -> Path:
    """The shared folder: beside the repository, else $NOVA_SHARED (no machine's path)."""
    here = Path(__file__).resolve().parents[1].parent / "shared"
    named = os.environ.get("NOVA_SHARED")
    return Path(named) if named and not here.exists() else here


def real_games() -> tuple[list[Timeline], Counter[str]]:
    """The distinct real games the loader accepts, and why the others were skipped. Some
    games are in the corpus twice (a collection and a set derived from it): a game, its
    player count, deck and actions (names may differ), counts once."""
    games, skipped = [], Counter[str]()
    seen: set[tuple[object, ...]] = set()
    for path in sorted((shared() / "data" / "real").rglob("*.json")):
        try:
            timeline = load(path).timeline
        except NovaError as e:
            skipped[skip_reason(e.message)] += 1
            continue
        game = timeline.game
        if game.ruleset.variant != NO_VARIANT:  # our own logs, and hanab.live's variants
            skipped["another variant"] += 1
            continue
        key = (len(game.players), game.deck, timeline.actions)
        if key in seen:
            skipped["copies of a game already counted"] += 1
            continue
        seen.add(key)
        games.append(timeline)
    return games, skipped


def skip_reason(message: str) -> str:
    for words, reason in (("variant", "another variant"), ("players", "6 players"),
                          ("8 coins", "other rules (a discard at 8 clues)"),
                          ("8 clues", "other rules (a discard at 8 clues)"),
                          ("which is not in", "a card played that is not in hand"),
                          ("cards of No Variant", "deck cut short"),
                          ("required field", "not an export (no players)"),
                          ("JSON object", "not one game")):
        if words in message:
            return reason
    return message[:60]


def simulated(name: str, games: int) -> Iterator[tuple[str, Timeline]]:
    options = RULESETS[name]
    rules = make_ruleset("hanabi") if options is None else make_ruleset("nova", **options)
    bot = ConventionBot()
    for seed in range(games):
        played = play_game(rules, [bot] * (2 + seed % 4), seed)
        yield f"seed {seed}", replay(played.game, played.actions)


def check(timeline: Timeline, curve: tuple[CurvePoint, ...]) -> int:
    """Witness lines that do not end at the score they claim (should be 0)."""
    bad = 0
    for point in curve:
        state = playable_state(timeline[point.turn])
        for action in point.witness:
            state = apply(timeline.game, state, action)
        bad += not state.over or state.score != point.lower
    return bad


def measure(label: str, timelines: Iterator[tuple[str, Timeline]], budget: Budget,
            clock: Callable[[], float] = time.perf_counter, show_open: bool = False) -> None:
    times: list[float] = []
    every = deal = over = bad = drops = 0
    open_deals: list[str] = []
    for name, timeline in timelines:
        start = clock()
        curve = best_possible_curve(timeline, budget, clock)
        elapsed = clock() - start
        if not curve[0].exact:
            open_deals.append(f"{name} ({len(timeline.game.players)} players): "
                              f"{curve[0].lower} to {curve[0].upper}")
        times.append(elapsed)
        exact = all(p.exact for p in curve)
        every += exact
        deal += curve[0].exact
        over += elapsed > 1.0
        drops += sum(a.lower > b.lower for a, b in pairwise(curve))
        bad += check(timeline, curve)
    n = len(times)
    if not n:
        print(f"{label:28} no games")
        return
    times.sort()
    p95 = times[min(n - 1, int(0.95 * n))]
    print(f"{label:28} {n:>5} {every / n:>8.1%} {deal / n:>7.1%} {statistics.median(times):>8.3f} "
          f"{p95:>7.3f} {over / n:>7.1%} {drops / n:>6.2f} {bad:>4}", flush=True)
    if show_open:
        for line in open_deals:
            print(f"  deal open: {line}", flush=True)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="simulated games per ruleset")
    parser.add_argument("--nodes", type=int, default=None,
                        help=f"the solver's work per game in nodes (default {DEFAULT_NODES:,})")
    parser.add_argument("--budget", type=float, default=None,
                        help="also a time cap per game in seconds (default none)")
    parser.add_argument("--only", choices=[*RULESETS, "real"], action="append",
                        help="measure only these groups (repeatable)")
    parser.add_argument("--clock", choices=("wall", "cpu"), default="wall",
                        help="budget and times by the wall clock, or this process's CPU time")
    parser.add_argument("--open", action="store_true",
                        help="list the games whose deal is not proven, with its bounds")
    args = parser.parse_args(argv)
    if args.games < 0 or (args.budget is not None and args.budget <= 0) or (
            args.nodes is not None and args.nodes < 0):
        parser.error("--games, --nodes: expected 0 or more; --budget: expected more than 0")
    clock = time.process_time if args.clock == "cpu" else time.perf_counter
    budget = (Budget() if args.nodes is None and args.budget is None
              else Budget(args.nodes, args.budget))
    cap = "no time cap" if budget.seconds is None else f"capped at {budget.seconds:g} s"
    print(f"budget {budget.nodes or 'unlimited'} nodes per game, {cap} ({args.clock} clock); "
          f"load: {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} {os.getloadavg()[2]:.2f} "
          f"on {os.cpu_count()} cores")
    print(f"{'games':28} {'n':>5} {'exact':>8} {'deal':>7} {'median':>8} {'p95':>7} "
          f"{'over':>7} {'drops':>6} {'bad':>4}")
    print("(exact: every turn proven within the budget; deal: turn 0 proven; median/p95: "
          "seconds per game; over: share over 1 s; drops: turns that lose points per game; "
          "bad: witness lines not reaching their claim)")
    groups = args.only or ["real", *RULESETS]
    if "real" in groups:
        games, skipped = real_games()
        real = ((f"real game {i}", tl) for i, tl in enumerate(games))
        measure("real No Variant (hanab.live)", real, budget, clock, args.open)
        print("  skipped real files: " + ", ".join(f"{v} {k}" for k, v in skipped.most_common()))
    for name in RULESETS:
        if name in groups and args.games:
            measure(f"{name} (bots, 2-5 players)", simulated(name, args.games), budget,
                    clock, args.open)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
