"""The catalogue of models worth downloading, kept as data in models/catalogue.json."""

import json
import re
from functools import cache

from pydantic import BaseModel, Field

from sensemaking_desktop import paths


class CatalogueEntry(BaseModel):
    name: str
    title: str
    repo: str
    file: str
    revision: str = "main"
    size_bytes: int
    sha256: str | None = Field(None, pattern="^[0-9a-f]{64}$")
    license: str
    ram_gb: float
    context_length: int
    languages: list[str]
    good_for: str

    @property
    def plain_title(self) -> str:
        """The model's name as a teacher reads it: the title without the file detail in its last
        parenthesis ("Gemma 3 4B Instruct", not "… (Q4_K_M)"), which `sensemaking models` keeps."""
        return _FILE_DETAIL.sub("", self.title)


_FILE_DETAIL = re.compile(r"\s*\([^()]*\)$")


@cache
def load_catalogue() -> tuple[CatalogueEntry, ...]:
    data = json.loads(paths.catalogue_path().read_text(encoding="utf-8"))
    return tuple(CatalogueEntry.model_validate(entry) for entry in data["models"])


def find_entry(name: str) -> CatalogueEntry | None:
    return next((entry for entry in load_catalogue() if entry.name == name), None)
