"""Every hanab.live variant through the commands a user runs (issue 34).

For each of the 2,426 names in `nova_replay/rules/hanablive_variants.tsv` (hanab.live's
own list), in-process through the click CLI as a user would type it:

    nova-replay simulate --ruleset hanabi --variant NAME -p 3 --seed S -o DIR
    nova-replay validate FILE
    nova-replay analyze FILE

and counts each name as one of

- **works**: the three commands exit 0;
- **refused**: `simulate` exits non-zero with one line naming the variant and the one rule
  we lack ("... is not supported: RULE"); anything else (several lines, no rule named, a
  refusal by validate or analyze of a game our own simulate wrote) counts as **wrong**;
- **traceback**: any command raised (what a user would see as a traceback).

    python benchmarks/all_variants.py                   # all 2,426 (a few minutes)
    python benchmarks/all_variants.py --every 10        # every 10th name, a quick look
    python benchmarks/all_variants.py --list refused    # and the names of one outcome

Prints the counts, the refusals grouped by the rule they name, and every traceback and
wrong outcome with its first line.
"""

from __future__ import annotations

import argparse
import re
import sys
import tempfile
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from click.testing import CliRunner

from nova_replay.cli import main as cli
from nova_replay.rules.variants import hanablive_ids

_RULE = re.compile(r"^.*hanab\.live variant '.*' is not supported: (.+)$")


def one(runner: CliRunner, name: str, seed: int, folder: Path) -> tuple[str, str]:
    """(outcome, detail) for one variant name."""
    out = folder / f"v{seed}"
    sim = runner.invoke(cli, ["simulate", "--ruleset", "hanabi", "--variant", name, "-p", "3",
                              "--seed", str(seed), "-o", str(out)])
    if sim.exception is not None and not isinstance(sim.exception, SystemExit):
        return "traceback", f"simulate: {type(sim.exception).__name__}: {sim.exception}"
    if sim.exit_code != 0:
        lines = [line for line in sim.output.splitlines() if line.strip()]
        rule = _RULE.match(lines[-1]) if lines else None
        if len(lines) == 1 and rule is not None:
            return "refused", rule.group(1)
        return "wrong", f"simulate exit {sim.exit_code}: {' | '.join(lines)[:200]}"
    files = sorted(out.glob("*.json"))
    if len(files) != 1:
        return "wrong", f"simulate wrote {len(files)} files"
    for command in (["validate"], ["analyze"]):
        result = runner.invoke(cli, [*command, str(files[0])])
        if result.exception is not None and not isinstance(result.exception, SystemExit):
            return "traceback", (f"{command[0]}: {type(result.exception).__name__}: "
                                 f"{result.exception}")
        if result.exit_code != 0:
            return "wrong", f"{command[0]} exit {result.exit_code}: {result.output.strip()[:200]}"
    files[0].unlink()
    return "works", ""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--every", type=int, default=1, help="take every Nth name (default 1)")
    parser.add_argument("--list", choices=("works", "refused", "traceback", "wrong"),
                        help="also print the names of this outcome")
    args = parser.parse_args()
    names = sorted(hanablive_ids(), key=hanablive_ids().__getitem__)[::args.every]
    runner = CliRunner()
    outcomes: dict[str, list[tuple[str, str]]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for i, name in enumerate(names):
            outcome, detail = one(runner, name, i, Path(tmp))
            outcomes.setdefault(outcome, []).append((name, detail))
    total = len(names)
    print(f"{total:,} variant names: " + ", ".join(
        f"{len(outcomes.get(k, [])):,} {k}" for k in ("works", "refused", "traceback", "wrong")))
    rules = Counter(detail for _, detail in outcomes.get("refused", []))
    if rules:
        print("\nrefused, by the rule named:")
        for rule, n in rules.most_common():
            print(f"  {n:>5}  {rule}")
    for kind in ("traceback", "wrong"):
        for name, detail in outcomes.get(kind, []):
            print(f"{kind}: {name}: {detail}")
    if args.list:
        print(f"\n{args.list}:")
        for name, detail in outcomes.get(args.list, []):
            print(f"  {name}" + (f"  ({detail})" if detail else ""))


if __name__ == "__main__":
    main()
