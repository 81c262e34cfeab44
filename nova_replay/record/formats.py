"""The foreign formats a log may come in, listed here (not registered by imports):
each is (name, looks_like(data), convert(data) -> our log data)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .hanablive import FORMAT as HANABLIVE
from .hanablive import from_hanablive, looks_like_hanablive

Converter = tuple[str, Callable[[Any], bool], Callable[[Any], dict[str, Any]]]
CONVERTERS: tuple[Converter, ...] = (
    (HANABLIVE, looks_like_hanablive, from_hanablive),
)


def detect_format(data: Any) -> str | None:
    """The name of the foreign format `data` is in (e.g. 'hanab.live'), or None."""
    for name, looks_like, _ in CONVERTERS:
        if looks_like(data):
            return name
    return None


def convert(data: Any) -> tuple[Any, str | None]:
    """`data` in our format, and the name of the format it was converted from."""
    for name, looks_like, to_log in CONVERTERS:
        if looks_like(data):
            return to_log(data), name
    return data, None
