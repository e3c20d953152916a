"""Office, OpenDocument and web-page files for the ingest tests, made by the writers people use.

python-docx, python-pptx and odfpy write the files; what python-docx cannot write (footnotes,
text boxes, tracked changes) is added as the XML Word itself writes.
"""

from pathlib import Path

import docx
import pptx
from docx.opc.constants import CONTENT_TYPE as CT
from docx.opc.constants import RELATIONSHIP_TYPE as RT
from docx.opc.packuri import PackURI
from docx.opc.part import Part
from docx.oxml.parser import parse_xml
from odf import dc, draw, presentation, style, table, text
from odf.namespaces import PRESENTATIONNS
from odf.opendocument import OpenDocumentPresentation, OpenDocumentText
from pptx.util import Cm

W_NS = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
NAMESPACES = (
    f'xmlns:w="{W_NS}" '
    'xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006" '
    'xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing" '
    'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" '
    'xmlns:wps="http://schemas.microsoft.com/office/word/2010/wordprocessingShape" '
    'xmlns:v="urn:schemas-microsoft-com:vml"'
)
LIGHT = (
    "In the thylakoid membranes light splits water molecules, which releases oxygen and stores "
    "energy in ATP and NADPH for the next stage."
)
PIGMENTS = "Chlorophyll absorbs red and blue light and reflects green light, which is why leaves look green."
CALVIN = "In the stroma the enzyme RuBisCO fixes carbon dioxide, and ATP and NADPH power the building of sugar."
BOX = "Remember: light energy becomes chemical energy."
FOOTNOTE = "First described by Jan Ingenhousz in 1779."


def lecture_docx(path: Path) -> Path:
    """Title, two levels of headings, a numbered and a bulleted list, a table, a footnote, a
    text box (with the old-style copy Word writes beside it) and a tracked change."""
    document = docx.Document()
    document.add_paragraph("Photosynthesis", style="Title")
    document.add_heading("Light reactions", 1)
    light = document.add_paragraph(LIGHT)
    _footnote(document, light, FOOTNOTE)
    document.add_heading("Pigments", 2)
    document.add_paragraph(PIGMENTS)
    document.add_paragraph("Chlorophyll a", style="List Number")
    document.add_paragraph("Chlorophyll b", style="List Number")
    document.add_paragraph("Carotenoids", style="List Bullet")
    boxed = document.add_paragraph("See the box.")
    boxed._p.append(parse_xml(_text_box_run(BOX)))
    document.add_heading("Calvin cycle", 1)
    changed = document.add_paragraph(CALVIN + " ")
    changed._p.append(
        parse_xml(f'<w:ins {NAMESPACES} w:id="7" w:author="T"><w:r><w:t>Kept insertion.</w:t></w:r></w:ins>')
    )
    changed._p.append(
        parse_xml(f'<w:del {NAMESPACES} w:id="8" w:author="T"><w:r><w:delText>Deleted words.</w:delText></w:r></w:del>')
    )
    grid = document.add_table(rows=3, cols=2)
    for row, cells in zip(
        grid.rows, [("Stage", "Place"), ("Light reactions", "Thylakoid"), ("Calvin cycle", "Stroma")]
    ):
        for cell, value in zip(row.cells, cells):
            cell.text = value
    document.save(path)
    return path


def _footnote(document: docx.document.Document, paragraph: object, note: str) -> None:
    xml = (
        f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:footnotes {NAMESPACES}>'
        '<w:footnote w:type="separator" w:id="-1"><w:p><w:r><w:separator/></w:r></w:p></w:footnote>'
        '<w:footnote w:type="continuationSeparator" w:id="0"><w:p><w:r><w:continuationSeparator/></w:r></w:p>'
        '</w:footnote><w:footnote w:id="1"><w:p><w:r><w:footnoteRef/></w:r>'
        f'<w:r><w:t xml:space="preserve"> {note}</w:t></w:r></w:p></w:footnote></w:footnotes>'
    )
    part = Part(PackURI("/word/footnotes.xml"), CT.WML_FOOTNOTES, xml.encode(), document.part.package)
    document.part.relate_to(part, RT.FOOTNOTES)
    paragraph._p.append(parse_xml(f'<w:r {NAMESPACES}><w:footnoteReference w:id="1"/></w:r>'))


def _text_box_run(words: str) -> str:
    content = f"<w:txbxContent><w:p><w:r><w:t>{words}</w:t></w:r></w:p></w:txbxContent>"
    return (
        f'<w:r {NAMESPACES}><mc:AlternateContent><mc:Choice Requires="wps"><w:drawing>'
        '<wp:inline><wp:extent cx="1828800" cy="914400"/><wp:docPr id="5" name="Box"/><a:graphic>'
        '<a:graphicData uri="http://schemas.microsoft.com/office/word/2010/wordprocessingShape">'
        f"<wps:wsp><wps:txbx>{content}</wps:txbx><wps:bodyPr/></wps:wsp></a:graphicData></a:graphic></wp:inline>"
        f"</w:drawing></mc:Choice><mc:Fallback><w:pict><v:shape><v:textbox>{content}</v:textbox></v:shape>"
        "</w:pict></mc:Fallback></mc:AlternateContent></w:r>"
    )


def lecture_pptx(path: Path) -> Path:
    """A title slide, a bullet slide with notes whose boxes were drawn bottom first, and a table slide."""
    deck = pptx.Presentation()
    first = deck.slides.add_slide(deck.slide_layouts[0])
    first.shapes.title.text = "Cells"
    first.placeholders[1].text = "An introduction for year 7"
    second = deck.slides.add_slide(deck.slide_layouts[5])
    second.shapes.title.text = "Organelles"
    lower = second.shapes.add_textbox(Cm(2), Cm(12), Cm(20), Cm(3)).text_frame
    lower.text = "Ribosomes build proteins."
    upper = second.shapes.add_textbox(Cm(2), Cm(5), Cm(20), Cm(5)).text_frame
    upper.text = "The nucleus holds the DNA."
    detail = upper.add_paragraph()
    detail.text = "It is surrounded by a double membrane."
    detail.level = 1
    second.notes_slide.notes_text_frame.text = "Ask which organelle makes energy."
    third = deck.slides.add_slide(deck.slide_layouts[5])
    third.shapes.title.text = "Sizes"
    grid = third.shapes.add_table(3, 2, Cm(2), Cm(5), Cm(16), Cm(4)).table
    for row, cells in enumerate([("Organelle", "Size"), ("Nucleus", "6 µm"), ("Ribosome", "25 nm")]):
        for column, value in enumerate(cells):
            grid.cell(row, column).text = value
    deck.save(path)
    return path


def lecture_odt(path: Path) -> Path:
    """The same lecture as `lecture_docx`, written by odfpy: headings with outline levels, a
    numbered list, a table, a footnote and a text box, and a title in the metadata."""
    document = OpenDocumentText()
    document.meta.addElement(dc.Title(text="Photosynthesis"))
    numbering = text.ListStyle(name="Numbering")
    numbering.addElement(text.ListLevelStyleNumber(level=1, numformat="1", numsuffix="."))
    document.automaticstyles.addElement(numbering)
    body = document.text
    body.addElement(text.H(outlinelevel=1, text="Light reactions"))
    light = text.P(text=LIGHT)
    note = text.Note(id="ftn1", noteclass="footnote")
    note.addElement(text.NoteCitation(text="1"))
    note_body = text.NoteBody()
    note_body.addElement(text.P(text=FOOTNOTE))
    note.addElement(note_body)
    light.addElement(note)
    body.addElement(light)
    body.addElement(text.H(outlinelevel=2, text="Pigments"))
    body.addElement(text.P(text=PIGMENTS))
    listed = text.List(stylename=numbering)
    for name in ("Chlorophyll a", "Chlorophyll b"):
        item = text.ListItem()
        item.addElement(text.P(text=name))
        listed.addElement(item)
    body.addElement(listed)
    boxed = text.P(text="See the box.")
    frame = draw.Frame(anchortype="paragraph", width="6cm", height="2cm")
    box = draw.TextBox()
    box.addElement(text.P(text=BOX))
    frame.addElement(box)
    boxed.addElement(frame)
    body.addElement(boxed)
    body.addElement(text.H(outlinelevel=1, text="Calvin cycle"))
    body.addElement(text.P(text=CALVIN))
    grid = table.Table(name="Stages")
    grid.addElement(table.TableColumn(numbercolumnsrepeated=2))
    for cells in [("Stage", "Place"), ("Light reactions", "Thylakoid"), ("Calvin cycle", "Stroma")]:
        row = table.TableRow()
        for value in cells:
            cell = table.TableCell()
            cell.addElement(text.P(text=value))
            row.addElement(cell)
        grid.addElement(row)
    body.addElement(grid)
    document.save(str(path))
    return path


def lecture_odp(path: Path) -> Path:
    """Two slides written by odfpy: titles, an outline with text drawn bottom first, and notes."""
    document = OpenDocumentPresentation()
    layout = style.PageLayout(name="Layout")
    document.automaticstyles.addElement(layout)
    master = style.MasterPage(name="Master", pagelayoutname=layout)
    document.masterstyles.addElement(master)
    for title, lines, notes in [
        ("Cells", [("12cm", "Ribosomes build proteins."), ("5cm", "The nucleus holds the DNA.")], "Ask about energy."),
        ("Sizes", [("5cm", "A nucleus is about 6 µm across.")], None),
    ]:
        page = draw.Page(masterpagename=master)
        page.addElement(_odp_frame("title", "1cm", title))
        for top, line in lines:
            page.addElement(_odp_frame("outline", top, line))
        if notes:
            notes_element = presentation.Notes()
            notes_element.addElement(_odp_frame("notes", "15cm", notes))
            page.addElement(notes_element)
        document.presentation.addElement(page)
    document.save(str(path))
    return path


def _odp_frame(role: str, top: str, words: str) -> draw.Frame:
    frame = draw.Frame(x="2cm", y=top, width="20cm", height="3cm")
    frame.setAttrNS(PRESENTATIONNS, "class", role)
    box = draw.TextBox()
    box.addElement(text.P(text=words))
    frame.addElement(box)
    return frame


def saved_page(path: Path, *, encoding: str = "utf-8", body: str | None = None, title: str = "Photosynthesis") -> Path:
    """A page as a browser saves it: navigation, a cookie banner, scripts, styles, a sidebar and
    a footer around the article."""
    article = body or (
        f"<h1>{title}</h1><p>{LIGHT}</p><h2>Pigments</h2><p>{PIGMENTS}</p>"
        "<ul><li>Chlorophyll a</li><li>Chlorophyll b</li></ul>"
        f"<h2>Calvin cycle</h2><p>{CALVIN}</p>"
        "<table><tr><th>Stage</th><th>Place</th></tr><tr><td>Calvin cycle</td><td>Stroma</td></tr></table>"
    )
    html = f"""<!DOCTYPE html>
<!-- saved from url=(0041)https://biology.example.org/photosynthesis -->
<html><head><meta http-equiv="Content-Type" content="text/html; charset={encoding}">
<title>{title} | Biology Online</title>
<style>.menu {{ color: red }} /* STYLE_RULE */</style>
<script>window.tracking = "SCRIPT_TEXT";</script>
</head><body>
<div id="cookie-banner" class="cookie-consent">We use cookies to improve your experience. COOKIE_NOTICE
<button>Accept all</button></div>
<header><div class="logo">Biology Online</div>
<nav class="menu"><ul><li><a href="/">Home NAV_LINK</a></li><li><a href="/cells">Cells NAV_LINK</a></li>
<li><a href="/genetics">Genetics NAV_LINK</a></li></ul></nav></header>
<main><article>{article}</article></main>
<aside class="sidebar"><h3>Related</h3><ul><li><a href="/x">SIDEBAR_LINK one</a></li></ul></aside>
<footer><p>© 2024 Biology Online. FOOTER_TEXT All rights reserved.</p></footer>
<script>console.log("SCRIPT_TEXT")</script>
</body></html>"""
    path.write_bytes(html.encode(encoding))
    return path
