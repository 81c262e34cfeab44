"""Each small rule lives in one function that every layer calls: whether a play was a
misfire, whether a knowledge mask is known playable (or trash), the identity a row takes
next, and how far a row reaches with spare jokers. The scans below fail when a module
retypes one of them instead of calling it."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest
from helpers import ROOT, build_game, discard, hint, play, timeline

from nova_replay.corpus.rows import review_item
from nova_replay.corpus.sources import Item
from nova_replay.knowledge.status import Status, all_playable, all_trash, row_reach
from nova_replay.record.writer import log_data
from nova_replay.review.analysis import analyze
from nova_replay.review.vocabulary import Kind
from nova_replay.rules.cards import Card
from nova_replay.rules.engine import is_misfire
from nova_replay.rules.identities import identity_space, next_identity
from nova_replay.rules.rulesets import make_ruleset
from nova_replay.views.text import describe_turn

NOVA = make_ruleset("nova")
CODE = ("nova_replay", "dashboards", "scripts", "benchmarks")


def _code() -> list[tuple[Path, ast.AST]]:
    return [(p, ast.parse(p.read_text(encoding="utf-8")))
            for top in CODE for p in sorted((ROOT / top).rglob("*.py"))]


def _misfire_game():  # type: ignore[no-untyped-def]
    # Anna's 1C fits; Ben's 3D does not (a misfire); Carla hints; Anna discards;
    # Ben's 4D does not fit either.
    game = build_game(NOVA, {"Anna": "AC 2C 5H 4S", "Ben": "3D AD 2D 4D", "Carla": "4H AH 3S 3H"},
                      pile="2S 2S 3C")
    steps = [play("AC"), play("3D"), hint("Ben", rank=2), discard("4S"), play("4D")]
    return game, steps


def test_is_misfire_is_true_for_a_play_that_did_not_fit_only() -> None:
    game, steps = _misfire_game()
    tl = timeline(game, steps)
    said = [is_misfire(a, tl[t - 1], tl[t]) for t, a in enumerate(tl.actions, start=1)]
    assert said == [False, True, False, False, True]
    assert [s.lives for s in tl] == [3, 3, 2, 2, 2, 1]  # the log decides: two lives lost


def test_every_layer_counts_the_same_misfires() -> None:
    game, steps = _misfire_game()
    tl = timeline(game, steps)
    a = analyze(log_data(game, tl.actions))
    assert [f.turn for f in a.findings if f.kind == Kind.MISFIRE] == [2, 5]
    texts = [describe_turn(tl, t) for t in range(1, 6)]
    assert ["misfires" in text for text in texts] == [False, True, False, False, True]


def test_the_corpus_row_counts_the_misfires() -> None:
    game, steps = _misfire_game()
    raw = json.dumps(log_data(game, timeline(game, steps).actions)).encode()
    ((game_row, players),) = review_item(Item("misfires.json", None, raw))
    assert game_row["misfires"] == 2 and [p["misfires"] for p in players] == [0, 2, 0]


def test_known_playable_and_trash_read_any_mask() -> None:
    st = Status(playable=0b0011, trash=0b1100, critical=0, reach=(), reach_total=0, lost=())
    assert [all_playable(m, st) for m in (0, 0b01, 0b11, 0b111)] == [False, True, True, False]
    assert [all_trash(m, st) for m in (0, 0b100, 0b1100, 0b1101)] == [False, True, True, False]


@pytest.mark.parametrize("rules", [make_ruleset("nova"), make_ruleset("nova", grand_finale=True),
                                   make_ruleset("hanabi", variant_name="Rainbow (6 Suits)")])
def test_next_identity_is_the_card_of_the_next_rank(rules) -> None:  # type: ignore[no-untyped-def]
    space = identity_space(rules)
    for s, suit in enumerate(rules.suits):
        for height in range(rules.max_rank):
            assert next_identity(s, height, rules.max_rank) == space.of(Card(height + 1, suit))


def test_row_reach_with_spare_jokers_bridges_the_first_gaps() -> None:
    gaps = (2, 4)  # every copy of ranks 2 and 4 lost
    assert [row_reach(gaps, 5, j) for j in range(3)] == [1, 3, 5]
    assert row_reach((), 5) == 5


# ---- the scans: a retyped rule is found where it is retyped ----

def _lives_compared(tree: ast.AST) -> list[int]:
    """Lines comparing one state's lives with another's (`after.lives < before.lives`)."""
    return [n.lineno for n in ast.walk(tree) if isinstance(n, ast.Compare)
            and sum(isinstance(x, ast.Attribute) and x.attr == "lives"
                    for x in (n.left, *n.comparators)) >= 2]


def _mask_within(tree: ast.AST) -> list[int]:
    """Lines testing a mask against a status' playable or trash set by hand
    (`mask & ~st.playable == 0`)."""
    found = []
    for n in ast.walk(tree):
        if (isinstance(n, ast.Compare) and isinstance(n.left, ast.BinOp)
                and isinstance(n.left.op, ast.BitAnd) and isinstance(n.left.right, ast.UnaryOp)
                and isinstance(n.left.right.op, ast.Invert)
                and isinstance(n.left.right.operand, ast.Attribute)
                and n.left.right.operand.attr in ("playable", "trash")):
            found.append(n.lineno)
    return found


def test_no_module_retypes_the_misfire_or_known_playable_rule() -> None:
    homes = {ROOT / "nova_replay" / "rules" / "engine.py": _lives_compared,
             ROOT / "nova_replay" / "knowledge" / "status.py": _mask_within}
    code = _code()
    assert len(code) > 60
    retyped = [f"{p.relative_to(ROOT)}:{line} ({scan.__name__})"
               for p, tree in code for scan in (_lives_compared, _mask_within)
               if homes.get(p) is not scan for line in scan(tree)]
    assert retyped == []


def test_the_scans_find_a_retyped_rule() -> None:
    code = ast.parse("if after.lives < before.lives: pass\nok = m and m & ~st.playable == 0\n")
    assert _lives_compared(code) == [1] and _mask_within(code) == [2]
