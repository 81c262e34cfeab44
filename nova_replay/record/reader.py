"""From a file to a typed `GameLog`: read, decode JSON, check the shape.

Like python-chess's PGN reader, each step can raise the first problem or collect
them all (pass a list as `errors`). The input file is only ever read.
"""

from __future__ import annotations

import json
import math
import os
import re
import stat
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from ..rules.errors import NovaError, ReadError, SchemaError
from ..rules.rulesets import MAX_PLAYERS
from .log import NOVA_MAX_PLAYERS, GameLog

MAX_FILE_BYTES = 10 * 1024 * 1024
MAX_DEPTH = 100


_SPECIAL = ((stat.S_ISFIFO, "a named pipe (FIFO)"), (stat.S_ISCHR, "a character device"),
            (stat.S_ISBLK, "a block device"), (stat.S_ISSOCK, "a socket"))


def special_file(path: str | os.PathLike[str]) -> str | None:
    """What `path` is if it is not a regular file or a folder ('a named pipe (FIFO)', ...),
    else None: reading a FIFO or a device would wait forever or never end, so every
    reader and folder listing asks first (None too for a path that cannot be stat'ed:
    reading it then says why)."""
    try:
        mode = os.stat(path).st_mode
    except (OSError, ValueError):
        return None
    for test, what in _SPECIAL:
        if test(mode):
            return what
    return None


def folder_files(folder: str | os.PathLike[str], recursive: bool = False,
                 suffixes: tuple[str, ...] = (".json",)) -> list[str]:
    """The one folder rule of every command and of the Python API: a folder stands for
    its own files ending in `suffixes` (`*.json`), sorted; with `recursive`, those of its
    subfolders too (a folder of games often holds other JSON beside them: lessons,
    puzzles, broken examples, so subfolders are read only when asked for)."""
    base = Path(folder)
    found = base.rglob("*") if recursive else base.iterdir()
    return sorted(str(f) for f in found if f.name.endswith(suffixes) and not f.is_dir())


def read_json(path: str | os.PathLike[str]) -> Any:
    """The JSON value in the file; raises ReadError (too big, not UTF-8, not JSON, not a
    regular file)."""
    name = os.fspath(path)
    special = special_file(name)
    if special is not None:
        raise ReadError("", f"not a regular file: {special}", name)
    try:
        size = os.path.getsize(name)
        if size > MAX_FILE_BYTES:
            raise ReadError(
                "", f"file is {size:,} bytes, over the {MAX_FILE_BYTES:,}-byte limit for a log",
                name,
            )
        with open(name, "rb") as f:
            raw = f.read(MAX_FILE_BYTES + 1)
    except OSError as e:
        raise ReadError("", f"cannot read file: {e.strerror or e}", name) from None
    return decode_json(raw, name)


def decode_json(raw: bytes, name: str = "") -> Any:
    """Decode bytes as JSON with the limits of `read_json` (size and nesting)."""
    if len(raw) > MAX_FILE_BYTES:
        raise ReadError("", f"input is {len(raw):,} bytes, over the {MAX_FILE_BYTES:,}-byte "
                        f"limit for a log", name)
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise ReadError("", f"not UTF-8 text (byte {e.start})", name) from None
    depth = _nesting_depth(text)
    if depth > MAX_DEPTH:
        raise ReadError("", f"JSON nested more than {MAX_DEPTH} levels deep, over the limit "
                        f"for a log", name)
    try:
        value = json.loads(text, parse_constant=_no_constant, parse_float=_finite)
    except _NotANumber as e:
        raise ReadError("", f"not JSON: {e}", name) from None
    except json.JSONDecodeError as e:
        raise ReadError(
            "", f"not JSON: {e.msg} at line {e.lineno} column {e.colno}", name
        ) from None
    except ValueError as e:  # a number longer than Python's int-conversion limit
        raise ReadError("", f"JSON number too long: {str(e).split(';')[0]}", name) from None
    except RecursionError:  # pragma: no cover - guarded by _nesting_depth
        raise ReadError("", "JSON nested too deeply", name) from None
    if _SURROGATE_ESCAPE.search(text):
        where = _lone_surrogate(value, "$")
        if where:
            raise ReadError(where, "a lone UTF-16 surrogate escape (like \\ud800), which no "
                            "UTF-8 text can hold", name)
    return value


class _NotANumber(ValueError):
    """NaN, Infinity or a number too large for a float: Python's json reads them, JSON
    has none of them, and a file written back would carry them on."""


def _no_constant(word: str) -> Any:
    raise _NotANumber(f"{word} is not a JSON number")


def _finite(text: str) -> float:
    number = float(text)
    if not math.isfinite(number):
        shown = text if len(text) <= 30 else text[:27] + "..."
        raise _NotANumber(f"the number {shown} is too large (over 1.8e308)")
    return number


# JSON may escape half of a UTF-16 pair; such a string cannot be written back out as UTF-8.
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")


def _lone_surrogate(value: Any, path: str) -> str:
    """The JSON path of the first string (or key) holding a lone surrogate, or ''."""
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            return path
        return ""
    if isinstance(value, list):
        for i, item in enumerate(value):
            found = _lone_surrogate(item, f"{path}[{i}]")
            if found:
                return found
    elif isinstance(value, dict):
        for key, item in value.items():
            found = _lone_surrogate(key, path) or _lone_surrogate(item, path + _step(key))
            if found:
                return found
    return ""


def _nesting_depth(text: str) -> int:
    """The deepest bracket nesting outside strings: checked before json.loads so that a
    hostile file cannot exhaust the recursion limit. The strings go first, in C (a
    string never closed runs to the end), so the loop sees only brackets."""
    if text.count("[") + text.count("{") <= MAX_DEPTH:
        return 0
    outside = _STRING.sub("", text)
    unclosed = outside.find('"')
    if unclosed >= 0:
        outside = outside[:unclosed]
    depth = deepest = 0
    for ch in _BRACKETS.findall(outside):
        if ch in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
                if deepest > MAX_DEPTH:
                    return deepest
        else:
            depth -= 1
    return deepest


def too_deep(text: str) -> bool:
    """Whether JSON `text` nests deeper than MAX_DEPTH, told before it is parsed (a
    server's request body as much as a log: json.loads would exhaust the recursion
    limit on it)."""
    return _nesting_depth(text) > MAX_DEPTH


def value_depth(value: Any) -> int:
    """How deep `value` nests, as `_nesting_depth` counts the brackets of its JSON text
    (a scalar 0, [] 1, [[]] 2): for a converter that moves a value deeper, so that it
    never writes a file over MAX_DEPTH (a value read here is at most that deep)."""
    deepest, todo = 0, [(value, 0)]
    while todo:
        item, depth = todo.pop()
        if isinstance(item, dict | list):
            depth += 1
            deepest = max(deepest, depth)
            todo.extend((v, depth) for v in (item.values() if isinstance(item, dict) else item))
    return deepest


# A JSON string as the nesting check reads it: from a quote to the next quote that no
# backslash escapes.
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
_BRACKETS = re.compile(r"[\[\]{}]")


def json_path(loc: tuple[int | str, ...]) -> str:
    """('actions', 3, 'to') -> '$.actions[3].to'; an odd key is quoted: $["a b"]."""
    return "$" + "".join(_step(part) for part in loc)


def _step(part: int | str) -> str:
    """One step of a JSON path; an odd key is quoted, so a key with spaces, dots or
    newlines keeps the message on one line."""
    if isinstance(part, int):
        return f"[{part}]"
    return f".{part}" if _PLAIN_KEY.match(part) else f"[{json.dumps(part)}]"


_PLAIN_KEY = re.compile(r"[A-Za-z_][A-Za-z0-9_-]*\Z")


def _found(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False) if not isinstance(value, str) else repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _describe(err: Any, max_players: int = 6) -> SchemaError:
    """One pydantic error as a SchemaError with a JSON path and expected vs found."""
    loc = list(err["loc"])
    # A tagged union puts the tag in the path ('actions', 3, 'hint', 'to'): drop it.
    if len(loc) > 2 and loc[0] == "actions" and loc[2] in ("hint", "play", "discard"):
        del loc[2]
    kind, ctx, found = err["type"], err.get("ctx") or {}, err.get("input")
    if kind == "missing":
        message = "required field is missing"
    elif kind == "extra_forbidden":
        message = f"unknown field {loc[-1]!r}"
    elif kind == "literal_error":
        message = f"expected {ctx.get('expected')}, found {_found(found)}"
    elif kind == "union_tag_invalid":
        message = f"expected type 'hint', 'play' or 'discard', found {_found(ctx.get('tag'))}"
    elif kind == "union_tag_not_found":
        message = "missing 'type' (expected 'hint', 'play' or 'discard')"
    elif kind in ("too_short", "too_long") and loc == ["players"]:
        message = f"expected 2 to {max_players} players, found {len(found)}"
    elif kind == "string_pattern_mismatch" or (kind == "string_too_short" and loc[0] == "players"):
        message = (f"expected a name (printable characters on one line, not only spaces), "
                   f"found {_found(found)}")
    elif kind == "value_error":
        message = str(ctx.get("error", err["msg"]))
    elif kind.endswith("_type"):
        message = f"{err['msg'][0].lower()}{err['msg'][1:]}, found {_found(found)}"
        message = message.replace("input should be", "expected")
    else:
        message = f"{err['msg']}, found {_found(found)}"
    return SchemaError(json_path(tuple(loc)), message)


def parse_log(data: Any, errors: list[NovaError] | None = None) -> GameLog | None:
    """The typed log in JSON `data` (already converted from another format if it is
    one). Raises the first SchemaError, or appends all to `errors` and returns None."""
    problems: list[NovaError] = []
    if not isinstance(data, dict):
        kind = {list: "an array", str: "a string", bool: "a boolean", type(None): "null"}.get(
            type(data), "a number")
        if isinstance(data, list) and data and all(isinstance(g, dict) and "deck" in g
                                                   for g in data):
            kind = (f"an array of {len(data)} games (`validate` checks each; the other "
                    f"commands read one game a file)")
        problems.append(SchemaError("$", f"expected a JSON object (a game log), found {kind}"))
    else:
        try:
            return GameLog.model_validate(data)
        except ValidationError as e:
            ruleset = data.get("ruleset") if isinstance(data, dict) else None
            nova = isinstance(ruleset, dict) and ruleset.get("name") == "nova"
            most = NOVA_MAX_PLAYERS if nova else MAX_PLAYERS
            problems.extend(_describe(err, most) for err in e.errors())
    if errors is None:
        raise problems[0]
    errors.extend(problems)
    return None
