"""The game-log format, version 1, as pydantic models.

These models are the single source of the published JSON Schema
(`schemas/nova-log-v1.schema.json`, written by `scripts/regenerate.py`). They check
the shape of a log; the rules (is the deck right, was each action legal) are
checked later by `game` and `engine`.
"""

from __future__ import annotations

import marshal
from functools import lru_cache
from itertools import repeat
from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    SerializerFunctionWrapHandler,
    StringConstraints,
    ValidationInfo,
    ValidatorFunctionWrapHandler,
    field_validator,
    model_serializer,
    model_validator,
)

from ..rules.cards import CARD_PATTERN, SUIT_PATTERN, canonical_text, letter_in_variant, parse_suit
from ..rules.variants import COLOURS, VariantError, variant

FORMAT_NAME = "nova-replay"
FORMAT_VERSION = 1
NOVA_MAX_PLAYERS = 5
MAX_ACTIONS = 1000
MAX_CARDS = 200
SCHEMA_ID = "https://nova-replay.example/schemas/nova-log-v1.schema.json"


@lru_cache(maxsize=1024)
def _canonical_card(text: str) -> str:
    return canonical_text(text)


@lru_cache(maxsize=256)
def _white_suit(spec: RulesetSpec) -> bool:
    """Whether the log's variant has hanab.live's White suit (an unknown variant: no;
    the ruleset's error is said later, by the game)."""
    if spec.name != "hanabi" or not spec.variant:
        return False
    try:
        return any(k.name == "White" for k in variant(spec.variant).suits)
    except VariantError:
        return False


def _letters_of_the_variant(deck: list[str], spec: Any) -> list[str]:
    """The deck's W and P read by the variant's suits (`cards.letter_in_variant`):
    the letters are canonical before the ruleset is known, this reads them in it."""
    white = isinstance(spec, RulesetSpec) and _white_suit(spec)
    if not white and not any(t[-1:] == "P" and len(t) == 2 for t in deck):
        return deck
    return [letter_in_variant(t, white) for t in deck]


class _SeenCards:
    """Card texts validated before and their canonical text: a deck is ~50 texts of the
    same few dozen, so a deck whose texts were all seen is looked up in C instead of
    calling the card validator for each. A deck with a new text goes through pydantic
    whole (every problem at its path); its texts are then kept, up to `limit`."""

    def __init__(self, limit: int) -> None:
        self.texts: dict[str, str] = {}
        self.limit = limit

    def validate(self, value: Any, handler: ValidatorFunctionWrapHandler) -> Any:
        if type(value) is list and len(value) <= MAX_CARDS:
            try:
                return list(map(self.texts.__getitem__, value))
            except (KeyError, TypeError):  # a new text, or one that is not text
                pass
        validated = handler(value)
        for text, card in zip(value, validated, strict=True):
            if len(self.texts) >= self.limit:
                break
            if type(text) is str:  # a subclass may hash otherwise
                self.texts[text] = card
        return validated


_SEEN_CARDS = _SeenCards(limit=1024)


# The patterns go into the published schema; at run time the parsers check the text
# themselves, so that an error says "expected a card such as 3H", not a regex.
CardText = Annotated[
    str,
    AfterValidator(_canonical_card),
    Field(
        description="A card: rank then suit (3H, 3♥, AH, 5r), suit then rank (r5), or JK.",
        json_schema_extra={"pattern": CARD_PATTERN},
    ),
]
SuitText = Annotated[
    str,
    AfterValidator(parse_suit),
    Field(
        description="A suit: letter (H), symbol (♥) or name (hearts).",
        json_schema_extra={"pattern": SUIT_PATTERN},
    ),
]
# A name is one line of printable text with a non-space in it, so that every message
# naming a player stays on one line.
PlayerName = Annotated[str, StringConstraints(
    min_length=1, max_length=40, pattern=r"^[^\x00-\x1f\x7f]*\S[^\x00-\x1f\x7f]*$")]
Comment = Annotated[
    str | None, Field(default=None, description="The author's note on this action, as in PGN.")
]


class _Model(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", strict=True)


class RulesetSpec(_Model):
    """Which rules the game was played by."""

    name: Literal["nova", "hanabi"] = Field(description="The base game.")
    gentle_show: bool = Field(False, description="Nova: the third lost life keeps the score.")
    grand_finale: bool = Field(False, description="Nova: 5s doubled and a 6 in every suit.")
    jokers: int = Field(0, ge=0, le=2, description="Nova wild jokers: 0, 1 or 2.")
    variant: str | None = Field(None, description=(
        "Hanabi: a hanab.live variant by its name, e.g. 'Rainbow (5 Suits)'. Supported: 2,100 "
        "of its 2,426 variants (see docs/variants.md); "
        "absent is the plain game; 'No Variant' (hanab.live's name, written for games read "
        "from it) is the plain game in hanab.live's words: its fifth suit is purple."))
    early_end: bool = Field(False, description=(
        "Hanabi as hanab.live's server plays it: the game ends as soon as no point can still "
        "be scored (set for games read from hanab.live that end so)."))
    empty_clues: bool = Field(False, description=(
        "Hanabi: hanab.live's option 'Empty Clues': a clue may touch no card."))
    hand_change: int = Field(0, ge=-1, le=1, description=(
        "Hanabi: hanab.live's options 'One Extra Card' (1) and 'One Less Card' (-1): every "
        "hand holds one card more or less."))

    @model_serializer(mode="wrap")
    def _without_unused_options(self, handler: SerializerFunctionWrapHandler) -> Any:
        """The hanab.live options are written only when set: a file (a puzzle, a report)
        of a game without them reads as it did before they existed."""
        out = handler(self)
        if isinstance(out, dict):
            for name, unset in (("empty_clues", False), ("hand_change", 0)):
                if out.get(name, unset) == unset:
                    out.pop(name, None)
        return out


class HintAction(_Model):
    """Tell another player which of their cards have one suit (in a hanab.live variant:
    one clue colour) or one rank."""

    model_config = ConfigDict(json_schema_extra={"oneOf": [
        {"required": ["suit"]}, {"required": ["colour"]}, {"required": ["rank"]}]})

    type: Literal["hint"]
    to: PlayerName = Field(description="The receiver's name.")
    suit: SuitText | None = None
    colour: Literal[COLOURS] | None = Field(  # type: ignore[valid-type]
        None, description="In a hanab.live variant: the clue colour named (Rainbow is a suit, "
        "not a colour; Pink is a colour where a pink suit is in play).")
    rank: int | None = Field(None, ge=1, le=6, description="1 is the Ace.")
    comment: Comment = None

    @model_validator(mode="after")
    def _one_of_suit_or_rank(self) -> HintAction:
        if self.colour is not None and (self.suit is not None or self.rank is not None):
            raise ValueError("a hint names exactly one colour, suit or rank, found more than one")
        if self.colour is None and (self.suit is None) == (self.rank is None):
            found = "both" if self.suit is not None else "neither"
            raise ValueError(f"a hint names exactly one suit or one rank, found {found}")
        return self


class PlayAction(_Model):
    """Put a card from one's hand on its row (or misfire)."""

    type: Literal["play"]
    card: int = Field(ge=0, description="The card's index in `deck` (0 = first card dealt).")
    row: SuitText | None = Field(None, description="For a joker: the row it goes to.")
    comment: Comment = None


class DiscardAction(_Model):
    """Put a card from one's hand on the discard pile and take back a coin."""

    type: Literal["discard"]
    card: int = Field(ge=0, description="The card's index in `deck`.")
    comment: Comment = None


Action = Annotated[HintAction | PlayAction | DiscardAction, Field(discriminator="type")]


class LessonNote(_Model):
    """What a lesson game teaches (sample_games/lessons/): where it sits in the course,
    the turn to look at, and the author's point in two or three plain sentences."""

    level: int = Field(ge=1, description="The course level: 1 is first principles.")
    topic: str = Field(min_length=1, description="The course topic, e.g. 'chop and saves'.")
    turn: int = Field(ge=1, description="The lesson's turn (1-based, as in `actions`).")
    text: str = Field(min_length=1, description="The lesson's point, in the game's words.")


class Metadata(BaseModel):
    """Free facts about the game; known keys are typed, others are kept as they are."""

    model_config = ConfigDict(frozen=True, extra="allow")

    title: str | None = None
    date: str | None = None
    source: str | None = None
    notes: str | None = None
    lesson: LessonNote | None = Field(None, description="Set in the course's lesson games.")


class Termination(_Model):
    """The game was stopped before its natural end (e.g. abandoned on a server)."""

    reason: str = Field(min_length=1, description="Why, e.g. 'terminated' or 'timeout'.")
    player: PlayerName | None = Field(None, description="Who stopped it, if anyone.")


class _SeenActions:
    """Actions validated before, by their exact JSON object. A checked action is an
    immutable model, and self-play games repeat the same few (a 2-player Hanabi game
    draws on about 120), so a list of actions all seen before is not validated again. A
    list with a new one goes through pydantic whole, which says every problem at its
    path; its actions are then kept, up to `limit` (memory stays flat: once full, a new
    action only costs the look-up that missed it). An action with a comment is as unique
    as its text: it is not kept. Logs are always validated strictly (the models' config):
    a lax validation would keep what a strict one refuses, so none is ever asked for.

    An action is known by its `marshal` bytes (format 0, which marks no sharing and no
    interning), written in C: equal bytes are the same JSON value with the same types
    (1, 1.0 and true differ, as pydantic tells them apart; as dict keys they would be
    equal), and marshal refuses a subclass of dict, str or int."""

    def __init__(self, limit: int) -> None:
        self.models: dict[bytes, BaseModel] = {}
        self.limit = limit

    def validate(self, value: Any, handler: ValidatorFunctionWrapHandler) -> Any:
        if type(value) is not list or len(value) > MAX_ACTIONS:
            return handler(value)
        models = self.models
        try:
            return list(map(models.__getitem__, map(marshal.dumps, value, repeat(0))))
        except (KeyError, ValueError):  # a new action, or a value marshal does not write
            pass
        validated = handler(value)  # raises with every problem of the list
        for a, model in zip(value, validated, strict=True):
            if len(models) >= self.limit:
                break
            if type(a) is dict and "comment" not in a:
                try:
                    models[marshal.dumps(a, 0)] = model
                except ValueError:  # a value of a subclass of str: pydantic's to judge
                    pass
        return validated


_SEEN_ACTIONS = _SeenActions(limit=4096)


class GameLog(_Model):
    """One game of Nova or Hanabi: rules, players, the deck in draw order, the actions."""

    model_config = ConfigDict(
        title="Nova game log",
        json_schema_extra={
            "$id": SCHEMA_ID,
            # Nova's rules are for 2 to 5 players; Hanabi takes 6 (as hanab.live).
            "if": {"properties": {"ruleset": {"properties": {"name": {"const": "nova"}}}}},
            "then": {"properties": {"players": {"maxItems": NOVA_MAX_PLAYERS}}},
        },
    )

    format: Literal["nova-replay"] = Field(description="Always 'nova-replay'.")
    version: Literal[1] = Field(description="The format version: 1.")
    ruleset: RulesetSpec
    players: list[PlayerName] = Field(
        min_length=2, max_length=6,
        description="In turn order; the first player begins. 2 to 5 (Hanabi: 2 to 6).",
        json_schema_extra={"uniqueItems": True},
    )
    deck: list[CardText] = Field(
        max_length=MAX_CARDS,
        description="Every card in draw order, dealt one at a time round-robin from the first player.",
    )
    actions: list[Action] = Field(max_length=MAX_ACTIONS, description="One per turn, in order.")
    termination: Termination | None = None
    meta: Metadata | None = None

    @field_validator("actions", "deck", mode="wrap")
    @classmethod
    def _seen_before(cls, value: Any, handler: ValidatorFunctionWrapHandler,
                     info: ValidationInfo) -> Any:
        """Actions and card texts recur from game to game: each is validated once (the
        deck's texts are then read in the log's variant, which the memo does not know)."""
        if info.mode != "python":  # JSON text: pydantic reads it in Rust, fast already
            out = handler(value)
        else:
            memo = _SEEN_ACTIONS if info.field_name == "actions" else _SEEN_CARDS
            out = memo.validate(value, handler)
        if info.field_name == "deck":
            return _letters_of_the_variant(out, info.data.get("ruleset"))
        return out

    @field_validator("players")
    @classmethod
    def _unique_names(cls, players: list[str], info: ValidationInfo) -> list[str]:
        spec = info.data.get("ruleset")
        if isinstance(spec, RulesetSpec) and spec.name == "nova" and len(players) > NOVA_MAX_PLAYERS:
            raise ValueError(f"expected 2 to {NOVA_MAX_PLAYERS} players, found {len(players)}")
        seen: set[str] = set()
        for name in players:
            if name in seen:
                raise ValueError(f"duplicate player name {name!r}")
            seen.add(name)
        return players

    @field_validator("termination")
    @classmethod
    def _stopped_by_a_player(cls, termination: Termination | None,
                             info: ValidationInfo) -> Termination | None:
        """Who stopped a game is one of its players (else an export would have to name
        someone else, and the log would not say what happened)."""
        players = info.data.get("players")
        if termination is not None and termination.player is not None and players is not None \
                and termination.player not in players:
            raise ValueError(f"the game is stopped by {termination.player!r}, who is not a player "
                             f"(players: {', '.join(players)})")
        return termination


def json_schema() -> dict[str, Any]:
    """The published JSON Schema (2020-12) of the log format."""
    schema = GameLog.model_json_schema(mode="validation")
    return {"$schema": "https://json-schema.org/draft/2020-12/schema", **schema}
