"""Simulated games: bots play through the engine, each seeing only its `View`.

Deterministic for a seed: the deck is shuffled with `random.Random(seed)` and bots
draw their random numbers from the seed too (no global random state).
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol, cast, runtime_checkable

from ..knowledge.perspective import Perspective
from ..knowledge.tiers import Tracker
from ..record.writer import log_data
from ..rules.engine import State, apply, deal
from ..rules.game import Action, Game, Hint
from ..rules.rulesets import Ruleset
from .bots import Bot, SeenCard, View, hint_effect, hint_focus, promise_of

NAMES = ("Anna", "Ben", "Carla", "Dev", "Emil", "Fay")  # one a seat, up to Hanabi's 6


@dataclass(frozen=True)
class Played:
    """A finished simulated game."""

    game: Game
    actions: tuple[Action, ...]
    final: State
    seed: int
    bots: tuple[str, ...]


def shuffled(rules: Ruleset, seed: int) -> tuple[Any, ...]:
    deck = sorted(rules.cards.elements())
    random.Random(seed).shuffle(deck)
    return tuple(deck)


class Table:
    """The simulator's side of the table: the engine state, the knowledge tracker and
    the convention's public promises, from which each player's `View` is cut."""

    def __init__(self, game: Game, nonce: int = 0) -> None:
        self.game = game
        self.tracker = Tracker(game)
        self.state = deal(game)
        self.promises: dict[int, int] = {}
        self.nonce = nonce

    def copy(self) -> Table:
        """An independent table at the same point (a rollout forks the game)."""
        new = object.__new__(Table)
        new.game, new.state, new.nonce = self.game, self.state, self.nonce
        new.tracker = self.tracker.copy()
        new.promises = dict(self.promises)
        return new

    def view(self, me: int) -> View:
        game, state, tr = self.game, self.state, self.tracker
        of_card = tr.ids.of_card
        st = tr.status(state)
        eyes = Perspective.to_move(game, state)  # what the player to move may see
        assert eyes.viewer == me, "a bot decides only on its own turn"
        hands = tuple(() if eyes.hides_hand(p) else self.seen_hand(p)
                      for p in range(len(game.players)))
        own = tr.hand(state, me)
        return View(
            me, len(game.players), state.turn, game.space, state.rows,
            state.coins // game.ruleset.hint_cost,
            state.lives, state.draw_pile(game), state.final_turns,
            tuple(of_card[c] for c in state.discards), st, tr.public_full, own,
            tuple(self.promises.get(k.card, 0) for k in own), hands,
            tr.unseen(state.hands[me]), self.nonce, state.last_clue,
        )

    def seen_hand(self, p: int) -> tuple[SeenCard, ...]:
        """Player p's hand as the others see it."""
        tr, of_card = self.tracker, self.tracker.ids.of_card
        return tuple(SeenCard(c, of_card[c], tr.hinted[c], tr.touched[c], self.promises.get(c, 0))
                     for c in self.state.hands[p])

    def step(self, action: Action) -> None:
        """Apply one action and record what the convention reads into a hint."""
        before = self.state
        promise = 0
        focus_card = -1
        if type(action) is Hint:
            seen = self.seen_hand(action.to)
            match, after = hint_effect(self.game.space, seen, action)
            focus, at_chop = hint_focus(seen, match)
            if focus >= 0:
                focus_card = seen[focus].card
                promise = promise_of(self.tracker.status(before), after[focus], at_chop)
        self.state = apply(self.game, before, action)
        self.tracker.update(before, action, self.state)
        if promise:
            self.promises[focus_card] = promise


@runtime_checkable
class SeatedBot(Protocol):
    """A bot that remembers the game from its seat (the convention player: what each
    clue was read as). It sits down per game and is told every action before the
    engine applies it; it decides from the table (`Table`) through its seat only."""

    @property
    def name(self) -> str: ...

    def sit(self, game: Game, me: int) -> Any: ...

    def choose(self, sim: Table, seat: Any) -> Action: ...


AnyBot = Bot | SeatedBot


def bot_nonce(seed: int) -> int:
    """The per-game number bots draw their random choices from: a one-way digest of the
    game seed, so a view never carries the seed that shuffled the deck."""
    digest = hashlib.sha256(f"nova-replay bots {seed}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def play_game(rules: Ruleset, bots: Sequence[AnyBot], seed: int,
              names: Sequence[str] | None = None) -> Played:
    """One game of len(bots) players, dealt from `seed`."""
    players = tuple(names or NAMES[:len(bots)])
    if len(players) != len(bots):  # (a sixth seat once had no name: a 5-player game was played)
        raise ValueError(f"expected a name for each of the {len(bots)} players, found {len(players)}")
    game = Game(rules, players, shuffled(rules, seed))
    table = Table(game, bot_nonce(seed))
    final = play_out(table, bots, [], limit=10 * len(game.deck) + 100, seed=seed)
    return Played(game, tuple(final), table.state, seed, tuple(b.name for b in bots))


def seat_all(game: Game, bots: Sequence[AnyBot]) -> list[Any]:
    """Each seated bot's memory for a new game (None for a bot that needs none)."""
    return [b.sit(game, p) if isinstance(b, SeatedBot) else None for p, b in enumerate(bots)]


def play_out(table: Table, bots: Sequence[AnyBot], actions: list[Action], limit: int,
             seed: int = 0, seats: list[Any] | None = None) -> list[Action]:
    """Let `bots` play from the table's state to the end; `actions` (extended in place)
    are the moves so far, which `seats` (made here when None) have already been told."""
    game = table.game
    if seats is None:
        seats = seat_all(game, bots)
    seated = [isinstance(b, SeatedBot) for b in bots]  # (a protocol check is slow: once)
    while not table.state.over:
        if len(actions) > limit:  # a safety net: every bot action must end the game
            raise RuntimeError(f"seed {seed}: the game did not end within {limit} turns")
        p = table.state.player(game)
        bot, seat = bots[p], seats[p]
        if seated[p]:
            action = cast(SeatedBot, bot).choose(table, seat)
        else:
            action = cast(Bot, bot).decide(table.view(p))
        step(table, seats, action)
        actions.append(action)
    return actions


def step(table: Table, seats: Sequence[Any], action: Action) -> None:
    """Tell every seated bot `action`, then apply it."""
    for seat in seats:
        if seat is not None:
            seat.note(table, action)
    table.step(action)


def simulate(rules: Ruleset, players: int, bots: Sequence[AnyBot] | AnyBot, seed: int,
             names: Sequence[str] | None = None, title: str | None = None) -> dict[str, Any]:
    """The log data of one simulated game; `bots` is one bot per seat or one for all."""
    seats = list(bots) if isinstance(bots, Sequence) else [bots] * players
    if len(seats) != players:
        raise ValueError(f"expected one bot per player ({players}), found {len(seats)}")
    played = play_game(rules, seats, seed, names)
    meta = {"title": title or f"{rules.title}, {players} players, seed {seed}",
            "source": "nova-replay simulate", "seed": seed, "bots": list(played.bots)}
    return log_data(played.game, played.actions, meta=meta)


def file_name(rules: Ruleset, players: int, seed: int, number: int) -> str:
    """'nova-3p-seed42-0001.json'; variants are named between ruleset and players."""
    tags = [rules.name] + [tag for tag, _ in rules.variants()]
    return f"{'-'.join(tags)}-{players}p-seed{seed}-{number:04d}.json"


def game_seed(seed: int, number: int) -> int:
    """Game `number` (from 1) of a run started with `seed`: distinct games, and the
    seed is readable (42, game 1 -> 42000001)."""
    return seed * 1_000_000 + number
