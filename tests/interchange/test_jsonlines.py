"""JSON lines in: every bad line named at once with its number, blank lines passed over, and a
file that cannot be read said in one line."""

from pathlib import Path

import pytest

from sensemaking_desktop.errors import SensemakingError
from sensemaking_desktop.interchange.jsonlines import json_lines, read_items


def test_rows_keep_their_line_numbers_and_every_bad_line_is_named(tmp_path: Path) -> None:
    path = tmp_path / "items.jsonl"
    path.write_text('{"a": 1}\n\n{not json\n{"b": 2}\n[3]\n', encoding="utf-8")
    rows, problems = json_lines(path, lambda row: None if isinstance(row, dict) else "not an object")
    assert rows == [(1, {"a": 1}), (4, {"b": 2})]
    assert problems == ["line 3: not JSON (Expecting property name enclosed in double quotes)", "line 5: not an object"]


def test_items_need_their_text_fields_and_a_file_that_cannot_be_read_is_one_line(tmp_path: Path) -> None:
    path = tmp_path / "items.jsonl"
    path.write_text('{"question": "Q?", "answer": "A."}\n{"question": "Q?"}\n', encoding="utf-8")
    with pytest.raises(SensemakingError, match=r"nothing was run:\nline 2: needs the text field answer$"):
        read_items(path, ("question", "answer"))
    with pytest.raises(SensemakingError, match=r"^Cannot read .*missing\.jsonl: No such file or directory\.$"):
        read_items(tmp_path / "missing.jsonl", ("question",))
