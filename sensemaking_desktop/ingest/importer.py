"""Importing files into the library as a job: one item per file, resumable, duplicates spotted.

Extraction and sectioning happen in `run` (slow, no writes); the material and its sections
are written in `save`, in the transaction that marks the file done, so a crash never leaves
half a material behind.
"""

import importlib
import os
import shutil
from collections import Counter
from collections.abc import Callable
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

import sqlite_utils
from pydantic import BaseModel, Field

from sensemaking_desktop import paths
from sensemaking_desktop.budget import Deadline, budget_for, check_file
from sensemaking_desktop.cancel import NEVER, CancelToken
from sensemaking_desktop.hashing import sha256_of
from sensemaking_desktop.ingest.asr import DEFAULT_BACKEND
from sensemaking_desktop.ingest.errors import IngestError
from sensemaking_desktop.ingest.extracted import Extracted, Progress
from sensemaking_desktop.ingest.outcome import ImportOutcome
from sensemaking_desktop.jobs import JobHandler
from sensemaking_desktop.store.materials import add_material, find_by_sha256
from sensemaking_desktop.text.control import readable_name
from sensemaking_desktop.text.language import detect

if TYPE_CHECKING:
    from sensemaking_desktop.ingest.sectioning import SectionDraft

Reader = Callable[[Path, "IngestOptions", CancelToken, Progress | None], Extracted]


class IngestOptions(BaseModel):
    """What the user chose for an import; recorded with each material."""

    language: str | None = Field(
        None, description="Language of a recording, or of any material (ISO code); None detects it."
    )
    asr_backend: str = DEFAULT_BACKEND
    asr_model: str = "base"
    password: str | None = Field(None, description="Password of an encrypted PDF.")
    token_budget: int = Field(1500, ge=200, description="Largest section, in tokens (fits a 4k context).")
    again: bool = Field(False, description="Import a file even when the same file is already in the library.")


def reader_of(path: Path) -> Reader:
    """The reader for a file's suffix; an unsupported suffix gets one line listing those that are."""
    try:
        return READERS[path.suffix.lower()]
    except KeyError:
        raise IngestError(
            f"{path.name}: files of type '{path.suffix.lower() or 'without extension'}' cannot be imported "
            f"(supported: {', '.join(SUPPORTED)})."
        ) from None


def job_items(paths: list[Path]) -> list[tuple[str, dict[str, str]]]:
    """One ingest job item per file. A path that is not valid UTF-8 is refused by its readable
    name: the library stores text, and the job must find the file again by the path it stores."""
    items = []
    for path in paths:
        resolved = str(path.expanduser().resolve())
        if readable_name(resolved) != resolved:
            raise IngestError(
                f"The file name {readable_name(path.name)!r} is not valid UTF-8 (shown with \ufffd); "
                "rename the file and import it again."
            )
        items.append((path.name, {"path": resolved}))
    return items


def check_readable(path: Path) -> None:
    """Fail early, with the file's name, on what no extractor could read."""
    if not path.exists():
        raise IngestError(f"{path} does not exist.")
    if not path.is_file():
        raise IngestError(f"{path} is a folder, not a file.")
    if path.stat().st_size == 0:
        raise IngestError(f"{path.name} is empty.")


def extract(
    path: Path,
    options: IngestOptions,
    *,
    cancel: CancelToken = NEVER,
    on_progress: Callable[[float], None] | None = None,
) -> Extracted:
    """Read any supported file into blocks; progress is reported as a fraction.

    The file must fit its format's budget (sensemaking_desktop/budget.py): its size first, then
    what the reader checks (expansion, markup, pages), and the reading time throughout."""
    reader = reader_of(path)
    check_readable(path)
    budget = budget_for(path)
    if budget is not None:
        check_file(path, budget)
        cancel = Deadline(cancel, path, budget)
    report = (lambda done, total: on_progress(done / total if total else 0.0)) if on_progress else None
    return reader(path, options, cancel, report)


def _pdf(path: Path, options: IngestOptions, cancel: CancelToken, report: Progress | None) -> Extracted:
    from sensemaking_desktop.ingest.pdf import extract_pdf

    return extract_pdf(path, password=options.password, cancel=cancel, on_progress=report)


def _epub(path: Path, options: IngestOptions, cancel: CancelToken, report: Progress | None) -> Extracted:
    from sensemaking_desktop.ingest.container import check_epub
    from sensemaking_desktop.ingest.pdf import extract_epub

    check_epub(path, cancel)
    return extract_epub(path, cancel=cancel, on_progress=report)


def _plain(
    path: Path, options: IngestOptions, cancel: CancelToken, report: Progress | None, *, module: str, function: str
) -> Extracted:
    """The reader of a format that needs nothing of the options (bound in READERS with `partial`):
    `function` of `sensemaking_desktop.ingest.<module>`, called with the file, the cancel token
    and progress. The module is imported on the first file that needs it, so the app starts
    without every format's libraries."""
    extractor = getattr(importlib.import_module(f"sensemaking_desktop.ingest.{module}"), function)
    return extractor(path, cancel=cancel, on_progress=report)


def _recording(path: Path, options: IngestOptions, cancel: CancelToken, report: Progress | None) -> Extracted:
    from sensemaking_desktop.ingest.asr import transcribe

    return transcribe(
        path,
        backend=options.asr_backend,
        model=options.asr_model,
        language=options.language,
        cancel=cancel,
        on_progress=report,
    )


AUDIO_SUFFIXES = {".mp3", ".wav", ".flac", ".ogg", ".oga", ".opus", ".m4a", ".aac", ".wma"}
VIDEO_SUFFIXES = {".mp4", ".mkv", ".webm", ".mov", ".avi", ".m4v"}
READERS: dict[str, Reader] = {
    ".pdf": _pdf,
    ".epub": _epub,
    **dict.fromkeys((".txt", ".text", ".md", ".markdown"), partial(_plain, module="text", function="extract_text")),
    ".docx": partial(_plain, module="word", function="extract_docx"),
    ".odt": partial(_plain, module="opendocument", function="extract_odt"),
    ".pptx": partial(_plain, module="powerpoint", function="extract_pptx"),
    ".odp": partial(_plain, module="opendocument", function="extract_odp"),
    **dict.fromkeys((".doc", ".ppt"), partial(_plain, module="legacy", function="extract_legacy")),
    **dict.fromkeys((".html", ".htm", ".mhtml", ".mht"), partial(_plain, module="webpage", function="extract_html")),
    **dict.fromkeys((".srt", ".vtt"), partial(_plain, module="subtitles", function="extract_subtitles")),
    **dict.fromkeys(
        (".png", ".jpg", ".jpeg", ".tif", ".tiff"), partial(_plain, module="image", function="extract_image")
    ),
    **dict.fromkeys(AUDIO_SUFFIXES | VIDEO_SUFFIXES, _recording),
}
"""Every suffix that can be imported; the reader module is imported only when a file needs it."""
SUPPORTED = sorted(READERS)


def keep_copy(path: Path, sha256: str, data_dir: Path) -> str:
    """Copy the original into the library's files folder (once per content), so the library
    stays whole when the original moves, and a backup carries it. Returns the relative path."""
    target = paths.files_dir(data_dir) / f"{sha256}{path.suffix.lower()}"
    if not target.exists():
        partial = target.with_name(f"{target.name}.partial")
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, partial)
            os.replace(partial, target)
        except OSError as error:
            partial.unlink(missing_ok=True)
            raise IngestError(f"Cannot keep a copy of {path.name} in the library: {error.strerror}.") from error
    return target.relative_to(data_dir).as_posix()


def with_languages(
    drafts: list["SectionDraft"], transcribed: str | None, given: str | None
) -> tuple[str | None, list["SectionDraft"]]:
    """The material's language and its sections, each with its own.

    A transcript is in the language Whisper decoded it in, sections and all. Otherwise each
    section's language is detected from its text (its material's when too short to tell), and
    the material's is the one the user gave, else the one most of its text is written in."""
    found = [transcribed or detect(draft.text) for draft in drafts]
    written: Counter[str] = Counter()
    for draft, language in zip(drafts, found):
        if language:
            written[language] += len(draft.text)
    most = written.most_common(1)[0][0] if written else None
    material = transcribed or (given or "").strip().lower() or most
    return material, [replace(draft, language=language or material) for draft, language in zip(drafts, found)]


class IngestHandler(JobHandler):
    """One file per item; params are IngestOptions."""

    name = "ingest"

    def run(self, payload: dict[str, Any], cancel: CancelToken) -> dict[str, Any]:
        from sensemaking_desktop.ingest.sectioning import make_sections

        path = Path(payload["path"])
        options = IngestOptions.model_validate(self.params)
        reader_of(path)
        check_readable(path)
        sha256 = sha256_of(path, cancel)
        existing = find_by_sha256(self.context.store, sha256)
        if existing is not None and not options.again:
            return {"existing_material_id": existing.id, "title": existing.title}
        extracted = extract(path, options, cancel=cancel, on_progress=self.context.item_progress)
        drafts = make_sections(extracted, token_budget=options.token_budget)
        if not drafts:
            raise IngestError(f"{path.name} holds no text to make sections from.")
        language, drafts = with_languages(drafts, extracted.language, options.language)
        stored = keep_copy(path, sha256, self.context.data_dir)
        material = {
            "title": extracted.title or path.stem,
            "kind": extracted.kind,
            "source_path": str(path.resolve()),
            "sha256": sha256,
            "language": language,
            "meta": extracted.meta
            | {"import_options": options.model_dump(exclude={"password"}), "stored_file": stored},
        }
        return {"material": material, "sections": [draft.__dict__ for draft in drafts]}

    def save(self, db: sqlite_utils.Database, payload: dict[str, Any], result: dict[str, Any]) -> dict[str, Any]:
        if "existing_material_id" in result:
            return ImportOutcome(result["existing_material_id"], result["title"], existing=True).as_json()
        material_id = add_material(db, result["material"], result["sections"])
        return ImportOutcome(material_id, result["material"]["title"], sections=len(result["sections"])).as_json()
