"""The wheel lists its packages by name (pyproject's [tool.setuptools] packages): a new
subpackage left off that list installs nothing and fails to import from the wheel."""

from __future__ import annotations

import tomllib

from helpers import ROOT


def test_every_subpackage_of_nova_replay_is_in_the_wheel() -> None:
    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
                 ["tool"]["setuptools"]["packages"])
    found = {".".join(p.parent.relative_to(ROOT).parts)
             for p in (ROOT / "nova_replay").rglob("__init__.py")}
    assert found - listed == set()
