"""Write the curated puzzles of sample_games/puzzles/: "what would you do?" positions
from bot games (sample_games/, the careless bots make the mistakes) and from real games
in ../shared/data/real/ (read there, never copied: each puzzle only names its source).

Curation, the same on every run: the bot games of BOT_SOURCES, then real games in name
order until REAL_PUZZLES are kept; from each game at most PER_GAME puzzles, in turn
order, skipping a puzzle whose (note kind, first answer's kind of move) the game
already gave. Needs the real data (../shared/data beside the
repository, or $NOVA_SHARED/data).
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "scripts"))

from generated import write_files  # noqa: E402
from helpers import SHARED  # noqa: E402

from nova_replay.play.suggest import convention_moves  # noqa: E402
from nova_replay.record.load import load  # noqa: E402
from nova_replay.review.analysis import analyze  # noqa: E402
from nova_replay.views.puzzles import Puzzle, puzzle_name, puzzle_text, puzzles  # noqa: E402

PUZZLES = ROOT / "sample_games" / "puzzles"
PER_GAME = 3
PER_BOT_GAME = 4  # the sample games are fewer than the real ones
REAL = "../shared/data/real/"  # how a source in the real data is named (from the repo root)

BOT_SOURCES = (  # the course's games stop at their lesson: whole sample games instead
    "sample_games/nova-4p-careless-bots.json",
    "sample_games/nova-2p-careless-bots.json",
    "sample_games/nova-3p-careless-bots.json",
    "sample_games/hanabi-3p-careless-bots.json",
    "sample_games/nova-4p-mixed-bots.json",
    "sample_games/nova-2p-gentle-bots.json",
    "sample_games/nova-3p-bots.json",
    "sample_games/hanabi-4p-bots.json",
    "sample_games/nova-2p.json",
    "sample_games/nova-4p.json",
    "sample_games/nova-5p.json",
    "sample_games/hanabi-2p.json",
    "sample_games/hanabi-5p.json",
    "sample_games/nova-3p-worked-example.json",
    "sample_games/nova-3p-strikeout.json",
)
REAL_FOLDERS = ("hanabi-challenges-derived", "hanabidata-derived")  # hanab.live exports, No Variant
REAL_PUZZLES = 30  # real games are read in order until this many puzzles are kept


def real_sources() -> list[str]:
    """The real games in name order, alternating between the folders; those our loader
    cannot read (6 players, pyhanabi's discard at 8 clues) give no puzzle and are skipped."""
    lists = []
    for folder in REAL_FOLDERS:
        found = sorted((SHARED / "real" / folder).glob("*.json"))
        if not found:
            raise SystemExit(f"{SHARED / 'real' / folder}: no games found (the real data is read "
                             f"from ../shared/data or $NOVA_SHARED/data)")
        lists.append([f"{REAL}{folder}/{f.name}" for f in found])
    return [s for pair in zip(*lists, strict=False) for s in pair]


def source_path(source: str) -> Path:
    """The file a source names: under the repository, or in the shared real data."""
    if source.startswith(REAL):
        return SHARED / "real" / source[len(REAL):]
    return ROOT / source


def curated(source: str, per_game: int = PER_GAME) -> list[Puzzle]:
    """The puzzles kept from one source game (module docstring); none from a game the
    loader cannot read."""
    try:
        analysis = analyze(load(source_path(source)))
    except ValueError:
        return []
    kept: list[Puzzle] = []
    seen: set[tuple[str, str]] = set()
    for p in puzzles(analysis, source, convention_moves(analysis)):
        key = (p.findings[0].kind, p.answers[0].move.type)
        if key in seen:
            continue
        seen.add(key)
        kept.append(p)
        if len(kept) == per_game:
            break
    return kept


def files() -> dict[str, str]:
    """Every puzzle file by name, with its text."""
    out = {}
    for source in BOT_SOURCES:
        for p in curated(source, PER_BOT_GAME):
            out[puzzle_name(Path(source).stem, p.source.turn)] = puzzle_text(p)
    real = 0
    for source in real_sources():
        if real >= REAL_PUZZLES:
            break
        for p in curated(source)[:REAL_PUZZLES - real]:
            out[puzzle_name(Path(source).stem, p.source.turn)] = puzzle_text(p)
            real += 1
    return out


def main() -> list[Path]:
    PUZZLES.mkdir(exist_ok=True)
    return write_files(PUZZLES, files(), PUZZLES.glob("*.json"))


if __name__ == "__main__":
    print(f"wrote {len(main())} puzzles")
