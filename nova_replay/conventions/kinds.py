"""The reader's vocabulary: the kinds of connection, of clue meaning and of move the
conventions name, and the `Connection` a play clue calls. The bottom of the reader,
beside `levels` (which convention at which level) and `table` (the moment a clue is
read at): every other module of the reader imports these, and these import nothing of
the reader, so no two readers ever need each other for a word.

Each kind is a string enum, as `review.vocabulary` does for findings: a member is its
label and its JSON string, so readings, notes and payloads read the same as the plain
strings they were, and a comparison costs what a string comparison does.
"""

from __future__ import annotations

from enum import StrEnum
from typing import NamedTuple


class ConnectionKind(StrEnum):
    """How a card a play clue calls is found (H-Group, "Delayed Play Clues", "The
    Prompt", "The Finesse", level 11's "The Bluff";
    https://hanabi.github.io/docs/beginner/delayed-play-clues)."""

    KNOWN = "known"  # a touched card its holder knows the identity of: a delayed play
    PLAYABLE = "playable"  # a touched card its holder knows is playable
    PROMPT = "prompt"  # the holder's leftmost touched card that may be it
    FINESSE = "finesse"  # an untouched card on a finesse position (any finesse's)
    BLUFF = "bluff"  # a finesse position's card that plays, not the one named (level 11)


class MeaningKind(StrEnum):
    """What a clue asks of its target (H-Group's "play clue", "save clue", "5 Stall",
    "Fix Clue", and level 4's chop moves)."""

    PLAY = "play"
    SAVE = "save"
    STALL = "stall"
    FIX = "fix"
    UNCLEAR = "unclear"  # no reading of the conventions fits
    CHOP_MOVE = "chop move"


class MoveKind(StrEnum):
    """What a play or a discard is, read by the conventions."""

    ANSWERS_FINESSE = "answers finesse"
    ANSWERS_PROMPT = "answers prompt"
    ANSWERS_BLUFF = "answers bluff"
    PLAYS_CLUED = "plays clued"
    BLIND_PLAY = "blind play"  # called by no clue the conventions read: a gamble
    CHOP_DISCARD = "chop discard"
    OFF_CHOP_DISCARD = "off-chop discard"
    CLUED_DISCARD = "clued discard"
    ORDER_CHOP_MOVE = "order chop move"  # level 4
    SARCASTIC_DISCARD = "sarcastic discard"  # level 3


class Connection(NamedTuple):
    """One card a play clue calls before its focus."""

    card: int  # deck index
    player: int
    slot: int  # 0-based
    kind: ConnectionKind
    identity: int
    name: str  # the docs' name: "finesse", "self-finesse", "layered finesse", ...
    # Level 5: the cards its holder plays first, in order (a layered or hidden finesse's
    # layers), and the same card on other players' finesse positions (an ambiguous one).
    layers: tuple[int, ...] = ()
    others: tuple[int, ...] = ()
