"""`sensemaking ingest` on a file whose name is not UTF-8: one line naming it, exit non-zero, no job
and no material left behind; a good name next to it still imports (issue 32)."""

import json
import os
from pathlib import Path

from cli_process import sensemaking

TEXT = b"Cheese is made from milk. It is aged for months in cool cellars before it is sold.\n"


def test_a_name_that_is_not_utf8_is_refused_and_nothing_is_stored(tmp_path: Path) -> None:
    bad = os.fsdecode(os.fsencode(str(tmp_path)) + b"/K\xe4se.txt")
    Path(bad).write_bytes(TEXT)
    data = tmp_path / "data"
    refused = sensemaking(data, "ingest", bad)
    assert refused.returncode != 0
    assert "K\ufffdse.txt' is not valid UTF-8" in refused.stderr and "Traceback" not in refused.stderr
    assert json.loads(sensemaking(data, "materials", "list", "--json").stdout) == []
    assert json.loads(sensemaking(data, "jobs", "list", "--json").stdout) == []

    good = tmp_path / "cheese.txt"
    good.write_bytes(TEXT)
    imported = sensemaking(data, "ingest", str(good), "--json")
    assert imported.returncode == 0, imported.stderr
    assert len(json.loads(sensemaking(data, "materials", "list", "--json").stdout)) == 1
