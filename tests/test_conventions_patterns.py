"""Issue 32: the clues a strong player reads that the reader used to miss: Tempo Clues,
connections through the target's own cards, fix clues on duplicates, what a holder
already knew (no prompt), Good Touch's clued copy as the connection; `could_be` without
identities that can no longer play. Each test is a position where that rule decides the
reading: hand-built, or a real clue of a development game (benchmarks/holdout.py; never
a held-out one). The pages' own worked examples are in
conventions_questions/patterns_examples.json."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest
from helpers import build_game, hint, shared, timeline
from test_convention_questions import position

from benchmarks.holdout import held_out_names
from nova_replay.conventions import Conventions, Reading, read_clue, read_game
from nova_replay.knowledge.tiers import timeline_knowledge
from nova_replay.record.hanablive_export import card_orders
from nova_replay.record.load import load, load_data
from nova_replay.record.writer import log_data
from nova_replay.review.analysis import analyze
from nova_replay.rules.rulesets import make_ruleset

HANABI = make_ruleset("hanabi")


def reading_at(game, steps, turn: int, level: int = 5) -> Reading:  # type: ignore[no-untyped-def]
    a = analyze(log_data(game, timeline(game, steps).actions), Conventions(level))
    assert a.reading is not None
    r = a.reading.turns[turn]
    assert isinstance(r, Reading), r
    return r


# --- hand-built positions -------------------------------------------------------------

def test_a_clue_showing_two_clued_cards_the_same_is_a_fix_not_a_tempo_clue() -> None:
    # Green touches Bob's two green cards; a 2 then fills both in as the green 2: one of
    # them is a duplicate (H-Group level 3, The Fix Clue: "needed when a duplicate card
    # is touched"). Before level 3 no fix clue is read.
    game = build_game(HANABI, {"Alice": "4Y 4G 3B 3W 2W", "Bob": "1R 2G 2G 4B 5W",
                               "Cathy": "2R 1Y 1G 4R 3G"})
    steps = [hint("Bob", "G"), hint("Alice", rank=4), hint("Bob", rank=2)]
    assert reading_at(game, steps, 3).meaning == "fix"
    assert reading_at(game, steps, 3, level=2).meaning != "fix"


def test_a_2_save_whose_every_reading_is_trash_is_no_save() -> None:
    # Every 2 but purple is played and Cathy holds the clued purple 2: a 2 on Bob's chop
    # can be no 2 worth saving. Its could-be never offers a played 2.
    table, clue, slots = position({
        "stacks": "r2 y2 g2 b2 p1",
        "hands": [["x", "x", "x", "x", "x"], ["y4", "b4", "g4", "r4", "r2"],
                  ["p2:2", "y3", "g3", "b3", "r3"]],
        "giver": 0, "clue": {"to": 1, "rank": 2}, "touched": [5]})
    r = read_clue(table, Conventions(5), 0, clue, slots)
    assert r.meaning != "save" and not r.saved
    space = table.game.space
    assert all(not (table.status.trash >> i) & 1 for i in r.could_be), \
        [space.show(i) for i in r.could_be]


def test_the_json_numbers_a_card_by_our_deck_and_hanab_live_as_the_docs_say() -> None:
    # docs/conventions.md: a dealt card of our index d (p = d mod n, k = d div n) has
    # hanab.live order ((p + s) mod n) * size + k; a drawn card keeps its index.
    game = build_game(HANABI, {"Alice": "4Y 4G 3B 3W 2W", "Bob": "1R 3Y 4B 2B 5W",
                               "Cathy": "2R 1Y 1G 4R 3G"})
    record = load_data(log_data(game, ()))
    n, size = 3, 5
    for start in (0, 1, 2):
        orders = card_orders(record, start)
        for d, order in enumerate(orders):
            p, k = d % n, d // n
            assert order == (((p + start) % n) * size + k if d < n * size else d)
    assert card_orders(record, 0)[4] == 6  # the docs' example: Bob's second card


# --- real clues of development games ----------------------------------------------------

def dev_game(name: str) -> Path:
    path = shared("real", "hanabi-challenges-derived", name)
    assert name not in held_out_names(), f"{name} is held out: never read while building"
    return path


@cache
def read(name: str, level: int = 5):  # type: ignore[no-untyped-def]
    record = load(dev_game(name))
    return record, read_game(timeline_knowledge(record.timeline), Conventions(level))


def clue_at(name: str, turn: int) -> Reading:
    _, g = read(name)
    r = g.turns[turn]
    assert isinstance(r, Reading), r
    return r


def test_real_a_re_clue_on_a_card_not_known_playable_is_a_tempo_clue() -> None:
    # p5_15 turn 44: a 5 re-touches Player1's clued 5R (not playable: 4R first): a Tempo
    # Clue through their known 4R; they played the 4R, then the 5R.
    r = clue_at("p5_15.json", 44)
    assert (r.meaning, r.convention) == ("play", "tempo clue"), r.text
    assert [(x.kind, x.player, x.slot) for x in r.connections] == [("known", 0, 3)]


def test_real_a_clue_connects_through_the_targets_own_clued_card() -> None:
    # p5_15 turn 12: blue to Player4 touches a new 4B and fills in their clued 3 as the
    # blue 3 (an earlier reading took it for another 3): the 4B connects through it, no
    # reverse finesse on Player5's unclued 3B.
    r = clue_at("p5_15.json", 12)
    assert [(x.kind, x.player, x.slot) for x in r.connections] == [("known", 3, 1)], r.text


def test_real_two_clued_2s_filled_in_as_the_same_green_2_is_a_fix() -> None:
    # p2_16 turn 27: a 2 fills in Player2's two green cards: both the green 2. Player2
    # played one and discarded the other.
    r = clue_at("p2_16.json", 27)
    assert r.meaning == "fix", r.text


def test_real_a_clued_1_its_holder_knew_playable_is_no_prompt() -> None:
    # p3_12 turn 4: Player2's clued 1 can only be a playable 1 (Good Touch: not the played
    # ones), so the 2P clue connects through a card Player2 already knew to play.
    r = clue_at("p3_12.json", 4)
    assert [(x.kind, x.player, x.slot) for x in r.connections] == [("playable", 1, 1)], r.text


def test_real_a_clued_copy_is_the_connection_not_an_unclued_one() -> None:
    # p6_12 turn 11: green to Player6's 4G; Player1's clued green card is the 3G (Good
    # Touch: the clued copy connects), and Player2's 2G a reverse finesse.
    r = clue_at("p6_12.json", 11)
    assert r.connects
    assert [(x.kind, x.player, x.slot, x.identity % 5 + 1) for x in r.connections] == [
        ("finesse", 1, 0, 2), ("prompt", 0, 0, 3)], r.text


@pytest.mark.parametrize("name", ["p2_16.json", "p5_15.json", "p6_12.json", "p3_12.json"])
def test_real_could_be_offers_no_dead_identity_outside_fix_and_trash_readings(name: str) -> None:
    record, g = read(name)
    statuses = timeline_knowledge(record.timeline).statuses
    for t, r in enumerate(g.turns):
        if isinstance(r, Reading) and r.meaning != "fix" and r.convention != "trash chop move":
            assert not any((statuses[t - 1].trash >> i) & 1 for i in r.could_be), (t, r.text)
