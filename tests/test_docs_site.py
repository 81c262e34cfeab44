"""The docs site: its CLI page is the commands' own help, its pages are all in the nav, and
the Python guide's code cells run, in order, as a notebook would run them."""

from __future__ import annotations

import contextlib
import io
import os
import re
from pathlib import Path

import pytest
import yaml
from helpers import ROOT, shared

from nova_replay.cli import main
from nova_replay.cli.reference import cli_reference

DOCS = ROOT / "docs"
CELL = re.compile(r"^```python[^\n]*\n(.*?)^```", re.S | re.M)  # exec="on" ...: markdown-exec


class MkDocsLoader(yaml.SafeLoader):
    """mkdocs.yml as MkDocs reads it, less its tags' meaning (`!ENV`: a value from the
    environment)."""


MkDocsLoader.add_constructor("!ENV", lambda loader, node: None)


def cells(page: Path) -> list[str]:
    return CELL.findall(page.read_text(encoding="utf-8"))


def test_the_cli_page_is_the_commands_help() -> None:
    committed = (DOCS / "cli.md").read_text(encoding="utf-8")
    assert committed == cli_reference(main), "run `python scripts/regenerate.py cli-reference`"
    for name in main.commands:
        assert f"## `nova-replay {name}`" in committed


def test_every_page_is_in_the_nav_and_every_nav_entry_exists() -> None:
    config = yaml.load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"), MkDocsLoader)
    listed = {page for entry in config["nav"] for page in entry.values()}
    assert all((DOCS / page).is_file() for page in listed)
    assert {p.name for p in DOCS.glob("*.md")} == listed


@pytest.mark.parametrize("page", ["python.md", "quickstart.md", "walkthrough.md"])
def test_the_guides_code_cells_run_in_order(page: str, tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    if page == "walkthrough.md":  # a real game of the shared corpus, read offline
        monkeypatch.setenv("NOVA_SHARED", str(shared("hanablive").parent.parent))
        monkeypatch.setenv("NOVA_CACHE", str(tmp_path / "cache"))  # the page sets its own
    found = cells(DOCS / page)
    assert found, f"{page} has no code cell"
    namespace: dict[str, object] = {}
    here = os.getcwd()
    os.chdir(tmp_path)  # as a user would, away from the source tree's sample_games/
    try:
        for number, cell in enumerate(found, start=1):
            shown = io.StringIO()
            with contextlib.redirect_stdout(shown):
                exec(compile(cell, f"{page}, cell {number}", "exec"), namespace)
            assert shown.getvalue() or "assert" in cell, f"cell {number} shows nothing"
    finally:
        os.chdir(here)


def test_the_api_reference_lists_every_public_name_under_its_public_path() -> None:
    """docs/api.md documents `nova_replay.__all__`, each as `nova_replay.NAME` (the name a
    user imports), not under the module that defines it (issue 36)."""
    import nova_replay

    text = (DOCS / "api.md").read_text(encoding="utf-8")
    listed = re.findall(r"^::: ([\w.]+)$", text, re.M)
    assert sorted(listed) == sorted(f"nova_replay.{name}" for name in nova_replay.__all__)
    assert len(listed) == len(set(listed))


def test_the_counts_in_the_text_and_the_picture_are_what_ships() -> None:
    """The README's and docs' numbers of lessons, puzzles and samples are written by
    scripts/doc_counts.py; docs/images/dashboard.png by scripts/make_screenshot.py, which
    records beside it the pickers' counts the page showed (issue 36)."""
    import json
    import sys

    sys.path.insert(0, str(ROOT / "scripts"))
    import doc_counts

    assert doc_counts.stale() == [], "run `python scripts/doc_counts.py`"
    shown = json.loads((DOCS / "images" / "dashboard.json").read_text(encoding="utf-8"))
    found = doc_counts.counts()
    assert (shown["lessons"], shown["puzzles"]) == (found["lessons"], found["puzzles"]), (
        "the picture is older than the course or the puzzles: run "
        "`python scripts/make_screenshot.py`")
