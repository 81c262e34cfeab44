"""What the commands' FILES arguments stand for."""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence

from ..record.reader import folder_files, special_file


def shown_path(path: str | os.PathLike[str]) -> str:
    """A path as a user reads it: relative when it is under the current folder (short,
    and what they would type), else as it is (absolute stays absolute)."""
    text = os.fspath(path)
    try:
        relative = os.path.relpath(text)
    except ValueError:  # another drive (Windows)
        return text
    return text if relative.startswith(os.pardir) else relative


def expand_paths(paths: Sequence[str],
                 skipped: Callable[[str, str], None] = lambda file, what: None,
                 recursive: bool = False) -> list[str]:
    """Files as given; a folder stands for its own *.json files (`folder_files`; with
    `recursive`, its subfolders' too), less any FIFO or device, told to
    `skipped(file, what it is)` (reading one would wait forever)."""
    files: list[str] = []
    for p in paths:
        if os.path.isdir(p):
            for f in folder_files(p, recursive):
                special = special_file(f)
                if special is None:
                    files.append(f)
                else:
                    skipped(str(f), special)
        else:
            files.append(p)
    return files
