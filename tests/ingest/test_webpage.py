"""Saved web pages: the article with its headings, lists and tables; navigation, banners,
scripts, styles, sidebars and footers left out; the encoding the page declares."""

from email.message import EmailMessage
from pathlib import Path

import pytest
from documents import CALVIN, LIGHT, PIGMENTS, saved_page

from sensemaking_desktop.ingest.errors import IngestError
from sensemaking_desktop.ingest.webpage import extract_html

LEFT_OUT = ["NAV_LINK", "COOKIE_NOTICE", "SCRIPT_TEXT", "STYLE_RULE", "SIDEBAR_LINK", "FOOTER_TEXT", "Accept all"]


def test_a_saved_page_gives_its_article_and_nothing_around_it(tmp_path: Path) -> None:
    extracted = extract_html(saved_page(tmp_path / "photosynthesis.html"))
    assert (extracted.title, extracted.kind) == ("Photosynthesis", "html")
    assert [(block.text, block.heading_path) for block in extracted.blocks if block.heading_level] == [
        ("Photosynthesis", "Photosynthesis"),
        ("Pigments", "Photosynthesis › Pigments"),
        ("Calvin cycle", "Photosynthesis › Calvin cycle"),
    ]
    body = "\n".join(block.text for block in extracted.blocks)
    assert [LIGHT in body, PIGMENTS in body, CALVIN in body] == [True, True, True]
    assert "- Chlorophyll a\n- Chlorophyll b" in body and "Stage | Place\nCalvin cycle | Stroma" in body
    assert [marker for marker in LEFT_OUT if marker in body] == []


def test_a_page_in_a_legacy_encoding_declared_in_a_meta_tag(tmp_path: Path) -> None:
    words = "Řeka teče do moře. Voda se vypařuje a z mraků padá déšť, který znovu plní řeky a jezera v horách."
    article = f"<h1>Koloběh vody</h1><p>{words}</p><p>{words}</p>"
    page = saved_page(tmp_path / "voda.htm", encoding="windows-1250", body=article, title="Koloběh vody")
    extracted = extract_html(page)
    assert extracted.meta["encoding"] == "cp1250"
    assert extracted.title == "Koloběh vody"
    assert words in [block.text for block in extracted.blocks]


def test_an_mhtml_archive_is_read_from_its_html_part(tmp_path: Path) -> None:
    archive = EmailMessage()
    archive["Subject"] = "Photosynthesis"
    archive.set_content(saved_page(tmp_path / "page.html").read_text(), subtype="html", cte="quoted-printable")
    path = tmp_path / "photosynthesis.mhtml"
    path.write_bytes(bytes(archive))
    extracted = extract_html(path)
    assert LIGHT in [block.text for block in extracted.blocks]


def test_a_page_without_main_text_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "app.html"
    path.write_text("<html><head><script>render()</script></head><body><div id='root'></div></body></html>")
    with pytest.raises(IngestError, match=r"^app\.html holds no main text"):
        extract_html(path)
