"""Issue #31, item 4: the exact best dates the loss of a perfect score; the clock's bound
never does (it only says by when at the latest)."""

from __future__ import annotations

from test_analysis import drain

from nova_replay.record.writer import log_data
from nova_replay.review.analysis import analyze
from nova_replay.review.loss import (
    LOSS_NODES,
    LossDate,
    date_perfect_loss,
    pace_verdict,
    paced_loss,
)
from nova_replay.rules.game import Discard, Hint, Play
from nova_replay.rules.words import words
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


def test_a_clue_or_discard_at_pace_zero_on_the_proven_loss_turn_is_noted_as_an_outcome(
        ) -> None:
    # The rule on its own (no hand-built game here has a clue at pace 0 that the solver
    # proves lost the perfect score): only a clue or a discard, only at pace <= 0, only
    # when the date is proven.
    game, actions = drain(3, 3)
    w = words(game.ruleset)
    clue = next(a for a in actions if isinstance(a, Hint))
    thrown = next(a for a in actions if isinstance(a, Discard))
    proven, unproven = LossDate(9, True), LossDate(9, False)
    said = paced_loss(proven, clue, 0, "Ben", w)
    assert said.startswith(f"At pace 0, Ben's {w.hint} lost the {w.perfect}")
    assert "outcome" in said
    assert paced_loss(proven, thrown, -1, "Ben", w).startswith("At pace -1, Ben's discard")
    assert paced_loss(proven, clue, 1, "Ben", w) == ""  # pace to spare: no note
    assert paced_loss(unproven, clue, 0, "Ben", w) == ""  # not proven: no note
    assert paced_loss(proven, Play(clue.to), 0, "Ben", w) == ""  # a play: not this rule


def test_the_pace_turn_is_a_fault_only_when_proven_to_lose_the_perfect_score() -> None:
    assert pace_verdict(14, LossDate(14, True))[0]
    assert pace_verdict(14, LossDate(4, True)) == (False, " It is no fault of this turn: even "
                                                   "knowing every card, a perfect score was "
                                                   "out of reach from turn 4.")
    assert not pace_verdict(14, LossDate(14, False))[0]
    assert "could not prove" in pace_verdict(14, LossDate(14, False))[1]
