"""The course (sample_games/lessons/): every lesson is found by the analysis at its turn,
as a hand-written table says; its text is there, short, in the game's words and quotes
the clock's max score; the README is its table of contents; `nova-replay lessons`
lists it; and the generator still makes the committed files."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from helpers import ROOT, SAMPLES

from nova_replay.cli import main
from nova_replay.record.load import load, load_data
from nova_replay.review.analysis import analyze
from nova_replay.rules.engine import DECK_OUT, PERFECT
from nova_replay.rules.errors import NovaError
from nova_replay.views.course import NotALesson, course

sys.path.insert(0, str(ROOT / "scripts"))
import make_bot_samples
import make_course

LESSONS = SAMPLES / "lessons"
PERFECT_SHOW = "perfect"  # not a note: the game ends with every row complete at that turn

# What each lesson must show, written by hand from its script (scripts/make_course.py) or,
# for a bot game, from reading it (`nova-replay replay FILE --turn N`), not taken from the
# analysis under test: turn, kind, severity, the note's cards (sorted).
EXPECTED: dict[str, tuple[int, str, str, str]] = {
    # Aces to Ben, rows empty: A♣ and A♦ both fit.
    "01-two-aces.json": (1, "good_hint_playable", "good", "AC AD"),
    # Clubs touches A♣ 2♣; the untouched aces are not clubs, so A♦ A♥ fit.
    "02-not-clubs.json": (5, "good_hint_playable", "good", "AD AH"),
    "03-two-playable-hanabi.json": (1, "good_hint_playable", "good", "1G 1Y"),
    "04-save-a-five.json": (1, "good_save", "good", "5S"),
    # Spades at A, the only 5♠ (hinted at turn 4): one point.
    "05-lost-five.json": (6, "lost_critical", "blunder", "5S"),
    "06-save-last-copy.json": (4, "good_save", "good", "3D"),
    "07-saved-last-copy-bots.json": (19, "good_save", "good", "3D"),
    "08-save-a-two.json": (4, "good_save", "good", "2H"),
    # Hearts stop at A: 2, 3, 4, 5 of hearts lost.
    "09-lost-two.json": (5, "lost_critical", "blunder", "2H"),
    "10-lost-hinted-critical.json": (11, "lost_critical", "blunder", "3S"),
    "11-save-a-five-hanabi.json": (1, "good_save", "good", "5B"),
    "12-two-twos.json": (5, "good_hint_playable", "good", "2C 2D"),
    # Ben knew A♦ playable and discarded 2♥.
    "13-play-what-you-know.json": (2, "discard_with_playable", "mistake", "2H AD"),
    "14-three-ones-hanabi.json": (1, "good_hint_playable", "good", "1G 1R 1Y"),
    "15-nothing-new.json": (17, "wasted_hint", "mistake", "5C"),
    "16-copy-already-hinted.json": (15, "wasted_hint", "mistake", "3D"),
    "17-hint-played-card.json": (3, "wasted_hint", "mistake", "AC"),
    "18-nothing-new-hanabi.json": (3, "wasted_hint", "mistake", "1R 3R"),
    "19-discard-hinted.json": (2, "discard_hinted", "mistake", "4C"),
    # The second 4♠: spades stop at 3, 4♠ and 5♠ lost.
    "20-check-the-discards.json": (5, "lost_critical", "blunder", "4S"),
    "21-discard-clued-hanabi.json": (2, "discard_hinted", "mistake", "2G"),
    "22-misfire.json": (10, "misfire", "mistake", "3C"),
    # The only 5♦ misfired: the misfire note, and the lost card.
    "23-misfire-five.json": (1, "lost_critical", "blunder", "5D"),
    "24-misplay-hanabi.json": (1, "misfire", "mistake", "3R"),
    "25-strikeout.json": (25, "strikeout", "blunder", "3S"),
    "26-gentle-strikeout.json": (5, "strikeout", "blunder", "3S"),
    "27-strikeout-hanabi.json": (5, "strikeout", "blunder", "3G"),
    "28-three-aces.json": (1, "good_hint_playable", "good", "AC AD AH"),
    # 3 players: pace 0 + 24 + 3 - 20 = 7; the eighth discard makes it -1.
    "29-pace-runs-out.json": (16, "out_of_pace", "mistake", ""),
    "30-pace-ran-out-bots.json": (33, "out_of_pace", "mistake", ""),
    # Final round, Anna's own last turn: the 5♣ cannot score once her turn is spent.
    "31-final-round-five.json": (45, "lost_critical", "info", "5C"),
    # The game's last turn: the 5♠ (spades at 3) could never score.
    "32-final-round-too-late.json": (46, "lost_critical", "info", "5S"),
    # One joker left to bridge the 5♠: no point lost, but a mistake.
    "33-spare-joker.json": (2, "lost_critical", "mistake", "5S"),
    "34-needed-joker.json": (4, "lost_critical", "blunder", "JK"),
    "35-save-a-six.json": (1, "good_save", "good", "6H"),
    "36-lost-six.json": (2, "lost_critical", "blunder", "6C"),
    "37-perfect-show.json": (44, PERFECT_SHOW, "", ""),
    "38-perfect-hanabi.json": (25, PERFECT_SHOW, "", ""),
}

# The topics, in course order.
TOPICS = ("what a hint tells", "chop and saves", "play hints", "trash and wasted hints",
          "discarding safely", "misfires and strikes", "efficiency",
          "pace and the draw-pile clock", "the final round", "jokers and the grand finale",
          "a perfect show")
NOVA_ONLY = re.compile(r"\b(hints?|hinted|coins?|li(?:fe|ves)|misfires?)\b", re.IGNORECASE)
HANABI_ONLY = re.compile(r"\b(clues?|clued|strikes?|misplays?)\b", re.IGNORECASE)


def sentences(text: str) -> list[str]:
    return [s for s in re.split(r"(?<=[.!?])\s+", text.strip()) if s]


def test_the_course_has_every_lesson_of_the_table_in_order() -> None:
    files = sorted(p.name for p in LESSONS.glob("*.json"))
    assert files == sorted(EXPECTED) and len(files) >= 30
    lessons = course(LESSONS)
    assert [lesson.file for lesson in lessons] == files
    assert [lesson.turn for lesson in lessons] == [EXPECTED[f][0] for f in files]
    # Levels rise with the course, the topics come in the order, Nova first.
    assert [lesson.level for lesson in lessons] == sorted(lesson.level for lesson in lessons)
    topics = list(dict.fromkeys(lesson.topic for lesson in lessons))
    assert topics == list(TOPICS)
    for topic in TOPICS:
        games = [lesson.game for lesson in lessons if lesson.topic == topic]
        assert games[0] == "Nova", topic


@pytest.mark.parametrize("file", sorted(EXPECTED))
def test_the_analysis_finds_the_lesson_at_its_turn(file: str) -> None:
    turn, kind, severity, cards = EXPECTED[file]
    # The course was written for the rules' notes, without conventions (issue #22 rewrites
    # it); under H-Group's, 09, 20 and 33 become a missed save, 38 gains a gamble note.
    analysis = analyze(load(LESSONS / file), conventions=None)
    game = analysis.record.game
    notes = [(f.kind, f.severity, " ".join(sorted(str(game.deck[c]) for c in f.cards)))
             for f in analysis.notes_at(turn)]
    if kind == PERFECT_SHOW:
        assert analysis.timeline[turn].ending == PERFECT and analysis.timeline.turns == turn
        assert notes == []
    else:
        assert (kind, severity, cards) in notes, notes


@pytest.mark.parametrize("file", sorted(EXPECTED))
def test_each_lesson_text_is_there_short_and_in_the_games_words(file: str) -> None:
    record = load(LESSONS / file)
    assert record.log.meta is not None and record.log.meta.lesson is not None
    note = record.log.meta.lesson
    assert note.turn == EXPECTED[file][0]
    assert 2 <= len(sentences(note.text)) <= 3, note.text
    # The author's comment at the lesson's turn is the text, as PGN has it.
    assert record.log.actions[note.turn - 1].comment == note.text
    assert sum(a.comment is not None for a in record.log.actions) == 1
    wrong = NOVA_ONLY if record.game.ruleset.name == "hanabi" else HANABI_ONLY
    assert not wrong.search(note.text), (wrong.search(note.text), note.text)


@pytest.mark.parametrize("file", sorted(EXPECTED))
def test_a_max_score_in_the_text_is_the_clocks(file: str) -> None:
    record = load(LESSONS / file)
    assert record.log.meta is not None and record.log.meta.lesson is not None
    note = record.log.meta.lesson
    clock = analyze(record).clock
    for quoted in re.findall(r"max score (?:drops to |is )?(\d+)", note.text):
        assert int(quoted) == clock[note.turn].max_score, note.text


def test_the_lessons_quote_max_score_where_a_point_is_lost() -> None:
    quoting = [f for f in EXPECTED if "max score" in
               (load(LESSONS / f).log.meta.lesson.text)]  # type: ignore[union-attr]
    assert len(quoting) >= 8


def test_readme_is_the_courses_table_of_contents_in_order() -> None:
    readme = (SAMPLES / "README.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\| (\d+) \| ([^|]+) \| ([^|]+) \| `lessons/([^`]+)` \| (\d+) \|$",
                      readme, re.MULTILINE)
    assert [r[3] for r in rows] == sorted(EXPECTED)
    for lesson, (level, topic, title, _file, turn) in zip(course(LESSONS), rows, strict=True):
        assert (int(level), topic, title, int(turn)) == (lesson.level, lesson.topic,
                                                         lesson.title, lesson.turn)


def test_committed_course_is_current() -> None:
    for name, text in make_course.files().items():
        assert (SAMPLES / name).read_text(encoding="utf-8") == text, name


@pytest.mark.parametrize("sample", make_bot_samples.SHOWCASE, ids=lambda s: s.file)
def test_committed_bot_games_are_current(sample: make_bot_samples.Sample) -> None:
    data, _, _ = make_bot_samples.build(sample)
    assert (SAMPLES / sample.file).read_text(encoding="utf-8") == make_bot_samples.dumps(data)


def test_the_pace_lessons_are_lost_to_the_clock_alone() -> None:
    for file in ("29-pace-runs-out.json", "30-pace-ran-out-bots.json"):
        analysis = analyze(load(LESSONS / file))
        turn = EXPECTED[file][0]
        assert analysis.summary.perfect_lost_turn == turn
        assert [p.max_score for p in analysis.clock[turn - 1:turn + 1]] == [20, 19]
        assert analysis.summary.ending == DECK_OUT
        # No card lost for good, and (29) nothing played: only discards ran the clock down.
        assert not [f for f in analysis.findings if f.kind in ("lost_critical", "misfire")
                    and (f.turn <= turn or file.startswith("30"))]
    assert analyze(load(LESSONS / "29-pace-runs-out.json")).timeline[16].score == 0


def test_samples_cover_players_variants_and_hanabi() -> None:
    records = [load(p) for p in sorted(SAMPLES.glob("*.json"))]
    assert len(records) >= 20
    nova = [r.game for r in records if r.game.ruleset.name == "nova"]
    assert {len(g.players) for g in nova} == {2, 3, 4, 5}
    assert any(g.ruleset.grand_finale for g in nova)
    assert any(g.ruleset.gentle_show for g in nova)
    assert {g.ruleset.jokers for g in nova} >= {0, 1, 2}
    assert any(r.game.ruleset.name == "hanabi" for r in records)


# --- nova-replay lessons ---------------------------------------------------------------

def test_lessons_command_lists_the_course_in_order() -> None:
    result = CliRunner().invoke(main, ["lessons"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0].split() == ["#", "level", "topic", "game", "turn", "title", "path"]
    listed = [re.search(r"\b(\d\d-[\w-]+\.json)$", line) for line in lines[1:]]
    assert [m.group(1) for m in listed if m] == sorted(EXPECTED)
    paths = [Path(line.rsplit("  ", 1)[1]) for line in lines[1:]]  # each line ends with a path
    assert all(p.is_absolute() and p.is_file() for p in paths)
    first = lines[1].split()
    assert first[:2] == ["1", "1"] and "what a hint tells" in lines[1]


def test_lessons_command_json() -> None:
    result = CliRunner().invoke(main, ["lessons", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert [d["file"] for d in data] == sorted(EXPECTED)
    assert all(Path(d["path"]).is_absolute() and Path(d["path"]).name == d["file"]
               and Path(d["path"]).is_file() for d in data)
    assert data[4] == {**data[4], "level": 2, "topic": "chop and saves", "turn": 6,
                       "game": "Nova"}
    assert all(2 <= len(sentences(d["text"])) <= 3 for d in data)


def test_lessons_command_help_has_an_example() -> None:
    result = CliRunner().invoke(main, ["lessons", "--help"])
    assert result.exit_code == 0 and "nova-replay lessons --json" in result.output


def test_a_log_without_its_lesson_is_one_clear_line(tmp_path) -> None:  # type: ignore[no-untyped-def]
    (tmp_path / "01-x.json").write_text((SAMPLES / "nova-2p.json").read_text(encoding="utf-8"),
                                        encoding="utf-8")
    with pytest.raises(NotALesson, match=r"01-x.json: \$\.meta\.lesson: expected the lesson"):
        course(tmp_path)
    result = CliRunner().invoke(main, ["lessons", str(tmp_path)])
    assert result.exit_code == 1
    assert result.output.strip().endswith("$.meta.lesson: expected the lesson (level, topic, "
                                          "turn, text), found none")
    assert "Traceback" not in result.output


@pytest.mark.parametrize(("change", "message"), [
    (lambda lesson: lesson.pop("text"), "$.meta.lesson.text: required field is missing"),
    (lambda lesson: lesson.update(extra=1), "$.meta.lesson.extra: unknown field 'extra'"),
    (lambda lesson: lesson.update(turn=0), "$.meta.lesson.turn"),
])
def test_meta_lesson_is_checked_by_the_log_format(change: Any, message: str) -> None:
    data = json.loads((LESSONS / "01-two-aces.json").read_text(encoding="utf-8"))
    change(data["meta"]["lesson"])
    with pytest.raises(NovaError) as e:
        load_data(data, "x.json")
    assert str(e.value).startswith(f"x.json: {message}")
