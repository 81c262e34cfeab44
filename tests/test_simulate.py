"""The simulator and `nova-replay simulate`: deterministic, always valid, clear errors."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from nova_replay.cli import main
from nova_replay.play.bots import Bot, CarelessBot, ConventionBot, View, parse_bot
from nova_replay.play.simulate import bot_nonce, file_name, play_game, shuffled, simulate
from nova_replay.record.validation import check_data
from nova_replay.record.writer import dumps
from nova_replay.rules.game import Action
from nova_replay.rules.rulesets import make_ruleset

VARIANTS: list[tuple[str, dict[str, Any]]] = [
    ("nova", {}), ("nova", {"gentle_show": True}), ("nova", {"grand_finale": True}),
    ("nova", {"jokers": 1}), ("nova", {"jokers": 2}),
    ("nova", {"grand_finale": True, "jokers": 2, "gentle_show": True}), ("hanabi", {}),
]


def test_same_seed_same_bytes() -> None:
    rules = make_ruleset("nova", jokers=1)
    bots: list[Bot] = [ConventionBot(), CarelessBot(0.4, 9), ConventionBot()]
    first = dumps(simulate(rules, 3, bots, 42))
    assert dumps(simulate(rules, 3, bots, 42)) == first
    assert dumps(simulate(rules, 3, bots, 43)) != first


@pytest.mark.parametrize(("name", "options"), VARIANTS,
                         ids=[f"{n}-{'-'.join(o) or 'plain'}" for n, o in VARIANTS])
def test_every_simulated_game_validates(name: str, options: dict[str, Any]) -> None:
    rules = make_ruleset(name, **options)
    for players in (2, 3, 4, 5):
        for seed in range(6):
            bot = ConventionBot() if seed % 2 else CarelessBot(0.3 * (seed % 3), seed)
            report = check_data(json.loads(dumps(simulate(rules, players, bot, seed))))
            assert report.valid(strict=True), report.problems
            assert report.record is not None and report.record.timeline.final.over


def test_simulate_needs_a_bot_per_seat() -> None:
    with pytest.raises(ValueError, match="one bot per player"):
        simulate(make_ruleset("nova"), 3, [ConventionBot()] * 2, 1)


def test_file_names() -> None:
    assert file_name(make_ruleset("nova"), 3, 42, 1) == "nova-3p-seed42-0001.json"
    rules = make_ruleset("nova", grand_finale=True, jokers=2, gentle_show=True)
    assert file_name(rules, 2, 7, 12) == "nova-finale-jokers2-gentle-2p-seed7-0012.json"


def _run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, ["simulate", *args])
    return result.exit_code, result.stdout, result.stderr


def test_cli_writes_valid_games(tmp_path: Path) -> None:
    code, out, _ = _run("--ruleset", "nova", "--players", "3", "--seed", "42", "--games", "4",
                        "--out", str(tmp_path / "games"))
    assert code == 0, out
    files = sorted((tmp_path / "games").glob("*.json"))
    assert [f.name for f in files] == [f"nova-3p-seed42-000{k}.json" for k in range(1, 5)]
    for f in files:
        assert check_data(json.loads(f.read_text(encoding="utf-8"))).valid(strict=True)
    assert "wrote 4 games" in out
    again = tmp_path / "again"
    _run("--players", "3", "--seed", "42", "--games", "4", "--out", str(again))
    assert [f.read_bytes() for f in files] == [
        f.read_bytes() for f in sorted(again.glob("*.json"))]


def test_cli_json_names_each_game_with_its_score(tmp_path: Path) -> None:
    """--json: each file written, its seed and final score, read back from the file."""
    code, out, _ = _run("--ruleset", "hanabi", "--players", "2", "--seed", "3", "--games", "3",
                        "--out", str(tmp_path / "g"), "--json")
    assert code == 0, out
    told = json.loads(out)
    assert [Path(g["path"]).name for g in told["games"]] == [
        f"hanabi-2p-seed3-000{k}.json" for k in range(1, 4)]
    assert [g["seed"] for g in told["games"]] == [3000001, 3000002, 3000003]
    for game in told["games"]:
        record = check_data(json.loads(Path(game["path"]).read_text(encoding="utf-8"))).record
        assert record is not None
        assert game["score"] == record.timeline.final.score
        assert game["ending"] == record.timeline.final.ending
    scores = [g["score"] for g in told["games"]]
    assert told["mean_score"] == round(sum(scores) / 3, 4) and told["perfect_score"] == 25
    assert told["perfect"] == sum(g["ending"] == "perfect" for g in told["games"])


def test_cli_bots_per_seat_and_variants(tmp_path: Path) -> None:
    code, _, err = _run("--players", "3", "--bot", "basic", "--bot", "careless:0.5",
                          "--bot", "basic", "--grand-finale", "--jokers", "2",
                          "--gentle-show", "--out", str(tmp_path), "--seed", "3")
    assert code == 0, err
    (path,) = tmp_path.glob("*.json")
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["meta"]["bots"] == ["basic", "careless:0.5", "basic"]
    assert data["ruleset"] == {"name": "nova", "gentle_show": True, "grand_finale": True,
                               "jokers": 2}
    code, _, err = _run("--ruleset", "hanabi", "--players", "4", "--out", str(tmp_path / "h"))
    assert code == 0, err
    assert len(list((tmp_path / "h").glob("hanabi-4p-*.json"))) == 1


@pytest.mark.parametrize(("args", "message"), [
    (["--players", "6"], "simulate: expected 2 to 5 players, found 6"),
    (["--players", "three"], "'three' is not a valid integer"),
    (["--players", "3", "--bot", "clever"], "simulate: --bot clever: expected convention"),
    (["--players", "3", "--bot", "careless:1.5"], "expected an error rate from 0 to 1"),
    (["--players", "3", "--bot", "convention:7"], "expected convention:N with N one of"),
    (["--players", "3", "--grand-finale", "--bot", "convention"],
     "the convention player reads clues by the conventions, which do not read this game"),
    (["--players", "3", "--bot", "convention", "--bot", "careless"],
     "expected one for every seat or one for all (3 players), found 2"),
    (["--players", "3", "--ruleset", "hanabi", "--jokers", "1"], "hanabi takes no options"),
    (["--players", "3", "--jokers", "3"], "expected 0, 1 or 2 jokers, found 3"),
    (["--players", "3", "--games", "0"], "--games: expected 1 or more, found 0"),
    (["--players", "3", "--ruleset", "chess"], "simulate: Invalid value for '--ruleset'"),
    (["--out", "x"], "Missing option '--players'"),
])
def test_cli_bad_options_one_line(tmp_path: Path, args: list[str], message: str) -> None:
    if "--out" not in args:
        args = [*args, "--out", str(tmp_path / "out")]
    code, out, err = _run(*args)
    assert code == 2
    assert message in err
    assert len(err.strip().splitlines()) == 1, err
    assert "Traceback" not in err + out
    assert not list(tmp_path.glob("out/*.json"))


def test_cli_out_is_a_file(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x", encoding="utf-8")
    code, _, err = _run("--players", "2", "--out", str(blocker))
    assert code == 2 and len(err.strip().splitlines()) == 1


def test_help_has_an_example() -> None:
    result = CliRunner().invoke(main, ["simulate", "--help"])
    assert result.exit_code == 0 and "Example:" in result.output


def test_a_view_does_not_carry_the_seed_that_shuffled_the_deck() -> None:
    """Bots draw random numbers from the view's nonce; it must not be the deck's seed,
    or a bot could shuffle a deck the same way and read its own cards."""
    seen: list[int] = []

    class Recorder:
        name = "recorder"

        def __init__(self) -> None:
            self.inner = parse_bot("careless:0.5", 1)

        def decide(self, view: View) -> Action:
            seen.append(view.nonce)
            return self.inner.decide(view)

    rules = make_ruleset("nova")
    played = play_game(rules, [Recorder(), Recorder()], 42)
    assert seen and set(seen) == {bot_nonce(42)}
    assert bot_nonce(42) != 42
    assert shuffled(rules, seen[0]) != played.game.deck


@pytest.mark.parametrize("bot", ["basic", "convention"])
def test_six_players_play_a_six_player_game(tmp_path: Path, bot: str) -> None:
    """Hanabi takes 6 players: `simulate -p 6` writes a game of 6 seats (the names ran out
    at 5, so a 5-player game was played and the convention player's sixth seat failed)."""
    out = tmp_path / "g"
    result = CliRunner().invoke(main, ["simulate", "--ruleset", "hanabi", "-p", "6", "--bot", bot,
                                       "--seed", "3", "-o", str(out)])
    assert result.exit_code == 0, result.output
    (written,) = out.glob("*.json")
    assert len(json.loads(written.read_text())["players"]) == 6
