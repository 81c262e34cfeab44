"""The replay engine: `apply(game, state, action) -> state`, pure and immutable.

A `State` is a named tuple of tuples, so it is cheap to build and safe to share:
the timeline keeps one per turn and any turn can be shown without replaying. The
rules of a turn live in one loop (`_play_out`) that `apply`, `replay` and the
timeline all run; a replay that only checks a log makes no `State` but the last.
Cards are deck indices; `Game.suit_of` / `Game.rank_of` say what they are.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import cached_property, lru_cache
from typing import NamedTuple

from .errors import IllegalAction, turn_error
from .game import Action, Discard, Game, Hint, Play
from .identities import may_touch_nothing, next_identity
from .rulesets import Ruleset
from .words import words

# A named tuple made from a plain tuple of its fields with no Python-level call: the
# engine and the review make several per turn, and `Cls._make` costs a call each.
tuple_new = tuple.__new__


class Ending(StrEnum):
    """Why play ended (python-chess's `Termination`); the value is what reports print."""

    PERFECT = "perfect"  # every row complete
    STRIKEOUT = "strikeout"  # the last life lost
    DECK_OUT = "final round"  # the final round played out
    TERMINATED = "terminated"  # stopped by the players (the log's termination)
    # hanab.live's server ends a game as soon as no point can still be scored (its
    # CheckEnd); a ruleset with `early_end` (a game read from hanab.live that ended so) too.
    NO_MORE_POINTS = "no more points"

    def text(self, turn: int) -> str:
        """How the game ended, as a clause: 'every row was complete at turn 31'."""
        return {
            Ending.PERFECT: f"every row was complete at turn {turn}",
            Ending.STRIKEOUT: f"the last life was lost at turn {turn}",
            Ending.DECK_OUT: f"the final round ended at turn {turn}",
            Ending.TERMINATED: f"it was terminated after turn {turn}",
            Ending.NO_MORE_POINTS: f"no point could still be scored after turn {turn}",
        }[self]


PERFECT, STRIKEOUT, DECK_OUT, TERMINATED, NO_MORE_POINTS = Ending


@dataclass(frozen=True)
class Outcome:
    """How a finished game came out (python-chess's `Outcome`)."""

    ending: Ending
    score: int
    turn: int  # the last action's turn

    def __str__(self) -> str:
        return f"score {self.score}: {self.ending.text(self.turn)}"


class State(NamedTuple):
    """The table after `turn` actions (turn 0 is the deal)."""

    turn: int
    hands: tuple[tuple[int, ...], ...]  # per player, slot 1 (newest, leftmost) first
    rows: tuple[int, ...]  # height of each suit's row; 0 = empty
    drawn: int  # cards drawn from the deck so far; the draw pile is deck[drawn:]
    coins: int
    lives: int
    discards: tuple[int, ...]  # in the order they were thrown (misfires too)
    score: int
    final_turns: int  # -1 until the draw pile runs out, then turns left in the final round
    # (0 once play has ended in it)
    ending: Ending | None  # None while the game goes on
    # The kind of the last clue given, kept in Alternating Clues only (which forbids a
    # second of the same kind: `clue_kind_allowed`): -1 none yet, 0 a colour, 1 a rank.
    last_clue: int = -1

    @property
    def over(self) -> bool:
        return self.ending is not None

    @property
    def outcome(self) -> Outcome | None:
        """How the game came out, once it is over."""
        return None if self.ending is None else Outcome(self.ending, self.score, self.turn)

    def draw_pile(self, game: Game) -> int:
        """Cards left to draw."""
        return len(game.deck) - self.drawn

    def player(self, game: Game) -> int:
        """Whose turn it is next."""
        return self.turn % len(game.players)




def deal(game: Game) -> State:
    """The table before the first action: one card at a time, round-robin, each new
    card on the left of its hand."""
    n, size = game.player_count, game.hand_size
    rules = game.ruleset
    return tuple_new(State, (0, _dealt(n, size), (0,) * len(rules.suits), n * size,
                              rules.coins, rules.lives, (), 0, -1, None, -1))


def clue_kind_allowed(ruleset: Ruleset, last_clue: int, colour: bool) -> bool:
    """Whether a colour (else rank) clue may follow a clue of kind `last_clue` (-1 none,
    0 colour, 1 rank): always, except in Alternating Clues, where hanab.live's server
    refuses two clues of the same kind in a row. The one home of that rule: the
    engine's legality, the legal actions and the solver's model ask it."""
    return not ruleset.modifiers.alternating or last_clue != (0 if colour else 1)


@lru_cache(maxsize=64)
def _dealt(n: int, size: int) -> tuple[tuple[int, ...], ...]:
    """The hands of the deal: the same for every game of n players (cards are indices)."""
    return tuple(tuple(reversed(range(p, n * size, n))) for p in range(n))


def apply(game: Game, state: State, action: Action) -> State:
    """The state after `action`; raises IllegalAction if the rules forbid it."""
    return _play_out(game, state, (action,), None)


def _play_out(game: Game, state: State, actions: Iterable[Action],
              states: list[State] | None) -> State:
    """The rules of a turn, in one place: play `actions` from `state` and return the
    table after the last; raises IllegalAction at the first the rules forbid. Each
    turn's table is appended to `states` when given (a timeline), else only the last
    is made: the table is worked on as local values, and a `State` per turn is most of
    the cost of a replay that only checks a log."""
    done, table, rows, drawn, coins, lives, discards, score, final_turns, ending, last_clue = state
    alternating = game.ruleset.modifiers.alternating
    hands = list(table)  # per player, a tuple: only the acting player's hand changes
    (n, deck_size, suit_of, rank_of, identity_of, clue_mask, max_rank, max_coins, colours,
     perfect, early_end, gentle_show, hint_cost, row_coin) = game.turn_facts
    for action in actions:
        turn = done + 1  # this action's turn
        if ending is not None:
            raise turn_error(turn, f"action after the game ended ({ending.text(done)})")
        p = done % n
        kind = type(action)
        if kind is Hint:  # a coin for telling another player every card of one kind
            to, suit, rank = action  # type: ignore[misc]
            if (to == p or coins < hint_cost or not 0 <= to < n
                    or suit >= colours or rank > max_rank):
                raise _bad_hint(game, turn, p, to, coins, suit, rank)
            if alternating:
                if not clue_kind_allowed(game.ruleset, last_clue, suit >= 0):
                    kind_text = "colour" if suit >= 0 else "rank"
                    raise turn_error(turn, f"{game.players[p]} gives a {kind_text} clue after "
                                           f"a {kind_text} clue; in {game.ruleset.variant} "
                                           f"clues alternate between colour and rank")
                last_clue = 0 if suit >= 0 else 1
            mask = clue_mask(suit, rank)  # the identities it touches: it must touch a card
            for c in hands[to]:
                if (mask >> identity_of[c]) & 1:
                    break
            else:  # legal only where that kind of clue touches nothing by rule (Blind)
                if not may_touch_nothing(game.ruleset, suit >= 0):
                    raise _touches_nothing(game, turn, p, action)  # type: ignore[arg-type]
            coins -= hint_cost
        else:
            card = action[0]
            hand = hands[p]
            try:
                i = hand.index(card)  # its slot
            except ValueError:
                raise turn_error(turn, _not_in_hand(game, p, kind is Play, card, hand)) from None
            if kind is Discard:  # takes a coin back, never more than the ruleset's
                if coins >= max_coins:
                    raise turn_error(turn, f"{game.players[p]} discards with "
                                           f"{words(game.ruleset).coins(coins)} in the middle")
                coins += 1
                discards += (card,)
            else:  # a play: a joker fits the row its player names; a misfire costs a life
                row = action[1]  # type: ignore[misc]
                suit = suit_of[card]
                if suit < 0:
                    if row < 0:
                        raise turn_error(turn, f"{game.players[p]} plays a joker without "
                                               f"naming its row")
                    if rows[row] >= max_rank:
                        raise turn_error(turn, f"{game.players[p]} plays a joker onto the "
                                               f"{game.suit_name(row)} row, which is complete")
                    suit, fits = row, True
                else:
                    if row >= 0:
                        raise turn_error(turn, f"{game.players[p]} names a row for "
                                               f"{game.card_text(card)}, which is not a joker")
                    fits = rows[suit] + 1 == rank_of[card]
                if fits:
                    height = rows[suit] + 1
                    if height == max_rank and coins < max_coins and row_coin:
                        coins += 1  # a completed row returns a coin
                    rows = rows[:suit] + (height,) + rows[suit + 1:]
                    score += 1
                else:
                    lives -= 1
                    discards += (card,)
            # The card leaves the hand and the next is drawn to its left end; drawing the
            # last card starts the final round (every player, this one included, has one
            # more turn after this one).
            if drawn < deck_size:
                hands[p] = (drawn,) + hand[:i] + hand[i + 1:]
                drawn += 1
                if drawn == deck_size and final_turns < 0:
                    final_turns = n + 1  # counted down below, with this turn
            else:
                hands[p] = hand[:i] + hand[i + 1:]
        # The end of the turn: the final round counts down and the game may end; the
        # counter is cleared to 0 when play ends early in it (a perfect show, a strikeout).
        if final_turns > 0:
            final_turns -= 1
        if lives == 0:
            ending = Ending.STRIKEOUT
            if not gentle_show:
                score = 0
        elif score == perfect:
            ending = Ending.PERFECT
        elif final_turns == 0:
            ending = Ending.DECK_OUT
        elif early_end and _no_point_left(game, turn, hands, rows, discards, final_turns):
            ending = Ending.NO_MORE_POINTS
        if ending is not None and final_turns > 0:
            final_turns = 0
        done = turn
        if states is not None:
            states.append(tuple_new(State, (turn, tuple(hands), rows, drawn, coins, lives,
                                            discards, score, final_turns, ending, last_clue)))
    if states:
        return states[-1]
    return tuple_new(State, (done, tuple(hands), rows, drawn, coins, lives, discards, score,
                              final_turns, ending, last_clue))


def is_misfire(action: Action, before: State, after: State) -> bool:
    """Whether `action`, played from `before` to `after`, was a misfire: a play that did
    not fit, so it cost a life (the strikeout's last life too) and went to the discards."""
    return type(action) is Play and after.lives < before.lives


def legal_actions(game: Game, state: State) -> list[Action]:
    """Every action the rules allow at `state` (python-chess's `legal_moves`), hints
    first (by receiver in turn order, suits then ranks), then plays and discards by slot;
    none once the game is over."""
    if state.ending is not None:
        return []
    n, rules = len(game.players), game.ruleset
    p = state.turn % n
    out: list[Action] = []
    if state.coins >= rules.hint_cost:
        for k in range(1, n):
            to = (p + k) % n
            hand = state.hands[to]
            hints = [Hint(to, suit=s) for s in range(rules.colour_count)
                     if clue_kind_allowed(rules, state.last_clue, True)]
            hints += [Hint(to, rank=r) for r in rules.ranks
                      if clue_kind_allowed(rules, state.last_clue, False)]
            out.extend(h for h in hints
                       if game.touched(h, hand) or may_touch_nothing(rules, h.suit >= 0))
    for card in state.hands[p]:
        if game.suit_of[card] >= 0:
            out.append(Play(card))
        else:
            out.extend(Play(card, row) for row, h in enumerate(state.rows) if h < rules.max_rank)
    if state.coins < rules.coins:
        out.extend(Discard(card) for card in state.hands[p])
    return out


def no_point_left(game: Game, state: State) -> bool:
    """Whether no point can still be scored: hanab.live's early end (`_no_point_left`)."""
    return _no_point_left(game, state.turn, state.hands, state.rows, state.discards,
                          state.final_turns)


def _no_point_left(game: Game, turn: int, hands: Sequence[tuple[int, ...]],
                   rows: tuple[int, ...], discards: tuple[int, ...], final_turns: int) -> bool:
    """No incomplete row's next card has a copy that is neither thrown away nor held by a
    player who has had their last turn (in the final round, the last `players -
    final_turns` to act). Copies in the draw pile or in a hand with a turn left count."""
    rules, space = game.ruleset, game.space
    max_rank, of = rules.max_rank, game.identity_of
    gone: dict[int, int] = {}
    dead = list(discards)
    if final_turns >= 0:
        n = len(game.players)
        for k in range(n - final_turns):
            dead.extend(hands[(turn - 1 - k) % n])
    for card in dead:
        gone[of[card]] = gone.get(of[card], 0) + 1
    for suit, height in enumerate(rows):
        if height < max_rank:
            needed = next_identity(suit, height, max_rank)
            if space.copies[needed] > gone.get(needed, 0):
                return False
    return True


def _bad_hint(game: Game, turn: int, p: int, to: int, coins: int, colour: int, rank: int
              ) -> IllegalAction:
    actor = game.players[p]
    if rank > game.ruleset.max_rank:
        return turn_error(turn, f"{actor} hints rank {rank}, but ranks go to "
                          f"{game.ruleset.max_rank}")
    if colour >= game.ruleset.colour_count:
        return turn_error(turn, f"{actor} hints colour {colour}, but the game has colours 0 to "
                          f"{game.ruleset.colour_count - 1}")
    if to == p:
        return turn_error(turn, f"{actor} gives a hint to {actor}; a hint goes to another player")
    if coins < game.ruleset.hint_cost:
        w = words(game.ruleset)
        return turn_error(turn, f"{actor} gives a {w.hint} with {w.coins(coins)} left")
    return turn_error(turn, f"{actor} hints player {to}, who does not exist")


def _touches_nothing(game: Game, turn: int, p: int, hint: Hint) -> IllegalAction:
    what = (game.colour_name(hint.suit).rstrip("s") if hint.suit >= 0
            else game.describe_hint(hint)[:-1])
    receiver = game.players[hint.to]
    return turn_error(turn, f"{game.players[p]} hints {game.describe_hint(hint)} to {receiver}, "
                            f"but {receiver} holds no {what}")


def _not_in_hand(game: Game, p: int, playing: bool, card: int, hand: tuple[int, ...]) -> str:
    actor, verb = game.players[p], "plays" if playing else "discards"
    if not 0 <= card < len(game.deck):
        return f"{actor} {verb} card {card}, but the deck has cards 0 to {len(game.deck) - 1}"
    held = ", ".join(f"{c} ({game.card_text(c)})" for c in hand)
    return (f"{actor} {verb} card {card} ({game.card_text(card)}), which is not in "
            f"{actor}'s hand (holds {held})")


@dataclass(frozen=True)
class Timeline(Sequence[State]):
    """Every state of a game: `timeline[0]` is the deal, `timeline[t]` the table
    after turn t. `actions[t - 1]` is the action of turn t. `replay` checks the actions
    and keeps only the last table; the others are made when first asked for (a
    validation needs only the last, a review every one)."""

    game: Game
    actions: tuple[Action, ...]
    final: State  # the table after the last action

    @cached_property
    def states(self) -> tuple[State, ...]:
        """The table after every turn, the deal first: the same rules replayed (the
        actions are known legal), keeping each turn's table; the last is `final`, which
        carries the log's termination."""
        states = [deal(self.game)]
        _play_out(self.game, states[0], self.actions, states)
        states[-1] = self.final
        return tuple(states)

    def __len__(self) -> int:
        return len(self.actions) + 1

    def __getitem__(self, turn):  # type: ignore[no-untyped-def]
        return self.states[turn]

    def __iter__(self) -> Iterator[State]:
        return iter(self.states)

    @property
    def outcome(self) -> Outcome | None:
        """How the game came out (None for a log that stops before the end)."""
        return self.final.outcome

    @property
    def turns(self) -> int:
        return len(self.actions)


def replay(game: Game, actions: Sequence[Action], terminated: bool = False,
           every_state: bool = False) -> Timeline:
    """Apply every action from the deal; raises IllegalAction at the first illegal one.
    `terminated` marks a game stopped after its last action (the log's termination).
    `every_state` makes every turn's table in the same pass (for a caller that reads
    them all, such as a review); else they are made when first asked for."""
    actions = tuple(actions)
    states = [deal(game)] if every_state else None
    state = _play_out(game, deal(game), actions, states)
    if terminated:
        if state.ending is not None:
            raise turn_error(
                state.turn,
                f"the log says the game was terminated, but {state.ending.text(state.turn)}",
            )
        state = state._replace(ending=Ending.TERMINATED)
    timeline = Timeline(game, actions, state)
    if states is not None:
        states[-1] = state
        vars(timeline)["states"] = tuple(states)  # the cached property, filled now
    return timeline
