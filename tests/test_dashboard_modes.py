"""The two review modes without a browser: "as player X" must not tell X anything about
their own cards, and "no spoilers" must not tell anything after the current turn.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from helpers import SAMPLES
from nova_replay.dashboard import GameLibrary
from nova_replay.dashboard.callbacks import navigate, render, slider_range
from nova_replay.dashboard.data import Reviewed
from nova_replay.dashboard.panels import (
    clock_figure,
    findings_view,
    hidden_from,
    summary_view,
)
from nova_replay.dashboard.table import ViewOptions, hands_view
from test_dashboard import FIGURE, PROBLEMS, SUMMARY, TITLE, by_class, data_url, find, text_of

from nova_replay.record.load import load_data
from nova_replay.review.analysis import Analysis, Finding, analyze
from nova_replay.review.knowledge import knows_exactly, knows_playable, knows_trash


@pytest.fixture(scope="module")
def library() -> GameLibrary:
    return GameLibrary.from_path()


# The course's lesson on a hint that touched only trash (a copy already hinted elsewhere).
TRASH_LESSON = SAMPLES / "lessons" / "16-copy-already-hinted.json"


def trash_lesson() -> Analysis:
    return analysis_of(GameLibrary.from_path(TRASH_LESSON), TRASH_LESSON.stem)


def analysis_of(library: GameLibrary, key: str) -> Analysis:
    loaded = library.get(key)
    assert isinstance(loaded, Reviewed)
    return loaded.analysis


def view(game: str, turn: int) -> dict[str, Any]:
    return {"game": game, "turn": turn}


def hover_texts(fig: dict[str, Any]) -> list[str]:
    return [t for trace in fig["data"] for t in trace.get("text", [])]


def trash_hint(a: Analysis) -> tuple[Finding, int]:
    """The only_trash note naming a hinted copy, and who holds that copy."""
    f = next(f for f in a.findings if f.details.get("related"))
    holder = next(p for p, hand in enumerate(a.timeline[f.turn].hands)
                  if f.details["related"][0] in hand)
    assert not set(f.cards) & set(a.timeline[f.turn].hands[holder])
    return f, holder


# --- as player X ----------------------------------------------------------------------

def test_the_chart_hides_notes_about_the_viewers_cards(library: GameLibrary) -> None:
    a = analysis_of(library, "hanabi-5p")
    f, turn, viewer = next((f, t, p) for f in a.findings if f.kind == "wasted_hint"
                           for t in range(f.turn, a.timeline.turns + 1)
                           for p in range(5) if set(f.cards) & set(a.timeline[t].hands[p]))
    opts = ViewOptions(viewer=viewer)
    assert hidden_from(a, f, turn, viewer) and not hidden_from(a, f, turn, None)
    fig = clock_figure(a, turn, opts)
    assert f.message not in hover_texts(fig)
    shown = text_of(findings_view(a, "hanabi-5p", turn, opts, [], None))
    assert f.message not in shown
    assert f.message in hover_texts(clock_figure(a, turn, ViewOptions()))


def test_a_note_naming_the_viewers_hinted_copy_is_hidden_kind_and_all(
        library: GameLibrary) -> None:
    a = trash_lesson()
    f, holder = trash_hint(a)
    name = a.record.game.players[holder]
    opts = ViewOptions(viewer=holder)
    assert hidden_from(a, f, f.turn, holder)
    items = by_class(findings_view(a, "g", f.turn, opts, [], None), "finding")
    item = next(x for x in items if x.href.endswith(f"turn={f.turn}"))
    said = text_of(item)
    assert f.message not in said and "wasted hint" not in said and "mistake" not in said
    assert f"hidden while viewing as {name}" in said
    # The kind filter cannot tell it either: the note is listed under any kind.
    for kinds in (["wasted_hint"], ["good_save"]):
        items = by_class(findings_view(a, "g", f.turn, opts, kinds, None), "finding")
        assert any(x.href.endswith(f"turn={f.turn}") for x in items)
    fig = clock_figure(a, f.turn, opts)
    assert f.message not in hover_texts(fig)
    wasted = next(t for t in fig["data"] if t["name"] == "wasted hint")
    assert f.turn not in wasted["x"]
    # The reviewer and every player not concerned still read it.
    readers = [p for p in range(len(a.record.game.players)) if not hidden_from(a, f, f.turn, p)]
    assert readers, "someone must be able to read the note"
    for viewer in [None, *readers]:
        assert f.message in text_of(findings_view(a, "g", f.turn, ViewOptions(viewer=viewer),
                                                  [], None))


def test_summary_counts_leave_out_hidden_notes(library: GameLibrary) -> None:
    a = trash_lesson()
    f, holder = trash_hint(a)
    seen = [g for g in a.findings if g.turn <= f.turn]
    summary = summary_view(a, f.turn, ViewOptions(viewer=holder, no_spoilers=True))
    assert text_of(find(summary, "sum-wasted")) == str(
        sum(g.kind == "wasted_hint" for g in seen) - 1)
    assert text_of(find(summary, "sum-eff")) == "–"
    assert "not counted" in text_of(summary)
    plain = summary_view(a, f.turn, ViewOptions(no_spoilers=True))
    assert text_of(find(plain, "sum-wasted")) == str(sum(g.kind == "wasted_hint" for g in seen))


def test_as_player_others_show_common_knowledge_and_their_badges(library: GameLibrary) -> None:
    a = analysis_of(library, "hanabi-5p")
    ids = a.ids
    checked = 0
    for turn in (12, 30, 38):
        st = a.knowledge.statuses[turn]
        for viewer in range(5):
            hands = hands_view(a, turn, ViewOptions(viewer=viewer))
            name = a.record.game.players[viewer]
            assert f"others shown as common knowledge while viewing as {name}" in text_of(
                find(hands, "view-note"))
            for p in range(5):
                for slot, k in enumerate(a.knowledge.of(turn, p)):
                    card = find(hands, f"card-{p}-{slot}")
                    cells = by_class(card, "gcell")
                    on = [i for i, c in enumerate(cells) if "on" in c.className.split()]
                    badges = text_of(by_class(card, "badges"))
                    known = k if p == viewer else k._replace(deduced=k.common)
                    assert on == ids.members(known.deduced)
                    assert ("knows exactly" in badges) == knows_exactly(known)
                    assert ("knows playable" in badges) == knows_playable(known, st)
                    assert ("knows trash" in badges) == knows_trash(known, st)
                    checked += k.deduced != k.common and p != viewer
            own = find(hands, f"hand-{viewer}")
            assert not by_class(own, "truth") and "critical" not in text_of(
                by_class(own, "badges"))
    assert checked  # cases where the deduced tier would have told more
    assert not by_class(hands_view(a, 30, ViewOptions()), "view-note")


# --- no spoilers ----------------------------------------------------------------------

def unfinished_library() -> tuple[GameLibrary, str]:
    data = json.loads((SAMPLES / "nova-2p.json").read_text())
    data["actions"] = data["actions"][:20]
    data.pop("termination", None)
    lib = GameLibrary.from_path(SAMPLES / "nova-2p.json")
    return lib, lib.add_upload("short.json", data_url(json.dumps(data).encode()))


def test_no_spoilers_says_an_unfinished_log_stops_without_figures() -> None:
    lib, key = unfinished_library()
    loaded = lib.get(key)
    assert isinstance(loaded, Reviewed) and loaded.warnings
    full = text_of(render(lib, view(key, 3), None, None, [], None, None)[PROBLEMS])
    assert "score" in full
    hidden = text_of(render(lib, view(key, 3), None, None, ["hide"], None, None)[PROBLEMS])
    assert "stops before the game ended" in hidden
    assert "score" not in hidden and not any(ch.isdigit() for ch in hidden.replace(key, ""))


def test_no_spoilers_chart_and_slider_stop_at_the_next_turn(library: GameLibrary) -> None:
    a = analysis_of(library, "nova-3p-strikeout")
    last = a.timeline.turns
    for turn in range(last + 1):
        fig = clock_figure(a, turn, ViewOptions(no_spoilers=True))
        assert fig["layout"]["xaxis"]["range"][1] <= turn + 1
        top, marks = slider_range(last, turn, no_spoilers=True)
        assert top == turn + 1 and max(marks) <= turn + 1
    assert slider_range(last, 2, no_spoilers=False)[0] == last
    assert clock_figure(a, 2, ViewOptions())["layout"]["xaxis"]["range"][1] >= last


def test_no_spoilers_navigation_never_passes_the_next_turn(library: GameLibrary) -> None:
    key = "nova-3p-strikeout"
    last = analysis_of(library, key).timeline.turns
    assert navigate(library, "nav-last", "", key, None, None, view(key, 2),
                    no_spoilers=True) == (key, 3)
    assert navigate(library, "nav-last", "", key, None, None, view(key, last),
                    no_spoilers=True) == (key, last)
    assert navigate(library, "nav-next", "", key, None, None, view(key, last),
                    no_spoilers=True) == (key, last)
    assert navigate(library, "nav-last", "", key, None, None, view(key, 2)) == (key, last)
    # Switching the mode keeps the turn (it is not a page load from the URL).
    assert navigate(library, "spoilers", f"?game={key}&turn=0", key, None, None, view(key, 4),
                    no_spoilers=True) == (key, 4)


def test_no_spoilers_title_is_the_file_name(library: GameLibrary) -> None:
    out = render(library, view("nova-3p-strikeout", 2), None, None, ["hide"], None, None)
    assert "score 0" not in out[TITLE] and out[TITLE].startswith("nova-3p-strikeout.json")
    full = render(library, view("nova-3p-strikeout", 2), None, None, [], None, None)
    assert full[TITLE].startswith("A strikeout")
    assert "score 0" not in text_of(out[SUMMARY])


# --- text in the figure -----------------------------------------------------------------

def test_html_in_player_names_is_escaped_in_the_figure(library: GameLibrary) -> None:
    a0 = trash_lesson()
    data = json.loads((TRASH_LESSON).read_text())
    evil = "<b>Bo</b><br>x"
    old = a0.record.game.players[1]
    data["players"][1] = evil
    for action in data["actions"]:
        if action.get("to") == old:
            action["to"] = evil
    a = analyze(load_data(data, "evil.json"))
    assert any(evil in f.message for f in a.findings if f.kind == "wasted_hint")
    for opts in (ViewOptions(), ViewOptions(viewer=1), ViewOptions(viewer=2)):
        fig = clock_figure(a, a.timeline.turns, opts)
        dumped = json.dumps(fig)
        assert "<b>" not in dumped and "<br>" not in dumped
        assert all("<" not in t and ">" not in t for t in hover_texts(fig))
    assert any("&lt;b&gt;Bo&lt;/b&gt;&lt;br&gt;x" in t
               for t in hover_texts(clock_figure(a, a.timeline.turns, ViewOptions())))


def test_render_figure_is_escaped_too(library: GameLibrary) -> None:
    out = render(library, view("hanabi-5p", 30), None, "0", [], None, None)
    assert all("<" not in t for t in hover_texts(out[FIGURE]))
