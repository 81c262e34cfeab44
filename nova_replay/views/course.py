"""The course: the lesson games of sample_games/lessons/, in course order.

Each lesson is a log whose `meta.lesson` (record.log.LessonNote) gives its level,
topic, turn and text; the file name's number is its place in the course. This module
only reads them; scripts/make_course.py writes them.
"""

from __future__ import annotations

import os
from pathlib import Path

from pydantic import BaseModel, ConfigDict

from ..record.bundled import lessons_dir
from ..record.load import load
from ..rules.errors import NovaError
from ..rules.words import words


class Lesson(BaseModel):
    """One lesson as `nova-replay lessons` lists it."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    number: int
    level: int
    topic: str
    title: str
    game: str  # "Nova" or "Hanabi"
    file: str  # the file name, in the lessons folder
    turn: int
    text: str


class NotALesson(NovaError):
    """A log in the lessons folder without its lesson (meta.lesson)."""


def course(folder: str | os.PathLike[str] | None = None) -> list[Lesson]:
    """The lessons of `folder` (default: the bundled course), in file-name order, which
    is course order. Raises NovaError for a bad log or a log without its lesson."""
    where = Path(folder) if folder is not None else lessons_dir()
    out = []
    for number, path in enumerate(sorted(where.glob("*.json")), start=1):
        record = load(path)
        meta = record.log.meta
        note = meta.lesson if meta else None
        if note is None:
            raise NotALesson("$.meta.lesson", "expected the lesson (level, topic, turn, text), "
                             "found none", str(path))
        if note.turn > record.timeline.turns:
            raise NotALesson("$.meta.lesson.turn", f"expected a turn of the game "
                             f"(1 to {record.timeline.turns}), found {note.turn}", str(path))
        out.append(Lesson(number=number, level=note.level, topic=note.topic,
                          title=(meta.title if meta and meta.title else path.stem),
                          game=words(record.game.ruleset).game, file=path.name,
                          turn=note.turn, text=note.text))
    return out
