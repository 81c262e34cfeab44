"""The tests and benchmarks find the shared real data beside the repository or through
$NOVA_SHARED, and name no machine's folder."""

from __future__ import annotations

import ast
from pathlib import Path

from helpers import ROOT, shared_root

# Folders that belong to one machine (a home, a scratch or a work folder).
MACHINE = ("/work/", "/home/", "/Users/", "/tmp/", "/root/")


def test_the_folder_beside_the_repository_comes_first(tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    repo.mkdir()
    (tmp_path / "shared" / "data").mkdir(parents=True)
    assert shared_root(repo, {"NOVA_SHARED": str(tmp_path / "x")}) == tmp_path / "shared" / "data"


def test_nova_shared_names_it_when_none_is_beside(tmp_path: Path) -> None:
    repo = tmp_path / "wt" / "repo"
    repo.mkdir(parents=True)
    assert shared_root(repo, {"NOVA_SHARED": str(tmp_path / "s")}) == tmp_path / "s" / "data"


def test_with_neither_it_is_the_missing_folder_beside_never_a_machine_path(tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    repo.mkdir()
    found = shared_root(repo, {})
    assert found == tmp_path / "shared" / "data" and not found.exists()


def test_no_test_or_benchmark_names_a_machine_folder() -> None:
    here = Path(__file__).resolve()
    files = [p for top in ("tests", "benchmarks") for p in sorted((ROOT / top).rglob("*.py"))
             if p != here]
    found = [f"{p.relative_to(ROOT)}:{node.lineno}: {node.value!r}"
             for p in files for node in ast.walk(ast.parse(p.read_text(encoding="utf-8")))
             if isinstance(node, ast.Constant) and isinstance(node.value, str)
             and node.value.startswith(MACHINE)]
    assert len(files) > 40 and found == []
