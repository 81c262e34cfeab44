"""Teaching in the dashboard (issue 16): the lesson picker opens a lesson of the course
at its turn with its text beside the board; a puzzle has its own URL, the learner's pick
reveals the answers, and a running score counts first tries. Browser tests run in real
headless Chromium and end with an empty console.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from helpers import SAMPLES
from nova_replay.dashboard import learn
from nova_replay.dashboard.learn import puzzle
from test_dashboard_browser import duo, library, open_at, pytestmark, shot

from nova_replay.record.actions import ruleset_of
from nova_replay.views.puzzle_play import choices, knowledge_text, same_move, title_of

__all__ = ["duo", "library", "pytestmark"]  # fixtures and marks shared with the browser tests

LESSON = SAMPLES / "lessons" / "08-lost-five.json"
PUZZLE = "nova-3p-careless-bots-t004"  # its convention player's move is its answer


def test_every_shipped_puzzle_can_be_answered_on_the_board() -> None:
    """The taken move and every sound answer are among the choices the page offers."""
    assert len(learn.puzzle_files()) >= 40
    for name in learn.puzzle_files():
        p = puzzle(name)
        assert p is not None
        offered = choices(p)
        for move in [p.taken, *(a.move for a in p.answers)]:
            assert any(same_move(move, c) for c in offered), (name, move.text)
        assert not any(same_move(p.taken, a.move) for a in p.answers), name


def test_the_lesson_picker_opens_a_lesson_with_its_answer_hidden_until_asked(
        duo: Any, tmp_path: Path) -> None:
    note = json.loads(LESSON.read_text())["meta"]["lesson"]  # the author's own text
    open_at(duo, "?game=hanabi-5p&turn=3", "Turn 3 of 41")
    assert not duo.find_element("#lesson").is_displayed()
    duo.select_dcc_dropdown("#lesson-picker", index=7)  # the eighth lesson of the course
    # it opens on the turn before the lesson's move, with no spoilers: the answer (the
    # move and the text) waits until the learner asks for it
    duo.wait_for_text_to_equal("#turn-label", f"Turn {note['turn'] - 1}")
    assert "spoilers=off" in duo.driver.current_url
    duo.wait_for_element("#lesson-answer")
    assert not duo.find_element("#lesson-text").is_displayed()
    assert note["text"] not in duo.find_element("#lesson").text
    duo.find_element("#lesson-answer").click()
    duo.wait_for_text_to_equal("#turn-label", f"Turn {note['turn']}")
    duo.wait_for_text_to_equal("#lesson-text", note["text"])
    assert "game=lesson-08-lost-five" in duo.driver.current_url
    assert note["topic"] in duo.find_element("#lesson").text
    shot(duo, tmp_path, "lesson")
    assert duo.get_logs() == []


def test_a_puzzle_has_a_url_reveals_its_answers_and_keeps_a_score(duo: Any,
                                                                  tmp_path: Path) -> None:
    p = puzzle(PUZZLE)
    assert p is not None
    offered = choices(p)
    duo.wait_for_page(f"{duo.server_url}/?puzzle={PUZZLE}")
    duo.wait_for_contains_text("#puzzle-question", f"{title_of(p)}. You are {p.viewer}.")
    assert not duo.find_element("#content").is_displayed()  # no game: the puzzle alone
    # The viewer's own cards: face down, with what the viewer knows of each.
    faces = [x.text.split("\n") for x in duo.find_elements(".pz-hand .pz-card.hidden")]
    mine = next(h for h in p.position.hands if h.yours).cards
    assert faces == [["?", knowledge_text(c, ruleset_of(p.ruleset))] for c in mine]
    assert "clues" not in duo.find_element("#puzzle-board").text  # Nova: coins and lives
    assert "coins" in duo.find_element("#puzzle-board").text
    right = next(i for i, c in enumerate(offered) if same_move(c, p.answers[0].move))
    buttons = duo.find_elements("#puzzle-choices .pz-choice")
    assert [b.text for b in buttons] == [c.text for c in offered]
    buttons[right].click()
    duo.wait_for_contains_text("#puzzle-verdict", "is the answer")
    duo.wait_for_contains_text("#puzzle-taken", p.taken.text)
    assert p.answers[0].why in duo.find_element("#puzzle-answers").text
    assert p.convention and duo.find_element("#puzzle-convention").text == p.convention
    duo.wait_for_text_to_equal("#puzzle-score-text", "Puzzles solved: 1 of 1 tried")
    shot(duo, tmp_path, "puzzle-right")
    # Another puzzle, by its link: what the game's player did is not an answer.
    other = next(n for n in learn.puzzle_files() if n != PUZZLE)
    q = puzzle(other)
    assert q is not None
    duo.wait_for_page(f"{duo.server_url}/?puzzle={other}")
    duo.wait_for_contains_text("#puzzle-question", title_of(q))
    duo.wait_for_text_to_equal("#puzzle-score-text", "Puzzles solved: 1 of 1 tried")
    taken = next(i for i, c in enumerate(choices(q)) if same_move(c, q.taken))
    duo.find_elements("#puzzle-choices .pz-choice")[taken].click()
    duo.wait_for_contains_text("#puzzle-verdict", "did in the game, and it was a fault")
    duo.wait_for_text_to_equal("#puzzle-score-text", "Puzzles solved: 1 of 2 tried")
    duo.wait_for_page(f"{duo.server_url}/?puzzle=no-such-puzzle")
    duo.wait_for_contains_text("#unknown-puzzle", "No puzzle called")
    assert duo.get_logs() == []
