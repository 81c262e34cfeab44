"""Shared helpers for the tests: paths, hand-built games and short scripted logs."""

from __future__ import annotations

import os
import random
from collections.abc import Callable, Sequence
from pathlib import Path

from nova_replay.rules.cards import Card, parse_card, parse_suit
from nova_replay.rules.engine import State, Timeline, apply, deal, replay
from nova_replay.rules.game import Action, Discard, Game, Hint, Play
from nova_replay.rules.rulesets import Ruleset

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "sample_games"
INVALID = SAMPLES / "invalid"
GOLDEN = Path(__file__).resolve().parent / "golden"
SCHEMA_FILE = ROOT / "schemas" / "nova-log-v1.schema.json"
SAMPLE_FILES = sorted(SAMPLES.glob("*.json"))


def shared_data() -> Path:
    """The shared real data (never copied into the repo): `../shared/data` beside the
    repository, else $NOVA_SHARED/data, else /work/shared/data (for worktrees)."""
    beside = ROOT.parent / "shared" / "data"
    if beside.is_dir():
        return beside
    return Path(os.environ.get("NOVA_SHARED", "/work/shared")) / "data"


def cards(text: str) -> list[Card]:
    return [parse_card(t) for t in text.split()]


def build_game(rules: Ruleset, hands: dict[str, str], pile: str = "") -> Game:
    """A game whose players hold `hands` after the deal (each written slot 1 first,
    i.e. newest on the left), whose draw pile starts with `pile`, and whose
    remaining cards follow in sorted order."""
    players = list(hands)
    held = [cards(hands[p]) for p in players]
    size = len(held[0])
    dealt = [held[p][size - 1 - k] for k in range(size) for p in range(len(players))]
    rest = sorted(rules.cards.elements())
    top = cards(pile)
    for c in dealt + top:
        rest.remove(c)
    game = Game(rules, tuple(players), tuple(dealt + top + rest))
    assert game.hand_size == size, "the hands must have the ruleset's hand size"
    return game


def find(game: Game, state: State, text: str) -> int:
    """The deck index of card `text` in the hand of the player to move."""
    hand = state.hands[state.player(game)]
    wanted = parse_card(text)
    for c in hand:
        if game.deck[c] == wanted:
            return c
    raise AssertionError(f"{text} is not in the hand of {game.players[state.player(game)]}")


Step = Action | Callable[[Game, State], Action]


def play(text: str, row: str | None = None) -> Step:
    """Play the card `text` from the mover's hand (a joker onto `row`)."""
    def step(game: Game, state: State) -> Action:
        return Play(find(game, state, text), game.ruleset.suits.index(parse_suit(row)) if row else -1)
    return step


def discard(text: str) -> Step:
    return lambda game, state: Discard(find(game, state, text))


def hint(to: str, suit: str | None = None, rank: int = 0) -> Step:
    """A hint to player `to` naming `suit` (any spelling) or `rank`."""
    def step(game: Game, state: State) -> Action:
        s = game.ruleset.suits.index(parse_suit(suit)) if suit else -1
        return Hint(game.players.index(to), s, rank)
    return step


def action_of(game: Game, state: State, step: Step) -> Action:
    return step if isinstance(step, Hint | Play | Discard) else step(game, state)


def run(game: Game, steps: Sequence[Step]) -> list[State]:
    """Every state from the deal through the steps."""
    states = [deal(game)]
    for step in steps:
        states.append(apply(game, states[-1], action_of(game, states[-1], step)))
    return states


def timeline(game: Game, steps: Sequence[Step]) -> Timeline:
    """The timeline of the steps, replayed from the deal."""
    states = run(game, steps)
    actions = [action_of(game, state, step) for state, step in zip(states, steps, strict=False)]
    return replay(game, actions)


def legal_actions(game: Game, state: State) -> list[Action]:
    """Every legal action of the player to move, worked out from the rules text
    (independently of the engine, which the tests check against it)."""
    if state.over:
        return []
    rules, p = game.ruleset, state.player(game)
    out: list[Action] = []
    if state.coins > 0:
        for to in range(len(game.players)):
            if to == p:
                continue
            held = state.hands[to]
            suits = {game.suit_of[c] for c in held if game.suit_of[c] >= 0}
            ranks = {game.rank_of[c] for c in held if game.rank_of[c] > 0}
            out += [Hint(to, suit=s) for s in sorted(suits)]
            out += [Hint(to, rank=r) for r in sorted(ranks)]
    for c in state.hands[p]:
        if game.suit_of[c] < 0:
            out += [Play(c, row) for row, h in enumerate(state.rows) if h < rules.max_rank]
        else:
            out.append(Play(c))
        if state.coins < rules.coins:
            out.append(Discard(c))
    return out


def shuffled_game(rules: Ruleset, players: int, seed: int) -> Game:
    deck = sorted(rules.cards.elements())
    random.Random(seed).shuffle(deck)
    names = ("Anna", "Ben", "Carla", "Dev", "Emil")[:players]
    return Game(rules, names, tuple(deck))


def greedy_perfect(rules: Ruleset, players: int) -> tuple[Game, list[State]]:
    """A game whose deck lists the cards of a perfect show first, rank by rank, and
    whose players always play a fitting card when they hold one (else hint)."""
    needed = [Card(r, s) for r in rules.ranks for s in rules.suits]
    rest = sorted(rules.cards.elements())
    for c in needed:
        rest.remove(c)
    names = ("Anna", "Ben", "Carla", "Dev", "Emil")[:players]
    game = Game(rules, names, tuple(needed + rest))
    states = [deal(game)]
    while not states[-1].over:
        s = states[-1]
        p = s.player(game)
        fits = [c for c in s.hands[p] if game.suit_of[c] >= 0
                and s.rows[game.suit_of[c]] + 1 == game.rank_of[c]]
        if fits:
            action: Action = Play(fits[0])
        else:
            to = (p + 1) % players
            action = Hint(to, rank=game.rank_of[s.hands[to][0]])
        states.append(apply(game, s, action))
        assert len(states) < 500
    return game, states
