"""Prompt templates: versioned TOML files under resources/prompts, rendered with Jinja2.

Each file has `name`, `version`, `description` and one Jinja2 text per chat role
(`system`, `user`). Templates put the material first and the task last, so calls over
one section share a prefix that llama.cpp keeps in its KV cache.
"""

import tomllib
from dataclasses import dataclass
from functools import cache
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


@cache
def load_template(name: str) -> PromptTemplate:
    """Load resources/prompts/NAME.toml once per process."""
    path = paths.resources_dir() / "prompts" / f"{name}.toml"
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError as error:
        raise SensemakingError(f"No prompt template named {name!r} in {path.parent}") from error
    parts = {role: _ENV.from_string(data[role]) for role in _ROLES if role in data}
    return PromptTemplate(
        name=data["name"], version=str(data["version"]), description=data.get("description", ""), parts=parts
    )
