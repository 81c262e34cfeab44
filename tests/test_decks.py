"""`nova-replay decks` and the `deck_winnable` column (issue 24): whether a deal could
reach the perfect score knowing every card, with its proof. Every verdict here is
checked on its own: a winning line replays through the engine to the perfect score; a
deck said not winnable is one whose proof can be read off the deck."""

from __future__ import annotations

import csv
import json
from pathlib import Path

from click.testing import CliRunner
from helpers import SAMPLES

from nova_replay.cli import main
from nova_replay.record.load import load
from nova_replay.rules.cards import parse_card
from nova_replay.rules.engine import deal, replay
from nova_replay.rules.game import Game
from nova_replay.rules.rulesets import make_ruleset
from nova_replay.solver.decks import deck_verdict, deck_winnable
from nova_replay.solver.exact import Budget, Solver

# Random No Variant decks for 2 players (benchmarks/deck_feasibility.py, decks 109 and 93).
# Both 2♦ (B) are the 48th and 49th cards: 3B, 4B and 5B would need three more turns
# than the game has after them.
PACE = ("1G 2W 4Y 2G 1W 5Y 1B 5W 1W 1W 3Y 3W 3Y 4G 3G 4W 3R 2W 4B 1R 1B 4R 1Y 3G 1Y 1B 1G "
        "2R 3W 2Y 4Y 5R 2G 1G 5B 4B 1Y 3R 3B 1R 2Y 2R 4R 1R 4W 4G 3B 2B 2B 5G")
HAND_SPACE = ("4B 3W 4R 4Y 4G 1R 2G 5Y 2R 5R 1Y 4R 3Y 4Y 3W 4W 3Y 4G 5B 2G 1W 1W 3G 4B 3G 2Y "
              "1B 2W 2B 2Y 2B 1G 5W 1G 2W 1R 3R 1B 1Y 1W 3R 1R 3B 4W 1G 2R 1Y 5G 1B 3B")
# Deck 1322: no bound at the deal rules 25 out; the search tries every line (13,351 nodes).
EXHAUSTED = ("5W 1W 1Y 4R 4G 3Y 5G 3B 4G 5R 1Y 3Y 2R 2G 5Y 1B 4Y 3G 1R 4B 1W 4B 4R 1G 1G 1R 4W "
             "2R 1R 1W 3R 4Y 5B 2B 3W 4W 3W 1B 3R 1Y 2G 2W 1G 2W 2Y 2Y 3B 3G 1B 2B")
SUITS = "RYGBW"


def hanablive_file(tmp_path: Path, name: str, deck: str, players: int = 2) -> Path:
    """A hanab.live export with no actions: only the deck and the players count."""
    data = {"players": ["Alice", "Bob", "Cathy", "Donald", "Emily"][:players],
            "deck": [{"suitIndex": SUITS.index(t[1]), "rank": int(t[0])} for t in deck.split()],
            "actions": []}
    path = tmp_path / name
    path.write_text(json.dumps(data))
    return path


def run(*args: str) -> tuple[int, list[str]]:
    result = CliRunner().invoke(main, ["decks", *args])
    return result.exit_code, result.stdout.splitlines()


def test_a_deck_whose_plays_cannot_all_fit_is_not_winnable(tmp_path: Path) -> None:
    path = hanablive_file(tmp_path, "pace.json", PACE)
    code, lines = run(str(path))
    assert code == 0
    assert lines[0] == f"{path}: not winnable"
    proof = " ".join(line.strip() for line in lines[1:])  # (wrapped to the terminal's width)
    assert lines[1].startswith("  proof: pace: ") and "at most 24 of the 25 plays" in proof
    # The proof read off the deck: the blue row needs 2B before 3B, 4B and 5B, and both 2B
    # are among the last three cards of the draw pile.
    game = load(path).game
    blue_twos = [k for k, c in enumerate(game.deck) if (c.rank, c.suit) == (2, "B")]
    assert blue_twos == [47, 48] and len(game.deck) == 50


def test_hand_space_can_rule_a_deck_out(tmp_path: Path) -> None:
    code, lines = run(str(hanablive_file(tmp_path, "space.json", HAND_SPACE)))
    assert code == 0
    assert lines[0].endswith(": not winnable") and lines[1].startswith("  proof: hand space: ")


def test_a_winnable_deck_shows_its_line_and_it_reaches_the_perfect_score() -> None:
    path = SAMPLES / "hanabi-4p-bots.json"
    code, lines = run(str(path))
    assert code == 0 and lines[0] == f"{path}: winnable"
    game = load(path).game
    verdict = deck_verdict(game)
    assert verdict.winnable and lines[1] == (f"  proof: a line of play reaches 25 in "
                                             f"{verdict.turns} turns:")
    assert len(lines) == 2 + verdict.turns  # one line a turn
    end = replay(game, verdict.witness).final
    assert end.score == 25 and len(verdict.witness) == verdict.turns
    assert lines[2].startswith("    1. Anna ")
    _, brief = run(str(path), "--brief")
    assert brief == lines[:1] + [lines[1].rstrip(":")]


def test_an_exhausted_search_rules_a_deck_out(tmp_path: Path) -> None:
    path = hanablive_file(tmp_path, "searched.json", EXHAUSTED)
    game = load(path).game
    solver = Solver(game)
    assert solver.upper(solver.node(deal(game))) == 25  # no bound decides it
    code, lines = run(str(path))
    assert code == 0 and lines[0] == f"{path}: not winnable"
    assert lines[1].startswith("  proof: search exhausted: every line was tried (")
    verdict = deck_verdict(game)
    assert verdict.upper == 24 and replay(game, verdict.witness).final.score == verdict.lower


def test_a_bottom_decked_critical_card_rules_the_deck_out() -> None:
    """Black (6 Suits) has one card of each black rank: with 2Bk at the bottom, its
    drawer plays it on the last turn at the soonest, so 3Bk never follows."""
    rules = make_ruleset("hanabi", variant_name="Black (6 Suits)")
    deck = sorted(rules.cards.elements())
    two = next(c for c in deck if c == parse_card("2Bk"))
    deck.remove(two)
    game = Game(rules, ("Alice", "Bob", "Cathy"), (*deck, two))
    verdict = deck_verdict(game, Budget(0))  # decided without search
    assert verdict.winnable is False and verdict.upper < rules.perfect_score
    assert verdict.reason.startswith("a bottom-decked critical card: 2")
    assert verdict.proof == "bottom-decked critical"
    assert "row ends at 2 at most" in verdict.reason


def test_unknown_when_the_budget_cannot_decide() -> None:
    """With no work at all (the greedy lines fall short of 20 and no bound rules 20
    out) the deal stays unknown, and says its bounds; the default budget wins it."""
    path = SAMPLES / "nova-2p-gentle-bots.json"
    game = load(path).game
    verdict = deck_verdict(game, Budget(0))
    assert verdict.winnable is None and verdict.verdict == "unknown"
    assert verdict.lower < 20 <= verdict.upper
    assert replay(game, verdict.witness).final.score == verdict.lower
    assert deck_verdict(game).winnable is True
    code, lines = run(str(path), "--nodes", "0")
    assert code == 0
    assert lines[0] == f"{path}: unknown" and "ran out of its budget" in lines[1]
    assert deck_winnable(24, 25, 25) is None and deck_winnable(25, 25, 25) is True
    assert deck_winnable(20, 24, 25) is False


def test_a_folder_and_a_bad_file(tmp_path: Path) -> None:
    hanablive_file(tmp_path, "a.json", PACE)
    (tmp_path / "b.json").write_text('{"players": ["A"]')
    result = CliRunner().invoke(main, ["decks", str(tmp_path), "--brief"])
    assert result.exit_code == 1
    assert result.stdout.splitlines()[0] == f"{tmp_path / 'a.json'}: not winnable"
    (err,) = result.stderr.splitlines()
    assert err.startswith(str(tmp_path / "b.json")) and "JSON" in err


def test_batch_says_whether_the_deck_was_winnable(tmp_path: Path) -> None:
    out = tmp_path / "games.csv"
    result = CliRunner().invoke(main, [
        "batch", str(hanablive_file(tmp_path, "pace.json", PACE)),
        str(SAMPLES / "nova-4p-lost-five-bots.json"), "--out", str(out), "--solve"])
    assert result.exit_code == 0, result.output
    with out.open() as f:
        rows = {Path(r["file"]).name: r for r in csv.DictReader(f)}
    assert rows["pace.json"]["deck_winnable"] == "False"
    assert rows["nova-4p-lost-five-bots.json"]["deck_winnable"] == "True"  # the deal allowed 20 of 20
    plain = tmp_path / "plain.csv"
    CliRunner().invoke(main, ["batch", str(SAMPLES / "nova-4p-lost-five-bots.json"),
                              "--out", str(plain)])
    with plain.open() as f:
        assert next(csv.DictReader(f))["deck_winnable"] == ""  # not asked: null


def test_the_deal_is_the_engine_deal() -> None:
    game = load(SAMPLES / "nova-3p-bots.json").game
    verdict = deck_verdict(game)
    assert replay(game, verdict.witness)[0] == deal(game)


def test_json_gives_each_file_its_verdict_bounds_proof_kind_and_line(tmp_path: Path) -> None:
    pace = hanablive_file(tmp_path, "pace.json", PACE)
    won = SAMPLES / "hanabi-4p-bots.json"
    missing = tmp_path / "missing.json"
    result = CliRunner().invoke(main, ["decks", "--json", str(pace), str(won), str(missing)])
    assert result.exit_code == 1  # the missing file; the others still judged
    first, second, third = json.loads(result.stdout)
    assert first["file"] == str(pace) and first["verdict"] == "not winnable"
    assert first["proof"] == "pace" and first["upper"] == 24 and first["perfect"] == 25
    assert first["turns"] == []
    verdict = deck_verdict(load(won).game)
    assert second["verdict"] == "winnable" and second["proof"] == "line"
    assert second["lower"] == second["upper"] == 25 and len(second["turns"]) == verdict.turns
    assert second["turns"][0].startswith("Anna ")
    assert third["file"] == str(missing) and "error" in third
    brief = CliRunner().invoke(main, ["decks", "--json", "--brief", str(won)])
    assert json.loads(brief.stdout)[0]["turns"] == []
