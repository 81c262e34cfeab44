"""Terminal output: lines fit COLUMNS (80 off a terminal when it is not set), one line per move with its glyph
and its notes under it, a per-player summary, clue marks, compact knowledge."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from helpers import SAMPLES

from nova_replay.cli import main
from nova_replay.cli.terminal import PIPE_WIDTH, wrap
from nova_replay.record.load import load
from nova_replay.review.analysis import analyze
from nova_replay.rules.game import Hint
from nova_replay.views.review_text import identities_text

NOVA_4P = SAMPLES / "nova-4p.json"


def test_wrap_keeps_words_and_indents_continued_lines() -> None:
    line = "          mistake: " + " ".join(["10♥"] * 40)
    wrapped = wrap(line, 60).splitlines()
    assert len(wrapped) > 1 and all(len(w) <= 60 for w in wrapped)
    assert all(w.startswith(" " * 14) for w in wrapped[1:])  # 10 + 4 deeper
    assert " ".join(" ".join(wrapped).split()) == " ".join(line.split())  # nothing lost


# Paths as a user in the checkout types them (a path is one word: never cut).
FITTED = [["analyze", "sample_games/nova-4p.json"],
          ["replay", "sample_games/nova-4p.json", "--knowledge"],
          ["analyze", "sample_games/nova-4p.json", "--solve", "--budget", "0.2"],
          ["analyze", "sample_games/nova-4p.json", "--turn", "17"],
          ["lessons"],
          ["samples"], ["decks", "sample_games/nova-2p.json"], ["--help"], ["batch", "--help"],
          ["simulate", "--help"], ["replay", "--help"], ["analyze", "--help"],
          ["batch", "sample_games/", "-o", "games.csv"]]


@pytest.mark.parametrize("columns", [None, "60", "120"])
def test_every_command_fits_columns(columns: str | None, monkeypatch: pytest.MonkeyPatch,
                                    tmp_path: Path) -> None:
    """Issue 36: text fits COLUMNS, or 80 when nothing says a width (a pipe, a test);
    paths under the current folder are shown relative (lessons, samples). A --help
    example is a command to copy, never wrapped: at 60 columns those may be longer; a
    problem's line and validate's line a file (FILE: WHERE: WHAT, FILE: ok (...)) and an
    error stay one line each, and are not run here."""
    if columns is None:
        monkeypatch.delenv("COLUMNS", raising=False)
    else:
        monkeypatch.setenv("COLUMNS", columns)
    width = int(columns or PIPE_WIDTH)
    (tmp_path / "sample_games").symlink_to(SAMPLES)
    monkeypatch.chdir(tmp_path)  # batch writes games.csv here
    for args in FITTED:
        if args[-1] == "--help" and columns is not None:
            continue  # CliRunner pins click's help at 80 columns: see the test below
        result = CliRunner().invoke(main, args)
        lines = (result.stdout + result.stderr).splitlines()
        over = [line for line in lines if len(line) > width
                and not (args[-1] == "--help" and line.startswith("    nova-replay "))]
        assert not over, (args, over)
        if columns == "120":  # wide enough: nothing of the analysis is cut into two lines
            assert max(map(len, lines)) > 80 or args[-1] == "--help" or len(lines) < 5, args


def test_help_fits_columns() -> None:
    env = {**os.environ, "COLUMNS": "60"}
    done = subprocess.run([sys.executable, "-m", "nova_replay", "--help"], env=env,
                          capture_output=True, text=True, check=True)
    assert max(map(len, done.stdout.splitlines())) <= 60


def test_paths_under_the_current_folder_are_shown_relative(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(SAMPLES.parent)
    out = CliRunner().invoke(main, ["lessons"]).stdout
    assert out.startswith(f"The course in {Path('sample_games', 'lessons')}{os.sep} ")
    assert CliRunner().invoke(main, ["samples"]).stdout.splitlines()[-1] == "sample_games"
    monkeypatch.chdir(SAMPLES / "lessons")
    assert CliRunner().invoke(main, ["samples"]).stdout.splitlines()[-1] == str(SAMPLES)


def test_analyze_has_one_line_per_move_with_its_glyph_and_notes_under_it() -> None:
    a = analyze(str(NOVA_4P))
    out = CliRunner().invoke(main, ["analyze", str(NOVA_4P)]).stdout
    out = out.split("Clues as ")[0].splitlines()  # the notes, before the clues' readings
    moves = [line for line in out if line.startswith("Turn ")]
    turns = sorted({f.turn for f in a.findings})
    assert [int(line.split()[1]) for line in moves] == turns  # one line per move
    for line in moves:
        turn = int(line.split()[1])
        worst = min((f.severity for f in a.findings if f.turn == turn), key=lambda s: s.order)
        assert line.split()[2] == worst.glyph
        at = out.index(line)
        notes = [f for f in a.findings if f.turn == turn]
        block = []  # the lines under the move, to the next move
        for u in out[at + 1:]:
            if not u.startswith(" "):
                break
            block.append(u)
        # the move line's own wrap is indented 4; each note starts at the notes' indent
        said = [u for u in block if u.startswith("          ") and not u.startswith("           ")
                and "Suggestion:" not in u]
        assert said and len(said) <= len(notes)
        assert all(u.startswith("    ") for u in block)


def test_no_note_repeats_a_fragment() -> None:
    # A blue clue that touched 2B, 1B and 3B, all played: one fragment, each card once.
    (text,) = [f.message for f in analyze(str(SAMPLES / "hanabi-2p.json")).notes_at(46)
               if f.kind == "wasted_hint"]
    assert "(2B, 1B and 3B are already played)" in text and "is already played;" not in text


def test_analyze_has_a_per_player_summary_that_adds_up() -> None:
    a = analyze(str(NOVA_4P))
    out = CliRunner().invoke(main, ["analyze", str(NOVA_4P)]).stdout.splitlines()
    rows = [line for line in out if line.startswith("  ") and " turns, " in line]
    assert [r.split(":")[0].strip() for r in rows] == list(a.record.game.players)
    assert sum(int(r.split(":")[1].split()[0]) for r in rows) == a.timeline.turns
    hints = sum(int(r.split(", ")[4].split()[0]) for r in rows)
    assert hints == a.summary.hints
    as_dev = CliRunner().invoke(main, ["analyze", str(NOVA_4P), "--as", "Dev"]).stdout
    assert "wasted)" not in as_dev and "critical card" not in as_dev  # from notes Dev may not read


def test_replay_marks_the_cards_a_clue_touched() -> None:
    record = load(str(NOVA_4P))
    tl, game = record.timeline, record.game
    turn = next(t for t, act in enumerate(tl.actions, start=1) if isinstance(act, Hint))
    hint = tl.actions[turn - 1]
    assert isinstance(hint, Hint)
    out = CliRunner().invoke(main, ["replay", str(NOVA_4P), "--turn", str(turn)]).stdout
    row = next(line for line in out.splitlines()
               if line.strip().startswith(game.players[hint.to] + " "))
    touched = game.touched(hint, tl[turn - 1].hands[hint.to])
    marked = [game.card_text(c) for c in tl[turn].hands[hint.to] if "*" + game.card_text(c) in row]
    assert marked == [game.card_text(c) for c in touched] and marked
    assert "* the cards the hint touched" in out
    after = CliRunner().invoke(main, ["replay", str(NOVA_4P), "--turn", "0"]).stdout
    assert "*" not in after


def test_knowledge_is_compact() -> None:
    a = analyze(str(NOVA_4P))
    ids = a.ids.space
    assert identities_text(ids, ids.all, ids.all) == "any"
    two = (1 << 1) | (1 << 2)
    assert identities_text(ids, two, two) == f"{ids.show(1)}/{ids.show(2)}"
    clubs = sum(1 << i for i in range(5))
    assert identities_text(ids, clubs | (1 << 7), clubs | (1 << 7)) == "♣A-5 ♦3"
    out = CliRunner().invoke(main, ["replay", str(NOVA_4P), "--knowledge"]).stdout
    assert "possible]" not in out and "[any]" in out
