"""Prompt templates: versioned TOML files under resources/prompts, rendered with Jinja2.

Each file has `name`, `version`, `description` and one Jinja2 text per chat role
(`system`, `user`). Templates put the material first and the task last, so calls over
one section share a prefix that llama.cpp keeps in its KV cache.

NAME.toml is the installed version, the one the app uses. Earlier versions worth comparing
are kept as versions/NAME@VERSION.toml; an experiment runs a role on one of them by pinning
it (`pinned`) around the role's calls, so the roles themselves only ever ask for a name, and
the version rendered is recorded in each generation's provenance as always.
"""

import tomllib
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import jinja2

from sensemaking_desktop import paths
from sensemaking_desktop.errors import SensemakingError
from sensemaking_desktop.llm.backend import Prompt

_ROLES = ("system", "user")
_ENV = jinja2.Environment(undefined=jinja2.StrictUndefined, keep_trailing_newline=False, autoescape=False)


@dataclass(frozen=True)
class PromptTemplate:
    name: str
    version: str
    description: str
    parts: dict[str, jinja2.Template]

    def render(self, **values: Any) -> Prompt:
        try:
            messages = [{"role": role, "content": part.render(**values)} for role, part in self.parts.items()]
        except jinja2.UndefinedError as error:
            raise SensemakingError(f"Prompt {self.name} v{self.version} is missing a value: {error}") from error
        return Prompt(messages=messages, template_name=self.name, template_version=self.version)


_PINS: ContextVar[Mapping[str, str] | None] = ContextVar("template_pins", default=None)


def load_template(name: str) -> PromptTemplate:
    """The template NAME: the version pinned where this runs (see `pinned`), else the installed one."""
    return template_version(name, (_PINS.get() or {}).get(name))


@contextmanager
def pinned(versions: Mapping[str, str]) -> Iterator[None]:
    """Render these versions (name -> version) of templates within the block, in this thread."""
    token = _PINS.set(dict(versions))
    try:
        yield
    finally:
        _PINS.reset(token)


@cache
def template_version(name: str, version: str | None = None) -> PromptTemplate:
    """Version `version` of NAME (None: the installed one), read once per process."""
    folder = paths.resources_dir() / "prompts"
    installed = _read(folder / f"{name}.toml", f"No prompt template named {name!r} in {folder}")
    if version is None or installed.version == version:
        return installed
    kept = _read(
        folder / "versions" / f"{name}@{version}.toml",
        f"Prompt template {name} has no version {version} (there are: {', '.join(template_versions(name))})",
    )
    if (kept.name, kept.version) != (name, version):
        raise SensemakingError(f"versions/{name}@{version}.toml says it is {kept.name} version {kept.version}.")
    return kept


def template_versions(name: str) -> list[str]:
    """The versions of NAME there are: the kept ones and the installed one."""
    folder = paths.resources_dir() / "prompts"
    kept = [path.stem.split("@", 1)[1] for path in (folder / "versions").glob(f"{name}@*.toml")]
    installed = template_version(name).version
    return sorted({*kept, installed}, key=lambda version: (len(version), version))


def _read(path: Path, missing: str) -> PromptTemplate:
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError as error:
        raise SensemakingError(missing) from error
    parts = {role: _ENV.from_string(data[role]) for role in _ROLES if role in data}
    return PromptTemplate(
        name=data["name"], version=str(data["version"]), description=data.get("description", ""), parts=parts
    )
