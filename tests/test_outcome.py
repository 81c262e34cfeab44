"""How a game ends: the Ending names, the Outcome, and the final-round counter cleared
when play ends early in the final round."""

from __future__ import annotations

from pathlib import Path

from nova_replay.record.load import load
from nova_replay.rules.engine import Ending, Outcome

SAMPLES = Path(__file__).resolve().parent.parent / "sample_games"


def test_a_perfect_show_in_the_final_round_clears_the_counter() -> None:
    # hanabi-5p completes its last row with turns of the final round still to come.
    tl = load(SAMPLES / "hanabi-5p.json").timeline
    before, final = tl[tl.turns - 1], tl.final
    assert before.final_turns >= 2 and before.ending is None
    assert final.ending is Ending.PERFECT and final.final_turns == 0
    assert tl.outcome == Outcome(Ending.PERFECT, 25, tl.turns)
    assert str(tl.outcome) == f"score 25: every row was complete at turn {tl.turns}"


def test_an_unfinished_log_has_no_outcome_and_reports_print_the_ending_value() -> None:
    tl = load(SAMPLES / "nova-2p.json").timeline
    assert tl[3].outcome is None
    assert f"{Ending.DECK_OUT}" == "final round" and Ending("strikeout") is Ending.STRIKEOUT
