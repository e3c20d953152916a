"""Characters imported text must not carry: control characters, and what cannot be written as UTF-8.

A NUL byte in a quiz CSV was stored, then exported as Moodle XML that the app's own import (and
Moodle) rejects, since XML 1.0 cannot hold it (issue 32). What a person can type survives: tab,
line feed and carriage return. Everything else in Unicode's control category (C0 and C1, DEL) and
the noncharacters U+FFFE and U+FFFF are removed. A lone surrogate, which is what Python makes of
bytes that are not UTF-8 in a file name, becomes U+FFFD (the replacement character), so the text
can be stored and shows where something was lost.
"""

import re

REPLACEMENT = "\ufffd"
_UNWANTED = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ufffe\uffff]")
_SURROGATE = re.compile(r"[\ud800-\udfff]")


def clean_text(text: str) -> tuple[str, int]:
    """`text` without control characters and with lone surrogates replaced; how many were changed."""
    without, removed = _UNWANTED.subn("", text)
    cleaned, replaced = _SURROGATE.subn(REPLACEMENT, without)
    return cleaned, removed + replaced


def readable_name(name: str) -> str:
    """A file or folder name as it can be shown and stored: bytes that are not UTF-8 as U+FFFD."""
    return _SURROGATE.sub(REPLACEMENT, name)
