"""One vocabulary: finding kinds and severities are `review.vocabulary`'s enums, their
JSON strings unchanged, and no module outside it compares a kind or a severity to a
string literal (a second spelling of a kind is a bug waiting for a rename)."""

from __future__ import annotations

import ast
import json

from helpers import ROOT, SAMPLES

from nova_replay.review.analysis import analyze
from nova_replay.review.vocabulary import HIDDEN_MARKER, Kind, Severity, worst_first
from nova_replay.rules.words import HANABI_WORDS, NOVA_WORDS
from nova_replay.views.report import analysis_report

VOCABULARY = ROOT / "nova_replay" / "review" / "vocabulary.py"
# The code that reads findings (tests, which compare against what the JSON must say,
# are not scanned).
SCANNED = ("nova_replay", "dashboards", "scripts", "benchmarks")
WORDS = {str(k) for k in Kind} | {str(s) for s in Severity}


def _literals(node: ast.AST) -> list[str]:
    """The vocabulary strings a compared expression spells out: a literal, or a tuple,
    list or set of literals."""
    items = node.elts if isinstance(node, ast.Tuple | ast.List | ast.Set) else [node]
    return [n.value for n in items
            if isinstance(n, ast.Constant) and isinstance(n.value, str) and n.value in WORDS]


def spelled_out(tree: ast.AST) -> list[tuple[int, str]]:
    """(line, word) for each kind or severity written as a string literal where code
    compares, indexes or keys by it: `x == "misfire"`, `x in ("blunder", ...)`,
    `counts["good"]`, `{"good_save": ..., "good_hint_playable": ...}` (a dict whose
    string keys are all kinds or severities: a dict of words such as
    `{"hint": ..., "misfire": ...}` is not a table of kinds)."""
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            for side in (node.left, *node.comparators):
                found += [(node.lineno, w) for w in _literals(side)]
        elif isinstance(node, ast.Subscript):
            found += [(node.lineno, w) for w in _literals(node.slice)]
        elif isinstance(node, ast.Dict):  # a table keyed by kinds or severities
            keys = [k for k in node.keys if isinstance(k, ast.Constant) and isinstance(k.value, str)]
            words = [w for k in keys for w in _literals(k)]
            if keys and len(words) == len(keys):
                found += [(node.lineno, w) for w in words]
    return found


def test_no_module_outside_the_vocabulary_spells_a_kind_or_severity() -> None:
    files = [p for top in SCANNED for p in sorted((ROOT / top).rglob("*.py"))
             if p != VOCABULARY and ".venv" not in p.parts]
    assert len(files) > 60
    offences = [f"{p.relative_to(ROOT)}:{line}: {word!r}" for p in files
                for line, word in spelled_out(ast.parse(p.read_text(encoding="utf-8")))]
    assert offences == []


def test_the_scan_finds_each_way_of_spelling_one() -> None:
    code = ('if f.kind == "misfire": pass\n'
            'if f.severity in ("blunder", "mistake"): pass\n'
            'n = counts["good"]\n'
            'labels = {"good_save": "a save"}\n'
            'said = {"hint": w.hint, "misfire": w.misfire}\n'
            'if state.ending == "strikeout" or f.kind == Kind.MISFIRE: pass\n')
    assert spelled_out(ast.parse(code)) == [(1, "misfire"), (2, "blunder"), (2, "mistake"),
                                            (3, "good"), (4, "good_save"), (6, "strikeout")]


def test_kinds_and_severities_are_their_json_strings() -> None:
    a = analyze(str(SAMPLES / "nova-2p.json"))
    report = json.loads(analysis_report(a).model_dump_json())
    assert [(f["kind"], f["severity"]) for f in report["findings"]] == [
        (f.kind.value, f.severity.value) for f in a.findings]
    assert {type(f.kind) for f in a.findings} == {Kind}
    assert {type(f.severity) for f in a.findings} == {Severity}
    assert json.dumps([Kind.WASTED_HINT, Severity.GOOD]) == '["wasted_hint", "good"]'


def test_severities_carry_glyph_order_and_fault() -> None:
    assert [s.glyph for s in Severity] == ["??", "?", "i", "!"]
    assert worst_first() == (Severity.BLUNDER, Severity.MISTAKE, Severity.GOOD, Severity.INFO)
    assert sorted(Severity, key=lambda s: s.order) == list(worst_first())
    assert [s for s in Severity if s.is_fault] == [Severity.BLUNDER, Severity.MISTAKE]
    assert Severity.GOOD.heading == "Good plays" and Severity.INFO.meaning == "note"


def test_kind_labels_and_markers_speak_the_game() -> None:
    assert Kind.WASTED_HINT.label(NOVA_WORDS) == "wasted hint"
    assert Kind.WASTED_HINT.label(HANABI_WORDS) == "wasted clue"
    assert Kind.DISCARD_HINTED.label(HANABI_WORDS) == "discarded a clued card"
    assert Kind.MISFIRE.label(HANABI_WORDS) == "misplay"
    strike = Kind.STRIKEOUT.marker(HANABI_WORDS)
    assert strike is not None and strike.name == "misplay" and strike.series == "score"
    assert Kind.GOOD_SAVE.marker() is None
    assert HIDDEN_MARKER.series == "draw_pile"
    # Every kind has a label (a new kind without one fails here, not on a page).
    assert all(k.label() for k in Kind)


def test_faulted_turns_are_the_movers_blunders_and_mistakes() -> None:
    a = analyze(str(SAMPLES / "lessons" / "05-lost-five.json"))
    game = a.record.game
    expected = sorted({f.turn for f in a.findings if f.severity in (Severity.BLUNDER,
                                                                    Severity.MISTAKE)
                       and f.player == a.timeline[f.turn - 1].player(game)})
    assert a.faulted_turns() == expected and 26 in expected

