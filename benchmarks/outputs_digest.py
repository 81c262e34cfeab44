"""A digest of every command's output on every sample and shared game, to show that a change
which must not change any output (issue #30's move of modules) changed none.

    python benchmarks/outputs_digest.py --out before.tsv   # on the old tree
    python benchmarks/outputs_digest.py --out after.tsv    # on the new tree
    diff before.tsv after.tsv                               # nothing: byte for byte the same

Each row: the command, the file, the exit code and the SHA-256 of what it printed (stdout and
stderr together), so the held-out games are compared without anyone reading them. Commands run
in-process (click's CliRunner) to keep the run short; `--solve` runs on the bundled samples only.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import sys
from pathlib import Path

from click.testing import CliRunner

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from nova_replay.cli import main as cli  # noqa: E402
from tests.helpers import shared_root  # noqa: E402

COMMANDS: tuple[tuple[str, ...], ...] = (
    ("validate", "--json"), ("replay",), ("analyze",), ("analyze", "--json"),
    ("analyze", "--conventions", "none"), ("replay", "--turn", "5"),
)
SOLVE: tuple[tuple[str, ...], ...] = (("analyze", "--solve"), ("analyze", "--json", "--solve"))


def files() -> list[tuple[Path, bool]]:
    samples = sorted((ROOT / "sample_games").rglob("*.json"))
    data = shared_root()
    shared = sorted(p for p in data.rglob("*.json") if "variants" not in p.parts) if data.is_dir() else []
    return [(p, True) for p in samples] + [(p, False) for p in shared]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--limit", type=int, default=0, help="only the first N files (a quick look)")
    args = parser.parse_args()
    runner = CliRunner()
    os.chdir(ROOT)  # sample paths relative, so that two checkouts print the same
    rows = []
    chosen = files()[: args.limit or None]
    for path, sample in chosen:
        for command in COMMANDS + (SOLVE if sample else ()):
            arg = str(path.relative_to(ROOT)) if sample else str(path)
            result = runner.invoke(cli, [*command, arg], catch_exceptions=True)
            text = result.output + ("" if result.exception is None or isinstance(result.exception, SystemExit)
                                    else f"EXCEPTION {type(result.exception).__name__}: {result.exception}")
            digest = hashlib.sha256(text.encode("utf-8", "surrogateescape")).hexdigest()[:16]
            name = path.relative_to(ROOT) if sample else path.relative_to(shared_root().parent)
            rows.append(f"{' '.join(command)}\t{name}\t{result.exit_code}\t{digest}")
    args.out.write_text("\n".join(rows) + "\n")
    print(f"{len(rows)} outputs of {len(chosen)} files digested into {args.out}")


if __name__ == "__main__":
    main()
