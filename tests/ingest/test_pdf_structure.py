"""A PDF keeps its title and headings (issue 45, point 5): the metadata title when it is a real
one, else the first page's title line; headings set larger, or bold in body type, or listed in
the outline, each start a section named by them; a PDF without headings imports as before.
Every PDF is written here with PyMuPDF and imported through the ingest job into a real library."""

from pathlib import Path

import pymupdf
import pytest
from test_importer import ingest

from sensemaking_desktop.store import Store
from sensemaking_desktop.store.materials import list_materials, sections_of

TITLE = "A History of the River Valley"
HEADINGS = ["Origins of the Valley", "Farming and Trade", "The Great Flood", "Modern Times"]
BODY = 11
LARGE = (18, "hebo")
BOLD = (BODY, "hebo")
PLAIN = (BODY, "helv")


def page_text(page: int) -> str:
    """About 2,000 characters (500 tokens) of sentences that differ from page to page."""
    return " ".join(
        f"In the year {1700 + 40 * page + line} the people of the valley counted {page * 13 + line} farms, "
        f"and the river rose {line % 4 + 1} metres in spring."
        for line in range(20)
    )


def river_pdf(
    path: Path,
    *,
    title: tuple[float, str] | None = LARGE,
    headings: tuple[float, str] | None = (14, "hebo"),
    metadata: str | None = None,
    toc: bool = False,
    pages: int = 5,
    headed_pages: tuple[int, ...] = (2, 3, 4, 5),
) -> Path:
    """`pages` pages of body text; the title line on page 1 and one heading on each of
    `headed_pages` (in the given size and font, or none when None); the headings as the
    outline when `toc`."""
    document = pymupdf.open()
    if metadata is not None:
        document.set_metadata({"title": metadata})
    outline = []
    names = iter(HEADINGS)
    for number in range(1, pages + 1):
        page, y = document.new_page(), 72
        if number == 1 and title:
            page.insert_text((72, y), TITLE, fontsize=title[0], fontname=title[1])
            y += 30
        if number in headed_pages:
            name = next(names)
            outline.append([1, name, number])
            if headings:
                page.insert_text((72, y), name, fontsize=headings[0], fontname=headings[1])
            y += 24
        assert page.insert_textbox(pymupdf.Rect(72, y, 523, 780), page_text(number), fontsize=BODY) >= 0
    if toc:
        document.set_toc(outline)
    document.save(path)
    return path


def imported(store: Store, data_dir: Path, path: Path) -> tuple[str, list[str | None]]:
    """The material's title and its sections' titles, as the ingest job stored them."""
    (item,) = ingest(store, data_dir, path)
    assert item["status"] == "done", item["error"]
    (material,) = [each for each in list_materials(store) if each.id == item["result"]["material_id"]]
    return material.title, [section.title for section in sections_of(store, material.id)]


@pytest.mark.parametrize(
    ("metadata", "title"),
    [
        ("The River Valley, 1700-1900", "The River Valley, 1700-1900"),
        (None, TITLE),
        ("", TITLE),
        ("Untitled", TITLE),
        ("Microsoft Word - multi_page.docx", TITLE),
        ("Microsoft Word - multi_page", TITLE),
    ],
)
def test_a_pdf_is_titled_by_its_real_metadata_title_else_its_title_line(
    store: Store, data_dir: Path, tmp_path: Path, metadata: str | None, title: str
) -> None:
    assert imported(store, data_dir, river_pdf(tmp_path / "multi_page.pdf", metadata=metadata))[0] == title


@pytest.mark.parametrize(
    ("title", "headings"),
    [(LARGE, (14, "helv")), (LARGE, (14, "hebo")), (BOLD, BOLD), (LARGE, BOLD)],
    ids=["larger", "larger-bold", "bold-body-size", "large-title-bold-headings"],
)
def test_five_pages_with_four_headings_give_a_section_per_heading(
    store: Store, data_dir: Path, tmp_path: Path, title: tuple[float, str], headings: tuple[float, str]
) -> None:
    material, sections = imported(
        store, data_dir, river_pdf(tmp_path / "multi_page.pdf", title=title, headings=headings)
    )
    assert material == TITLE
    assert sections == [TITLE, *HEADINGS]


def test_headings_come_from_the_outline_when_the_text_does_not_show_them(
    store: Store, data_dir: Path, tmp_path: Path
) -> None:
    path = river_pdf(tmp_path / "multi_page.pdf", title=PLAIN, headings=None, toc=True, metadata=TITLE)
    assert imported(store, data_dir, path) == (TITLE, [TITLE, *HEADINGS])


def test_the_title_line_over_the_first_heading_leaves_the_section_its_own_name(
    store: Store, data_dir: Path, tmp_path: Path
) -> None:
    path = river_pdf(tmp_path / "river.pdf", pages=4, headed_pages=(1, 2, 3, 4))
    assert imported(store, data_dir, path) == (TITLE, HEADINGS)


def test_only_a_section_too_long_for_the_budget_is_cut_into_numbered_parts(
    store: Store, data_dir: Path, tmp_path: Path
) -> None:
    path = river_pdf(tmp_path / "river.pdf", pages=5, headed_pages=(1, 5))
    assert imported(store, data_dir, path) == (
        TITLE,
        ["Origins of the Valley (1/2)", "Origins of the Valley (2/2)", "Farming and Trade"],
    )


def test_a_pdf_without_headings_is_titled_by_its_file_and_cut_as_before(
    store: Store, data_dir: Path, tmp_path: Path
) -> None:
    path = river_pdf(tmp_path / "multi_page.pdf", title=PLAIN, headings=None)
    assert imported(store, data_dir, path) == (
        "multi_page",
        ["multi_page (1/2)", "multi_page (2/2)"],
    )


def test_a_heading_further_on_names_its_section_not_the_material(store: Store, data_dir: Path, tmp_path: Path) -> None:
    path = river_pdf(tmp_path / "multi_page.pdf", title=PLAIN, headings=BOLD, headed_pages=(3,))
    material, sections = imported(store, data_dir, path)
    assert material == "multi_page"
    assert "Origins of the Valley" in sections and sections[0] == "multi_page"


def bold_lines_pdf(path: Path, lines: list[tuple[str, float]], *, bold_body: bool = False) -> Path:
    """One page: each (text, size) bold line standing alone, then a body paragraph under it."""
    document = pymupdf.open()
    page, y = document.new_page(), 72
    for text, size in lines:
        page.insert_text((72, y), text, fontsize=size, fontname="hebo")
        y += 20
        font = "hebo" if bold_body else "helv"
        body = page_text(1)[:1000]
        assert page.insert_textbox(pymupdf.Rect(72, y, 523, y + 230), body, fontsize=BODY, fontname=font) >= 0
        y += 235
    document.save(path)
    return path


def test_bold_lines_that_are_no_headings_start_no_section(store: Store, data_dir: Path, tmp_path: Path) -> None:
    """A bold sentence, a figure label smaller than the body, a bare number: no headings, so the
    page is one section under the file's name; the same page with a real bold heading is cut there."""
    not_headings = [("The river rose two metres that spring.", BODY), ("Tightened nut", 8), ("1847", BODY)]
    assert imported(store, data_dir, bold_lines_pdf(tmp_path / "labels.pdf", not_headings)) == ("labels", ["labels"])
    heading = [*not_headings[:2], ("The Great Flood", BODY)]
    assert imported(store, data_dir, bold_lines_pdf(tmp_path / "flood.pdf", heading)) == (
        "flood",
        ["flood", "The Great Flood"],
    )


def test_short_lines_of_an_all_bold_text_are_no_headings(store: Store, data_dir: Path, tmp_path: Path) -> None:
    path = bold_lines_pdf(tmp_path / "bold.pdf", [("The Great Flood", BODY)], bold_body=True)
    assert imported(store, data_dir, path) == ("bold", ["bold"])


def test_a_sentence_in_large_print_is_neither_title_nor_heading(store: Store, data_dir: Path, tmp_path: Path) -> None:
    """A lead sentence set large ends in a full stop; the same words without it are the title."""
    for name, lead, expected in [
        ("lead", "The valley was shaped by its river.", ("lead", ["lead"])),
        (
            "titled",
            "The valley was shaped by its river",
            ("The valley was shaped by its river", ["The valley was shaped by its river"]),
        ),
    ]:
        document = pymupdf.open()
        page = document.new_page()
        page.insert_text((72, 72), lead, fontsize=16)
        assert page.insert_textbox(pymupdf.Rect(72, 100, 523, 780), page_text(1), fontsize=BODY) >= 0
        document.save(tmp_path / f"{name}.pdf")
        assert imported(store, data_dir, tmp_path / f"{name}.pdf") == expected
