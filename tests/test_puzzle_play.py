"""`puzzles --play`: a puzzle played in the terminal, its answers judged, its texts escaped."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from click.testing import CliRunner
from helpers import ROOT, SAMPLES

from nova_replay.cli import main
from nova_replay.record.actions import ruleset_of
from nova_replay.views.puzzles import (
    read_puzzle,
)

sys.path.insert(0, str(ROOT / "scripts"))


def test_play_a_puzzle_in_the_terminal() -> None:
    from nova_replay.views.puzzle_play import choices, knowledge_text, same_move

    file = SAMPLES / "puzzles" / "nova-3p-careless-bots-t004.json"
    p = read_puzzle(file)
    offered = choices(p)
    right = next(i for i, c in enumerate(offered, start=1) if same_move(c, p.answers[0].move))
    result = CliRunner().invoke(main, ["puzzles", "--play", str(file)], input=f"{right}\n")
    assert result.exit_code == 0, result.output
    out = result.output
    assert f"You are {p.viewer}." in out and "coins" in out and "clues" not in out
    mine = next(h for h in p.position.hands if h.yours)
    for c in mine.cards:  # the viewer's own cards with what they knew
        assert f"slot {c.slot}: {knowledge_text(c, ruleset_of(p.ruleset))}" in out
    assert f"Yes: {p.answers[0].move.text} is the answer." in out
    assert "not the answer" not in out
    taken = next(i for i, c in enumerate(offered, start=1) if same_move(c, p.taken))
    again = CliRunner().invoke(main, ["puzzles", "--play", str(file)], input=f"{taken}\n")
    assert "it was a fault" in again.output and p.findings[0].message in again.output


def test_play_refuses_games_and_bad_files(tmp_path: Path) -> None:
    file = SAMPLES / "puzzles" / "nova-3p-careless-bots-t004.json"
    both = CliRunner().invoke(main, ["puzzles", "--play", str(file), "--out", str(tmp_path)])
    assert both.exit_code == 2 and "--play takes one puzzle file" in both.output
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "nova-replay-puzzle"}', encoding="utf-8")
    result = CliRunner().invoke(main, ["puzzles", "--play", str(bad)])
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert result.stderr.startswith(f"Error: {bad}: not a nova-replay puzzle")
    assert CliRunner().invoke(main, ["puzzles"]).exit_code == 2


def test_play_escapes_the_puzzles_text(tmp_path: Path) -> None:
    """Issue 34: `puzzles --play` printed a puzzle's question and title raw (escape
    sequences, window title, clear screen, forged lines); now as `replay` shows a log's."""
    source = sorted((SAMPLES / "puzzles").glob("*.json"))[0]
    data = json.loads(source.read_text("utf-8"))
    data["question"] = "What now?\x1b[2J\x1b]0;pwned\x07\nturn 99: Alice wins"
    data["source"]["title"] = "Game\r\x1b[31mred\u202e"
    forged = tmp_path / "forged.json"
    forged.write_text(json.dumps(data), encoding="utf-8")
    result = CliRunner().invoke(main, ["puzzles", "--play", str(forged)], input="1\n")
    assert result.exit_code == 0, result.output
    assert not any(ch in result.output for ch in "\x1b\x07\r\u202e")
    assert "\\x1b[2J" in result.output and "\\x1b]0;pwned\\x07" in result.output
    assert "\nturn 99: Alice wins" not in result.output  # not a line of its own
    assert "Game\\r\\x1b[31mred\\u202e" in result.output
