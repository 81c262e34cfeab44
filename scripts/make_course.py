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
from generated import write_files  # noqa: E402
from helpers import (  # noqa: E402
    Step,
    build_game,
    discard,
    greedy_perfect,
    hint,
    play,
    play_out,
)

from nova_replay.record.writer import dumps, log_data  # noqa: E402
from nova_replay.rules.engine import State, apply, deal, legal_actions  # noqa: E402
from nova_replay.rules.game import Action, Discard, Game, Hint  # noqa: E402
from nova_replay.rules.rulesets import Ruleset, make_ruleset  # noqa: E402

SAMPLES = ROOT / "sample_games"
LESSONS = SAMPLES / "lessons"
NOVA, HANABI = make_ruleset("nova"), make_ruleset("hanabi")
SOURCE = "nova-replay course (scripts/make_course.py)"

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
    return game, play_out(game, actions)


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
FINAL_TURN = 45  # the first turn of the final round in final_round()


def final_round(steps: Sequence[Step]) -> Callable[[], Made]:
    """A two-player game the author policy plays until the draw pile is empty, holding
    back 5♣, 4♠ and 5♠ (turn 44: clubs at 4, spades at 3, Anna to move with the 5♣,
    Ben holding 5♥, 4♠ and 5♠); then `steps` in the final round."""
    def make() -> Made:
        game = build_game(NOVA, {"Anna": "AC 2C 3C 4C 5C", "Ben": "AD 2D 3D 4D 5S"})
        start = play_out(game, [], hold=("5C", "4S", "5S"),
                         until=lambda s: s.draw_pile(game) == 0)
        assert len(start) == FINAL_TURN - 1, len(start)
        return game, play_out(game, [*start, *steps])
    return make


# Names: Nova games seat Anna, Ben, Carla (and Dev, Emil); Hanabi games Alice, Bob, Cathy.
COURSE: tuple[Lesson, ...] = (
    # Level 1: what a hint tells
    Lesson("two-aces", 1, "what a hint tells", "A hint names every card of a rank", 1,
           "Anna hints aces to Ben: the hint names every ace in his hand, here his A♣ and A♦. "
           "With every row empty any ace fits, so Ben knows both cards are playable: "
           "one hint, two cards.",
           scripted(NOVA, {"Anna": "2C 3D 4H 4S 5C", "Ben": "AC AD 3S 4C 2H"},
                    [hint("Ben", rank=1)])),
    Lesson("not-clubs", 1, "what a hint tells", "A hint also says what a card is not", 5,
           "Ben's three aces were hinted at turn 3, and one of them could be the other A♣, "
           "which would not fit. Anna's clubs hint touches his A♣ and 2♣, so the two aces it "
           "does not touch are not clubs: his A♦ and A♥ are now known playable.",
           scripted(NOVA, {"Anna": "AC 3D 4H 4S 5C", "Ben": "AH AD AC 2C 3S"},
                    [play("AC"), hint("Anna", rank=4), hint("Ben", rank=1),
                     hint("Anna", rank=3), hint("Ben", suit="C")])),
    Lesson("two-playable-hanabi", 1, "what a hint tells", "Hanabi: two 1s with one clue", 1,
           "The first clue of the game names Carla's 1s: her green 1 and her yellow 1. "
           "Every pile is empty, so any 1 is playable: one clue gets two cards.",
           bot="lesson-two-playable.json"),
    # Level 2: chop and saves
    Lesson("save-a-five", 2, "chop and saves", "Save the 5 on the chop", 1,
           "Ben's chop, his oldest unhinted card, is the card he would discard next: the only "
           "5♠. Anna hints 5s to save it, because a 5 has one copy and losing it would stop "
           "spades at 4.",
           scripted(NOVA, {"Anna": "AC 2C 3C 4C", "Ben": "AD 2D 3D 5S", "Carla": "AH 2H 3H 4H"},
                    [hint("Ben", rank=5)])),
    Lesson("lost-five", 2, "chop and saves", "A lost 5", 6,
           "Dev hinted 5s to Ben at turn 4, yet Ben discards that card, the only 5♠, while "
           "spades stand at A. Spades can now reach 4 at most: the perfect show is gone and "
           "max score drops to 19.",
           bot="lesson-lost-five.json"),
    Lesson("save-last-copy", 2, "chop and saves", "Save the last copy", 4,
           "Ben discarded a 3♦ at turn 2, so the 3♦ now on his chop is the last one. Anna "
           "hints 3s to Ben to save it: a last copy must never be discarded.",
           scripted(NOVA, {"Anna": "AC 2C 4C 4C", "Ben": "AD 2S 3D 3D", "Carla": "AH 2H 3H 4H"},
                    [hint("Carla", rank=1), discard("3D"), hint("Anna", rank=4),
                     hint("Ben", rank=3)])),
    Lesson("saved-last-copy-bots", 2, "chop and saves", "A save in a whole game", 19,
           "The other 3♦ is already in the discard pile, and the last 3♦ sits on Carla's "
           "chop. Anna's 3s hint touches it: a hint that saves a card is worth its coin "
           "even when the card cannot be played yet.", bot="lesson-good-save.json"),
    Lesson("save-a-two", 2, "chop and saves", "A 2 whose twin is gone", 4,
           "Every 2 in Nova has a twin, so a 2 on the chop can usually go. Ben has just "
           "discarded one 2♥, so the 2♥ on his chop is the last: Anna's 2s hint saves it "
           "and keeps hearts alive past A.",
           scripted(NOVA, {"Anna": "AC 3C 4C 4D", "Ben": "AD 3S 2H 2H", "Carla": "AS 3H 4H 4S"},
                    [hint("Carla", rank=1), discard("2H"), hint("Anna", rank=4),
                     hint("Ben", rank=2)])),
    Lesson("lost-two", 2, "chop and saves", "A lost 2 costs a whole row", 5,
           "Anna discarded one 2♥ at turn 3 and now discards the other. Hearts can never "
           "grow past A: the 2♥, 3♥, 4♥ and 5♥ are lost points, and max score drops to 16.",
           scripted(NOVA, {"Anna": "3C 4C 5D 2H 2H", "Ben": "AC AD 3S 4S 2C"},
                    [hint("Ben", rank=1), hint("Anna", rank=3), discard("2H"),
                     hint("Anna", rank=4), discard("2H")])),
    Lesson("lost-hinted-critical", 2, "chop and saves", "A hinted last copy, lost", 11,
           "Ben's 3♠ had been hinted and the other 3♠ was already discarded, yet Ben "
           "discards it. Spades stop at 2 and three points are gone: a hinted card is one "
           "the team asked you to keep.", bot="lesson-lost-hinted-critical.json"),
    Lesson("save-a-five-hanabi", 2, "chop and saves", "Hanabi: the 5 save", 1,
           "In Hanabi too a 5 has one copy. Bob's chop is the blue 5, so Alice spends a clue "
           "on 5s to save it before Bob discards it.",
           scripted(HANABI, {"Alice": "1r 2r 3r 4r 1y", "Bob": "1g 2g 3g 4g 5b",
                             "Cathy": "2y 3y 4y 1w 2w"}, [hint("Bob", rank=5)])),
    # Level 3: play hints
    Lesson("two-twos", 3, "play hints", "Two 2s with one hint", 5,
           "All four rows stand at A, so every 2 fits. Anna's 2s hint touches Ben's 2♣ and "
           "2♦: both are known playable at once.",
           scripted(NOVA, {"Anna": "AH AC 3S 4S 5S", "Ben": "AS AD 2C 2D 3H"},
                    [play("AC"), play("AD"), play("AH"), play("AS"), hint("Ben", rank=2)])),
    Lesson("play-what-you-know", 3, "play hints", "Play the card you know", 2,
           "Anna's aces hint told Ben that his A♦ is playable. Ben discards his 2♥ instead: "
           "with a card known playable in hand, play it before anything else.",
           scripted(NOVA, {"Anna": "2C 3D 4H 4S 5C", "Ben": "AD 3C 3S 4C 2H"},
                    [hint("Ben", rank=1), discard("2H")])),
    Lesson("three-ones-hanabi", 3, "play hints", "Hanabi: three 1s with one clue", 1,
           "Alice clues 1s to Bob: it touches his red, yellow and green 1s. With every pile "
           "empty all three are known playable.",
           scripted(HANABI, {"Alice": "2r 3r 4r 2y 3y", "Bob": "1r 1y 1g 4b 3w"},
                    [hint("Bob", rank=1)])),
    # Level 4: trash and wasted hints
    Lesson("nothing-new", 4, "trash and wasted hints", "A hint that says nothing new", 17,
           "Anna hinted clubs to Carla at turn 16; Ben repeats the hint. It touches the same "
           "5♣ and tells Carla nothing she did not know: a coin spent for nothing.",
           bot="lesson-wasted-hint.json"),
    Lesson("copy-already-hinted", 4, "trash and wasted hints", "A copy already hinted", 15,
           "Carla hints diamonds to Ben; it touches only his 3♦. Carla's own 3♦ was hinted "
           "already, so only one of the two can ever be played: Ben's is trash, and the hint "
           "is wasted.", bot="lesson-hint-on-trash.json"),
    Lesson("hint-played-card", 4, "trash and wasted hints", "A hint on a card already played", 3,
           "Clubs already stand at A, and Ben's only club is the other A♣. Anna's clubs hint "
           "touches only that card, which can never be played: a wasted hint.",
           scripted(NOVA, {"Anna": "AC 3D 4H 4S 5C", "Ben": "AC 2D 3S 4D 2H"},
                    [play("AC"), hint("Anna", rank=4), hint("Ben", suit="C")])),
    Lesson("nothing-new-hanabi", 4, "trash and wasted hints", "Hanabi: the same clue twice", 3,
           "Alice clued red to Bob at turn 1 and clues red again. It touches the same two "
           "cards and Bob learns nothing new: a clue spent for nothing.",
           scripted(HANABI, {"Alice": "2y 3y 4y 2g 3g", "Bob": "1r 3r 4b 2w 1b"},
                    [hint("Bob", suit="r"), hint("Alice", rank=2), hint("Bob", suit="r")])),
    # Level 5: discarding safely
    Lesson("discard-hinted", 5, "discarding safely", "Do not discard a hinted card", 2,
           "Anna hinted 4s to Ben, touching his 4♣. Ben discards it anyway: a hinted card is "
           "one the team means to play, and throwing it away wastes the hint and the card.",
           scripted(NOVA, {"Anna": "2C 3D 4H 4S 5C", "Ben": "AD 4C 3S 3C 2H"},
                    [hint("Ben", rank=4), discard("4C")])),
    Lesson("check-the-discards", 5, "discarding safely", "Look at the discard pile first", 5,
           "Ben discarded a 4♠ at turn 2; now he discards the other. Spades can reach 3 at "
           "most and max score drops to 18: before a discard, look at the discard pile.",
           scripted(NOVA, {"Anna": "AC 2C 3C 4C", "Ben": "AD 2D 4S 4S", "Carla": "AH 2H 3H 4H"},
                    [hint("Carla", rank=1), discard("4S"), hint("Anna", rank=1),
                     hint("Carla", rank=2), discard("4S")])),
    Lesson("discard-clued-hanabi", 5, "discarding safely", "Hanabi: do not discard a clued card",
           2,
           "Alice clued 2s to Bob, touching his green 2. Bob discards it: the clue is lost "
           "with the card, and a green 2 is still needed.",
           scripted(HANABI, {"Alice": "3y 4y 3g 4g 5r", "Bob": "1b 2g 3b 4r 3w"},
                    [hint("Bob", rank=2), discard("2g")])),
    # Level 6: misfires and strikes
    Lesson("misfire", 6, "misfires and strikes", "A misfire", 10,
           "Clubs stand at A and Ben plays a 3♣, which does not fit. A misfire costs a "
           "life and puts the card in the discard pile.", bot="lesson-misfire.json"),
    Lesson("misfire-five", 6, "misfires and strikes", "A misfire can lose a card", 1,
           "Anna plays a card she knows nothing about: the only 5♦, on an empty row. The "
           "misfire costs a life and the card: diamonds can reach 4 at most, max score 19.",
           scripted(NOVA, {"Anna": "5D 3D 4H 4S 2C", "Ben": "AC AD 3S 4C 2H"},
                    [play("5D")])),
    Lesson("misplay-hanabi", 6, "misfires and strikes", "Hanabi: a misplay", 1,
           "Alice plays a card without a clue: her red 3, on an empty pile. A misplay gives "
           "the team a strike; the third strike ends the game.",
           scripted(HANABI, {"Alice": "3r 2y 3y 4y 2g", "Bob": "1r 1y 4b 2w 1b"},
                    [play("3r")])),
    Lesson("strikeout", 6, "misfires and strikes", "The third life", 25,
           "Spades stand at 3 and the team has one life left, yet Anna plays a 3♠. That "
           "misfire loses the last life: the show is cancelled and scores 0.",
           bot="lesson-strikeout.json"),
    Lesson("gentle-strikeout", 6, "misfires and strikes", "The gentle show keeps the score", 5,
           "With the gentle show, losing the third life still ends the game at once, but "
           "the score is kept. Anna's third misfire ends it with the 2 points already "
           "played.",
           scripted(nova(gentle_show=True), {"Anna": "3D 3H 3S 4C 4D", "Ben": "AC AD 2S 4S 5H"},
                    [play("3D"), play("AC"), play("3H"), play("AD"), play("3S")])),
    Lesson("strikeout-hanabi", 6, "misfires and strikes", "Hanabi: three strikes", 5,
           "Alice's misplay is the team's third strike. In Hanabi the game then ends at "
           "once and scores 0, however many cards were played.",
           scripted(HANABI, {"Alice": "3r 3y 3g 2b 2w", "Bob": "1r 1y 4b 4w 1b"},
                    [play("3r"), play("1r"), play("3y"), play("1y"), play("3g")])),
    # Level 7: efficiency
    Lesson("three-aces", 7, "efficiency", "Three aces with one hint", 1,
           "Anna's aces hint touches three of Ben's cards, all known playable at once. "
           "Efficiency counts cards gotten per hint spent: after this turn it is 3.",
           scripted(NOVA, {"Anna": "2C 3C 4C 4D", "Ben": "AC AD AH 3S", "Carla": "2D 3H 4H 4S"},
                    [hint("Ben", rank=1)])),
    # Level 8: pace and the draw-pile clock
    Lesson("pace-runs-out", 8, "pace and the draw-pile clock", "Every discard moves the clock",
           16,
           "Three players start with pace 7: the team can afford seven discards. This is "
           "the eighth and nothing has been played, so pace is -1 and max score drops to 19.",
           make=clock_game),
    Lesson("pace-ran-out-bots", 8, "pace and the draw-pile clock", "The clock in a whole game", 33,
           "No card was lost for good, yet after this turn the pace is -1. The rows could "
           "still reach 20, but with 2 cards left to draw and 5 players, max score is 19.",
           bot="lesson-pace-ran-out.json"),
    # Level 9: the final round
    Lesson("final-round-five", 9, "the final round", "Score what the last turns allow",
           FINAL_TURN,
           "The draw pile is empty: in this final round each player has one turn left. "
           "Clubs stand at 4, yet Anna discards the only 5♣ instead of playing it, and max "
           "score drops to 17. The analysis notes the lost card only as info: once her turn "
           "was spent it could not have scored, so the point was lost by the turn, not the "
           "card.",
           make=final_round([discard("5C")])),
    Lesson("final-round-too-late", 9, "the final round", "A card that came too late",
           FINAL_TURN + 1,
           "This is the last turn of the game and spades stand at 3, so Ben's 5♠ could not "
           "score whatever he did. The analysis only notes its loss, at no cost; his 5♥ "
           "would have scored one more point, though.",
           make=final_round([play("5C"), discard("5S")])),
    # Level 10: jokers and the grand finale
    Lesson("spare-joker", 10, "jokers and the grand finale", "A spare joker takes its place", 2,
           "Ben discards the only 5♠, but the team has a joker: a joker fits any row, so it "
           "can stand in for the 5♠. No point is lost yet, but the joker now has a job.",
           scripted(nova(jokers=1), JOKER_HANDS, JOKER_STEPS[:2])),
    Lesson("needed-joker", 10, "jokers and the grand finale", "The joker that was needed", 4,
           "The only 5♠ was discarded at turn 2, and the joker was to take its place. Ben now "
           "discards the joker too: spades can reach 4 at most, and max score drops to 19.",
           scripted(nova(jokers=1), JOKER_HANDS, JOKER_STEPS)),
    Lesson("save-a-six", 10, "jokers and the grand finale", "Grand finale: save the 6", 1,
           "In the grand finale every suit has two 5s and one 6, so the 6 is the card to "
           "save. Ben's chop is the only 6♥, and Anna hints 6s to keep it.",
           scripted(nova(grand_finale=True), {"Anna": "AC 2C 3C 4C", "Ben": "AD 2D 3D 6H",
                                              "Carla": "AH 2H 3H 4H"}, [hint("Ben", rank=6)])),
    Lesson("lost-six", 10, "jokers and the grand finale", "Grand finale: a lost 6", 2,
           "Ben discards the only 6♣. Clubs can now reach 5 at most, so the perfect show of "
           "24 is gone and max score drops to 23.",
           scripted(nova(grand_finale=True), {"Anna": "AC 2C 3C 4C", "Ben": "AD 2D 3D 6C",
                                              "Carla": "AH 2H 3H 4H"},
                    [hint("Ben", rank=1), discard("6C")])),
    # Level 11: a perfect show
    Lesson("perfect-show", 11, "a perfect show", "A perfect show", 44,
           "The last card goes up: every row is complete and the show scores 20, the "
           "perfect show. Once every row is complete the game ends at once.",
           bot="lesson-perfect-show.json"),
    Lesson("perfect-hanabi", 11, "a perfect show", "Hanabi: a perfect score", PERFECT_TURN,
           "The last card goes up: every pile is complete and the game scores 25, the "
           "perfect score. The game ends at once, with no final round.",
           make=perfect_hanabi),
)


def file_of(index: int, lesson: Lesson) -> str:
    """The lesson's file name: its place in the course, then its slug."""
    return f"{index:02d}-{lesson.slug}.json"


def lesson_data(lesson: Lesson) -> dict[str, Any]:
    """The lesson's log: its game, its text as the comment of its turn, meta.lesson."""
    if lesson.bot:
        sample = next(s for s in make_bot_samples.LESSONS if s.file == lesson.bot)
        data, _, _ = make_bot_samples.build(sample)
        meta = {"title": lesson.title, "source": f"{SOURCE}, played by the bots "
                f"({', '.join(sorted(set(sample.bots)))}, seed {sample.seed})"}
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
