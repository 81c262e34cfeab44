"""Shared helpers for the tests: paths, hand-built games and short scripted logs."""

from __future__ import annotations

import os
import random
import shutil
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

import pytest

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

# The most a test waits for a condition (a page to update, a worker to answer), in seconds.
# Generous because CI's 2 cores may be busy; a wait still ends as soon as its condition holds.
PATIENCE = 60

# CI sets CI=true: there a missing browser or missing real data must fail, not skip.
IN_CI = os.environ.get("CI", "").lower() not in ("", "0", "false", "no")


def shared_root(root: Path = ROOT, environ: Mapping[str, str] = os.environ) -> Path:
    """The real data (never copied into the repository): `../shared/data` beside the
    repository `root`, else `$NOVA_SHARED/data` (a git worktree elsewhere names the
    shared folder so). No machine's path: without either, the folder beside (which
    does not exist, so the tests that need it skip, or fail in CI)."""
    beside = root.parent / "shared" / "data"
    named = environ.get("NOVA_SHARED")
    if not beside.is_dir() and named:
        return Path(named) / "data"
    return beside


SHARED = shared_root()


def missing_shared() -> str | None:
    """Why the tests of real data cannot run here (None when they can): the one reason
    every such test gives when it skips."""
    if SHARED.is_dir():
        return None
    return (f"real data not found at {SHARED}: the tests read ../shared/data beside the "
            f"repository, or $NOVA_SHARED/data")


def require_shared() -> None:
    """Skip the calling test when the shared real data is missing, saying why, except in
    CI, where it fails: CI has the data, so a missing folder is a fault."""
    why = missing_shared()
    if why is None:
        return
    if IN_CI:
        pytest.fail(why, pytrace=False)
    pytest.skip(why)


# A test (or a module's `pytestmark`) of real data whose parameters are read at collection
# (so it cannot call `shared` first): tests/conftest.py skips or fails it as `require_shared`.
needs_shared = pytest.mark.shared_data


def shared(*parts: str) -> Path:
    """A path in the shared real data. Without that folder the test is skipped, saying
    why, except in CI, where it fails (`require_shared`)."""
    require_shared()
    return SHARED.joinpath(*parts)


CHROMIUM = os.environ.get("DASH_TEST_CHROMEPATH", "/usr/bin/chromium")


def missing_browser() -> str | None:
    """Why the browser tests cannot run on this machine (None when they can): they need
    Chromium and its chromedriver."""
    chromium = os.path.exists(CHROMIUM) or any(
        shutil.which(name) for name in ("chromium", "chromium-browser", "google-chrome"))
    missing = [name for name, found in (("Chromium", chromium),
                                        ("chromedriver", shutil.which("chromedriver")))
               if not found]
    if not missing:
        return None
    return (f"{' and '.join(missing)} not found; the dashboard's browser tests need both "
            f"(Debian: apt-get install chromium chromium-driver)")


def shared_data() -> Path:
    """The shared real data folder (`shared_root`), for a module that checks itself
    whether it is there."""
    return SHARED


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


def greedy_move(game: Game, state: State, hold: Sequence[str] = ()) -> Action:
    """A simple all-seeing move for scripting long games: play the lowest fitting card
    (never one of `hold`), else hint the next player's newest card's rank, else discard
    the oldest card not held back."""
    p, n = state.player(game), len(game.players)
    held = {parse_card(t) for t in hold}
    free = [c for c in state.hands[p] if game.deck[c] not in held]
    fits = [c for c in free if game.suit_of[c] >= 0
            and state.rows[game.suit_of[c]] + 1 == game.rank_of[c]]
    if fits:
        return Play(min(fits, key=lambda c: game.rank_of[c]))
    if state.coins > 0:
        to = (p + 1) % n
        return Hint(to, rank=game.rank_of[state.hands[to][0]] or 1)
    return Discard(free[-1])


def play_out(game: Game, steps: Sequence[Step] = (), hold: Sequence[str] = (),
             until: Callable[[State], bool] = lambda s: s.over) -> list[Action]:
    """The actions of `steps`, then greedy moves (see `greedy_move`) until `until`."""
    state = deal(game)
    actions: list[Action] = []
    for step in steps:
        actions.append(action_of(game, state, step))
        state = apply(game, state, actions[-1])
    while not until(state) and not state.over:
        actions.append(greedy_move(game, state, hold))
        state = apply(game, state, actions[-1])
    return actions
