"""JSON lines in: the items of `grade --items`, `answer --items`, the robustness suite and the
agreement metrics' grade files, one object a line."""

import json
from pathlib import Path
from typing import Any

from sensemaking_desktop.errors import SensemakingError


def read_items(path: Path, required: tuple[str, ...]) -> list[dict[str, Any]]:
    """JSON lines with the required keys; every bad line is reported before any work starts."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as error:
        raise SensemakingError(f"Cannot read {path}: {error}.") from error
    items, problems = [], []
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            item = json.loads(line)
        except json.JSONDecodeError as error:
            problems.append(f"line {number}: not JSON ({error.msg})")
            continue
        missing = [key for key in required if not isinstance(item, dict) or not isinstance(item.get(key), str)]
        if missing:
            problems.append(f"line {number}: needs the text field(s) {', '.join(missing)}")
        else:
            items.append(item)
    if problems:
        raise SensemakingError(f"{path.name} has bad lines; nothing was run:\n" + "\n".join(problems[:20]))
    if not items:
        raise SensemakingError(f"{path.name} holds no items.")
    return items
