"""The board as Hanabi players expect it (issue 23), in real headless Chromium: variants
drawn from the ruleset's data, letters as players write them, clue marks, a layout
that fits, accessibility. Games are simulated here (no shared data needed); every wait
is on a condition in the page.
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path
from typing import Any

import pytest
from helpers import PATIENCE
from nova_replay.dashboard import GameLibrary, create_app
from nova_replay.dashboard.table import contrast
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from nova_replay.conventions import Reading
from nova_replay.play.bots import parse_bot
from nova_replay.play.simulate import simulate
from nova_replay.review.analysis import analyze
from nova_replay.rules.rulesets import make_ruleset
from nova_replay.views.course import course

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(shutil.which("chromedriver") is None and not os.environ.get("CI"),
                       reason="needs chromedriver (apt-get install chromium chromium-driver)"),
]

AMBIGUOUS_NULL = "Ambiguous & Null (5 Suits)"


def write_game(folder: Path, name: str, variant: str, players: int, seed: int) -> dict[str, Any]:
    data = simulate(make_ruleset("hanabi", variant_name=variant), players,
                    parse_bot("careless:0.4", seed), seed)
    (folder / f"{name}.json").write_text(json.dumps(data), encoding="utf-8")
    return data


@pytest.fixture(scope="module")
def games(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("games")
    write_game(folder, "ambiguous", AMBIGUOUS_NULL, 5, 3)
    write_game(folder, "purple", "No Variant", 5, 4)
    return folder


def start(dash_duo: Any, folder: Path, width: int = 1400, height: int = 900) -> Any:
    driver = dash_duo.driver
    iw, ih = driver.execute_script("return [window.innerWidth, window.innerHeight]")
    size = driver.get_window_size()
    driver.set_window_size(size["width"] + width - iw, size["height"] + height - ih)
    dash_duo.start_server(create_app(GameLibrary.from_path(folder)))
    return dash_duo


def open_turn(duo: Any, game: str, turn: int, turns: int) -> None:
    duo.wait_for_page(f"{duo.server_url}/?game={game}&turn={turn}")
    duo.wait_for_text_to_equal("#turn-label", f"Turn {turn} of {turns}")
    WebDriverWait(duo.driver, PATIENCE).until(
        lambda d: d.execute_script("return document.querySelectorAll('.card-face').length > 0"))


def rgb_hex(css: str) -> str:
    """'rgb(1, 2, 3)' -> '#010203'."""
    parts = [int(float(x)) for x in css[css.index("(") + 1:css.index(")")].split(",")[:3]]
    return "#" + "".join(f"{x:02x}" for x in parts)


def test_variant_cards_fit_pale_suits_are_outlined_and_strikes_are_counted(
        dash_duo: Any, games: Path, tmp_path: Path) -> None:
    a = analyze(json.loads((games / "ambiguous.json").read_text()))
    # a turn with discards of at least three suits, so their labels sit side by side
    turn = next(t for t in range(a.timeline.turns, 0, -1)
                if len({a.record.game.deck[c].suit for c in a.timeline[t].discards}) >= 3)
    duo = start(dash_duo, games)
    open_turn(duo, "ambiguous", turn, a.timeline.turns)
    faces = duo.driver.execute_script("""
        return Array.from(document.querySelectorAll('#hands .card-face')).map(function (f) {
          var s = getComputedStyle(f);
          return {text: f.textContent, fits: f.scrollWidth <= f.clientWidth + 1,
                  pale: f.classList.contains('pale'), colour: s.color,
                  label: f.title, shown: f.offsetParent !== null};
        });""")
    shown = [f for f in faces if f["shown"]]
    assert shown and all(f["fits"] for f in shown), [f["text"] for f in shown if not f["fits"]]
    nulls = [f for f in shown if f["label"].endswith("Null")]
    others = [f for f in shown if not f["label"].endswith("Null")]
    assert all(f["pale"] for f in nulls) and not any(f["pale"] for f in others)
    # every face's text reads on white (Null's own #eeeeee would be 1.16:1)
    assert all(contrast(rgb_hex(f["colour"])) >= 4.5 for f in shown), \
        [(f["text"], f["colour"]) for f in shown if contrast(rgb_hex(f["colour"])) < 4.5]
    # named as hanab.live names them ('3 Tomato'), lettered by its letters ('3T'), no ids
    names = ("Tomato", "Mahogany", "Berry", "Navy", "Null")
    assert all(f["label"].split(" ", 1)[1] in names for f in shown)
    assert not any(x in f["text"] for f in shown for x in ("AR", "AB", "Nu"))
    # the discard pile: no label or chip overlaps the next, and each grid label fits
    overlaps = duo.driver.execute_script("""
        var out = [];
        document.querySelectorAll('#discards .discard-line').forEach(function (line) {
          var items = Array.from(line.children).map(function (x) { return x.getBoundingClientRect(); });
          for (var i = 1; i < items.length; i++) {
            if (items[i].left < items[i - 1].right - 0.5 && items[i].top === items[i - 1].top) {
              out.push(line.textContent);
            }
          }
        });
        var lines = Array.from(document.querySelectorAll('#discards .discard-line'))
          .map(function (x) { return x.getBoundingClientRect(); });
        for (var i = 1; i < lines.length; i++) {
          if (lines[i].top === lines[i - 1].top && lines[i].left < lines[i - 1].right) {
            out.push('line ' + i);
          }
        }
        document.querySelectorAll('.glabel').forEach(function (g) {
          if (g.scrollWidth > g.clientWidth + 1) { out.push('grid label ' + g.textContent); }
        });
        return out;""")
    assert overlaps == []
    struck = a.record.game.ruleset.lives - a.timeline[turn].lives
    lives = duo.find_element("#counter-lives").text
    assert lives.endswith(f"{struck}/3") and lives.count("✕") == struck
    duo.driver.save_screenshot(str(tmp_path / "ambiguous.png"))
    assert duo.get_logs() == []


def test_hanablive_purple_is_lettered_p_on_the_board(dash_duo: Any, games: Path) -> None:
    a = analyze(json.loads((games / "purple.json").read_text()))
    game = a.record.game
    turn = next(t for t in range(a.timeline.turns + 1)
                if any(game.deck[c].suit == "W" for h in a.timeline[t].hands for c in h))
    duo = start(dash_duo, games)
    open_turn(duo, "purple", turn, a.timeline.turns)
    rows = [e.text.split("\n")[0] for e in duo.find_elements("#rows .row-pile")]
    assert rows == ["Red", "Yellow", "Green", "Blue", "Purple"]
    faces = [e.text.replace("\n", "") for e in duo.find_elements("#hands .card-face")
             if e.is_displayed()]
    purple = [str(game.deck[c]) for h in a.timeline[turn].hands for c in h
              if game.deck[c].suit == "W"]
    assert purple and sorted(f for f in faces if f.endswith("P")) == sorted(
        x[:-1] + "P" for x in purple)
    assert not any(f.endswith("W") for f in faces)
    assert duo.get_logs() == []


def test_the_current_clue_is_marked_and_each_card_says_its_clues(
        dash_duo: Any, games: Path) -> None:
    data = json.loads((games / "purple.json").read_text())
    a = analyze(data)
    game = a.record.game
    # a clue that touched at least two cards, after which one of them was clued again
    turn = next(t for t, x in enumerate(data["actions"], start=1)
                if x["type"] == "hint" and len(game.touched(a.timeline.actions[t - 1],
                                                            a.timeline[t - 1].hands[
                                                                a.timeline.actions[t - 1].to])) >= 2)
    hint = a.timeline.actions[turn - 1]
    hand = a.timeline[turn].hands[hint.to]
    touched = [slot for slot, c in enumerate(hand)
               if c in game.touched(hint, a.timeline[turn - 1].hands[hint.to])]
    duo = start(dash_duo, games)
    open_turn(duo, "purple", turn, a.timeline.turns)
    marked = duo.driver.execute_script(
        f"return Array.from(document.querySelectorAll('#hand-{hint.to} .hand-card'))"
        ".map(function (c) { return c.classList.contains('clued-now'); });")
    assert [s for s, on in enumerate(marked) if on] == touched
    words = game.describe_hint(hint)
    assert duo.find_element(f"#card-{hint.to}-{touched[0]} .clue-mark").text == f"▼ {words}"
    assert words in duo.find_element("#clue-box").text
    # the conventions read it (No Variant, h-group:4): its words under the clue
    assert duo.find_element("#clue-reading").is_displayed() is (a.reading is not None)
    # the card's label (hover, focus, screen readers) lists the clue with its turn
    card = duo.find_element(f"#card-{hint.to}-{touched[0]}")
    label = card.get_attribute("aria-label")
    assert f"turn {turn}, " in label and words in label and "could be" in label
    card.click()  # a click (a tap) opens its details; Escape closes them, back on the card
    duo.wait_for_element("#card-detail .detail-grid")
    duo.driver.switch_to.active_element.send_keys(Keys.ESCAPE)
    WebDriverWait(duo.driver, PATIENCE).until(
        lambda d: d.switch_to.active_element == card)  # focusable
    # the player who gave it is tagged as having just acted; nobody else
    giver = a.timeline[turn - 1].player(game)
    tagged = [e.get_attribute("id") for e in duo.find_elements(".hand.acted")]
    assert tagged == [f"hand-{giver}"]
    # a turn later (a play or a discard), the clue's marks are gone
    later = next(t for t in range(turn + 1, a.timeline.turns + 1)
                 if data["actions"][t - 1]["type"] != "hint")
    open_turn(duo, "purple", later, a.timeline.turns)
    assert duo.find_elements(".hand-card.clued-now") == []
    assert duo.find_elements("#clue-box") == []
    assert duo.get_logs() == []


# axe-core, the accessibility engine, from npm (.ci/run installs it under .axe/; or
# $NOVA_AXE names an axe.min.js). CI must have it: there a missing axe fails.
AXE = Path(os.environ.get("NOVA_AXE") or Path(__file__).resolve().parent.parent / ".axe" /
           "node_modules" / "axe-core" / "axe.min.js")


def axe_violations(duo: Any) -> list[tuple[str, str, int, list[str]]]:
    """axe-core's serious and critical violations on the page as it stands."""
    if not AXE.is_file():
        if os.environ.get("CI"):
            pytest.fail(f"axe-core not found at {AXE} (.ci/run installs it with npm)")
        pytest.skip(f"axe-core not found at {AXE}: npm install --prefix .axe axe-core")
    # the page settled: no change waits for its names (a11y.js), two frames running
    settled = """
        var done = arguments[arguments.length - 1];
        requestAnimationFrame(function () { requestAnimationFrame(function () {
          done(Boolean(window.novaA11y) && !window.novaA11y.pending);
        }); });"""
    WebDriverWait(duo.driver, PATIENCE).until(lambda d: d.execute_async_script(settled))
    duo.driver.execute_script(AXE.read_text(encoding="utf-8"))
    duo.driver.set_script_timeout(120)
    found = duo.driver.execute_async_script("""
        var done = arguments[arguments.length - 1];
        axe.run(document, {resultTypes: ['violations']}).then(function (r) {
          done(r.violations.filter(function (v) {
            return v.impact === 'serious' || v.impact === 'critical';
          }).map(function (v) {
            return [v.id, v.impact, v.nodes.length,
                    v.nodes.slice(0, 3).map(function (n) { return n.target.join(' '); })];
          }));
        });""")
    return [tuple(v) for v in found]


def test_no_serious_accessibility_violations_on_board_lesson_and_puzzle(
        dash_duo: Any, games: Path) -> None:
    a = analyze(json.loads((games / "ambiguous.json").read_text()))
    duo = start(dash_duo, games)
    checked = {}
    open_turn(duo, "ambiguous", a.timeline.turns // 2, a.timeline.turns)
    checked["board"] = axe_violations(duo)
    first = course()[0]  # the course's first lesson, at its turn
    duo.wait_for_page(f"{duo.server_url}/?game=lesson-{Path(first.file).stem}&turn={first.turn}")
    duo.wait_for_element("#lesson-text")
    checked["lesson"] = axe_violations(duo)
    puzzle = sorted((Path(__file__).resolve().parent.parent / "sample_games" / "puzzles")
                    .glob("*.json"))[0].stem
    duo.wait_for_page(f"{duo.server_url}/?puzzle={puzzle}")
    duo.wait_for_element("#puzzle-question")
    checked["puzzle"] = axe_violations(duo)
    assert checked == {"board": [], "lesson": [], "puzzle": []}
    assert duo.get_logs() == []


def test_no_serious_accessibility_violations_on_the_corpus_view(
        dash_duo: Any, games: Path, tmp_path: Path) -> None:
    from click.testing import CliRunner

    from nova_replay.cli import main

    table = tmp_path / "corpus.csv"
    result = CliRunner().invoke(main, ["batch", str(games), "--out", str(table)])
    assert result.exit_code == 0, result.output
    driver = dash_duo.driver
    driver.set_window_size(1400, 900)
    dash_duo.start_server(create_app(GameLibrary.from_table(table)))
    dash_duo.wait_for_element("#corpus-body tr", timeout=PATIENCE)
    assert axe_violations(dash_duo) == []
    assert dash_duo.get_logs() == []


def test_five_hands_fit_at_1400x900_and_the_controls_stay(dash_duo: Any, games: Path) -> None:
    a = analyze(json.loads((games / "purple.json").read_text()))
    duo = start(dash_duo, games)
    open_turn(duo, "purple", 10, a.timeline.turns)
    bottoms = duo.driver.execute_script(
        "return Array.from(document.querySelectorAll('.hand')).map(function (h) {"
        "  return h.getBoundingClientRect().bottom; });")
    assert len(bottoms) == 5 and max(bottoms) <= 900, bottoms
    assert "/" not in duo.find_element("#game-title").text  # the file's name, never a path
    # scrolled to the bottom, the turn controls and the view options are still on screen
    duo.driver.execute_script("window.scrollTo(0, document.body.scrollHeight)")
    WebDriverWait(duo.driver, PATIENCE).until(lambda d: d.execute_script("return window.scrollY > 0"))
    top = duo.driver.execute_script(
        "return [document.getElementById('nav-next').getBoundingClientRect().top,"
        " document.getElementById('spoilers').getBoundingClientRect().top]")
    assert all(0 <= y < 120 for y in top), top
    # typing in the game picker spells a name: "n" and "p" do not move the board
    duo.driver.execute_script("window.scrollTo(0, 0)")
    duo.find_element("#game-picker").click()
    search = duo.find_element("input.dash-dropdown-search")
    search.send_keys("np")
    assert duo.find_element("#turn-label").text == f"Turn 10 of {a.timeline.turns}"
    assert duo.get_logs() == []


def test_a_text_upload_and_bad_link_values_are_said(dash_duo: Any, games: Path,
                                                    tmp_path: Path) -> None:
    a = analyze(json.loads((games / "purple.json").read_text()))
    duo = start(dash_duo, games)
    duo.wait_for_page(f"{duo.server_url}/?game=purple&turn=3&as=Nobody&tier=psychic")
    duo.wait_for_text_to_equal("#turn-label", f"Turn 3 of {a.timeline.turns}")
    said = duo.find_element("#url-problems").text
    assert "as='Nobody'" in said and "tier='psychic'" in said
    notes = tmp_path / "notes.txt"
    notes.write_text("not a game log", encoding="utf-8")
    duo.find_element("#upload input[type=file]").send_keys(str(notes))
    duo.wait_for_contains_text("#upload-message", "notes.txt")
    assert "refused" in duo.find_element("#upload-message").text
    assert duo.get_logs() == []


def test_the_reading_shows_under_the_clue_and_the_selector_changes_it(
        dash_duo: Any, games: Path) -> None:
    a = analyze(json.loads((games / "purple.json").read_text()))
    assert a.reading is not None
    turn = next(t for t in range(1, a.timeline.turns + 1)
                if isinstance(a.reading.turns[t], Reading))
    r = a.reading.turns[turn]
    assert isinstance(r, Reading)
    duo = start(dash_duo, games)
    open_turn(duo, "purple", turn, a.timeline.turns)
    duo.wait_for_contains_text("#clue-reading", r.text)
    assert duo.find_element("#clue-reading").text == f"Focus: slot {r.focus_slot + 1}. {r.text}"
    focus = duo.find_element(f"#card-{r.target}-{r.focus_slot}")
    assert "clue-focus" in focus.get_attribute("class")
    assert "focus" in focus.get_attribute("aria-label")
    assert len(duo.find_elements(".hand-card.clue-focus")) == 1
    # none: the server reads no clue, the reading and the focus mark go, the URL says so
    duo.select_dcc_dropdown("#conventions", "none")
    WebDriverWait(duo.driver, 10).until(
        lambda d: "conventions=none" in d.current_url
        and not d.find_element("css selector", "#clue-reading").is_displayed())
    assert duo.find_elements(".hand-card.clue-focus") == []
    duo.wait_for_text_to_equal("#turn-label", f"Turn {turn} of {a.timeline.turns}")
    # and back to a level: read again
    duo.select_dcc_dropdown("#conventions", "H-Group 1")
    duo.wait_for_contains_text("#clue-reading", "Focus: slot")
    assert "conventions=h-group%3A1" in duo.driver.current_url
    assert duo.get_logs() == []


def test_turn_buttons_move_the_board_without_dash_and_cards_line_up(
        dash_duo: Any, games: Path) -> None:
    a = analyze(json.loads((games / "ambiguous.json").read_text()))
    duo = start(dash_duo, games)
    open_turn(duo, "ambiguous", 0, a.timeline.turns)
    # the page's own code takes the buttons' clicks: Dash (React's root) never sees one
    duo.driver.execute_script(
        "window.__reactClicks = 0; document.getElementById('react-entry-point')"
        ".addEventListener('click', function () { window.__reactClicks += 1; });")
    for _ in range(3):
        duo.find_element("#nav-next").click()
    duo.wait_for_text_to_equal("#turn-label", f"Turn 3 of {a.timeline.turns}")
    duo.find_element("#nav-prev").click()
    duo.wait_for_text_to_equal("#turn-label", f"Turn 2 of {a.timeline.turns}")
    assert duo.driver.execute_script("return window.__reactClicks") == 0
    # every card of a hand is as wide as the others, its badges below its ring (4 px)
    turn = max(range(a.timeline.turns + 1), key=lambda t: sum(
        len(b) for b in [a.knowledge.of(t, p) for p in range(5)]))
    duo.wait_for_page(f"{duo.server_url}/?game=ambiguous&turn={turn}")
    duo.wait_for_text_to_equal("#turn-label", f"Turn {turn} of {a.timeline.turns}")
    found = duo.driver.execute_script("""
        var out = [], badges = 0;
        document.querySelectorAll('#hands .hand-cards').forEach(function (row) {
          var cards = Array.from(row.children).filter(function (c) { return c.offsetParent; });
          var widths = cards.map(function (c) { return Math.round(c.getBoundingClientRect().width); });
          if (new Set(widths).size > 1) { out.push(row.parentNode.id + ' ' + widths); }
          cards.forEach(function (c) {
            var face = c.querySelector('.card-face').getBoundingClientRect();
            c.querySelectorAll('.badge').forEach(function (b) {
              badges += 1;
              if (b.getBoundingClientRect().top < face.bottom + 4) { out.push(c.id); }
            });
          });
        });
        return [out, badges];""")
    assert found[0] == [] and found[1] > 0, found
    assert duo.get_logs() == []


@pytest.mark.parametrize("width", [800, 390])
def test_a_narrow_window_keeps_the_turn_buttons_and_no_sideways_scroll(
        dash_duo: Any, games: Path, width: int) -> None:
    a = analyze(json.loads((games / "purple.json").read_text()))
    duo = start(dash_duo, games, width, 844)
    open_turn(duo, "purple", 10, a.timeline.turns)
    assert duo.driver.execute_script(
        "return document.documentElement.scrollWidth <= window.innerWidth")
    duo.driver.execute_script("window.scrollTo(0, document.body.scrollHeight)")
    WebDriverWait(duo.driver, PATIENCE).until(lambda d: d.execute_script("return window.scrollY > 0"))
    # scrolled: the sticky bar keeps its buttons on screen
    WebDriverWait(duo.driver, PATIENCE).until(lambda d: d.execute_script(
        "var b = document.getElementById('nav-next').getBoundingClientRect();"
        "return b.top >= 0 && b.bottom <= window.innerHeight;"))
    duo.find_element("#nav-next").click()
    duo.wait_for_text_to_equal("#turn-label", f"Turn 11 of {a.timeline.turns}")
    # back at the top, the options are a button away (folded on a narrow window)
    duo.driver.execute_script("window.scrollTo(0, 0)")
    duo.find_element("#options-toggle").click()
    WebDriverWait(duo.driver, PATIENCE).until(lambda d: d.execute_script(
        "var s = document.getElementById('spoilers').getBoundingClientRect();"
        "return window.scrollY === 0 && s.top >= 0 && s.bottom <= window.innerHeight;"))
    assert duo.get_logs() == []
