"""How strong the convention bot is: mean score and perfect-show rate per player count.

    python benchmarks/bot_strength.py              # 1,000 games per row (a few minutes)
    python benchmarks/bot_strength.py --games 100  # a quick look

Targets (issue 5): Nova 3 players mean >= 15 of 20; Hanabi 3 players mean >= 18 of 25.
Games use seeds 0..N-1, so a row's figures are reproducible.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from nova_replay.play.bots import Bot, CarelessBot, ConventionBot
from nova_replay.play.simulate import play_game
from nova_replay.rules.engine import PERFECT, STRIKEOUT
from nova_replay.rules.rulesets import make_ruleset

TARGETS = {("nova", 3): 15.0, ("hanabi", 3): 18.0}


def run(ruleset: str, players: int, games: int, bot: Bot) -> tuple[float, float, float, float]:
    """Mean score, perfect-show rate, strikeout rate and games per second."""
    rules = make_ruleset(ruleset)
    start = time.perf_counter()
    scores, perfect, strikeouts = 0, 0, 0
    for seed in range(games):
        final = play_game(rules, [bot] * players, seed).final
        scores += final.score
        perfect += final.ending == PERFECT
        strikeouts += final.ending == STRIKEOUT
    elapsed = time.perf_counter() - start
    return scores / games, perfect / games, strikeouts / games, games / elapsed


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="games per row (default 1000)")
    parser.add_argument("--careless", type=float, default=None, metavar="RATE",
                        help="measure CarelessBot(RATE) instead of the convention bot")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games: expected 1 or more")
    bot: Bot = ConventionBot() if args.careless is None else CarelessBot(args.careless)
    print(f"{bot.name} bot, {args.games} games per row")
    print(f"{'ruleset':8} {'players':>7} {'mean':>7} {'of':>3} {'perfect':>8} {'strikeout':>9} "
          f"{'games/s':>8}  target")
    total_games, total_time = 0, 0.0
    for ruleset in ("nova", "hanabi"):
        perfect_score = make_ruleset(ruleset).perfect_score
        for players in (2, 3, 4, 5):
            mean, perfect, strikeout, rate = run(ruleset, players, args.games, bot)
            total_games += args.games
            total_time += args.games / rate
            target = TARGETS.get((ruleset, players))
            note = "" if target is None else f"{'met' if mean >= target else 'MISSED'} (>= {target:g})"
            print(f"{ruleset:8} {players:>7} {mean:>7.2f} {perfect_score:>3} {perfect:>8.1%} "
                  f"{strikeout:>9.1%} {rate:>8.0f}  {note}")
    print(f"{total_games} games in {total_time:.1f} s: {total_games / total_time:.0f} games/s")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
