"""The lesson games of sample_games/: the analysis finds each lesson at its turn,
the README names it, and the generator still makes the committed files."""

from __future__ import annotations

import sys

import pytest
from helpers import ROOT, SAMPLES

from nova_replay.record.load import load
from nova_replay.record.writer import dumps
from nova_replay.review.analysis import analyze
from nova_replay.rules.engine import DECK_OUT, PERFECT

sys.path.insert(0, str(ROOT / "scripts"))
import make_bot_samples

# What each lesson shows, written by hand from reading the game (`nova-replay replay FILE
# --turn N`), not taken from the analysis under test: turn, kind, severity, cards, details.
EXPECTED: dict[str, tuple[int, str, str, str, dict[str, object]]] = {
    # Ben repeats Anna's clubs hint of turn 16 to Carla: it touches the same 5♣.
    "lesson-wasted-hint.json": (17, "wasted_hint", "mistake", "5C", {"reason": "nothing_new"}),
    # Carla hints diamonds to Ben: only his 3♦, while Carla's own hinted 3♦ is the same card.
    "lesson-hint-on-trash.json": (15, "wasted_hint", "mistake", "3D", {"reason": "only_trash"}),
    # Ben discards the only 5♠ with spades at A: spades can reach 4 at most.
    "lesson-lost-five.json": (6, "lost_critical", "blunder", "5S", {"cost": 1}),
    # The other 3♠ is already discarded; Ben discards the hinted last one: spades stop at 2.
    "lesson-lost-hinted-critical.json": (11, "lost_critical", "blunder", "3S",
                                         {"hinted": True, "cost": 3}),
    # Anna's 3s hint touches Carla's chop, the last 3♦ (the other is discarded).
    "lesson-good-save.json": (19, "good_save", "good", "3D", {}),
    # The first hint of the game: 1s to Carla touch 1G and 1Y, both playable.
    "lesson-two-playable.json": (1, "good_hint_playable", "good", "1G 1Y", {}),
    # Clubs at A, Ben plays a 3♣.
    "lesson-misfire.json": (10, "misfire", "mistake", "3C", {}),
    # Spades at 3 and one life left: Anna plays a 3♠.
    "lesson-strikeout.json": (25, "strikeout", "blunder", "3S", {}),
    # Score 12, 2 cards left to draw, 5 players: at most 19 can still be played.
    "lesson-pace-ran-out.json": (33, "out_of_pace", "mistake", "", {}),
}


def test_every_lesson_is_listed() -> None:
    pinned = {s.file: s.turn for s in make_bot_samples.LESSONS}
    assert set(pinned) == {*EXPECTED, "lesson-perfect-show.json"}
    assert all(pinned[f] == EXPECTED[f][0] for f in EXPECTED)
    readme = (SAMPLES / "README.md").read_text(encoding="utf-8")
    for s in make_bot_samples.LESSONS:
        assert f"| `{s.file}` | {s.lesson} | {s.turn} |" in readme


@pytest.mark.parametrize("file", sorted(EXPECTED))
def test_analysis_finds_the_lesson_at_its_turn(file: str) -> None:
    turn, kind, severity, cards, details = EXPECTED[file]
    analysis = analyze(load(SAMPLES / file))
    game = analysis.record.game
    found = [(f.kind, f.severity, " ".join(sorted(str(game.deck[c]) for c in f.cards)))
             for f in analysis.notes_at(turn)
             if all(f.details.get(k) == v for k, v in details.items())]
    assert (kind, severity, cards) in found, [(f.turn, f.kind) for f in analysis.findings]
    # The lesson is the first note of its kind in the game.
    assert min(f.turn for f in analysis.findings if f.kind == kind) == turn


def test_the_pace_lesson_loses_the_perfect_show_when_the_pace_runs_out() -> None:
    analysis = analyze(load(SAMPLES / "lesson-pace-ran-out.json"))
    assert analysis.summary.perfect_lost_turn == 33
    assert [p.max_score for p in analysis.clock[32:34]] == [20, 19]


def test_pace_game_lost_only_to_the_clock() -> None:
    analysis = analyze(load(SAMPLES / "lesson-pace-ran-out.json"))
    s = analysis.summary
    assert s.ending == DECK_OUT and s.score < s.perfect_score
    assert not [f for f in analysis.findings if f.kind in ("lost_critical", "misfire")]


def test_perfect_show() -> None:
    final = load(SAMPLES / "lesson-perfect-show.json").timeline.final
    assert final.ending == PERFECT and final.turn == 44


@pytest.mark.parametrize("sample", make_bot_samples.LESSONS + make_bot_samples.SHOWCASE,
                         ids=lambda s: s.file)
def test_committed_bot_games_are_current(sample: make_bot_samples.Sample) -> None:
    data, _, _ = make_bot_samples.build(sample)
    assert (SAMPLES / sample.file).read_text(encoding="utf-8") == dumps(data)


def test_samples_cover_players_variants_and_hanabi() -> None:
    records = [load(p) for p in sorted(SAMPLES.glob("*.json"))]
    assert len(records) >= 20
    nova = [r.game for r in records if r.game.ruleset.name == "nova"]
    assert {len(g.players) for g in nova} == {2, 3, 4, 5}
    assert any(g.ruleset.grand_finale for g in nova)
    assert any(g.ruleset.gentle_show for g in nova)
    assert {g.ruleset.jokers for g in nova} >= {0, 1, 2}
    assert any(r.game.ruleset.name == "hanabi" for r in records)
