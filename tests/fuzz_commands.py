"""A fuzzer of the whole command line (issue 34): mutants run through every command
in-process (click's CliRunner), so that 100,000 of them take minutes, not hours.

A mutant is one command line with hostile parts: a file mutated from our samples and
the shared real games (tests/fuzzing.py's byte and JSON mutations), a hanab.live variant
name from the full table (`Plan` hands out every one of the 2,426 before any twice),
game ids and replay URLs (odd digits, 300 and 5,000 of them), options with odd values,
nested or huge values, and `fetch` against a loopback server (127.0.0.1 only) that
answers hostile pages (repeating or oversized histories, odd ids, deep nesting, UTF-16,
redirects to another host, trickles, errors). The commands: validate, replay, analyze
(with and without --json, --solve), decks, batch, import-hanablive, export-hanablive,
puzzles (and --play), simulate and fetch.

`Fuzz.run` is the oracle. It runs with NOVA_DEBUG=1, so the CLI's last-line guard lets an
exception through and it counts: a mutant fails if its command raised anything but
SystemExit (what would be a traceback), printed "Traceback", exited non-zero without
saying why, or ran past the hang limits: 20 s of the process's CPU time (SIGPROF: the
same on a loaded machine) or 120 s of wall time (SIGALRM: a wait that never ends). Deterministic:
the same seed and count give the same mutants.
"""

from __future__ import annotations

import json
import os
import random
import signal
import tempfile
import threading
import time
import traceback
import urllib.parse
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from types import FrameType
from typing import Any

from click.testing import CliRunner
from fuzzing import _mutate_bytes, _mutate_json, seed_files

from nova_replay.cli import main

ROOT = Path(__file__).resolve().parent.parent
TABLE = ROOT / "nova_replay" / "rules" / "hanablive_variants.tsv"
NO_VARIANT = json.loads((ROOT / "sample_games" / "hanabi-2p.json").read_text("utf-8"))

# Command-line words a hostile user may type.
IDS = ("12²", "٣٤", "0", "-1", "1e3", "9" * 13, "9" * 300, "9" * 5000, "1" * 12, "7",
       "https://hanab.live/replay/" + "9" * 300, "https://hanab.live/replay/" + "9" * 5000,
       "https://hanab.live/replay/12²", "https://hanab.live/shared-replay/5#x",
       "http://evil.example/export/5", "https://hanab.live/replay/", "https://hanab.live/replay/5\n",
       "https://hanab.live/export/8/../../9", "\x00", "", " ", "-", "..", "/", "~", "*", "[",
       "\u202e.json", "a" * 5000)
NUMBERS = ("-1", "0", "1", "3", "999999", "9" * 5000, "1e300", "nan", "inf", "-inf", "x", "",
           "0x10", "1_000", "²")
NAMES = ("Alice", "Bob", "", " ", "alice", "\x1b[2J", "a\nb", "../../export/1", "a/b",
         "x" * 300, "Nobody", "0", "Player 1")
CONVENTIONS = ("h-group", "none", "level-1", "level:99", "x", "", "../../etc/passwd")
TIERS = ("public", "common", "deduced", "hinted", "truth", "x", "")
PLAYERS = ("Alice", "Bob", "Cathy", "Donald", "Emily", "Frank")


class Hang(Exception):
    """A mutant ran past the hang limit."""


def _alarm(_signum: int, _frame: FrameType | None) -> None:
    raise Hang


def variant_names() -> list[str]:
    """hanab.live's 2,426 variant names, from our copy of its table."""
    rows = [line.split("\t", 1) for line in TABLE.read_text("utf-8").splitlines()
            if line and not line.startswith("#")]
    return [name for _, name in rows]


# --- the loopback site ---------------------------------------------------------------

def _rows(ids: list[Any]) -> bytes:
    return json.dumps({"rows": [{"id": i} for i in ids]}).encode()


# What the hostile site answers, by page: (status, headers, body or a callable writer).
PAGES: tuple[Callable[[Any], tuple[int, dict[str, str], bytes]], ...] = (
    lambda g: (200, {}, json.dumps(NO_VARIANT).encode()),  # a game in our format
    lambda g: (200, {}, b"[" * 50_000 + b"]" * 50_000),
    lambda g: (200, {}, json.dumps({"deck": [], "players": ["a"]}).encode("utf-16")),
    lambda g: (200, {}, b'{"deck": NaN}'),
    lambda g: (200, {}, b'{"deck": [], "x": 1e999}'),
    lambda g: (200, {}, b"not json"),
    lambda g: (200, {}, b"\xff\xfe\x00"),
    lambda g: (302, {"Location": "http://localhost:1/export/1"}, b""),
    lambda g: (302, {"Location": "/export/" + str(g)}, b""),  # a loop
    lambda g: (301, {"Location": "javascript:alert(1)"}, b""),
    lambda g: (500, {}, b"oops"),
    lambda g: (404, {}, b"Not Found"),
    lambda g: (200, {}, b'{"deck": ' + b"9" * 5000 + b"}"),
    lambda g: (200, {}, b" " * 6 * 1024 * 1024),  # over the byte cap
    lambda g: (200, {}, json.dumps({"deck": "x", "actions": [], "players": "AB"}).encode()),
)
HISTORIES: tuple[Callable[[int], bytes], ...] = (
    lambda page: _rows(list(range(1, 101))),  # the same page for ever
    lambda page: _rows(list(range(1, 100_001))),  # far more rows than asked
    lambda page: b'{"rows": [{"id": 1e300}]}',
    lambda page: b'{"rows": [{"id": Infinity}]}',
    lambda page: b'{"rows": [{"id": "12"}, {"id": true}]}',
    lambda page: b'{"rows": ' + b"[" * 50_000 + b"]" * 50_000 + b"}",
    lambda page: b'{"rows": "none"}',
    lambda page: _rows([page * 2 + 1, page * 2 + 2]),
    lambda page: b"{}",
)


class Site:
    """A loopback HTTP server answering PAGES by game id and HISTORIES by player name."""

    def __init__(self) -> None:
        site = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                url = urllib.parse.urlsplit(self.path)
                parts = url.path.strip("/").split("/")
                site.requests += 1
                if parts[:3] == ["api", "v1", "history"] and len(parts) == 4:
                    query = urllib.parse.parse_qs(url.query)
                    page = int((query.get("page") or ["0"])[0])
                    body = HISTORIES[sum(map(ord, parts[3])) % len(HISTORIES)](page)
                    self._send(200, {}, body)
                elif len(parts) == 2 and parts[0] == "export" and parts[1].isdigit():
                    game = int(parts[1])
                    if game % 97 == 13:
                        self._trickle()
                        return
                    self._send(*PAGES[game % len(PAGES)](game))
                else:
                    self._send(404, {}, b"Not Found")

            def _send(self, code: int, headers: dict[str, str], body: bytes) -> None:
                try:
                    self.send_response(code)
                    for k, v in headers.items():
                        self.send_header(k, v)
                    self.send_header("Content-Length", str(len(body)))
                    self.end_headers()
                    self.wfile.write(body)
                except OSError:
                    pass

            def _trickle(self) -> None:
                try:
                    self.send_response(200)
                    self.send_header("Content-Length", "100")
                    self.end_headers()
                    for _ in range(20):
                        self.wfile.write(b" ")
                        self.wfile.flush()
                        time.sleep(0.05)
                except OSError:
                    pass

            def log_message(self, *args: object) -> None:
                pass

        self.requests = 0
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


# --- the mutants ----------------------------------------------------------------------

@dataclass
class Mutant:
    """One command line to run: its arguments, what it reads on stdin, what it is."""

    kind: str
    args: list[str]
    stdin: str | None = None
    variant: str | None = None


@dataclass
class Plan:
    """Where mutants come from: seed files, the variant table (each name once before
    any twice), a scratch folder, and the random generator."""

    files: list[Path]
    work: Path
    rng: random.Random
    variants: list[str] = field(default_factory=variant_names)
    _raws: list[bytes] = field(default_factory=list)
    _parsed: list[Any] = field(default_factory=list)
    _next_variant: int = 0
    _written: int = 0
    _simulated: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self._raws = [f.read_bytes() for f in self.files]
        for raw in self._raws:
            try:
                self._parsed.append(json.loads(raw))
            except ValueError:
                self._parsed.append(None)
        self.rng.shuffle(self.variants)

    def path(self, suffix: str = ".json") -> str:
        self._written += 1
        return str(self.work / f"m{self._written % 64}{suffix}")

    def write(self, raw: bytes, suffix: str = ".json") -> str:
        path = self.path(suffix)
        Path(path).write_bytes(raw)
        return path

    def mutated(self) -> bytes:
        """A seed file mutated one to three times (tests/fuzzing.py's mutations)."""
        rng = self.rng
        k = rng.randrange(len(self._raws))
        raw = self._raws[k]
        if self._parsed[k] is not None and rng.random() < 0.7:
            data = json.loads(raw)
            for _ in range(rng.randint(1, 3)):
                data = _mutate_json(data, rng)
            try:
                return json.dumps(data, ensure_ascii=rng.random() < 0.5).encode(
                    "utf-8", "surrogatepass")
            except ValueError:
                return raw
        for _ in range(rng.randint(1, 3)):
            raw = _mutate_bytes(raw, rng, self._raws)
        return raw

    def variant(self) -> str:
        name = self.variants[self._next_variant % len(self.variants)]
        self._next_variant += 1
        return name

    def variant_game(self, name: str) -> bytes:
        """A short game of variant `name`: simulated when our rules take the variant (cut
        at a random turn), else a No Variant game that names it (to be refused); in our
        format or hanab.live's."""
        from nova_replay.play.bots import parse_bot
        from nova_replay.play.simulate import simulate
        from nova_replay.rules.errors import NovaError
        from nova_replay.rules.rulesets import RulesetError, make_ruleset

        rng = self.rng
        if name not in self._simulated:
            try:
                rules = make_ruleset("hanabi", variant_name=name)
                players = rng.choice((2, 3, 4, 5, 6))
                self._simulated[name] = simulate(rules, players, parse_bot("careless:0.3", 1),
                                                 rng.randrange(10**6))
            except (RulesetError, NovaError, ValueError):
                # Refused (or not yet played by our engine): the game names it all the same.
                self._simulated[name] = {**NO_VARIANT, "ruleset": {"name": "hanabi",
                                                                   "variant": name}}
        data = json.loads(json.dumps(self._simulated[name]))
        data["actions"] = data["actions"][:rng.randrange(len(data["actions"]) + 1)]
        if rng.random() < 0.3:  # as hanab.live's export writes it
            data = {"players": data["players"], "deck": [
                {"suitIndex": rng.randrange(6), "rank": rng.randint(1, 5)} for _ in data["deck"]],
                "actions": [], "options": {"variant": name}}
        if rng.random() < 0.2:
            data = _mutate_json(data, rng)
        try:
            return json.dumps(data).encode("utf-8", "surrogatepass")
        except ValueError:
            return b"{}"

    def puzzle(self) -> bytes:
        """A puzzle file with hostile texts or values."""
        rng = self.rng
        source = rng.choice(sorted((ROOT / "sample_games" / "puzzles").glob("*.json")))
        data = json.loads(source.read_text("utf-8"))
        data["question"] = rng.choice(("\x1b[2J\x1b]0;x\x07", "a\nturn 1: forged", "\u202e", "?"))
        for _ in range(rng.randint(0, 2)):
            data = _mutate_json(data, rng)
        try:
            return json.dumps(data).encode("utf-8", "surrogatepass")
        except ValueError:
            return b"{}"


def _options(rng: random.Random) -> list[str]:
    """Zero to two hostile options of the file commands."""
    pool = [["--turn", rng.choice(NUMBERS)], ["--as", rng.choice(NAMES)],
            ["--conventions", rng.choice(CONVENTIONS)], ["--tier", rng.choice(TIERS)],
            ["--nodes", rng.choice(NUMBERS)], ["--budget", rng.choice(NUMBERS)],
            ["--json"], ["--knowledge"], ["--strict"], ["-q"], ["--brief"], ["--nope"]]
    return [w for o in rng.sample(pool, rng.randint(0, 2)) for w in o]


def mutants(plan: Plan, count: int) -> Iterator[Mutant]:
    """`count` mutants over every command; the first len(variants) variant mutants name
    every variant of the table once."""
    rng = plan.rng
    for n in range(count):
        roll = rng.random()
        if roll < 0.28:  # a variant's game through a command
            name = plan.variant()
            path = plan.write(plan.variant_game(name))
            args = rng.choice((["validate", path], ["replay", path], ["analyze", path],
                               ["analyze", "--json", path], ["export-hanablive", path],
                               ["import-hanablive", path], ["decks", "--nodes", "100", path],
                               ["replay", "--turn", "1", "--knowledge", path]))
            if rng.random() < 0.05:
                args = ["simulate", "--ruleset", "hanabi", "--variant", name, "-p",
                        str(rng.randint(2, 6)), "-o", str(plan.work / "sim")]
            yield Mutant("variant", args, variant=name)
        elif roll < 0.72:  # a mutated file through a command
            path = plan.write(plan.mutated())
            command = rng.choice((["validate"], ["replay"], ["analyze"], ["analyze", "--json"],
                                  ["replay", "--json"], ["import-hanablive"],
                                  ["export-hanablive"], ["validate", "--json"]))
            args = [*command, path]
            if rng.random() < 0.25:
                args += _options(rng)
            yield Mutant("file", args)
        elif roll < 0.80:  # options with odd values on a good file
            path = str(rng.choice(plan.files[:40]))
            command = rng.choice((["replay"], ["analyze"], ["decks"], ["validate"],
                                  ["import-hanablive"], ["export-hanablive"]))
            out = rng.choice((None, plan.path(), str(plan.work), path, "/nonexistent/x.json",
                              "\x00"))
            args = [*command, path, *_options(rng)]
            if out is not None and command[0].endswith("hanablive"):
                args += ["-o", out]
            yield Mutant("options", args)
        elif roll < 0.88:  # ids and URLs where a file goes; fetch of the hostile site
            ref = rng.choice(IDS) if rng.random() < 0.5 else str(rng.randint(1, 400))
            command = rng.choice((["validate"], ["replay"], ["analyze"], ["fetch"],
                                  ["fetch", "--timeout", "0.3"], ["export-hanablive"]))
            yield Mutant("id", [*command, ref])
        elif roll < 0.92:
            player = rng.choice(NAMES + ("Loop", "Big", "Odd", "Deep", "Nest", "Fine"))
            args = ["fetch", "--player", player, "-o", str(plan.work / "fetched"),
                    "--timeout", rng.choice(("0.3", "1", "nan", "inf", "0", "1e300"))]
            if rng.random() < 0.5:
                args += ["--last", rng.choice(NUMBERS)]
            yield Mutant("fetch", args)
        elif roll < 0.95:  # batch over a small folder of mutants
            folder = plan.work / f"batch{n % 4}"
            folder.mkdir(exist_ok=True)
            for old in folder.iterdir():
                old.unlink()
            for k in range(rng.randint(1, 3)):
                (folder / f"g{k}.json").write_bytes(plan.mutated())
            (folder / "v.json").write_bytes(plan.variant_game(plan.variant()))
            out = str(plan.work / rng.choice(("t.csv", "t.jsonl", "t.parquet", "t.txt")))
            yield Mutant("batch", ["batch", str(folder), "-o", out, "-j", "1",
                                   *rng.choice(([], ["--solve", "--nodes", "50"]))])
        elif roll < 0.98:
            path = plan.write(plan.puzzle())
            yield Mutant("puzzle", ["puzzles", "--play", path],
                         stdin=rng.choice(("1\n", "999\n", "x\n", "", "\x1b\n")))
        else:
            path = plan.write(plan.mutated())
            yield Mutant("puzzles", ["puzzles", path, "--out", str(plan.work / "pz"),
                                     *rng.choice(([], ["--player", rng.choice(NAMES)]))])


# --- the oracle -----------------------------------------------------------------------

@dataclass
class Fuzz:
    """Runs mutants and counts what happened."""

    hang_seconds: float = 20.0  # of CPU time (the process's): a hang whatever the load
    wall_seconds: float = 120.0  # of wall time: a wait that never ends uses no CPU
    mutants: int = 0
    by_kind: Counter[str] = field(default_factory=Counter)
    exits: Counter[int] = field(default_factory=Counter)
    failures: Counter[str] = field(default_factory=Counter)
    examples: dict[str, Mutant] = field(default_factory=dict)
    hangs: int = 0
    variants_seen: set[str] = field(default_factory=set)

    def run(self, mutant: Mutant) -> str | None:
        """Run one mutant; the failure's key (where it was raised), or None."""
        self.mutants += 1
        self.by_kind[mutant.kind] += 1
        if mutant.variant is not None:
            self.variants_seen.add(mutant.variant)
        runner = CliRunner()
        signal.setitimer(signal.ITIMER_PROF, self.hang_seconds)  # CPU: load-independent
        signal.setitimer(signal.ITIMER_REAL, self.wall_seconds)  # a wait that never ends
        try:
            result = runner.invoke(main, mutant.args, input=mutant.stdin, catch_exceptions=True)
        except Hang:  # raised outside the command (CliRunner's own code)
            result = None
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.setitimer(signal.ITIMER_PROF, 0)
        key = self._judge(result)
        if key is not None:
            self.failures[key] += 1
            self.examples.setdefault(key, mutant)
        return key

    def _judge(self, result: Any) -> str | None:
        if result is None or isinstance(result.exception, Hang):
            self.hangs += 1
            return "hang"
        exception = result.exception
        if exception is not None and not isinstance(exception, SystemExit):
            frames = traceback.extract_tb(exception.__traceback__)
            ours = [f for f in frames if "nova_replay" in f.filename or "dashboards" in f.filename]
            where = ours[-1] if ours else (frames[-1] if frames else None)
            place = f"{Path(where.filename).name}:{where.lineno}" if where else "?"
            return f"{type(exception).__name__} at {place}: {str(exception)[:120]}"
        self.exits[result.exit_code] += 1
        if "Traceback (most recent call last)" in result.output:
            return "a traceback in the output"
        if result.exit_code != 0 and not (result.output.strip() or result.stderr.strip()):
            return "a non-zero exit without a word"
        return None


def prepared() -> tuple[Site, Path, dict[str, str | None]]:
    """The hostile site, a scratch folder, and the environment a fuzz runs in (restore
    it with `restore`): NOVA_DEBUG so that exceptions count, the site and a fresh cache."""
    site = Site()
    work = Path(tempfile.mkdtemp(prefix="nova-fuzz-"))
    names = ("NOVA_DEBUG", "NOVA_HANABLIVE_URL", "NOVA_CACHE")
    before = {k: os.environ.get(k) for k in names}
    os.environ.update(NOVA_DEBUG="1", NOVA_HANABLIVE_URL=site.url,
                      NOVA_CACHE=str(work / "cache"))
    signal.signal(signal.SIGALRM, _alarm)
    signal.signal(signal.SIGPROF, _alarm)
    return site, work, before


def restore(before: dict[str, str | None]) -> None:
    for k, v in before.items():
        if v is None:
            os.environ.pop(k, None)
        else:
            os.environ[k] = v


def plan_for(work: Path, shared: Path | None, seed: int) -> Plan:
    return Plan(seed_files(shared), work, random.Random(seed))
