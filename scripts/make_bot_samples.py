"""The bot-made games of sample_games/: a few showcase games (written here) and the
pinned bot games that scripts/make_course.py turns into lessons of the course.

Each game is pinned (ruleset, bots, seed) and checked on every run: the analysis must
find the lesson at the pinned turn. If bots or analysis change and a check fails,
find new seeds with  python scripts/make_bot_samples.py --search  and update LESSONS.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from nova_replay.play.bots import Bot, parse_bot  # noqa: E402
from nova_replay.play.simulate import simulate  # noqa: E402
from nova_replay.record.load import load_data  # noqa: E402
from nova_replay.record.writer import dumps  # noqa: E402
from nova_replay.review.analysis import Analysis, Finding, analyze  # noqa: E402
from nova_replay.review.vocabulary import Kind, WasteReason  # noqa: E402
from nova_replay.rules.engine import DECK_OUT, PERFECT  # noqa: E402
from nova_replay.rules.rulesets import make_ruleset  # noqa: E402

SAMPLES = ROOT / "sample_games"


@dataclass(frozen=True)
class Sample:
    """A pinned bot game; a lesson game shows its lesson at `turn`."""

    file: str
    title: str
    lesson: str
    ruleset: str
    players: int
    bots: tuple[str, ...]
    seed: int
    turn: int = 0  # the lesson's turn (0: not a lesson game)
    options: dict[str, Any] = field(default_factory=dict)

    def rules_kwargs(self) -> dict[str, Any]:
        return dict(self.options)


def _is(kind: Kind, **details: Any) -> Callable[[Finding, Analysis], bool]:
    def test(f: Finding, a: Analysis) -> bool:
        return f.kind == kind and all(f.details.get(k) == v for k, v in details.items())
    return test


def _lost_five(f: Finding, a: Analysis) -> bool:
    return f.kind == Kind.LOST_CRITICAL and a.record.game.rank_of[f.cards[0]] == 5


def _lost_hinted_copy(f: Finding, a: Analysis) -> bool:
    """A hinted card of which there were two copies: the other went first."""
    return (f.kind == Kind.LOST_CRITICAL and bool(f.details.get("hinted"))
            and a.ids.copies[a.ids.of_card[f.cards[0]]] > 1)


def _pace_lost(f: Finding, a: Analysis) -> bool:
    """Out of pace, with no card lost for good: the clock alone cost the points."""
    s = a.summary
    return (f.kind == Kind.OUT_OF_PACE and s.ending == DECK_OUT and s.score < s.perfect_score
            and not any(g.kind in (Kind.LOST_CRITICAL, Kind.MISFIRE) for g in a.findings))


MATCH: dict[str, Callable[[Finding, Analysis], bool]] = {
    "lesson-wasted-hint.json": _is(Kind.WASTED_HINT, reason=WasteReason.NOTHING_NEW),
    "lesson-hint-on-trash.json": _is(Kind.WASTED_HINT, reason=WasteReason.ONLY_TRASH),
    "lesson-lost-five.json": _lost_five,
    "lesson-lost-hinted-critical.json": _lost_hinted_copy,
    "lesson-good-save.json": _is(Kind.GOOD_SAVE),
    "lesson-two-playable.json": _is(Kind.GOOD_HINT_PLAYABLE),
    "lesson-misfire.json": _is(Kind.MISFIRE),
    "lesson-strikeout.json": _is(Kind.STRIKEOUT),
    "lesson-pace-ran-out.json": _pace_lost,
}

CARELESS = ("convention", "careless:0.4", "convention")
LESSONS: tuple[Sample, ...] = (
    Sample("lesson-wasted-hint.json", "A hint that says nothing new",
           "a hint that told the receiver nothing they did not know", "nova", 3, CARELESS, 3, turn=17),
    Sample("lesson-hint-on-trash.json", "A hint on trash",
           "a hint that touched only cards that can never be played", "nova", 3, CARELESS, 1, turn=15),
    Sample("lesson-lost-five.json", "A lost 5", "a 5 thrown away: its row can never finish",
           "nova", 4, ("convention", "careless:0.5", "convention", "convention"), 0, turn=6),
    Sample("lesson-lost-hinted-critical.json", "A hinted last copy, lost",
           "the last copy of a card was lost although it had been hinted", "nova", 3,
           CARELESS, 4, turn=11),
    Sample("lesson-good-save.json", "A good save",
           "a hint that saved a critical card on its holder's chop", "nova", 3,
           ("convention",), 0, turn=19, options={"jokers": 1}),
    Sample("lesson-two-playable.json", "Two cards playable with one hint",
           "a hint that made two cards known playable at once", "hanabi", 3, ("convention",), 0, turn=1),
    Sample("lesson-misfire.json", "A misfire", "a card played that did not fit", "nova", 2,
           ("convention", "careless:0.3"), 0, turn=10),
    Sample("lesson-strikeout.json", "A strikeout", "the third life lost: the show scores 0",
           "nova", 3, ("careless:0.6",), 0, turn=25),
    Sample("lesson-perfect-show.json", "A perfect show",
           "every row complete: what a clean game looks like", "nova", 3, ("convention",), 167, turn=44),
    Sample("lesson-pace-ran-out.json", "The draw-pile clock ran out",
           "no card lost, yet the draw pile ran out before the rows could be finished",
           "nova", 5, ("convention",), 12, turn=33),
)

SHOWCASE: tuple[Sample, ...] = (
    Sample("nova-3p-bots.json", "Three careful players", "a whole game of the convention bot",
           "nova", 3, ("convention",), 1),
    Sample("nova-4p-mixed-bots.json", "One beginner at the table",
           "a careless player among careful ones", "nova", 4,
           ("convention", "convention", "careless:0.3", "convention"), 2),
    Sample("nova-5p-finale-jokers-bots.json", "Grand finale with two jokers",
           "rows up to 6, two jokers", "nova", 5, ("convention",), 3,
           options={"grand_finale": True, "jokers": 2}),
    Sample("nova-2p-gentle-bots.json", "Gentle show, two players",
           "a careless pair; the gentle show keeps the score", "nova", 2, ("careless:0.3",), 4,
           options={"gentle_show": True}),
    Sample("hanabi-4p-bots.json", "Hanabi, four careful players",
           "the convention bot at Hanabi", "hanabi", 4, ("convention",), 5),
    # Careless games, the source of the bot puzzles (scripts/make_puzzles.py).
    Sample("nova-4p-careless-bots.json", "A careless player at four",
           "a careless player among careful ones, mistakes to learn from", "nova", 4,
           ("convention", "careless:0.5", "convention", "convention"), 1),
    Sample("nova-2p-careless-bots.json", "A careless pair with a joker",
           "two careless players and one joker", "nova", 2, ("careless:0.5",), 4,
           options={"jokers": 1}),
    Sample("nova-3p-careless-bots.json", "Three careless players",
           "three careless players: misfires and a strikeout", "nova", 3, ("careless:0.4",), 5),
    Sample("hanabi-3p-careless-bots.json", "Hanabi, one careless player",
           "a careless player at Hanabi", "hanabi", 3,
           ("careless:0.4", "convention", "convention"), 3),
)


def play(sample: Sample, seed: int) -> dict[str, Any]:
    rules = make_ruleset(sample.ruleset, **sample.rules_kwargs())
    specs = sample.bots if len(sample.bots) == sample.players else sample.bots * sample.players
    bots: list[Bot] = [parse_bot(s, seed * 10 + k) for k, s in enumerate(specs)]
    return simulate(rules, sample.players, bots, seed, title=sample.title)


def lesson_turn(sample: Sample, data: dict[str, Any]) -> Finding | int | None:
    """The first finding that shows the lesson (the last turn for a perfect show)."""
    analysis = analyze(load_data(data))
    if sample.file == "lesson-perfect-show.json":
        final = analysis.timeline.final
        return final.turn if final.ending == PERFECT else None
    return next((f for f in analysis.findings if MATCH[sample.file](f, analysis)), None)


def search(sample: Sample, seeds: range) -> tuple[int, int] | None:
    for seed in seeds:
        found = lesson_turn(sample, play(sample, seed))
        if found is not None:
            return seed, found if isinstance(found, int) else found.turn
    return None


def build(sample: Sample) -> tuple[dict[str, Any], int, str]:
    """The game's data, with the lesson's turn commented; raises SystemExit if the pinned
    seed no longer shows the lesson at the pinned turn."""
    data = play(sample, sample.seed)
    if sample.file not in MATCH and sample.file != "lesson-perfect-show.json":
        return data, 0, ""
    found = lesson_turn(sample, data)
    turn = found if isinstance(found, int) else (found.turn if found else None)
    if turn != sample.turn:
        raise SystemExit(f"{sample.file}: seed {sample.seed} shows the lesson at turn {turn}, "
                         f"not {sample.turn}; run  python scripts/make_bot_samples.py --search")
    note = (found.message if isinstance(found, Finding)
            else "The last card: every row is complete.")
    data["actions"][turn - 1]["comment"] = note
    meta = data["meta"]
    meta["notes"] = f"Lesson: {sample.lesson}. Look at turn {turn}."
    return data, turn, note


def main() -> list[Path]:
    """The showcase games; the lesson games go into the course (make_course.py)."""
    written = []
    for sample in SHOWCASE:
        data, _, _ = build(sample)
        path = SAMPLES / sample.file
        path.write_text(dumps(data), encoding="utf-8")
        written.append(path)
    return written


if __name__ == "__main__":
    if sys.argv[1:] == ["--search"]:
        for sample in LESSONS:
            print(sample.file, search(sample, range(500)))
    else:
        print(f"wrote {len(main())} files")
