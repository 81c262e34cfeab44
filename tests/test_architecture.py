"""The import contracts (pyproject.toml, docs/architecture.md) hold, and fail when broken.

import-linter runs on a copy of the package in a temporary directory, so a planted
cycle never touches the worktree: the copy as it is keeps every contract, and the same
copy with one lazy import planted breaks the no-cycle contract. Each layered package's
contract names every one of its modules, so a new module is never left outside it."""

from __future__ import annotations

import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
LINT = Path(sys.executable).with_name("lint-imports")


def _contracts() -> list[dict[str, object]]:
    with open(ROOT / "pyproject.toml", "rb") as f:
        return list(tomllib.load(f)["tool"]["importlinter"]["contracts"])


def _lint(where: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(LINT), "--no-cache"], cwd=where, capture_output=True, text=True,
                          env={"PYTHONPATH": str(where), "PATH": str(LINT.parent)})


@pytest.fixture(scope="module")
def tree(tmp_path_factory: pytest.TempPathFactory) -> Path:
    where = tmp_path_factory.mktemp("tree")
    shutil.copytree(ROOT / "nova_replay", where / "nova_replay",
                    ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "pyproject.toml", where / "pyproject.toml")
    return where


def test_the_tree_keeps_every_contract(tree: Path) -> None:
    done = _lint(tree)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "BROKEN" not in done.stdout


def test_a_planted_cycle_breaks_the_no_cycle_contract(tree: Path) -> None:
    """views.text imports nothing of views; a lazy import of views.position (which
    imports views.text) inside a function closes a cycle only the no-cycle contract sees
    (both modules are one floor of the flow's layers)."""
    text = tree / "nova_replay" / "views" / "text.py"
    kept = text.read_text()
    text.write_text(kept + "\n\ndef _planted() -> None:\n    from .position import Position  # noqa\n")
    try:
        done = _lint(tree)
    finally:
        text.write_text(kept)
    assert done.returncode != 0
    assert "No import cycle inside any package (docs/architecture.md) BROKEN" in done.stdout
    assert ".text -> .position" in done.stdout


def test_a_reader_module_importing_upward_breaks_the_readers_layers(tree: Path) -> None:
    """The reader's vocabulary may not ask the reading (the cycle chop <-> game this
    package once had)."""
    chop = tree / "nova_replay" / "conventions" / "chop.py"
    kept = chop.read_text()
    chop.write_text(kept + "\n\ndef _planted() -> None:\n    from .game import GameReading  # noqa\n")
    try:
        done = _lint(tree)
    finally:
        chop.write_text(kept)
    assert done.returncode != 0
    assert "The convention reader" in done.stdout
    assert "nova_replay.conventions.chop -> nova_replay.conventions.game" in done.stdout


def test_every_layered_package_lists_all_its_modules() -> None:
    for contract in _contracts():
        if contract["type"] != "layers" or "containers" not in contract:
            continue
        containers = contract["containers"]
        assert isinstance(containers, list)
        layers = contract["layers"]
        assert isinstance(layers, list)
        listed = {m.strip() for layer in layers for m in str(layer).split("|")}
        for package in containers:
            folder = ROOT / Path(*package.split("."))
            present = {p.stem for p in folder.glob("*.py") if p.stem != "__init__"}
            present |= {p.name for p in folder.iterdir() if (p / "__init__.py").exists()}
            assert present == listed, (package, sorted(present ^ listed))
