"""What the commands' FILES arguments stand for."""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path


def expand_paths(paths: Sequence[str]) -> list[str]:
    """Files as given; a folder stands for the *.json files in it (sorted)."""
    files: list[str] = []
    for p in paths:
        if os.path.isdir(p):
            files.extend(str(f) for f in sorted(Path(p).glob("*.json")))
        else:
            files.append(p)
    return files
