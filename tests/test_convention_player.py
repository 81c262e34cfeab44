"""The convention player (play/convention.py): it decides from its seat alone, it
plays whole games by the reading, and `simulate --bot convention` uses it."""

from __future__ import annotations

import pytest

from nova_replay.play.convention import ConventionPlayer, parse_player
from nova_replay.play.simulate import Table, play_game, seat_all, step
from nova_replay.play.value import sample_deals
from nova_replay.rules.engine import PERFECT, STRIKEOUT
from nova_replay.rules.game import Game, Hint
from nova_replay.rules.rulesets import make_ruleset


def _choice_at(game: Game, actions: tuple[object, ...], turn: int, player: ConventionPlayer
               ) -> object:
    """The player's move at `turn` of `game` after the first turn-1 `actions`."""
    table = Table(game)
    seats = seat_all(game, [player] * len(game.players))
    for a in actions[:turn - 1]:
        step(table, seats, a)  # type: ignore[arg-type]
    me = table.state.player(game)
    return player.choose(table, seats[me])


@pytest.mark.parametrize(("ruleset", "players", "level"), [
    ("hanabi", 3, 5), ("hanabi", 2, 1), ("hanabi", 4, 11), ("nova", 3, 3)])
def test_never_reads_a_hidden_card(ruleset: str, players: int, level: int) -> None:
    """Re-deal what the mover cannot see (their hand, as their clues allow, and the draw
    pile): the move chosen stays the same at every turn tried. A player that looked
    at its own cards or the draw pile would change its move on some re-deal."""
    rules = make_ruleset(ruleset)
    player = ConventionPlayer(level)
    checked = changed_hands = 0
    for seed in range(3):
        played = play_game(rules, [player] * players, seed)
        game, actions = played.game, played.actions
        table = Table(game)
        seats = seat_all(game, [player] * players)
        for turn, taken in enumerate(actions, start=1):
            if turn % 4 == 1:
                me = table.state.player(game)
                assert player.choose(table, seats[me]) == taken
                hand = table.state.hands[me]
                for k, deal in enumerate(sample_deals(game, table.state, [
                        table.tracker.hinted[c] for c in hand], me, 2, seed * 1000 + turn)):
                    if [deal.deck[c] for c in hand] != [game.deck[c] for c in hand]:
                        changed_hands += 1
                    assert _choice_at(deal, actions, turn, player) == taken, (seed, turn, k)
                    checked += 1
            step(table, seats, taken)
    assert checked >= 20 and changed_hands >= 10  # the re-deals did change the hands


def test_plays_a_finesse_it_works_out() -> None:
    """Over a few games the player answers finesses and prompts (its memory's calls)
    and those plays fit: the reading drives its blind plays."""
    rules = make_ruleset("hanabi")
    player = ConventionPlayer(5)
    answered = fitted = 0
    for seed in range(8):
        played = play_game(rules, [player] * 3, seed)
        game = played.game
        table = Table(game)
        seats = seat_all(game, [player] * 3)
        for a in played.actions:
            me = table.state.player(game)
            if type(a) is not Hint and a[0] in seats[me].calls and not table.tracker.touched[a[0]]:
                answered += 1
                fitted += (table.tracker.status(table.state).playable
                           >> game.identity_of[a[0]]) & 1
            step(table, seats, a)
    assert answered >= 5
    assert fitted >= 0.8 * answered


def test_self_play_scores() -> None:
    """A sanity floor, far below the figures of docs/bots.md: 20 games of 3-player
    Hanabi average over 18 with at most one strikeout."""
    rules = make_ruleset("hanabi")
    finals = [play_game(rules, [ConventionPlayer()] * 3, seed).final for seed in range(20)]
    assert sum(f.score for f in finals) / 20 > 18
    assert sum(f.ending == STRIKEOUT for f in finals) <= 1
    assert any(f.ending == PERFECT for f in finals)


def test_parse_player() -> None:
    assert parse_player("convention") == ConventionPlayer()
    assert parse_player("convention:3").level == 3  # type: ignore[union-attr]
    assert parse_player("basic").name == "basic"
    assert parse_player("careless:0.2").name == "careless:0.2"
    for bad, message in [("convention:6", "N one of 1, 2, 3, 4, 5, 11"),
                         ("clever", "expected convention[:LEVEL], basic or careless")]:
        with pytest.raises(ValueError, match=message.replace("[", r"\[").replace("]", r"\]")):
            parse_player(bad)


@pytest.mark.parametrize(("name", "options"), [
    ("nova", {"jokers": 2}), ("nova", {"jokers": 1, "gentle_show": True}),
    ("hanabi", {"variant_name": "Rainbow (5 Suits)"})])
def test_every_game_is_legal(name: str, options: dict[str, object]) -> None:
    """Games with wild jokers (a card that may be a joker cannot be played blind: its row
    must be named) and a hanab.live variant the conventions read all validate."""
    from nova_replay.play.simulate import simulate
    from nova_replay.record.validation import check_data

    rules = make_ruleset(name, **options)  # type: ignore[arg-type]
    for players in (2, 3, 4):
        for seed in range(3):
            report = check_data(simulate(rules, players, ConventionPlayer(), seed))
            assert report.valid(strict=True), report.problems[:1]
