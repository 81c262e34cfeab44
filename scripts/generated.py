"""Writing a generator's files: the ones it makes now, and the stale ones it made
before removed, so that a regenerated folder holds exactly what the generator says."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path


def write_files(root: Path, made: Mapping[str, str], before: Iterable[Path]) -> list[Path]:
    """Write `made` (path relative to `root` -> text); remove each of `before` (files
    an earlier run wrote) that is no longer made. The paths written, in order."""
    for old in before:
        if old.relative_to(root).as_posix() not in made:
            old.unlink()
    written = []
    for name, text in made.items():
        path = root / name
        path.write_text(text, encoding="utf-8")
        written.append(path)
    return written
