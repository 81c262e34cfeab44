"""H-Group's level 3 and 4 questions and examples on plays and discards (the play order
of several clued 1s, the Order Chop Move, the Sarcastic Discard), transcribed as short
games in tests/conventions_questions/moves/*.json with the docs' answers. The reader
answers them; the score may not drop below what it reaches now."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from helpers import Step, build_game, discard, hint, play, timeline

from nova_replay.conventions import Conventions, MoveReading, chop_moved, read_game
from nova_replay.conventions.chop import chop_slot
from nova_replay.knowledge.tiers import timeline_knowledge
from nova_replay.rules.rulesets import make_ruleset

FOLDER = Path(__file__).parent / "conventions_questions" / "moves"
HANABI = make_ruleset("hanabi")
# The questions (not the examples) answered as the docs do: it may never drop.
SCORE_FLOOR = 5


def load() -> list[dict[str, Any]]:
    out = []
    for path in sorted(FOLDER.glob("*.json")):
        out += json.loads(path.read_text(encoding="utf-8"))["questions"]
    return out


def step(text: str) -> Step:
    verb, _, rest = text.partition(" ")
    if verb == "play":
        return play(rest)
    if verb == "discard":
        return discard(rest)
    to, what = rest.split()
    return hint(to, rank=int(what)) if what.isdigit() else hint(to, what)


def answered(q: dict[str, Any]) -> list[str]:
    """What the reader answers differently from the docs (empty: as the docs do)."""
    game = build_game(HANABI, q["hands"], q.get("pile", ""))
    tl = timeline(game, [step(s) for s in q["steps"]])
    g = read_game(timeline_knowledge(tl), Conventions(q["level"]))
    t = q["turn"]
    r = g.turns[t]
    assert isinstance(r, MoveReading), (q["id"], r)
    moved: set[int] = set()
    for x in g.turns[1:t + 1]:
        if isinstance(x, MoveReading):
            moved.discard(x.card)
        moved.update(chop_moved(x))
    after = tl.states[t]
    touched = timeline_knowledge(tl).touched[t]
    got: dict[str, Any] = {
        "move": r.move,
        "expected_slot": None if r.expected is None else r.expected + 1,
        "to": None if r.other is None else game.players[r.other],
        "to_slots": [s + 1 for s in r.other_slots],
        "chop_after": {name: (chop_slot([touched[c] or c in moved
                                         for c in after.hands[game.players.index(name)]])
                              or 0) + 1 for name in q["answer"].get("chop_after", {})},
    }
    return [f"{k}: docs {v!r}, ours {got[k]!r} ({r.text})"
            for k, v in q["answer"].items() if got[k] != v]


ALL = load()


def test_the_reader_answers_the_move_questions_as_the_docs_do_no_worse_than_before() -> None:
    questions = [q for q in ALL if not q["examples"]]
    assert all(q["source"].startswith("https://hanabi.github.io/docs/") for q in ALL)
    misses = {q["id"]: answered(q) for q in questions}
    score = sum(not m for m in misses.values())
    print(f"\nH-Group level 3-4 move questions answered as the docs do: {score} of "
          f"{len(questions)}")
    for k, v in misses.items():
        if v:
            print(f"  {k}: {'; '.join(v)}")
    assert score >= SCORE_FLOOR, misses


@pytest.mark.parametrize("q", [q for q in ALL if q["examples"]], ids=lambda q: q["id"])
def test_the_level_3_and_4_examples_read_as_the_pages_say(q: dict[str, Any]) -> None:
    assert answered(q) == []
