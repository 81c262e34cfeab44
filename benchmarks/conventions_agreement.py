"""How often the conventions' reading agrees with what the players did next, on real
games (the shared data; nothing is tuned to these figures).

    NOVA_SHARED=/work/shared python benchmarks/conventions_agreement.py --dev
    python benchmarks/conventions_agreement.py FILE_OR_FOLDER ... --level 2

`--dev` keeps only the development games of the fixed split (`benchmarks/holdout.py`):
a held-out game is never opened. Build and tune with it.

For every clue read (games the conventions read: No Variant and plain-suit variants):

- play clue followed: a clue read as a play clue whose focus its holder later played
  (rather than discarded, or held to the end);
- save kept: a clue read as a save of its focus (not playable then) whose holder did
  not discard that card;
- finesse / prompt / bluff answered: a card the reading called by a finesse (prompt,
  bluff at level 11) that its holder played before the focus card was played or the
  game ended;
- known connection played: a connecting card its holder already knew (known, or known
  playable: a delayed play, no prompt) played before the focus card;
- blind plays explained: of the plays of untouched cards, the share the reading had
  called (a finesse it found);
- unclear: clues no reading fits;
- 1s played in order: of the plays of one of several clued 1s (level 3), the share that
  played the 1 the play order puts first;
- order chop moves kept: the cards an Order Chop Move moved (level 4) that their holder
  did not discard;
- sarcastic discards answered: the discards read as Sarcastic Discards (level 3) whose
  copy, clued in the teammate's hand, was later played.

`--by-variant` adds the same figures per variant family (the special suits' H-Group
pages, `conventions/variants.py`; "plain" for No Variant and plain suits) and counts
the games not read by the reason given.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.holdout import development_only  # noqa: E402
from nova_replay.conventions import (  # noqa: E402
    DEFAULT_LEVEL,
    Conventions,
    MoveReading,
    Reading,
    read_game,
)
from nova_replay.conventions.variants import facts  # noqa: E402
from nova_replay.knowledge.tiers import timeline_knowledge  # noqa: E402
from nova_replay.record.load import load  # noqa: E402
from nova_replay.rules.errors import NovaError  # noqa: E402
from nova_replay.rules.game import Discard, Play  # noqa: E402

SHARED = Path(os.environ.get("NOVA_SHARED", ROOT.parent / "shared")) / "data"
DEFAULT_SOURCES = [SHARED / "real" / "hanabi-challenges-derived", SHARED / "hanablive",
                   SHARED / "real" / "cpp-bot-replays"]


def files(sources: list[Path]) -> list[Path]:
    out: list[Path] = []
    for s in sources:
        out += sorted(s.rglob("*.json")) if s.is_dir() else [s]
    return out


def family_of(record_families: tuple[str, ...]) -> str:
    """A game's variant family: its special suits' H-Group pages and its special rank
    ('Pink-Fives'...), or "plain"."""
    return " + ".join(sorted({f for f in record_families if f})) or "plain"


def measure(paths: list[Path], conventions: Conventions,
            by_family: dict[str, Counter[str]] | None = None,
            unread: Counter[str] | None = None) -> tuple[Counter[str], int, int]:
    """The figures over every game read; per family into `by_family` (and the reasons
    games were not read into `unread`) when given."""
    total: Counter[str] = Counter()
    read = skipped = 0
    for path in paths:
        try:
            record = load(path)
        except (NovaError, OSError, ValueError):
            skipped += 1
            if unread is not None:
                unread["not loadable"] += 1
            continue
        tk = timeline_knowledge(record.timeline)
        g = read_game(tk, conventions)
        if g.not_read:
            skipped += 1
            if unread is not None:
                unread[g.not_read] += 1
            continue
        read += 1
        c: Counter[str] = Counter()
        tl = record.timeline
        fate: dict[int, tuple[int, str]] = {}  # card -> (turn, "play" | "discard")
        for t, action in enumerate(tl.actions, start=1):
            if type(action) in (Play, Discard):
                fate[action[0]] = (t, "play" if type(action) is Play else "discard")
        for t, r in enumerate(g.turns):
            if isinstance(r, MoveReading):
                if r.expected is not None:
                    c["1s plays ranked"] += 1
                    c["1s played in order"] += r.expected == r.slot
                if r.move == "order chop move":
                    c["order chop moves"] += 1
                    c["order chop move kept"] += fate.get(r.cards[0], (0, "held"))[1] != "discard"
                if r.move == "sarcastic discard":
                    c["sarcastic discards"] += 1
                    c["sarcastic discard answered"] += any(
                        fate.get(x, (0, "held"))[1] == "play" for x in r.cards)
                if r.move in ("blind play", "answers finesse", "answers bluff"):
                    c["blind plays"] += 1
                    c["blind plays explained"] += r.move != "blind play"
                continue
            if not isinstance(r, Reading):
                continue
            c["clues"] += 1
            c["unclear"] += r.meaning == "unclear"
            end = fate.get(r.focus, (tl.turns + 1, "held"))
            if r.meaning == "play" and r.connects:
                c["play clues"] += 1
                c["play clue followed"] += end[1] == "play"
            if r.saved:
                c["saves"] += 1
                c["save kept"] += end[1] != "discard"
            if r.convention == "tempo clue" and r.meaning == "play":
                c["tempo clues"] += 1
                c["tempo clue followed"] += end[1] == "play"
            c["fix clues"] += r.meaning == "fix"
            c["unclear re-clues"] += r.meaning == "unclear" and not r.why.endswith("new card") \
                and r.why not in ("chop", "only card")
            for x in r.connections:
                if x.kind in ("known", "playable"):  # a card its holder already knew
                    c["known calls"] += 1
                    when, what = fate.get(x.card, (tl.turns + 1, "held"))
                    c["known played"] += what == "play" and t < when <= end[0]
                if x.kind in ("finesse", "prompt", "bluff"):
                    c[f"{x.kind} calls"] += 1
                    when, what = fate.get(x.card, (tl.turns + 1, "held"))
                    c[f"{x.kind} answered"] += what == "play" and t < when <= end[0]
                    if x.player == r.target:  # a self-finesse or self-prompt
                        c["self calls"] += 1
                        c["self call answered"] += what == "play" and t < when <= end[0]
        total.update(c)
        if by_family is not None:
            f = facts(record.timeline.game.ruleset)
            name = family_of((*f.families, f.ranks.name))  # suits' pages, special rank
            by_family.setdefault(name, Counter()).update(c)
            by_family[name]["games"] += 1
    return total, read, skipped


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("sources", nargs="*", type=Path)
    parser.add_argument("--level", type=int, default=DEFAULT_LEVEL)
    parser.add_argument("--dev", action="store_true",
                        help="only the development games of the fixed split (benchmarks/holdout.py)")
    parser.add_argument("--by-variant", action="store_true",
                        help="the figures per variant family, and why games were not read")
    args = parser.parse_args()
    paths = files(args.sources or DEFAULT_SOURCES)
    if args.dev:
        held = len(paths)
        paths = development_only(paths, SHARED)
        print(f"--dev: {held - len(paths)} held-out files left unopened")
    by_family: dict[str, Counter[str]] | None = {} if args.by_variant else None
    unread: Counter[str] | None = Counter() if args.by_variant else None
    c, read, skipped = measure(paths, Conventions(args.level), by_family, unread)
    print(f"{read} games read at h-group:{args.level} ({skipped} not read: other variants "
          f"or not loadable); {c['clues']} clues")
    report(c)
    for name, fc in sorted((by_family or {}).items()):
        print(f"\n{name}: {fc['games']} games, {fc['clues']} clues")
        report(fc)
    if unread:
        print("\nnot read:")
        for why, n in unread.most_common():
            print(f"  {n:4d}  {why}")


def report(c: Counter[str]) -> None:
    """The figures of one counter, one line each."""

    def share(part: str, whole: str) -> str:
        return f"{c[part]}/{c[whole]} = {c[part] / c[whole]:.0%}" if c[whole] else "n/a"

    print(f"  play clue followed (focus later played): {share('play clue followed', 'play clues')}")
    print(f"  save kept (saved card not discarded):    {share('save kept', 'saves')}")
    print(f"  finesse answered (called card played):   {share('finesse answered', 'finesse calls')}")
    print(f"  prompt answered (called card played):    {share('prompt answered', 'prompt calls')}")
    print(f"  bluff answered (called card played):     {share('bluff answered', 'bluff calls')}")
    print(f"  known/playable connection played:        {share('known played', 'known calls')}")
    print(f"  blind plays the reading had called:      "
          f"{share('blind plays explained', 'blind plays')}")
    print(f"  clues no reading fits (unclear):         {share('unclear', 'clues')}")
    print(f"  of them re-clues (no new card touched):  {c['unclear re-clues']}")
    print(f"  tempo clue followed (focus later played): "
          f"{share('tempo clue followed', 'tempo clues')}")
    print(f"  self-finesse/prompt answered:            "
          f"{share('self call answered', 'self calls')}")
    print(f"  fix clues read:                          {c['fix clues']}")
    print(f"  1s played in their play order:           "
          f"{share('1s played in order', '1s plays ranked')}")
    print(f"  order chop moves kept (not discarded):   "
          f"{share('order chop move kept', 'order chop moves')}")
    print(f"  sarcastic discards answered (copy played): "
          f"{share('sarcastic discard answered', 'sarcastic discards')}")


if __name__ == "__main__":
    main()
