"""Write the course: sample_games/lessons/NN-*.json (one game per lesson, in course
order) and sample_games/README.md, its table of contents.

Most lessons are hand-scripted: the hands after the deal and the moves up to the
lesson's turn are written out, then an all-seeing author policy finishes the game
(tests/helpers.py `play_out`; it is a way to write legal games quickly, not a player).
A few come from the pinned bot games of make_bot_samples.py. Each log carries its
lesson in `meta.lesson` (level, topic, turn, text) and the text again as the comment
of the lesson's action, as PGN does. tests/test_course.py checks each lesson against
a hand-written table of the finding the analysis must produce there.
"""

from __future__ import annotations

import itertools
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT / "tests"))

import make_bot_samples  # noqa: E402
import make_live_samples  # noqa: E402
from generated import write_files  # noqa: E402
from helpers import (  # noqa: E402
    SHARED,
    Step,
    build_game,
    discard,
    greedy_perfect,
    hint,
    play,
    play_out,
)

from nova_replay.record.load import load  # noqa: E402
from nova_replay.record.writer import dumps, log_data  # noqa: E402
from nova_replay.rules.cards import parse_card  # noqa: E402
from nova_replay.rules.engine import State, apply, deal, legal_actions  # noqa: E402
from nova_replay.rules.game import Action, Discard, Game, Hint, Play  # noqa: E402
from nova_replay.rules.rulesets import Ruleset, make_ruleset  # noqa: E402

SAMPLES = ROOT / "sample_games"
LESSONS = SAMPLES / "lessons"
NOVA, HANABI = make_ruleset("nova"), make_ruleset("hanabi")
SOURCE = "nova-replay course (scripts/make_course.py)"
REAL = "../shared/data/real/"  # how a real game is named from the repository root

Made = tuple[Game, list[Action]]


@dataclass(frozen=True)
class Lesson:
    """One lesson: its place in the course, its turn, our text, and how its game is made
    (`make` for a scripted game, `bot` for a pinned bot game of make_bot_samples)."""

    slug: str
    level: int
    topic: str
    title: str
    turn: int
    text: str
    make: Callable[[], Made] | None = None
    bot: str = ""
    real: tuple[str, str, int] | None = None  # (folder, file, last turn kept) in the real data
    conventions: str = "h-group:4"  # the level the lesson's reading needs


def scripted(rules: Ruleset, hands: dict[str, str], steps: Sequence[Step], pile: str = "",
             finish: bool = True, hold: Sequence[str] = ()) -> Callable[[], Made]:
    """A game from the hands after the deal and the scripted steps; the author policy
    plays it to its end when `finish`."""
    def make() -> Made:
        game = build_game(rules, hands, pile)
        if finish:
            return game, play_out(game, steps, hold=hold)
        return game, play_out(game, steps, until=lambda s: True)
    return make


def clock_game() -> Made:
    """Three players who only hint and discard: each discard takes a card of which no
    copy is gone yet and another is left (never a last copy, never a hinted card), each
    hint names the 5 the next player keeps from the deal (from the second round on, a
    wasted hint)."""
    game = build_game(NOVA, {"Anna": "4C 3C 2C 5C", "Ben": "4D 3D 2D 5D", "Carla": "4H 3H 2H 5H"},
                      pile="2S 3S 4S 2S 3S 4S AS AS 4H 4D 4C 3H")
    touched: set[int] = set()
    state = deal(game)
    actions: list[Action] = []
    for turn in range(1, 17):
        p = state.player(game)
        action: Action
        if turn % 2:
            to = (p + 1) % 3
            action = Hint(to, rank=5)
            touched.update(game.touched(action, state.hands[to]))
        else:
            gone = {game.deck[d] for d in state.discards}
            action = next(Discard(c) for c in reversed(state.hands[p])
                          if c not in touched and game.deck[c] not in gone
                          and game.ruleset.copies[game.rank_of[c] - 1] > 1)
        actions.append(action)
        state = apply(game, state, action)
    return game, play_out(game, actions, until=lambda s: True)  # stops at the lesson


def _perfect_turns() -> int:
    return greedy_perfect(HANABI, 2)[1][-1].turn


PERFECT_TURN = _perfect_turns()


def perfect_hanabi() -> Made:
    game, states = greedy_perfect(HANABI, 2)
    actions = [_action_between(game, a, b) for a, b in itertools.pairwise(states)]
    return game, actions


def _action_between(game: Game, before: State, after: State) -> Action:
    """The action that led from `before` to `after` (greedy_perfect keeps states only)."""
    for action in legal_actions(game, before):
        if apply(game, before, action) == after:
            return action
    raise AssertionError(f"no action leads to turn {after.turn}")


def nova(**options: Any) -> Ruleset:
    return make_ruleset("nova", **options)


JOKER_HANDS = {"Anna": "AC 2C 3C 4C 4D", "Ben": "JK AD 2D 3D 5S"}
JOKER_STEPS: list[Step] = [hint("Ben", rank=1), discard("5S"), hint("Ben", rank=2), discard("JK")]


def careful_move(game: Game, state: State, touched: set[int], hold: Sequence[str]) -> Action:
    """The author's move for a lesson's long prefix, with no blind play: play the lowest
    hinted card that fits, else hint the rank of a card that fits in the next player's
    hand, else discard the oldest unhinted card (never one of `hold`)."""
    p, n = state.player(game), len(game.players)
    held = {parse_card(t) for t in hold}
    free = [c for c in state.hands[p] if game.deck[c] not in held]

    def fits(c: int) -> bool:
        return game.suit_of[c] >= 0 and state.rows[game.suit_of[c]] + 1 == game.rank_of[c]

    known = [c for c in free if c in touched and fits(c)]
    if known:
        return Play(min(known, key=lambda c: game.rank_of[c]))
    to = (p + 1) % n
    wanted = [c for c in state.hands[to] if fits(c) and c not in touched
              and game.deck[c] not in held]
    if state.coins > 0 and wanted:
        return Hint(to, rank=game.rank_of[wanted[0]])
    if state.coins >= game.ruleset.coins:  # a hint must be given: a rank in the next hand
        return Hint(to, rank=game.rank_of[state.hands[to][-1]] or 1)
    chop = [c for c in free if c not in touched] or free
    return Discard(chop[-1])


def careful_play(game: Game, steps: Sequence[Action] = (), hold: Sequence[str] = (),
                 until: Callable[[State], bool] = lambda s: s.over) -> list[Action]:
    """`steps`, then careful moves until `until`."""
    state = deal(game)
    touched: set[int] = set()
    actions: list[Action] = []

    def step(action: Action) -> None:
        nonlocal state
        if isinstance(action, Hint):
            touched.update(game.touched(action, state.hands[action.to]))
        actions.append(action)
        state = apply(game, state, action)

    for action in steps:
        step(action)
    while not until(state) and not state.over:
        step(careful_move(game, state, touched, hold))
    return actions


FINAL_HANDS = {"Anna": "AC 2C 3C 4C 5C", "Ben": "AD 2D 3D 4D 5S"}


def _final_start() -> list[Action]:
    game = build_game(NOVA, FINAL_HANDS)
    return careful_play(game, hold=("5C", "4S", "5S"), until=lambda s: s.draw_pile(game) == 0)


FINAL_TURN = len(_final_start()) + 1  # the first turn of the final round


def final_round(steps: Sequence[Step], finish: bool = True) -> Callable[[], Made]:
    """A two-player game the careful author plays until the draw pile is empty, holding
    back 5♣, 4♠ and 5♠; then `steps` in the final round."""
    def make() -> Made:
        game = build_game(NOVA, FINAL_HANDS)
        start = _final_start()
        if not finish:
            return game, play_out(game, [*start, *steps], until=lambda s: True)
        return game, play_out(game, [*start, *steps])
    return make


# Names: Nova games seat Anna, Ben, Carla (and Dev, Emil); Hanabi games Alice, Bob, Cathy;
# a lesson from a real hanab.live game keeps its players' names.
# Topics in H-Group's words and order (https://hanabi.github.io/learning-path), then what
# Nova adds. A lesson game stops at its lesson's turn (or at the move that answers it), so
# no lucky blind play of the author's policy is left in it.
TOPICS = ("the chop", "clue focus", "play clues", "the 5 save", "the 2 save", "the critical save",
          "good touch", "minimum clue value", "discard order", "the early game",
          "delayed play clues", "prompt",
          "finesse", "5 stall", "fix clue",
          "trash chop move", "bluff", "misplays and strikes", "pace and the clock",
          "the final round", "efficiency", "jokers", "grand finale")


def level(topic: str) -> int:
    """A lesson's level: its topic's place in the course."""
    return TOPICS.index(topic) + 1


def L(slug: str, topic: str, title: str, turn: int, text: str, **how: Any) -> Lesson:
    return Lesson(slug, level(topic), topic, title, turn, text, **how)


_EXTRA = (
    L("lost-five", "the 5 save", "A lost 5", 6,
      "Dev hinted 5s to Ben at turn 4, yet Ben discards that card, the only 5♠, while "
      "spades stand at A. Spades can now reach 4 at most: the perfect show is gone and "
      "max score drops to 19.", bot="lesson-lost-five.json"),
    L("saved-last-copy-bots", "the critical save", "A save in a whole game", 19,
      "The other 3♦ is already in the discard pile, and the last 3♦ sits on Carla's "
      "chop. Anna's 3s hint touches it: a hint that saves a card is worth its coin "
      "even when the card cannot be played yet.", bot="lesson-good-save.json"),
    L("lost-hinted-critical", "the critical save", "A hinted last copy, lost", 11,
      "Ben's 3♠ had been hinted and the other 3♠ was already discarded, yet Ben "
      "discards it. Spades stop at 2 and max score drops to 17: a hinted card is one "
      "the team asked you to keep.", bot="lesson-lost-hinted-critical.json"),
    L("misfire", "misplays and strikes", "A misfire", 10,
      "Clubs stand at A and Ben plays a 3♣, which does not fit. A misfire costs a "
      "life and puts the card in the discard pile.", bot="lesson-misfire.json"),
    L("pace-ran-out-bots", "pace and the clock", "The clock in a whole game", 33,
      "No card was lost for good, yet after this turn the pace is -1. The rows could "
      "still reach 20, but with 2 cards left to draw and 5 players, max score is 19.",
      bot="lesson-pace-ran-out.json"),
    L("lost-two", "the 2 save", "A 2 Save missed", 4,
      "Anna discarded one 2♥ at turn 3, so the 2♥ now on her chop is the last. Ben hints "
      "4s instead of saving it, and next turn Anna, who cannot see her own card, discards "
      "it: hearts stop at A, and the missed save is Ben's.",
      make=scripted(NOVA, {"Anna": "3C 4C 5D 2H 2H", "Ben": "AC AD 3S 4S 2C"},
                    [hint("Ben", rank=1), hint("Anna", rank=3), discard("2H"),
                     hint("Anna", rank=4), discard("2H")], finish=False)),
)

_MAIN: tuple[Lesson, ...] = (
    L("save-a-five", "the chop", "The chop: the card a player discards next", 1,
      "Ben's chop is his oldest card no hint has touched: the only 5♠. He would discard it "
      "next, so Anna hints 5s to save it; a 5 has one copy and losing it would stop spades "
      "at 4.",
      make=scripted(NOVA, {"Anna": "AC 2C 3C 4C", "Ben": "AD 2D 3D 5S", "Carla": "AH 2H 3H 4H"},
                    [hint("Ben", rank=5)], finish=False)),
    L("focus-on-chop", "clue focus", "The chop is the focus", 1,
      "Alice's 1s clue touches two of Bob's cards, one of them his chop. When a clue touches "
      "the chop, the chop card is its focus: Bob reads the clue as being about his yellow 1, "
      "and with every pile empty both 1s are playable.",
      make=scripted(HANABI, {"Alice": "2r 3r 4r 2g 3g", "Bob": "2y 1r 4b 3w 1y"},
                    [hint("Bob", rank=1)], finish=False)),
    L("two-aces", "play clues", "A hint names every card of a rank", 1,
      "Anna hints aces to Ben: the hint names every ace in his hand, here his A♣ and A♦. "
      "With every row empty any ace fits, so Ben knows both cards are playable: "
      "one hint, two cards.",
      make=scripted(NOVA, {"Anna": "2C 3D 4H 4S 5C", "Ben": "AC AD 3S 4C 2H"},
                    [hint("Ben", rank=1)], finish=False)),
    L("not-clubs", "play clues", "A hint also says what a card is not", 5,
      "Ben's three aces were hinted at turn 1, and one of them could be the other A♣, "
      "which would not fit. Anna's clubs hint touches his A♣ and 2♣, so the two aces it "
      "does not touch are not clubs: his A♦ and A♥ are now known playable.",
      make=scripted(NOVA, {"Anna": "AC 3D 4H 4S 5C", "Ben": "AH AD AC 2C 3S"},
                    [hint("Ben", rank=1), hint("Anna", rank=1), play("AC"),
                     hint("Anna", rank=3), hint("Ben", suit="C")], finish=False)),
    L("two-playable-hanabi", "play clues", "Hanabi: two 1s with one clue", 1,
      "The first clue of the game names Carla's 1s: her green 1 and her yellow 1. "
      "Every pile is empty, so any 1 is playable: one clue gets two cards.",
      bot="lesson-two-playable.json"),
    L("three-ones-hanabi", "play clues", "Hanabi: three 1s with one clue", 1,
      "Alice clues 1s to Bob: it touches his red, yellow and green 1s. With every pile "
      "empty all three are known playable.",
      make=scripted(HANABI, {"Alice": "2r 3r 4r 2y 3y", "Bob": "1r 1y 1g 4b 3w"},
                    [hint("Bob", rank=1)], finish=False)),
    L("save-a-five-hanabi", "the 5 save", "Hanabi: the 5 Save", 1,
      "In Hanabi too a 5 has one copy. Bob's chop is the blue 5, so Alice clues 5s to save "
      "it before Bob discards it: a 5 is saved with a number clue, never a colour.",
      make=scripted(HANABI, {"Alice": "1r 2r 3r 4r 1y", "Bob": "1g 2g 3g 4g 5b",
                             "Cathy": "2y 3y 4y 1w 2w"}, [hint("Bob", rank=5)], finish=False)),
    L("save-a-two", "the 2 save", "The 2 Save", 4,
      "A 2 on the chop is saved with a 2s hint unless the giver sees its twin in another "
      "hand. "
      "Here Ben has just discarded one 2♥, so the 2♥ on his chop is the last: Anna's 2s "
      "hint saves it and keeps hearts alive past A.",
      make=scripted(NOVA, {"Anna": "AC 3C 4C 4D", "Ben": "AD 3S 2H 2H", "Carla": "AS 3H 4H 4S"},
                    [hint("Carla", rank=1), discard("2H"), hint("Anna", rank=4),
                     hint("Ben", rank=2)], finish=False)),
    L("save-last-copy", "the critical save", "Save the last copy", 4,
      "Ben discarded a 3♦ at turn 2, so the 3♦ now on his chop is the last one. Anna "
      "hints 3s to Ben to save it: a last copy on the chop is saved at once.",
      make=scripted(NOVA, {"Anna": "AC 2C 4C 4C", "Ben": "AD 2S 3D 3D", "Carla": "AH 2H 3H 4H"},
                    [hint("Carla", rank=1), discard("3D"), hint("Anna", rank=4),
                     hint("Ben", rank=3)], finish=False)),
    L("check-the-discards", "the critical save", "The save was the player before's job", 4,
      "Ben discarded a 4♠ at turn 2, so the 4♠ on his chop is the last. Anna, with coins "
      "left, hints 2s to Carla instead of saving it, and next turn Ben, who cannot see his "
      "own card, discards it: the missed save is Anna's, not Ben's.",
      make=scripted(NOVA, {"Anna": "AC 2C 3C 4C", "Ben": "AD 2D 4S 4S", "Carla": "AH 2H 3H 4H"},
                    [hint("Carla", rank=1), discard("4S"), hint("Anna", rank=1),
                     hint("Carla", rank=2), discard("4S")], finish=False)),
    L("hint-played-card", "good touch", "Good touch: never touch trash", 3,
      "Ben played the A♣ that Anna's clubs hint showed him, then drew the other A♣. Anna's "
      "second clubs hint touches only that card, which can never be played: it breaks good "
      "touch and wastes a coin.",
      make=scripted(NOVA, {"Anna": "2C 3D 4H 4S 5C", "Ben": "AC 2D 3S 4D 2H"},
                    [hint("Ben", suit="C"), play("AC"), hint("Ben", suit="C")], pile="AC",
                    finish=False)),
    L("nothing-new-hanabi", "minimum clue value", "Hanabi: the same clue twice", 3,
      "Alice clued red to Bob at turn 1 and clues red again. It touches the same two "
      "cards and Bob learns nothing new: a clue must get at least one new card.",
      make=scripted(HANABI, {"Alice": "2y 3y 4y 2g 3g", "Bob": "1r 3r 4b 2w 1b"},
                    [hint("Bob", suit="r"), hint("Alice", rank=2), hint("Bob", suit="r")],
                    finish=False)),
    L("discard-hinted", "discard order", "Discard from the chop, never a hinted card", 2,
      "Anna hinted 4s to Ben, touching his 4♣. Ben discards it anyway: a hinted card is "
      "one the team means to keep. With 7 coins and Anna's 5♣ on her chop, Ben should not "
      "discard at all; a 5s hint saves it.",
      make=scripted(NOVA, {"Anna": "2C 3D 4H 4S 5C", "Ben": "AD 4C 3S 3C 2H"},
                    [hint("Ben", rank=4), discard("4C")], finish=False)),
    L("discard-clued-hanabi", "discard order", "Hanabi: do not discard a clued card", 2,
      "Alice clued 2s to Bob, touching his green 2. Bob discards it: the clue is lost "
      "with the card, and a green 2 is still needed.",
      make=scripted(HANABI, {"Alice": "3y 4y 3g 4g 5r", "Bob": "1b 2g 3b 4r 3w"},
                    [hint("Bob", rank=2), discard("2g")], finish=False)),
    L("early-game-real", "the early game", "The Early Game ends with the first discard", 7,
      "No card has been discarded yet: in the Early Game the team gives every Play Clue and "
      "Save Clue there is before anyone discards (here two 1s play clues and a 5 Save), and "
      "Player2, with none left to give, gave a 5 Stall. Player1 has no known play and sees no "
      "playable card and no card to save in Player2's hand, so with 4 clues left Player1 "
      "discards the chop. This first discard ends the Early Game.",
      real=("hanabi-challenges-derived", "p2_05.json", 7)),
    L("delayed-play", "delayed play clues", "A delayed play clue", 3,
      "Bob's red 1 is clued and playable, so Cathy clues red to Alice's red 2: it is not "
      "playable yet, but it will be once Bob plays his 1. Alice waits for that, then plays "
      "it: a delayed play clue.",
      make=scripted(HANABI, {"Alice": "2r 3y 4b 2w 1y", "Bob": "1r 3y 4b 4w 3b",
                             "Cathy": "3g 4g 2b 3w 4y"},
                    [hint("Bob", rank=1), hint("Alice", rank=1), hint("Alice", suit="r"),
                     play("1y"), play("1r")], finish=False)),
    L("prompt", "prompt", "The prompt", 4,
      "Bob's 2 was saved on his chop at turn 1 and he does not know its colour. Alice clues "
      "red to Cathy's red 3 with red at 1: the clue asks Bob to play his clued 2 as the "
      "red 2, a prompt, and Cathy then plays her 3.",
      make=scripted(HANABI, {"Alice": "2y 4r 5b 1g 3w", "Bob": "4g 3y 4b 3w 2r",
                             "Cathy": "1r 4y 3g 4w 2b"},
                    [hint("Bob", rank=2), hint("Cathy", rank=1), play("1r"),
                     hint("Cathy", suit="r"), play("2r")], pile="3r", finish=False)),
    L("finesse-real", "finesse", "A finesse in a real game", 23,
      "Player2 clues 2s to Player1, touching a green 2, and no green card is played or "
      "clued yet. Player3 sees it and blind-plays the card on their finesse position, slot "
      "1, the green 1 the clue called: Player1 can then play the green 2.",
      real=("hanabi-challenges-derived", "p3_08.json", 24)),
    L("five-stall-real", "5 stall", "A 5 Stall in the early game", 1,
      "Player1 has no play clue and no save to give: no 1 in Player2's hand, and the chop is "
      "a 3 with a twin. Rather than discard in the early game, Player1 clues a 5 that is not on "
      "the chop: a 5 Stall, not a play clue.",
      real=("hanabi-challenges-derived", "p2_02.json", 1)),
    L("fix-clue-real", "fix clue", "A fix clue in a real game", 4,
      "Player2's 1s clue touched two white 1s; one was played at turn 2, and the other is "
      "still clued and looks playable. Player1 clues purple to show it is the same card: a "
      "fix clue, not a wasted one.",
      real=("hanabi-challenges-derived", "p3_14.json", 4)),
    L("tcm-real", "trash chop move", "A Trash Chop Move in a real game", 35,
      "Every 1 is already played, so Player1's 1s clue touches only trash: a Trash Chop "
      "Move. It tells Player2 not to discard the chop, the last yellow 4. A 4s clue, a "
      "Critical Save, would have saved it as plainly.",
      real=("hanabi-challenges-derived", "p2_01.json", 35)),
    L("bluff-real", "bluff", "A bluff in a real game", 2,
      "Player2 clues red to Player1's 2; no red card is played. Player3, next to play, "
      "blind-plays their slot 1 and it is a yellow 1, which does not match the clue: so "
      "it was a bluff, and Player1 waits with a red card that is one away.",
      real=("hanabi-challenges-derived", "p3_03.json", 3), conventions="h-group:11"),
    L("misfire-five", "misplays and strikes", "A blind misfire can lose a card", 1,
      "Anna plays a card she knows nothing about: the only 5♦, on an empty row. The "
      "misfire costs a life and the card: diamonds can reach 4 at most, max score 19.",
      make=scripted(NOVA, {"Anna": "5D 3D 4H 4S 2C", "Ben": "AC AD 3S 4C 2H"},
                    [play("5D")], finish=False)),
    L("misplay-hanabi", "misplays and strikes", "Hanabi: a blind misplay", 1,
      "Alice plays a card without a clue: her red 3, on an empty pile. A misplay gives "
      "the team a strike; the third strike ends the game.",
      make=scripted(HANABI, {"Alice": "3r 2y 3y 4y 2g", "Bob": "1r 1y 4b 2w 1b"},
                    [play("3r")], finish=False)),
    L("gentle-strikeout", "misplays and strikes", "The gentle show keeps the score", 5,
      "With the gentle show, losing the third life still ends the game at once, but "
      "the score is kept. Anna's third misfire ends it with the 2 points already "
      "played.",
      make=scripted(nova(gentle_show=True), {"Anna": "3D 3H 3S 4C 4D",
                                             "Ben": "AC AD 2S 4S 5H"},
                    [play("3D"), play("AC"), play("3H"), play("AD"), play("3S")])),
    L("strikeout-hanabi", "misplays and strikes", "Hanabi: three strikes", 5,
      "Alice's misplay is the team's third strike. In Hanabi the game then ends at "
      "once and scores 0, however many cards were played.",
      make=scripted(HANABI, {"Alice": "3r 3y 3g 2b 2w", "Bob": "1r 1y 4b 4w 1b"},
                    [play("3r"), play("1r"), play("3y"), play("1y"), play("3g")])),
    L("pace-runs-out", "pace and the clock", "Every discard moves the clock", 16,
      "Three players start with pace 7: the team can afford seven discards. This is "
      "the eighth and nothing has been played, so pace is -1 and max score drops to 19.",
      make=clock_game),
    L("final-round-five", "the final round", "In the final round, play what you know",
      FINAL_TURN,
      "The draw pile is empty: in this final round each player has one turn left. "
      "Clubs stand at 4 and Anna knows her 5♣ is playable, yet she discards it: the point "
      "it would have scored is lost and max score drops to 17.",
      make=final_round([discard("5C")], finish=False)),
    L("final-round-too-late", "the final round", "The last turn: play the sure point",
      FINAL_TURN + 1,
      "This is the last turn of the game and spades stand at 3, so Ben's 5♠ cannot score "
      "whatever he does. But Ben knew his 4♠ was playable, and he discards instead: the "
      "point it would have scored is lost.",
      make=final_round([play("5C"), discard("5S")])),
    L("last-turn-gamble", "the final round", "The free last-turn gamble", 64,
      "It is the last turn of the game, Player2 knows no card to be playable, and the team "
      "has one strike. A misplay now cannot cost a point, so Player2 plays their newest card "
      "blind: a gamble, free on the last turn, and it is the blue 5.",
      real=("hanabi-challenges-derived", "p2_07.json", 64)),
    L("three-aces", "efficiency", "Three aces with one hint", 1,
      "Anna's aces hint touches three of Ben's cards, all known playable at once. "
      "Efficiency counts cards gotten per hint spent: after this turn it is 3.",
      make=scripted(NOVA, {"Anna": "2C 3C 4C 4D", "Ben": "AC AD AH 3S", "Carla": "2D 3H 4H 4S"},
                    [hint("Ben", rank=1)], finish=False)),
    L("spare-joker", "jokers", "A spare joker takes its place", 2,
      "Ben discards the only 5♠, but the team has a joker: a joker fits any row, so it "
      "can stand in for the 5♠. No point is lost yet, but the joker now has a job.",
      make=scripted(nova(jokers=1), JOKER_HANDS, JOKER_STEPS[:2], finish=False)),
    L("needed-joker", "jokers", "The joker that was needed", 4,
      "The only 5♠ was discarded at turn 2, and the joker was to take its place. Ben now "
      "discards the joker too: spades can reach 4 at most, and max score drops to 19.",
      make=scripted(nova(jokers=1), JOKER_HANDS, JOKER_STEPS, finish=False)),
    L("save-a-six", "grand finale", "Grand finale: save the 6", 1,
      "In the grand finale every suit has two 5s and one 6, so the 6 is the card to "
      "save. Ben's chop is the only 6♥, and Anna hints 6s to keep it.",
      make=scripted(nova(grand_finale=True), {"Anna": "AC 2C 3C 4C", "Ben": "AD 2D 3D 6H",
                                              "Carla": "AH 2H 3H 4H"}, [hint("Ben", rank=6)],
                    finish=False)),
    L("lost-six", "grand finale", "Grand finale: a lost 6", 2,
      "Ben discards the only 6♣. Clubs can now reach 5 at most, so the perfect show of "
      "24 is gone and max score drops to 23.",
      make=scripted(nova(grand_finale=True), {"Anna": "AC 2C 3C 4C", "Ben": "AD 2D 3D 6C",
                                              "Carla": "AH 2H 3H 4H"},
                    [hint("Ben", rank=1), discard("6C")], finish=False)),
)


# The course: by topic in TOPICS' order, each topic's lessons as written above.
COURSE: tuple[Lesson, ...] = tuple(sorted((*_MAIN, *_EXTRA), key=lambda x: x.level))


def file_of(index: int, lesson: Lesson) -> str:
    """The lesson's file name: its place in the course, then its slug."""
    return f"{index:02d}-{lesson.slug}.json"


def lesson_data(lesson: Lesson) -> dict[str, Any]:
    """The lesson's log: its game, its text as the comment of its turn, meta.lesson."""
    if lesson.real:
        folder, name, until = lesson.real
        record = load(SHARED / "real" / folder / name)
        # written again by the writer: hanab.live's letters (purple P), the cut's end open
        data = log_data(record.game, record.timeline.actions[:until])
        meta = {"title": lesson.title, "source": f"turns 1-{until} of the hanab.live game "
                f"{REAL}{folder}/{name} ({name} of {folder}, shared/data/real/SOURCES.md), "
                f"trimmed by {SOURCE}"}
    elif lesson.bot:
        sample = next(s for s in make_bot_samples.LESSONS if s.file == lesson.bot)
        data, _, _ = make_bot_samples.build(sample)
        data["actions"] = data["actions"][:lesson.turn]  # the lesson's turn ends it
        data.pop("termination", None)
        meta = {"title": lesson.title, "source": f"{SOURCE}, played by the bots "
                f"({', '.join(sorted(set(sample.bots)))}, seed {sample.seed}), stopped at "
                f"the lesson's turn"}
    else:
        assert lesson.make is not None
        game, actions = lesson.make()
        data = log_data(game, actions)
        meta = {"title": lesson.title, "source": SOURCE}
    actions_data = data["actions"]
    if not 1 <= lesson.turn <= len(actions_data):
        raise SystemExit(f"{lesson.slug}: turn {lesson.turn} is not in the game "
                         f"({len(actions_data)} turns)")
    for a in actions_data:
        a.pop("comment", None)
    actions_data[lesson.turn - 1]["comment"] = lesson.text
    meta["lesson"] = {"level": lesson.level, "topic": lesson.topic, "turn": lesson.turn,
                      "text": lesson.text}
    data["meta"] = meta
    return data


def readme() -> str:
    """sample_games/README.md: the course's table of contents, then the other samples."""
    lines = [
        "# Sample games",
        "",
        "Logs in the nova-replay format (`nova-replay validate sample_games/`). Regenerate all",
        "with `python scripts/regenerate.py`. `invalid/` holds broken logs with the message",
        "`validate` must print (`expected.tsv`); `puzzles/` holds \"what would you do?\"",
        "puzzles (`docs/puzzles.md`).",
        "",
        "## The course",
        "",
        "One game per lesson in `lessons/`, in course order, from first principles to the",
        "endgame (`nova-replay lessons` lists them). Each log carries its point in",
        "`meta.lesson` and as the comment of its turn: `nova-replay replay FILE --turn N`",
        "shows the table with the text, `nova-replay analyze FILE --turn N` the analysis's",
        "note there. Made by `scripts/make_course.py` (hand-scripted moves, or a pinned bot",
        "game of `scripts/make_bot_samples.py`).",
        "",
        "| level | topic | lesson | file | turn |",
        "|---|---|---|---|---|",
    ]
    for i, lesson in enumerate(COURSE, start=1):
        lines.append(f"| {lesson.level} | {lesson.topic} | {lesson.title} | "
                     f"`lessons/{file_of(i, lesson)}` | {lesson.turn} |")
    lines += ["", "## Real hanab.live games", "",
              "Whole games played on hanab.live, first in the dashboard's picker, imported by",
              "`scripts/make_live_samples.py` (each says where it came from in `meta.source`).",
              "", "| file | what |", "|---|---|"]
    for live in make_live_samples.LIVE:
        lines.append(f"| `{live.file}` | {live.title} |")
    lines += ["", "## Bot games", "", "| file | what |", "|---|---|"]
    for s in make_bot_samples.SHOWCASE:
        lines.append(f"| `{s.file}` | {s.lesson} ({', '.join(sorted(set(s.bots)))}) |")
    lines += [
        "", "## Hand-made games", "",
        "`nova-3p-worked-example.json` (the rules' worked example, continued), `nova-2p.json`,",
        "`nova-4p.json`, `nova-5p.json`, `nova-3p-grand-finale.json`, `nova-4p-wild-jokers.json`,",
        "`nova-2p-finale-jokers-gentle.json`, `nova-3p-strikeout.json`,",
        "`nova-3p-gentle-strikeout.json`, `hanabi-2p.json`, `hanabi-5p.json`.", "",
    ]
    return "\n".join(lines)


def files() -> dict[str, str]:
    """Every file the course writes, by path relative to sample_games/, with its text."""
    out = {f"lessons/{file_of(i, lesson)}": dumps(lesson_data(lesson))
           for i, lesson in enumerate(COURSE, start=1)}
    out["README.md"] = readme()
    return out


def main() -> list[Path]:
    LESSONS.mkdir(exist_ok=True)
    return write_files(SAMPLES, files(), LESSONS.glob("*.json"))


if __name__ == "__main__":
    print(f"wrote {len(main())} files")
