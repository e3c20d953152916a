"""Names sorted as people read them: S2 before S10, Anna beside anna."""

import re

_DIGITS = re.compile(r"(\d+)")


def natural_key(name: str) -> tuple[tuple[str | int, ...], str]:
    """A sort key comparing runs of digits as numbers and letters without case; the name itself breaks
    ties, so names that differ only in case or leading zeros keep a fixed order (and stay apart)."""
    parts = _DIGITS.split(name)
    return tuple(int(part) if index % 2 else part.casefold() for index, part in enumerate(parts)), name
