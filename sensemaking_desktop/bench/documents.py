"""Generated Office, OpenDocument, web-page, subtitle and picture files for `bench ingest`.

Each is a lecture built from the shipped sample text, at a realistic size: a 30-section Word
or OpenDocument text, a 40-slide deck, a 20-section saved web page with navigation around it,
an hour of subtitles (720 cues). OpenDocument files are written as their XML directly, since
the ODF writer (odfpy) is only a test dependency.
"""

import zipfile
from collections.abc import Iterator
from html import escape as html_escape
from pathlib import Path
from xml.sax.saxutils import escape

from sensemaking_desktop.samples import load_sample

SECTIONS = 30
SLIDES = 40
PAGE_SECTIONS = 20
CUES = 720
CUE_S = 5.0

_ODF_NAMESPACES = (
    'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
    'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" '
    'xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" '
    'xmlns:presentation="urn:oasis:names:tc:opendocument:xmlns:presentation:1.0" '
    'xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0" '
    'office:version="1.3"'
)


def paragraphs() -> list[str]:
    return [p for p in load_sample().text.split("\n\n") if not p.startswith("#")]


def sentences() -> Iterator[str]:
    """The sample's sentences, round and round."""
    parts = [s.strip() + "." for p in paragraphs() for s in p.split(". ") if s.strip()]
    while True:
        yield from parts


def make_docx(path: Path) -> Path:
    import docx

    document = docx.Document()
    texts = paragraphs()
    for number in range(SECTIONS):
        document.add_heading(f"Chapter {number + 1}", 1)
        for offset in range(3):
            document.add_paragraph(texts[(number + offset) % len(texts)])
        document.add_paragraph("Evaporation", style="List Bullet")
        document.add_paragraph("Condensation", style="List Bullet")
    document.save(path)
    return path


def make_pptx(path: Path) -> Path:
    import pptx

    deck = pptx.Presentation()
    words = sentences()
    for number in range(SLIDES):
        slide = deck.slides.add_slide(deck.slide_layouts[1])
        slide.shapes.title.text = f"Slide {number + 1}"
        body = slide.placeholders[1].text_frame
        body.text = next(words)
        for _ in range(3):
            body.add_paragraph().text = next(words)
        slide.notes_slide.notes_text_frame.text = next(words)
    deck.save(path)
    return path


def make_odt(path: Path) -> Path:
    texts = paragraphs()
    body = "".join(
        f'<text:h text:outline-level="1">Chapter {number + 1}</text:h>'
        + "".join(f"<text:p>{escape(texts[(number + offset) % len(texts)])}</text:p>" for offset in range(3))
        for number in range(SECTIONS)
    )
    return _odf(path, "text", f"<office:text>{body}</office:text>")


def make_odp(path: Path) -> Path:
    words = sentences()
    pages = "".join(
        f'<draw:page draw:name="p{number}">'
        + _odp_frame("title", 1, f"Slide {number + 1}")
        + _odp_frame("outline", 5, "".join(f"<text:p>{escape(next(words))}</text:p>" for _ in range(4)), raw=True)
        + f"<presentation:notes>{_odp_frame('notes', 15, next(words))}</presentation:notes></draw:page>"
        for number in range(SLIDES)
    )
    return _odf(path, "presentation", f"<office:presentation>{pages}</office:presentation>")


def _odp_frame(role: str, top: int, content: str, *, raw: bool = False) -> str:
    paragraphs_xml = content if raw else f"<text:p>{escape(content)}</text:p>"
    return (
        f'<draw:frame presentation:class="{role}" svg:x="2cm" svg:y="{top}cm" svg:width="20cm" svg:height="3cm">'
        f"<draw:text-box>{paragraphs_xml}</draw:text-box></draw:frame>"
    )


def _odf(path: Path, kind: str, body: str) -> Path:
    mimetype = f"application/vnd.oasis.opendocument.{kind}"
    content = f'<?xml version="1.0" encoding="UTF-8"?><office:document-content {_ODF_NAMESPACES}><office:body>'
    manifest = (
        '<?xml version="1.0" encoding="UTF-8"?><manifest:manifest '
        'xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.3">'
        f'<manifest:file-entry manifest:full-path="/" manifest:media-type="{mimetype}"/>'
        '<manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/></manifest:manifest>'
    )
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("mimetype", mimetype, compress_type=zipfile.ZIP_STORED)
        archive.writestr(
            "content.xml", content + body + "</office:body></office:document-content>", zipfile.ZIP_DEFLATED
        )
        archive.writestr("META-INF/manifest.xml", manifest, zipfile.ZIP_DEFLATED)
    return path


def make_html(path: Path) -> Path:
    texts = paragraphs()
    article = "".join(
        f"<h2>Part {number + 1}</h2>"
        + "".join(f"<p>{html_escape(texts[(number + offset) % len(texts)])}</p>" for offset in range(2))
        for number in range(PAGE_SECTIONS)
    )
    links = "".join(f'<li><a href="/topic/{n}">Topic {n}</a></li>' for n in range(40))
    path.write_text(
        "<!DOCTYPE html><html><head><meta charset='utf-8'><title>The Water Cycle | Science Site</title>"
        "<style>nav{display:flex}</style><script>var analytics = 1;</script></head><body>"
        f"<header><nav><ul>{links}</ul></nav></header><div class='cookie-banner'>We use cookies.</div>"
        f"<main><article><h1>The Water Cycle</h1>{article}</article></main>"
        f"<aside><ul>{links}</ul></aside><footer>© Science Site</footer></body></html>",
        encoding="utf-8",
    )
    return path


def make_srt(path: Path) -> Path:
    words = sentences()
    cues = (
        f"{n + 1}\n{_clock(n * CUE_S, ',')} --> {_clock((n + 1) * CUE_S - 0.2, ',')}\n{next(words)}\n"
        for n in range(CUES)
    )
    path.write_text("\n".join(cues), encoding="utf-8")
    return path


def make_vtt(path: Path) -> Path:
    words = sentences()
    cues = (f"{_clock(n * CUE_S, '.')} --> {_clock((n + 1) * CUE_S - 0.2, '.')}\n{next(words)}\n" for n in range(CUES))
    path.write_text("WEBVTT\n\n" + "\n".join(cues), encoding="utf-8")
    return path


def make_png(path: Path) -> Path:
    """A page of the sample rendered at 200 dpi: what a phone photo of a handout gives after cropping."""
    import pymupdf

    document = pymupdf.open()
    page = document.new_page(width=595, height=842)
    page.insert_textbox((60, 60, 535, 780), "\n\n".join(paragraphs()[:4]), fontsize=11)
    page.get_pixmap(dpi=200).save(path)
    return path


def _clock(seconds: float, separator: str) -> str:
    millis = round(seconds * 1000)
    hours, rest = divmod(millis, 3_600_000)
    minutes, rest = divmod(rest, 60_000)
    return f"{hours:02d}:{minutes:02d}:{rest // 1000:02d}{separator}{rest % 1000:03d}"
