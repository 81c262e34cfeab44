"""Issue #31, item 7: one move, one verdict. A move that drew both a good note and a fault
note gets one note saying both (`review/verdicts.py`): the fault stands, unless it is a save
that broke Good Touch when no clue could have saved the card breaking none (H-Group level
1: saves come first; Good Touch). Each test is a position where that rule decides: a
development game (benchmarks/holdout.py; never a held-out one) or a built log."""

from __future__ import annotations

from helpers import build_game, discard, hint, shared
from test_conventions import HANABI, review

from nova_replay.review.analysis import analyze, judged
from nova_replay.review.verdicts import cleaner_save
from nova_replay.review.vocabulary import Kind, Severity


def _judgements(path: str, turn: int) -> list[tuple[Kind, Severity]]:
    a = analyze(shared("real", "hanabi-challenges", "games", path))
    out = []
    for f in a.notes_at(turn):
        v = judged(f)
        if v is not None and f.player == (turn - 1) % len(a.record.game.players):
            out.append(v)
    return out


def test_real_a_save_that_broke_good_touch_with_a_cleaner_save_is_one_mistake() -> None:
    # p3_07 turn 37: 4s to Player 2 saved the last 4P on the chop and touched both 4Gs
    # (one later misplayed); a purple clue touched only the 4P: one note, the fault,
    # saying the save too.
    a = analyze(shared("real", "hanabi-challenges", "games", "p3_07.json"))
    notes = [f for f in a.notes_at(37) if f.player == 0]
    assert [(f.kind, f.severity) for f in notes] == [(Kind.BAD_CLUE, Severity.MISTAKE)]
    assert notes[0].details["folded"] == ["good_save", "good"]
    assert "a purple clue would have saved it" in notes[0].message


def test_real_a_play_clue_while_a_save_was_due_is_one_mistake() -> None:
    # p4_04 turn 54: 3s to Player 1 made 3R and 3Y known playable, while 5Y waited on
    # Player 4's chop: the missed save stands, the note says the good part too.
    assert _judgements("p4_04.json", 54) == [(Kind.MISSED_SAVE, Severity.MISTAKE)]


def _save_position(bob: str) -> tuple[object, int]:
    # Alice clues Cathy's 3W; Cathy discards the other 4W; Alice's 4 clue to Bob touches
    # both his 4Gs and the last 4W on his chop.
    game = build_game(HANABI, {"Alice": "1Y 1G 1B 2Y 2G", "Bob": bob,
                               "Cathy": "3W 2R 2G 2B 4W"})
    a = review(game, [hint("Cathy", rank=3), hint("Alice", rank=1), discard("4W"),
                      hint("Bob", rank=4)])
    chop = a.record.timeline.states[3].hands[1][-1]
    assert a.record.game.card_text(chop) == "4W"
    return a, chop


def test_a_cleaner_save_is_one_that_breaks_no_good_touch() -> None:
    a, chop = _save_position("4G 3Y 2B 4G 4W")
    assert cleaner_save(a.knowledge, a.reading, 4, chop) == "a white clue"  # type: ignore[attr-defined]
    # With Bob's 3W (Cathy's is clued: Alice sees both) a white clue breaks Good Touch
    # too: no cleaner save, so the 4 save stands as good.
    a, chop = _save_position("4G 3W 2B 4G 4W")
    assert cleaner_save(a.knowledge, a.reading, 4, chop) is None  # type: ignore[attr-defined]
