"""How many of hanab.live's variants the convention reader reads, and why the others are
not read (issue #32), over the variant table `nova_replay/rules/hanablive_variants.tsv`.

    python benchmarks/variants_read.py            # the counts
    python benchmarks/variants_read.py --names    # and one variant named per reason

A variant the rules refuse (a rule beyond suit properties: docs/variants.md) is not
claimed; of the claimed ones, a variant is read when `conventions.not_read` says ''.
The figures are counted, not timed: the same table gives the same counts.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from nova_replay.conventions import not_read  # noqa: E402
from nova_replay.conventions.variants import facts  # noqa: E402
from nova_replay.rules.rulesets import RulesetError, make_ruleset  # noqa: E402
from nova_replay.rules.variants import hanablive_ids  # noqa: E402


def counts() -> tuple[int, int, Counter[str], Counter[str], dict[str, str]]:
    """(variants in the table, claimed, read per family, not read per reason, an example
    variant per reason)."""
    total, claimed = 0, 0
    read: Counter[str] = Counter()
    unread: Counter[str] = Counter()
    example: dict[str, str] = {}
    for name in hanablive_ids():
        total += 1
        try:
            rules = make_ruleset("hanabi", variant_name=name)
        except RulesetError:
            continue
        claimed += 1
        why = not_read(rules)
        if why:
            unread[why] += 1
            example.setdefault(why, name)
            continue
        f = facts(rules)
        kinds = sorted({x for x in f.families if x} | ({"special rank"} if f.ranks.rank else set()))
        read[" + ".join(kinds) or "plain"] += 1
    return total, claimed, read, unread, example


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--names", action="store_true", help="name one variant per reason")
    args = parser.parse_args()
    total, claimed, read, unread, example = counts()
    print(f"{sum(read.values()):,} of the {claimed:,} variants the rules claim are read "
          f"({total:,} in hanab.live's table)")
    special = sum(n for k, n in read.items() if "special rank" in k)
    ambiguous = sum(n for k, n in read.items() if "Ambiguous" in k or "Dual-Color" in k)
    print(f"  with a special rank: {special:,}; with ambiguous or dual-colour suits: {ambiguous:,}")
    print("not read:")
    for why, n in unread.most_common():
        print(f"  {n:5d}  {why}" + (f"  (e.g. {example[why]})" if args.names else ""))


if __name__ == "__main__":
    main()
