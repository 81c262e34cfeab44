"""The replay engine: `apply(game, state, action) -> state`, pure and immutable.

A `State` is a named tuple of tuples, so it is cheap to build and safe to share:
the timeline keeps one per turn and any turn can be shown without replaying.
Cards are deck indices; `Game.suit_of` / `Game.rank_of` say what they are.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from .errors import IllegalAction, turn_error
from .game import Action, Discard, Game, Hint, Play

# Why a game ended (State.ending); None while it goes on.
PERFECT = "perfect"
STRIKEOUT = "strikeout"
DECK_OUT = "final round"
TERMINATED = "terminated"
# hanab.live's server ends a game as soon as no point can still be scored (its CheckEnd);
# a ruleset with `early_end` (set for games read from hanab.live that end so) does too.
NO_MORE_POINTS = "no more points"


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
    ending: str | None  # PERFECT, STRIKEOUT, DECK_OUT, NO_MORE_POINTS, TERMINATED, or None

    @property
    def over(self) -> bool:
        return self.ending is not None

    def draw_pile(self, game: Game) -> int:
        """Cards left to draw."""
        return len(game.deck) - self.drawn

    def player(self, game: Game) -> int:
        """Whose turn it is next."""
        return self.turn % len(game.players)


def deal(game: Game) -> State:
    """The table before the first action: one card at a time, round-robin, each new
    card on the left of its hand."""
    n, size = len(game.players), game.hand_size
    hands = tuple(
        tuple(reversed(range(p, n * size, n))) for p in range(n)
    )
    rules = game.ruleset
    return State(0, hands, (0,) * len(rules.suits), n * size, rules.coins, rules.lives,
                 (), 0, -1, None)


def _end_text(state: State) -> str:
    if state.ending == DECK_OUT:
        return f"the final round ended at turn {state.turn}"
    if state.ending == PERFECT:
        return f"every row was complete at turn {state.turn}"
    if state.ending == STRIKEOUT:
        return f"the last life was lost at turn {state.turn}"
    if state.ending == NO_MORE_POINTS:
        return f"no point could still be scored after turn {state.turn}"
    return f"it was terminated after turn {state.turn}"


_new_state = tuple.__new__  # builds a State without NamedTuple's keyword handling


def apply(game: Game, state: State, action: Action) -> State:
    """The state after `action`; raises IllegalAction if the rules forbid it."""
    (turn, hands, rows, drawn, coins, lives, discards, score, final_turns, ending) = state
    turn += 1
    if ending is not None:
        raise turn_error(turn, f"action after the game ended ({_end_text(state)})")
    n = len(game.players)
    p = state.turn % n
    rules = game.ruleset
    max_rank = len(rules.copies)
    deck_size = len(game.deck)
    kind = type(action)

    if kind is Hint:
        to, suit, rank = action  # type: ignore[misc]
        if (to == p or coins == 0 or not 0 <= to < n or suit >= rules.colour_count
                or rank > max_rank):
            raise _bad_hint(game, turn, p, to, coins, suit, rank)
        if not game.touched(action, hands[to]):  # type: ignore[arg-type]
            raise _touches_nothing(game, turn, p, action)  # type: ignore[arg-type]
        coins -= 1
    else:
        card = action[0]
        hand = hands[p]
        if card not in hand:
            raise turn_error(turn, _not_in_hand(game, p, kind is Play, card, hand))
        if kind is Discard:
            if coins >= rules.coins:
                raise turn_error(
                    turn, f"{game.players[p]} discards with {coins} coins in the middle",
                )
            discards = discards + (card,)
            coins += 1
        else:
            suit, row = game.suit_of[card], action[1]  # type: ignore[misc]
            if suit < 0:  # a joker always fits, on the row its player names
                if row < 0:
                    raise turn_error(turn, f"{game.players[p]} plays a joker without naming its row")
                if rows[row] >= max_rank:
                    raise turn_error(
                        turn, f"{game.players[p]} plays a joker onto the {game.suit_name(row)} "
                        f"row, which is complete",
                    )
                suit = row
                fits = True
            else:
                if row >= 0:
                    raise turn_error(
                        turn, f"{game.players[p]} names a row for {game.card_text(card)}, "
                        f"which is not a joker",
                    )
                fits = rows[suit] + 1 == game.rank_of[card]
            if fits:
                height = rows[suit] + 1
                rows = rows[:suit] + (height,) + rows[suit + 1:]
                score += 1
                if height == max_rank and coins < rules.coins:
                    coins += 1
            else:
                lives -= 1
                discards = discards + (card,)
        i = hand.index(card)
        if drawn < deck_size:
            rest = (drawn,) + hand[:i] + hand[i + 1:]
            drawn += 1
            if drawn == deck_size and final_turns < 0:
                final_turns = n + 1  # counted down below, with this turn
        else:
            rest = hand[:i] + hand[i + 1:]
        hands = hands[:p] + (rest,) + hands[p + 1:]

    if final_turns > 0:
        final_turns -= 1
    if lives == 0:
        ending = STRIKEOUT
        if not rules.gentle_show:
            score = 0
    elif score == rules.perfect_score:
        ending = PERFECT
    elif final_turns == 0:
        ending = DECK_OUT
    elif rules.early_end and _no_point_left(game, turn, hands, rows, discards, final_turns):
        ending = NO_MORE_POINTS
    return _new_state(State, (turn, hands, rows, drawn, coins, lives, discards, score,
                              final_turns, ending))


def no_point_left(game: Game, state: State) -> bool:
    """Whether no point can still be scored: hanab.live's early end (see `_no_point_left`)."""
    return _no_point_left(game, state.turn, state.hands, state.rows, state.discards,
                          state.final_turns)


def _no_point_left(game: Game, turn: int, hands: tuple[tuple[int, ...], ...],
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
            needed = suit * max_rank + height  # the identity of rank height + 1
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
    if coins == 0:
        return turn_error(turn, f"{actor} gives a hint with 0 coins left")
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
    after turn t. `actions[t - 1]` is the action of turn t."""

    game: Game
    actions: tuple[Action, ...]
    states: tuple[State, ...]

    def __len__(self) -> int:
        return len(self.states)

    def __getitem__(self, turn):  # type: ignore[no-untyped-def]
        return self.states[turn]

    def __iter__(self) -> Iterator[State]:
        return iter(self.states)

    @property
    def final(self) -> State:
        return self.states[-1]

    @property
    def turns(self) -> int:
        return len(self.states) - 1


def replay(game: Game, actions: Sequence[Action], terminated: bool = False) -> Timeline:
    """Apply every action from the deal; raises IllegalAction at the first illegal one.
    `terminated` marks a game stopped after its last action (the log's termination)."""
    state = deal(game)
    states = [state]
    for action in actions:
        state = apply(game, state, action)
        states.append(state)
    if terminated:
        if state.ending is not None:
            raise turn_error(
                state.turn, f"the log says the game was terminated, but {_end_text(state)}",
            )
        states[-1] = state._replace(ending=TERMINATED)
    return Timeline(game, tuple(actions), tuple(states))
