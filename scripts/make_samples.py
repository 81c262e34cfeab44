"""Write the hand-made sample logs of sample_games/ and sample_games/invalid/.

Each game starts from a deck order and a few scripted turns; an all-seeing author
policy (it looks at every card: it is a way to write legal games quickly, not a
player) finishes it. Run from the repository root:  python scripts/make_samples.py
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from nova_replay.record.writer import dumps, log_data  # noqa: E402
from nova_replay.rules.cards import Card, parse_card  # noqa: E402
from nova_replay.rules.engine import State, apply, deal  # noqa: E402
from nova_replay.rules.game import Action, Discard, Game, Hint, Play  # noqa: E402
from nova_replay.rules.rulesets import Ruleset, make_ruleset  # noqa: E402

SAMPLES = ROOT / "sample_games"


def shuffled_deck(rules: Ruleset, seed: int) -> list[Card]:
    deck = sorted(rules.cards.elements())
    random.Random(seed).shuffle(deck)
    return deck


def author_move(game: Game, state: State, rng: random.Random, *, careless: bool) -> Action:
    """A legal move chosen by looking at every card."""
    p = state.player(game)
    hand = state.hands[p]
    rules = game.ruleset
    playable = [c for c in hand if game.suit_of[c] >= 0
                and state.rows[game.suit_of[c]] + 1 == game.rank_of[c]]
    jokers = [c for c in hand if game.suit_of[c] < 0]
    if careless and rng.random() < 0.5:
        rows = [s for s, h in enumerate(state.rows) if h < rules.max_rank]
        return Play(hand[-1], rng.choice(rows) if game.suit_of[hand[-1]] < 0 else -1)
    if playable:
        return Play(min(playable, key=lambda c: game.rank_of[c]))
    if jokers and state.draw_pile(game) < 4:
        row = min(range(len(state.rows)), key=lambda s: (state.rows[s] >= rules.max_rank,
                                                           state.rows[s]))
        return Play(jokers[0], row)
    if state.coins > 0 and (state.coins == rules.coins or rng.random() < 0.35):
        to = (p + 1) % len(game.players)
        first = state.hands[to][0]
        target = next((c for c in state.hands[to] if game.suit_of[c] >= 0), None)
        if target is not None:
            if rng.random() < 0.5:
                return Hint(to, suit=game.suit_of[target])
            return Hint(to, rank=game.rank_of[target])
        del first
    if state.coins == rules.coins:
        # nothing to hint with (only jokers seen): play the joker
        row = min(range(len(state.rows)), key=lambda s: state.rows[s])
        return Play(jokers[0] if jokers else hand[-1], row if jokers else -1)

    def keep_value(c: int) -> tuple[int, int]:
        s, r = game.suit_of[c], game.rank_of[c]
        if s < 0:
            return (3, 0)
        if r <= state.rows[s]:
            return (0, 0)  # already played: trash
        gone = sum(1 for d in state.discards if game.deck[d] == game.deck[c])
        copies = rules.copies[r - 1]
        return (2 if copies - gone == 1 else 1, -r)

    return Discard(min(hand, key=keep_value))


def make_game(
    rules: Ruleset, players: list[str], seed: int, *,
    deck: list[Card] | None = None,
    script: list[Action] | None = None,
    careless: bool = False,
    stop_after: int | None = None,
    comments: dict[int, str] | None = None,
    title: str = "",
) -> dict[str, Any]:
    game = Game(rules, tuple(players), tuple(deck or shuffled_deck(rules, seed)))
    rng = random.Random(seed)
    state = deal(game)
    actions: list[Action] = []
    for action in script or []:
        state = apply(game, state, action)
        actions.append(action)
    while not state.over and (stop_after is None or state.turn < stop_after):
        action = author_move(game, state, rng, careless=careless)
        state = apply(game, state, action)
        actions.append(action)
    meta = {"title": title, "source": "nova-replay sample (scripts/make_samples.py)"}
    return log_data(game, actions, comments=comments, meta=meta)


def worked_example() -> dict[str, Any]:
    """The rules' worked example (Anna, Ben, Carla), continued to the end."""
    rules = make_ruleset("nova")
    hands = {"Anna": "AH 2D 5D 3C", "Ben": "AS 3D 5H AC", "Carla": "2C 4D AS 2H"}
    order = list(hands)
    dealt: list[Card] = []
    for k in range(4):  # round-robin; the first card dealt ends up rightmost
        for name in order:
            dealt.append(parse_card(hands[name].split()[3 - k]))
    rest = shuffled_deck(rules, 8)
    for c in dealt:
        rest.remove(c)
    deck = dealt + rest
    script: list[Action] = [
        Hint(1, rank=1),  # Anna: "Ben, these two are Aces."
        Play(10),  # Ben plays A♠
        Hint(0, rank=5),  # Carla: "this is a 5" to Anna
        Discard(0),  # Anna discards 3♣, her oldest card
        Play(1),  # Ben plays A♣
    ]
    comments = {
        1: "Ben, these two are Aces.",
        3: "Protect Anna's 5♦ from being thrown away.",
        4: "Rightmost, unhinted: the 3♣. A second 3♣ is still out there.",
        5: "Two rows are started.",
    }
    return make_game(rules, order, 8, deck=deck, script=script, comments=comments,
                     title="The worked example from the Nova rules")


def samples() -> dict[str, dict[str, Any]]:
    nova = make_ruleset
    return {
        "nova-3p-worked-example.json": worked_example(),
        "nova-2p.json": make_game(nova("nova"), ["Anna", "Ben"], 21, title="Two players"),
        "nova-4p.json": make_game(nova("nova"), ["Anna", "Ben", "Carla", "Dev"], 4,
                                  title="Four players"),
        "nova-5p.json": make_game(nova("nova"), ["Anna", "Ben", "Carla", "Dev", "Emil"], 5,
                                  title="Five players"),
        "nova-3p-grand-finale.json": make_game(nova("nova", grand_finale=True),
                                               ["Anna", "Ben", "Carla"], 31,
                                               title="Grand finale: rows up to 6"),
        "nova-4p-wild-jokers.json": make_game(nova("nova", jokers=2),
                                              ["Anna", "Ben", "Carla", "Dev"], 42,
                                              title="Wild jokers (2)"),
        "nova-2p-finale-jokers-gentle.json": make_game(
            nova("nova", grand_finale=True, jokers=1, gentle_show=True), ["Anna", "Ben"], 7,
            title="Every variant at once"),
        "nova-3p-strikeout.json": make_game(nova("nova"), ["Anna", "Ben", "Carla"], 13,
                                            careless=True, title="A strikeout: score 0"),
        "nova-3p-gentle-strikeout.json": make_game(
            nova("nova", gentle_show=True), ["Anna", "Ben", "Carla"], 13, careless=True,
            title="Gentle show: the strikeout keeps the score"),
        "hanabi-2p.json": make_game(nova("hanabi"), ["Alice", "Bob"], 2, title="Hanabi, two"),
        "hanabi-5p.json": make_game(nova("hanabi"), ["Alice", "Bob", "Cathy", "Donald", "Emily"],
                                    55, title="Hanabi, five"),
    }


def mutate(base: dict[str, Any], change: Callable[[dict[str, Any]], None]) -> dict[str, Any]:
    data = json.loads(json.dumps(base))
    change(data)
    return data


def invalid_samples(good: dict[str, Any]) -> dict[str, tuple[dict[str, Any] | str, str]]:
    """file name -> (content, the exact first line `validate` must print after 'FILE: ')."""

    def act(i: int, **fields: Any) -> Callable[[dict[str, Any]], None]:
        def change(d: dict[str, Any]) -> None:
            d["actions"] = d["actions"][:i] + [fields]
        return change

    def setter(key: str, value: Any) -> Callable[[dict[str, Any]], None]:
        return lambda d: d.__setitem__(key, value)

    def deck(f: Callable[[list[str]], list[str]]) -> Callable[[dict[str, Any]], None]:
        return lambda d: d.__setitem__("deck", f(d["deck"]))

    return {
        "not-json.json": ("{\"format\": \"nova-replay\",\n  \"version\": 1,,\n}\n",
                          "not JSON: Expecting property name enclosed in double quotes at "
                          "line 2 column 16"),
        "not-an-object.json": ("[1, 2, 3]\n", "$: expected a JSON object (a game log), "
                               "found an array"),
        "wrong-version.json": (mutate(good, setter("version", 2)), "$.version: expected 1, found 2"),
        "unknown-ruleset.json": (mutate(good, lambda d: d["ruleset"].update(name="chess")),
                                 "$.ruleset.name: expected 'nova' or 'hanabi', found 'chess'"),
        "unknown-option.json": (mutate(good, lambda d: d["ruleset"].update(fast=True)),
                                "$.ruleset.fast: unknown field 'fast'"),
        "one-player.json": (mutate(good, setter("players", ["Anna"])),
                            "$.players: expected 2 to 5 players, found 1"),
        "six-players.json": (mutate(good, setter("players", list("ABCDEF"))),
                             "$.players: expected 2 to 5 players, found 6"),
        "duplicate-names.json": (mutate(good, setter("players", ["Anna", "Ben", "Anna"])),
                                 "$.players: duplicate player name 'Anna'"),
        "deck-missing-card.json": (mutate(good, deck(lambda d: d[:-1])),
                                   f"deck: expected the 36 cards of Nova, found 35; missing "
                                   f"{parse_card(good['deck'][-1]).show()}"),
        "deck-extra-card.json": (mutate(good, deck(lambda d: [*d, "AH"])),
                                 "deck: expected the 36 cards of Nova, found 37; extra A♥"),
        "deck-unknown-card.json": (mutate(good, deck(lambda d: ["7H", *d[1:]])),
                                   "$.deck[0]: expected a card such as 3H, 3♥, AH, 5r or JK, "
                                   "found '7H'"),
        "hint-to-self.json": (mutate(good, act(0, type="hint", to="Anna", rank=2)),
                              "turn 1: Anna gives a hint to Anna; a hint goes to another player"),
        "hint-no-coins.json": (no_coins(good),
                               "turn 9: Carla gives a hint with 0 coins left"),
        "hint-suit-not-held.json": (
            mutate(good, lambda d: d.__setitem__("actions", [
                d["actions"][0], {"type": "hint", "to": "Anna", "suit": "spades"}])),
            "turn 2: Ben hints spades to Anna, but Anna holds no spade"),
        "hint-rank-not-held.json": (mutate(good, act(0, type="hint", to="Ben", rank=2)),
                                    "turn 1: Anna hints 2s to Ben, but Ben holds no 2"),
        "hint-both.json": (mutate(good, act(0, type="hint", to="Ben", rank=1, suit="S")),
                           "$.actions[0]: a hint names exactly one suit or one rank, found both"),
        "hint-neither.json": (mutate(good, act(0, type="hint", to="Ben")),
                              "$.actions[0]: a hint names exactly one suit or one rank, "
                              "found neither"),
        "play-card-not-in-hand.json": (
            mutate(good, act(0, type="play", card=1)),
            "turn 1: Anna plays card 1 (A♣), which is not in Anna's hand "
            "(holds 9 (A♥), 6 (2♦), 3 (5♦), 0 (3♣))"),
        "discard-at-8-coins.json": (mutate(good, act(0, type="discard", card=0)),
                                    "turn 1: Anna discards with 8 coins in the middle"),
    }


def joker_invalid() -> dict[str, tuple[dict[str, Any], str]]:
    """Two players: Anna holds a joker, Ben the whole clubs row, which he completes
    before Anna plays her joker onto it."""
    rules = make_ruleset("nova", jokers=1)
    anna = [parse_card(t) for t in ("JK", "AD", "2D", "3D", "4D")]
    ben = [parse_card(t) for t in ("AC", "2C", "3C", "4C", "5C")]
    rest = sorted(rules.cards.elements())
    for c in anna + ben:
        rest.remove(c)
    dealt = [c for pair in zip(anna, ben, strict=True) for c in pair]
    game = Game(rules, ("Anna", "Ben"), tuple(dealt + rest))
    actions: list[Action] = []
    for k in range(5):
        actions += [Hint(1, suit=0), Play(2 * k + 1)]
    joker = Play(0, 0)
    no_row = log_data(game, [Play(0)])
    return {
        "joker-without-row.json": (no_row, "turn 1: Anna plays a joker without naming its row"),
        "joker-onto-complete-row.json": (log_data(game, [*actions, joker]),
                                         "turn 11: Anna plays a joker onto the clubs row, "
                                         "which is complete"),
    }


def no_coins(good: dict[str, Any]) -> dict[str, Any]:
    """Eight hints spend every coin; the ninth has none."""
    data = json.loads(json.dumps(good))
    players, first = data["players"], []
    for p in range(len(players)):
        first.append(parse_card(data["deck"][p + len(players) * 3]).rank)  # slot 1 of p
    data["actions"] = [
        {"type": "hint", "to": players[(t + 1) % 3], "rank": first[(t + 1) % 3]}
        for t in range(9)
    ]
    return data


def write(path: Path, content: dict[str, Any] | str) -> None:
    path.write_text(content if isinstance(content, str) else dumps(content), encoding="utf-8")


def main() -> None:
    SAMPLES.mkdir(exist_ok=True)
    made = samples()
    for name, data in made.items():
        write(SAMPLES / name, data)
    invalid_dir = SAMPLES / "invalid"
    invalid_dir.mkdir(exist_ok=True)
    good = made["nova-3p-worked-example.json"]
    cases: dict[str, tuple[Any, Any]] = {**invalid_samples(good), **joker_invalid()}
    expected = {}
    for name, (content, message) in cases.items():
        write(invalid_dir / name, content)
        expected[name] = message
    # A game that ended with its final round, and one action too many.
    ended = made["nova-4p.json"]
    turns = len(ended["actions"])
    write(invalid_dir / "action-after-end.json",
          mutate(ended, lambda d: d["actions"].append({"type": "hint", "to": "Ben", "rank": 1})))
    expected["action-after-end.json"] = (
        f"turn {turns + 1}: action after the game ended (the final round ended at turn {turns})")
    (invalid_dir / "expected.tsv").write_text(
        "".join(f"{name}\t{message}\n" for name, message in sorted(expected.items())),
        encoding="utf-8")
    print(f"wrote {len(made)} samples and {len(cases)} invalid logs")


if __name__ == "__main__":
    main()
