"""The real corpus (../shared/data/real and ../shared/data/hanablive, never copied): every
file the rules accept validates (strictly when finished), replays to the score its source
states and, for hanab.live files, exports back to the original; every other file is
refused with one line that says why. The expected scores come from the SOURCES.md files.

`walk()` is also used by benchmarks/corpus_table.py for the table in the closing note.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import pytest

from nova_replay.record.hanablive import hanablive_score
from nova_replay.record.hanablive_export import to_hanablive
from nova_replay.record.validation import Report, check_each
from nova_replay.rules.engine import State
from nova_replay.rules.game import Game
from tests.helpers import needs_shared, shared_data

DATA = shared_data()
REAL = DATA / "real"
# replay_1874799's "Final score 14 - one point short of max" is what the bot under test
# scores when it plays on from this file (a prefix: terminated at turn 23 with 13 on the
# rows); our max score there is that 14.
CONTINUED = {"cpp-bot-replays/replay_1874799.json": 14}


@dataclass(frozen=True)
class Walked:
    """One file of the corpus and what we made of it."""

    path: Path
    report: Report
    stated: int | None  # the score its source states, if any
    index: int | None = None  # the game's place in a file holding an array of games

    @property
    def name(self) -> str:
        name = self.path.relative_to(DATA).as_posix()
        return name if self.index is None else f"{name}[{self.index}]"

    def original(self) -> object:
        data = json.loads(self.path.read_text())
        return data if self.index is None else data[self.index]

    @property
    def accepted(self) -> bool:
        return self.report.valid()


def stated_scores() -> dict[str, int]:
    """file (relative to the data folder) -> the score its SOURCES.md states."""
    out: dict[str, int] = {}
    for folder in ("real", "hanablive"):
        column = -1
        for line in (DATA / folder / "SOURCES.md").read_text().splitlines():
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            scored = [i for i, c in enumerate(cells) if "score" in c]
            if cells[0] == "file" and scored:  # a table's header: which column says the score
                column = scored[0]
            if len(cells) <= column or not re.search(r"\.(json|log)\b", cells[0]):
                continue
            score = re.match(r"(\d+)\b", cells[column])
            if score is None:
                continue
            for name in re.findall(r"[\w./-]+\.(?:json|log)", cells[0]):
                out[f"{folder}/{name}"] = int(score.group(1))
    return out


def corpus_files() -> list[Path]:
    files = sorted(p for p in REAL.rglob("*") if p.suffix in (".json", ".log"))
    return files + sorted((DATA / "hanablive").glob("*.json"))


def walk() -> list[Walked]:
    """Every game of the corpus; a file holding an array of games (hanab.live seed lists)
    gives one per game, whose stated score is its own `score`."""
    stated = stated_scores()
    out = []
    for p in corpus_files():
        reports = check_each(p)
        if len(reports) == 1 and not reports[0].file.endswith("]"):
            out.append(Walked(p, reports[0], stated.get(p.relative_to(DATA).as_posix())))
            continue
        games = json.loads(p.read_text())
        out += [Walked(p, r, games[i]["score"], i) for i, r in enumerate(reports)]
    return out


def reason(w: Walked) -> str:
    """A refusal's reason, as a short category (for the table)."""
    first = w.report.errors()[0]
    text = first.message
    found = re.search(r"is not supported: (.*)$", text)
    if found:
        return f"variant: {found.group(1)}"
    for pattern, label in (
        (r"^option (\w+) changes the rules", r"option \1"),
        (r"deck play", "deck play (option deckPlays)"),
        (r"discards with 8 clues", "pyhanabi rules: a discard at 8 clues"),
        (r"which is not in .*'s hand", "a play of a card not in hand"),
        (r"^not JSON", "not JSON (a pyhanabi text log)"),
        (r"found an array", "an array of games, not one game"),
    ):
        if re.search(pattern, text):
            return re.sub(r".*?" + pattern + r".*", label, text) if "\\1" in label else label
    return text


def expected_score(w: Walked) -> int | None:
    """What our replay must give for the stated score: hanab.live's recorded score for a
    hanab.live game; for pyhanabi games (hanabidata) the board, which pyhanabi keeps on a
    strikeout."""
    record = w.report.record
    if record is None or w.stated is None:
        return None
    final = record.timeline.final
    if w.name.startswith("real/hanabidata"):
        return sum(final.rows)
    return hanablive_score(record.log, record.converted_from, final.score, final.ending)


def final_round_best(game: Game, state: State) -> int:
    """The best score the turns left of a final round can make, each player with a turn
    left playing at most one card from their hand (searched exhaustively)."""
    n = len(game.players)
    turns = [(state.turn + k) % n for k in range(state.final_turns)]

    def best(i: int, rows: tuple[int, ...]) -> int:
        if i == len(turns):
            return sum(rows)
        out = best(i + 1, rows)
        for c in state.hands[turns[i]]:
            s = game.suit_of[c]
            if rows[s] + 1 == game.rank_of[c]:
                out = max(out, best(i + 1, rows[:s] + (rows[s] + 1,) + rows[s + 1:]))
        return out

    return best(0, state.rows)


WALKED = walk() if REAL.is_dir() else []
pytestmark = needs_shared


@pytest.mark.parametrize("w", WALKED, ids=[w.name for w in WALKED])
def test_corpus_file(w: Walked) -> None:
    if not w.accepted:
        lines = [str(p) for p in w.report.errors()]
        assert len(lines) == 1 and "\n" not in lines[0] and lines[0].strip(), lines
        return
    record = w.report.record
    assert record is not None
    final = record.timeline.final
    if final.over:
        assert w.report.valid(strict=True), w.report.problems
    if w.name.removeprefix("real/") in CONTINUED:
        assert final.ending == "terminated" and sum(final.rows) == 13
        assert final_round_best(record.game, final) == CONTINUED[w.name.removeprefix("real/")]
    elif w.stated is not None:
        assert expected_score(w) == w.stated, (w.name, final.score, final.ending)
    if record.converted_from == "hanab.live":
        assert to_hanablive(record) == w.original(), "export gives back the file"


def test_corpus_table() -> None:
    """The counts the closing note of issue 11 reports, pinned."""
    accepted = [w for w in WALKED if w.accepted]
    refused = Counter(reason(w) for w in WALKED if not w.accepted)
    scored = [w for w in accepted if w.stated is not None
              and w.name.removeprefix("real/") not in CONTINUED]
    # 368 files; the seed-list file holds 99 games
    assert (len(WALKED), len(accepted), sum(refused.values())) == (466, 356, 110)
    assert len(scored) == 326 and all(expected_score(w) == w.stated for w in scored)
    assert refused["variant: an inverted suit (Orange, Dark Orange: playing its card discards it "
                   "and discarding it plays it)"] == 11
    assert refused["not JSON (a pyhanabi text log)"] == 60
    assert refused["pyhanabi rules: a discard at 8 clues"] == 15
    early = [w.name for w in accepted if w.report.record is not None
             and w.report.record.timeline.final.ending == "no more points"]
    # 9 named games and 4 six-player ones, each with its anonymised copy and its entry in
    # the seed list; two variant games (one of a family read since issue 34)
    assert len(early) == 41 and "real/cpp-bot-replays/replay_1875304.json" in early
