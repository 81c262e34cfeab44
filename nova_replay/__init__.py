"""nova-replay: validate, replay and review game logs of Nova and Hanabi.

The flow of docs/architecture.md, one subpackage a stage, each importing only those below it:

- `rules`: cards, rulesets, the game, the engine, errors (the ground floor);
- `record`: the log format, reading (and foreign formats), writing, loading, validation;
- `review`: card status, knowledge, analysis, perspective (what a player may see);
- `views`: text, the JSON report, review text;  `play`: bots and simulated games;
- `cli`: the click commands, a thin layer over the rest.
"""

from .corpus.frame import batch
from .record.bundled import samples_dir
from .record.hanablive import from_hanablive, looks_like_hanablive
from .record.hanablive_export import to_hanablive
from .record.load import Record, load_data
from .record.log import GameLog
from .record.validation import Report, check, check_data
from .review.analysis import Analysis, Finding, analyze
from .rules.cards import JOKER, Card, parse_card
from .rules.engine import State, Timeline, apply, deal, replay
from .rules.errors import DeckError, IllegalAction, NovaError, ReadError, SchemaError
from .rules.game import Discard, Game, Hint, Play
from .rules.rulesets import Ruleset, make_ruleset
from .views.position import CardInHand, GameRecord, Move, Note, Position, load

__version__ = "0.1.0"

__all__ = [
    "JOKER",
    "Analysis",
    "Card",
    "CardInHand",
    "DeckError",
    "Discard",
    "Finding",
    "Game",
    "GameLog",
    "GameRecord",
    "Hint",
    "IllegalAction",
    "Move",
    "Note",
    "NovaError",
    "Play",
    "Position",
    "ReadError",
    "Record",
    "Report",
    "Ruleset",
    "SchemaError",
    "State",
    "Timeline",
    "analyze",
    "apply",
    "batch",
    "check",
    "check_data",
    "deal",
    "from_hanablive",
    "load",
    "load_data",
    "looks_like_hanablive",
    "make_ruleset",
    "parse_card",
    "replay",
    "samples_dir",
    "to_hanablive",
]
