"""Reading clues as players meant them: H-Group's conventions, levels 1 to 5
(https://hanabi.github.io; see docs/conventions.md). One module per idea, named as the
docs name it: chop, focus, good_touch, meaning (play, save, stall, fix, tempo clue),
connections (delayed play, prompt, finesse), ones (the play order of several clued 1s),
sarcastic (the Sarcastic Discard), levels (the learning path as data)."""

from .chop import chop_at, chop_moved_at
from .connections import Connection
from .game import GameReading, MoveReading, chop_moved, not_read, read_game
from .levels import (
    CONVENTIONS,
    DEFAULT_LEVEL,
    LEVELS,
    Conventions,
    ConventionsError,
    page,
    parse_conventions,
)
from .reading import Reading, read_clue
from .table import Table

__all__ = ["CONVENTIONS", "DEFAULT_LEVEL", "LEVELS", "Connection", "Conventions",
           "ConventionsError", "GameReading", "MoveReading", "Reading", "Table", "chop_at",
           "chop_moved", "chop_moved_at", "not_read", "page", "parse_conventions", "read_clue", "read_game"]
