"""One budget for every input: a crafted file per format over each limit is refused in one line
naming the limit, fast, before a parser holds it, and the library is left as it was."""

import json
import os
import time
import zipfile
from dataclasses import replace
from pathlib import Path

import pymupdf
import pytest

from sensemaking_desktop import budget
from sensemaking_desktop.errors import SensemakingError
from sensemaking_desktop.ingest.importer import IngestHandler, IngestOptions, extract
from sensemaking_desktop.interchange.backup import restore
from sensemaking_desktop.interchange.errors import InterchangeError
from sensemaking_desktop.store import Store
from sensemaking_desktop.workflows.jobs import job_queue

FAST_S = 10.0
"""Each refusal comes well within this, however large the file claims to be."""


def _varied_text(size: int) -> bytes:
    """Text that compresses about threefold, as prose does (no zip-bomb ratio to catch it): a
    megabyte of random words, repeated (deflate looks back 32 KB, so the repeats do not help it)."""
    words = b" ".join(os.urandom(6).hex().encode() for _ in range(2**20 // 13 + 1))[: 2**20]
    return (words * (size // len(words) + 1))[:size]


def _zip(path: Path, members: dict[str, bytes], level: int = 1) -> Path:
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED, compresslevel=level) as archive:
        for name, data in members.items():
            archive.writestr(name, data)
    return path


def _epub(path: Path, chapter: bytes, level: int = 1) -> Path:
    container = (
        b'<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">'
        b'<rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/>'
        b"</rootfiles></container>"
    )
    return _zip(
        path,
        {"mimetype": b"application/epub+zip", "META-INF/container.xml": container, "OEBPS/chapter.xhtml": chapter},
        level,
    )


def _docx(path: Path, document: bytes) -> Path:
    return _zip(path, {"[Content_Types].xml": b"<Types/>", "word/document.xml": document})


def _refused(path: Path, pattern: str) -> str:
    started = time.monotonic()
    with pytest.raises(SensemakingError, match=pattern) as caught:
        extract(path, IngestOptions())
    assert time.monotonic() - started < FAST_S
    message = str(caught.value)
    assert "\n" not in message and path.name in message
    return message


@pytest.fixture
def small_budgets(monkeypatch: pytest.MonkeyPatch) -> None:
    """1 MB of text per package, so the crafted files stay small and the tests fast."""
    for key in ("epub", "docx"):
        monkeypatch.setitem(budget.BUDGETS, key, replace(budget.BUDGETS[key], expanded_bytes=2**20))


def test_an_epub_whose_chapter_expands_past_the_budget_is_refused(tmp_path: Path, small_budgets: None) -> None:
    book = _epub(tmp_path / "book.epub", b"<html><body><p>" + _varied_text(3 * 2**20) + b"</p></body></html>")
    assert book.stat().st_size < 3 * 2**20  # small on disk: it is the expansion that is refused
    _refused(book, r"book.epub expands to more than the 1 MB of text an? EPUB book may hold .*OEBPS/chapter.xhtml")


def test_an_epub_zip_bomb_is_refused_before_mupdf_opens_it(tmp_path: Path) -> None:
    """The audit's 300 KB EPUB with a 100 MB chapter: EPUB skipped the zip checks."""
    book = _epub(tmp_path / "bomb.epub", b"<html><body><p>" + b" " * (100 * 2**20) + b"</p></body></html>", 9)
    assert book.stat().st_size < 300_000
    _refused(book, "looks like a zip bomb")


def test_a_docx_whose_xml_expands_past_the_budget_is_refused(tmp_path: Path, small_budgets: None) -> None:
    document = b"<w:document><w:body><w:p><w:r><w:t>" + _varied_text(3 * 2**20) + b"</w:t></w:r></w:p></w:body>"
    _refused(_docx(tmp_path / "long.docx", document), "long.docx expands to more than the 1 MB of text a Word document")


def test_the_default_budget_of_a_docx_is_counted_on_the_bytes_inflated(tmp_path: Path) -> None:
    """Under the ratio that marks a zip bomb, yet 65 MB of XML: more than a Word document's budget."""
    document = b"<w:document>" + _varied_text(65 * 2**20) + b"</w:document>"
    _refused(_docx(tmp_path / "big.docx", document), r"expands to more than the 64 MB of text a Word document may hold")


def test_a_one_line_web_page_of_tags_is_refused_on_its_bytes(tmp_path: Path) -> None:
    page = tmp_path / "tags.html"
    page.write_bytes(b"<html><body>" + b"<div><span>x</span></div>" * 80_000 + b"</body></html>")
    _refused(page, r"tags.html holds more than 150,000 elements, more than a web page may \(budget.html.elements\)")


def test_a_file_larger_than_its_format_may_be_is_refused_unread(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setitem(budget.BUDGETS, "text", replace(budget.BUDGETS["text"], file_bytes=1000))
    notes = tmp_path / "notes.md"
    notes.write_text("# Notes\n\n" + "Rain falls. " * 200)
    _refused(notes, r"notes.md is 2 KB, more than the 1 KB a text file may be \(budget.text.file_bytes\)")


def _pdf(path: Path, pages: int) -> Path:
    document = pymupdf.open()
    for number in range(pages):
        document.new_page().insert_text((72, 72), f"Page {number + 1}: the water cycle.")
    document.save(path)
    return path


def test_a_pdf_with_more_pages_than_the_budget_is_refused(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setitem(budget.BUDGETS, "pdf", replace(budget.BUDGETS["pdf"], pages=3))
    _refused(_pdf(tmp_path / "long.pdf", 4), r"long.pdf has 4 pages, more than the 3 a PDF may have")


def test_a_pdf_claiming_two_billion_pages_gets_a_specific_line(tmp_path: Path) -> None:
    data = _pdf(tmp_path / "real.pdf", 1).read_bytes()
    claimed = data.replace(b"/Count 1", b"/Count 2000000000")
    assert claimed != data
    forged = tmp_path / "claims.pdf"
    forged.write_bytes(claimed)
    started = time.monotonic()
    try:
        extracted = extract(forged, IngestOptions())
    except SensemakingError as error:  # refused by the budget or as damaged: one specific line
        assert "\n" not in str(error) and "claims.pdf" in str(error) and "unexpected" not in str(error)
    else:
        assert extracted.meta["pages"] <= budget.BUDGETS["pdf"].pages  # MuPDF repaired the count
    assert time.monotonic() - started < FAST_S


def test_reading_that_takes_longer_than_the_budget_is_stopped(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setitem(budget.BUDGETS, "pdf", replace(budget.BUDGETS["pdf"], seconds=0.0))
    _refused(_pdf(tmp_path / "slow.pdf", 2), r"Reading slow.pdf took more than the 0 s a PDF may take")


def test_a_refused_file_in_an_import_job_changes_nothing(
    store: Store, data_dir: Path, tmp_path: Path, monkeypatch
) -> None:
    page = tmp_path / "tags.html"
    page.write_bytes(b"<p>x</p>" * 160_000)
    queue = job_queue(store, data_dir)
    job_id = queue.submit(IngestHandler, kind="ingest", title="t", params={}, items=[("p", {"path": str(page)})])
    info = queue.run(job_id)
    assert info.status == "failed" and "more than 150,000 elements" in (info.error or "")
    assert store.db["materials"].count == 0 and not (data_dir / "files").exists()


def _old_backup(path: Path, members: dict[str, bytes]) -> Path:
    """A backup as versions before sizes were recorded made it: checksums of the files only."""
    import hashlib

    files = {name: hashlib.sha256(data).hexdigest() for name, data in members.items() if name.startswith("files/")}
    manifest = {"format": "sensemaking-backup", "schema_version": 1, "files": files}
    return _zip(path, {"manifest.json": json.dumps(manifest).encode(), **members})


def test_a_backup_without_sizes_may_not_unpack_far_beyond_its_own_size(tmp_path: Path) -> None:
    """The audit's 15 MB backup without sizes wrote a 2 GB file: the limit was whatever the archive declared."""
    sparse = b"".join(os.urandom(64) + bytes(6400) for _ in range(3300))  # about 21 MB, 80:1
    archive = _old_backup(tmp_path / "old.zip", {"library.sqlite3": b"", "files/big.bin": sparse})
    assert len(sparse) > budget.old_backup_limit(archive.stat().st_size)
    started = time.monotonic()
    with pytest.raises(InterchangeError, match=r"old.zip would expand to \d+ MB, more than the \d+ MB allowed"):
        restore(archive, tmp_path / "data")
    assert time.monotonic() - started < FAST_S and not (tmp_path / "data").exists()
