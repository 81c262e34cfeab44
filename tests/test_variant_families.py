"""hanab.live's variant families beyond the suits' properties, each checked against a second,
deliberately simple implementation of hanab.live's rules written here (issue 34).

The reference below reads hanab.live's own `variants.json` and `suits.json` (from the shared
data, never copied here) and applies its rules as its `clues.ts` and `game_deck.go` state them,
written plainly with lists and sets: it calls no code of ours. A random game of each family
is played through both, and after every turn the two are compared: the legal actions, the
hands, rows, clues, strikes and score, the cards each clue touched, the hinted knowledge of
every card in every hand, and every row's reach and the critical cards.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from typing import Any

import pytest

from nova_replay.knowledge.status import Identities, all_playable, status
from nova_replay.knowledge.tiers import Tracker, timeline_knowledge
from nova_replay.rules.cards import Card
from nova_replay.rules.engine import apply, deal, legal_actions, replay
from nova_replay.rules.game import Action, Discard, Game, Hint, Play
from nova_replay.rules.rulesets import make_ruleset
from tests.helpers import shared_data

DATA = shared_data() / "hanablive" / "variants"
pytestmark = pytest.mark.skipif(not DATA.is_dir(), reason="shared variant data not present")

# One or more variants of each family added in issue 34, with special suits beside them.
FAMILIES = {
    "Funnels": ["Funnels (5 Suits)", "Funnels & Pink (6 Suits)"],
    "Chimneys": ["Chimneys (4 Suits)", "Chimneys & Brown (6 Suits)"],
    "Odds and Evens": ["Odds and Evens (5 Suits)", "Odds and Evens & Black (6 Suits)"],
    "Synesthesia": ["Synesthesia (5 Suits)", "Synesthesia & Brown (6 Suits)"],
    "Deceptive": ["Deceptive-Ones (6 Suits)", "Deceptive-Fives & Rainbow (5 Suits)"],
    "Blind": ["Color Blind (4 Suits)", "Number Blind (5 Suits)", "Totally Blind (3 Suits)"],
    "Critical Fours": ["Critical Fours (5 Suits)", "Critical Fours & Dark Rainbow (6 Suits)"],
    "Scarce Ones": ["Scarce Ones (5 Suits)", "Scarce Ones & Rainbow (5 Suits)"],
    "Cow & Pig": ["Cow & Pig (5 Suits)", "Cow & Pig (3 Suits)"],
    "Duck": ["Duck (4 Suits)", "Duck (6 Suits)"],
    "Clue Starved": ["Clue Starved (5 Suits)", "Clue Starved & Rainbow (6 Suits)"],
    "Alternating Clues": ["Alternating Clues (5 Suits)", "Alternating Clues & Brown (6 Suits)"],
    "Throw It in a Hole": ["Throw It in a Hole (5 Suits)", "Throw It in a Hole & Rainbow (6 Suits)"],
    "Reversed": ["Reversed (5 Suits)", "Black Reversed (6 Suits)", "Prism Reversed (4 Suits)",
                 "White Reversed & Rainbow (6 Suits)"],
}


def _load(name: str) -> Any:
    return json.loads((DATA / name).read_text())


@dataclass
class Reference:
    """hanab.live's rules for one variant, plainly: suits by index, ranks 1-5, clues as
    ("colour", index) or ("rank", value)."""

    v: dict[str, Any]
    suits: list[dict[str, Any]]
    options: dict[str, bool] = field(default_factory=dict)  # hanab.live's game options
    colours: list[str] = field(init=False)
    ranks: list[int] = field(init=False)

    def __post_init__(self) -> None:
        if "clueColors" in self.v:
            self.colours = list(self.v["clueColors"])
        else:
            self.colours = []
            for s in self.suits:
                if s.get("allClueColors"):
                    continue
                for c in self.suit_colours(s):
                    if c not in self.colours:
                        self.colours.append(c)
        self.ranks = list(self.v.get("clueRanks", [1, 2, 3, 4, 5]))

    @staticmethod
    def suit_colours(s: dict[str, Any]) -> list[str]:
        if "clueColors" in s:
            return list(s["clueColors"])
        if s.get("allClueColors") or s.get("noClueColors") or s.get("prism"):
            return []
        return [s["name"].removesuffix(" Reversed")]

    def copies(self, suit: int, rank: int) -> int:
        s = self.suits[suit]
        if s.get("oneOfEach"):
            return 1
        if rank == 1:
            return 1 if s.get("reversed") else 2 if self.v.get("scarceOnes") else 3
        if rank == 4 and self.v.get("criticalRank") == 4:
            return 1
        if rank == 5:
            return 3 if s.get("reversed") else 1
        return 2

    def next_rank(self, suit: int, played: int) -> int:
        """The rank a stack with `played` cards takes next: up from 1, or in a reversed
        suit down from 5."""
        return 5 - played if self.suits[suit].get("reversed") else played + 1

    def touched(self, suit: int, rank: int, clue: tuple[str, int]) -> bool:
        v, s = self.v, self.suits[suit]
        kind, value = clue
        special = rank == v.get("specialRank")
        if kind == "colour":
            if v.get("colorCluesTouchNothing"):
                return False
            if s.get("allClueColors"):
                return True
            if s.get("noClueColors"):
                return False
            if v.get("synesthesia") and not s.get("noClueRanks"):
                if (rank - 1) % len(self.colours) == value:
                    return True
            if special and v.get("specialRankAllClueColors"):
                return True
            if special and v.get("specialRankNoClueColors"):
                return False
            if s.get("prism"):
                return (rank - 1) % len(self.colours) == value
            return self.colours[value] in self.suit_colours(s)
        if v.get("rankCluesTouchNothing"):
            return False
        if s.get("allClueRanks"):
            return True
        if s.get("noClueRanks"):
            return False
        if v.get("funnels"):
            return rank <= value
        if v.get("chimneys"):
            return rank >= value
        if v.get("oddsAndEvens"):
            return rank in ((1, 3, 5) if value == 1 else (2, 4))
        if special and v.get("specialRankAllClueRanks"):
            return True
        if special and v.get("specialRankNoClueRanks"):
            return False
        if special and v.get("specialRankDeceptive"):
            return value == self.ranks[suit % len(self.ranks)]
        return rank == value

    def all_clues(self) -> list[tuple[str, int]]:
        return [("colour", c) for c in range(len(self.colours))] + [
            ("rank", r) for r in self.ranks]

    def empty_allowed(self, kind: str) -> bool:
        if self.options.get("emptyClues"):
            return True
        key = "colorCluesTouchNothing" if kind == "colour" else "rankCluesTouchNothing"
        return bool(self.v.get(key))


@dataclass
class Table:
    """The reference's game state; cards are deck indices, hands newest first."""

    ref: Reference
    deck: list[tuple[int, int]]
    players: int
    hands: list[list[int]] = field(default_factory=list)
    stacks: list[int] = field(default_factory=list)
    clues: int = 8
    most: int = 8  # the most clue tokens there can be
    cost: int = 1  # tokens a clue costs
    last_kind: str = ""  # the last clue's kind ("colour", "rank"), for Alternating Clues
    thrown: list[list[int]] = field(default_factory=list)  # per player, the cards they played
    strikes: int = 0
    score: int = 0
    drawn: int = 0
    discarded: list[int] = field(default_factory=list)
    turns_left: int = -1
    turn: int = 0
    over: bool = False
    possible: dict[int, set[tuple[int, int]]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        # Clue Starved: hanab.live's server counts half clues, 16 of them; a clue costs 2.
        self.most = 16 if self.ref.v.get("clueStarved") else 8
        self.cost = 2 if self.ref.v.get("clueStarved") else 1
        self.clues = self.most
        size = {2: 5, 3: 5, 4: 4, 5: 4, 6: 3}[self.players]
        size += self.ref.options.get("oneExtraCard", False) - self.ref.options.get(
            "oneLessCard", False)
        self.hands = [[] for _ in range(self.players)]
        self.thrown = [[] for _ in range(self.players)]
        self.stacks = [0] * len(self.ref.suits)
        everything = {(s, r) for s in range(len(self.ref.suits)) for r in range(1, 6)}
        self.possible = {i: set(everything) for i in range(len(self.deck))}
        for _ in range(size):
            for p in range(self.players):
                self.hands[p].insert(0, self.drawn)
                self.drawn += 1

    def legal(self) -> list[tuple[Any, ...]]:
        p = self.turn % self.players
        out: list[tuple[Any, ...]] = []
        if self.clues >= self.cost:
            for to in range(self.players):
                if to == p:
                    continue
                for clue in self.ref.all_clues():
                    if self.ref.v.get("alternatingClues") and clue[0] == self.last_kind:
                        continue
                    hit = [c for c in self.hands[to] if self.ref.touched(*self.deck[c], clue)]
                    if hit or self.ref.empty_allowed(clue[0]):
                        out.append(("clue", to, clue))
        out += [("play", c) for c in self.hands[p]]
        if self.clues < self.most:
            out += [("discard", c) for c in self.hands[p]]
        return out

    def act(self, move: tuple[Any, ...]) -> list[int]:
        """Apply a legal move; returns the cards a clue touched."""
        p = self.turn % self.players
        touched: list[int] = []
        if move[0] == "clue":
            _, to, clue = move
            self.clues -= self.cost
            self.last_kind = clue[0]
            # What the receiver hears: the clue, or in Cow & Pig only its kind, in Duck
            # nothing; a touched card is one some clue heard touches, an untouched card
            # none that all of them touch.
            heard = [clue]
            if self.ref.v.get("cowAndPig") or self.ref.v.get("duck"):
                heard = [c for c in self.ref.all_clues()
                         if self.ref.v.get("duck") or c[0] == clue[0]]
            sets = [{(s, r) for s in range(len(self.ref.suits)) for r in range(1, 6)
                     if self.ref.touched(s, r, c)} for c in heard]
            some, every = set().union(*sets), set.intersection(*sets)
            for c in self.hands[to]:
                if self.ref.touched(*self.deck[c], clue):
                    touched.append(c)
                    self.possible[c] &= some
                else:
                    self.possible[c] -= every
        else:
            card = move[1]
            self.hands[p].remove(card)
            if move[0] == "play":
                self.thrown[p].append(card)
            suit, rank = self.deck[card]
            if move[0] == "discard":
                self.clues += 1
                self.discarded.append(card)
            elif self.stacks[suit] < 5 and self.ref.next_rank(suit, self.stacks[suit]) == rank:
                self.stacks[suit] += 1  # stacks count the cards played
                self.score += 1
                if (self.stacks[suit] == 5 and self.clues < self.most
                        and not self.ref.v.get("throwItInAHole")):
                    self.clues += 1
            else:
                self.strikes += 1
                self.discarded.append(card)
            if self.drawn < len(self.deck):
                self.hands[p].insert(0, self.drawn)
                self.drawn += 1
                if self.drawn == len(self.deck):
                    self.turns_left = self.players + 1
        self.turn += 1
        if self.turns_left > 0:
            self.turns_left -= 1
        if self.strikes == 3:
            self.over, self.score = True, 0
        elif self.score == 5 * len(self.ref.suits) or self.turns_left == 0:
            self.over = True
        return touched

    def deduced(self, p: int, card: int) -> set[tuple[int, int]]:
        """What player p may think `card` (in their hand) is, before any reasoning about
        the other cards of the hand: what the clues allow, among the identities with a
        copy p has not seen (the draw pile, p's hand; in Throw It in a Hole also the
        cards p played, which went face down: p saw every other card played in its
        holder's hand)."""
        unseen = self.deck[self.drawn:] + [self.deck[c] for c in self.hands[p]]
        if self.ref.v.get("throwItInAHole"):
            unseen += [self.deck[c] for c in self.thrown[p]]
        return self.possible[card] & set(unseen)

    def reach(self) -> list[int]:
        out = []
        for s, height in enumerate(self.stacks):
            top = height
            while top < 5:
                rank = self.ref.next_rank(s, top)
                gone = sum(1 for c in self.discarded if self.deck[c] == (s, rank))
                if gone == self.ref.copies(s, rank):
                    break
                top += 1
            out.append(top)
        return out

    def critical(self) -> set[tuple[int, int]]:
        reach = self.reach()
        out = set()
        for s in range(len(self.ref.suits)):
            for played in range(self.stacks[s], reach[s]):
                r = self.ref.next_rank(s, played)
                gone = sum(1 for c in self.discarded if self.deck[c] == (s, r))
                if self.ref.copies(s, r) - gone == 1:
                    out.add((s, r))
        return out


def _ours(game: Game, move: tuple[Any, ...]) -> Action:
    if move[0] == "clue":
        _, to, (kind, value) = move
        return Hint(to, suit=value) if kind == "colour" else Hint(to, rank=value)
    return Play(move[1]) if move[0] == "play" else Discard(move[1])


def _theirs(action: Action) -> tuple[Any, ...]:
    if type(action) is Hint:
        clue = ("colour", action.suit) if action.suit >= 0 else ("rank", action.rank)
        return ("clue", action.to, clue)
    return ("play" if type(action) is Play else "discard", action[0])


def play_both(name: str, players: int, seed: int, options: dict[str, bool] | None = None
              ) -> int:
    """One random game of `name` through the reference and our engine, compared after
    every turn; returns the number of turns played."""
    variants = {v["name"]: v for v in _load("variants.json")}
    suit_data = {s["name"]: s for s in _load("suits.json")}
    # hanab.live makes a reversed version of every suit (not in suits.json).
    suit_data.update({f"{n} Reversed": {**s, "name": f"{n} Reversed", "reversed": True}
                      for n, s in list(suit_data.items())})
    ref = Reference(variants[name], [suit_data[s] for s in variants[name]["suits"]])
    rng = random.Random(seed)
    deck = [(s, r) for s in range(len(ref.suits)) for r in range(1, 6)
            for _ in range(ref.copies(s, r))]
    rng.shuffle(deck)
    options = options or {}
    ref.options = options
    rules = make_ruleset("hanabi", variant_name=name, empty_clues=bool(options.get("emptyClues")),
                         hand_change=options.get("oneExtraCard", 0) - options.get("oneLessCard", 0))
    if rules.kinds:  # No Variant is plain Hanabi here: its colours are its suits
        assert list(rules.clue_colours) == ref.colours and list(rules.clue_ranks) == ref.ranks
    game = Game(rules, ("Anna", "Ben", "Carla", "Dev", "Emil")[:players],
                tuple(Card(r, rules.suits[s]) for s, r in deck))
    game.check_deck()  # our deck of this variant is hanab.live's: same cards, same copies
    table, state = Table(ref, deck, players), deal(game)
    actions: list[Action] = []
    greed = rng.choice((0.7, 0.9, 0.97))
    while not table.over:
        where = f"{name}, {players} players, seed {seed}, turn {table.turn + 1}"
        legal = table.legal()
        assert sorted(map(repr, legal)) == sorted(
            repr(_theirs(a)) for a in legal_actions(game, state)), where
        plays = [m for m in legal if m[0] == "play"
                 and table.stacks[deck[m[1]][0]] < 5
                 and ref.next_rank(deck[m[1]][0], table.stacks[deck[m[1]][0]]) == deck[m[1]][1]]
        safe = [m for m in legal if m[0] != "play"]
        move = rng.choice(plays or safe or legal) if rng.random() < greed else rng.choice(legal)
        action = _ours(game, move)
        if type(action) is Hint:
            assert list(game.touched(action, state.hands[action.to])) == sorted(
                table.act(move), key=state.hands[action.to].index), where
        else:
            table.act(move)
        state = apply(game, state, action)
        actions.append(action)
        assert [list(h) for h in state.hands] == table.hands, where
        assert list(state.rows) == table.stacks, where
        assert (state.coins, 3 - state.lives, state.score) == (
            table.clues, table.strikes, table.score), where
        assert (state.ending is not None) == table.over, where
        if not table.over:
            ids = Identities(game)
            st = status(ids, state)
            assert list(st.reach) == table.reach(), where
            space = game.space
            ours = {(space.suit(i), space.card(i).rank) for i in space.members(st.critical)}
            assert ours == table.critical(), where
    # The hinted tier of every card in every hand at the end of every turn is the
    # reference's: what the clues received while holding it allow.
    timeline = replay(game, actions, every_state=True)
    knowledge = timeline_knowledge(timeline)
    space = game.space
    replayed = Table(ref, deck, players)
    tracker = Tracker(game)  # the bots' knowledge, turn by turn: the same tiers
    for turn, move in enumerate(map(_theirs, actions), start=1):
        replayed.act(move)
        tracker.update(timeline[turn - 1], actions[turn - 1], timeline[turn])
        st = knowledge.statuses[turn]
        for p in range(players):
            known = knowledge.of(turn, p)
            assert tracker.hand(timeline[turn], p) == known, f"{name}, seed {seed}, turn {turn}"
            assert knowledge.known_playable(turn, p) == tuple(
                all_playable(k.deduced, st) for k in known)
            # The deduced tier: the reference's, less what the cards known exactly account
            # for (a fixed point the reference does not work out): equal when no card is.
            theirs = [replayed.deduced(p, k.card) for k in known]
            alone = all(len(t) > 1 for t in theirs)
            for k, t in zip(known, theirs, strict=True):
                where = f"{name}, seed {seed}, turn {turn}, {game.players[p]}"
                mine = {(space.suit(i), space.card(i).rank) for i in space.members(k.hinted)}
                assert mine == replayed.possible[k.card], where
                deduced = {(space.suit(i), space.card(i).rank)
                           for i in space.members(k.deduced)}
                assert deduced <= t and deck[k.card] in deduced, where
                assert deduced == t or not alone, where
    return len(actions)


@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_a_family_plays_as_a_simple_implementation_of_its_rule_says(family: str) -> None:
    turns = 0
    for k, name in enumerate(FAMILIES[family]):
        for seed in range(4):
            turns += play_both(name, 2 + (seed + k) % 3, seed)
    assert turns >= 30 * 4 * len(FAMILIES[family]) // 2  # real games, not a few turns


# hanab.live's game options that change the rules, alone and with a variant.
OPTIONS = [{"emptyClues": True}, {"oneExtraCard": True}, {"oneLessCard": True},
           {"emptyClues": True, "oneLessCard": True}]


@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: "+".join(sorted(o)))
def test_an_option_plays_as_a_simple_implementation_of_its_rule_says(options: dict[str, bool]
                                                                     ) -> None:
    turns = 0
    for k, name in enumerate(["No Variant", "Rainbow (5 Suits)", "Funnels & Brown (6 Suits)"]):
        for seed in range(3):
            turns += play_both(name, 2 + (seed + k) % 4, seed, options)
    assert turns >= 30 * 9 // 2
