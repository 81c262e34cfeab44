"""benchmarks/audit_notes.py (issue #31's audit): the selection rule its docstring states,
and dossiers that hold what an auditor needs, on shipped sample games."""

from __future__ import annotations

import importlib.util
import sys
from collections import Counter
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = [ROOT / "sample_games" / "nova-4p.json", ROOT / "sample_games" / "hanabi-5p.json"]


@pytest.fixture(scope="module")
def tool():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("audit_notes", ROOT / "benchmarks" / "audit_notes.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["audit_notes"] = module
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def games(tool):  # type: ignore[no-untyped-def]
    opened = [tool.open_game(p, 2_000) for p in SAMPLES]
    assert all(not isinstance(g, str) for g in opened), opened
    return opened


def test_every_note_once_when_the_count_allows(tool, games) -> None:  # type: ignore[no-untyped-def]
    picks = tool.select(games, 10_000)
    everything = sum(len(g.findings) for g in games)
    assert everything > 10
    assert len(picks) == everything
    assert len({(p.game.path, p.index) for p in picks}) == everything


def test_one_round_gives_each_stratum_its_share(tool, games) -> None:  # type: ignore[no-untyped-def]
    """A fault stratum gives two notes a round, any other one: after one round's count,
    each stratum has exactly its share (fewer only when it has fewer notes)."""
    sizes = Counter(f"{f.kind}/{f.severity}" for g in games for f in g.findings)
    share = {s: min(n, 2 if s.split("/")[1] in tool.FAULTS else 1) for s, n in sizes.items()}
    assert any(v == 2 for v in share.values()) and any(v == 1 for v in share.values())
    picks = tool.select(games, sum(share.values()))
    assert Counter(p.stratum for p in picks) == share
    again = tool.select(games, sum(share.values()))
    assert [(p.game.path, p.index) for p in again] == [(p.game.path, p.index) for p in picks]
    other_seed = tool.select(games, sum(share.values()), seed=7)
    assert Counter(p.stratum for p in other_seed) == share


def test_a_dossier_holds_the_note_the_table_the_solver_and_what_followed(tool, games) -> None:  # type: ignore[no-untyped-def]
    from nova_replay.rules.game import Hint
    from nova_replay.views.text import describe_turn

    picks = tool.select(games, 10_000)
    clue = next(p for p in picks if isinstance(p.game.record.timeline.actions[p.note.turn - 1], Hint)
                and p.note.turn + 3 <= p.game.record.turns)
    text = tool.dossier(clue, 1, 2_000)
    tl = clue.game.record.timeline
    t = clue.note.turn
    assert clue.note.message in text
    assert describe_turn(tl, t) in text  # the move
    for u in (t + 1, t + 2, t + 3):  # what happened next
        assert f"turn {u}: {describe_turn(tl, u)}" in text
    receiver = clue.game.record.players[tl.actions[t - 1].to]
    assert f"{receiver}'s hand after the clue:" in text
    assert "best possible before the move" in text and "after it" in text
    game = clue.game.record.game
    for p, hand in enumerate(tl[t - 1].hands):  # every card of the table before, with its truth
        block = text.split(f"  {game.players[p]}", 1)[1]
        for slot, card in enumerate(hand, start=1):
            assert f"{slot}: {game.card_text(card)}" in block


def test_the_command_writes_an_index_and_a_file_per_note(tool, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    assert tool.main(["--count", "5", "--nodes", "2000", "--out", str(tmp_path),
                      *map(str, SAMPLES)]) == 0
    index = (tmp_path / "index.tsv").read_text().splitlines()
    assert len(index) == 6 and index[0].startswith("n\tfile")
    assert len(list(tmp_path.glob("0*.txt"))) == 5
