"""hanab.live's options that change the rules (Empty Clues), read from an export and reviewed."""

from __future__ import annotations

from dataclasses import replace

from test_hanablive import mutate, real

from nova_replay.record.hanablive import from_hanablive
from nova_replay.record.hanablive_export import to_hanablive
from nova_replay.record.load import load_data
from nova_replay.review.analysis import analyze
from nova_replay.rules.engine import legal_actions, replay
from nova_replay.rules.game import Hint


def test_the_empty_clues_option_is_read_and_written_back() -> None:
    """hanab.live's "Empty Clues" (#34): the log's ruleset says it, a clue that touches no
    card is then legal, and the export says it again."""
    data = mutate("example_game_3p.json", lambda d: d.setdefault("options", {}).update(
        emptyClues=True))
    log = from_hanablive(data)
    assert log["ruleset"] == {"name": "hanabi", "variant": "No Variant", "empty_clues": True}
    record = load_data(log)
    assert record.game.ruleset.empty_clues
    assert to_hanablive(record)["options"]["emptyClues"] is True
    plain = load_data(from_hanablive(real("example_game_3p.json")))
    state = plain.timeline[0]
    hand = state.hands[1]
    empty = [h for h in (Hint(1, rank=r) for r in range(1, 6)) if not plain.game.touched(h, hand)]
    assert empty, "the deal has a rank Bob does not hold"
    assert empty[0] not in legal_actions(plain.game, state)
    assert empty[0] in legal_actions(record.game, record.timeline[0])


def test_an_empty_clue_is_reviewed_without_a_reading() -> None:
    """An empty clue (Empty Clues) touches no card: the conventions have no focus to read
    it on, so it has no reading, and the game is reviewed all the same (it raised an
    IndexError in the clue reader's focus rule)."""
    log = from_hanablive(mutate("example_game_3p.json", lambda d: d.setdefault(
        "options", {}).update(emptyClues=True)))
    record = load_data(log)
    state = record.timeline[0]
    empty = next(h for h in (Hint(1, rank=r) for r in range(1, 6))
                 if not record.game.touched(h, state.hands[1]))
    a = analyze(replace(record, timeline=replay(record.game, [empty])))
    assert a.reading is not None and a.reading.turns[1] is None
    assert a.timeline.turns == 1
