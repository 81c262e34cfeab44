"""The project's own design docs (docs/architecture.md, docs/definitions.md) stay true:
what the code cites in them exists there, what they name exists in the code, and nothing
cites the founders' notes, which users do not have."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from helpers import ROOT

from nova_replay.review.vocabulary import Kind, Severity

DOCS = ROOT / "docs"
DEFINITIONS = (DOCS / "definitions.md").read_text(encoding="utf-8")
ARCHITECTURE = (DOCS / "architecture.md").read_text(encoding="utf-8")
OURS = ("nova_replay", "dashboards", "tests", "scripts", "benchmarks", "docs")


def _texts() -> list[Path]:
    files = [p for top in OURS for p in sorted((ROOT / top).rglob("*"))
             if p.suffix in (".py", ".md", ".js", ".toml") and p.is_file()]
    return [*files, ROOT / "README.md", ROOT / "pyproject.toml"]


def _terms() -> set[str]:
    """The headings and the bold terms of definitions.md, lower case."""
    headings = re.findall(r"^#+ (.+)$", DEFINITIONS, flags=re.MULTILINE)
    bold = re.findall(r"\*\*(.+?)\*\*", DEFINITIONS)
    return {t.strip().lower() for t in headings + bold}


def test_nothing_cites_the_founders_notes() -> None:
    notes = "DESIGN" + ".md"  # spelled so, so that this file does not cite it either
    citing = [str(p.relative_to(ROOT)) for p in _texts()
              if notes in p.read_text(encoding="utf-8", errors="replace")]
    assert len(_texts()) > 100 and citing == []


def test_every_cited_definition_is_defined() -> None:
    terms = _terms()
    cited = {(str(p.relative_to(ROOT)), term.lower()) for p in _texts()
             for term in re.findall(r'definitions(?:\.md|\]\(definitions\.md\)), "([^"]+)"',
                                    p.read_text(encoding="utf-8", errors="replace"))}
    assert len(cited) >= 10
    assert [c for c in cited if c[1] not in terms] == []


def test_definitions_name_every_kind_and_severity() -> None:
    for kind in Kind:
        assert f"(`{kind}`" in DEFINITIONS, kind
    for severity in Severity:
        assert f"| {severity} | `{severity.glyph}` |" in DEFINITIONS, severity


def _defined(path: Path) -> set[str]:
    """Every function, class and method name a module defines."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {n.name for n in ast.walk(tree)
            if isinstance(n, ast.FunctionDef | ast.ClassDef | ast.AsyncFunctionDef)}


def _module(name: str) -> Path:
    """A file named as the architecture page names it (`knowledge/status.py`, `dashboards/...`)."""
    return ROOT / name if name.startswith("dashboards/") else ROOT / "nova_replay" / name


def test_each_idea_names_its_home_and_the_home_exists() -> None:
    table = ARCHITECTURE.split("## Where each idea lives")[1].split("\n## ")[0]
    rows = [line for line in table.splitlines() if line.startswith("| ") and "---" not in line][1:]
    assert len(rows) >= 30
    missing = []
    for row in rows:
        idea, home = (cell.strip() for cell in row.strip("|").split("|"))
        files = [_module(f) for f in re.findall(r"`([\w/]+\.py)`", home)]
        assert files and all(f.is_file() for f in files), f"{idea}: {home}"
        found = set().union(*(_defined(f) for f in files))
        text = "".join(f.read_text(encoding="utf-8") for f in files)
        for name in re.findall(r"`([\w.]+)`", home):
            if name.endswith(".py"):
                continue
            # A function, class or method, or a module-level name (GAME_COLUMNS).
            if not all(part in found or re.search(rf"^{part}\b", text, re.MULTILINE)
                       for part in name.split(".")):
                missing.append(f"{idea}: {name}")
    assert missing == []
