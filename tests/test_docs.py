"""The documentation's examples are true."""

from __future__ import annotations

import json
import re
from pathlib import Path

from click.testing import CliRunner
from helpers import ROOT, SCHEMA_FILE
from jsonschema import Draft202012Validator

from nova_replay.cli import main
from nova_replay.record.validation import check_data

FORMAT_DOC = ROOT / "docs" / "format.md"


def json_blocks(text: str) -> list[str]:
    return re.findall(r"```json\n(.*?)```", text, flags=re.DOTALL)


def test_format_doc_example_is_a_valid_finished_log(tmp_path: Path) -> None:
    blocks = json_blocks(FORMAT_DOC.read_text("utf-8"))
    assert blocks, "docs/format.md has no ```json example"
    schema = Draft202012Validator(json.loads(SCHEMA_FILE.read_text("utf-8")))
    for block in blocks:
        data = json.loads(block)
        assert list(schema.iter_errors(data)) == []
        report = check_data(data, "docs/format.md")
        assert report.problems == () and report.finished
        path = tmp_path / "example.json"
        path.write_text(block, encoding="utf-8")
        result = CliRunner().invoke(main, ["validate", "--strict", str(path)])
        assert result.exit_code == 0, result.output


def test_format_doc_example_uses_every_action_kind_and_optional_field() -> None:
    data = json.loads(json_blocks(FORMAT_DOC.read_text("utf-8"))[0])
    kinds = {a["type"] for a in data["actions"]}
    assert kinds == {"hint", "play", "discard"}
    assert any("row" in a for a in data["actions"]) and any("comment" in a for a in data["actions"])
    assert {"termination", "meta"} <= set(data)


def test_format_doc_has_a_hanablive_section() -> None:
    headings = re.findall(r"^## .*$", FORMAT_DOC.read_text("utf-8"), flags=re.MULTILINE)
    assert "## hanab.live files" in headings
