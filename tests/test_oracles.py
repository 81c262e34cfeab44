"""Brute-force oracles for the review, over hundreds of random legal games of every
ruleset and variant (seeded, so a failure replays).

Each oracle is written from docs/definitions.md's words, independently of nova_replay.review: the
knowledge tiers by testing every identity against every hint and every visible copy;
card status and reach by trying every assignment of the spare jokers to rows; max score
in the final round by trying every choice of every remaining turn in order; the cost of
each lost critical card by putting the card back in its holder's hand and asking the
same oracle. Only the engine (`apply`) and the game's card tables are shared.
"""

from __future__ import annotations

import functools
import itertools
import random
from collections import Counter
from collections.abc import Iterator

import pytest
from helpers import legal_actions, shuffled_game

from nova_replay.knowledge.status import max_score
from nova_replay.record.load import load_data
from nova_replay.record.writer import log_data
from nova_replay.review.analysis import Analysis, analyze
from nova_replay.review.endgame import FAULT_THRESHOLD
from nova_replay.rules.cards import Card
from nova_replay.rules.engine import TERMINATED, State, apply, deal
from nova_replay.rules.game import Action, Discard, Game, Hint, Play
from nova_replay.rules.rulesets import Ruleset, make_ruleset

RULESETS: tuple[Ruleset, ...] = (
    make_ruleset("nova"),
    make_ruleset("nova", grand_finale=True),
    make_ruleset("nova", jokers=1),
    make_ruleset("nova", jokers=2),
    make_ruleset("nova", gentle_show=True),
    make_ruleset("nova", grand_finale=True, jokers=2, gentle_show=True),
    make_ruleset("hanabi"),
)
GAMES = 420  # 60 per ruleset, 2 to 5 players


def random_game(rules: Ruleset, players: int, seed: int) -> tuple[Game, list[Action]]:
    """A legal game that mixes good plays, discards, hints and the odd misfire."""
    game = shuffled_game(rules, players, seed)
    rng = random.Random(seed)
    state = deal(game)
    actions: list[Action] = []
    while not state.over:
        legal = legal_actions(game, state)
        fits = [a for a in legal if type(a) is Play and fits_now(game, state, a)]
        kind = rng.random()
        pool: list[Action] = (
            fits if kind < 0.45 else
            [a for a in legal if type(a) is Discard] if kind < 0.7 else
            [a for a in legal if type(a) is Hint] if kind < 0.95 else legal)
        action = rng.choice(pool or legal)
        actions.append(action)
        state = apply(game, state, action)
    return game, actions


def fits_now(game: Game, state: State, play: Play) -> bool:
    suit = game.suit_of[play.card]
    return suit < 0 or state.rows[suit] + 1 == game.rank_of[play.card]


def games() -> Iterator[tuple[int, Game, list[Action]]]:
    for k in range(GAMES):
        rules = RULESETS[k % len(RULESETS)]
        players = 2 + (k // len(RULESETS)) % 4
        yield k, *random_game(rules, players, 1000 + k)


# ---- the oracles -------------------------------------------------------------------

@functools.cache
def identities(rules: Ruleset) -> list[Card]:
    return sorted(rules.cards)


def touched(card: Card, hint: Hint, rules: Ruleset) -> bool:
    """docs/definitions.md, "touch rule": a hint names one suit or one rank; jokers are never touched."""
    if card.is_joker:
        return False
    return card.suit == rules.suits[hint.suit] if hint.suit >= 0 else card.rank == hint.rank


def knowledge(game: Game, states: list[State], actions: list[Action], t: int, p: int
              ) -> list[tuple[set[Card], set[Card], set[Card]]]:
    """(hinted, deduced, common) for each card of player p's hand after turn t."""
    rules, deck = game.ruleset, game.deck
    state = states[t]
    every = identities(rules)
    total = rules.cards
    on_rows = [c for c in range(state.drawn) if c not in state.discards
               and not any(c in h for h in state.hands)]
    public = Counter(deck[c] for c in on_rows) + Counter(deck[c] for c in state.discards)
    seen = public + Counter(deck[c] for q, h in enumerate(state.hands) if q != p for c in h)
    hand = state.hands[p]
    hinted = []
    for c in hand:
        got = [(a, c in states[k].hands[p]) for k, a in enumerate(actions[:t])
               if type(a) is Hint and a.to == p]
        hinted.append({x for x in every if all(touched(x, a, rules) == touched(deck[c], a, rules)
                                               for a, held in got if held)})
    deduced = [{x for x in h if seen[x] < total[x]} for h in hinted]
    changed = True
    while changed:
        changed = False
        for x in every:
            exact = [i for i, d in enumerate(deduced) if d == {x}]
            if exact and len(exact) >= total[x] - seen[x]:
                for i, d in enumerate(deduced):
                    if i not in exact and x in d:
                        d.discard(x)
                        changed = True
    common = [{x for x in h if public[x] < total[x]} for h in hinted]
    return list(zip(hinted, deduced, common, strict=True))


def spare_jokers(game: Game, state: State) -> int:
    played = [c for c in range(state.drawn) if game.suit_of[c] < 0 and c not in state.discards
              and not any(c in h for h in state.hands)]
    lost = sum(1 for c in state.discards if game.suit_of[c] < 0)
    return game.ruleset.jokers - len(played) - lost


def row_reach(game: Game, state: State, suit: int, jokers: int, lost: Counter[Card]) -> int:
    """How high row `suit` can go with `jokers` jokers to bridge lost cards."""
    rules = game.ruleset
    letter = rules.suits[suit]
    height = state.rows[suit]
    for r in range(height + 1, rules.max_rank + 1):
        card = Card(r, letter)
        if rules.cards[card] - lost[card] > 0:
            height = r
        elif jokers:
            jokers -= 1
            height = r
        else:
            break
    return height


def reach(game: Game, state: State, spare: int) -> int:
    """The best total over every assignment of the spare jokers to rows (or to none)."""
    rows = range(len(state.rows))
    lost = Counter(game.deck[c] for c in state.discards)
    alone = [[row_reach(game, state, s, j, lost) for j in range(spare + 1)] for s in rows]
    best = 0
    for choice in itertools.product([-1, *rows], repeat=spare):
        best = max(best, sum(alone[s][choice.count(s)] for s in rows))
    return best


def status_masks(game: Game, state: State) -> tuple[set[Card], set[Card], set[Card], int]:
    """(playable, trash, critical, reach) from docs/definitions.md's definitions."""
    rules = game.ruleset
    spare = spare_jokers(game, state)
    lost = Counter(game.deck[c] for c in state.discards)
    playable, trash, critical = set(), set(), set()
    best = reach(game, state, spare)
    # A row's cards are out of reach beyond where all the spare jokers could take it.
    furthest = [row_reach(game, state, s, spare, lost) for s in range(len(state.rows))]
    for card in identities(rules):
        if card.is_joker:
            incomplete = any(h < rules.max_rank for h in state.rows)
            (playable if incomplete else trash).add(card)
            if spare and reach(game, state, spare - 1) < best:
                critical.add(card)
            continue
        s = rules.suits.index(card.suit)
        if card.rank == state.rows[s] + 1:
            playable.add(card)
        if card.rank <= state.rows[s] or furthest[s] < card.rank:
            trash.add(card)
        elif rules.cards[card] - lost[card] == 1:
            critical.add(card)
    return playable, trash, critical, best


def final_turns(game: Game, state: State) -> list[int]:
    n = len(game.players)
    return [(state.turn + k) % n for k in range(state.final_turns)]


def sequences(game: Game, state: State) -> Iterator[list[tuple[int, int] | None]]:
    """Every choice of every remaining final-round turn: pass, or a card (and a row)."""
    options = []
    for p in final_turns(game, state):
        mine: list[tuple[int, int] | None] = [None]
        for c in state.hands[p]:
            suit = game.suit_of[c]
            mine += [(c, r) for r in range(len(state.rows))] if suit < 0 else [(c, suit)]
        options.append(mine)
    yield from (list(s) for s in itertools.product(*options))


def plays(game: Game, state: State, seq: list[tuple[int, int] | None]) -> list[int] | None:
    """The cards a sequence plays, or None if one of its plays would not fit."""
    rows = list(state.rows)
    done = []
    for choice in seq:
        if choice is None:
            continue
        c, r = choice
        if rows[r] >= game.ruleset.max_rank or (
                game.suit_of[c] >= 0 and rows[r] + 1 != game.rank_of[c]):
            return None
        rows[r] += 1
        done.append(c)
    return done


def ended(state: State) -> bool:
    return state.ending is not None and state.ending != TERMINATED


def oracle_max(game: Game, state: State) -> int:
    if ended(state):
        return state.score
    if state.final_turns >= 0:
        best = max(len(p) for s in sequences(game, state) if (p := plays(game, state, s)) is not None)
        return state.score + best
    return min(status_masks(game, state)[3],
               state.score + len(game.deck) - state.drawn + len(game.players))


def oracle_playable_later(game: Game, state: State, card: int) -> bool:
    if ended(state):
        return False
    if state.final_turns >= 0:
        return any(card in (p or []) for s in sequences(game, state) if (p := plays(game, state, s)))
    rules = game.ruleset
    if game.suit_of[card] < 0:
        return any(h < rules.max_rank for h in state.rows)
    _, trash, _, _ = status_masks(game, state)
    if game.deck[card] in trash:
        return False
    needed = game.rank_of[card] - state.rows[game.suit_of[card]]
    return needed <= len(game.deck) - state.drawn + len(game.players)


def kept(state: State, holder: int, card: int) -> State:
    """The table after the turn had `card` stayed in its holder's hand."""
    hands = list(state.hands)
    hands[holder] = (*hands[holder], card)
    return state._replace(hands=tuple(hands), discards=tuple(c for c in state.discards if c != card))


# ---- the tests ---------------------------------------------------------------------

def names(game: Game, mask: int) -> set[Card]:
    return {game.space.card(i) for i in game.space.members(mask)}


def check_game(game: Game, actions: list[Action], a: Analysis, every_turn_knowledge: bool) -> None:
    states = list(a.timeline.states)
    n = len(game.players)
    for t, state in enumerate(states):
        st = a.knowledge.statuses[t]
        playable, trash, critical, total = status_masks(game, state)
        assert (names(game, st.playable), names(game, st.trash), names(game, st.critical),
                st.reach_total) == (playable, trash, critical, total), t
        assert a.clock[t].max_score == oracle_max(game, state), t
        assert a.clock[t].final_turns_left == (
            state.final_turns if state.final_turns >= 0 and not ended(state) else None), t
        if every_turn_knowledge or t % 7 == 0:
            for p in range(n):
                mine = [(names(game, k.hinted), names(game, k.deduced), names(game, k.common))
                        for k in a.knowledge.of(t, p)]
                assert mine == knowledge(game, states, actions, t, p), (t, p)
    lost = {f.turn: f for f in a.findings if f.kind == "lost_critical"}
    for t, action in enumerate(actions, start=1):
        before, after = states[t - 1], states[t]
        if type(action) is Hint or (type(action) is Play and after.lives == before.lives):
            continue
        card, holder = action.card, (t - 1) % n
        if game.deck[card] not in status_masks(game, before)[2]:
            assert t not in lost, t
            continue
        f = lost[t]
        back = kept(after, holder, card)
        cost = oracle_max(game, back) - oracle_max(game, after)
        severity = ("blunder" if cost > 0 else "mistake"
                    if oracle_playable_later(game, back, card) else "info")
        if "judged" in f.details:  # the judgement of the move from its player's view, folded
            # into the outcome's note (issue 31: one note a move): the worse of the two
            worst_first = ["blunder", "mistake", "info", "good"]
            severity = min(severity, f.details["judged"][1], key=worst_first.index)
        if f.details.get("valued", {}).get("loss", 1.0) < FAULT_THRESHOLD:
            severity = "info"  # the endgame judged by value: no fault (review.endgame)
        assert (f.cards, f.details["cost"], f.severity) == ((card,), cost, severity), t
        assert f.details["max_score"] == a.clock[t].max_score
    for f in a.findings:
        if f.kind == "good_save":
            assert oracle_playable_later(game, states[f.turn], f.cards[0]), f.turn


def test_review_agrees_with_brute_force_on_random_games() -> None:
    stats = Counter[str]()
    for k, game, actions in games():
        a = analyze(load_data(log_data(game, actions)), conventions=None)  # the rules alone
        check_game(game, actions, a, every_turn_knowledge=k % 6 == 0)
        stats[a.timeline.final.ending or "unfinished"] += 1
        stats["lost"] += sum(f.kind == "lost_critical" for f in a.findings)
        stats["info"] += sum(f.severity == "info" for f in a.findings)
        stats["final"] += any(s.final_turns >= 0 for s in a.timeline.states)
    # The games reach every kind of ending and every severity of loss.
    assert stats["final round"] > 50 and stats["strikeout"] > 20, stats
    assert stats["lost"] > 200 and stats["info"] > 10, stats


@pytest.mark.parametrize("cut", [0.5, 0.9, 1.0])
def test_a_stopped_game_counts_what_play_could_still_reach(cut: float) -> None:
    for k, game, actions in itertools.islice(games(), 0, GAMES, 5):
        stop = max(1, int(len(actions) * cut) - 1)
        state = deal(game)
        for action in actions[:stop]:
            state = apply(game, state, action)
        if state.over:
            continue
        a = analyze(log_data(game, actions[:stop], termination={"reason": "abandoned"}))
        assert a.timeline.final.ending == TERMINATED
        assert a.clock[-1].max_score == oracle_max(game, state) == max_score(
            game, a.timeline.final, a.knowledge.statuses[-1]), k
