"""Write the samples from real hanab.live games: sample_games/hanab-live-*.json.

The games a hanab.live player meets first in the dashboard's picker and the samples
folder (their names sort before every other sample's). Each is a real game of the
development part of the shared corpus (`benchmarks/holdout.py`: a held-out game is
refused), converted by the importer `nova-replay import-hanablive` uses, with its source
in `meta.source` as the course's real lessons carry theirs. The shared corpus is not in
the wheel: this reads ../shared/data (or $NOVA_SHARED/data) and the files it writes are
what ships. Run from the repository root:  python scripts/make_live_samples.py
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT / "tests"))

from generated import write_files  # noqa: E402
from helpers import SHARED  # noqa: E402

from benchmarks.holdout import is_held_out  # noqa: E402
from nova_replay.record.hanablive import from_hanablive  # noqa: E402
from nova_replay.record.load import load_data  # noqa: E402
from nova_replay.record.writer import dumps  # noqa: E402

SAMPLES = ROOT / "sample_games"
PREFIX = "hanab-live-"  # sorts before "hanabi-" and "nova-": these come first
SOURCE = "nova-replay sample (scripts/make_live_samples.py)"


@dataclass(frozen=True)
class Live:
    """One sample: its file, the shared file it comes from, what that game is."""

    file: str
    shared: str  # path under the shared data folder
    title: str
    origin: str  # what the game is and where the shared file was found


LIVE: tuple[Live, ...] = (
    Live(f"{PREFIX}3p-p3v0s10.json", "real/hanabi-challenges-derived/p3_10.json",
         "hanab.live, three players: seed p3v0s10",
         "the first game played on hanab.live's seed p3v0s10 (No Variant; anonymised, so "
         "no game id and the players named Player1-3), from the hanabi-challenges "
         "repository's apps/api/fixtures/no-variant-templates.json [29]"),
    Live(f"{PREFIX}4p-194321.json", "hanablive/game-194321_4p.json",
         "hanab.live, four players: game 194321",
         "hanab.live game 194321 (No Variant, seed p4v0s415), a real game exported from "
         "hanab.live, from a public GitHub repository's test data"),
    Live(f"{PREFIX}5p-149251.json", "hanablive/no_variant_5p.json",
         "hanab.live, five players: game 149251",
         "hanab.live game 149251 (No Variant), hanab.live's own test data "
         "(github.com/Hanabi-Live/hanabi-live @ 8503cd84, "
         "packages/client/test_data/no_variant.json), its players' notes kept"),
)


def sample_data(live: Live) -> dict[str, Any]:
    """The sample's log: the imported game, whole, with its title and source."""
    path = SHARED / live.shared
    if is_held_out(path, SHARED):
        raise SystemExit(f"{live.shared}: a held-out game (benchmarks/holdout.py); "
                         f"samples are made from development games only")
    if not path.is_file():
        raise SystemExit(f"{path}: not found (the shared corpus: ../shared/data beside the "
                         f"repository, or $NOVA_SHARED/data)")
    data = from_hanablive(json.loads(path.read_text(encoding="utf-8")))
    turns = len(data["actions"])
    folder = Path(live.shared).parts[0]  # where its SOURCES.md is
    data["meta"] = {
        "title": live.title,
        "source": f"{live.origin}: ../shared/data/{live.shared} (shared/data/{folder}/"
                  f"SOURCES.md), converted by the hanab.live importer "
                  f"(nova-replay import-hanablive); the whole game, {turns} turns, nothing "
                  f"trimmed; written by {SOURCE}",
        **data.get("meta", {}),
    }
    load_data(data)  # a sample is a valid log (raises otherwise)
    return data


def main() -> list[Path]:
    """Write every sample (and remove a hanab-live-*.json no longer made)."""
    made = {live.file: dumps(sample_data(live)) for live in LIVE}
    return write_files(SAMPLES, made, SAMPLES.glob(f"{PREFIX}*.json"))


if __name__ == "__main__":
    print(f"wrote {len(main())} samples")
