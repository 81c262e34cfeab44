"""The board on any screen, with hypotheticals (issue 35), in real headless Chromium at
1400, 1024, 800 and 390 px: a tap (a click, or Enter) opens a card's clue history,
notes and grid in a panel that stays until closed; the grids' cells are 14 px; the
sticky bar keeps the clues, strikes, pile and turn in view; a lesson's text is beside
the board from 800 px up and just above the hands below; nothing scrolls sideways; a
tried line survives a reload and can be undone; axe-core finds no serious or critical
violation on the board, the card's panel, the clue log or a line. Every wait is on a
condition in the page.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from helpers import PATIENCE
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait
from test_board_browser import axe_violations, games, open_turn, pytestmark, start

from nova_replay.review.analysis import analyze
from nova_replay.rules.game import Hint
from nova_replay.views.course import course

__all__ = ["games", "pytestmark"]  # the fixture and marks shared with the board's tests

WIDTHS = (1400, 1024, 800, 390)
NO_SIDEWAYS = ("return document.documentElement.scrollWidth"
               " <= document.documentElement.clientWidth")  # the scrollbar left out


def until(duo: Any, script: str) -> Any:
    return WebDriverWait(duo.driver, PATIENCE).until(lambda d: d.execute_script(script))


def clued_card(a: Any, turn: int) -> tuple[int, int]:
    """(player, slot) of a card a clue touched by `turn`."""
    game = a.record.game
    for k in range(turn, 0, -1):
        action = a.timeline.actions[k - 1]
        if isinstance(action, Hint):
            touched = game.touched(action, a.timeline[k - 1].hands[action.to])
            hand = a.timeline[turn].hands[action.to]
            for slot, c in enumerate(hand):
                if c in touched:
                    return action.to, slot
    raise AssertionError("no clue by then")


@pytest.mark.parametrize("width", WIDTHS)
def test_a_tap_opens_a_cards_details_and_every_width_reads(
        dash_duo: Any, games: Path, width: int) -> None:
    a = analyze(games / "ambiguous.json")
    turn = a.timeline.turns // 2
    duo = start(dash_duo, games, width, 844 if width < 500 else 900)
    open_turn(duo, "ambiguous", turn, a.timeline.turns)
    assert duo.driver.execute_script(NO_SIDEWAYS)
    # the grids' cells are 14 px at every width
    sizes = duo.driver.execute_script(
        "return Array.from(document.querySelectorAll('#hands .gcell')).filter(function (c) {"
        " return c.offsetParent; }).map(function (c) {"
        " var r = c.getBoundingClientRect(); return Math.min(r.width, r.height); });")
    assert sizes and min(sizes) >= 14, min(sizes)
    # a tap on a clued card opens its panel: its clues with their turns, notes, its grid
    p, slot = clued_card(a, turn)
    card = duo.find_element(f"#card-{p}-{slot}")
    duo.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", card)
    card.click()
    until(duo, "var b = document.getElementById('card-detail');"
               "return b && b.style.display !== 'none' && b.querySelector('.detail-grid');")
    panel = duo.find_element("#card-detail")
    said = panel.text
    assert f"slot {slot + 1}, turn {turn}" in said and "Clues" in said and "Notes" in said
    assert "turn " in panel.find_element("css selector", ".detail-list").text
    assert card.get_attribute("aria-expanded") == "true"
    # the panel is on screen, its cells tap-sized, and the page still not wider
    box = duo.driver.execute_script(
        "var r = document.getElementById('card-detail').getBoundingClientRect();"
        "var c = document.querySelector('#card-detail .dcell').getBoundingClientRect();"
        "return [r.left, r.right, window.innerWidth, c.width, c.height];")
    assert box[0] >= 0 and box[1] <= box[2] and min(box[3], box[4]) >= 24, box
    assert duo.driver.execute_script(NO_SIDEWAYS)
    # it stays while the turn changes (drawn for the new turn), until closed
    duo.find_element("#nav-prev").click()
    duo.wait_for_contains_text("#card-detail-title", f"turn {turn - 1}")
    panel.send_keys(Keys.ESCAPE)
    until(duo, "return document.getElementById('card-detail').style.display === 'none'")
    assert duo.driver.switch_to.active_element == card  # focus back on the card
    # the keyboard: Enter on a focused card opens it too
    card.send_keys(Keys.ENTER)
    until(duo, "return document.getElementById('card-detail').style.display !== 'none'")
    duo.find_element("#card-detail-close").click()
    until(duo, "return document.getElementById('card-detail').style.display === 'none'")
    # scrolled down the hands, the sticky bar keeps the clues (a number), strikes, pile, turn
    duo.driver.execute_script("window.scrollTo(0, document.body.scrollHeight)")
    until(duo, "return window.scrollY > 0")
    bar = duo.driver.execute_script(
        "var s = document.getElementById('nav-status').getBoundingClientRect();"
        "var t = document.getElementById('turn-label').getBoundingClientRect();"
        "var n = document.querySelector('.nav').getBoundingClientRect();"
        "return [s.top >= 0 && s.bottom <= window.innerHeight, t.top >= 0, n.height,"
        " document.getElementById('nav-status').textContent];")
    assert bar[0] and bar[1], bar
    assert bar[2] <= (130 if width < 900 else 90), bar  # compact: a sixth of a phone at most
    t = a.timeline[turn - 1]
    assert f"Clues {t.coins}/8" in bar[3] and "Strikes" in bar[3] and \
        f"Pile {t.draw_pile(a.record.game)}" in bar[3]
    assert duo.get_logs() == []


@pytest.mark.parametrize("width", WIDTHS)
def test_a_lessons_text_is_beside_the_board_or_just_above_the_hands(
        dash_duo: Any, games: Path, width: int) -> None:
    lesson = course()[0]
    duo = start(dash_duo, games, width, 844 if width < 500 else 900)
    duo.wait_for_page(f"{duo.server_url}/?game=lesson-{Path(lesson.file).stem}"
                      f"&turn={max(0, lesson.turn - 1)}&spoilers=off")
    duo.wait_for_element("#lesson-answer")
    boxes = duo.driver.execute_script(
        "function r(e) { var b = e.getBoundingClientRect();"
        " return {left: b.left, right: b.right, top: b.top, bottom: b.bottom}; }"
        "return {lesson: r(document.getElementById('lesson')),"
        " hands: r(document.getElementById('hands').parentNode),"
        " table: r(document.getElementById('table'))};")
    lesson_box, hands, table = boxes["lesson"], boxes["hands"], boxes["table"]
    if width >= 800:  # beside the board: right of the table and the hands, at the top
        assert lesson_box["left"] >= table["right"] and lesson_box["left"] >= hands["right"]
        assert lesson_box["top"] <= table["bottom"]
    else:  # directly above the hands, below the table
        assert table["bottom"] <= lesson_box["top"] and lesson_box["bottom"] <= hands["top"]
        assert hands["top"] - lesson_box["bottom"] <= 12
    assert duo.driver.execute_script(NO_SIDEWAYS)
    assert not duo.find_element("#lesson-text").is_displayed()
    assert duo.get_logs() == []


@pytest.mark.parametrize("width", (1400, 390))
def test_a_tried_line_survives_a_reload_and_is_undone_move_by_move(
        dash_duo: Any, games: Path, width: int) -> None:
    a = analyze(games / "purple.json")
    total = a.timeline.turns
    duo = start(dash_duo, games, width, 844 if width < 500 else 900)
    open_turn(duo, "purple", 6, total)
    duo.find_element("#hypo-open").click()
    duo.wait_for_element("#hypo-pick")
    first = duo.driver.execute_script(
        "var p = document.getElementById('hypo-pick'); p.value = p.options[0].value;"
        "return [p.value, p.options[0].textContent];")
    duo.find_element("#hypo-try").click()
    duo.wait_for_text_to_equal("#turn-label", "Turn 7 of 7")
    assert f"hypo=6%3A{first[0].replace(',', '%2C')}" in duo.driver.current_url
    assert duo.find_element("#hypo-moves").text == first[1].split(" (")[0]
    # a second move, from the line's end
    duo.find_element("#hypo-open").click()
    duo.wait_for_element("#hypo-pick")
    duo.driver.execute_script("var p = document.getElementById('hypo-pick');"
                              "p.value = p.options[p.options.length - 1].value;")
    duo.find_element("#hypo-try").click()
    duo.wait_for_text_to_equal("#turn-label", "Turn 8 of 8")
    url = duo.driver.current_url
    # a reload (or the link, sent) shows the same line at the same turn
    duo.driver.refresh()
    duo.wait_for_text_to_equal("#turn-label", "Turn 8 of 8")
    assert duo.driver.current_url == url
    assert len(duo.find_elements("#hypo-moves li")) == 2
    assert duo.driver.execute_script(NO_SIDEWAYS)
    # undone move by move, then the game as it was at the turn the line left it
    duo.find_element("#hypo-undo").click()
    duo.wait_for_text_to_equal("#turn-label", "Turn 7 of 7")
    duo.find_element("#hypo-leave").click()
    duo.wait_for_text_to_equal("#turn-label", f"Turn 6 of {total}")
    assert "hypo" not in duo.driver.current_url and duo.find_elements("#hypo-said") == []
    assert duo.get_logs() == []


def test_as_a_player_only_their_moves_are_offered(dash_duo: Any, games: Path) -> None:
    a = analyze(games / "purple.json")
    game = a.record.game
    duo = start(dash_duo, games)
    mover = a.timeline[6].player(game)
    other = (mover + 1) % len(game.players)
    duo.wait_for_page(f"{duo.server_url}/?game=purple&turn=6&as={game.players[other]}")
    duo.wait_for_text_to_equal("#turn-label", f"Turn 6 of {a.timeline.turns}")
    duo.find_element("#hypo-open").click()
    duo.wait_for_contains_text("#hypo", f"it is {game.players[mover]}'s turn")
    assert duo.find_elements("#hypo-pick") == []
    assert duo.get_logs() == []


def test_no_serious_accessibility_violations_on_the_panel_the_clue_log_and_a_line(
        dash_duo: Any, games: Path) -> None:
    a = analyze(games / "purple.json")
    duo = start(dash_duo, games)
    turn = a.timeline.turns // 2
    open_turn(duo, "purple", turn, a.timeline.turns)
    p, slot = clued_card(a, turn)
    duo.find_element(f"#card-{p}-{slot}").click()
    duo.wait_for_element("#card-detail .detail-grid")
    until(duo, "return document.querySelectorAll('#clue-log .clue-line').length > 0")
    checked = {"board, card panel and clue log": axe_violations(duo)}
    duo.wait_for_page(f"{duo.server_url}/?game=purple&hypo=6%3Ap1")
    duo.wait_for_element("#hypo-said")
    duo.find_element("#hypo-open").click()
    duo.wait_for_element("#hypo-pick")
    checked["a line with its moves"] = axe_violations(duo)
    duo.driver.set_window_size(390, 844)
    duo.wait_for_page(f"{duo.server_url}/?game=purple&turn={turn}")
    duo.wait_for_element("#hands .card-face")
    checked["a phone"] = axe_violations(duo)
    assert checked == {k: [] for k in checked}
    assert duo.get_logs() == []
