"""JSON lines in: the items of `grade --items`, `answer --items`, the robustness suite, the
agreement metrics' grade files and the benches' item and signals files, one object a line."""

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from sensemaking_desktop.errors import SensemakingError


def json_lines(path: Path, problem: Callable[[Any], str | None]) -> tuple[list[tuple[int, Any]], list[str]]:
    """(line number, row) of each JSON line of `path` that `problem` finds no fault with, and
    "line N: ..." for every line that is not JSON or that it does, so a caller can name every bad
    line at once before any work starts. Blank lines are passed over."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as error:
        raise SensemakingError(f"Cannot read {path}: {getattr(error, 'strerror', None) or error}.") from error
    rows, problems = [], []
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
        except json.JSONDecodeError as error:
            problems.append(f"line {number}: not JSON ({error.msg})")
            continue
        fault = problem(row)
        if fault:
            problems.append(f"line {number}: {fault}")
        else:
            rows.append((number, row))
    return rows, problems


def read_items(path: Path, required: tuple[str, ...]) -> list[dict[str, Any]]:
    """JSON lines with the required keys; every bad line is reported before any work starts."""

    def problem(item: Any) -> str | None:
        missing = [key for key in required if not isinstance(item, dict) or not isinstance(item.get(key), str)]
        if not missing:
            return None
        fields = "text field" if len(missing) == 1 else "text fields"
        return f"needs the {fields} {', '.join(missing)}"

    rows, problems = json_lines(path, problem)
    if problems:
        raise SensemakingError(f"{path.name} has bad lines; nothing was run:\n" + "\n".join(problems[:20]))
    if not rows:
        raise SensemakingError(f"{path.name} holds no items.")
    return [item for _, item in rows]
