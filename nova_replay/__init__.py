"""nova-replay: validate, replay and review game logs of Nova and Hanabi.

The flow, one module a step: reader (file -> JSON -> typed log), game and engine
(rules -> timeline of states), validate (every check, as a report), text (views);
knowledge, status and analysis (the review), report and review_text (its views).
"""

from .analysis import Analysis, Finding, analyze
from .cards import JOKER, Card, parse_card
from .engine import State, Timeline, apply, deal, replay
from .errors import DeckError, IllegalAction, NovaError, ReadError, SchemaError
from .game import Discard, Game, Hint, Play
from .hanablive import from_hanablive, looks_like_hanablive, to_hanablive  # registers the converter
from .log import GameLog
from .rulesets import Ruleset, make_ruleset
from .validate import Record, Report, check, check_data, load, load_data

__version__ = "0.1.0"

__all__ = [
    "JOKER",
    "Analysis",
    "Card",
    "DeckError",
    "Discard",
    "Finding",
    "Game",
    "GameLog",
    "Hint",
    "IllegalAction",
    "NovaError",
    "Play",
    "ReadError",
    "Record",
    "Report",
    "Ruleset",
    "SchemaError",
    "State",
    "Timeline",
    "analyze",
    "apply",
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
    "to_hanablive",
]
