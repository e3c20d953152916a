"""Office (OOXML) and OpenDocument files are zip packages of XML; they are checked here before
any library parses them.

What protects what:
- A zip bomb: the members' declared sizes and compression ratios are checked first
  (`sensemaking_desktop.safezip`); Python's `zipfile`, which python-docx and python-pptx use
  too, never inflates a member past its declared size.
- Entity expansion ("billion laughs") and external entities (XXE): an XML part that declares a
  document type is refused here, since no Office or OpenDocument writer makes one, so no
  parser downstream ever sees an entity declaration. Beyond that, python-docx and
  python-pptx parse with lxml's `resolve_entities=False` and lxml loads nothing from the
  network by default; the OpenDocument reader parses with defusedxml.
- Text parts that expand beyond the format's budget (sensemaking_desktop/budget.py), counted
  on the bytes actually inflated: a small file whose XML unpacks to hundreds of MB is refused
  before a parser holds it in memory. EPUB books (read by MuPDF, not by Python's zipfile) get
  the same archive checks and budget, without the refusal of document types (XHTML has one).
- A password-protected OOXML file is not a zip but an OLE compound file holding the encrypted
  package: it is recognised by its signature and refused with a line that says so.
"""

import re
import zipfile
import zlib
from pathlib import Path

from sensemaking_desktop.budget import budget_for, check_package
from sensemaking_desktop.cancel import NEVER, CancelToken
from sensemaking_desktop.ingest.errors import IngestError
from sensemaking_desktop.safezip import UnsafeArchive, checked_members

MAX_TOTAL_BYTES = 1024**3
"""The libraries hold every part in memory, so a package may expand to 1 GiB at most."""
MAX_MEMBERS = 20_000
OLE_SIGNATURE = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
"""The first bytes of an OLE compound file: Office 97-2003 files and encrypted OOXML files."""
_ENCRYPTED_STREAMS = ("EncryptedPackage".encode("utf-16-le"), "EncryptionInfo".encode("utf-16-le"))
_PROLOG_BYTES = 4096
"""A part's XML declaration ends, and its root element starts, within this many bytes."""
_DOCTYPE = re.compile(r"<!DOCTYPE|<!ENTITY", re.IGNORECASE)
_ROOT_START = re.compile(r"<[A-Za-z_]")
_COMMENTS_AND_INSTRUCTIONS = re.compile(r"<!--.*?-->|<\?.*?\?>", re.DOTALL)


def check_epub(path: Path, cancel: CancelToken = NEVER) -> None:
    """An EPUB book is a zip archive: its paths, links, declared sizes and ratios, and its text
    parts' expansion on the bytes inflated, before MuPDF opens it."""
    try:
        archive = zipfile.ZipFile(path)
    except (zipfile.BadZipFile, OSError) as error:
        raise IngestError(f"{path.name} is not a readable EPUB book (damaged, or another format).") from error
    with archive:
        _members(archive, path, "EPUB book")
        budget = budget_for(path)
        if budget is not None:
            check_package(archive, path, budget, cancel)


def open_package(path: Path, what: str, required: str) -> zipfile.ZipFile:
    """The file as a checked zip archive; `what` names the format in messages ("Word document")
    and `required` is a member every such file has ("word/document.xml")."""
    if is_ole(path):
        raise IngestError(ole_refusal(path, what))
    try:
        archive = zipfile.ZipFile(path)
    except (zipfile.BadZipFile, OSError) as error:
        raise IngestError(f"{path.name} is not a readable {what} (damaged, or another format).") from error
    try:
        _check(archive, path, what, required)
    except IngestError:
        archive.close()
        raise
    return archive


def is_ole(path: Path) -> bool:
    with path.open("rb") as file:
        return file.read(len(OLE_SIGNATURE)) == OLE_SIGNATURE


def ole_refusal(path: Path, what: str) -> str:
    """Why an OLE file with an OOXML name cannot be read: a password, or an older format renamed."""
    if is_encrypted_ole(path):
        return f"{path.name} is password-protected; remove the password in Office or LibreOffice and import it again."
    return f"{path.name} is an Office 97-2003 file with a new-style name; rename it to {_legacy_suffix(path)}."


def is_encrypted_ole(path: Path) -> bool:
    """An encrypted OOXML file keeps its package in an 'EncryptedPackage' stream beside 'EncryptionInfo'."""
    tail = b""
    with path.open("rb") as file:
        while chunk := file.read(1 << 20):
            if any(name in tail + chunk for name in _ENCRYPTED_STREAMS):
                return True
            tail = chunk[-64:]
    return False


def _legacy_suffix(path: Path) -> str:
    return {".docx": ".doc", ".pptx": ".ppt"}.get(path.suffix.lower(), "its old extension")


def _members(archive: zipfile.ZipFile, path: Path, what: str) -> list[zipfile.ZipInfo]:
    """The archive's parts once their paths, links, declared sizes and ratios are safe, and no
    more of them than any `what` ("EPUB book", "Word document") has."""
    try:
        members = checked_members(archive, path.name, MAX_TOTAL_BYTES)
    except UnsafeArchive as error:
        raise IngestError(str(error)) from error
    if len(members) > MAX_MEMBERS:
        raise IngestError(f"{path.name} holds {len(members):,} parts, more than any {what} has.")
    return members


def _check(archive: zipfile.ZipFile, path: Path, what: str, required: str) -> None:
    members = _members(archive, path, what)
    if required not in {member.filename for member in members}:
        raise IngestError(f"{path.name} is not a {what}: it is a zip archive of something else.")
    budget = budget_for(path)
    if budget is not None:
        check_package(archive, path, budget, NEVER)
    for member in members:
        if not member.is_dir() and _may_declare_entities(archive, member):
            raise IngestError(
                f"{path.name} is refused: its part {member.filename} has a document type declaration "
                f"(XML entities), which no {what} has."
            )


def _may_declare_entities(archive: zipfile.ZipFile, member: zipfile.ZipInfo) -> bool:
    """Whether an XML part declares a document type or entities before its root element, or
    puts its root element so far in that the declaration could hide beyond what is read."""
    try:
        with archive.open(member) as file:
            head = file.read(_PROLOG_BYTES)
    except (zipfile.BadZipFile, OSError, EOFError, NotImplementedError, RuntimeError, zlib.error):
        return False  # damaged or unsupported; the library that needs the part says so
    text = head.decode("utf-16" if head.startswith((b"\xff\xfe", b"\xfe\xff")) else "latin-1", errors="replace")
    if not text.lstrip("\ufeff \t\r\n").startswith("<"):
        return False
    text = _COMMENTS_AND_INSTRUCTIONS.sub("", text)
    root = _ROOT_START.search(text)
    if root is None:
        return len(head) == _PROLOG_BYTES
    return bool(_DOCTYPE.search(text[: root.start()]))
