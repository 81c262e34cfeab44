"""Data access for the dashboard, in one place: which games there are, loading and
analysing them (through `nova_replay.record.load` and `nova_replay.review.analysis`, never by
parsing JSON here), uploads, and the cache that makes a turn change cheap.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import os
import re
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, replace
from itertools import islice
from pathlib import Path
from typing import Any

from nova_replay.conventions import parse_conventions
from nova_replay.corpus.rows import GAME_COLUMNS
from nova_replay.corpus.tables import read_table
from nova_replay.record.bundled import samples_dir
from nova_replay.record.reader import decode_json, special_file
from nova_replay.record.validation import Report, check, check_data
from nova_replay.review.analysis import DEFAULT_CONVENTIONS, Analysis, analyze
from nova_replay.rules.errors import NovaError

from .survey import Checked, Progress, Survey, checked_of

MAX_UPLOAD_BYTES = 5 * 1024 * 1024
# Uploads are held in memory, bounded per session and in all (docs/dashboard.md gives the
# worst case in MB, measured by benchmarks/server_users.py). Past a session's bounds its
# own oldest upload goes; past the total, the oldest upload of a session idle for
# UPLOAD_IDLE_SECONDS goes, and when no session is idle the upload is refused: an active
# session's uploads are never evicted by another's.
# An upload is counted by what it costs once read (`upload_cost`): its bytes, and for
# each JSON value in it the Python object it becomes (a 5 MB file of `[],[],...` is 1.3
# million lists, 1.4 GB counted by its bytes alone).
UPLOADS_PER_SESSION = 12
UPLOAD_BYTES_PER_SESSION = 24 * 1024 * 1024
UPLOADS_KEPT = 60
UPLOAD_BYTES_KEPT = 64 * 1024 * 1024
UPLOAD_IDLE_SECONDS = 30 * 60.0
UPLOADS_READ_AT_ONCE = 2  # uploads decoded and analysed at the same time, at most
VALUE_BYTES = 100  # a JSON value as a Python object: an empty list is 56 bytes, its slot 8
GAMES_KEPT = 16  # analysed games kept in memory (each is a few MB); older ones are dropped
PICKER_SHOWN = 50  # games the picker lists at once; typing searches them all


class UploadRefused(ValueError):
    """An upload the dashboard will not read: too big, not JSON, not base64."""


@dataclass(frozen=True)
class Entry:
    """One game the picker offers; `path` is None for an upload (kept in memory).
    An entry not `listed` opens by its link only (the course's lessons)."""

    key: str
    label: str
    path: str | None
    listed: bool = True


@dataclass(frozen=True)
class Broken:
    """A log that failed validation: the validator's messages, one per problem."""

    key: str
    file: str
    problems: tuple[str, ...]


@dataclass(frozen=True)
class Reviewed:
    """A good log, analysed; `warnings` are non-fatal problems (an unfinished game,
    `unfinished`; the validator's words state the score at the log's end). `illegal`:
    for a log with an illegal action at turn K, (K, the problem); the analysis then
    covers turns 0..K-1."""

    key: str
    analysis: Analysis
    warnings: tuple[str, ...] = ()
    unfinished: bool = False
    illegal: tuple[int, str] | None = None

    @property
    def turns(self) -> int:
        return self.analysis.timeline.turns


Loaded = Reviewed | Broken


def _from_report(key: str, report: Report) -> Loaded:
    errors = report.errors()
    if errors and report.before_illegal is not None:
        problem = errors[0]
        turn = report.before_illegal.timeline.turns + 1
        return Reviewed(key, analyze(report.before_illegal), (str(problem),), True,
                        (turn, problem.message))
    if errors or report.record is None:
        return Broken(key, report.file, tuple(str(p) for p in errors or report.problems))
    warnings = tuple(str(p) for p in report.problems)
    unfinished = any(p.stage == "unfinished" for p in report.problems)
    return Reviewed(key, analyze(report.record), warnings, unfinished)


class GameLibrary:
    """The games of one dashboard: files (listed at start, validated and analysed
    when opened, the last GAMES_KEPT kept) and uploads.

    Thread-safe: the server answers callbacks on several threads.
    """

    def __init__(self, entries: list[Entry], source: str) -> None:
        self.source = source  # said in the page header: where the games come from
        self._entries: OrderedDict[str, Entry] = OrderedDict((e.key, e) for e in entries)
        self._files = sum(e.path is not None for e in entries)  # all listed, at start
        self._done = 0  # of them, read by the validator
        self._loaded: OrderedDict[str, Loaded] = OrderedDict()
        # A game read by other conventions than the default: (owner, key, conventions).
        self._reread: OrderedDict[tuple[str, str, str], tuple[Loaded, Reviewed]] = OrderedDict()
        # Uploads belong to the browser session that made them: (owner, key) -> game.
        self._uploads: OrderedDict[tuple[str, str], tuple[Entry, Loaded]] = OrderedDict()
        self._upload_bytes: dict[tuple[str, str], int] = {}  # each upload's size
        self._last_seen: dict[str, float] = {}  # per session with uploads: when it last asked
        self.clock: Callable[[], float] = time.monotonic  # tests move time by hand
        self._reading = threading.BoundedSemaphore(UPLOADS_READ_AT_ONCE)
        self._checked: dict[str, Checked] = {}  # each file the validator has read
        self._invalid: list[tuple[str, str]] = []  # (file name, reason), as found
        self._read_ahead: dict[str, Report] = {}  # `first_key`'s report, until `get`
        self.checks = 0  # files the validator read (tests count the work)
        self._lock = threading.Lock()
        self._survey = Survey()
        # How the survey validates a batch: None, in its process; tests give a function.
        self.checker: Callable[[list[str]], list[Checked]] | None = None
        self._file_locks: dict[str, threading.Lock] = {}  # one per file entry (`_working_on`)
        self.corpus: list[dict[str, Any]] = []  # a batch table's rows (`from_table`)
        self.skipped: list[tuple[str, str]] = []  # (file, what) of a folder's FIFOs, devices

    @classmethod
    def from_path(cls, path: str | Path | None = None) -> GameLibrary:
        """No path: the bundled samples; a file: that game; a folder: every *.json in it."""
        if path is None:
            folder = samples_dir()
            return cls(_entries_in(folder), "bundled sample games")
        p = Path(path)
        if p.is_dir():
            skipped: list[tuple[str, str]] = []
            library = cls(_entries_in(p, skipped), f"folder {p}")
            library.skipped = skipped
            return library
        return cls([Entry(url_key(p.stem), p.name, str(p))], f"file {p.name}")

    @classmethod
    def from_table(cls, path: str | Path) -> GameLibrary:
        """The games of a `nova-replay batch` table: its rows for the corpus view, and
        every valid game from a plain .json file as an entry (a game on a line of a
        JSON Lines file, or in an array, is listed but not opened)."""
        entries: list[Entry] = []
        corpus_rows: list[dict[str, Any]] = []
        seen: set[str] = set()
        for row in read_table(str(path), GAME_COLUMNS):
            file = str(row.get("file") or "")
            if row.get("valid") and row.get("line") is None and row.get("game") is None \
                    and Path(file).is_file():
                key = url_key(Path(file).stem)
                while key in seen:
                    key += "_"
                seen.add(key)
                entries.append(Entry(key, Path(file).name, file))
                row = {**row, "key": key}
            else:
                row = {**row, "key": None}
            corpus_rows.append(row)
        library = cls(entries, f"batch table {Path(path).name}")
        library.corpus = corpus_rows
        return library

    @property
    def entries(self) -> list[Entry]:
        with self._lock:
            return list(self._entries.values())

    def uploads_of(self, owner: str) -> list[Entry]:
        with self._lock:
            return [e for (who, _), (e, _) in self._uploads.items() if who == owner]

    def options(self, search: str | None = None, keep: str | None = None,
                limit: int | None = PICKER_SHOWN, owner: str = "") -> list[dict[str, str]]:
        """The picker's options, files first, then `owner`'s uploads: the first `limit`
        whose label contains `search` (any case), and the game `keep` (the one shown)
        wherever it is. A picker of 10,000 games would take the browser seconds. Nothing
        is read here: a file is labelled by its name, and by its game once the validator
        has read it (the survey, or its opening), marked if it does not validate."""
        needle = (search or "").casefold()
        with self._lock:  # labels made while the lock is held: nothing is copied
            self._seen(owner)
            entries = [*self._entries.values(),
                       *(e for (who, _), (e, _) in self._uploads.items() if who == owner)]
            labels = ((e, self._label(e, owner)) for e in entries if e.listed)
            chosen = list(islice(((e, label) for e, label in labels
                                  if needle in label.casefold()), limit))
            kept = self._entries.get(keep) if keep is not None else None
            if kept is not None and all(e.key != keep for e, _ in chosen):
                chosen.append((kept, self._label(kept, owner)))
        return [{"label": label, "value": e.key} for e, label in chosen]

    def _label(self, entry: Entry, owner: str) -> str:
        """The picker's label of `entry` (the lock held)."""
        if entry.path is None:  # an upload, read when it came
            upload = self._uploads.get((owner, entry.key))
            valid = upload is not None and isinstance(upload[1], Reviewed) \
                and upload[1].illegal is None
            return entry.label if valid else f"\u2717 {entry.label} (does not validate)"
        checked = self._checked.get(entry.key)
        if checked is None:
            return entry.label
        if not checked.valid:
            return f"\u2717 {entry.label} (does not validate)"
        return f"{entry.label} \u00b7 {checked.title}" if checked.title else entry.label

    def validates(self, key: str, owner: str = "") -> bool:
        """Whether the log `key` passes the validator (checked once, then known)."""
        with self._lock:
            known = self._checked.get(key)
            upload = self._uploads.get((owner, key))
            entry = self._entries.get(key)
        if upload is not None:
            return isinstance(upload[1], Reviewed) and upload[1].illegal is None
        if known is not None:
            return known.valid
        if entry is None or entry.path is None:
            return False
        return self._check(key, entry.path).valid

    def _check(self, key: str, path: str, keep: bool = False) -> Checked:
        """Validate the file `key` once (many sessions asking at once: one reads it) and
        keep what the picker shows of it; `keep`: also its report, if it validates, for
        `get` (one at a time: the game the page opens on)."""
        with self._working_on(key):
            with self._lock:
                known = self._checked.get(key)
            if known is not None:
                return known
            report = self._read(path)
            checked = checked_of(report)
            with self._lock:
                self._note(key, checked)
                if keep and checked.valid:
                    self._read_ahead = {key: report}
        return checked

    def _read(self, path: str) -> Report:
        with self._lock:
            self.checks += 1
        return check(path)

    def start_survey(self) -> threading.Thread | None:
        """Validate every listed file not read yet, in the picker's order, in the
        background (survey.py), once; the thread, or None if it was started before."""
        with self._lock:
            if self._survey.started:
                return None
            self._survey.started = True
            todo = [(e.key, e.path) for e in self._entries.values()
                    if e.listed and e.path is not None and e.key not in self._checked]
        thread = threading.Thread(target=self._survey.run, args=(todo, self._record, self.checker),
                                  daemon=True, name="folder-survey")
        thread.start()
        return thread

    def _record(self, batch: list[tuple[str, Checked]]) -> None:
        with self._lock:
            for key, checked in batch:
                self._note(key, checked)
            self.checks += len(batch)

    def _note(self, key: str, checked: Checked) -> None:
        """Keep what the validator found of the file `key` (the lock held), once."""
        if key in self._checked:
            return
        self._checked[key] = checked
        entry = self._entries[key]
        if entry.listed:  # a lesson, opened by its link, is no file of the folder
            self._done += 1
            if not checked.valid:
                self._invalid.append((entry.label, checked.reason))

    def progress(self) -> Progress:
        """How far the validation of the listed files is: what the page says."""
        with self._lock:
            return Progress(self._done, self._files, tuple(self._invalid))

    def _working_on(self, key: str) -> threading.Lock:
        """A lock of the file `key`: a class opening the same game at once reads and
        analyses it once, the others wait for it (not one analysis per request)."""
        with self._lock:
            return self._file_locks.setdefault(key, threading.Lock())

    def add_unlisted(self, entries: list[Entry]) -> None:
        """Games that open by their link but are not in the picker (the lessons)."""
        with self._lock:
            for e in entries:
                self._entries.setdefault(e.key, Entry(e.key, e.label, e.path, listed=False))

    def __len__(self) -> int:
        with self._lock:
            return sum(e.listed for e in self._entries.values())

    def first_key(self) -> str | None:
        """The first log that validates (a folder whose first file is broken opens on
        the first good one), else the first log. Reads the files in order only until
        one validates, and only validates them (the page's layout waits for this): the
        report of the one it opens is kept for `get`, which analyses it without reading
        it again."""
        files = [e for e in self.entries if e.listed and e.path is not None]
        for e in files:
            assert e.path is not None
            if self._check(e.key, e.path, keep=True).valid:
                return e.key
        return files[0].key if files else None

    def find(self, name: str, owner: str = "") -> str | None:
        """The key of the game `name` (a key or a file name, with or without .json)
        that `owner` may open, else None."""
        stem = name[:-5] if name.casefold().endswith(".json") else name
        with self._lock:
            for key in (name, stem, url_key(stem)):
                if key in self._entries or (owner, key) in self._uploads:
                    return key
        return None

    def can_open(self, key: str, owner: str) -> bool:
        """Whether the session `owner` may open the game `key` (a file, or its upload)."""
        with self._lock:
            return key in self._entries or (owner, key) in self._uploads

    def __contains__(self, key: object) -> bool:
        with self._lock:
            return key in self._entries

    def get(self, key: str, owner: str = "") -> Loaded | None:
        """The game called `key` (an upload only for its `owner`), validated and
        analysed when first opened, then from the cache while it is among the last
        GAMES_KEPT opened."""
        with self._lock:
            if (owner, key) in self._uploads:
                self._seen(owner)
                return self._uploads[(owner, key)][1]
            if key in self._loaded:
                self._loaded.move_to_end(key)
                return self._loaded[key]
            entry = self._entries.get(key)
        if entry is None or entry.path is None:
            return None
        with self._working_on(key):
            with self._lock:
                found = self._loaded.get(key)
            if found is not None:
                return found
            with self._lock:
                report = self._read_ahead.pop(key, None)
            report = report or self._read(entry.path)
            loaded = _from_report(key, report)
            with self._lock:
                self._note(key, checked_of(report))
                kept = self._loaded.setdefault(key, loaded)
                while len(self._loaded) > GAMES_KEPT:
                    self._loaded.popitem(last=False)
        return kept

    def read_by(self, key: str, owner: str = "", conventions: str | None = None
                ) -> Loaded | None:
        """The game `key` (as `get`) with its clues read by `conventions` ("h-group:N" or
        "none", `parse_conventions`; None: the default, as `get`): analysed again once,
        then kept among the last GAMES_KEPT so read (a ConventionsError for a bad value)."""
        loaded = self.get(key, owner)
        wanted = parse_conventions(conventions) if conventions is not None else DEFAULT_CONVENTIONS
        if not isinstance(loaded, Reviewed) or wanted == DEFAULT_CONVENTIONS:
            return loaded
        slot = (owner, key, str(wanted))
        with self._lock:
            kept = self._reread.get(slot)
            if kept is not None and kept[0] is loaded:
                self._reread.move_to_end(slot)
                return kept[1]
        again = replace(loaded, analysis=analyze(loaded.analysis.record, conventions=wanted))
        with self._lock:
            self._reread[slot] = (loaded, again)
            while len(self._reread) > GAMES_KEPT:
                self._reread.popitem(last=False)
        return again

    def add_upload(self, filename: str, contents: str, owner: str = "") -> str:
        """Read an uploaded file (a data URL, as dcc.Upload gives it) for the browser
        session `owner` (no other sees it) and return its key.
        Raises UploadRefused for a file over MAX_UPLOAD_BYTES or that is not JSON; a
        JSON log that fails validation is kept and shows its problems."""
        _, _, encoded = contents.partition(",")
        if len(encoded) * 3 // 4 > MAX_UPLOAD_BYTES:
            raise UploadRefused(f"{filename}: refused, over the {MAX_UPLOAD_BYTES // 2**20} MB "
                                f"limit for an upload")
        try:
            raw = base64.b64decode(encoded, validate=True)
        except (binascii.Error, ValueError):
            raise UploadRefused(f"{filename}: refused, the upload is not a readable file") from None
        if len(raw) > MAX_UPLOAD_BYTES:
            raise UploadRefused(f"{filename}: refused, over the {MAX_UPLOAD_BYTES // 2**20} MB "
                                f"limit for an upload")
        cost = upload_cost(raw)  # before it is read: reading is what costs
        if cost > UPLOAD_BYTES_PER_SESSION:
            raise UploadRefused(f"{filename}: refused, it would take over "
                                f"{UPLOAD_BYTES_PER_SESSION // 2**20} MB once read (too many "
                                f"values for a game log)")
        key = "upload-" + hashlib.sha1(raw).hexdigest()[:10]
        with self._lock:  # refused before it is read when it could not be kept
            self._make_room((owner, key), cost, filename, drop=False)
        with self._reading:  # a few at once: each read holds its file several times over
            try:
                data = decode_json(raw, filename)
            except NovaError as e:
                raise UploadRefused(f"{filename}: refused, {e.message}") from None
            loaded = _from_report(key, check_data(data, filename))
        slot = (owner, key)
        with self._lock:
            self._make_room(slot, cost, filename)
            self._uploads[slot] = (Entry(key, f"{filename} (uploaded)", None), loaded)
            self._uploads.move_to_end(slot)
            self._upload_bytes[slot] = cost
            self._last_seen[owner] = self.clock()
        return key

    def _seen(self, owner: str) -> None:
        """Note that the session `owner` asked for something (the lock held)."""
        if owner in self._last_seen:
            self._last_seen[owner] = self.clock()

    def _drop(self, slot: tuple[str, str]) -> None:
        del self._uploads[slot]
        del self._upload_bytes[slot]
        if all(who != slot[0] for who, _ in self._uploads):
            self._last_seen.pop(slot[0], None)

    def _make_room(self, slot: tuple[str, str], size: int, filename: str,
                   drop: bool = True) -> None:
        """Drop uploads until one of `size` bytes fits for `slot`'s session (the lock
        held): first that session's own oldest, to its bounds; then, for the totals, the
        oldest uploads of sessions idle for UPLOAD_IDLE_SECONDS. Raises UploadRefused
        when only active sessions' uploads are left to drop. `drop` False: only that
        check, nothing dropped."""
        owner = slot[0]
        mine = [s for s in self._uploads if s[0] == owner]  # oldest first
        going = [slot] if slot in self._uploads else []  # the same file again: re-added
        kept = [s for s in mine if s != slot]
        while kept and (len(kept) + 1 > UPLOADS_PER_SESSION or size + sum(
                self._upload_bytes[s] for s in kept) > UPLOAD_BYTES_PER_SESSION):
            going.append(kept.pop(0))
        count = len(self._uploads) - len(going) + 1
        total = sum(self._upload_bytes.values()) - sum(self._upload_bytes[s] for s in going) + size
        idle_since = self.clock() - UPLOAD_IDLE_SECONDS
        idle = (s for s in self._uploads if s[0] != owner
                and self._last_seen.get(s[0], 0.0) <= idle_since)
        while count > UPLOADS_KEPT or total > UPLOAD_BYTES_KEPT:
            other = next(idle, None)
            if other is None:  # nothing dropped: a refused upload costs its session nothing
                raise UploadRefused(f"{filename}: refused, the server holds as many uploads "
                                    f"as it may ({UPLOADS_KEPT}, "
                                    f"{UPLOAD_BYTES_KEPT // 2**20} MB); try again later")
            going.append(other)
            count, total = count - 1, total - self._upload_bytes[other]
        for s in going if drop else ():
            self._drop(s)


def upload_cost(raw: bytes) -> int:
    """What an upload is counted as against the bounds: twice its bytes (the text kept in
    the log and its copy in the record, as measured), and VALUE_BYTES for
    each value it may hold (a comma, colon or opening bracket outside or inside strings:
    never less than the values there are)."""
    values = raw.count(b",") + raw.count(b":") + raw.count(b"[") + raw.count(b"{") + 1
    return 2 * len(raw) + VALUE_BYTES * values


_NOT_IN_KEY = re.compile(r"[^\w.-]")  # \w: letters and digits (str.isalnum), and "_"


def url_key(stem: str) -> str:
    """A URL-friendly key from a file name: letters, digits and "-_." kept, any other
    character a "-"."""
    return _NOT_IN_KEY.sub("-", stem) or "game"


def _entries_in(folder: Path, skipped: list[tuple[str, str]] | None = None) -> list[Entry]:
    """The folder's logs, listed only: each is read when it is opened. One directory
    scan and a sort of plain strings (a folder of 10,000 logs lists in ~30 ms). A FIFO or
    device is left out (reading it would wait forever), told in `skipped` as (file, what)."""
    entries: list[Entry] = []
    seen: set[str] = set()
    base = str(folder)
    names = []
    with os.scandir(folder) as scan:
        for e in scan:
            if not e.name.endswith(".json"):
                continue
            if e.is_file():
                names.append(e.name)
            elif not e.is_dir() and skipped is not None:
                special = special_file(os.path.join(base, e.name))
                if special is not None:
                    skipped.append((os.path.join(base, e.name), special))
    names.sort()
    for name in names:
        key = url_key(name[:-5])
        while key in seen:
            key += "_"
        seen.add(key)
        entries.append(Entry(key, name, os.path.join(base, name)))
    return entries
