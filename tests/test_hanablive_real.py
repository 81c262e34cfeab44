"""Real hanab.live games as players have them (issue 11): early ends, anonymised exports,
hanab.live's recorded score, six players, card notes. Reads ../shared/data (never copied)."""

from __future__ import annotations

import copy
import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from nova_replay.record.hanablive import card_notes, from_hanablive
from nova_replay.record.hanablive_export import to_hanablive
from nova_replay.record.load import load_data
from nova_replay.record.validation import check_data
from nova_replay.review.analysis import analyze
from nova_replay.rules.engine import NO_MORE_POINTS, no_point_left, replay
from nova_replay.rules.game import Game, Hint
from nova_replay.views.report import analysis_report
from nova_replay.views.review_text import summary_text
from nova_replay.views.text import card_notes_text, turn_text
from tests.helpers import needs_shared, shared_data

REAL = shared_data() / "real"
DERIVED = REAL / "hanabi-challenges-derived"
# The 9 named games that end where hanab.live ends a game early (score as recorded).
EARLY = {"p2_03": 22, "p3_05": 23, "p3_07": 23, "p3_11": 23, "p3_12": 24, "p4_17": 24,
         "p4_19": 18, "p5_02": 18, "p5_16": 22}

pytestmark = needs_shared


def read(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text())
    return data


@pytest.mark.parametrize("name", sorted(EARLY))
def test_early_end_is_a_proper_ending(name: str) -> None:
    data = read(DERIVED / f"{name}.json")
    assert data["score"] == EARLY[name]
    report = check_data(data, f"{name}.json")
    assert report.valid(strict=True), report.problems
    record = load_data(data)
    final = record.timeline.final
    assert final.ending == NO_MORE_POINTS and final.score == EARLY[name]
    assert record.log.ruleset.early_end
    # the rule decides: the same actions without hanab.live's early end leave it unfinished
    plain = Game(replace(record.game.ruleset, early_end=False), record.game.players,
                 record.game.deck)
    again = replay(plain, record.timeline.actions)
    assert again.final.ending is None and no_point_left(plain, again.final)
    assert not any(no_point_left(plain, s) for s in again.states[:-1])


def test_a_game_that_goes_on_past_that_point_stays_legal() -> None:
    data = read(DERIVED / "p2_03.json")
    record = load_data(data)
    final = record.timeline.final
    game = record.game
    assert final.coins > 0
    other = (final.player(game) + 1) % len(game.players)
    rank = game.deck[final.hands[other][0]].rank
    longer = copy.deepcopy(data)
    longer["actions"].append({"type": 3, "target": other, "value": rank})
    log = from_hanablive(longer)
    assert not log["ruleset"].get("early_end")
    report = check_data(longer, "p2_03+1.json")
    assert report.valid(), report.problems
    assert load_data(longer).timeline.final.ending is None


ANONYMISED = REAL / "hanabi-challenges" / "games"


def test_anonymised_export_reads_with_placeholders_and_a_warning() -> None:
    data = read(ANONYMISED / "p3_05.json")
    assert "players" not in data and data["playerCount"] == 3
    record = load_data(data)
    assert record.game.players == ("Player 1", "Player 2", "Player 3")
    report = check_data(data, "p3_05.json")
    assert report.valid(strict=True)
    assert [(p.where, p.stage) for p in report.problems] == [("$.players", "warning")]
    assert "anonymised hanab.live export (no players)" in report.problems[0].message
    assert to_hanablive(record) == data  # no players written back: the original


def test_anonymised_export_names_the_same_game_as_its_named_copy() -> None:
    anon, named = read(ANONYMISED / "p4_17.json"), read(DERIVED / "p4_17.json")
    a, b = load_data(anon).timeline.final, load_data(named).timeline.final
    assert (a.score, a.ending, a.turn) == (b.score, b.ending, b.turn) == (24, NO_MORE_POINTS, a.turn)


def test_anonymised_export_without_a_player_count_is_refused() -> None:
    data = read(ANONYMISED / "p3_05.json")
    data["playerCount"] = 7
    report = check_data(data, "x.json")
    assert [str(p) for p in report.problems] == [
        "$.playerCount: expected a player count 2 to 6, found 7"]


@pytest.mark.parametrize("name", ["p6_02", "p6_03", "p6_19"])
def test_six_player_games_deal_three_cards(name: str) -> None:
    data = read(DERIVED / f"{name}.json")
    record = load_data(data)
    assert len(record.game.players) == 6 and record.game.hand_size == 3
    assert check_data(data, name).valid()
    assert to_hanablive(record) == data


def test_hanablive_score_is_what_hanablive_records() -> None:
    data = read(DERIVED / "p2_04.json")  # terminated: hanab.live records 0
    analysis = analyze(load_data(data, "p2_04.json"))
    report = analysis_report(analysis).model_dump()
    assert data["score"] == 0 == report["summary"]["hanablive_score"]
    assert report["summary"]["score"] == analysis.record.timeline.final.score == 7
    assert "hanab.live records a score of 0 for this game" in summary_text(analysis)
    finished = analyze(load_data(read(DERIVED / "p2_03.json")))
    assert analysis_report(finished).summary.hanablive_score == 22
    assert "hanab.live records" not in summary_text(finished)


def test_hanablive_score_is_absent_for_our_own_logs() -> None:
    sample = Path(__file__).resolve().parent.parent / "sample_games" / "hanabi-2p.json"  # ours
    analysis = analyze(load_data(read(sample)))
    assert analysis_report(analysis).summary.hanablive_score is None


def test_card_notes_are_kept_and_shown_on_their_card_while_in_hand() -> None:
    data = read(shared_data() / "hanablive" / "example_game_3p.json")
    record = load_data(data)
    notes = card_notes(record.log)
    # hanab.live card order 0 (Alice's first card) is our deck index 0; order 1 is index 3
    assert notes[0] == (("Alice", "y3?"), ("Cathy", "not 1"))
    assert notes[3] == (("Alice", "y4"), ("Cathy", "y4"))
    assert record.game.deck[0] == record.game.deck[3]  # both 3G, as hanab.live's deck says
    assert data["deck"][0] == data["deck"][1] == {"suitIndex": 2, "rank": 3}
    tl = record.timeline
    gone = next(t for t in range(len(tl)) if 6 not in tl[t].hands[0])  # 1B leaves Alice's hand
    shown = "\n".join(turn_text(tl, gone - 1, record.log))
    assert "Alice slot 3 (1B): Alice's note 'r2'" in shown
    assert "'r2'" not in "\n".join(turn_text(tl, gone, record.log))
    report = analysis_report(analyze(record)).model_dump()
    first = report["turns"][0]["hands"][0]["cards"]
    assert [c["notes"] for c in first if c["card"] == 6] == [["Alice: r2", "Cathy: b3>"]]
    assert "1B (card 6, in hand turns 0-12): Alice: 'r2'; Cathy: 'b3>'" in card_notes_text(
        tl, record.log)
    assert to_hanablive(record) == data  # kept verbatim for the export
    from nova_replay.dashboard.payload import CARD_FIELDS, game_payload
    from nova_replay.dashboard.table import ViewOptions

    notes_at = CARD_FIELDS.index("notes")
    payload = game_payload("g", analyze(record), ViewOptions())

    def shown_notes(turn: int) -> list[str]:
        return [n for card in payload["turn_data"][turn]["hands"][0] for n in card[notes_at]]

    assert "Alice: r2" in shown_notes(gone - 1) and "Alice: r2" not in shown_notes(gone)
    # As Cathy, only Cathy's own notes: Alice's were private to Alice.
    as_cathy = game_payload("g", analyze(record), ViewOptions(viewer=2))
    cathy_sees = [n for card in as_cathy["turn_data"][0]["hands"][0] for n in card[notes_at]]
    assert "Cathy: b3>" in cathy_sees and not [n for n in cathy_sees if n.startswith("Alice")]


def test_a_variant_game_is_shown_with_its_suits_and_clue_colours() -> None:
    from nova_replay.dashboard.payload import game_payload
    from nova_replay.dashboard.table import ViewOptions

    record = load_data(read(REAL / "cpp-bot-replays" / "1915981.json"))
    rules = record.game.ruleset
    assert rules.variant == "Ambiguous & Null (5 Suits)"
    assert [rules.suit_name(i) for i in range(5)] == ["tomato", "mahogany", "berry", "navy",
                                                      "null"]
    text = "\n".join(turn_text(record.timeline, 1, record.log))
    assert "Rows      AR1 .  AR2 .  AB1 .  AB2 .  Nu ." in text
    assert "clues 3s to will-bot67" in text
    colour_hints = [a for a in record.timeline.actions if isinstance(a, Hint) and a.suit >= 0]
    assert {record.game.describe_hint(h) for h in colour_hints} == {"red", "blue"}
    analysis = analyze(record)
    payload = game_payload("g", analysis, ViewOptions())
    assert payload["words"]["extra"] == [["Clues", "Red, Blue; ranks 1, 2, 3, 4, 5",
                                          "variant-clues", "Ambiguous & Null (5 Suits): clue "
                                          "colours Red, Blue; rank clues 1, 2, 3, 4, 5"]]
    assert payload["words"]["coins"] == "Clues" and payload["words"]["lives"] == "Strikes"
    assert [s["name"] for s in payload["suits"]] == ["tomato", "mahogany", "berry", "navy", "null"]
    faces = {card[1] for hand in payload["turn_data"][0]["hands"] for card in hand}
    assert {"#e53935", "#660000", "#eeeeee"} <= faces  # tomato, mahogany, null: distinct


def test_simulated_variant_game_exports_with_its_variant_and_reads_back(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from nova_replay.cli import main

    result = CliRunner().invoke(main, ["simulate", "--ruleset", "hanabi", "--variant",
                                       "Black & Rainbow (6 Suits)", "--players", "6",
                                       "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    (path,) = tmp_path.glob("hanabi-black-rainbow-6-suits-6p-seed0-0001.json")
    record = load_data(read(path))
    assert record.game.ruleset.variant == "Black & Rainbow (6 Suits)"
    assert any(a.get("colour") for a in read(path)["actions"] if a["type"] == "hint")
    exported = to_hanablive(record)
    assert exported["options"] == {"variant": "Black & Rainbow (6 Suits)"}
    back = load_data(exported)
    assert back.game.deck == record.game.deck and back.timeline.final == record.timeline.final
