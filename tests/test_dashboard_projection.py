"""The projected payload in real Chromium (issue 20): with no spoilers the page holds
the turn reached and the next one, stepping forward asks the server for more and
still lands on every turn asked, switching the viewer fetches that viewer's view at
the same turn, and the evaluation curve leaves the chart. Every wait is on a
condition, never on the clock. Each test ends with an empty browser console."""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qs, urlsplit

from helpers import PATIENCE
from nova_replay.dashboard import payload as payload_module
from nova_replay.dashboard.payload import CARD_FIELDS
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait
from test_dashboard_browser import analysis_of, duo, library, open_at, pytestmark
from test_dashboard_evaluation import TRACES

__all__ = ["duo", "library", "pytestmark"]  # fixtures and marks shared with the browser tests


def wait_until(duo: Any, what: Any, timeout: float = PATIENCE) -> Any:
    return WebDriverWait(duo.driver, timeout, poll_frequency=0.05).until(lambda _: what())


def moves_held(duo: Any) -> int:
    """How many turns the page holds: the move list has a line for each."""
    return len(duo.find_elements("#move-list .move"))


def query(duo: Any) -> dict[str, list[str]]:
    return parse_qs(urlsplit(duo.driver.current_url).query)


def test_no_spoilers_steps_forward_and_switches_viewer(duo: Any, library: Any) -> None:
    a = analysis_of(library, "hanabi-5p")
    players = a.record.game.players
    open_at(duo, f"?game=hanabi-5p&turn=10&as={players[1]}&spoilers=off", "Turn 10")
    wait_until(duo, lambda: moves_held(duo) == 12)  # turns 0..11: reached and the next
    body = duo.find_element("body")
    for _ in range(5):  # faster than the server answers: each step lands all the same
        body.send_keys(Keys.ARROW_RIGHT)
    duo.wait_for_text_to_equal("#turn-label", "Turn 15")
    wait_until(duo, lambda: moves_held(duo) == 17)
    faces = duo.find_elements("#hand-1 .card-face")
    assert [f.text for f in faces] == ["?"] * len(a.knowledge.of(15, 1))
    wait_until(duo, lambda: query(duo).get("turn") == ["15"])
    assert query(duo)["as"] == [players[1]] and query(duo)["spoilers"] == ["off"]
    # Another viewer: that viewer's view, at the same turn, still no spoilers.
    duo.select_dcc_dropdown("#as", f"as {players[2]}")
    duo.wait_for_contains_text("#hand-2 .hand-title", "your hand (hidden)")
    duo.wait_for_text_to_equal("#turn-label", "Turn 15")
    wait_until(duo, lambda: moves_held(duo) == 17)
    shown = [f.text for f in duo.find_elements("#hand-1 .card-face")]
    assert shown == [a.record.game.card_text(c) for c in a.timeline[15].hands[1]]
    turns = [int(x.get_attribute("data-turn")) for x in duo.find_elements("#findings .finding")]
    assert all(t <= 15 for t in turns)
    body.send_keys(Keys.ARROW_LEFT)
    duo.wait_for_text_to_equal("#turn-label", "Turn 14")
    assert duo.get_logs() == []


def test_no_spoilers_takes_the_curve_off_the_chart(duo: Any) -> None:
    open_at(duo, "?game=nova-3p-bots&turn=10", "Turn 10 of 44")

    def names() -> set[str]:
        return {name for name, _, _ in duo.driver.execute_script(TRACES)}

    wait_until(duo, lambda: "best possible" in names())
    duo.find_element("#spoilers input").click()
    duo.wait_for_text_to_equal("#turn-label", "Turn 10")
    wait_until(duo, lambda: "best possible" not in names())
    wait_until(duo, lambda: moves_held(duo) == 12)
    assert duo.get_logs() == []


def test_the_page_reads_a_cards_fields_in_the_order_sent(duo: Any, library: Any,
                                                        monkeypatch: Any) -> None:
    # The server may send a card's fields in any order: the page reads `card_fields`.
    monkeypatch.setattr(payload_module, "CARD_FIELDS", tuple(reversed(CARD_FIELDS)))
    a = analysis_of(library, "hanabi-5p")
    open_at(duo, "?game=hanabi-5p&turn=12&tier=hinted", "Turn 12 of 41")
    game = a.record.game
    for p in range(5):
        faces = [f.text for f in duo.find_elements(f"#hand-{p} .card-face")]
        assert faces == [game.card_text(c) for c in a.timeline[12].hands[p]]
    # The ringed cell is the card's identity, the filled ones its hinted tier.
    k = a.knowledge.of(12, 0)[0]
    cells = duo.find_elements("#card-0-0 .gcell")
    assert [i for i, c in enumerate(cells) if "truth" in c.get_attribute("class")] == [
        a.ids.of_card[k.card]]
    assert [i for i, c in enumerate(cells) if "gcell on" in c.get_attribute("class")] == [
        i for i in range(len(cells)) if (k.hinted >> i) & 1]
    duo.select_dcc_dropdown("#as", f"as {game.players[1]}")
    duo.wait_for_contains_text("#hand-1 .hand-title", "your hand (hidden)")
    assert {f.text for f in duo.find_elements("#hand-1 .card-face")} == {"?"}
    assert duo.get_logs() == []
