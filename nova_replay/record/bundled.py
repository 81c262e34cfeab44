"""Where the files that ship with nova-replay are: the sample games and the course
(`sample_games/`), the JSON Schemas (`schemas/`) and the rules (`seeds/`).

In an installed wheel they are package data beside the code (`nova_replay/sample_games`,
...; pyproject.toml maps them there); in a checkout, or an editable install, they are the
repository's top-level folders. This is the one place that knows both.
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal

BundledFolder = Literal["sample_games", "schemas", "seeds"]

_PACKAGE = Path(__file__).resolve().parent.parent  # nova_replay/


def bundled(folder: BundledFolder) -> Path:
    """The absolute path of a bundled folder; FileNotFoundError (saying which) when this
    installation lacks it."""
    for candidate in (_PACKAGE / folder, _PACKAGE.parent / folder):
        if candidate.is_dir() and any(candidate.iterdir()):
            return candidate
    raise FileNotFoundError(f"the bundled folder {folder}/ is missing from this installation "
                            f"(looked in {_PACKAGE} and {_PACKAGE.parent})")


def samples_dir() -> Path:
    """The bundled sample games (the course in `lessons/`, puzzles in `puzzles/`)."""
    return bundled("sample_games")


def lessons_dir() -> Path:
    """The bundled course; its table of contents is `README.md` one folder up."""
    folder = samples_dir() / "lessons"
    if not folder.is_dir():
        raise FileNotFoundError(f"the course is missing from this installation ({folder})")
    return folder
