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

KINDS: dict[str, tuple[str, dict[str, object]]] = {
    "lesson-wasted-hint.json": ("wasted_hint", {"reason": "nothing_new"}),
    "lesson-hint-on-trash.json": ("wasted_hint", {"reason": "only_trash"}),
    "lesson-lost-five.json": ("lost_critical", {}),
    "lesson-lost-hinted-critical.json": ("lost_critical", {"hinted": True}),
    "lesson-good-save.json": ("good_save", {}),
    "lesson-two-playable.json": ("good_hint_playable", {}),
    "lesson-misfire.json": ("misfire", {}),
    "lesson-strikeout.json": ("strikeout", {}),
    "lesson-pace-ran-out.json": ("out_of_pace", {}),
}
TURNS = {s.file: s.turn for s in make_bot_samples.LESSONS}


def test_every_lesson_is_listed() -> None:
    assert set(TURNS) == {*KINDS, "lesson-perfect-show.json"}
    readme = (SAMPLES / "README.md").read_text(encoding="utf-8")
    for s in make_bot_samples.LESSONS:
        assert f"| `{s.file}` | {s.lesson} | {s.turn} |" in readme


@pytest.mark.parametrize("file", sorted(KINDS))
def test_analysis_finds_the_lesson_at_its_turn(file: str) -> None:
    kind, details = KINDS[file]
    analysis = analyze(load(SAMPLES / file))
    at_turn = [f for f in analysis.notes_at(TURNS[file]) if f.kind == kind
               and all(f.details.get(k) == v for k, v in details.items())]
    assert at_turn, [(f.turn, f.kind) for f in analysis.findings]


def test_lost_five_is_a_five() -> None:
    analysis = analyze(load(SAMPLES / "lesson-lost-five.json"))
    (f,) = [f for f in analysis.notes_at(TURNS["lesson-lost-five.json"]) if f.kind == "lost_critical"]
    assert analysis.record.game.rank_of[f.cards[0]] == 5


def test_lost_hinted_card_had_a_second_copy() -> None:
    analysis = analyze(load(SAMPLES / "lesson-lost-hinted-critical.json"))
    turn = TURNS["lesson-lost-hinted-critical.json"]
    (f,) = [f for f in analysis.notes_at(turn) if f.kind == "lost_critical"]
    assert analysis.ids.copies[analysis.ids.of_card[f.cards[0]]] == 2


def test_pace_game_lost_only_to_the_clock() -> None:
    analysis = analyze(load(SAMPLES / "lesson-pace-ran-out.json"))
    s = analysis.summary
    assert s.ending == DECK_OUT and s.score < s.perfect_score
    assert not [f for f in analysis.findings if f.kind in ("lost_critical", "misfire")]


def test_perfect_show() -> None:
    final = load(SAMPLES / "lesson-perfect-show.json").timeline.final
    assert final.ending == PERFECT and final.turn == TURNS["lesson-perfect-show.json"]


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
