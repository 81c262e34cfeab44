"""The dashboard without a browser: data access, layout functions and callbacks.

Layout functions return Dash component trees; `find` and `text_of` walk them, so
these tests check what the page would show against the analysis itself.
"""

from __future__ import annotations

import base64
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from dash import html
from helpers import INVALID, SAMPLES
from nova_replay.dashboard import GameLibrary, create_app
from nova_replay.dashboard import app as app_module
from nova_replay.dashboard.callbacks import navigate, parse_search, render, slider_marks, upload
from nova_replay.dashboard.data import MAX_UPLOAD_BYTES, Broken, Reviewed, UploadRefused, samples_dir
from nova_replay.dashboard.panels import clock_figure, findings_view, summary_view, turn_href
from nova_replay.dashboard.table import (
    ViewOptions,
    action_text,
    hands_view,
    knowledge_grid,
    table_view,
)

from nova_replay.cli import main
from nova_replay.record.load import load, load_data
from nova_replay.review.analysis import analyze

# render() outputs, in order
PROBLEMS, TITLE, TABLE, HANDS, FIGURE, FINDINGS, SUMMARY, VIEWERS, LABEL, STYLE = range(10)


class Raw:
    """A component given as the plain dict Dash sends (the grid cells are)."""

    def __init__(self, data: dict[str, Any]) -> None:
        self.type = data["type"]
        self.__dict__.update(data["props"])


def walk(node: Any) -> Iterator[Any]:
    if isinstance(node, (list, tuple)):
        for child in node:
            yield from walk(child)
        return
    if isinstance(node, dict) and "namespace" in node:
        node = Raw(node)
    if node is None or isinstance(node, (str, int, float)):
        return
    yield node
    yield from walk(getattr(node, "children", None))


def find(node: Any, id_: Any) -> Any:
    for c in walk(node):
        if getattr(c, "id", None) == id_:
            return c
    raise AssertionError(f"no component with id {id_!r}")


def by_class(node: Any, cls: str) -> list[Any]:
    return [c for c in walk(node) if cls in (getattr(c, "className", None) or "").split()]


def text_of(node: Any) -> str:
    if isinstance(node, (list, tuple)):
        return " ".join(text_of(c) for c in node)
    if node is None:
        return ""
    if isinstance(node, (str, int, float)):
        return str(node)
    return text_of(getattr(node, "children", None))


@pytest.fixture(scope="module")
def library() -> GameLibrary:
    return GameLibrary.from_path()


@pytest.fixture(scope="module")
def five(library: GameLibrary) -> Reviewed:
    loaded = library.get("hanabi-5p")
    assert isinstance(loaded, Reviewed)
    return loaded


def view(game: str, turn: int) -> dict[str, Any]:
    return {"game": game, "turn": turn}


# --- data ---------------------------------------------------------------------------

def test_bundled_samples_are_every_valid_sample(library: GameLibrary) -> None:
    assert samples_dir() == SAMPLES
    assert [e.label for e in library.entries] == [p.name for p in sorted(SAMPLES.glob("*.json"))]
    assert library.source == "bundled sample games"


def test_a_file_gives_one_game_and_a_folder_all_its_logs(tmp_path: Path) -> None:
    one = GameLibrary.from_path(SAMPLES / "nova-2p.json")
    assert [e.key for e in one.entries] == ["nova-2p"]
    folder = GameLibrary.from_path(INVALID)
    assert len(folder.entries) == len(list(INVALID.glob("*.json")))
    assert GameLibrary.from_path(tmp_path).entries == []


def test_games_are_analysed_once_then_cached(library: GameLibrary) -> None:
    first = library.get("nova-2p")
    assert first is library.get("nova-2p")
    assert library.get("no-such-game") is None


def test_an_invalid_log_gives_the_validators_messages() -> None:
    folder = GameLibrary.from_path(INVALID)
    loaded = folder.get("hint-to-self")
    assert isinstance(loaded, Broken)
    assert any("a hint goes to another player" in p for p in loaded.problems)
    out = render(folder, view("hint-to-self", 0), None, None, None, None, None)
    shown = text_of(out[PROBLEMS])
    assert "not a valid game log" in shown and "a hint goes to another player" in shown
    assert out[STYLE] == {"display": "none"}


def data_url(raw: bytes) -> str:
    return "data:application/json;base64," + base64.b64encode(raw).decode()


def test_upload_of_a_good_log_is_added_and_opened(tmp_path: Path) -> None:
    lib = GameLibrary.from_path(SAMPLES / "nova-2p.json")
    raw = (SAMPLES / "nova-5p.json").read_bytes()
    options, href, message = upload(lib, data_url(raw), "mine.json")
    key = parse_search(href)[0]
    assert key is not None and key.startswith("upload-")
    assert {"label": "mine.json (uploaded)", "value": key} in options
    assert message == "Loaded mine.json."
    loaded = lib.get(key)
    assert isinstance(loaded, Reviewed) and loaded.analysis.record.game.players[0] == "Anna"


def test_uploads_over_the_limit_or_not_json_are_refused() -> None:
    lib = GameLibrary.from_path(SAMPLES / "nova-2p.json")
    with pytest.raises(UploadRefused, match="5 MB"):
        lib.add_upload("big.json", data_url(b" " * (MAX_UPLOAD_BYTES + 10)))
    with pytest.raises(UploadRefused, match="not JSON"):
        lib.add_upload("notes.txt", data_url(b"hello, not json"))
    with pytest.raises(UploadRefused, match="not a readable file"):
        lib.add_upload("x.json", "data:application/json;base64,@@@")
    _, _, message = upload(lib, data_url(b"{oops"), "bad.json")
    assert message.startswith("bad.json: refused, not JSON")
    assert len(lib.entries) == 1


def test_an_uploaded_invalid_log_shows_its_problems() -> None:
    lib = GameLibrary.from_path(SAMPLES / "nova-2p.json")
    key = lib.add_upload("dup.json", data_url((INVALID / "duplicate-names.json").read_bytes()))
    out = render(lib, view(key, 0), None, None, None, None, None)
    assert "duplicate player name" in text_of(out[PROBLEMS])


# --- navigation ------------------------------------------------------------------------

def test_parse_search() -> None:
    assert parse_search("?game=nova-2p&turn=7") == ("nova-2p", 7)
    assert parse_search("?turn=x") == (None, None)
    assert parse_search(None) == (None, None)
    assert parse_search(turn_href("a b&c", 3)) == ("a b&c", 3)


@pytest.mark.parametrize(("trigger", "expected"), [
    ("nav-first", 0), ("nav-prev", 9), ("nav-next", 11), ("nav-last", 41),
    ("turn-slider", 25), ("clock", 28),
])
def test_navigate_moves_from_turn_10(library: GameLibrary, trigger: str, expected: int) -> None:
    click = {"points": [{"x": 28, "y": 5, "customdata": 28}]}
    got = navigate(library, trigger, "?game=hanabi-5p&turn=10", "hanabi-5p", 25, click,
                   view("hanabi-5p", 10))
    assert got == ("hanabi-5p", expected)


def test_navigate_reads_and_clamps_the_url(library: GameLibrary) -> None:
    assert navigate(library, None, "?game=nova-2p&turn=5", None, None, None, None) == ("nova-2p", 5)
    assert navigate(library, "url", "?game=nova-2p&turn=999", None, None, None, None) == ("nova-2p", 33)
    assert navigate(library, None, "?game=nope&turn=3", None, None, None, None) == ("hanabi-2p", 3)
    assert navigate(library, "nav-prev", "", None, None, None, view("nova-2p", 0)) == ("nova-2p", 0)
    assert navigate(library, "game-picker", "", "nova-5p", None, None, view("nova-2p", 9)) == (
        "nova-5p", 0)


def test_slider_marks_stay_few() -> None:
    assert list(slider_marks(33)) == [0, 5, 10, 15, 20, 25, 30]
    assert len(slider_marks(120)) <= 7


# --- the table and the hands -------------------------------------------------------------

def test_hands_show_truth_and_the_knowledge_grid_of_the_analysis(five: Reviewed) -> None:
    a = five.analysis
    turn = 30
    for tier in ("hinted", "deduced", "common"):
        hands = hands_view(a, turn, ViewOptions(tier=tier))
        for p in range(5):
            for slot, k in enumerate(a.knowledge.of(turn, p)):
                card = find(hands, f"card-{p}-{slot}")
                assert text_of(by_class(card, "card-face")) == a.record.game.deck[k.card].show()
                cells = by_class(card, "gcell")
                on = [i for i, c in enumerate(cells) if "on" in c.className.split()]
                assert on == a.ids.members(getattr(k, tier))
                truth = [i for i, c in enumerate(cells) if "truth" in c.className.split()]
                assert truth == [a.ids.of_card[k.card]]


def test_badges_follow_the_analysis(five: Reviewed) -> None:
    a = five.analysis
    hands = hands_view(a, 30, ViewOptions())
    chop = a.chop(30, 3)
    assert chop is not None
    assert "chop" in text_of(by_class(find(hands, f"card-3-{chop}"), "badges"))
    alice = [text_of(by_class(find(hands, f"card-0-{s}"), "badges")) for s in range(4)]
    assert "knows playable" in alice[0]  # 5B after the 5s hint
    assert all(("critical" in text_of(by_class(find(hands, f"card-{p}-{s}"), "badges")))
               == bool((a.knowledge.statuses[30].critical >> a.ids.of_card[k.card]) & 1)
               for p in range(5) for s, k in enumerate(a.knowledge.of(30, p)))


def test_as_player_hides_their_cards_and_what_they_drew(five: Reviewed) -> None:
    a = five.analysis
    game = a.record.game
    turn = next(t for t in range(1, a.timeline.turns)
                if a.timeline[t - 1].player(game) == 1 and a.timeline[t].drawn > a.timeline[t - 1].drawn)
    opts = ViewOptions(viewer=1)
    hands = hands_view(a, turn, opts)
    bob = find(hands, "hand-1")
    assert {text_of(f) for f in by_class(bob, "card-face")} == {"?"}
    assert not by_class(bob, "truth") and "critical" not in text_of(by_class(bob, "badges"))
    assert "hidden" in text_of(by_class(bob, "hand-title"))
    assert text_of(by_class(find(hands, "hand-0"), "card-face")) != "? ? ? ?"
    said = action_text(a, turn, opts)
    assert "draws a card" in said
    assert game.card_text(a.timeline[turn].hands[1][0]) not in said.split("draws")[1]
    assert "draws a card" not in action_text(a, turn, ViewOptions())


def test_table_marks_lost_critical_cards_and_groups_discards(library: GameLibrary) -> None:
    loaded = library.get("nova-4p")
    assert isinstance(loaded, Reviewed)
    a = loaded.analysis
    lost = a.lost_cards(21)
    assert lost
    table = table_view(a, 21, ViewOptions())
    marked = by_class(find(table, "discards"), "lost")
    assert sorted(text_of(m) for m in marked) == sorted(a.record.game.card_text(c) for c in lost)
    assert len(by_class(find(table, "discards"), "chip")) == len(a.timeline[21].discards)
    assert len(by_class(find(table, "discards"), "discard-line")) == 4
    assert text_of(find(table, "counter-draw-pile")) == str(a.clock[21].draw_pile)


def test_player_names_and_comments_with_html_are_text() -> None:
    data = json.loads((SAMPLES / "nova-3p-worked-example.json").read_text())
    evil = "<script>alert('x')</script><b>Ann</b>"[:40]
    data["players"][0] = evil
    for action in data["actions"]:
        if action.get("to") == "Anna":
            action["to"] = evil
    data["actions"][0]["comment"] = "<img src=x onerror=alert(1)>"
    a = analyze(load_data(data, "evil.json"))
    table = table_view(a, 1, ViewOptions())
    comment = find(table, "comment")
    assert comment.children == "<img src=x onerror=alert(1)>"  # a string child: rendered as text
    hands = hands_view(a, 1, ViewOptions())
    assert by_class(hands, "player-name")[0].children == evil
    assert not any(isinstance(c, html.Script) or hasattr(c, "dangerously_allow_html")
                   for c in walk([table, hands]))


def test_knowledge_grid_has_a_joker_cell_when_the_game_has_jokers(library: GameLibrary) -> None:
    loaded = library.get("nova-4p-wild-jokers")
    assert isinstance(loaded, Reviewed)
    a = loaded.analysis
    k = a.knowledge.of(0, 0)[0]
    grid = knowledge_grid(a, k, "hinted", show_truth=True)
    assert len(by_class(grid, "gcell")) == a.ids.count == 4 * 5 + 1


# --- the clock, findings, summary ------------------------------------------------------

def test_clock_has_every_turn_a_current_turn_line_and_finding_markers(five: Reviewed) -> None:
    a = five.analysis
    fig = clock_figure(a, 12, ViewOptions())
    lines = {t["name"]: t for t in fig["data"] if t["mode"] == "lines"}
    assert set(lines) == {"draw pile", "pace", "score", "max score"}
    assert lines["pace"]["y"] == [p.pace for p in a.clock]
    assert fig["layout"]["shapes"][0]["x0"] == 12
    wasted = next(t for t in fig["data"] if t["name"] == "wasted hint")
    assert wasted["customdata"] == [f.turn for f in a.findings if f.kind == "wasted_hint"]


def test_no_spoilers_hides_the_future_everywhere(five: Reviewed, library: GameLibrary) -> None:
    a = five.analysis
    opts = ViewOptions(no_spoilers=True)
    fig = clock_figure(a, 29, opts)
    assert max(max(t["x"]) for t in fig["data"]) <= 29
    assert [t["name"] for t in fig["data"] if t["mode"] == "markers"] == ["wasted hint"]
    shown = findings_view(a, "hanabi-5p", 29, opts, [], None)
    assert "turn 28" in text_of(shown) and "turn 30" not in text_of(shown)
    summary = summary_view(a, 29, opts)
    assert text_of(find(summary, "sum-score")) == f"{a.clock[29].score} / 25"
    assert "So far" in text_of(summary)
    out = render(library, view("hanabi-5p", 29), None, None, ["hide"], None, None)
    assert out[LABEL] == "Turn 29" and "41" not in text_of(out[SUMMARY])


def test_findings_filter_by_kind_and_severity_and_link_to_their_turn(five: Reviewed) -> None:
    a = five.analysis
    all_ = by_class(findings_view(a, "hanabi-5p", 0, ViewOptions(), [], None), "finding")
    assert len(all_) == len(a.findings)
    assert all_[0].href == "?game=hanabi-5p&turn=28"
    good = by_class(findings_view(a, "hanabi-5p", 0, ViewOptions(), [], ["good"]), "finding")
    assert len(good) == sum(f.severity == "good" for f in a.findings)
    nice = next(f for f in a.findings if f.severity == "good")
    same = by_class(findings_view(a, "hanabi-5p", nice.turn, ViewOptions(), [nice.kind], None),
                    "finding")
    assert len(same) == sum(f.kind == nice.kind for f in a.findings)
    assert all(("current" in x.className) == x.href.endswith(f"turn={nice.turn}") for x in same)
    none = findings_view(a, "hanabi-5p", 0, ViewOptions(), [], [])
    assert "No findings" in text_of(none)


def test_findings_about_the_viewers_own_cards_are_hidden(five: Reviewed) -> None:
    a = five.analysis
    shown = text_of(findings_view(a, "hanabi-5p", 30, ViewOptions(viewer=0), [], None))
    assert "5R" not in shown and "note about your cards, hidden while viewing as Alice" in shown
    assert "good hint" not in shown


def test_summary_shows_the_final_figures(five: Reviewed) -> None:
    s = five.analysis.summary
    summary = summary_view(five.analysis, 3, ViewOptions())
    assert text_of(find(summary, "sum-score")) == f"{s.score} / {s.perfect_score}"
    assert text_of(find(summary, "sum-wasted")) == str(s.wasted_hints)
    assert text_of(find(summary, "sum-eff")) == f"{s.efficiency:.2f}"


def test_render_draws_the_whole_page_for_a_turn(library: GameLibrary) -> None:
    out = render(library, view("nova-3p-worked-example", 3), "common", "2", [], None, None)
    record = load(SAMPLES / "nova-3p-worked-example.json")
    assert out[LABEL] == "Turn 3 of 31"
    assert record.log.actions[2].comment == text_of(find(out[TABLE], "comment"))
    assert [o["value"] for o in out[VIEWERS]] == ["all", "0", "1", "2"]
    assert {text_of(f) for f in by_class(find(out[HANDS], "hand-2"), "card-face")} == {"?"}
    assert by_class(out[HANDS], "tier-common")
    assert out[STYLE] == {} and out[PROBLEMS] is None


def test_the_app_has_the_callbacks_and_the_layout_lists_uploads() -> None:
    lib = GameLibrary.from_path(SAMPLES / "nova-2p.json")
    app = create_app(lib)
    assert len(app.callback_map) == 3
    lib.add_upload("again.json", data_url((SAMPLES / "nova-5p.json").read_bytes()))
    layout = app.layout() if callable(app.layout) else app.layout
    assert len(find(layout, "game-picker").options) == 2


# --- the command ----------------------------------------------------------------------

def test_dashboard_command_serves_127_0_0_1_8050_by_default(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[tuple[str, int, int]] = []

    def fake_serve(app: Any, host: str, port: int, announce: Any) -> None:
        calls.append((host, port, len(app.callback_map)))

    monkeypatch.setattr(app_module, "serve", fake_serve)
    monkeypatch.setattr("nova_replay.dashboard.serve", fake_serve)
    runner = CliRunner()
    assert runner.invoke(main, ["dashboard"]).exit_code == 0
    assert runner.invoke(main, ["dashboard", str(SAMPLES / "nova-2p.json"), "--host", "0.0.0.0",
                                "--port", "9000"]).exit_code == 0
    assert calls == [("127.0.0.1", 8050, 3), ("0.0.0.0", 9000, 3)]


def test_dashboard_command_help_and_bad_paths(tmp_path: Path) -> None:
    runner = CliRunner()
    helped = runner.invoke(main, ["dashboard", "--help"])
    assert helped.exit_code == 0 and "Example:" in helped.output
    assert runner.invoke(main, ["dashboard", str(tmp_path / "missing.json")]).exit_code == 2
    empty = runner.invoke(main, ["dashboard", str(tmp_path)])
    assert empty.exit_code == 2 and "no .json files" in empty.output


def test_serve_reports_a_taken_port() -> None:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        port = s.getsockname()[1]
        result = CliRunner().invoke(main, ["dashboard", "--port", str(port)])
    assert result.exit_code == 1 and "cannot serve on 127.0.0.1" in result.output
