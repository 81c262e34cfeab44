"""Reading clues as players meant them: H-Group's conventions, levels 1 to 5
(https://hanabi.github.io; see docs/conventions.md). One module per idea, named as the
docs name it, in floors (each imports only the floors below it; pyproject.toml's
import-linter contract checks it):

- the reader's vocabulary: kinds (connection, meaning and move kinds, `Connection`),
  levels (the learning path as data), table (the moment a clue is read at);
- the rules of one card: focus, chop, good_touch, ones (the play order of several
  clued 1s), sarcastic (the Sarcastic Discard), variants (the special suits' pages);
- connections (delayed play, prompt, finesse) and finesses (level 5's);
- meaning (play, save, stall, fix, tempo clue);
- reading (one clue), then game (every clue and move of a game)."""

from .chop import chop_at, chop_moved_at
from .game import GameReading, MoveReading, chop_moved, not_read, read_game
from .kinds import Connection, ConnectionKind, MeaningKind, MoveKind
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

__all__ = ["CONVENTIONS", "DEFAULT_LEVEL", "LEVELS", "Connection", "ConnectionKind", "Conventions",
           "ConventionsError", "GameReading", "MeaningKind", "MoveKind", "MoveReading", "Reading",
           "Table", "chop_at", "chop_moved", "chop_moved_at", "not_read", "page",
           "parse_conventions", "read_clue", "read_game"]
