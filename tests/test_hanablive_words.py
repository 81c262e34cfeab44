"""hanab.live's words (docs/definitions.md, "words of the game"): a hanab.live game of No Variant
calls its fifth suit purple and draws it so, everywhere; our own plain-Hanabi logs keep
white. The games here are built by hand so that a note names the fifth row."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from helpers import SAMPLES
from nova_replay.dashboard.learn import choices
from nova_replay.dashboard.payload import game_payload
from nova_replay.dashboard.table import ViewOptions

from nova_replay.cli import main
from nova_replay.record.hanablive import from_hanablive
from nova_replay.record.hanablive_export import to_hanablive
from nova_replay.record.load import load_data
from nova_replay.review.analysis import analyze
from nova_replay.rules.errors import IllegalAction, SchemaError
from nova_replay.rules.rulesets import make_ruleset
from nova_replay.views.puzzles import read_puzzle
from nova_replay.views.text import game_text

PURPLE, WHITE = "#7b1fa2", "#757575"


def purple_five_game() -> dict[str, Any]:
    """A 2-player hanab.live export: Alice clues purple to Bob (touching his 5W, the only
    one), Bob discards it, Alice ends the game. Orders 0-4 are Alice's, 5-9 Bob's."""
    deck = [{"suitIndex": s, "rank": r} for s in range(5)
            for r, n in zip(range(1, 6), (3, 2, 2, 2, 1), strict=True) for _ in range(n)]
    deck[9], deck[49] = deck[49], deck[9]  # Bob: 3R 3R 4R 4R 5W; the 5R goes last
    return {"players": ["Alice", "Bob"], "deck": deck, "actions": [
        {"type": 2, "target": 1, "value": 4},  # colour clue 4 (purple) to Bob
        {"type": 1, "target": 9, "value": 0},  # Bob discards card order 9, the 5W
        {"type": 4, "target": 0, "value": 4},  # game over: terminated
    ]}


def as_our_plain_log(data: dict[str, Any]) -> dict[str, Any]:
    """The same game as our own plain-Hanabi log: no variant named."""
    log = from_hanablive(data)
    log["ruleset"] = {k: v for k, v in log["ruleset"].items() if k != "variant"}
    return log


def words_of(analysis: Any) -> str:
    """Every sentence the analysis and the text views say of the game."""
    record = analysis.record
    notes = " ".join(f.message for f in analysis.findings)
    return (notes + " " + game_text(record.timeline, record.log)).lower()


def test_no_variant_is_plain_hanabi_named_as_hanablive_names_it() -> None:
    plain, hl = make_ruleset("hanabi"), make_ruleset("hanabi", variant_name="No Variant")
    # the same rules ...
    assert (hl.suits, hl.copies, hl.hand_sizes, hl.cards, hl.colour_count, hl.kinds) == (
        plain.suits, plain.copies, plain.hand_sizes, plain.cards, plain.colour_count, ())
    assert hl.title == plain.title == "Hanabi" and hl.variants() == []
    # ... in other words, so a cache keyed by the ruleset keeps them apart
    assert hl != plain and hl.variant == "No Variant" and plain.variant == ""
    assert [hl.suit_name(i) for i in range(5)] == ["red", "yellow", "green", "blue", "purple"]
    assert [plain.suit_name(i) for i in range(5)] == ["red", "yellow", "green", "blue", "white"]
    assert (hl.colour_name(4), hl.suit_colour(4), plain.suit_colour(4)) == ("purple", PURPLE, WHITE)
    assert plain.suit_colour(0) == hl.suit_colour(0)
    # a variant's Purple (our W too) is drawn purple as well, not white's grey
    six = make_ruleset("hanabi", variant_name="6 Suits")
    assert (six.suit_name(4), six.suit_colour(4)) == ("purple", PURPLE)


def test_a_hanablive_game_says_purple_and_our_plain_log_of_it_white() -> None:
    data = purple_five_game()
    hl = analyze(load_data(data))
    said = words_of(hl)
    lost = [f.message for f in hl.findings if f.kind == "lost_critical"]
    assert lost == ["Bob discarded 5P, the only 5P (it had been clued): purple can now reach 4 "
                    "at most; it cost 1 point (max score 24). By what Bob knew, a fault too: a "
                    "clued card not known to be trash is kept."]  # P, as players write purple
    # (the outcome and the judgement from Bob's view in one note, issue 31)
    assert "alice clues purple to bob" in said and "white" not in said

    ours = analyze(load_data(as_our_plain_log(data)))
    said = words_of(ours)
    assert "white can now reach 4 at most" in said and "clues white to bob" in said
    assert "purple" not in said and "5w" in said and "5p" not in said
    assert ours.timeline.states == hl.timeline.states  # the same game, told in its own words


def test_the_import_keeps_the_name_and_the_export_gives_back_the_file(tmp_path: Path) -> None:
    data = purple_five_game()
    log = from_hanablive(data)
    assert log["ruleset"] == {"name": "hanabi", "variant": "No Variant"}
    assert to_hanablive(load_data(log)) == data  # No Variant is hanab.live's default: unsaid
    ours = tmp_path / "game.nova.json"
    ours.write_text(json.dumps(log), encoding="utf-8")
    result = CliRunner().invoke(main, ["analyze", str(ours)])
    assert result.exit_code == 0, result.output
    assert "purple can now reach 4" in result.output and "white" not in result.output.lower()


def test_the_cli_text_of_a_hanablive_file_says_purple(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(purple_five_game()), encoding="utf-8")
    for command in ("analyze", "replay"):
        result = CliRunner().invoke(main, [command, str(path)])
        assert result.exit_code == 0, result.output
        assert "purple" in result.stdout and "white" not in result.stdout.lower(), command


def test_the_dashboard_names_and_draws_the_row_by_the_ruleset() -> None:
    data = purple_five_game()
    for log, name, colour, five in ((data, "purple", PURPLE, "5P"),
                                    (as_our_plain_log(data), "white", WHITE, "5W")):
        payload = game_payload("g", analyze(load_data(log)), ViewOptions())
        assert (payload["suits"][4]["name"], payload["suits"][4]["colour"]) == (name, colour)
        assert payload["suits"][4]["symbol"] == five[1:]  # the row's letter: P or W
        bob = payload["turn_data"][1]["hands"][1]  # after the clue: Bob still holds the 5W
        assert [card[1] for card in bob if card[0] == five] == [colour]
        assert {card[1] for card in bob if card[0] != five} == {"#d32f2f"}  # red is red


def test_messages_name_the_suits_in_the_games_words() -> None:
    data = purple_five_game()
    data["actions"][0]["value"] = 5
    with pytest.raises(SchemaError, match=r"expected a No Variant colour \(red, yellow, green, "
                       r"blue, purple\) 0 to 4, found 5$"):
        from_hanablive(data)
    for log, fifth in ((from_hanablive(purple_five_game()), "purple"),
                       (as_our_plain_log(purple_five_game()), "white")):
        log["actions"][0] = {"type": "hint", "to": "Bob", "suit": "H"}
        with pytest.raises(IllegalAction, match=rf"its suits: red, yellow, green, blue, {fifth}\)$"):
            load_data(log)


def test_a_puzzle_from_a_hanablive_game_offers_a_purple_clue() -> None:
    # a puzzle from a real No Variant game in which another player holds a 4W
    puzzle = read_puzzle(SAMPLES / "puzzles" / "game00fcde600f92f2a0-t049.json")
    assert puzzle.ruleset.variant == "No Variant"
    texts = [m.text for m in choices(puzzle)]
    assert any(t.startswith("clue purple to") for t in texts), texts
    assert not any("white" in t for t in texts)
