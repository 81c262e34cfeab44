"""Dossiers for auditing teaching notes by hand (issue #31, "Measure"): for a list of game
records, pick notes by a fixed rule and write, per note, a self-contained text a strong
H-Group player reads to judge it true, misleading or false.

Selection rule (fixed before the held-out audit; the same on any machine, no clock; seed 31
unless `--seed` says otherwise):

1. Games: the given records, one per distinct file name (`p3_07.json` in
   `hanabi-challenges/games/` and in `hanabi-challenges-derived/` is one game), read from the
   first path in sorted order that is not in a `-derived` folder (else the first path).
   Each is loaded as `analyze` shows it (up to its first illegal action); a record that
   cannot be read, or has no turn, is listed as skipped with why.
2. Notes: every note of `analyze` (default conventions, h-group:5) and every `lost_points`
   note of the solver's evaluation (`--nodes` of work per game), as `analyze --solve` shows.
3. Strata: a note's kind and severity ("misfire/mistake", "gamble/info"). Each note gets a
   key: the first 16 hex digits of sha256("{seed}:{file name}:{turn}:{kind}:{index}").
   Within a stratum the notes are ordered by: first the games of 3-5 players of plain
   Hanabi (No Variant: the issue's audit was on 3-player No Variant games), then the other
   games of 3-5 players whose clues the conventions read, then the rest; then the note's
   rank among its game's notes of that stratum by key (every game's first before any
   game's second: spread over games); then the key.
4. Pick: the strata, in name order, take turns; each turn a stratum gives its next two notes
   when its severity is a fault (blunder, mistake: the notes that judge a player hardest),
   else one; until `--count` notes are chosen or none is left. The dossiers are written in
   (file, turn) order.

A dossier holds: the note (turn, player, kind, severity, message, the suggestion `analyze`
prints after a fault, the turn's other notes), the move and its convention reading (as the
reviewer reads it and as the mover and the clue's receiver could), the table before the move
(rows, discards, clues and strikes or coins and lives, draw pile, pace, max score; every
hand with its truth, clue marks, chop, critical mark, and its holder's hinted and deduced
knowledge, P/T when known playable or trash), the readings of the earlier clues still in
force (touching or calling a card still held), the exact solver's best possible before and
after the move (proven, or bounds when the node budget ran out), and the next three moves
with their notes. Everything comes from the
project's public functions (`nova_replay.load`, `analyze`, the views, `solver.exact.solve`);
no rule is worked out here.

    python benchmarks/audit_notes.py --set dev --count 40 --out /tmp/dossiers
    python benchmarks/audit_notes.py --count 5 FILE.json ...   # given files
    python benchmarks/audit_notes.py --set held-out --unaudited --count 100 --out DIR
        # the second audit: held-out games the first audit's rows do not name
"""

from __future__ import annotations

import argparse
import hashlib
import sys
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

from holdout import development_games, held_out_games  # noqa: E402

from nova_replay import GameRecord  # noqa: E402
from nova_replay.conventions.game import MoveReading  # noqa: E402
from nova_replay.knowledge.flags import card_flags  # noqa: E402
from nova_replay.knowledge.perspective import REVIEWER, Perspective  # noqa: E402
from nova_replay.knowledge.tiers import CardKnowledge  # noqa: E402
from nova_replay.play.suggest import solver_agrees, suggestions  # noqa: E402
from nova_replay.record.load import load_until_illegal  # noqa: E402
from nova_replay.review.analysis import Finding  # noqa: E402
from nova_replay.review.evaluation import evaluate  # noqa: E402
from nova_replay.rules.errors import NovaError  # noqa: E402
from nova_replay.rules.game import Hint  # noqa: E402
from nova_replay.solver.exact import Budget, Solution, solve  # noqa: E402
from nova_replay.views.review_text import MARKS, identities_text, reading_text  # noqa: E402
from nova_replay.views.text import describe_turn, table_text  # noqa: E402

SEED = 31
FAULTS = ("blunder", "mistake")
NEXT_MOVES = 3
IN_FORCE = 10  # earlier clue readings shown, the latest first
SMALL = 8  # an untouched card's deduced set is shown when it has at most this many identities


@dataclass(frozen=True)
class Game:
    """One loaded game and what the dossiers quote of it."""

    path: Path
    record: GameRecord
    findings: tuple[Finding, ...]  # analyze's notes and the solver's lost_points notes
    suggested: dict[int, str]
    stopped_at: str | None  # the illegal action the record stops before, if any


@dataclass(frozen=True)
class Pick:
    game: Game
    index: int  # into game.findings
    key: str

    @property
    def note(self) -> Finding:
        return self.game.findings[self.index]

    @property
    def stratum(self) -> str:
        return f"{self.note.kind}/{self.note.severity}"


def distinct(paths: Iterable[Path]) -> list[Path]:
    """One path per file name: the first in sorted order outside a `-derived` folder."""
    by_name: dict[str, list[Path]] = defaultdict(list)
    for p in sorted(paths):
        by_name[p.name].append(p)
    out = []
    for name in sorted(by_name):
        found = by_name[name]
        plain = [p for p in found if not any(part.endswith("-derived") for part in p.parts)]
        out.append((plain or found)[0])
    return out


def open_game(path: Path, nodes: int) -> Game | str:
    """The game, or why it is skipped (one line)."""
    try:
        record, problem = load_until_illegal(path)
    except NovaError as e:
        return str(e).splitlines()[0]
    if record.timeline.turns == 0:
        return f"{path}: no legal turn" + (f" ({problem})" if problem else "")
    game = GameRecord.of(record)
    a = game.analysis
    found = list(a.findings)
    offered = suggestions(a)
    if nodes > 0:
        try:
            evaluation = evaluate(a, Budget(nodes))
            found += evaluation.findings
            offered = solver_agrees(a, offered, evaluation, Budget(nodes))
        except Exception as e:  # a crash of the project's own, reported, not hidden
            print(f"{path}: the solver's notes left out: evaluate() raised "
                  f"{type(e).__name__}: {e}", file=sys.stderr)
    found.sort(key=lambda f: f.turn)
    suggested = {t: s.text for t, s in offered.items()}
    return Game(path, game, tuple(found), suggested, None if problem is None else str(problem))


def first(g: Game) -> int:
    """0 for the games the audit reads first (3-5 players, No Variant Hanabi), 1 for the
    other 3-5 player games the conventions read, 2 for the rest."""
    if not 3 <= len(g.record.players) <= 5:
        return 2
    rules = g.record.game.ruleset
    if rules.name == "hanabi" and rules.variant in ("", "No Variant"):
        return 0
    read = g.record.analysis.reading
    return 1 if read is not None and not read.not_read else 2


def key_of(seed: int, name: str, f: Finding, index: int) -> str:
    text = f"{seed}:{name}:{f.turn}:{f.kind}:{index}"
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def select(games: Sequence[Game], count: int, seed: int = SEED) -> list[Pick]:
    """The notes the rule of the module's docstring picks, in (file, turn) order."""
    strata: dict[str, list[Pick]] = defaultdict(list)
    for g in games:
        for i, f in enumerate(g.findings):
            pick = Pick(g, i, key_of(seed, g.path.name, f, i))
            strata[pick.stratum].append(pick)
    ordered: dict[str, list[Pick]] = {}
    for name, picks in strata.items():
        rank: dict[int, int] = {}
        by_game: dict[str, list[Pick]] = defaultdict(list)
        for p in picks:
            by_game[p.game.path.name].append(p)
        for group in by_game.values():
            for r, p in enumerate(sorted(group, key=lambda p: p.key)):
                rank[id(p)] = r
        ordered[name] = sorted(picks, key=lambda p: (first(p.game), rank[id(p)], p.key))
    chosen: list[Pick] = []
    while len(chosen) < count and any(ordered.values()):
        for name in sorted(ordered):
            take = 2 if name.split("/")[1] in FAULTS else 1
            while take and ordered[name] and len(chosen) < count:
                chosen.append(ordered[name].pop(0))
                take -= 1
    return sorted(chosen, key=lambda p: (str(p.game.path), p.note.turn, p.index))


def figure(s: Solution) -> str:
    return f"{s.lower} (proven)" if s.exact else f"at least {s.lower}, at most {s.upper} (unproven)"


def hand_lines(g: Game, turn: int, only: int | None = None) -> list[str]:
    """Every hand after `turn`: truth, clue mark, chop, critical, the holder's knowledge."""
    a = g.record.analysis
    game, ids = a.record.game, a.ids
    st = a.knowledge.statuses[turn]
    state = a.timeline[turn]
    nxt = None if state.over else state.player(game)
    out = ["Hands (slot 1 = newest; the holder's knowledge: hinted -> deduced for a clued "
           "card, the deduced set of an untouched one when small; P/T known playable/trash, "
           "E known exactly, C critical, H clued, chop; the clues that touched it):"]
    clued = clue_marks(g, turn)
    for p, name in enumerate(game.players):
        if only is not None and p != only:
            continue
        chop = a.chop(turn, p)
        out.append(f"  {name}{'  <- to move' if p == nxt else ''}")
        for slot, k in enumerate(a.knowledge.of(turn, p)):
            flags = ",".join(MARKS[f] for f in card_flags(k, st, ids.of_card[k.card], slot == chop))
            marks = ", ".join(clued.get(k.card, ()))
            out.append(f"    {slot + 1}: {game.card_text(k.card):<3} [{flags}]  "
                       f"{knowledge(g, k)}" + (f"  (clued: {marks})" if marks else ""))
    return out


def knowledge(g: Game, k: CardKnowledge) -> str:
    """What the holder knew of a card: "hinted -> deduced" for a clued card; for an untouched
    one only its deduced set, and only when it is small enough to say something."""
    space = g.record.analysis.ids.space
    if k.touched:
        return f"{identities_text(space, k.hinted, k.hinted)} -> {identities_text(space, k.deduced)}"
    if len(space.members(k.deduced)) <= SMALL:
        return f"-> {identities_text(space, k.deduced)}"
    return ""


def clue_marks(g: Game, turn: int) -> dict[int, list[str]]:
    """Per deck card, the clues up to `turn` that touched it ("t5 red by Player 2")."""
    tl = g.record.timeline
    game = tl.game
    out: dict[int, list[str]] = defaultdict(list)
    for u in range(1, turn + 1):
        action = tl.actions[u - 1]
        if isinstance(action, Hint):
            giver = game.players[tl[u - 1].player(game)]
            for c in game.touched(action, tl[u - 1].hands[action.to]):
                out[c].append(f"t{u} {game.describe_hint(action)} by {giver}")
    return out


def readings(g: Game, turn: int, mover: int) -> list[str]:
    """The move's reading (reviewer's, the mover's, a clue's receiver's), and the earlier
    clues whose touched or called cards are still held before the move."""
    a = g.record.analysis
    read, tl = a.reading, a.timeline
    if read is None or read.not_read:
        return [f"Conventions: {read.not_read if read else 'not read'}"]
    out = []
    text = reading_text(read, tl, turn)
    if text is not None:
        out.append(f"Reading of the move ({read.conventions}): {text}")
        action = tl.actions[turn - 1]
        if isinstance(action, Hint):
            as_receiver = reading_text(read, tl, turn, Perspective(action.to, turn))
            if as_receiver != text:
                out.append(f"  as {tl.game.players[action.to]} could read it: {as_receiver}")
    held = {c for hand in tl[turn - 1].hands for c in hand}
    earlier = []
    for u in range(turn - 1, 0, -1):
        r = read.turns[u]
        if r is None or isinstance(r, MoveReading):
            continue
        clue = tl.actions[u - 1]
        assert isinstance(clue, Hint)
        touched = tl.game.touched(clue, tl[u - 1].hands[clue.to])
        cards = {r.focus, *touched, *(x.card for x in r.connections)}
        if not cards & held:
            continue
        line = f"  turn {u}: {r.text}"
        mine = reading_text(read, tl, u, Perspective(mover, turn - 1))
        if mine != r.text:
            line += f"\n      as {tl.game.players[mover]} could read it: {mine}"
        earlier.append(line)
        if len(earlier) == IN_FORCE:
            break
    if earlier:
        out.append(f"Earlier clues whose touched or called cards are still held (the latest "
                   f"{IN_FORCE} at most, latest first):")
        out.extend(earlier)
    return out


def dossier(pick: Pick, number: int, nodes: int) -> str:
    g, f = pick.game, pick.note
    a = g.record.analysis
    game, tl = a.record.game, a.timeline
    t = f.turn
    mover = tl[t - 1].player(game)
    name = game.players[f.player]
    lines = [f"=== Dossier {number}: {g.path.name} turn {t} ({game.ruleset.title}, "
             f"{len(game.players)} players: {', '.join(game.players)}) ===",
             f"File: {g.path}" + (f"  (the record stops before: {g.stopped_at})"
                                  if g.stopped_at else ""),
             f"NOTE [{pick.stratum}] on {name}: {f.message}"]
    if f.severity in FAULTS and f.player == mover and t in g.suggested:
        lines.append(f"Suggestion: {g.suggested[t]}")
    others = [o for i, o in enumerate(g.findings) if o.turn == t and i != pick.index]
    for o in others:
        lines.append(f"Other note this turn [{o.kind}/{o.severity}] on "
                     f"{game.players[o.player]}: {o.message}")
    summary = a.summary
    lines.append(f"Game: final score {summary.score} of {summary.perfect_score}"
                 + (f", {summary.ending}" if summary.ending else "")
                 + "; summary's perfect-lost turn: "
                 + ("none" if summary.perfect_lost_turn is None else str(summary.perfect_lost_turn)))
    lines.append("")
    lines.append(f"THE MOVE (turn {t}, {game.players[mover]}): {describe_turn(tl, t)}")
    lines += readings(g, t, mover)
    action = tl.actions[t - 1]
    if isinstance(action, Hint):
        lines.append(f"{game.players[action.to]}'s hand after the clue:")
        lines += hand_lines(g, t, only=action.to)[2:]
    c = a.clock[t - 1]
    lines.append("")
    lines.append(f"TABLE BEFORE THE MOVE (after turn {t - 1}): pace {c.pace}, max score "
                 f"{c.max_score}, score {c.score}"
                 + (f", final round: {c.final_turns_left} turns left" if c.final_turns_left
                    else ""))
    lines += [s.strip() for s in table_text(game, tl[t - 1], REVIEWER)[:3]]
    lines += hand_lines(g, t - 1)
    before = solve(game, tl[t - 1], Budget(nodes))
    after = solve(game, tl[t], Budget(nodes))
    lines.append("")
    lines.append(f"SOLVER (knowing every card, {nodes:,} nodes each): best possible before "
                 f"the move {figure(before)}; after it {figure(after)}; max score after "
                 f"{a.clock[t].max_score}")
    if before.witness:
        first = before.witness[0]
        lines.append(f"  a best line from before starts: {_say(g, t, first)}")
    lines.append("")
    lines.append("NEXT MOVES:")
    for u in range(t + 1, min(t + NEXT_MOVES, tl.turns) + 1):
        lines.append(f"  turn {u}: {describe_turn(tl, u)}")
        for o in g.findings:
            if o.turn == u:
                lines.append(f"      [{o.kind}/{o.severity}] {o.message}")
    if t == tl.turns:
        lines.append(f"  (none: the record ends at turn {t})")
    return "\n".join(lines) + "\n"


def _say(g: Game, turn: int, action: object) -> str:
    game, tl = g.record.game, g.record.timeline
    if isinstance(action, Hint):
        return f"a clue ({game.describe_hint(action)} to {game.players[action.to]})"
    card = action[0]  # type: ignore[index]
    slot = tl[turn - 1].hands[tl[turn - 1].player(game)].index(card) + 1
    verb = "play" if type(action).__name__ == "Play" else "discard"
    return f"{verb} slot {slot} ({game.card_text(card)})"


def audited_names(audit: Path = HERE.parent / "docs" / "audit.md") -> frozenset[str]:
    """The game files of the first held-out audit: the names in its "one row each" table
    (docs/audit.md), so that a second audit reads only games no auditor has opened."""
    rows = audit.read_text().split("### Held-out notes, one row each", 1)[1]
    names = set()
    for line in rows.splitlines():
        cells = line.split("|")
        if len(cells) > 2 and cells[1].strip().isdigit():
            names.add(cells[2].split()[0])
    return frozenset(names)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="*", type=Path)
    parser.add_argument("--set", choices=["dev", "held-out"], help="a part of the shared corpus")
    parser.add_argument("--count", type=int, default=120)
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--nodes", type=int, default=200_000,
                        help="solver nodes per game curve and per dossier figure")
    parser.add_argument("--out", type=Path, help="write dossiers and index.tsv here")
    parser.add_argument("--unaudited", action="store_true",
                        help="leave out every game named in the first held-out audit's rows "
                             "(docs/audit.md): the second audit's games nobody has read")
    args = parser.parse_args(argv)
    if bool(args.files) == bool(args.set):
        parser.error("give files or --set, not both nor neither")
    paths = distinct(args.files or (development_games() if args.set == "dev"
                                    else held_out_games()))
    if args.unaudited:
        seen = audited_names()
        paths = [p for p in paths if p.name not in seen]
    games: list[Game] = []
    for p in paths:
        opened = open_game(p, args.nodes)
        if isinstance(opened, str):
            print(f"skipped: {opened}", file=sys.stderr)
        else:
            games.append(opened)
    picks = select(games, args.count, args.seed)
    texts = [dossier(p, n, args.nodes) for n, p in enumerate(picks, start=1)]
    index = ["n\tfile\tplayers\tturn\tplayer\tstratum\tmessage"]
    for n, p in enumerate(picks, start=1):
        f = p.note
        index.append(f"{n}\t{p.game.path.name}\t{len(p.game.record.players)}\t{f.turn}\t"
                     f"{p.game.record.players[f.player]}\t{p.stratum}\t{f.message}")
    if args.out is None:
        print("\n".join(texts))
        print("\n".join(index))
        return 0
    args.out.mkdir(parents=True, exist_ok=True)
    for n, (p, text) in enumerate(zip(picks, texts, strict=True), start=1):
        (args.out / f"{n:03d}-{p.game.path.stem}-t{p.note.turn:03d}.txt").write_text(text)
    (args.out / "index.tsv").write_text("\n".join(index) + "\n")
    print(f"{len(picks)} dossiers from {len(games)} games ({len(paths) - len(games)} skipped) "
          f"in {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
