"""Where a corpus's logs come from: files, folders (their own files; subfolders when
asked), globs and JSON Lines files (one log a line). Streamed, so memory stays flat
however large the corpus."""

from __future__ import annotations

import glob
import os
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from ..record.reader import folder_files, special_file

JSON_SUFFIXES = (".json",)
LINES_SUFFIXES = (".jsonl", ".ndjson")


@dataclass(frozen=True, slots=True)
class Item:
    """One log to review: where it is (file, and its 1-based line in a JSON Lines file)
    and its bytes, or the problem met reading it."""

    file: str
    line: int | None
    raw: bytes
    problem: str = ""

    @property
    def name(self) -> str:
        return self.file if self.line is None else f"{self.file}:{self.line}"


class SourceError(ValueError):
    """A GAMES argument that names nothing (no such file, a glob matching nothing)."""


def expand(paths: Sequence[str], recursive: bool = False) -> Iterator[str]:
    """The files the arguments stand for, in a stable order: a file as given, a folder's
    own .json/.jsonl files (`folder_files`: with `recursive`, its subfolders' too), a
    glob's matches (sorted; `**` reaches into subfolders). A FIFO or device is listed
    too: `items` skips it with a line."""
    for p in paths:
        p = os.fspath(p)
        if os.path.isdir(p):
            yield from folder_files(p, recursive, JSON_SUFFIXES + LINES_SUFFIXES)
        elif os.path.exists(p):
            yield p
        elif glob.has_magic(p):
            matches = sorted(glob.glob(p, recursive=True))
            if not matches:
                raise SourceError(f"{p}: the pattern matches no file")
            for m in matches:
                if os.path.isdir(m):
                    yield from expand([m], recursive)
                else:
                    yield m
        else:
            raise SourceError(f"{p}: no such file or folder")


def check_sources(paths: Sequence[str]) -> None:
    """Raise SourceError for the first argument that names nothing (before any work)."""
    for p in paths:
        if not os.path.exists(p) and not (glob.has_magic(p) and glob.glob(p, recursive=True)):
            what = "the pattern matches no file" if glob.has_magic(p) else "no such file or folder"
            raise SourceError(f"{p}: {what}")


def items(paths: Sequence[str], max_bytes: int,
          skipped: Callable[[str, str], None] = lambda file, what: None,
          recursive: bool = False) -> Iterator[Item]:
    """Every log of the corpus, one at a time; a FIFO, device or socket is not read (it
    would wait forever) but told to `skipped(file, what it is)`."""
    for file in expand(paths, recursive):
        special = special_file(file)
        if special is not None:
            skipped(file, special)
            continue
        if file.endswith(LINES_SUFFIXES):
            yield from _lines(file, max_bytes)
            continue
        try:
            size = os.path.getsize(file)
            if size > max_bytes:
                yield Item(file, None, b"", f"file is {size:,} bytes, over the "
                                            f"{max_bytes:,}-byte limit for a log")
                continue
            with open(file, "rb") as f:
                yield Item(file, None, f.read())
        except OSError as e:
            yield Item(file, None, b"", f"cannot read file: {e.strerror or e}")


def _lines(file: str, max_bytes: int) -> Iterator[Item]:
    try:
        with open(file, "rb") as f:
            for number, raw in enumerate(f, start=1):
                if not raw.strip():
                    continue
                if len(raw) > max_bytes:
                    yield Item(file, number, b"", f"line is {len(raw):,} bytes, over the "
                                                  f"{max_bytes:,}-byte limit for a log")
                else:
                    yield Item(file, number, raw)
    except OSError as e:
        yield Item(file, None, b"", f"cannot read file: {e.strerror or e}")


def count(paths: Sequence[str], recursive: bool = False) -> int:
    """How many logs the corpus holds (a fast pass, for the progress bar's ETA)."""
    total = 0
    for file in expand(paths, recursive):
        if special_file(file) is not None:
            continue
        if file.endswith(LINES_SUFFIXES):
            try:
                with open(file, "rb") as f:
                    total += sum(1 for raw in f if raw.strip())
            except OSError:
                total += 1
        else:
            total += 1
    return total
