"""How strong a bot is in self-play: mean score, perfect rate and strikeouts per player count.

    python benchmarks/bot_strength.py                      # the convention player, 1,000 games per row
    python benchmarks/bot_strength.py --bot basic          # the simple convention bot (bots.py)
    python benchmarks/bot_strength.py --games 100          # a quick look
    python benchmarks/bot_strength.py --markdown           # the table of docs/bots.md

Targets: (issue 5, the basic bot) Nova 3 players mean >= 15 of 20, Hanabi 3 players mean
>= 18 of 25; (issue 33, the convention player) Hanabi 3 players mean >= 24.0 and >= 60%
perfect. Games use seeds 0..N-1, so a row's figures are reproducible. CPU time per game
is process time (the machine's load does not change it).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from nova_replay.play.convention import parse_player
from nova_replay.play.simulate import AnyBot, play_game
from nova_replay.rules.engine import PERFECT, STRIKEOUT
from nova_replay.rules.rulesets import make_ruleset

TARGETS = {("nova", 3): 15.0, ("hanabi", 3): 18.0}
CONVENTION_TARGET = {("hanabi", 3): (24.0, 0.60)}


def run(ruleset: str, players: int, games: int, bot: AnyBot) -> tuple[float, float, float, float]:
    """Mean score, perfect-show rate, strikeout rate and games per CPU second."""
    rules = make_ruleset(ruleset)
    start = time.process_time()
    scores, perfect, strikeouts = 0, 0, 0
    for seed in range(games):
        final = play_game(rules, [bot] * players, seed).final
        scores += final.score
        perfect += final.ending == PERFECT
        strikeouts += final.ending == STRIKEOUT
    elapsed = max(1e-9, time.process_time() - start)
    return scores / games, perfect / games, strikeouts / games, games / elapsed


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="games per row (default 1000)")
    parser.add_argument("--bot", default="convention",
                        help="convention[:LEVEL] (default), basic or careless[:RATE]")
    parser.add_argument("--rows", default="",
                        help="only these rows, e.g. 'hanabi:3,nova:4' (default: No Variant "
                             "2-5 players, Nova 3-4 players)")
    parser.add_argument("--markdown", action="store_true", help="print a Markdown table")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games: expected 1 or more")
    try:
        bot = parse_player(args.bot)
    except ValueError as e:
        parser.error(str(e))
    rows = [("hanabi", p) for p in (2, 3, 4, 5)] + [("nova", 3), ("nova", 4)]
    if args.rows:
        rows = [(r.split(":")[0], int(r.split(":")[1])) for r in args.rows.split(",")]
    print(f"{bot.name} bot, {args.games} games per row (seeds 0..{args.games - 1})")
    if args.markdown:
        print("| game | players | mean | of | perfect | strikeouts | CPU ms/game | target |")
        print("|---|---|---|---|---|---|---|---|")
    else:
        print(f"{'ruleset':8} {'players':>7} {'mean':>7} {'of':>3} {'perfect':>8} "
              f"{'strikeout':>9} {'ms/game':>8}  target")
    total_games, total_time = 0, 0.0
    for ruleset, players in rows:
        perfect_score = make_ruleset(ruleset).perfect_score
        mean, perfect, strikeout, rate = run(ruleset, players, args.games, bot)
        total_games += args.games
        total_time += args.games / rate
        note = ""
        if args.bot.startswith("convention") and (ruleset, players) in CONVENTION_TARGET:
            m, pr = CONVENTION_TARGET[(ruleset, players)]
            ok = mean >= m and perfect >= pr
            note = f"{'met' if ok else 'MISSED'} (mean >= {m:g}, perfect >= {pr:.0%})"
        elif not args.bot.startswith("convention") and (ruleset, players) in TARGETS:
            target = TARGETS[(ruleset, players)]
            note = f"{'met' if mean >= target else 'MISSED'} (>= {target:g})"
        name = "No Variant" if ruleset == "hanabi" else "Nova"
        if args.markdown:
            print(f"| {name} | {players} | {mean:.2f} | {perfect_score} | {perfect:.1%} | "
                  f"{strikeout:.1%} | {1000 / rate:.0f} | {note} |")
        else:
            print(f"{ruleset:8} {players:>7} {mean:>7.2f} {perfect_score:>3} {perfect:>8.1%} "
                  f"{strikeout:>9.1%} {1000 / rate:>8.0f}  {note}")
    print(f"{total_games} games in {total_time:.1f} CPU s")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
