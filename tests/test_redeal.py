"""The re-dealing test (issue #31, `review.redeal`): every judgement on a move is decided
from what its mover knew, so dealing the cards they could not see otherwise (consistently
with their clues) leaves the verdict on the move as it was. A sample here (the bundled
games); every move of the shared corpus's development games in `benchmarks/redeal.py`.
A planted rule that peeks at the mover's own card must make the test fail."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

import pytest
from helpers import ROOT

from nova_replay.record.load import Record, load
from nova_replay.review.analysis import Analysis, Finding, analyze
from nova_replay.review.redeal import check_game, redeal
from nova_replay.review.vocabulary import Kind, Severity
from nova_replay.rules.game import Hint

SAMPLES = sorted((ROOT / "sample_games").glob("*.json"))


def _sample(name: str) -> Record:
    return load(ROOT / "sample_games" / name)


@pytest.mark.parametrize("path", SAMPLES[:4], ids=lambda p: Path(p).stem)
def test_no_verdict_changes_when_the_hidden_cards_are_dealt_otherwise(path: Path) -> None:
    record = load(path)
    checks = check_game(record, seed=7, deals=1)
    assert len(checks) > len(record.timeline.actions) // 2  # most moves have another deal
    changed = [c for c in checks if c.changed is not None]
    assert not changed, changed


def test_a_redeal_keeps_every_clue_touching_what_it_touched() -> None:
    record = _sample("nova-4p.json")
    game = record.game
    for turn in (5, 12, 20):
        other = redeal(record, turn, random.Random(turn))
        assert other is not None
        mover = record.timeline[turn - 1].player(game)
        hand = record.timeline[turn - 1].hands[mover]
        # Some hidden card changed, and every card the mover could see did not.
        assert any(game.deck[c] != other.game.deck[c] for c in hand) or any(
            game.deck[c] != other.game.deck[c]
            for c in range(record.timeline[turn - 1].drawn, len(game.deck)))
        seen = [c for c in range(record.timeline[turn - 1].drawn)
                if c not in hand]
        assert all(game.deck[c] == other.game.deck[c] for c in seen)
        for t, (before, after) in enumerate(zip(record.timeline.states[:turn + 1],
                                                other.timeline.states, strict=True)):
            assert before.hands == after.hands  # the same deck cards, the same slots
            if t < turn and isinstance(hint := record.timeline.actions[t], Hint):
                hand = before.hands[hint.to]
                assert game.touched(hint, hand) == other.game.touched(hint, hand)


def _peeking(record: Record) -> Analysis:
    """The analysis plus a planted rule that peeks: a 'mistake' on every move whose
    mover holds a 5 they cannot see as one (the truth of their own card)."""
    a = analyze(record)
    game, tl = record.game, record.timeline
    planted = []
    for turn in range(1, len(tl.actions) + 1):
        mover = tl[turn - 1].player(game)
        if any(game.rank_of[c] == game.ruleset.max_rank for c in tl[turn - 1].hands[mover]):
            planted.append(Finding(turn, mover, Kind.WASTED_HINT, Severity.MISTAKE, (), "peek"))
    return replace(a, findings=tuple(sorted((*a.findings, *planted), key=lambda f: f.turn)))


def test_a_rule_that_peeks_at_the_movers_own_card_fails_the_test() -> None:
    record = _sample("nova-4p.json")
    checks = check_game(record, seed=7, deals=2, analyse=_peeking)
    assert [c for c in checks if c.changed is not None]
    # ... and the same moves pass without the planted rule.
    assert not [c for c in check_game(record, seed=7, deals=2) if c.changed is not None]
