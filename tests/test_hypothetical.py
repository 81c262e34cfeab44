"""Hypotheticals (issue 35): a line of other moves from any turn, played by the engine and
reviewed anew, in Python (`Position.hypothetical`) and on the board's server
(dashboards/hypo.py: the line in the URL, its payload, the moves offered)."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pytest
from nova_replay.dashboard import GameLibrary
from nova_replay.dashboard.callbacks import Payloads, evaluation_state, hypo_offers, open_view
from nova_replay.dashboard.clues import clue_of
from nova_replay.dashboard.data import Reviewed
from nova_replay.dashboard.evaluations import Evaluations
from nova_replay.dashboard.hypo import Lines, offers, parse_hypo
from nova_replay.dashboard.payload import CARD_FIELDS

from nova_replay import load
from nova_replay.review.hypothetical import HypotheticalError, line_of
from nova_replay.rules.game import Hint, Play

SAMPLES = Path(__file__).resolve().parent.parent / "sample_games"
GAME = "hanabi-5p"  # Alice, Bob, Cathy, Donald, Emily; 41 turns, no strike
TEXT, TRUTH = CARD_FIELDS.index("text"), CARD_FIELDS.index("truth")


@pytest.fixture(scope="module")
def record() -> Any:
    return load(SAMPLES / f"{GAME}.json")


@pytest.fixture(scope="module")
def library() -> GameLibrary:
    return GameLibrary.from_path(SAMPLES)


def test_a_line_plays_its_moves_after_the_turn_and_leaves_the_game(record: Any) -> None:
    a = record.analysis
    before = a.timeline.actions
    line = line_of(a, 10, ["play 1", "clue Alice red"])
    assert line.end == 12 and line.analysis.timeline.turns == 12
    tl = line.analysis.timeline
    assert tl.actions[:10] == before[:10]
    alice_slot_1 = a.timeline[10].hands[0][0]
    assert tl.actions[10] == Play(alice_slot_1)  # Alice is to move at turn 10
    assert isinstance(tl.actions[11], Hint) and tl.actions[11].to == 0
    assert a.timeline.actions == before and a.timeline.turns == 41  # the game is as it was
    # the short forms are the same moves
    assert line_of(a, 10, ["p1", "c1.red"]).moves == line.moves
    # the tried clue is read by the game's conventions, as a clue of the game would be
    clue = clue_of(line.analysis, 12)
    assert clue is not None and clue["from"] == "Bob" and clue["to"] == 0
    assert (clue["reading"] is None) is (a.reading is None)


@pytest.mark.parametrize(("moves", "said"), [
    (["play 9"], "expected a slot from 1 to 4"),
    (["clue Zed red"], "expected a player (Alice, Bob, Cathy, Donald, Emily)"),
    (["clue Bob mauve"], "expected a colour (red, yellow, green, blue, white)"),
    (["jump"], "expected 'play N', 'discard N' or 'clue PLAYER COLOUR|RANK'"),
    (["p1", "c2.red"], "move 2 (c2.red): Bob gives a hint to Bob"),
])
def test_a_move_that_cannot_be_read_or_played_is_said_in_one_line(
        record: Any, moves: list[str], said: str) -> None:
    with pytest.raises(HypotheticalError) as e:
        line_of(record.analysis, 10, moves)
    assert said in str(e.value) and "\n" not in str(e.value)


def test_a_full_clue_count_refuses_a_discard(record: Any) -> None:
    a = record.analysis
    turn = next(t for t in range(a.timeline.turns) if a.timeline[t].coins == 8)
    with pytest.raises(HypotheticalError, match="move 1 \\(d1\\)"):
        line_of(a, turn, ["d1"])


def test_position_hypothetical_as_a_player_makes_only_their_moves(record: Any) -> None:
    after = record.state(10).hypothetical(["play 1", "clue Alice red"])
    assert after.turn == 12 and "Bob clues red to Alice" in after.action
    assert record.state(10).turn == 10 and record.turns == 41
    mine = record.state(10, as_player="Alice").hypothetical(["play 2"])
    assert mine.turn == 11 and mine.viewer == "Alice"
    assert mine.analysis.timeline.actions[10] == Play(record.timeline[10].hands[0][1])
    assert "??" in str(mine)  # still as Alice: her own cards unseen
    with pytest.raises(HypotheticalError, match="it is Bob's turn; as Alice only their own"):
        record.state(10, as_player="Alice").hypothetical(["play 1", "clue Alice red"])


def test_the_link_reads_a_line_and_refuses_a_malformed_one() -> None:
    assert parse_hypo("12:p3,c2.red") == (12, ("p3", "c2.red"))
    assert parse_hypo("12:") == (12, ())
    assert parse_hypo("twelve:p3") is None and parse_hypo("12:p3;rm") is None


def _opened(library: GameLibrary, search: str) -> tuple[Any, ...]:
    return open_view(library, Payloads(library), None, search, None, None, None)


def test_the_board_opens_a_line_from_its_link_at_its_end(library: GameLibrary) -> None:
    out = _opened(library, f"?game={GAME}&hypo=10%3Ap1%2Cc1.red")
    p = out[0]
    assert p["hypo"]["branch"] == 10 and p["hypo"]["end"] == 12 and p["start"] == 12
    assert [m[1] for m in p["hypo"]["moves"]] == ["Alice plays slot 1", "Bob clues Alice red"]
    assert p["turns"] == 12 and p["end"] is True
    assert all("hypo=10%3Ap1%2Cc1.red" in link for link in p["links"].values())
    assert p["turn_data"][12]["clue"]["to"] == 0  # the tried clue, with its reading
    assert p["eval_key"] == f"{GAME}~10:p1,c1.red" and p["evaluation"] is True
    # a line that cannot be played: said, and the game shown
    out = _opened(library, f"?game={GAME}&turn=3&hypo=10%3Ap9")
    assert "hypo" not in out[0] and out[0]["start"] == 3
    assert "The tried line cannot be played" in str(out[3])


def test_with_no_spoilers_the_lines_draws_stay_face_down(library: GameLibrary) -> None:
    loaded = library.get(GAME)
    assert isinstance(loaded, Reviewed)
    dealt = loaded.analysis.timeline[10].drawn
    seen = _opened(library, f"?game={GAME}&hypo=10%3Ap1%2Cp1")[0]
    hidden = _opened(library, f"?game={GAME}&spoilers=off&hypo=10%3Ap1%2Cp1")[0]
    line = Lines().get(GAME, loaded, None, 10, ("p1", "p1"))
    game = line.analysis.timeline.game
    for t in (11, 12):
        for p, hand in enumerate(line.analysis.timeline[t].hands):
            for slot, card in enumerate(hand):
                shown, kept = seen["turn_data"][t]["hands"][p][slot], hidden["turn_data"][t][
                    "hands"][p][slot]
                if card >= dealt:  # drawn by the line: the real game's next cards
                    assert shown[TEXT] == game.card_text(card)
                    assert kept[TEXT] is None and kept[TRUTH] == -1
                else:
                    assert kept[TEXT] == shown[TEXT]
        drawn = line.analysis.timeline[t].hands[line.analysis.timeline[t - 1].player(game)][0]
        assert game.card_text(drawn) not in hidden["turn_data"][t]["action"]
    assert any(c >= dealt for h in line.analysis.timeline[12].hands for c in h)


def test_the_moves_offered_are_the_movers_and_as_a_player_only_theirs(
        library: GameLibrary) -> None:
    loaded = library.get(GAME)
    assert isinstance(loaded, Reviewed)
    all_of = offers(None, loaded, 10, None, no_spoilers=False)
    tokens = [m[0] for m in all_of["moves"]]
    assert all_of["mover"] == "Alice" and {"p1", "p4"} <= set(tokens)
    assert loaded.analysis.timeline[10].coins == 8 and not any(t[0] == "d" for t in tokens)
    assert any(t.startswith("c2.") for t in tokens) and not any(t.startswith("c1.") for t in tokens)
    assert any("(slot" in m[1] for m in all_of["moves"] if m[0].startswith("c"))
    # with no spoilers a clue's words do not say which slots it touches
    quiet = offers(None, loaded, 10, None, no_spoilers=True)
    assert not any("(slot" in m[1] for m in quiet["moves"])
    # as Bob at Alice's turn: nothing, and why
    bob = offers(None, loaded, 10, 1, no_spoilers=False)
    assert bob["moves"] == [] and "it is Alice's turn" in bob["why"]
    # the server's callback reads the browser's ask, within a line too
    asked = {"key": GAME, "turn": 11, "viewer": None, "spoilers": True, "hypo": "10:p1"}
    got = hypo_offers(library, Payloads(library), asked)
    assert got["mover"] == "Bob" and got["moves"]


def test_the_best_possible_is_worked_out_for_the_lines_game(library: GameLibrary) -> None:
    evaluated: list[Any] = []
    done = threading.Event()

    def evaluate(analysis: Any, budget: float) -> Any:
        evaluated.append(analysis.timeline.actions)
        done.set()
        raise RuntimeError("enough: the game it was given is what is checked")

    loaded = library.get(GAME)
    assert isinstance(loaded, Reviewed)
    payloads = Payloads(library)
    asked = {"key": GAME, "turns": 12, "viewer": None, "hypo": "10:p1,c1.red"}
    assert evaluation_state(library, Evaluations(evaluate), asked, True, "", payloads.lines
                            )[1:] == (False, "")
    assert done.wait(60)
    line = line_of(loaded.analysis, 10, ["p1", "c1.red"])
    assert evaluated == [line.analysis.timeline.actions]
