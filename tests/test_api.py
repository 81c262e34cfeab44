"""The Python API: load, state(turn) and its str(), knowledge as identities, notes by
name, batch as a pyarrow Table, and the HTML a notebook shows."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from helpers import SAMPLES

import nova_replay
from nova_replay.cli import main
from nova_replay.rules.game import Hint

NOVA_4P = SAMPLES / "nova-4p.json"


def words_of(text: str) -> list[str]:
    return text.split()


def test_load_gives_a_record_whose_state_prints_as_replay_does() -> None:
    game = nova_replay.load(NOVA_4P)
    assert isinstance(game, nova_replay.Record) and game.players == ("Anna", "Ben", "Carla", "Dev")
    shown = CliRunner().invoke(main, ["replay", str(NOVA_4P), "--turn", "17", "--knowledge"])
    assert words_of(str(game.state(17))) == words_of(shown.stdout)
    assert game.state(-1).turn == game.turns == 40 and game.state(0).action == ""
    assert game.state(17).score == 2 and game.state(17).to_play == "Ben"
    with pytest.raises(ValueError, match="turn 41: expected a turn from 0 to 40"):
        game.state(41)
    with pytest.raises(ValueError, match="no player called 'Zoe'"):
        game.state(3, as_player="Zoe")


def test_knowledge_is_a_set_of_identities_that_a_hint_narrows() -> None:
    game = nova_replay.load(NOVA_4P)
    turn = next(t for t, a in enumerate(game.timeline.actions, start=1) if isinstance(a, Hint))
    hint = game.timeline.actions[turn - 1]
    assert isinstance(hint, Hint) and hint.suit >= 0  # this game's first hint names a suit
    receiver = game.players[hint.to]
    symbol = nova_replay.load(NOVA_4P).game.card_text(
        game.game.touched(hint, game.timeline[turn - 1].hands[hint.to])[0])[-1]
    for card in game.state(turn).hands[receiver]:
        assert card.card in card.possible  # the truth is always possible
        if card.touched:
            assert all(i.endswith(symbol) for i in card.possible)
        else:
            assert not any(i.endswith(symbol) for i in card.possible)


def test_as_a_player_their_own_cards_are_face_down() -> None:
    game = nova_replay.load(NOVA_4P)
    as_dev = game.state(17, as_player="Dev")
    assert all(c.card == "??" for c in as_dev.hands["Dev"])
    assert all(c.card != "??" for c in as_dev.hands["Anna"])
    assert "??" in str(as_dev)


def test_notes_name_their_player_as_the_json_report_does() -> None:
    game = nova_replay.load(NOVA_4P)
    report = json.loads(CliRunner().invoke(main, ["analyze", str(NOVA_4P), "--json"]).stdout)
    assert [(n.turn, n.player, n.kind, n.severity, n.message) for n in game.findings] == [
        (f["turn"], f["player"], f["kind"], f["severity"], f["message"])
        for f in report["findings"]]
    assert all(n.player in game.players for n in game.findings)


def test_a_state_renders_in_jupyter_as_html_with_inline_svg() -> None:
    game = nova_replay.load(NOVA_4P)
    html = game.state(17)._repr_html_()
    assert html.count("<svg") >= 4 * 3 * 2  # a card and its grid for every card in hand
    assert all(name in html for name in game.players) and "<script" not in html
    as_dev = game.state(17, as_player="Dev")._repr_html_()
    dev_cards = [c.card for c in game.state(17).hands["Dev"]]
    dev_row = as_dev.split("Dev", 1)[1]
    assert all(f">{c}<" not in dev_row.split("</tr></table>")[0] for c in dev_cards)


def test_batch_is_a_pyarrow_table_of_every_log() -> None:
    folder = [str(SAMPLES / "nova-4p.json"), str(SAMPLES / "nova-2p.json")]
    games = nova_replay.batch(folder)
    assert games.num_rows == 2 and games.column("valid").to_pylist() == [True, True]
    assert games.column("score").to_pylist() == [nova_replay.load(p).score for p in folder]
    players = nova_replay.batch(folder, per_player=True)
    assert players.num_rows == 4 + 2
    frame = players.to_pandas()
    assert frame.loc[frame["file"] == folder[0], "hints"].sum() == nova_replay.analyze(
        folder[0]).summary.hints
    everything = nova_replay.batch(str(SAMPLES))  # puzzles are not logs: left out
    assert not any("puzzles/" in f for f in everything.column("file").to_pylist())
