"""Chop: the card a player discards next, their oldest (rightmost) card not touched by
a clue (H-Group, https://hanabi.github.io/docs/beginner/chop). The rule itself is the
knowledge module's `chop_slot`, which every view's chop mark reads; this module names
it as the conventions do. Chop moves (level 4) are not read: a chop-moved card still
counts as untouched here."""

from __future__ import annotations

from ..knowledge import chop_slot

__all__ = ["chop_slot"]
