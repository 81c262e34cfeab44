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
from helpers import ROOT

from nova_replay.cli import main
from nova_replay.cli.reference import cli_reference

DOCS = ROOT / "docs"
CELL = re.compile(r"^```python\n(.*?)^```", re.S | re.M)


def cells(page: Path) -> list[str]:
    return CELL.findall(page.read_text(encoding="utf-8"))


def test_the_cli_page_is_the_commands_help() -> None:
    committed = (DOCS / "cli.md").read_text(encoding="utf-8")
    assert committed == cli_reference(main), "run `python scripts/regenerate.py cli-reference`"
    for name in main.commands:
        assert f"## `nova-replay {name}`" in committed


def test_every_page_is_in_the_nav_and_every_nav_entry_exists() -> None:
    config = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))
    listed = {page for entry in config["nav"] for page in entry.values()}
    assert all((DOCS / page).is_file() for page in listed)
    assert {p.name for p in DOCS.glob("*.md")} == listed


@pytest.mark.parametrize("page", ["python.md", "quickstart.md"])
def test_the_guides_code_cells_run_in_order(page: str, tmp_path: Path) -> None:
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
