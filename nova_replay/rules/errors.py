"""Domain errors: each says where (file, JSON path, `deck` or turn) and what."""

from __future__ import annotations


class NovaError(ValueError):
    """A problem with a game log, said in one line: `file: where: what`."""

    def __init__(self, where: str, message: str, file: str | None = None) -> None:
        self.where = where
        self.message = message
        self.file = file
        super().__init__(str(self))

    def __str__(self) -> str:
        return ": ".join(part for part in (self.file, self.where, self.message) if part)

    def __reduce__(self) -> tuple[type[NovaError], tuple[str, str, str | None]]:
        """Pickled by its parts: a worker process (batch) can send one back."""
        return type(self), (self.where, self.message, self.file)

    def in_file(self, file: str) -> NovaError:
        """The same problem, told with the file it is in."""
        return type(self)(self.where, self.message, file)


class ReadError(NovaError):
    """The file cannot be read as one JSON object (missing, too big, not JSON...)."""


class SchemaError(NovaError):
    """The JSON does not have the shape of a game log; `where` is a JSON path."""


class DeckError(NovaError):
    """The deck is not exactly the ruleset's cards."""


class IllegalAction(NovaError):
    """An action the rules do not allow at that turn; `where` is 'turn N'."""

    def __init__(self, where: str, message: str, file: str | None = None) -> None:
        super().__init__(where, message, file)
        self.turn = int(where.split()[-1]) if where.startswith("turn ") else 0


def turn_error(turn: int, message: str) -> IllegalAction:
    return IllegalAction(f"turn {turn}", message)
