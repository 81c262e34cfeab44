"""A mutation fuzzer over real game files, for the readers (issue 26).

Each mutant is bytes made from a seed file by one to three mutations, at the byte level
(flips, cuts, splices, hostile tokens) or at the JSON level (a value anywhere replaced by a
hostile one, a key dropped or added, list items dropped, doubled or swapped). `try_mutant`
is the oracle: every reader takes the bytes without an exception other than the one-line
NovaError, and every file the tool would write from them (an import, an export) reads back.
The test runs a fixed number of mutants; benchmarks/fuzz_readers.py runs 100,000 and more.
Deterministic: the same seed and count give the same mutants.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from nova_replay.corpus.rows import review_item
from nova_replay.corpus.sources import Item
from nova_replay.record.hanablive import from_hanablive, looks_like_hanablive
from nova_replay.record.hanablive_export import dumps_hanablive, to_hanablive
from nova_replay.record.load import load_data
from nova_replay.record.reader import decode_json
from nova_replay.record.validation import check_data
from nova_replay.record.writer import dumps
from nova_replay.rules.errors import NovaError

ROOT = Path(__file__).resolve().parent.parent

# Text a hostile or broken file may hold, put in at the byte level.
TOKENS: tuple[bytes, ...] = (
    b"NaN", b"Infinity", b"-Infinity", b"1e999", b"-0", b"0.5", b"-1", b"null", b"true", b"{}",
    b"[]", b'""', b'"\\ud800"', b'"\\u0000"', b"9" * 5000, b"[" * 150, b"{" * 120, b"\xff\xfe",
    b'"p' + b"9" * 5000 + b'v0s1"', b'"p3v99999999s1"', b'"p3v16s1"', b'"\\u001b[31m"',
    b"\x00", b"\xef\xbb\xbf", b'"' + b"x" * 300 + b'"', b",", b":", b'"',
)
# Values a hostile or broken file may hold, put in at the JSON level.
VALUES: tuple[Any, ...] = (
    None, True, False, 0, -1, 1, 2, 5, 6, 7, 255, 2**31, 2**63, -(2**63), 10**30, 0.5, -0.0,
    float("nan"), float("inf"), "", " ", "x" * 100, "\x1b]0;title\x07", "=cmd|' /C calc'!A0",
    "\u202e", "\ud800", "p3v0s1", "p3v16s1", "p" + "9" * 5000 + "v0s1", "p2v99999s7",
    "No Variant", "Rainbow (5 Suits)", "Rainbow & Rainbow (6 Suits)", "Black & Black (6 Suits)",
    "Up or Down (5 Suits)", "Anna", "Player 1", "hint", "play", "discard", "5H", "JK", "1Ra",
    [], {}, [0], {"type": 4, "target": 0, "value": 4}, {"type": 0, "target": 0, "value": 0},
    {"suitIndex": 0, "rank": 1}, {"reason": "terminated", "player": "Nobody"},
    {"anonymised": True}, {"hanablive": {"anonymised": True}},
)


def seed_files(shared: Path | None) -> list[Path]:
    """The files mutants are made from: our samples (valid and invalid, lessons, puzzles)
    and, when the shared data is there, every real JSON game of it."""
    files = sorted((ROOT / "sample_games").rglob("*.json"))
    if shared is not None and shared.is_dir():
        files += sorted(shared.joinpath("hanablive").glob("*.json"))
        files += sorted(shared.joinpath("real").rglob("*.json"))
    return files


def _nodes(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    yield path
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _nodes(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _nodes(v, (*path, i))


def _hostile_value(rng: random.Random) -> Any:
    if rng.random() < 0.1:
        deep: Any = 0
        for _ in range(rng.choice((50, 99, 101, 120))):
            deep = [deep]
        return deep
    return copy.deepcopy(rng.choice(VALUES))  # never shared: a later mutation may change it


def _mutate_json(data: Any, rng: random.Random) -> Any:
    paths = list(_nodes(data))
    path = rng.choice(paths)
    if not path:
        return _hostile_value(rng)
    parent = data
    for step in path[:-1]:
        parent = parent[step]
    last = path[-1]
    move = rng.random()
    if isinstance(parent, dict):
        if move < 0.2:
            del parent[last]
        elif move < 0.3:
            parent[rng.choice(("notes", "seed", "variant", "meta", "termination", "x", "comment",
                               "playerCount", "options"))] = _hostile_value(rng)
        else:
            parent[last] = _hostile_value(rng)
    else:
        if move < 0.2:
            del parent[last]
        elif move < 0.3:
            parent.insert(last, copy.deepcopy(parent[last]))
        elif move < 0.4:
            other = rng.randrange(len(parent))
            parent[last], parent[other] = parent[other], parent[last]
        elif move < 0.45:
            del parent[last:]
        else:
            parent[last] = _hostile_value(rng)
    return data


def _mutate_bytes(raw: bytes, rng: random.Random, others: Sequence[bytes]) -> bytes:
    if not raw:
        return rng.choice(TOKENS)
    i = rng.randrange(len(raw))
    j = min(len(raw), i + rng.randrange(1, 64))
    move = rng.randrange(6)
    if move == 0:
        return raw[:i] + bytes([raw[i] ^ (1 << rng.randrange(8))]) + raw[i + 1:]
    if move == 1:
        return raw[:i] + raw[j:]
    if move == 2:
        return raw[:j] + raw[i:j] + raw[j:]
    if move == 3:
        return raw[:i]
    if move == 4:
        other = rng.choice(others)
        return raw[:i] + other[rng.randrange(len(other) + 1):]
    return raw[:i] + rng.choice(TOKENS) + raw[j:]


def mutants(files: Sequence[Path], count: int, seed: int = 26) -> Iterator[tuple[str, bytes]]:
    """`count` mutants (the seed file's name, the bytes), the same for the same seed."""
    rng = random.Random(seed)
    raws = [f.read_bytes() for f in files]
    parsed: list[Any] = []
    for raw in raws:
        try:
            parsed.append(json.loads(raw))
        except ValueError:
            parsed.append(None)
    for _ in range(count):
        k = rng.randrange(len(files))
        raw = raws[k]
        if parsed[k] is not None and rng.random() < 0.7:
            data = json.loads(raw)
            for _ in range(rng.randint(1, 3)):
                data = _mutate_json(data, rng)
            try:
                raw = json.dumps(data, ensure_ascii=rng.random() < 0.5).encode("utf-8", "surrogatepass")
            except ValueError:  # an int beyond Python's digit limit: left as it was
                pass
        else:
            for _ in range(rng.randint(1, 3)):
                raw = _mutate_bytes(raw, rng, raws)
        yield files[k].name, raw


@dataclass
class Outcome:
    """What the readers made of the mutants: counted, to report."""

    mutants: int = 0
    read: int = 0  # decoded as JSON
    valid: int = 0  # games that replay (valid or unfinished)
    written: int = 0  # files written from them (imports, exports), every one read back


class FuzzFailure(AssertionError):
    """A reader raised, or a written file was refused: the mutant is kept to reproduce."""

    def __init__(self, message: str, raw: bytes) -> None:
        super().__init__(message)
        self.raw = raw


def try_mutant(raw: bytes, outcome: Outcome) -> None:
    """Every reader on `raw`; raises FuzzFailure (or what the reader raised) on a fault."""
    outcome.mutants += 1
    for row, _ in review_item(Item("fuzz.json", None, raw)):  # batch: decode, check, analyse
        assert row["valid"] or row["problem"], "an invalid row must say why"
    try:
        data = decode_json(raw, "fuzz.json")
    except NovaError as e:
        assert "\n" not in str(e)
        return
    outcome.read += 1
    games = (data if isinstance(data, list) and data and all(looks_like_hanablive(g) for g in data)
             else [data])
    for game in games:
        report = check_data(game, "fuzz.json")
        for problem in report.problems:
            assert problem.message and "\n" not in str(problem), str(problem)
        if report.record is None:
            continue
        outcome.valid += 1
        _written_reads_back(game, report.converted_from, raw, outcome)


def _written_reads_back(game: Any, source: str | None, raw: bytes, outcome: Outcome) -> None:
    """What import-hanablive and export-hanablive would write from `game` is accepted."""
    texts = []
    if source is not None:
        texts.append(dumps(from_hanablive(game)))  # import-hanablive
    try:
        record = load_data(game)
        exported = to_hanablive(record)
    except NovaError:
        pass  # a Nova log, a log that stops at an illegal turn: export refuses it in one line
    else:
        texts.append(dumps_hanablive(exported))  # export-hanablive
    for text in texts:
        outcome.written += 1
        try:
            load_data(decode_json(text.encode("utf-8")))
        except NovaError as e:
            raise FuzzFailure(f"the tool wrote a file it refuses: {e}", raw) from None
