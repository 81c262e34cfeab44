"""hanab.live import and export: two real games, the deal, round trips, refusals, CLI."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from helpers import SAMPLES, shared
from hypothesis import given, settings
from hypothesis import strategies as st

import nova_replay
from nova_replay.cli import main
from nova_replay.record.formats import CONVERTERS
from nova_replay.record.hanablive import from_hanablive, looks_like_hanablive, variant_name
from nova_replay.record.hanablive_export import to_hanablive
from nova_replay.record.load import load, load_data
from nova_replay.record.log import GameLog
from nova_replay.record.validation import check, check_data
from nova_replay.record.writer import log_data
from nova_replay.rules.engine import TERMINATED, apply, deal
from nova_replay.rules.errors import DeckError, NovaError, SchemaError
from nova_replay.rules.game import Discard, Game, Hint, Play
from nova_replay.rules.rulesets import make_ruleset

GAMES = {"example_game_3p.json": (3, 25), "no_variant_5p.json": (5, 23)}


def hanablive_file(name: str) -> Path:
    """A real hanab.live export in the shared data (never copied into the project)."""
    return shared("hanablive", name)


def real(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(hanablive_file(name).read_text())
    return data


def card_text(c: dict[str, int]) -> str:
    return f"{c['rank']}{'RYGBW'[c['suitIndex']]}"


def hanablive_hands(data: dict[str, Any], turns: int) -> dict[str, list[str]]:
    """Each player's hand after `turns` actions, newest first, by hanab.live's own rule
    (written independently of the converter): player i is dealt deck cards i*h ..
    i*h+h-1, each drawn card goes on the left, and a play or discard draws the next."""
    players, deck = data["players"], data["deck"]
    n = len(players)
    h = 5 if n <= 3 else 4
    start = data.get("options", {}).get("startingPlayer", 0)
    hands = [[i * h + k for k in reversed(range(h))] for i in range(n)]
    drawn = n * h
    for t, a in enumerate(data["actions"][:turns]):
        if a["type"] in (0, 1):
            hand = hands[(start + t) % n]
            hand.remove(a["target"])
            if drawn < len(deck):
                hand.insert(0, drawn)
                drawn += 1
    return {players[i]: [card_text(deck[o]) for o in hands[i]] for i in range(n)}


# --- the two real games -------------------------------------------------------------


def test_registered_on_import() -> None:
    assert ("hanab.live", looks_like_hanablive, from_hanablive) in CONVERTERS
    assert nova_replay.from_hanablive is from_hanablive


@pytest.mark.parametrize("name", GAMES)
def test_real_game_imports_and_replays_to_its_score(name: str) -> None:
    players, score = GAMES[name]
    data = real(name)
    log = GameLog.model_validate(from_hanablive(data))
    assert log.ruleset.name == "hanabi" and len(log.players) == players
    record = load_data(data, name)
    assert record.converted_from == "hanab.live"
    assert record.timeline.final.score == score
    assert record.timeline.final.over
    report = check_data(data, name)
    assert report.valid(strict=True) and report.converted_from == "hanab.live"


def test_unused_deck_plays_option_is_kept_as_metadata() -> None:
    log = from_hanablive(real("example_game_3p.json"))
    kept = log["meta"]["hanablive"]
    assert kept["options"] == {"deckPlays": True}
    assert kept["id"] == 2906 and kept["notes"][0] == ["y3?", "y4", "r2"]


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("turn", [0, 1, 2, 9, 24, -1])
def test_hands_equal_hanablive_deal_rule(name: str, turn: int) -> None:
    data = real(name)
    record = load_data(data)
    t = record.timeline.turns if turn < 0 else turn
    expected = hanablive_hands(data, t)
    game, state = record.game, record.timeline[t]
    found = {game.players[p]: [str(game.deck[c]) for c in hand] for p, hand in enumerate(state.hands)}
    assert found == expected


# --- round trips --------------------------------------------------------------------


@pytest.mark.parametrize("name", GAMES)
def test_export_of_import_is_the_original(name: str) -> None:
    data = real(name)
    assert to_hanablive(load_data(from_hanablive(data))) == data


@pytest.mark.parametrize("name", GAMES)
def test_import_of_export_is_identity_for_imported_logs(name: str) -> None:
    log = from_hanablive(real(name))
    assert from_hanablive(to_hanablive(log)) == log


def as_read_from_hanablive(log: dict[str, Any]) -> dict[str, Any]:
    """Our plain-Hanabi `log` as it reads back from hanab.live: the same game, now a
    hanab.live game of No Variant (which names its fifth suit purple)."""
    return {**log, "ruleset": {**log["ruleset"], "variant": "No Variant"}}


@pytest.mark.parametrize("sample", ["hanabi-2p.json", "hanabi-5p.json"])
def test_import_of_export_is_identity_for_samples(sample: str) -> None:
    data = json.loads((SAMPLES / sample).read_text())
    losses = dict(data)
    plain = {k: v for k, v in data.items() if k != "meta"}  # hanab.live has no title or source
    assert "variant" not in plain["ruleset"]
    assert from_hanablive(to_hanablive(plain)) == as_read_from_hanablive(plain)
    assert GameLog.model_validate(from_hanablive(to_hanablive(losses))) == GameLog.model_validate(
        as_read_from_hanablive(plain))


def random_hanabi_log(seed: int, n: int, terminate: bool) -> dict[str, Any]:
    """A random legal Hanabi game through the engine, maybe stopped early."""
    rng = random.Random(seed)
    rules = make_ruleset("hanabi")
    deck = list(rules.cards.elements())
    rng.shuffle(deck)
    game = Game(rules, tuple("Ann Ben Cid Dot Eve".split()[:n]), tuple(deck))
    state, actions = deal(game), []
    stop = rng.randrange(1, 80) if terminate else 10_000
    while not state.over and len(actions) < stop:
        p = state.player(game)
        options: list[Hint | Play | Discard] = [Play(c) for c in state.hands[p]]
        if state.coins < rules.coins:
            options += [Discard(c) for c in state.hands[p]]
        if state.coins:
            for q in range(n):
                if q != p:
                    options += [Hint(q, suit=game.suit_of[c]) for c in state.hands[q]]
                    options += [Hint(q, rank=game.rank_of[c]) for c in state.hands[q]]
        action = rng.choice(options)
        state = apply(game, state, action)
        actions.append(action)
    termination = None
    if not state.over:
        termination = {"reason": rng.choice(["terminated", "timeout"]), "player": game.players[1]}
    return log_data(game, actions, termination=termination)


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10**6), st.integers(2, 5), st.booleans())
def test_round_trip_random_games(seed: int, n: int, terminate: bool) -> None:
    x = random_hanabi_log(seed, n, terminate)
    y = to_hanablive(x)
    assert from_hanablive(y) == as_read_from_hanablive(x)
    assert to_hanablive(from_hanablive(y)) == y
    assert load_data(y).timeline.states == load_data(x).timeline.states


def rotated_3p() -> dict[str, Any]:
    """The 3-player game written as hanab.live would if Cathy sat first and Alice, who
    still moves first, were player 1 (startingPlayer 1). Built by hand from the rules."""
    data = real("example_game_3p.json")
    h, deck = 5, data["deck"]
    seat_of = {0: 1, 1: 2, 2: 0}  # old player index -> new
    new_order = {}
    for old, new in seat_of.items():
        for k in range(h):
            new_order[old * h + k] = new * h + k
    new_deck = [dict(c) for c in deck]
    for old, new in new_order.items():
        new_deck[new] = deck[old]
    actions = []
    for a in data["actions"]:
        if a["type"] in (2, 3):
            actions.append({**a, "target": seat_of[a["target"]]})
        else:
            actions.append({**a, "target": new_order.get(a["target"], a["target"])})
    return {"players": ["Cathy", "Alice", "Bob"], "deck": new_deck, "actions": actions,
            "options": {"startingPlayer": 1}}


def test_starting_player_rotates_the_players() -> None:
    rotated = rotated_3p()
    log = from_hanablive(rotated)
    plain = from_hanablive(real("example_game_3p.json"))
    assert log["players"] == ["Alice", "Bob", "Cathy"]
    assert log["deck"] == plain["deck"] and log["actions"] == plain["actions"]
    assert log["meta"]["hanablive"] == {"options": {"startingPlayer": 1}}
    assert load_data(rotated).timeline.final.score == 25
    assert to_hanablive(log) == rotated
    for t in (0, 5, 30):
        state = load_data(rotated).timeline[t]
        game = load_data(rotated).game
        found = {game.players[p]: [str(game.deck[c]) for c in hand] for p, hand in enumerate(state.hands)}
        assert found == hanablive_hands(rotated, t)


# --- the game-over action -----------------------------------------------------------


def test_game_over_after_a_natural_end_is_dropped_and_kept() -> None:
    data = real("example_game_3p.json")
    data["actions"].append({"type": 4, "target": 1, "value": 1})
    log = from_hanablive(data)
    assert "termination" not in log and len(log["actions"]) == 55
    assert log["meta"]["hanablive"]["gameOver"] == {"type": 4, "target": 1, "value": 1}
    assert load_data(log).timeline.final.score == 25
    assert to_hanablive(log) == data


@pytest.mark.parametrize(("value", "reason"), [(4, "terminated"), (3, "timeout"),
                                                (6, "idle-timeout"), (10, "terminated-by-vote")])
def test_game_stopped_early_keeps_its_end_condition(value: int, reason: str) -> None:
    data = real("no_variant_5p.json")
    data["actions"] = data["actions"][:20] + [{"type": 4, "target": 2, "value": value}]
    log = from_hanablive(data)
    assert log["termination"] == {"reason": reason, "player": "Cathy"}
    record = load_data(data)
    assert record.timeline.turns == 20 and record.timeline.final.ending == TERMINATED
    assert check_data(data).valid(strict=True)
    assert to_hanablive(record) == data


def test_normal_end_that_is_not_an_end_is_refused() -> None:
    data = real("no_variant_5p.json")
    data["actions"] = data["actions"][:20] + [{"type": 4, "target": 0, "value": 1}]
    with pytest.raises(SchemaError, match=r"^\$\.actions\[20\]\.value: .*'normal'.*goes on"):
        from_hanablive(data)


def test_action_after_game_over_is_refused() -> None:
    data = real("no_variant_5p.json")
    data["actions"].insert(10, {"type": 4, "target": 0, "value": 4})
    with pytest.raises(SchemaError, match=r"^\$\.actions\[11\]: action after the game over"):
        from_hanablive(data)


# --- refusals -----------------------------------------------------------------------


def deck_play_game(option: bool) -> dict[str, Any]:
    """2 players: Bob discards his oldest card while Alice clues, until one card is left
    in the deck; then Alice plays that card from the deck."""
    data = real("example_game_3p.json")
    hands = {1: list(range(5, 10))}
    actions, drawn = [], 10
    while drawn < 49:
        actions.append({"type": 2, "target": 1, "value": 0})
        old = hands[1].pop(0)
        actions.append({"type": 1, "target": old, "value": 0})
        hands[1].append(drawn)
        drawn += 1
    actions.append({"type": 0, "target": 49, "value": 0})
    return {"players": ["Alice", "Bob"], "deck": data["deck"], "actions": actions,
            "options": {"deckPlays": option}}


def mutate(name: str, change: Callable[[dict[str, Any]], None]) -> dict[str, Any]:
    data = copy.deepcopy(real(name))
    change(data)
    return data


REFUSALS: list[tuple[str, Callable[[dict[str, Any]], None], str]] = [
    ("variant", lambda d: d.setdefault("options", {}).update(variant="Up or Down (5 Suits)"),
     r"^\$\.options\.variant: hanab\.live variant 'Up or Down \(5 Suits\)' is not supported: "
     r"stacks may be built up from 1 or down from 5"),
    ("variant's deck", lambda d: d.setdefault("options", {}).update(variant="Rainbow (6 Suits)"),
     r"^\$\.deck: expected the 60 cards of Rainbow \(6 Suits\), found 50$"),
    ("one extra and one less card", lambda d: d.setdefault("options", {}).update(
        oneExtraCard=True, oneLessCard=True),
     r"^\$\.options\.oneLessCard: options oneExtraCard and oneLessCard together: expected at "
     r"most one$"),
    ("empty clues not a flag", lambda d: d.setdefault("options", {}).update(emptyClues="yes"),
     r'^\$\.options\.emptyClues: expected true or false, found "yes"$'),
    ("all or nothing", lambda d: d.setdefault("options", {}).update(allOrNothing=True),
     r"^\$\.options\.allOrNothing: option allOrNothing changes the rules .*supported options: "
     r"startingPlayer"),
    ("card cycle", lambda d: d.setdefault("options", {}).update(cardCycle=True),
     r"^\$\.options\.cardCycle: "),
    ("colour out of range", lambda d: d["actions"][0].update(value=5),
     r"^\$\.actions\[0\]\.value: expected a No Variant colour .* 0 to 4, found 5$"),
    ("rank out of range", lambda d: d["actions"][11].update(value=6),
     r"^\$\.actions\[11\]\.value: expected a rank 1 to 5, found 6$"),
    ("clue without value", lambda d: d["actions"][0].pop("value"),
     r"^\$\.actions\[0\]\.value: expected .* found null$"),
    ("clue to nobody", lambda d: d["actions"][0].update(target=3),
     r"^\$\.actions\[0\]\.target: expected a player index 0 to 2, found 3$"),
    ("card not in hand", lambda d: d["actions"][1].update(target=0),
     r"^\$\.actions\[1\]\.target: Bob plays card order 0, which is not in Bob's hand "
     r"\(holds 9, 8, 7, 6, 5\)$"),
    ("card off the deck", lambda d: d["actions"][1].update(target=50),
     r"^\$\.actions\[1\]\.target: expected a card order 0 to 49, found 50$"),
    ("unknown action type", lambda d: d["actions"][1].update(type=7),
     r"^\$\.actions\[1\]\.type: expected an action type"),
    ("short deck", lambda d: d["deck"].pop(),
     r"^\$\.deck: expected the 50 cards of No Variant, found 49$"),
    ("sixth suit", lambda d: d["deck"][3].update(suitIndex=5),
     r"^\$\.deck\[3\]\.suitIndex: expected a No Variant suit index .* 0 to 4, found 5$"),
    ("seven players", lambda d: d["players"].extend(["Dan", "Eve", "Fay", "Gus"]),
     r"^\$\.players: expected 2 to 6 players, found 7$"),
    ("duplicate player", lambda d: d["players"].__setitem__(2, "Alice"),
     r"^\$\.players\[2\]: duplicate player name 'Alice'$"),
    ("starting player", lambda d: d.setdefault("options", {}).update(startingPlayer=3),
     r"^\$\.options\.startingPlayer: expected a player index 0 to 2, found 3$"),
]


@pytest.mark.parametrize(("change", "message"), [(c, m) for _, c, m in REFUSALS],
                         ids=[n for n, _, _ in REFUSALS])
def test_refusals(change: Callable[[dict[str, Any]], None], message: str) -> None:
    data = mutate("example_game_3p.json", change)
    assert looks_like_hanablive(data)
    with pytest.raises(SchemaError, match=message) as err:
        from_hanablive(data)
    assert "\n" not in str(err.value)
    with pytest.raises(SchemaError, match=message):  # and so does every command's loader
        load_data(data)
    report = check_data(data, "game.json")
    assert not report.valid() and report.problems[0].where == str(err.value).split(": ")[0]


def test_deck_play_is_refused_only_when_made() -> None:
    with pytest.raises(SchemaError, match=r"^\$\.actions\[78\]\.target: Alice plays the last card "
                       r"of the deck \(a deck play, option deckPlays\)"):
        from_hanablive(deck_play_game(True))
    with pytest.raises(SchemaError, match=r"^\$\.actions\[78\]\.target: Alice plays card order 49, "
                       r"which is not in Alice's hand"):
        from_hanablive(deck_play_game(False))
    unused = deck_play_game(True)
    unused["actions"].pop()
    assert from_hanablive(unused)["meta"] == {"hanablive": {"options": {"deckPlays": True}}}


def test_seed_only_export_is_refused() -> None:
    data = {"players": ["Alice", "Bob"], "deck": [], "actions": [], "seed": "p2v0s1"}
    assert looks_like_hanablive(data)
    with pytest.raises(SchemaError, match=r"^\$\.deck: expected the 50 cards of No Variant, found 0 "
                       r"\(a deck given only by its seed cannot be rebuilt here\)$"):
        load_data(data)


def test_wrong_cards_are_a_deck_error() -> None:
    data = mutate("example_game_3p.json", lambda d: d["deck"][0].update(rank=5, suitIndex=0))
    with pytest.raises(DeckError, match=r"^deck: expected the 50 cards of Hanabi, found 50; "
                       r"missing 3G; extra 5R$"):
        load_data(data)


def test_illegal_hint_is_told_with_its_turn() -> None:
    data = mutate("example_game_3p.json", lambda d: d["actions"][0].update(value=1))
    with pytest.raises(NovaError, match=r"^turn 1: Alice hints yellow to Bob, but Bob holds no yellow$"):
        load_data(data)


@pytest.mark.parametrize("data", [
    json.loads((SAMPLES / "hanabi-2p.json").read_text()),
    [1, 2, 3], {"players": ["A", "B"]}, {"players": [], "deck": [{"suit": 1}], "actions": []},
])
def test_non_hanablive_json_is_refused(data: Any) -> None:
    assert not looks_like_hanablive(data)
    with pytest.raises(SchemaError, match=r"^\$: not a hanab\.live game export \(expected players, "
                       r"a deck of \{suitIndex, rank\} and actions of \{type, target, value\}\), found"):
        from_hanablive(data)


def test_nova_log_is_not_exported() -> None:
    record = load(SAMPLES / "nova-2p.json")
    with pytest.raises(SchemaError, match=r"^\$\.ruleset: hanab\.live export takes the hanabi "
                       r"ruleset only \(No Variant\), found Nova$"):
        to_hanablive(record)


# --- the command line ---------------------------------------------------------------


def run(*args: str) -> Any:
    return CliRunner().invoke(main, list(args))


def test_cli_import_to_stdout_and_file(tmp_path: Path) -> None:
    src = hanablive_file("example_game_3p.json")
    result = run("import-hanablive", str(src))
    assert result.exit_code == 0, result.output
    log = json.loads(result.stdout)
    assert (log["format"], log["version"], log["ruleset"]) == (
        "nova-replay", 1, {"name": "hanabi", "variant": "No Variant"})  # so it keeps purple
    assert log["players"] == ["Alice", "Bob", "Cathy"]
    # hanab.live deals hand by hand (Alice 0-4, Bob 5-9, Cathy 10-14), we deal round-robin:
    # our deck opens with hanab.live's cards 0, 5, 10, 1, 6: 3G 4P (purple, hanab.live's letter) 2G 3G 1G.
    assert log["deck"][:5] == ["3G", "4P", "2G", "3G", "1G"] and len(log["deck"]) == 50
    # hanab.live's first actions: a colour clue (2) to player 1, value 2 (green); a play
    # (0) of card order 6, which is our deck index 4.
    assert log["actions"][:2] == [{"type": "hint", "to": "Bob", "suit": "G"},
                                  {"type": "play", "card": 4}]
    assert len(log["actions"]) == 55 and log["meta"]["hanablive"]["id"] == 2906
    out = tmp_path / "game.nova.json"
    result = run("import-hanablive", str(src), "-o", str(out))
    assert result.exit_code == 0
    assert result.stdout == f"{out}: written (3 players, 55 turns, score 25, perfect)\n"
    assert json.loads(out.read_text("utf-8")) == log
    record = load(out)
    assert record.converted_from is None and record.timeline.final.score == 25
    assert record.game.suit_name(4) == "purple"


def test_cli_export_round_trip(tmp_path: Path) -> None:
    ours, back = tmp_path / "game.nova.json", tmp_path / "game.json"
    assert run("import-hanablive", str(hanablive_file("no_variant_5p.json")), "-o", str(ours)).exit_code == 0
    result = run("export-hanablive", str(ours), "-o", str(back))
    assert result.exit_code == 0 and result.stderr == ""
    assert json.loads(back.read_text()) == real("no_variant_5p.json")


def test_cli_export_warns_of_what_it_drops() -> None:
    result = run("export-hanablive", str(SAMPLES / "hanabi-2p.json"))
    assert result.exit_code == 0
    assert "hanabi-2p.json: warning: meta.title dropped" in result.stderr
    assert looks_like_hanablive(json.loads(result.stdout))


def test_cli_refuses_to_overwrite_the_input(tmp_path: Path) -> None:
    src = tmp_path / "game.json"
    src.write_text((hanablive_file("example_game_3p.json")).read_text())
    before = src.read_text()
    for command in ("import-hanablive", "export-hanablive"):
        result = run(command, str(src), "-o", str(tmp_path / "." / "game.json"))
        assert result.exit_code == 2
        assert result.stderr.strip().endswith("-o names the input file; choose another output file")
        assert src.read_text() == before


@pytest.mark.parametrize(("command", "file", "message"), [
    ("import-hanablive", SAMPLES / "hanabi-2p.json",
     "hanabi-2p.json: $: not a hanab.live game export"),
    ("import-hanablive", Path("missing.json"), "missing.json: cannot read file"),
    ("export-hanablive", SAMPLES / "nova-2p.json",
     "nova-2p.json: $.ruleset: hanab.live export takes the hanabi ruleset only"),
])
def test_cli_bad_input_is_one_line(command: str, file: Path, message: str) -> None:
    result = run(command, str(file))
    assert result.exit_code == 1 and result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and message in lines[0] and "Traceback" not in result.stderr


def test_cli_import_refusal_names_the_file(tmp_path: Path) -> None:
    bad = tmp_path / "up-or-down.json"
    data = real("example_game_3p.json")
    data["options"]["variant"] = "Up or Down (5 Suits)"
    bad.write_text(json.dumps(data))
    result = run("import-hanablive", str(bad))
    assert result.exit_code == 1
    assert result.stderr == (f"{bad}: $.options.variant: hanab.live variant 'Up or Down (5 Suits)' "
                             f"is not supported: stacks may be built up from 1 or down from 5 "
                             f"(START cards)\n")


def test_validate_and_replay_read_hanablive_files() -> None:
    src = str(hanablive_file("no_variant_5p.json"))
    result = run("validate", src)
    assert result.exit_code == 0
    assert "score 23 of 25, final round, read as hanab.live)" in result.stdout
    result = run("replay", src, "--turn", "0")
    assert result.exit_code == 0 and result.stderr == f"{src}: read as hanab.live\n"
    assert "Alice" in result.stdout
    assert check(src).converted_from == "hanab.live"


@pytest.mark.parametrize("command", ["import-hanablive", "export-hanablive"])
def test_cli_help_has_example(command: str) -> None:
    result = run(command, "--help")
    assert result.exit_code == 0 and "Example:" in result.stdout and command in result.stdout


@pytest.mark.parametrize(("kept", "message"), [
    ({"options": [1]}, "$.meta.hanablive.options: expected an object of hanab.live options, found [1]"),
    ({"deck": "oops"}, "$.meta.hanablive.deck: kept hanab.live fields may not replace the game's "
                       "players, deck or actions"),
])
def test_export_refuses_kept_fields_it_cannot_write(tmp_path: Path, kept: dict[str, Any],
                                                    message: str) -> None:
    data = json.loads((SAMPLES / "hanabi-2p.json").read_text())
    data.setdefault("meta", {})["hanablive"] = kept
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    result = CliRunner().invoke(main, ["export-hanablive", str(path)])
    assert result.exit_code == 1
    assert result.output.strip() == f"{path}: {message}"


def test_import_refuses_a_lone_surrogate_in_kept_fields(tmp_path: Path) -> None:
    data = real("example_game_3p.json")
    data["notes"] = ["\ud800"]
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    result = CliRunner().invoke(main, ["import-hanablive", str(path)])
    assert result.exit_code == 1
    assert "$.notes[0]: a lone UTF-16 surrogate escape" in result.output


# --- which variant a file names (issue 11: no silent misreads) --------------------------


@pytest.mark.parametrize(("change", "name"), [
    (lambda d: None, "No Variant"),
    (lambda d: d.update(variant="Rainbow (5 Suits)"), "Rainbow (5 Suits)"),
    (lambda d: d.setdefault("options", {}).update(variant="Black (6 Suits)"), "Black (6 Suits)"),
    (lambda d: d.update(seed="p3v0s1"), "No Variant"),
    (lambda d: d.update(seed="p3v16s1", variant="Rainbow (5 Suits)"), "Rainbow (5 Suits)"),
    (lambda d: d.update(seed="not a hanab.live seed"), "No Variant"),
])
def test_variant_is_read_from_every_place_it_may_be(change: Callable[[dict[str, Any]], None],
                                                     name: str) -> None:
    assert variant_name(mutate("example_game_3p.json", change)) == name


def test_top_level_variant_is_not_read_as_no_variant() -> None:
    data = mutate("example_game_3p.json", lambda d: d.update(variant="Up or Down (5 Suits)"))
    with pytest.raises(SchemaError, match=r"^\$\.variant: hanab\.live variant 'Up or Down"):
        from_hanablive(data)
    data = mutate("example_game_3p.json", lambda d: d.update(variant="Rainbow (5 Suits)"))
    with pytest.raises(SchemaError, match=r"^\$\.actions\[4\]\.value: expected a Rainbow \(5 Suits\) "
                       r"colour \(red, yellow, green, blue\) 0 to 3, found 4$"):
        from_hanablive(data)  # read as Rainbow: it has no fifth clue colour


MISREADS: list[tuple[str, Callable[[dict[str, Any]], None], str]] = [
    ("seed names a variant only", lambda d: d.update(seed="p3v16s1"),
     r"^\$\.seed: the seed 'p3v16s1' says variant id 16 \(not No Variant\), but the file does not "
     r"name the variant \(options.variant\); it cannot be read without the name$"),
    ("seed says No Variant, name says Rainbow",
     lambda d: d.update(seed="p3v0s1", variant="Rainbow (5 Suits)"),
     r"^\$\.seed: the seed 'p3v0s1' says No Variant, but the file names the variant "
     r"'Rainbow \(5 Suits\)'$"),
    ("seed says a variant, name says No Variant",
     lambda d: (d.update(seed="p3v16s1"), d.setdefault("options", {}).update(variant="No Variant")),
     r"^\$\.seed: the seed 'p3v16s1' says variant id 16, not No Variant, but the file names the "
     r"variant 'No Variant'$"),
    ("two names disagree",
     lambda d: (d.update(variant="Rainbow (5 Suits)"), d.setdefault("options", {}).update(
         variant="No Variant")),
     r"^\$\.variant: the variant is named twice and differently: options.variant 'No Variant', "
     r"variant 'Rainbow \(5 Suits\)'$"),
    ("seed for other players", lambda d: d.update(seed="p2v0s1"),
     r"^\$\.seed: the seed 'p2v0s1' is for 2 players, but the game has 3$"),
    ("variant not a name", lambda d: d.update(variant=16),
     r"^\$\.variant: expected a hanab.live variant name, found 16$"),
]


@pytest.mark.parametrize(("change", "message"), [(c, m) for _, c, m in MISREADS],
                         ids=[n for n, _, _ in MISREADS])
def test_possible_misreads_are_refused(change: Callable[[dict[str, Any]], None],
                                       message: str) -> None:
    data = mutate("example_game_3p.json", change)
    with pytest.raises(SchemaError, match=message):
        from_hanablive(data)
    report = check_data(data, "game.json")
    assert not report.valid() and len(report.problems) == 1
