"""Findings, the clock and the report, each on a hand-built game where the rule
decides the outcome."""

from __future__ import annotations

import json

import jsonschema
import pytest
from click.testing import CliRunner
from helpers import ROOT, build_game, discard, hint, play, shuffled_game, timeline

from nova_replay.cli import main
from nova_replay.knowledge.status import Identities, pace, status
from nova_replay.record.writer import log_data
from nova_replay.review.analysis import Analysis, Finding, analyze
from nova_replay.rules.engine import apply, deal
from nova_replay.rules.game import Action, Discard, Game, Hint
from nova_replay.rules.rulesets import make_ruleset
from nova_replay.views.report import analysis_report, report_schema

NOVA = make_ruleset("nova")
REPORT_SCHEMA = ROOT / "schemas" / "nova-analysis-v1.schema.json"
WORKED = {"Anna": "AH 2D 5D 3C", "Ben": "AS 3D 5H AC", "Carla": "2C 4D AS 2H"}


def review(game: Game, steps: list) -> Analysis:  # type: ignore[type-arg]
    """The analysis without conventions: these tests are of the rules' findings (the
    conventions' changes to them: tests/test_conventions.py)."""
    return analyze(log_data(game, timeline(game, steps).actions), conventions=None)


def at(a: Analysis, turn: int, kind: str | None = None) -> list[Finding]:
    return [f for f in a.notes_at(turn) if kind is None or f.kind == kind]


def test_a_repeated_hint_is_wasted_because_it_says_nothing_new() -> None:
    game = build_game(NOVA, WORKED)
    a = review(game, [hint("Ben", rank=1), hint("Anna", rank=5), hint("Anna", rank=2),
                      hint("Ben", rank=1)])
    (f,) = at(a, 4)
    assert (f.kind, f.severity, f.details["reason"]) == ("wasted_hint", "mistake", "nothing_new")
    assert f.message == "Anna hinted Aces to Ben, but Ben learned nothing new about any card."
    assert not at(a, 1, "wasted_hint")


def test_the_first_aces_hint_makes_two_cards_known_playable() -> None:
    a = review(build_game(NOVA, WORKED), [hint("Ben", rank=1)])
    (f,) = at(a, 1)
    assert (f.kind, f.severity) == ("good_hint_playable", "good")
    assert sorted(str(a.record.game.deck[c]) for c in f.cards) == ["AC", "AS"]


def test_a_hint_touching_only_played_cards_is_wasted_on_trash() -> None:
    game = build_game(NOVA, {"Anna": "AH 2D 3D 4D 5D", "Ben": "AH 2C 3C 4C 5C"})
    a = review(game, [play("AH"), hint("Anna", rank=2), hint("Ben", suit="H")])
    (f,) = at(a, 3)
    assert (f.kind, f.details["reason"]) == ("wasted_hint", "only_trash")
    assert f.message == "Anna hinted hearts to Ben, but it touched only trash (A♥ is already played)."


def test_discarding_the_only_five_costs_one_point_of_max_score() -> None:
    a = review(build_game(NOVA, {"Anna": "AH 2D 4D 3C", "Ben": "AS 3D 5D AC",
                                 "Carla": "2C 4D AS 2H"}),
               [hint("Ben", rank=1), discard("5D")])
    assert a.clock[1].max_score == 20
    (f,) = at(a, 2, "lost_critical")
    assert (f.kind, f.severity) == ("lost_critical", "blunder")
    # One move, one note: the outcome (Ben could not see his 5♦) says the judgement from
    # Ben's view too (he knew an ace was playable), which rests on no hidden card.
    assert f.details["judged"] == ["discard_with_playable", "mistake"]
    assert f.message.endswith("which Ben knew was playable.")
    assert f.message.startswith("Ben discarded 5♦, the only 5♦: diamonds can now reach 4 at "
                                "most; it cost 1 point (max score 19).")
    assert {k: v for k, v in f.details.items() if k not in ("judged", "related")} == {
        "cost": 1, "hinted": False, "max_score": 19}
    assert a.clock[2].max_score == 19


def test_discarding_the_second_three_caps_hearts_at_two() -> None:
    game = build_game(NOVA, {"Anna": "AH 2D 4D 3C", "Ben": "3H 3H AS AC", "Carla": "2C 4D AS 2H"})
    a = review(game, [hint("Ben", rank=1), discard("3H"), hint("Ben", rank=1),
                      hint("Ben", rank=1), discard("3H")])
    assert not at(a, 2, "lost_critical"), "the first 3♥ is not critical"
    (f,) = at(a, 5, "lost_critical")
    assert f.details["cost"] == 3
    assert f.message.startswith("Ben discarded 3♥, the last 3♥: hearts can now reach 2 at "
                                "most; it cost 3 points (max score 17).")
    assert a.clock[5].max_score == 17


def test_a_lost_card_that_had_been_hinted_says_so() -> None:
    game = build_game(NOVA, {"Anna": "AH 2D 4D 3C", "Ben": "AS 3D 5D AC", "Carla": "2C 4D AS 2H"})
    a = review(game, [hint("Ben", rank=5), discard("5D")])
    found = at(a, 2)
    assert [f.kind for f in found] == ["lost_critical"]  # not also "discard_hinted"
    assert found[0].details["hinted"] is True
    assert "(it had been hinted)" in found[0].message


def test_discarding_a_hinted_card_that_is_still_needed() -> None:
    game = build_game(NOVA, {"Anna": "AH 2D 4D 3C", "Ben": "AS 3D 4S AC", "Carla": "2C 4D AS 2H"})
    a = review(game, [hint("Ben", rank=3), discard("3D")])
    (f,) = at(a, 2)
    assert (f.kind, f.severity) == ("discard_hinted", "mistake")


def test_discarding_while_holding_a_known_playable_card() -> None:
    a = review(build_game(NOVA, WORKED), [hint("Ben", rank=1), discard("3D")])
    (f,) = at(a, 2)
    assert f.kind == "discard_with_playable"
    assert f.message == "Ben discarded 3♦ while holding A♠, which Ben knew was playable."


def test_a_misfire_reports_what_the_player_believed() -> None:
    game = build_game(NOVA, {"Anna": "3H 2D 5D 3C", "Ben": "AS 3D 5H AC", "Carla": "2C 4D AS 2H"})
    a = review(game, [hint("Ben", rank=1), hint("Anna", rank=3), hint("Anna", suit="H"),
                      play("3H")])
    found = at(a, 4)
    assert [f.kind for f in found] == ["misfire"]
    assert found[0].message == ("Anna played 3♥, which did not fit (the hearts row was empty); "
                                "Anna thought it could be 3♥. 2 lives left.")


@pytest.mark.parametrize("gentle", [False, True])
def test_the_third_misfire_is_a_strikeout_blunder(gentle: bool) -> None:
    rules = make_ruleset("nova", gentle_show=gentle)
    game = build_game(rules, {"Anna": "AH 4H 5D 3C", "Ben": "AS 3D 5H AC", "Carla": "2C 4D 3S 2H"})
    a = review(game, [play("AH"), play("3D"), play("3S"), play("4H")])
    (f,) = at(a, 4, "strikeout")
    assert f.severity == "blunder"
    assert ("score is kept" in f.message) is gentle
    assert a.summary.score == (1 if gentle else 0)
    assert [x.kind for x in at(a, 2)] == ["misfire"]


def test_a_save_of_a_critical_card_on_chop_is_good() -> None:
    game = build_game(NOVA, {"Anna": "AH 2D 4D 3C", "Ben": "AS 3D AC 5H", "Carla": "2C 4D AS 2H"})
    a = review(game, [hint("Ben", rank=5)])
    (f,) = at(a, 1)
    assert (f.kind, f.severity) == ("good_save", "good")
    assert f.message == "Anna hinted 5s to Ben and saved 5♥ on Ben's chop: it is the only 5♥."
    assert a.chop(0, 1) == 3 and a.chop(1, 1) == 2


def drain(players: int, seed: int) -> tuple[Game, list[Action]]:
    """A game of hints and oldest-card discards only, until it ends."""
    game = shuffled_game(NOVA, players, seed)
    state = deal(game)
    actions: list[Action] = []
    while not state.over:
        p = state.player(game)
        to = (p + 1) % players
        action: Action = (Hint(to, rank=game.rank_of[state.hands[to][0]] or 1)
                          if state.coins == 8 else Discard(state.hands[p][-1]))
        state = apply(game, state, action)
        actions.append(action)
    return game, actions


def test_max_score_is_capped_by_the_turns_left_in_the_final_round() -> None:
    game, actions = drain(2, 3)
    a = analyze(log_data(game, actions))
    first = next(p for p in a.clock if p.final_turns_left is not None)
    assert (first.turn, first.final_turns_left, first.score, first.draw_pile) == (52, 2, 0, 0)
    # Both A♦ and both A♠ are discarded, and both 3♣ and both 3♥: the rows alone
    # reach 2 + 0 + 2 + 0 = 4, but two turns can score at most 2.
    assert a.knowledge.statuses[first.turn].reach_total == 4
    assert first.max_score == 2
    # Pace uses the uncapped 4: 0 score + 0 cards + 2 players - 4 (the capped 2 would give 0).
    assert first.pace == -2


def test_the_turn_the_pace_runs_out_is_a_finding() -> None:
    game, actions = drain(2, 5)
    a = analyze(log_data(game, actions))
    first = next(p.turn for p in a.clock if p.pace < 0)
    assert [f.turn for f in a.findings if f.kind == "out_of_pace"] == [first]


@pytest.mark.parametrize(("players", "figure"), [(2, 8), (3, 7), (4, 8), (5, 6)])
def test_starting_pace_matches_the_nova_rules(players: int, figure: int) -> None:
    """The rules' own check figure: the team can afford "8 with 2 or 4 players, 7 with 3,
    6 with 5" discards. The pace function and the clock must both say so at the deal."""
    game = shuffled_game(NOVA, players, 1)
    state = deal(game)
    reach = status(Identities(game), state).reach_total
    assert reach == 20
    assert pace(game, state, reach) == figure
    assert analyze(log_data(game, [])).clock[0].pace == figure


def test_the_summary_counts_and_efficiency() -> None:
    a = review(build_game(NOVA, WORKED), [hint("Ben", rank=1), play("AS"), hint("Anna", rank=5)])
    s = a.summary
    assert (s.hints, s.good, s.blunders, s.mistakes) == (2, 1, 0, 0)
    # gotten: A♠ played, A♣ and 5♦ hinted and not trash = 3 cards for 2 hints
    assert s.efficiency == 1.5


def test_the_committed_report_schema_is_current_and_the_report_fits_it() -> None:
    committed = json.loads(REPORT_SCHEMA.read_text(encoding="utf-8"))
    assert committed == report_schema(), "run: python scripts/regenerate.py"
    jsonschema.Draft202012Validator.check_schema(committed)
    a = analyze(ROOT / "sample_games" / "nova-4p.json")
    data = json.loads(analysis_report(a).model_dump_json())
    jsonschema.Draft202012Validator(committed).validate(data)
    assert len(data["turns"]) == len(a.timeline)


def test_analyze_command_text_json_and_turn() -> None:
    sample = str(ROOT / "sample_games" / "nova-4p.json")
    runner = CliRunner()
    text = runner.invoke(main, ["analyze", sample])
    assert text.exit_code == 0
    assert "score 14 of 20" in text.output and "\n          mistake: " in text.output
    out = runner.invoke(main, ["analyze", sample, "--json"])
    assert json.loads(out.output)["summary"]["score"] == 14
    grid = runner.invoke(main, ["analyze", sample, "--turn", "17"])
    assert grid.exit_code == 0 and "Knowledge after turn 17" in grid.output
    bad = runner.invoke(main, ["analyze", sample, "--turn", "999"])
    assert bad.exit_code == 2 and "expected a turn from 0 to" in bad.output
    known = runner.invoke(main, ["replay", sample, "--knowledge", "--turn", "3"])
    assert known.exit_code == 0 and "Knowledge (deduced):" in known.output


def test_a_second_hinted_copy_is_trash_for_efficiency_and_for_discards() -> None:
    game = build_game(NOVA, {"Anna": "3C 4D 4H 4S 2D", "Ben": "3C 2H 2S 5D 5H"})
    a = review(game, [hint("Ben", rank=3), hint("Anna", rank=3), discard("3C")])
    assert a.clock[2].efficiency == 0.5  # two hinted 3♣ are one card gotten, for two hints
    # Ben saw his own clued card only as a 3: from his view Anna's 3♣ was no known copy
    # (Good Touch is judged from the giver's view, issue #31).
    assert not at(a, 2, "wasted_hint")
    # Anna knew her card only as a 3 too: a clued card she did not know was trash; that it
    # was (a copy of Ben's) is an outcome, said as one.
    (f,) = at(a, 3)
    assert (f.kind, f.severity) == ("discard_hinted", "mistake")
    assert "as it happens: an outcome" in f.message


def test_a_clue_on_a_copy_of_a_card_its_giver_knows_is_only_trash() -> None:
    game = build_game(NOVA, {"Anna": "3C 4D 4H 4S 2D", "Ben": "3C 2H 2S 5D 5H"})
    # Anna clues Ben's 3♣ by rank and by suit: Ben knows it exactly; his 3 clue on Anna's
    # 3♣ is then a copy he knows.
    a = review(game, [hint("Ben", rank=3), hint("Anna", rank=2), hint("Ben", suit="C"),
                      hint("Anna", rank=3)])
    (f,) = at(a, 4)
    assert f.details["reason"] == "only_trash" and "Ben's hand" in f.message


def test_a_joker_that_must_bridge_a_gap_is_critical() -> None:
    rules = make_ruleset("nova", jokers=1)
    game = build_game(rules, {"Anna": "5D JK 4D 4H 4S", "Ben": "AC 2H 2S 3D 5H"})
    a = review(game, [hint("Ben", rank=2), hint("Anna", rank=4), discard("5D"),
                      hint("Anna", rank=4), discard("JK")])
    (five,) = at(a, 3)
    assert (five.severity, five.details["cost"]) == ("mistake", 0)
    assert five.message == ("Anna discarded 5♦, the only 5♦: diamonds can now reach 4 at most "
                            "without a joker; the spare joker can still carry it to 5; a spare "
                            "joker must now take its place (max score 20).")
    (joker,) = at(a, 5)
    assert (joker.kind, joker.severity, joker.details["cost"]) == ("lost_critical", "blunder", 1)
    assert joker.message == ("Anna discarded a joker: no spare joker is left, and the rows can "
                             "reach 19 at most; it cost 1 point (max score 19).")
    assert a.clock[5].max_score == 19


@pytest.mark.parametrize("rules", [make_ruleset("nova", jokers=2), make_ruleset("hanabi"),
                                   make_ruleset("nova", grand_finale=True, jokers=1)])
def test_a_lost_card_kept_in_hand_has_the_status_before_its_turn(rules) -> None:  # type: ignore[no-untyped-def]
    """The cost of a lost critical card reads the kept table's status as the status
    before the turn (only the discards differ); counted from scratch it is the same."""
    from nova_replay.knowledge.status import played_jokers
    from nova_replay.play.bots import parse_bot
    from nova_replay.play.simulate import simulate
    from nova_replay.review.clock import kept_in_hand

    losses = 0
    for seed in range(8):
        a = analyze(simulate(rules, 3, parse_bot("careless:0.5", seed), seed))
        game, tl = a.record.game, a.timeline
        for f in a.findings:
            if f.kind == "lost_critical":
                before = a.knowledge.statuses[f.turn - 1]
                kept, kept_st = kept_in_hand(tl[f.turn], f.player, f.cards[0], before)
                assert status(a.ids, kept, played_jokers(game, kept)) == kept_st
                losses += 1
    assert losses >= 5
