"""nova-replay beside the C++ Hanabi Learning Environment (HLE 0.0.4), on the same games.

Installs nothing: it runs when `hanabi-learning-environment==0.0.4` is importable
(`CMAKE_POLICY_VERSION_MINIMUM=3.5 pip install hanabi-learning-environment==0.0.4`
builds it). It plays N seeded games in HLE with a fixed rule policy, converts each to
our log format (HLE deals hand by hand and its hand index 0 is the oldest card; we
deal round-robin with slot 1 the newest), checks that every score agrees, then times
both sides on the same games, interleaved round by round, on one core:

- HLE replay: a new seeded game, dealing and applying the recorded moves;
- HLE replay + every player's card knowledge after every move (`card_knowledge()`);
- nova-replay validate: JSON data -> report (schema, deck, every action's legality);
- nova-replay full analysis: JSON data -> analysis (knowledge of every card of every
  player after every turn, status, clock, findings).

    python benchmarks/peers_hle.py [--games 500] [--players 2 4] [--rounds 5] [--clock cpu]

`--clock cpu` times each stage by this process's CPU time instead of the wall clock: on a
machine shared with other work, a stage is then not charged for the time it waited for a core.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from nova_replay.record.load import load_data  # noqa: E402
from nova_replay.record.validation import check_data  # noqa: E402
from nova_replay.review.analysis import analyze  # noqa: E402

try:
    from hanabi_learning_environment import pyhanabi
except ImportError:  # pragma: no cover - the peer is optional
    pyhanabi = None

NAMES = ("Alice", "Bob", "Cathy", "Donald", "Emily")
# HLE's colour order (hanabi_lib/util.cc) as our suit letters.
HLE_COLOURS = "RYGWB"
PLAY, DISCARD, REVEAL_COLOR, REVEAL_RANK = 1, 2, 3, 4


def policy(state: Any) -> Any:
    """A fixed rule policy: play a card known playable, else hint the next players a
    playable card, else discard the oldest card, else the first legal move."""
    p = state.cur_player()
    obs = state.observation(p)
    fireworks = obs.fireworks()
    known = obs.card_knowledge()
    for i, k in enumerate(known[0]):
        c, r = k.color(), k.rank()
        if c is not None and r is not None and fireworks[c] == r:
            return pyhanabi.HanabiMove.get_play_move(i)
        if r is not None and all(f == r for f in fireworks):
            return pyhanabi.HanabiMove.get_play_move(i)
    if obs.information_tokens() > 0:
        for offset in range(1, obs.num_players()):
            for i, card in enumerate(obs.observed_hands()[offset]):
                if fireworks[card.color()] == card.rank():
                    k = known[offset][i]
                    if k.rank() is None:
                        return pyhanabi.HanabiMove.get_reveal_rank_move(offset, card.rank())
                    if k.color() is None:
                        return pyhanabi.HanabiMove.get_reveal_color_move(offset, card.color())
    if obs.information_tokens() < 8:
        return pyhanabi.HanabiMove.get_discard_move(0)
    return obs.legal_moves()[0]


def play(players: int, seed: int) -> tuple[list[Any], dict[str, Any], int]:
    """One HLE game: its recorded moves (None for a deal), our log of it, HLE's score."""
    game = pyhanabi.HanabiGame({"players": players, "seed": seed})
    state = game.new_initial_state()
    size = game.hand_size()
    moves: list[Any] = []
    dealt: list[tuple[int, str]] = []  # (player, card text) in HLE's dealing order
    hands: list[list[int]] = [[] for _ in range(players)]  # HLE slot -> our deck index
    deck: list[str] = [""] * (players * size)
    actions: list[dict[str, Any]] = []
    initial = 0
    while not state.is_terminal():
        if state.cur_player() == pyhanabi.CHANCE_PLAYER_ID:
            before = [len(h) for h in state.player_hands()]
            state.deal_random_card()
            moves.append(None)
            after = state.player_hands()
            who = next(q for q in range(players) if len(after[q]) > before[q])
            card = after[who][-1]
            text = f"{card.rank() + 1}{HLE_COLOURS[card.color()]}"
            if initial < players * size:  # the deal: the k-th card of player q
                k = len(hands[who])
                index = who + k * players
                deck[index] = text
                initial += 1
            else:
                index = len(deck)
                deck.append(text)
            hands[who].append(index)
            dealt.append((who, text))
            continue
        p = state.cur_player()
        move = policy(state)
        moves.append(move)
        kind = move.type()
        if kind in (PLAY, DISCARD):
            card = hands[p].pop(move.card_index())
            actions.append({"type": "play" if kind == PLAY else "discard", "card": card})
        else:
            to = NAMES[(p + move.target_offset()) % players]
            if kind == REVEAL_COLOR:
                actions.append({"type": "hint", "to": to, "suit": HLE_COLOURS[move.color()]})
            else:
                actions.append({"type": "hint", "to": to, "rank": move.rank() + 1})
        state.apply_move(move)
    # A game that ends early never draws the rest: they follow in a fixed order.
    rest = Counter(f"{r}{c}" for c in "RYGBW" for r in (1, 1, 1, 2, 2, 3, 3, 4, 4, 5))
    rest.subtract(deck)
    deck += sorted(rest.elements())
    log = {"format": "nova-replay", "version": 1, "ruleset": {"name": "hanabi"},
           "players": list(NAMES[:players]), "deck": deck, "actions": actions}
    return moves, log, state.score()


def hle_replay(players: int, seed: int, moves: list[Any], knowledge: bool) -> int:
    game = pyhanabi.HanabiGame({"players": players, "seed": seed})
    state = game.new_initial_state()
    for move in moves:
        if move is None:
            state.deal_random_card()
            continue
        state.apply_move(move)
        if knowledge:
            for q in range(players):
                state.observation(q).card_knowledge()
    return int(state.score())


def each(work: Callable[[Any], object], items: list[Any]) -> None:
    """Run `work` on every item, keeping no result."""
    for item in items:
        work(item)


def timed(work: Callable[[], object], n: int, clock: Callable[[], float]) -> float:
    start = clock()
    work()
    return n / (clock() - start)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--players", type=int, nargs="+", default=[2, 4])
    parser.add_argument("--rounds", type=int, default=5, help="interleaved timing rounds")
    parser.add_argument("--clock", choices=("wall", "cpu"), default="wall",
                        help="wall clock, or this process's CPU time (a shared machine)")
    args = parser.parse_args(argv)
    clock = time.process_time if args.clock == "cpu" else time.perf_counter
    if pyhanabi is None:
        print("hanabi-learning-environment is not installed: CMAKE_POLICY_VERSION_MINIMUM=3.5 "
              "pip install hanabi-learning-environment==0.0.4", file=sys.stderr)
        return 2
    print(f"{args.games} games per player count; median of {args.rounds} interleaved rounds, "
          f"games/s on one core ({'CPU time' if args.clock == 'cpu' else 'wall clock'})")
    print(f"{'players':>7} {'HLE replay':>11} {'HLE+know':>9} {'validate':>9} {'analysis':>9} "
          f"{'val/HLE':>8} {'ana/know':>9}")
    for players in args.players:
        games = [(seed, *play(players, seed)) for seed in range(args.games)]
        for seed, _, log, score in games:
            ours = load_data(log, f"hle seed {seed}").timeline.final.score
            if ours != score:
                print(f"seed {seed}: HLE scored {score}, nova-replay {ours}", file=sys.stderr)
                return 1
        n = len(games)
        # Each stage drops its results as it goes, as a pipeline does: keeping thousands
        # of reviews alive would time Python's garbage collector walking them instead.
        stages: dict[str, Callable[[], object]] = {
            "hle": lambda g=games, q=players: each(lambda x: hle_replay(q, x[0], x[1], False), g),
            "know": lambda g=games, q=players: each(lambda x: hle_replay(q, x[0], x[1], True), g),
            "val": lambda g=games: each(lambda x: check_data(x[2]), g),
            "ana": lambda g=games: each(lambda x: analyze(x[2]), g),
        }
        rates: dict[str, list[float]] = {k: [] for k in stages}
        for _ in range(args.rounds):
            for name, work in stages.items():
                rates[name].append(timed(work, n, clock))
        med = {k: statistics.median(v) for k, v in rates.items()}
        print(f"{players:>7} {med['hle']:>11,.0f} {med['know']:>9,.0f} {med['val']:>9,.0f} "
              f"{med['ana']:>9,.0f} {med['val'] / med['hle']:>8.2f} {med['ana'] / med['know']:>9.2f}")
    print(f"all {args.games * len(args.players)} scores agree")
    return 0


if __name__ == "__main__":
    sys.exit(main())
