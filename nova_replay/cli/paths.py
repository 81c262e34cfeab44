"""What the commands' FILES arguments stand for."""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from pathlib import Path

from ..record.reader import special_file


def expand_paths(paths: Sequence[str],
                 skipped: Callable[[str, str], None] = lambda file, what: None) -> list[str]:
    """Files as given; a folder stands for the *.json files in it (sorted), less any FIFO
    or device, told to `skipped(file, what it is)` (reading one would wait forever)."""
    files: list[str] = []
    for p in paths:
        if os.path.isdir(p):
            for f in sorted(Path(p).glob("*.json")):
                special = special_file(f)
                if special is None:
                    files.append(str(f))
                else:
                    skipped(str(f), special)
        else:
            files.append(p)
    return files
