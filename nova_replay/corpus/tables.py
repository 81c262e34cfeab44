"""Writing the corpus tables row by row: Parquet (pyarrow), CSV or JSON Lines, chosen
by the output file's extension. Rows are written as they come, so a long run that is
stopped keeps what it had done."""

from __future__ import annotations

import contextlib
import csv
import json
import os
import tempfile
from collections.abc import Sequence
from typing import IO, Any, Protocol

from .rows import Column, Row

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows: no flock, no sweep of stale tables
    fcntl = None  # type: ignore[assignment]

FORMATS = {".parquet": "parquet", ".csv": "csv", ".jsonl": "jsonl", ".ndjson": "jsonl"}
_BATCH = 2048  # Parquet rows buffered per write


class TableError(ValueError):
    """An output the writers cannot make (an unknown extension, pyarrow missing)."""


class Writer(Protocol):
    def write(self, row: Row) -> None: ...

    def close(self) -> None: ...


def table_format(path: str) -> str:
    for ext, kind in FORMATS.items():
        if path.lower().endswith(ext):
            return kind
    raise TableError(f"{path}: expected an output ending in .parquet, .csv or .jsonl")


def open_table(path: str, columns: Sequence[Column], into: str | None = None) -> Writer:
    """A writer of `path`'s format (by its extension), writing to `into` if given."""
    kind, file = table_format(path), into or path
    if kind == "parquet":
        return _ParquetWriter(file, columns)
    if kind == "csv":
        return _CsvWriter(file, columns)
    return _LinesWriter(file, columns)


def partial_path(path: str) -> str:
    """Where an interrupted run leaves the rows it finished: games.parquet ->
    games.partial.parquet (the extension kept, so that the table still opens)."""
    base = os.path.basename(path)
    for ext in FORMATS:
        if base.lower().endswith(ext):
            return os.path.join(os.path.dirname(path), base[:-len(ext)] + ".partial" + base[-len(ext):])
    raise TableError(f"{path}: expected an output ending in .parquet, .csv or .jsonl")


def _lock(fd: int) -> bool:
    """Take the exclusive lock a running batch holds on its temporary table; False if a
    live process holds it (no lock at all where the system has no flock: True)."""
    if fcntl is None:  # pragma: no cover - Windows
        return True
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return False
    return True


def remove_stale_temporaries(path: str) -> list[str]:
    """Remove the temporary tables (`.OUT.<random>.tmp`) that a batch killed outright
    (SIGKILL, a power cut) left beside OUT: those no live process holds the lock of (a
    batch writing OUT now keeps its own). The removed paths."""
    folder = os.path.dirname(os.path.abspath(path))
    prefix = f".{os.path.basename(path)}."
    removed = []
    try:
        names = [n for n in os.listdir(folder) if n.startswith(prefix) and n.endswith(".tmp")]
    except OSError:
        return []
    for name in names:
        stale = os.path.join(folder, name)
        try:
            fd = os.open(stale, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
        except OSError:
            continue
        try:
            if _lock(fd) and fcntl is not None:
                os.unlink(stale)
                removed.append(stale)
        except OSError:
            pass
        finally:
            os.close(fd)
    return removed


class TableFile:
    """A table written to a hidden temporary file in the output's folder and renamed onto
    the output only when complete (`commit`): an existing table is never truncated, and a
    run that fails or is stopped leaves it as it was. The run holds a lock on its
    temporary file while it writes; the next run on the same OUT removes the ones of runs
    killed outright (`remove_stale_temporaries`). Raises OSError if the folder cannot
    take a file (missing, read-only)."""

    def __init__(self, path: str, columns: Sequence[Column]) -> None:
        table_format(path)
        self.path = path
        folder = os.path.dirname(os.path.abspath(path))
        remove_stale_temporaries(path)
        self._fd, self.temp = tempfile.mkstemp(prefix=f".{os.path.basename(path)}.",
                                               suffix=".tmp", dir=folder)
        _lock(self._fd)  # held until the table is committed, stopped or removed
        try:
            self.writer = open_table(path, columns, into=self.temp)
        except BaseException:
            self.remove()
            raise

    def write(self, row: Row) -> None:
        self.writer.write(row)

    def commit(self) -> None:
        """Finish the table and put it in place, with the permissions a new file gets."""
        self.writer.close()
        mask = os.umask(0)
        os.umask(mask)
        os.chmod(self.temp, 0o666 & ~mask)
        os.replace(self.temp, self.path)
        self._release()

    def _release(self) -> None:
        if self._fd >= 0:
            with contextlib.suppress(OSError):
                os.close(self._fd)
            self._fd = -1

    def stop(self, keep: bool) -> str | None:
        """Stop the table: with `keep`, what is written goes to `partial_path` (returned),
        else it is removed. The output itself is untouched either way."""
        try:
            self.writer.close()
        except (OSError, ValueError):  # a full disk: the rows are not all there
            keep = False
        if not keep:
            self.remove()
            return None
        partial = partial_path(self.path)
        os.replace(self.temp, partial)
        self._release()
        return partial

    def remove(self) -> None:
        """Remove the temporary file (also from a signal handler: no lock is taken)."""
        with contextlib.suppress(OSError):
            os.unlink(self.temp)
        self._release()



class _LinesWriter:
    def __init__(self, path: str, columns: Sequence[Column]) -> None:
        self.names = [c.name for c in columns]
        self.f: IO[str] = open(path, "w", encoding="utf-8")

    def write(self, row: Row) -> None:
        self.f.write(json.dumps({n: row.get(n) for n in self.names}, ensure_ascii=False,
                                allow_nan=False) + "\n")

    def close(self) -> None:
        self.f.close()


# A spreadsheet reads a cell that starts with one of these as a formula (or, after a tab
# or carriage return, as one): such a text cell is written with a leading quote, as
# OWASP's "CSV injection" advice has it. A text starting with a quote gets one more, so
# that `read_table` can take exactly one off.
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r", "'")


def csv_text(text: str) -> str:
    """A text cell as written: one that a spreadsheet would read as a formula is quoted."""
    return "'" + text if text.startswith(_FORMULA_START) else text


def _csv_read_text(cell: str) -> str:
    return cell[1:] if cell.startswith("'") and cell[1:].startswith(_FORMULA_START) else cell


class _CsvWriter:
    def __init__(self, path: str, columns: Sequence[Column]) -> None:
        self.names = [c.name for c in columns]
        self.text = {c.name for c in columns if c.kind == "str"}
        self.f: IO[str] = open(path, "w", encoding="utf-8", newline="")
        self.out = csv.writer(self.f)
        self.out.writerow(self.names)

    def write(self, row: Row) -> None:
        self.out.writerow([self._cell(n, row.get(n)) for n in self.names])

    def _cell(self, name: str, value: Any) -> Any:
        if value is None:
            return ""
        return csv_text(value) if name in self.text and isinstance(value, str) else value

    def close(self) -> None:
        self.f.close()


def arrow_schema(columns: Sequence[Column]) -> Any:
    """The pyarrow schema of a table's columns (every column nullable)."""
    import pyarrow as pa

    types = {"str": pa.string(), "int": pa.int64(), "float": pa.float64(), "bool": pa.bool_()}
    return pa.schema([pa.field(c.name, types[c.kind]) for c in columns],
                     metadata={b"pandas": json.dumps(pandas_metadata(columns)).encode()})


# pandas' own names for each kind: nullable integers and booleans, so that `to_pandas()` (and
# `pd.read_parquet`) give 22 and <NA>, not 22.0 and NaN, where a row has no value.
_PANDAS = {"str": ("unicode", "object"), "int": ("int64", "Int64"),
           "float": ("float64", "float64"), "bool": ("bool", "boolean")}


def pandas_metadata(columns: Sequence[Column]) -> dict[str, Any]:
    """The "pandas" schema metadata (the layout pandas writes itself: "Storing pandas
    DataFrame objects in Apache Parquet format", pandas' developer guide) that makes
    pyarrow's `to_pandas()` build nullable dtypes: its `numpy_type` names them."""
    return {"index_columns": [], "column_indexes": [], "pandas_version": "2.0.0",
            "columns": [{"name": c.name, "field_name": c.name, "pandas_type": _PANDAS[c.kind][0],
                         "numpy_type": _PANDAS[c.kind][1], "metadata": None} for c in columns]}


def arrow_table(rows: Sequence[Row], columns: Sequence[Column]) -> Any:
    """Rows as a pyarrow Table with the columns' types (`nova_replay.batch`)."""
    import pyarrow as pa

    schema = arrow_schema(columns)
    return pa.Table.from_pydict({c.name: [r.get(c.name) for r in rows] for c in columns},
                                schema=schema)


class _ParquetWriter:
    def __init__(self, path: str, columns: Sequence[Column]) -> None:
        try:
            import pyarrow as pa
            import pyarrow.parquet as pq
        except ImportError:  # pragma: no cover - pyarrow is a dependency
            raise TableError("writing Parquet needs pyarrow (pip install pyarrow)") from None
        self.pa = pa
        self.schema = arrow_schema(columns)
        self.names = [c.name for c in columns]
        self.buffer: list[Row] = []
        self.out: Any = pq.ParquetWriter(path, self.schema)

    def write(self, row: Row) -> None:
        self.buffer.append(row)
        if len(self.buffer) >= _BATCH:
            self._flush()

    def _flush(self) -> None:
        if self.buffer:
            data = {n: [r.get(n) for r in self.buffer] for n in self.names}
            self.out.write_table(self.pa.Table.from_pydict(data, schema=self.schema))
            self.buffer = []

    def close(self) -> None:
        self._flush()
        self.out.close()


def read_table(path: str, columns: Sequence[Column]) -> list[Row]:
    """The rows of a table `open_table` wrote (Parquet, CSV or JSON Lines), typed by
    `columns` (a CSV's empty cell is None)."""
    kind = table_format(path)
    if kind == "parquet":
        import pyarrow.parquet as pq

        rows: list[Row] = pq.read_table(path).to_pylist()
        return rows
    if kind == "jsonl":
        with open(path, encoding="utf-8") as f:
            return [json.loads(line) for line in f if line.strip()]
    kinds = {c.name: c.kind for c in columns}
    with open(path, encoding="utf-8", newline="") as f:
        return [{k: _typed(v, kinds.get(k, "str")) for k, v in r.items()}
                for r in csv.DictReader(f)]


def _typed(text: str, kind: str) -> Any:
    if text == "":
        return None
    if kind == "int":
        return int(text)
    if kind == "float":
        return float(text)
    if kind == "bool":
        return text == "True"
    return _csv_read_text(text)
