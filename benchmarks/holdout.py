"""The fixed split of the shared corpus into games we build on and games we audit on.

Rule (decided before this round's work, issue #31): take every game record under the shared
data folder (`hanablive/*.json` and `real/**/*.json`, not the variant tables), list the distinct
file names (the name alone, without the folder: `p3_07.json` in `hanabi-challenges/games/` and in
`hanabi-challenges-derived/` is one game), sort them by code point, and hold out every third one:
the names at positions 2, 5, 8, ... (0-based). A held-out name is held out in every folder,
and so is the pyhanabi log of the same stem (`hanabidata-logs/<stem>.log`). The verbatim array
`hanabi-challenges/no-variant-templates.json` holds every challenge game at once, held-out ones
included, so it is never used while building.

While building, read only `development_games()`. `held_out_games()` is for the final audit.

    python benchmarks/holdout.py            # the counts, and the rule
    python benchmarks/holdout.py --list dev # the development games, one path a line
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from tests.helpers import shared_root  # noqa: E402

ARRAY = "no-variant-templates.json"


def _games(data: Path) -> list[Path]:
    found = [p for p in data.rglob("*.json") if "variants" not in p.relative_to(data).parts[:2]]
    return sorted(p for p in found if p.name != ARRAY)


def held_out_names(data: Path | None = None) -> frozenset[str]:
    """The file names held out: every third distinct name, sorted, from position 2."""
    names = sorted({p.name for p in _games(data or shared_root())})
    return frozenset(name for index, name in enumerate(names) if index % 3 == 2)


def is_held_out(path: Path, data: Path | None = None) -> bool:
    """Whether a shared file belongs to the audit part (a `.log` by its stem's `.json` name)."""
    name = path.name if path.suffix == ".json" else path.stem + ".json"
    return path.name == ARRAY or name in held_out_names(data)


def development_only(paths: list[Path], data: Path | None = None) -> list[Path]:
    """`paths` less every held-out file (`is_held_out`, the split worked out once)."""
    out = held_out_names(data)
    return [p for p in paths if p.name != ARRAY
            and (p.name if p.suffix == ".json" else p.stem + ".json") not in out]


def development_games(data: Path | None = None) -> list[Path]:
    """The game records to build and tune on."""
    data = data or shared_root()
    out = held_out_names(data)
    return [p for p in _games(data) if p.name not in out]


def held_out_games(data: Path | None = None) -> list[Path]:
    """The game records kept for the audit: never opened while building."""
    data = data or shared_root()
    out = held_out_names(data)
    return [p for p in _games(data) if p.name in out]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--list", choices=["dev", "held-out"])
    args = parser.parse_args()
    if args.list == "dev":
        print("\n".join(str(p) for p in development_games()))
    elif args.list == "held-out":
        print("\n".join(str(p) for p in held_out_games()))
    else:
        names = held_out_names()
        print(f"development: {len(development_games())} files; held out: {len(held_out_games())} files "
              f"({len(names)} distinct names)")


if __name__ == "__main__":
    main()
