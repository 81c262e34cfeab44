"""Bots: legal play in every ruleset, no peeking at their own cards, and strength."""

from __future__ import annotations

import dataclasses
import random

import pytest

from nova_replay.play.bots import Bot, CarelessBot, ConventionBot, View, parse_bot
from nova_replay.play.simulate import Table, play_game, shuffled
from nova_replay.rules.game import Action, Discard, Game, Hint, Play
from nova_replay.rules.rulesets import Ruleset, make_ruleset

RULESETS = {
    "nova": make_ruleset("nova"),
    "finale": make_ruleset("nova", grand_finale=True),
    "jokers1": make_ruleset("nova", jokers=1),
    "jokers2-gentle": make_ruleset("nova", jokers=2, gentle_show=True),
    "all": make_ruleset("nova", grand_finale=True, jokers=2, gentle_show=True),
    "hanabi": make_ruleset("hanabi"),
}


def test_view_holds_no_game_or_deck() -> None:
    """A view's fields are plain values: nothing leads back to the deck."""
    rules = RULESETS["nova"]
    table = Table(Game(rules, ("A", "B", "C"), shuffled(rules, 3)))
    view = table.view(0)
    for f in dataclasses.fields(View):
        value = getattr(view, f.name)
        assert not isinstance(value, (Game, Table)), f.name
    assert view.hands[0] == ()
    assert len(view.own) == 4


def _decisions_until(rules: Ruleset, players: int, seed: int, turn: int,
                     bot: ConventionBot | CarelessBot) -> tuple[Game, list[Action]]:
    game = Game(rules, tuple("ABCDE"[:players]), shuffled(rules, seed))
    table = Table(game, seed)
    actions: list[Action] = []
    while table.state.turn < turn and not table.state.over:
        action = bot.decide(table.view(table.state.player(game)))
        table.step(action)
        actions.append(action)
    return game, actions


def _table_after(game: Game, actions: list[Action], seed: int) -> Table:
    table = Table(game, seed)
    for a in actions:
        table.step(a)
    return table


@pytest.mark.parametrize("bot", [ConventionBot(), CarelessBot(0.5, seed=3)],
                         ids=["convention", "careless"])
@pytest.mark.parametrize("rules_name", ["nova", "all", "hanabi"])
def test_decision_ignores_own_cards(bot: ConventionBot | CarelessBot, rules_name: str) -> None:
    """Swap a card in the mover's hand with a draw-pile card of another identity its
    knowledge allows: the view and the decision stay the same."""
    rules = RULESETS[rules_name]
    rng = random.Random(5)
    swaps = 0
    for seed in range(60):
        players = 2 + seed % 4
        turn = rng.randrange(1, 30)
        game, actions = _decisions_until(rules, players, seed, turn, bot)
        table = _table_after(game, actions, seed)
        if table.state.over:
            continue
        me = table.state.player(game)
        view = table.view(me)
        ids = table.tracker.ids
        for k in view.own:
            pile = [j for j in range(table.state.drawn, len(game.deck))
                    if ids.of_card[j] != ids.of_card[k.card] and (k.deduced >> ids.of_card[j]) & 1]
            if not pile:
                continue
            j = pile[0]
            deck = list(game.deck)
            deck[k.card], deck[j] = deck[j], deck[k.card]
            other = Game(rules, game.players, tuple(deck))
            swapped = _table_after(other, actions, seed)
            assert swapped.view(me) == view
            assert bot.decide(swapped.view(me)) == bot.decide(view)
            swaps += 1
            break
    assert swaps >= 25


@pytest.mark.parametrize("rules_name", list(RULESETS))
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_bots_finish_legal_games(rules_name: str, players: int) -> None:
    rules = RULESETS[rules_name]
    for seed in range(3):
        seats: list[Bot] = [ConventionBot(), CarelessBot(0.4, seed)] * 3
        played = play_game(rules, seats[:players], seed)
        assert played.final.over
        assert 0 <= played.final.score <= rules.perfect_score


def test_convention_bot_plays_jokers_only_when_known() -> None:
    """Every joker the convention bot plays, it knew was a joker (it named a row)."""
    rules = RULESETS["jokers2-gentle"]
    played_jokers = 0
    for seed in range(30):
        played = play_game(rules, [ConventionBot()] * 3, seed)
        for a in played.actions:
            if isinstance(a, Play) and played.game.suit_of[a.card] < 0:
                assert a.row >= 0
                played_jokers += 1
    assert played_jokers > 0


def test_convention_beats_careless() -> None:
    rules = RULESETS["nova"]
    careful = [play_game(rules, [ConventionBot()] * 3, s).final.score for s in range(30)]
    careless = [play_game(rules, [CarelessBot(0.4, s)] * 3, s).final.score for s in range(30)]
    assert sum(careful) / 30 > sum(careless) / 30 + 2


def test_careless_bot_makes_its_mistakes() -> None:
    """The careless bot misfires and discards hinted or critical cards; the
    convention bot, with the same deals, far less."""
    rules = RULESETS["nova"]
    careless_misfires, careless_discards = _mistakes(rules, CarelessBot(0.4, 1))
    misfires, _ = _mistakes(rules, ConventionBot())
    assert careless_misfires > 3 * max(misfires, 1) and careless_discards > 5


def _mistakes(rules: Ruleset, bot: ConventionBot | CarelessBot) -> tuple[int, int]:
    misfires = discarded = 0
    for seed in range(20):
        played = play_game(rules, [bot] * 3, seed)
        table = Table(played.game, seed)
        for a in played.actions:
            before = table.state
            critical = table.tracker.status(before).critical >> table.tracker.ids.of_card[a[0]]
            if isinstance(a, Discard) and (table.tracker.touched[a.card] or critical & 1):
                discarded += 1
            table.step(a)
            misfires += isinstance(a, Play) and table.state.lives < before.lives
    return misfires, discarded


def test_convention_bot_rarely_misfires_before_the_final_round() -> None:
    """Misfires before the draw pile runs out come only from a broken convention (in
    the final round the bot takes chances on purpose)."""
    early = 0
    for seed in range(20):
        played = play_game(RULESETS["hanabi"], [ConventionBot()] * 4, seed)
        table = Table(played.game, seed)
        for a in played.actions:
            before = table.state
            table.step(a)
            early += table.state.lives < before.lives and before.final_turns < 0
    assert early <= 6


def test_convention_bot_saves_a_five_on_the_next_chop() -> None:
    """Ben's chop is a 5 (the only copy in Nova) and Ben would discard it: Anna saves it.
    Every such deal among the first 60 is checked, and there must be some."""
    rules = RULESETS["nova"]
    saves = 0
    for seed in range(60):
        game = Game(rules, ("A", "B", "C"), shuffled(rules, seed))
        table = Table(game)
        table.step(Hint(2, rank=game.rank_of[table.state.hands[2][0]]))  # spend a coin
        table.step(Hint(0, rank=game.rank_of[table.state.hands[0][0]]))
        table.step(Hint(1, rank=game.rank_of[table.state.hands[1][0]]))
        ben = table.state.hands[1]
        chop = [c for c in ben if not table.tracker.touched[c]][-1:]
        if not chop or game.deck[chop[0]].rank != 5:
            continue
        view = table.view(0)
        if not ConventionBot().will_discard(view, 1):
            continue
        action = ConventionBot().decide(view)
        assert isinstance(action, Hint) and action.to == 1, seed
        assert action.rank == 5 or action.suit == game.suit_of[chop[0]], seed
        saves += 1
    assert saves >= 5, "too few deals with a 5 on Ben's chop that he would discard"


def test_parse_bot() -> None:
    assert isinstance(parse_bot("convention"), ConventionBot)
    bot = parse_bot("careless:0.25", 4)
    assert isinstance(bot, CarelessBot) and bot.error_rate == 0.25 and bot.seed == 4
    for bad in ("clever", "careless:x", "careless:1.5", "convention:0.2"):
        with pytest.raises(ValueError, match="--bot"):
            parse_bot(bad)
