"""Plain text and Markdown files into paragraphs, whatever their encoding, read as a stream.

The encoding is decided from the first megabytes (a byte-order mark, else strict UTF-8,
else charset-normalizer) and the file is then decoded line by line, so a 200 MB file is
never held twice: only the paragraphs themselves stay in memory.
"""

import codecs
import re
import unicodedata
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import TextIO

from charset_normalizer import from_bytes
from charset_normalizer.md import mess_ratio

from sensemaking_desktop.cancel import NEVER, CancelToken
from sensemaking_desktop.ingest.errors import IngestError
from sensemaking_desktop.ingest.extracted import Block, Extracted, Progress
from sensemaking_desktop.ingest.furniture import Hyphenation, strip_inline_headers, strip_pages, text_pages
from sensemaking_desktop.ingest.headings import first_heading, material_title

_SAMPLE_BYTES = 4 << 20
_PAGED_BYTES = 32 << 20
"""Up to this size a plain text is held whole once, to find its pages and their running lines;
a larger one (a book is a few megabytes) streams into paragraphs without that step."""
_PROGRESS_LINES = 8192
_BOMS = (
    (codecs.BOM_UTF32_LE, "utf-32"),
    (codecs.BOM_UTF32_BE, "utf-32"),
    (codecs.BOM_UTF8, "utf-8-sig"),
    (codecs.BOM_UTF16_LE, "utf-16"),
    (codecs.BOM_UTF16_BE, "utf-16"),
)
_MARKDOWN_SUFFIXES = {".md", ".markdown"}
_ATX_HEADING = re.compile(r" {0,3}(#{1,6})[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*")
_FENCE = re.compile(r" {0,3}(`{3,}|~{3,})")


def extract_text(path: Path, *, cancel: CancelToken = NEVER, on_progress: Progress | None = None) -> Extracted:
    """Read a .txt, .md or .markdown file; `on_progress(bytes_read, bytes_total)`.

    Paragraphs are separated by blank lines; in Markdown, `#` headings become heading
    blocks (level = number of #) and fenced code stays one block with its blank lines.
    A plain text's page furniture goes (running headers and footers and page numbers of pages
    cut by form feeds or found by lines repeating at a steady interval; a header glued between
    sentences) and words cut at line ends are mended.
    """
    size = _size(path)
    encoding = file_encoding(path)
    markdown = path.suffix.lower() in _MARKDOWN_SUFFIXES
    # Bytes the first megabytes did not predict become U+FFFD rather than failing at 90 %.
    with path.open(encoding=encoding, errors="replace", newline=None) as file:
        lines = _lines(file, size, cancel, on_progress)
        blocks = list(_markdown_blocks(lines)) if markdown else _plain_blocks(lines, size)
    if not blocks:
        raise IngestError(f"{path.name} contains no text.")
    if on_progress:
        on_progress(size, size)
    kind = "markdown" if markdown else "text"
    return Extracted(
        title=material_title(path, first_heading(blocks)), kind=kind, blocks=blocks, meta={"encoding": encoding}
    )


def file_encoding(path: Path) -> str:
    """The encoding of a text file, detected as for extract_text; CSV readers use it too."""
    _size(path)
    with path.open("rb") as raw:
        return detect_encoding(raw.read(_SAMPLE_BYTES), path.name)


def _size(path: Path) -> int:
    if not path.is_file():
        raise IngestError(f"{path} does not exist or is not a file.")
    size = path.stat().st_size
    if size == 0:
        raise IngestError(f"{path.name} is empty.")
    return size


def detect_encoding(sample: bytes, name: str) -> str:
    """A byte-order mark decides; otherwise text that decodes as UTF-8 is UTF-8 (charset
    guessers sometimes call short UTF-8 text something else); otherwise charset-normalizer.
    NUL bytes without a UTF-16/32 mark are UTF-16 without its mark when every other byte is one
    (Latin-script text saved as "Unicode" by some programs), else a binary or damaged file,
    refused naming `name` and the first NUL."""
    for bom, encoding in _BOMS:
        if sample.startswith(bom):
            return encoding
    if b"\x00" in sample:
        return _unmarked_utf16(sample) or _refuse_nul(sample, name)
    try:
        codecs.getincrementaldecoder("utf-8")().decode(sample, final=len(sample) < _SAMPLE_BYTES)
        return "utf-8"
    except UnicodeDecodeError:
        pass
    guess = _guess(sample)
    if guess is None:
        raise IngestError(f"{name} is not a text file.")
    return guess


def _unmarked_utf16(sample: bytes) -> str | None:
    """UTF-16 (little- or big-endian) without a mark, told from a binary or damaged file: its NULs
    are the high bytes of the spaces, digits and commas of any script (every letter of Latin text),
    so nearly all on one side of the byte pairs; it decodes to text; and, unless NULs are a
    quarter of its bytes or more (Latin text), it is not UTF-8 text with a few NULs in it (whose
    byte pairs can read as Chinese). None when it is not UTF-16."""
    final = len(sample) < _SAMPLE_BYTES
    for encoding, high, low in (("utf-16-le", sample[1::2], sample[0::2]), ("utf-16-be", sample[0::2], sample[1::2])):
        if high.count(0) <= _NUL_SIDE_RATIO * low.count(0):
            continue
        if not _reads_as_text(sample, encoding, final):
            continue
        if 4 * sample.count(0) >= len(sample) or not _reads_as_text(sample.replace(b"\x00", b""), "utf-8", final):
            return encoding
    return None


def _reads_as_text(sample: bytes, encoding: str, final: bool) -> bool:
    """Whether `sample` decodes in `encoding` to text: hardly any control, surrogate, private-use
    or unassigned character, which a binary file's bytes read as."""
    try:
        text = codecs.getincrementaldecoder(encoding)().decode(sample, final=final)
    except UnicodeDecodeError:
        return False
    return sum(unicodedata.category(c) in _NOT_TEXT and c not in "\t\n\r\f" for c in text) <= len(text) // 100


_NUL_SIDE_RATIO = 4
"""UTF-16 text has its NULs on one side of the byte pairs, bar a few characters such as U+4E00
(一), whose low byte is 0; a binary file has them on both sides."""
_NOT_TEXT = {"Cc", "Cs", "Co", "Cn"}
"""Unicode categories no text is made of: control, surrogate, private-use and unassigned."""


def _refuse_nul(sample: bytes, name: str) -> str:
    raise IngestError(
        f"{name} is not a text file: it holds NUL bytes (the first at byte {sample.index(0):,}), as binary or "
        "damaged files do; save it again as text (UTF-8, or a spreadsheet as CSV UTF-8)."
    )


_COMMON = ("cp1252", "cp1250", "cp1251", "iso8859_15", "iso8859_2", "iso8859_5", "koi8_r", "koi8_u")
"""Legacy encodings teachers' files come in, in order of preference when readings tie."""

_ALPHABETS = (
    "áčďéěíňóřšťúůýž",  # Czech
    "áäčďéíĺľňóôŕšťúýž",  # Slovak
    "ąćęłńóśźż",  # Polish
    "äöüß",  # German
    "àâæçéèêëîïôœùûüÿ",  # French
    "áéíñóúü¿¡",  # Spanish
    "àèéìíòóù",  # Italian
    "ãõâêôáéíóúàç",  # Portuguese
    "æøå",  # Danish, Norwegian
    "åäö",  # Swedish, Finnish
    "áéíóöőúüű",  # Hungarian
    "абвгдежзийклмнопрстуфхцчшщъыьэюяё",  # Russian
    "абвгґдеєжзиіїйклмнопрстуфхцчшщьюя’",  # Ukrainian
)


def _guess(sample: bytes) -> str | None:
    """The reading in a common encoding that is clean (charset-normalizer's mess ratio) and
    whose accented letters all belong to one language; else charset-normalizer's best guess.

    On a few sentences charset-normalizer alone picks DOS or CJK code pages (German 'über'
    as cp775) and cannot tell Czech cp1250 ('řeka') from cp1252 ('øeka'); one language's
    alphabet holding every accented letter tells them apart."""
    scored = []
    for rank, encoding in enumerate(_COMMON):
        try:
            text = sample.decode(encoding)
        except UnicodeDecodeError:
            continue
        scored.append((mess_ratio(text), -_alphabet_fit(text), rank, encoding))
    if scored and min(scored)[0] == 0:
        return min(scored)[3]
    best = from_bytes(sample).best()
    return best.encoding if best else None


def _alphabet_fit(text: str) -> float:
    """The largest share of the text's non-ASCII letters that one language's alphabet holds."""
    letters = [char for char in text.lower() if char.isalpha() and not char.isascii()]
    if not letters:
        return 1.0
    return max(sum(char in alphabet for char in letters) for alphabet in _ALPHABETS) / len(letters)


def _lines(file: TextIO, size: int, cancel: CancelToken, on_progress: Progress | None) -> Iterator[str]:
    """Lines without their line ending (any of \\n, \\r\\n, \\r), checking cancel as they go."""
    for count, line in enumerate(file, start=1):
        if count % _PROGRESS_LINES == 0:
            cancel.raise_if_cancelled()
            if on_progress:
                on_progress(min(file.buffer.tell(), size), size)
        yield line.rstrip("\n")


def _text_blocks(lines: Iterable[str]) -> Iterator[Block]:
    """Paragraphs separated by blank lines; line breaks inside a paragraph are kept."""
    paragraph: list[str] = []
    for line in lines:
        if line.strip():
            paragraph.append(line.rstrip())
        elif paragraph:
            yield Block("\n".join(paragraph))
            paragraph = []
    if paragraph:
        yield Block("\n".join(paragraph))


def _plain_blocks(lines: Iterator[str], size: int) -> list[Block]:
    """Paragraphs without page furniture, with words cut at line ends mended."""
    if size <= _PAGED_BYTES:
        lines = iter(strip_pages(text_pages(list(lines))))
    texts = strip_inline_headers([block.text for block in _text_blocks(lines)])
    hyphenation = Hyphenation(texts)
    return [Block(mended) for text in texts if (mended := hyphenation.mend(text).strip())]


def _markdown_blocks(lines: Iterable[str]) -> Iterator[Block]:
    """Like plain text, plus ATX headings (`# Title`) as heading blocks and fenced code
    (``` or ~~~) as one block, whose `# comments` are not headings."""
    paragraph: list[str] = []
    fence: str | None = None
    for line in lines:
        if fence is not None:
            paragraph.append(line)
            if line.strip().startswith(fence):
                yield Block("\n".join(paragraph))
                paragraph, fence = [], None
            continue
        opening = _FENCE.match(line)
        heading = _ATX_HEADING.fullmatch(line)
        if opening or heading or not line.strip():
            if paragraph:
                yield Block("\n".join(paragraph))
                paragraph = []
        if opening:
            fence = opening.group(1)
            paragraph.append(line)
        elif heading and heading.group(2):
            yield Block(heading.group(2), heading_level=len(heading.group(1)))
        elif line.strip() and not heading:
            paragraph.append(line.rstrip())
    if paragraph:
        yield Block("\n".join(paragraph))
