"""Credentials kept out of the library, its backups and what the app prints.

A server address may carry a key (`http://user:KEY@host/v1`); the app moves such a key to the
OS keyring (llm/servers.py) and keeps only the address without it. What is written to the
library (job parameters, a model call's provenance, settings) and to a backup passes through
`scrub` as well, so a key that arrives some other way is still not stored. Finding and removing
what older versions stored is a query over the library, so it lives in store/credentials.py.
"""

import re
from typing import Any
from urllib.parse import unquote, urlsplit, urlunsplit

_USERINFO = re.compile(r"(?i)\b(https?://)[^/\s@#?\"'<>]*@")
"""The `user:password@` part of an http(s) address inside any text."""
SECRET_KEYS = frozenset({"password", "api_key"})
"""Job parameters that are secrets: held in memory for the run, never written to the job's row."""


def split_credentials(url: str) -> tuple[str, str | None]:
    """`url` without its `user:password@` part, and the key it held (the password, else the user name)."""
    parts = urlsplit(url)
    if "@" not in parts.netloc:
        return url, None
    userinfo, _, host = parts.netloc.rpartition("@")
    user, _, password = userinfo.partition(":")
    key = unquote(password or user) or None
    return urlunsplit(parts._replace(netloc=host)), key


def strip_credentials(text: str) -> str:
    """`text` with the credentials of every http(s) address in it removed."""
    return _USERINFO.sub(r"\1", text) if "@" in text else text


def scrub(value: Any) -> Any:
    """A copy of JSON-like `value` with credentials removed from every string in it."""
    if isinstance(value, str):
        return strip_credentials(value)
    if isinstance(value, dict):
        return {scrub(key) if isinstance(key, str) else key: scrub(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [scrub(item) for item in value]
    return value
