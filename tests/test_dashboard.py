"""The dashboard without a browser: data access, the payload a game is sent as, and
the callbacks. The payload is what the browser draws (assets/review.js only draws
it), so these tests check it against the analysis itself.
"""

from __future__ import annotations

import base64
import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from dash.exceptions import PreventUpdate
from helpers import INVALID, SAMPLES
from nova_replay.dashboard import GameLibrary, create_app
from nova_replay.dashboard import app as app_module
from nova_replay.dashboard import data as data_module
from nova_replay.dashboard.callbacks import Payloads, open_view, reach, upload
from nova_replay.dashboard.data import MAX_UPLOAD_BYTES, Broken, Reviewed, UploadRefused, samples_dir
from nova_replay.dashboard.links import (
    TIERS,
    TURN_SLOT,
    link_templates,
    parse_search,
    parse_view,
    turn_href,
)
from nova_replay.dashboard.payload import BADGE_BITS, CARD_FIELDS, game_payload
from nova_replay.dashboard.survey import check_files
from nova_replay.dashboard.table import ViewOptions, action_text

from nova_replay.cli import main
from nova_replay.knowledge.perspective import Perspective
from nova_replay.record.load import load, load_data
from nova_replay.review.analysis import Analysis, Finding, analyze
from nova_replay.review.projection import project
from nova_replay.rules.game import Hint

(TEXT, COLOUR, TOUCHED, HINTED, DEDUCED, COMMON, TRUTH, BADGES, NOTES, LOOK,
 CLUES) = range(len(CARD_FIELDS))
# open_view() outputs, in order
PAYLOAD, PICKED, HREF, PROBLEMS, TITLE, VIEWERS, STYLE = range(7)


@pytest.fixture(scope="module")
def library() -> GameLibrary:
    return GameLibrary.from_path()


@pytest.fixture(scope="module")
def five(library: GameLibrary) -> Reviewed:
    loaded = library.get("hanabi-5p")
    assert isinstance(loaded, Reviewed)
    return loaded


def payload_of(a: Analysis, viewer: int | None = None, no_spoilers: bool = False,
               reached: int = 0) -> dict[str, Any]:
    """The payload as `viewer` sees it; with no spoilers, at the turn `reached`."""
    return game_payload("g", a, ViewOptions("deduced", viewer, no_spoilers), reached=reached)


def hidden_from(a: Analysis, f: Finding, turn: int, viewer: int | None) -> bool:
    """Whether `f` is hidden from `viewer` looking at `turn` (the perspective's rule)."""
    return Perspective(viewer, turn).hides_finding(f, a.timeline)


def hidden_at(a: Analysis, turn: int, viewer: int | None) -> frozenset[int]:
    """The findings the page marks hidden at `turn` as `viewer`, spoilers on."""
    return project(a, Perspective(viewer)).hidden_at(turn)


def badge_names(card: list[Any]) -> set[str]:
    return {key for key, b in BADGE_BITS.items() if card[BADGES] & b}


def opened(lib: GameLibrary, search: str | None, trigger: str | None = None,
           picker: str | None = None, viewer: str | None = None,
           spoilers: list[str] | None = None) -> tuple[Any, ...]:
    return open_view(lib, Payloads(lib), trigger, search, picker, viewer, spoilers)


def text_of(node: Any) -> str:
    """The text of a Dash component tree (problems, title)."""
    if isinstance(node, (list, tuple)):
        return " ".join(text_of(c) for c in node)
    if node is None:
        return ""
    if isinstance(node, (str, int, float)):
        return str(node)
    return text_of(getattr(node, "children", None))


def data_url(raw: bytes) -> str:
    return "data:application/json;base64," + base64.b64encode(raw).decode()


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


def test_a_folder_is_listed_and_each_log_read_only_when_opened(tmp_path: Path) -> None:
    for i in range(300):
        (tmp_path / f"g{i:03d}.json").write_bytes(b"{not json" if i == 7 else b"")
    (tmp_path / "g000.json").write_bytes((SAMPLES / "nova-2p.json").read_bytes())
    lib = GameLibrary.from_path(tmp_path)  # would fail if it read the broken files
    assert len(lib) == 300
    assert isinstance(lib.get("g000"), Reviewed)
    broken = lib.get("g007")
    assert isinstance(broken, Broken) and broken.problems


def test_opened_games_are_kept_in_a_bounded_cache(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(data_module, "GAMES_KEPT", 3)
    for i in range(5):
        (tmp_path / f"g{i}.json").write_bytes((SAMPLES / "nova-2p.json").read_bytes())
    lib = GameLibrary.from_path(tmp_path)
    first = lib.get("g0")
    assert first is lib.get("g0")  # analysed once, then from the cache
    for i in range(1, 5):
        lib.get(f"g{i}")
    assert len(lib._loaded) == 3 and "g0" not in lib._loaded
    assert lib.get("g0") is not first  # analysed again once dropped
    assert lib.get("no-such-game") is None


def test_the_picker_lists_a_few_games_and_searches_them_all(tmp_path: Path) -> None:
    for i in range(120):
        (tmp_path / f"game-{i:03d}.json").write_bytes(b"")
    lib = GameLibrary.from_path(tmp_path)
    assert len(lib.options()) == data_module.PICKER_SHOWN
    assert [o["value"] for o in lib.options("GAME-11")] == [f"game-11{i}" for i in range(10)]
    kept = lib.options(keep="game-119")
    assert kept[-1] == {"label": "game-119.json", "value": "game-119"}  # listed, not read
    assert len(kept) == data_module.PICKER_SHOWN + 1 and lib.checks == 0
    lib.checker = check_files  # the survey in its thread, here
    survey = lib.start_survey()
    assert survey is not None
    survey.join()
    kept = lib.options(keep="game-119")
    assert kept[-1] == {"label": "✗ game-119.json (does not validate)", "value": "game-119"}
    layout = create_app(lib).layout
    assert "120 games" in json.dumps((layout() if callable(layout) else layout).to_plotly_json(),
                                     default=str)


def test_an_invalid_log_gives_the_validators_messages() -> None:
    folder = GameLibrary.from_path(INVALID)
    loaded = folder.get("duplicate-names")
    assert isinstance(loaded, Broken)
    assert any("duplicate player name" in p for p in loaded.problems)
    out = opened(folder, "?game=duplicate-names&turn=0")
    shown = text_of(out[PROBLEMS])
    assert "not a valid game log" in shown and "duplicate player name" in shown
    assert out[STYLE] == {"display": "none"} and out[PAYLOAD] is None


def test_a_log_illegal_at_turn_k_is_reviewed_up_to_k_minus_1() -> None:
    folder = GameLibrary.from_path(INVALID)
    loaded = folder.get("hint-no-coins")  # turn 9: a hint with 0 coins left
    assert isinstance(loaded, Reviewed) and loaded.turns == 8
    assert loaded.illegal == (9, "Carla gives a hint with 0 coins left")
    assert not folder.validates("hint-no-coins")
    out = opened(folder, "?game=hint-no-coins&turn=20")
    assert out[PAYLOAD]["start"] == 8 and out[PAYLOAD]["illegal"] == [9, loaded.illegal[1]]
    shown = text_of(out[PROBLEMS])
    assert "turn 9: Carla gives a hint with 0 coins left" in shown
    assert "reviewed up to turn 8" in shown and out[STYLE] == {}


def test_upload_of_a_good_log_is_added_and_opened(tmp_path: Path) -> None:
    lib = GameLibrary.from_path(SAMPLES / "nova-2p.json")
    raw = (SAMPLES / "nova-5p.json").read_bytes()
    href, message, cls = upload(lib, data_url(raw), "mine.json")
    key = parse_search(href)[0]
    assert key is not None and key.startswith("upload-")
    assert {"label": "mine.json (uploaded)", "value": key} in lib.options()
    assert message == "Loaded mine.json." and cls == "upload-message ok"
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
    _, message, cls = upload(lib, data_url(b"{oops"), "bad.json")
    assert message.startswith("bad.json: refused, not JSON") and cls.endswith("error")
    assert len(lib.entries) == 1


def test_an_uploaded_invalid_log_shows_its_problems() -> None:
    lib = GameLibrary.from_path(SAMPLES / "nova-2p.json")
    key = lib.add_upload("dup.json", data_url((INVALID / "duplicate-names.json").read_bytes()))
    out = opened(lib, turn_href(key, 0))
    assert "duplicate player name" in text_of(out[PROBLEMS])


# --- opening a game ---------------------------------------------------------------------

def test_parse_search() -> None:
    assert parse_search("?game=nova-2p&turn=7") == ("nova-2p", 7)
    assert parse_search("?turn=x") == (None, None)
    assert parse_search(None) == (None, None)
    assert parse_search(turn_href("a b&c", 3)) == ("a b&c", 3)


def test_opening_reads_and_clamps_the_url(library: GameLibrary) -> None:
    def start(search: str, trigger: str | None = None, picker: str | None = None) -> Any:
        out = opened(library, search, trigger, picker)
        return out[PICKED], out[PAYLOAD]["start"]

    assert start("?game=nova-2p&turn=5") == ("nova-2p", 5)
    assert start("?game=nova-2p&turn=999") == ("nova-2p", 33)
    assert start("?game=nova-2p&turn=-4") == ("nova-2p", 0)
    unknown = opened(library, "?game=nope&turn=3")
    assert unknown[PAYLOAD] is None and unknown[PICKED] is None
    assert "No game called “nope” here" in text_of(unknown[PROBLEMS])
    assert start("?game=hanabi-5p.json&turn=3") == ("hanabi-5p", 3)
    assert start("?game=nova-2p&turn=9", "game-picker", "nova-5p") == ("nova-5p", 0)
    # Another viewer or mode keeps the turn the browser is on.
    assert start("?game=nova-2p&turn=9", "as", "nova-2p") == ("nova-2p", None)
    # With no game named, the page opens the picker's first: a real hanab.live game.
    assert [e.key for e in library.entries if e.listed][:3] == [
        "hanab-live-3p-p3v0s10", "hanab-live-4p-194321", "hanab-live-5p-149251"]
    assert opened(library, "", None)[HREF] == "?game=hanab-live-3p-p3v0s10&turn=0"


def test_the_payload_is_sent_once_per_game_viewer_and_mode(library: GameLibrary) -> None:
    payloads = Payloads(library)
    five = library.get("hanabi-5p")
    assert isinstance(five, Reviewed)
    first = payloads.get("hanabi-5p", five, ViewOptions())
    assert payloads.get("hanabi-5p", five, ViewOptions(tier="hinted")) is first
    assert payloads.get("hanabi-5p", five, ViewOptions(viewer=1)) is not first
    size = len(json.dumps(first))
    assert size < 200_000, size  # the whole game; a turn change sends nothing


# --- the table and the hands -------------------------------------------------------------

def test_hands_carry_truth_and_every_tier_of_the_analysis(five: Reviewed) -> None:
    a = five.analysis
    p = payload_of(a)
    for turn, t in enumerate(p["turn_data"]):
        for player in range(5):
            hand = a.knowledge.of(turn, player)
            assert len(t["hands"][player]) == len(hand)
            for card, k in zip(t["hands"][player], hand, strict=True):
                assert card[TEXT] == a.record.game.deck[k.card].show()
                assert (card[HINTED], card[DEDUCED], card[COMMON]) == (k.hinted, k.deduced,
                                                                       k.common)
                assert card[TRUTH] == a.ids.of_card[k.card]
                assert card[TOUCHED] == int(k.touched)
    assert p["tier_for"] == {tier: [tier] * 5 for tier in ("hinted", "deduced", "common")}


def test_badges_follow_the_analysis(five: Reviewed) -> None:
    a = five.analysis
    t = payload_of(a)["turn_data"][30]
    chop = a.chop(30, 3)
    assert chop is not None
    assert "chop" in badge_names(t["hands"][3][chop])
    assert "playable" in badge_names(t["hands"][0][0])  # 5B after the 5s hint
    st = a.knowledge.statuses[30]
    assert all(("critical" in badge_names(card))
               == bool((st.critical >> a.ids.of_card[k.card]) & 1)
               for p in range(5) for card, k in zip(t["hands"][p], a.knowledge.of(30, p),
                                                    strict=True))


def test_as_player_their_cards_and_what_they_drew_are_not_sent(five: Reviewed) -> None:
    a = five.analysis
    game = a.record.game
    turn = next(t for t in range(1, a.timeline.turns)
                if a.timeline[t - 1].player(game) == 1 and a.timeline[t].drawn > a.timeline[t - 1].drawn)
    p = payload_of(a, viewer=1)
    for t in p["turn_data"]:
        for card in t["hands"][1]:
            assert card[TEXT] is None and card[COLOUR] is None and card[TRUTH] == -1
            assert "critical" not in badge_names(card)
    assert p["turn_data"][turn]["hands"][0][0][TEXT] is not None
    said = p["turn_data"][turn]["action"]
    assert said == action_text(a, turn, ViewOptions(viewer=1)) and "draws a card" in said
    assert game.card_text(a.timeline[turn].hands[1][0]) not in said.split("draws")[1]
    assert "draws a card" not in payload_of(a)["turn_data"][turn]["action"]


def test_table_marks_lost_critical_cards_and_groups_discards(library: GameLibrary) -> None:
    loaded = library.get("nova-4p")
    assert isinstance(loaded, Reviewed)
    a = loaded.analysis
    lost = a.lost_cards(21)
    assert lost
    t = payload_of(a)["turn_data"][21]
    chips = [chip for _, group in t["discards"] for chip in group]
    assert sorted(text for text, is_lost, _, _ in chips if is_lost) == sorted(
        a.record.game.card_text(c) for c in lost)
    assert len(chips) == len(a.timeline[21].discards) and len(t["discards"]) == 4
    # each chip links to the turn its card was thrown: that turn's play or discard of it
    for text, _, _, at in chips:
        action = a.timeline.actions[at - 1]
        assert not isinstance(action, Hint) and a.record.game.card_text(action.card) == text
    assert t["pile"] == a.clock[21].draw_pile and t["rows"] == list(a.timeline[21].rows)


def test_player_names_and_comments_are_sent_as_they_are() -> None:
    data = json.loads((SAMPLES / "nova-3p-worked-example.json").read_text())
    evil = "<script>alert('x')</script><b>Ann</b>"[:40]
    data["players"][0] = evil
    for action in data["actions"]:
        if action.get("to") == "Anna":
            action["to"] = evil
    data["actions"][0]["comment"] = "<img src=x onerror=alert(1)>"
    p = payload_of(analyze(load_data(data, "evil.json")))
    # Plain strings: review.js sets them as text (textContent), never as HTML.
    assert p["turn_data"][1]["comment"] == "<img src=x onerror=alert(1)>"
    assert p["players"][0] == evil


def test_the_grid_has_a_joker_cell_when_the_game_has_jokers(library: GameLibrary) -> None:
    loaded = library.get("nova-4p-wild-jokers")
    assert isinstance(loaded, Reviewed)
    a = loaded.analysis
    p = payload_of(a)
    assert len(p["suits"]) * p["max_rank"] + 1 == a.ids.count == 4 * 5 + 1
    assert p["joker"] == a.ids.joker == a.ids.count - 1


# --- the clock, findings, summary ------------------------------------------------------

def test_the_clock_and_the_findings_markers_are_the_analysis(five: Reviewed) -> None:
    a = five.analysis
    p = payload_of(a)
    assert p["clock"]["pace"] == [c.pace for c in a.clock]
    assert p["clock"]["turn"] == list(range(a.timeline.turns + 1))
    # A Hanabi game: the chart's legend speaks of clues.
    marked = [f["turn"] for f in p["findings"] if f["marker"] and f["marker"][0] == "wasted clue"]
    assert marked == [f.turn for f in a.findings if f.kind == "wasted_hint"] != []
    assert {f["label"] for f in p["findings"] if f["kind"] == "wasted_hint"} == {"wasted clue"}
    assert [f["message"] for f in p["findings"]] == [f.message for f in a.findings]


def test_no_spoilers_summary_holds_the_figures_of_each_turn(five: Reviewed) -> None:
    a = five.analysis
    p = payload_of(a, no_spoilers=True, reached=29)
    assert not p["spoilers"] and p["turns"] == 30 and len(p["turn_data"]) == 31
    summary = p["summaries"][p["turn_data"][29]["summary"]]
    facts = {key: value for _, value, key in summary["facts"]}
    assert facts["sum-score"] == f"{a.clock[29].score} / 25" and "So far" in summary["heading"]
    assert facts["sum-wasted"] == str(sum(f.kind == "wasted_hint" and f.turn <= 29
                                          for f in a.findings))


def test_summary_shows_the_final_figures(five: Reviewed) -> None:
    s = five.analysis.summary
    p = payload_of(five.analysis)
    assert len(p["summaries"]) == 1  # the same at every turn
    facts = {key: value for _, value, key in p["summaries"][0]["facts"]}
    assert facts["sum-score"] == f"{s.score} / {s.perfect_score}"
    assert facts["sum-wasted"] == str(s.wasted_hints)
    assert facts["sum-eff"] == f"{s.efficiency:.2f}"


def test_opening_sends_title_viewers_and_the_payload(library: GameLibrary) -> None:
    out = opened(library, "?game=nova-3p-worked-example&turn=3&as=Carla&spoilers=off&tier=hinted")
    assert out[-4:] == ("2", "hinted", ["hide"], "h-group:5")  # the controls follow the link
    record = load(SAMPLES / "nova-3p-worked-example.json")
    p = out[PAYLOAD]
    assert p["start"] == 3 and p["turns"] == 4 and p["total"] is None and p["viewer"] == 2
    assert p["turn_data"][3]["comment"] == record.log.actions[2].comment
    assert [o["value"] for o in out[VIEWERS]] == ["all", "0", "1", "2"]
    assert {card[TEXT] for card in p["turn_data"][3]["hands"][2]} == {None}
    assert p["tier_for"]["deduced"] == ["common", "common", "deduced"]
    assert out[STYLE] == {} and out[PROBLEMS] is None


def test_the_app_has_the_callbacks_and_the_layout_lists_uploads() -> None:
    lib = GameLibrary.from_path(SAMPLES / "nova-2p.json")
    app = create_app(lib)
    # the review 6 (a step ahead with no spoilers too), its evaluation curve 3, lessons and
    # puzzles 4, a hypothetical's moves 2, the move values 4 (value_jobs.py)
    assert len(app.callback_map) == 19
    lib.add_upload("again.json", data_url((SAMPLES / "nova-5p.json").read_bytes()))
    layout = app.layout() if callable(app.layout) else app.layout
    picker = next(c for c in layout._traverse() if getattr(c, "id", None) == "game-picker")
    assert len(picker.options) == 2


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
    # a folder (the samples) has two callbacks more: its validation's progress, and its start
    assert calls == [("127.0.0.1", 8050, 21), ("0.0.0.0", 9000, 19)]


def test_dashboard_command_help_and_bad_paths(tmp_path: Path) -> None:
    runner = CliRunner()
    helped = runner.invoke(main, ["dashboard", "--help"])
    assert helped.exit_code == 0 and "Example:" in helped.output
    assert runner.invoke(main, ["dashboard", str(tmp_path / "missing.json")]).exit_code == 1
    empty = runner.invoke(main, ["dashboard", str(tmp_path)])
    assert empty.exit_code == 2 and "no .json files" in empty.output


def test_serve_reports_an_address_it_cannot_listen_on() -> None:
    """A taken port gives another (tests/test_cli_edges.py); an address this machine does
    not have (TEST-NET-1, RFC 5737) is one line, exit 1."""
    result = CliRunner().invoke(main, ["dashboard", "--host", "192.0.2.1", "--port", "0"])
    assert result.exit_code == 1 and "cannot serve on 192.0.2.1:0" in result.output


def test_the_links_the_browser_writes_are_the_servers() -> None:
    # review.js puts the turn in place of TURN_SLOT in the template of the tier shown.
    for player in (None, "Bo & Al", "turn=-1"):
        for no_spoilers in (False, True):
            templates = link_templates("a b&c", player, no_spoilers)
            assert set(templates) == set(TIERS)
            for tier, template in templates.items():
                assert template.count(TURN_SLOT) == 1
                href = template.replace(TURN_SLOT, "turn=7")
                assert href == turn_href("a b&c", 7, player, tier, no_spoilers)
                view = parse_view(href)
                assert (view.game, view.turn, view.player, view.no_spoilers) == (
                    "a b&c", 7, player, no_spoilers)
                assert view.tier == (None if tier == "deduced" else tier)


def test_no_spoilers_payloads_follow_the_turn_reached(library: GameLibrary) -> None:
    # Switching to no spoilers at turn 20 (the page says where it is): turns 0..21.
    out = open_view(library, Payloads(library), "spoilers", "?game=hanabi-5p&turn=3",
                    "hanabi-5p", "1", ["hide"], None, "", 20)
    p = out[PAYLOAD]
    assert p["start"] is None and p["turns"] == 21 and len(p["turn_data"]) == 22
    assert p["viewer"] == 1 and not p["spoilers"] and p["total"] is None
    # A step onto turn 21 asks for the next one.
    more = reach(library, Payloads(library), {"key": "hanabi-5p", "viewer": 1, "turn": 21})
    assert more["extends"] and more["turns"] == 22 and more["viewer"] == 1
    assert more["turn_data"][:21] == p["turn_data"][:21]
    end = reach(library, Payloads(library), {"key": "hanabi-5p", "viewer": None, "turn": 99})
    assert end["turns"] == 41 and end["end"] and not end["spoilers"]
    for bad in (None, {}, {"key": "nope", "viewer": None, "turn": 1},
                {"key": "hanabi-5p", "viewer": 7, "turn": 1},
                {"key": "hanabi-5p", "viewer": None, "turn": "1"}):
        with pytest.raises(PreventUpdate):
            reach(library, Payloads(library), bad)
