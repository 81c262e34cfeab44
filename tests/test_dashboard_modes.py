"""The two review modes without a browser: "as player X" must not tell X anything about
their own cards, and "no spoilers" must not tell anything after the current turn.
What the browser may show is the payload, so these tests read the payload.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from helpers import SAMPLES
from nova_replay.dashboard import GameLibrary
from nova_replay.dashboard.data import Reviewed
from test_dashboard import (
    DEDUCED,
    HINTED,
    PAYLOAD,
    PROBLEMS,
    TITLE,
    TRUTH,
    badge_names,
    data_url,
    hidden_at,
    hidden_from,
    opened,
    payload_of,
    text_of,
)

from nova_replay.knowledge.tiers import knows_exactly, knows_playable, knows_trash
from nova_replay.record.load import load_data
from nova_replay.review.analysis import Analysis, Finding, analyze


@pytest.fixture(scope="module")
def library() -> GameLibrary:
    return GameLibrary.from_path()


# The course's lesson on a hint that touched only trash (a copy already hinted elsewhere).
# A wasted hint naming a hinted copy in a third hand (nova-3p-hint-on-trash-bots had one until
# Good Touch was judged from the giver's view: its copy was in the giver's own hand, issue 31).
TRASH_LESSON = SAMPLES / "nova-4p-careless-bots.json"


def trash_lesson() -> Analysis:
    return analysis_of(GameLibrary.from_path(TRASH_LESSON), TRASH_LESSON.stem)


def analysis_of(library: GameLibrary, key: str) -> Analysis:
    loaded = library.get(key)
    assert isinstance(loaded, Reviewed)
    return loaded.analysis


def trash_hint(a: Analysis) -> tuple[Finding, int]:
    """The only_trash note naming a hinted copy, and who holds that copy."""
    f = next(f for f in a.findings if f.kind == "wasted_hint" and f.details.get("related"))
    holder = next(p for p, hand in enumerate(a.timeline[f.turn].hands)
                  if f.details["related"][0] in hand)
    assert not set(f.cards) & set(a.timeline[f.turn].hands[holder])
    return f, holder


def facts(p: dict[str, Any], turn: int) -> dict[str, str]:
    summary = p["summaries"][p["turn_data"][turn]["summary"]]
    return {key: value for _, value, key in summary["facts"]}


# --- as player X ----------------------------------------------------------------------

def test_notes_about_the_viewers_cards_are_hidden_at_the_turns_they_hold_them(
        library: GameLibrary) -> None:
    a = analysis_of(library, "hanabi-5p")
    i, f, turn, viewer = next((i, f, t, p) for i, f in enumerate(a.findings)
                              if f.kind == "wasted_hint"
                              for t in range(f.turn, a.timeline.turns + 1)
                              for p in range(5) if set(f.cards) & set(a.timeline[t].hands[p]))
    assert hidden_from(a, f, turn, viewer) and not hidden_from(a, f, turn, None)
    p = payload_of(a, viewer=viewer)
    for t, data in enumerate(p["turn_data"]):
        assert (i in data["hidden"]) == hidden_from(a, f, t, viewer)
        assert sorted(hidden_at(a, t, viewer)) == data["hidden"]
    assert all(not data["hidden"] for data in payload_of(a)["turn_data"])
    name = a.record.game.players[viewer]
    assert p["hidden_note"] == f"A note about your cards, hidden while viewing as {name}."


def test_a_note_naming_the_viewers_hinted_copy_is_hidden(library: GameLibrary) -> None:
    a = trash_lesson()
    f, holder = trash_hint(a)
    i = a.findings.index(f)
    assert i in payload_of(a, viewer=holder)["turn_data"][f.turn]["hidden"]
    other = (holder + 1) % len(a.record.game.players)
    if not hidden_from(a, f, f.turn, other):
        assert i not in payload_of(a, viewer=other)["turn_data"][f.turn]["hidden"]


def test_summary_counts_leave_out_hidden_notes(library: GameLibrary) -> None:
    a = trash_lesson()
    f, holder = trash_hint(a)
    seen = [g for g in a.findings if g.turn <= f.turn]
    p = payload_of(a, viewer=holder, no_spoilers=True, reached=f.turn)
    got = facts(p, f.turn)
    assert got["sum-wasted"] == str(sum(g.kind == "wasted_hint" for g in seen) - 1)
    assert got["sum-eff"] == "–"
    assert "not counted" in " ".join(n[0] for n in p["summaries"][p["turn_data"][f.turn]["summary"]]["notes"])
    plain = facts(payload_of(a, no_spoilers=True, reached=f.turn), f.turn)
    assert plain["sum-wasted"] == str(sum(g.kind == "wasted_hint" for g in seen))


def test_as_player_others_show_common_knowledge_and_their_badges(library: GameLibrary) -> None:
    a = analysis_of(library, "hanabi-5p")
    checked = 0
    for viewer in range(5):
        p = payload_of(a, viewer=viewer)
        name = a.record.game.players[viewer]
        assert p["tier_for"]["deduced"] == ["deduced" if q == viewer else "common"
                                            for q in range(5)]
        assert p["tier_for"]["hinted"] == ["hinted"] * 5
        assert f"others shown as common knowledge while viewing as {name}" in (
            p["view_note"]["deduced"])
        for turn in (12, 30, 38):
            st = a.knowledge.statuses[turn]
            for q in range(5):
                for card, k in zip(p["turn_data"][turn]["hands"][q], a.knowledge.of(turn, q),
                                   strict=True):
                    known = k if q == viewer else k._replace(deduced=k.common)
                    names = badge_names(card)
                    # Another's deduced tier is not sent: it would tell the viewer's cards.
                    assert card[HINTED] == k.hinted and card[DEDUCED] == known.deduced
                    assert ("exact" in names) == knows_exactly(known)
                    assert ("playable" in names) == knows_playable(known, st)
                    assert ("trash" in names) == knows_trash(known, st)
                    checked += k.deduced != k.common and q != viewer
            own = p["turn_data"][turn]["hands"][viewer]
            assert all(c[TRUTH] == -1 and "critical" not in badge_names(c) for c in own)
    assert checked  # cases where the deduced tier would have told more
    assert payload_of(a)["view_note"] is None


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
    full = text_of(opened(lib, f"?game={key}&turn=3")[PROBLEMS])
    assert "score" in full
    hidden = text_of(opened(lib, f"?game={key}&turn=3&spoilers=off")[PROBLEMS])
    assert "stops before the game ended" in hidden
    assert "score" not in hidden and not any(ch.isdigit() for ch in hidden.replace(key, ""))


def test_no_spoilers_title_is_the_file_name(library: GameLibrary) -> None:
    out = opened(library, "?game=nova-3p-strikeout&turn=2&spoilers=off")
    assert "score 0" not in out[TITLE] and out[TITLE].startswith("nova-3p-strikeout.json")
    assert not out[PAYLOAD]["spoilers"]
    full = opened(library, "?game=nova-3p-strikeout&turn=2")
    assert full[TITLE].startswith("A strikeout")
    summary = out[PAYLOAD]["summaries"][out[PAYLOAD]["turn_data"][2]["summary"]]
    assert "score 0" not in json.dumps(summary)


# --- text in the figure -----------------------------------------------------------------

def test_html_in_player_names_is_escaped_in_the_figures_text(library: GameLibrary) -> None:
    data = json.loads(TRASH_LESSON.read_text())
    evil = "<b>Bo</b><br>x"
    old = data["players"][1]
    data["players"][1] = evil
    for action in data["actions"]:
        if action.get("to") == old:
            action["to"] = evil
    a = analyze(load_data(data, "evil.json"))
    assert any(evil in f.message for f in a.findings if f.kind == "wasted_hint")
    for viewer in (None, 1, 2):
        p = payload_of(a, viewer=viewer)
        hovers = [f["hover"] for f in p["findings"] if not f.get("hidden")] + [p["hidden_hover"]]
        # The only tags are the line breaks the server puts in to keep hovers narrow.
        assert all("<" not in h.replace("<br>", " ") and ">" not in h.replace("<br>", " ")
                   for h in hovers)
    assert any("&lt;b&gt;Bo&lt;/b&gt;&lt;br&gt;x" in f["hover"] for f in payload_of(a)["findings"])
    assert "&lt;b&gt;Bo" in payload_of(a, viewer=1)["hidden_hover"]
