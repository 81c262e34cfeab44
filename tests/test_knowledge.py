"""The knowledge model on hand-built games where each tier decides the outcome,
and its invariants over random legal games (hypothesis)."""

from __future__ import annotations

import itertools
import random

import pytest
from helpers import build_game, discard, hint, legal_actions, shuffled_game, timeline
from hypothesis import given, settings
from hypothesis import strategies as st

from nova_replay.knowledge.status import Identities, played_jokers, status
from nova_replay.knowledge.tiers import (
    CardKnowledge,
    Tracker,
    knows_exactly,
    knows_playable,
    timeline_knowledge,
)
from nova_replay.record.writer import log_data
from nova_replay.review.analysis import analyze
from nova_replay.rules.engine import apply, deal, replay
from nova_replay.rules.game import Action, Game, Hint, Play
from nova_replay.rules.rulesets import make_ruleset

NOVA = make_ruleset("nova")


def names(ids: Identities, mask: int) -> set[str]:
    return {ids.show(i) for i in ids.members(mask)}


def card_of(game_knowledge: tuple[CardKnowledge, ...], game, text: str) -> CardKnowledge:  # type: ignore[no-untyped-def]
    (k,) = [k for k in game_knowledge if str(game.deck[k.card]) == text]
    return k


def test_a_negative_hint_narrows_the_untouched_cards() -> None:
    game = build_game(NOVA, {"Anna": "AH 2D 5D 3C", "Ben": "AS 3D 5H AC", "Carla": "2C 4D AS 2H"})
    tl = timeline(game, [hint("Ben", rank=1)])
    tk = timeline_knowledge(tl)
    ben = tk.of(1, 1)
    aces = {"A♣", "A♦", "A♥", "A♠"}
    every = names(tk.ids, tk.ids.all)
    assert names(tk.ids, card_of(ben, game, "3D").hinted) == every - aces
    assert names(tk.ids, card_of(ben, game, "5H").hinted) == every - aces
    assert names(tk.ids, card_of(ben, game, "AS").hinted) == aces
    # Before the hint, Ben knew nothing from hints.
    assert tk.of(0, 1)[1].hinted == tk.ids.all


def test_a_card_is_known_exactly_only_because_its_holder_sees_the_other_copies() -> None:
    game = build_game(NOVA, {"Anna": "5C 5D 3C 4C", "Ben": "5S AH 2H 3H", "Carla": "5H 2D 2C 4D"})
    tl = timeline(game, [hint("Ben", rank=5)])
    tk = timeline_knowledge(tl)
    k = card_of(tk.of(1, 1), game, "5S")
    fives = {"5♣", "5♦", "5♥", "5♠"}
    assert names(tk.ids, k.hinted) == fives
    assert names(tk.ids, k.deduced) == {"5♠"}  # Ben sees 5♣ 5♦ (Anna) and 5♥ (Carla)
    assert names(tk.ids, k.common) == fives  # none of the other 5s is public
    assert knows_exactly(k)


def test_deduction_reaches_a_fixed_point_across_two_cards_of_one_hand() -> None:
    # Ben's 5♠ is pinned by a spades hint and a 5s hint; the 5♥ he draws later is
    # touched only by the 5s hint. He sees 5♣ and 5♦ in Carla's hand, and his own
    # 5♠ accounts for the only 5♠: so the new card must be the 5♥.
    game = build_game(NOVA, {"Anna": "AH 2C 3C 4C", "Ben": "5S 2D 3D 4D", "Carla": "5C 5D AC AD"},
                      pile="5H")
    tl = timeline(game, [hint("Ben", suit="S"), discard("4D"), hint("Ben", rank=5)])
    tk = timeline_knowledge(tl)
    ben = tk.of(3, 1)
    new, pinned = card_of(ben, game, "5H"), card_of(ben, game, "5S")
    assert names(tk.ids, pinned.deduced) == {"5♠"}
    assert names(tk.ids, new.hinted) == {"5♣", "5♦", "5♥", "5♠"}
    assert names(tk.ids, new.deduced) == {"5♥"}
    # The common tier does not use Ben's private view: both 5s stay open to it.
    assert {"5♥", "5♠"} <= names(tk.ids, new.common)


def test_knowing_a_card_is_playable() -> None:
    game = build_game(NOVA, {"Anna": "AH 2D 5D 3C", "Ben": "AS 3D 5H AC", "Carla": "2C 4D AS 2H"})
    tl = timeline(game, [hint("Ben", rank=1)])
    tk = timeline_knowledge(tl)
    st_ = tk.statuses[1]
    flags = {str(game.deck[k.card]): knows_playable(k, st_) for k in tk.of(1, 1)}
    assert flags == {"AS": True, "3D": False, "5H": False, "AC": True}


def random_game(seed: int, ruleset_pick: int, players: int):  # type: ignore[no-untyped-def]
    rules = [make_ruleset("hanabi"), make_ruleset("nova"),
             make_ruleset("nova", grand_finale=True, jokers=2, gentle_show=True),
             make_ruleset("nova", jokers=1)][ruleset_pick]
    game = shuffled_game(rules, players, seed)
    rng = random.Random(seed)
    state = deal(game)
    actions: list[Action] = []
    while not state.over:
        options = legal_actions(game, state)
        action = rng.choice(options)
        state = apply(game, state, action)
        actions.append(action)
    return game, actions


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6), st.integers(0, 3), st.integers(2, 5))
def test_knowledge_and_clock_invariants_over_random_games(seed: int, pick: int, players: int) -> None:
    game, actions = random_game(seed, pick, players)
    a = analyze(log_data(game, actions))
    ids = a.ids
    for t in range(len(a.timeline)):
        for hand in a.knowledge.hands[t]:
            for k in hand:
                truth = 1 << ids.of_card[k.card]
                assert k.deduced & truth, "the truth is always among the deduced possibilities"
                assert k.deduced & ~k.hinted == 0, "deduced is a subset of hinted"
                assert k.deduced & ~k.common == 0, "common contains deduced"
                assert k.common & ~k.hinted == 0
    maxes = [p.max_score for p in a.clock]
    assert all(b <= a_ for a_, b in itertools.pairwise(maxes)), "max score never rises"
    assert all(p.score <= p.max_score for p in a.clock)


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**6), st.integers(0, 3), st.integers(2, 5))
def test_the_timeline_skips_only_hands_that_cannot_have_changed(
        seed: int, pick: int, players: int) -> None:
    """timeline_knowledge works a hand out once per stretch of turns in which it cannot
    change; a fresh tracker asked about every hand at every turn must agree with it, and
    so must the deduced tier and the hinted identities (once, twice) the analysis reads."""
    game, actions = random_game(seed, pick, players)
    tl = replay(game, actions)
    tk = timeline_knowledge(tl)
    fresh = Tracker(game)
    for t in range(len(tl)):
        if t:
            fresh.update(tl[t - 1], actions[t - 1], tl[t])
        held = [0] * tk.ids.count
        for p in range(players):
            fresh._cache.clear()
            known = fresh.hand(tl[t], p)
            assert tk.deduced(t, p) == tuple(k.deduced for k in known), (t, p)
            assert known == tk.of(t, p), (t, p)
            for k in known:
                if k.touched:
                    held[tk.ids.of_card[k.card]] += 1
        assert tk.hinted_in_hands[t] == sum(1 << i for i, n in enumerate(held) if n), t
        assert tk.hinted_twice[t] == sum(1 << i for i, n in enumerate(held) if n >= 2), t
        assert tk.hands[t] == tuple(tk.of(t, p) for p in range(players))
    assert tk.hands[-1] == tk.hands[len(tl) - 1]
    assert len(tk.hands) == len(tl)


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 10**6), st.integers(0, 3), st.integers(2, 5))
def test_the_tracker_status_equals_status_from_scratch(seed: int, pick: int, players: int) -> None:
    """The tracker recomputes only the rows a turn changed; `status` recounts the whole
    table. They must agree at every turn."""
    game, actions = random_game(seed, pick, players)
    tl = replay(game, actions)
    tk = timeline_knowledge(tl)
    on_rows = 0
    for t in range(len(tl)):
        if t and type(actions[t - 1]) is Play and tl[t].lives == tl[t - 1].lives \
                and game.suit_of[actions[t - 1][0]] < 0:
            on_rows += 1
        assert status(tk.ids, tl[t], on_rows) == tk.statuses[t], t


@pytest.mark.parametrize("rules", [make_ruleset("nova", jokers=2),
                                   make_ruleset("nova", grand_finale=True, jokers=2,
                                                gentle_show=True)])
def test_the_tracker_status_follows_lost_and_played_jokers(rules) -> None:  # type: ignore[no-untyped-def]
    """Bots lose and play jokers far more often than random legal games do: a spare
    joker gone changes max score and the critical joker even when no row's part
    changes. The tracker's status must still equal the status from scratch."""
    from nova_replay.play.bots import parse_bot
    from nova_replay.play.simulate import play_game

    for seed in range(4):
        for bot in ("careless:0.3", "convention"):
            played = play_game(rules, [parse_bot(bot, seed)] * 4, seed)
            tl = replay(played.game, played.actions)
            tk = timeline_knowledge(tl)
            for t in range(len(tl)):
                assert status(tk.ids, tl[t], played_jokers(played.game, tl[t])) \
                    == tk.statuses[t], (seed, bot, t)


def _bot_and_random_games() -> list[tuple[Game, list[Action]]]:
    """Bot games, whose hints make cards known exactly so that the fixed point matters,
    and random games, in several rulesets."""
    from nova_replay.play.bots import CarelessBot, ConventionBot
    from nova_replay.play.simulate import play_game

    games: list[tuple[Game, list[Action]]] = []
    for rules, players, seed in [(make_ruleset("hanabi"), 2, 1), (make_ruleset("hanabi"), 3, 2),
                                 (NOVA, 2, 3), (make_ruleset("nova", jokers=2), 4, 4),
                                 (make_ruleset("hanabi", variant_name="Rainbow (5 Suits)"), 2, 5)]:
        bots = [ConventionBot() if p % 2 else CarelessBot(0.4, seed + p) for p in range(players)]
        played = play_game(rules, bots, seed)
        games.append((played.game, list(played.actions)))
    # A team of convention bots: its hints narrow cards to a few identities of the hand.
    played = play_game(make_ruleset("hanabi"), [ConventionBot() for _ in range(3)], 2)
    games.append((played.game, list(played.actions)))
    games += [random_game(seed, seed % 4, 2 + seed % 4) for seed in range(12)]
    return games


def test_a_hint_taught_exactly_when_the_deduced_tier_changed() -> None:
    """`hint_lesson(t).taught` reads only the tier before a hint (did it hold an identity
    the hint rules out?), and mostly only its bounds; over bot and random games it must equal
    comparing the tiers before and after, with hints that taught nothing and fixed
    points among them."""
    seen = {"taught": 0, "nothing new": 0, "known exactly": 0}
    for game, actions in _bot_and_random_games():
        tk = timeline_knowledge(replay(game, actions))
        for t, action in enumerate(actions, start=1):
            if type(action) is Hint:
                was, now = tk.deduced(t - 1, action.to), tk.deduced(t, action.to)
                assert tk.hint_lesson(t).taught == (was != now), t
                seen["taught" if was != now else "nothing new"] += 1
                seen["known exactly"] += any(knows_exactly(k) for k in tk.of(t, action.to))
    assert all(seen.values()), seen


def test_a_hint_made_playable_the_cards_its_tiers_say() -> None:
    """`hint_lesson(t).made_playable` decides most cards from the tiers' bounds; over bot and random
    games it must equal the cards known playable by the tier after the hint and not by
    the tier before, with hints that made none, one and two such cards."""
    made_counts = set()
    for game, actions in _bot_and_random_games():
        tk = timeline_knowledge(replay(game, actions))
        for t, action in enumerate(actions, start=1):
            if type(action) is Hint:
                st = tk.statuses[t]
                expected = tuple(b.card for a, b in zip(tk.of(t - 1, action.to),
                                                        tk.of(t, action.to), strict=True)
                                 if knows_playable(b, st) and not knows_playable(a, st))
                assert tk.hint_lesson(t).made_playable == expected, t
                made_counts.add(min(len(expected), 2))
    assert made_counts == {0, 1, 2}, made_counts


def test_known_playable_equals_reading_the_deduced_tier() -> None:
    """`known_playable` decides most cards from the tier's bounds; over bot and random
    games it must equal `knows_playable` of each card's worked-out tier, with cards known
    playable, cards not, and hands whose fixed point changed a tier among them, and cards
    that only a copy left in the draw pile keeps from being known playable (the fixed
    point could take out every other identity that does not fit)."""
    seen = {"known playable": 0, "not": 0, "fixed point": 0, "kept by the pile": 0}
    for game, actions in _bot_and_random_games():
        tl = replay(game, actions)
        tk = timeline_knowledge(tl)
        for t, state in enumerate(tl):
            for p, hand in enumerate(state.hands):
                cards = tk.of(t, p)
                expected = tuple(knows_playable(k, tk.statuses[t]) for k in cards)
                assert tk.known_playable(t, p) == expected, (t, p)
                seen["known playable"] += sum(expected)
                seen["not"] += len(expected) - sum(expected)
                unseen = tk.ids.left_after[state.drawn]
                for c in hand:
                    unseen |= 1 << tk.ids.of_card[c]
                seen["fixed point"] += any(k.deduced != k.hinted & unseen for k in cards)
                own = sum({1 << tk.ids.of_card[c] for c in hand})
                fits, pile = tk.statuses[t].playable, tk.ids.left_after[state.drawn]
                for k, c in zip(cards, hand, strict=True):
                    outside = k.hinted & unseen & ~fits  # all in the hand, some in the pile
                    if (fits >> tk.ids.of_card[c]) & 1 and outside & pile and not outside & ~own:
                        assert not knows_playable(k, tk.statuses[t])
                        seen["kept by the pile"] += 1
    assert all(seen.values()), seen
