"""The evaluation curve (`analyze --solve`): best possible after every turn and the
turns that lost points, on games where the solver's answer can be checked."""

from __future__ import annotations

import json

from click.testing import CliRunner
from helpers import SAMPLES

from nova_replay.cli import main
from nova_replay.review.analysis import analyze
from nova_replay.review.evaluation import evaluate
from nova_replay.review.vocabulary import Kind
from nova_replay.rules.engine import apply
from nova_replay.solver.exact import solve

LOST_FIVE = SAMPLES / "nova-4p-lost-five-bots.json"


def test_the_curve_never_rises_and_stays_between_the_score_reached_and_max_score() -> None:
    for path in [LOST_FIVE, SAMPLES / "nova-3p-bots.json", SAMPLES / "hanabi-4p-bots.json"]:
        a = analyze(str(path))
        e = evaluate(a)
        assert [p.turn for p in e.points] == list(range(a.timeline.turns + 1))
        final = a.timeline.final.score
        for before, after in zip(e.points, e.points[1:], strict=False):
            assert after.lower <= before.upper  # never rises
        for p in e.points:
            assert final <= p.lower <= p.upper <= a.clock[p.turn].max_score


def test_discarding_the_only_five_spades_lost_a_point_even_knowing_every_card() -> None:
    # Turn 6 of the lesson: Ben discards the only 5♠. Before it 20 was reachable; after
    # it spades end at 4, so 19 at most: both proven, and a hint would have kept 20.
    a = analyze(str(LOST_FIVE))
    e = evaluate(a)
    (f,) = [f for f in e.findings if f.turn == 6]
    assert f.kind == Kind.LOST_POINTS and f.severity == "info"
    assert (f.details["before"], f.details["after"]) == (20, 19)
    assert f.message.startswith("Even knowing every card, the team could now score at most 19 "
                                "(20 before Ben's discard of 5♠).")
    assert e.points[5].exact and e.points[5].lower == 20
    assert e.points[6].exact and e.points[6].lower == 19
    # The witness really keeps 20: replayed through the engine from the table before turn 6.
    game, state = a.timeline.game, a.timeline[5]
    line = solve(game, state)
    assert line.lower == 20
    for action in line.witness:
        state = apply(game, state, action)
    assert state.score == 20


def test_analyze_solve_text_and_json() -> None:
    runner = CliRunner()
    text = runner.invoke(main, ["analyze", str(LOST_FIVE), "--solve"]).stdout
    flat = " ".join(text.split())  # the text is wrapped to 100 columns
    assert ("Knowing every card, the deal allowed 20 (proven): a perfect show was possible; "
            "points were lost at turns 6, 30.") in flat
    lines = text.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("Turn   6 "))
    assert any(line.startswith("          info: Even knowing every card")
               for line in lines[at + 1:at + 6])
    report = json.loads(runner.invoke(main, ["analyze", str(LOST_FIVE), "--solve", "--json"]).stdout)
    assert report["evaluation"]["best_possible_at_deal"] == 20
    assert report["evaluation"]["best_possible_at_deal_exact"] is True
    assert 6 in report["evaluation"]["lost_points_turns"]
    assert report["turns"][6]["best_possible_bounds"] == [19, 19]
    assert [f["turn"] for f in report["findings"] if f["kind"] == "lost_points"] == \
        report["evaluation"]["lost_points_turns"]
    plain = json.loads(runner.invoke(main, ["analyze", str(LOST_FIVE), "--json"]).stdout)
    assert plain["evaluation"] is None and plain["turns"][6]["best_possible"] is None


def test_variant_games_evaluate_and_their_witnesses_are_legal() -> None:
    """hanab.live variants whose rank clues miss some cards (Brown, Null): the solver's
    passes become hints by the one touch rule, so every witness replays in the engine."""
    from helpers import shared

    from nova_replay.record.load import load
    from nova_replay.solver.exact import playable_state

    for name in ("1882268.json", "1884033.json", "1884157.json"):
        record = load(shared("real", "cpp-bot-replays", name))
        assert record.game.ruleset.variant  # Light-Pink-Ones & Brown, Null-Fives & ...
        e = evaluate(analyze(record))
        for point in e.points[:: max(1, len(e.points) // 6)]:
            state = playable_state(record.timeline[point.turn])
            for action in point.witness:
                state = apply(record.game, state, action)
            assert state.score == point.lower, (name, point.turn)


def test_errors_cross_a_process_boundary() -> None:
    import pickle

    from nova_replay.rules.errors import IllegalAction

    e = pickle.loads(pickle.dumps(IllegalAction("turn 3", "Anna discards with 8 coins", "g.json")))
    assert str(e) == "g.json: turn 3: Anna discards with 8 coins" and e.turn == 3


def test_a_figure_not_proven_is_said_as_a_bound() -> None:
    """Issue 24: a note said "at most 17 (19 before ...)" where 19 was only a line's score.
    With no search (a budget of 0 nodes), turn 30 of the lost-five lesson has a proven
    drop from a figure that is only a lower bound: the note says "at least"; the text
    view and the curve say both bounds."""
    from nova_replay.solver.exact import Budget
    from nova_replay.views.review_text import evaluation_text

    a = analyze(str(LOST_FIVE))
    quick = evaluate(a, Budget(0))
    (f,) = [f for f in quick.findings if f.turn == 30]
    before = quick.points[29]
    assert not before.exact and f.details["before_proven"] is False
    assert f"(at least {before.lower} before Ben's discard of 3♦)" in f.message
    proven = evaluate(a)
    (g,) = [g for g in proven.findings if g.turn == 30]
    assert proven.points[29].exact and g.details["before_proven"] is True
    assert f"({proven.points[29].lower} before Ben's discard of 3♦)" in g.message
    text = evaluation_text(quick, a)
    open_points = [p for p in quick.points if not p.exact]
    assert open_points and f"at least {open_points[0].lower}, at most {open_points[0].upper}" in text
    assert " to " not in text.splitlines()[1]  # no bare range: each figure says what it is
