"""Issue #31, item 4: the exact best dates the loss of a perfect score; the clock's bound
never does (it only says by when at the latest)."""

from __future__ import annotations

from test_analysis import drain

from nova_replay.record.writer import log_data
from nova_replay.review.analysis import analyze
from nova_replay.review.loss import LOSS_NODES, LossDate, date_perfect_loss
from nova_replay.solver.exact import Budget, solve
from nova_replay.views.review_text import summary_text

BIG = 20_000  # nodes enough to prove every turn of these short games


def test_the_solver_dates_the_loss_before_the_clock_and_says_at_the_latest_when_unproven(
        ) -> None:
    # Three players, hints and oldest-card discards only: the pace runs out at turn 16,
    # the clock's first sign, but the deck's order had ruled out a perfect score long before.
    game, actions = drain(3, 3)
    a = analyze(log_data(game, actions))
    tl, perfect = a.timeline, game.ruleset.perfect_score
    clock_turn = next(p.turn for p in a.clock if p.max_score < perfect or p.pace < 0)
    assert clock_turn == 16
    # With every node it needs, the solver proves the exact turn: perfect after turn 3,
    # not after turn 4 (checked here by solving both turns on their own).
    assert date_perfect_loss(tl, clock_turn, nodes=BIG, probes=12) == LossDate(4, True)
    assert solve(game, tl[3], Budget(nodes=BIG)).lower == perfect
    assert solve(game, tl[4], Budget(nodes=BIG)).upper < perfect
    # The default budget proves the loss earlier than the clock, not the exact turn:
    # the date is the latest proven, and the words say so.
    s = a.summary
    assert (s.perfect_lost_turn, s.perfect_lost_exact) == (7, False)
    assert 4 <= s.perfect_lost_turn < clock_turn
    assert "a perfect show was out of reach by turn 7 at the latest" in summary_text(a)
    # The out-of-pace turn did not lose the perfect score: no fault, and the note says why.
    pace = [f for f in a.findings if f.kind == "out_of_pace"]
    assert [(f.turn, f.severity) for f in pace] == [(16, "info")]
    assert "out of reach by turn 7 at the latest" in pace[0].message


def test_without_search_nodes_the_date_is_only_a_latest_never_before_the_exact_turn(
        ) -> None:
    # No node of search: only the solver's greedy lines and bounds. In four probes they
    # move the date from the clock's 16 to 5, but cannot prove the turn (the exact one is 4).
    game, actions = drain(3, 3)
    tl = analyze(log_data(game, actions)).timeline
    assert date_perfect_loss(tl, 16, nodes=0, probes=4) == LossDate(5, False)
    assert LOSS_NODES > 0


def test_a_loss_at_the_deal_is_exact() -> None:
    game, actions = drain(3, 3)
    tl = analyze(log_data(game, actions)).timeline
    assert date_perfect_loss(tl, 0) == LossDate(0, True)
