"""The conventions' reading at the clue on the dashboard (issue 21): the payload carries
each clue's reading (its focus slot and its words) as the viewer may read it, the
conventions are chosen on the server (`GameLibrary.read_by`) and carried by the URL."""

from __future__ import annotations

from typing import Any

import pytest
from nova_replay.dashboard import GameLibrary
from nova_replay.dashboard.callbacks import Payloads, open_view, reach
from nova_replay.dashboard.data import Reviewed
from nova_replay.dashboard.links import parse_view, turn_href, url_mistakes
from nova_replay.dashboard.payload import game_payload
from nova_replay.dashboard.table import ViewOptions

from nova_replay.conventions import Reading
from nova_replay.rules.game import Hint

GAME = "hanabi-5p"  # a bundled Hanabi game, read by H-Group (No Variant)


@pytest.fixture(scope="module")
def library() -> GameLibrary:
    return GameLibrary.from_path()


@pytest.fixture(scope="module")
def five(library: GameLibrary) -> Reviewed:
    loaded = library.get(GAME)
    assert isinstance(loaded, Reviewed)
    return loaded


def clue_turns(loaded: Reviewed) -> list[int]:
    tl = loaded.analysis.timeline
    return [t for t, x in enumerate(tl.actions, start=1) if isinstance(x, Hint)]


def test_a_clue_carries_its_reading_and_focus_slot(five: Reviewed) -> None:
    a = five.analysis
    assert a.reading is not None and not a.reading.not_read
    payload = game_payload(GAME, a, ViewOptions())
    assert payload["conventions"] == "h-group:5"
    read = 0
    for t in clue_turns(five):
        r = a.reading.turns[t]
        assert isinstance(r, Reading)
        clue = payload["turn_data"][t]["clue"]
        # the focus is one of the cards the clue touched, and is that card in the log's hand
        assert clue["reading"]["focus"] in clue["slots"]
        hint = a.timeline.actions[t - 1]
        assert isinstance(hint, Hint)
        assert a.timeline[t].hands[hint.to][clue["reading"]["focus"]] == r.focus
        # the reviewer reads it with the focus card's identity
        assert clue["reading"]["words"] == r.text
        assert a.record.game.card_text(r.focus) in r.text or r.meaning != "play"
        read += 1
    assert read >= 5
    # plays and discards carry no clue, so no reading
    assert all(payload["turn_data"][t]["clue"] is None
               for t in range(a.timeline.turns + 1) if t not in clue_turns(five))


def test_a_player_never_reads_their_own_cards(five: Reviewed) -> None:
    a = five.analysis
    game = a.record.game
    assert a.reading is not None
    checked_own = checked_other = 0
    for viewer in range(len(game.players)):
        payload = game_payload(GAME, a, ViewOptions("deduced", viewer))
        for t in clue_turns(five):
            r = a.reading.turns[t]
            assert isinstance(r, Reading)
            words = payload["turn_data"][t]["clue"]["reading"]["words"]
            # from the log: the viewer's hand when the clue was given
            held = set(a.timeline[t - 1].hands[viewer])
            involved = {r.focus, *(x.card for x in r.connections)}
            if involved & held:
                # said as the viewer could read it: what the focus could be, never the
                # reviewer's words, which name the viewer's card
                assert words != r.text
                assert words.startswith(r.text.split(":")[0])
                for c in involved & held:
                    said = game.card_text(c)
                    assert f"{said} via" not in words and f": {said}" not in words
                checked_own += 1
            else:
                assert words == r.text
                checked_other += 1
    assert checked_own >= 5 and checked_other >= 5


def test_no_spoilers_holds_no_reading_after_the_turn(five: Reviewed) -> None:
    first = clue_turns(five)[0]
    payload = game_payload(GAME, five.analysis, ViewOptions("deduced", 1, True), reached=first)
    assert len(payload["turn_data"]) == first + 2  # the turn reached and the next one
    assert payload["turn_data"][first]["clue"]["reading"] is not None


def test_conventions_none_gives_no_reading(library: GameLibrary, five: Reviewed) -> None:
    none = library.read_by(GAME, "", "none")
    assert isinstance(none, Reviewed) and none.analysis.reading is None
    assert library.read_by(GAME, "", "none") is none  # analysed once, then kept
    payload = game_payload(GAME, none.analysis, ViewOptions())
    assert payload["conventions"] is None
    clues = [payload["turn_data"][t]["clue"] for t in clue_turns(five)]
    assert clues and all(c is not None and c["reading"] is None for c in clues)


def test_the_level_changes_the_reading(library: GameLibrary, five: Reviewed) -> None:
    one = library.read_by(GAME, "", "h-group:1")
    assert isinstance(one, Reviewed) and one.analysis.reading is not None
    assert str(one.analysis.reading.conventions) == "h-group:1"
    assert library.read_by(GAME, "", "h-group:5") is five  # the default is the cached game


def test_the_url_carries_the_conventions(library: GameLibrary) -> None:
    assert turn_href(GAME, 3) == f"?game={GAME}&turn=3"  # today's links: unchanged
    href = turn_href(GAME, 3, conventions="none")
    assert href == f"?game={GAME}&turn=3&conventions=none"
    assert parse_view(href).conventions == "none"
    assert parse_view(f"?game={GAME}").conventions is None
    assert url_mistakes(f"?game={GAME}&conventions=h-group:9", ("A",)) == [
        "conventions='h-group:9' in the link is not offered (expected one of h-group:1, "
        "h-group:2, h-group:3, h-group:4, h-group:5, h-group:11, none): reading by h-group:5."]
    out = open_view(library, Payloads(library), None, href, None, None, None)
    payload: dict[str, Any] = out[0]
    assert payload["conventions"] is None and out[-1] == "none"  # the selector is set
    assert all("conventions=none" in link for link in payload["links"].values())
    # the selector changed: the server reads again and stays on the turn
    out = open_view(library, Payloads(library), "conventions", f"?game={GAME}&turn=3",
                    GAME, "all", [], "deduced", "", 3, "h-group:2")
    assert out[0]["conventions"] == "h-group:2" and out[0]["start"] is None
    assert all("conventions=h-group%3A2" in link for link in out[0]["links"].values())
    # the no-spoilers payload that reaches further is read by the selector's conventions
    more = reach(library, Payloads(library), {"key": GAME, "viewer": 1, "turn": 5}, "",
                 "none")
    assert more["conventions"] is None
