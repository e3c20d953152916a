"""Page furniture never reaches a section: running headers and footers (in any letter case), bare
page numbers and words cut at line ends, in PDFs and plain text alike."""

import re
from pathlib import Path

import pymupdf
import pytest

from sensemaking_desktop.ingest.furniture import Hyphenation, strip_inline_headers, text_pages
from sensemaking_desktop.ingest.pdf import extract_pdf
from sensemaking_desktop.ingest.sectioning import make_sections
from sensemaking_desktop.ingest.text import extract_text

HEADERS = ["Biology 7 — {page}", "BIOLOGY 7 — {page}", "biology 7 — {page}", "Biology 7 — {page}"]
PAGES = [
    [
        "The immune system guards the body against germs. Its first line is the skin,",
        "and the second is inflammation. Lasting immu-",
        "nity comes from white blood cells that remember a germ.",
    ],
    [
        "A person with good self-esteem learns faster. Low self-",
        "esteem slows learning. The French biologist Jean-",
        "Paul Martin studied how children learn about cells.",
    ],
    [
        "Vaccines teach the immune system without an illness. Immunity from a vaccine",
        "can last for years. Some vaccines need a booster after ten years, because the",
        "memory of the white blood cells fades.",
    ],
    [
        "Antibodies are proteins that fit one germ each. They mark germs for the cells",
        "that eat them. A fever also helps, as many germs grow slowly when it is hot.",
    ],
]


def sections_text(extracted) -> str:
    return "\n".join(section.text for section in make_sections(extracted))


def assert_clean(text: str) -> None:
    assert "biology 7" not in text.casefold()
    assert not re.search(r"(^|\n)\s*4[4-7]\s*($|\n)", text), text
    assert not re.search(r"\b4[4-7]\b", text), text
    assert "immunity comes from" in text and "immu-" not in text
    assert "self-esteem slows" in text and "Jean-Paul Martin" in text


@pytest.fixture
def book_pdf(tmp_path: Path) -> Path:
    document = pymupdf.open()
    for number, lines in enumerate(PAGES, start=44):
        page = document.new_page(width=420, height=595)
        page.insert_text((50, 30), HEADERS[number - 44].format(page=number), fontsize=9)
        page.insert_text((50, 90), "\n".join(lines), fontsize=10)
        page.insert_text((205, 570), str(number), fontsize=9)
    path = tmp_path / "book.pdf"
    document.save(path)
    return path


def test_pdf_sections_hold_no_running_lines_nor_page_numbers_and_cut_words_are_mended(book_pdf: Path) -> None:
    assert_clean(sections_text(extract_pdf(book_pdf)))


def page_text(number: int, lines: list[str]) -> str:
    header = HEADERS[number - 44].format(page=number)
    return "\n".join([header, "", *lines, "", str(number)])


def test_text_pages_cut_by_form_feeds_lose_their_furniture(tmp_path: Path) -> None:
    pages = [page_text(number, lines) for number, lines in enumerate(PAGES, start=44)]
    path = tmp_path / "book.txt"
    path.write_text("\f".join(pages) + "\n", encoding="utf-8")

    text = sections_text(extract_text(path))

    assert_clean(text)
    assert "skin,\nand the second" in text


def test_a_paragraph_running_over_a_page_break_stays_one_and_its_cut_word_is_mended(tmp_path: Path) -> None:
    first = page_text(44, ["Cells divide often. The membrane lets water pass by os-"])
    second = page_text(45, ["mosis, which needs no energy."])
    third = page_text(46, ["Plants lose water through their leaves."])
    path = tmp_path / "cells.txt"
    path.write_text(f"{first}\f{second}\f{third}", encoding="utf-8")

    blocks = [block.text for block in extract_text(path).blocks]

    assert blocks == [
        "Cells divide often. The membrane lets water pass by osmosis, which needs no energy.",
        "Plants lose water through their leaves.",
    ]


def test_text_without_form_feeds_finds_its_pages_by_steadily_repeating_lines(tmp_path: Path) -> None:
    filler = [f"Line {index} of the page says something about cells." for index in range(20)]
    pages = [page_text(number, [*filler, *lines]) for number, lines in enumerate(PAGES, start=44)]
    path = tmp_path / "book.txt"
    path.write_text("\n".join(pages), encoding="utf-8")

    assert_clean(sections_text(extract_text(path)))


def test_a_single_page_keeps_a_number_of_its_own() -> None:
    lines = ["The answer to the last question is", "", "42"]
    assert text_pages(lines) == [lines]
    path_lines = text_pages(["Intro.", "", "2024"])
    assert path_lines == [["Intro.", "", "2024"]]


def test_lines_that_repeat_closer_than_a_page_are_no_pages() -> None:
    lines = ["Yes", "No", "Maybe"] * 20
    assert text_pages(lines) == [lines]


def test_a_header_glued_between_sentences_goes_with_its_page_number() -> None:
    text = (
        "Тварини рухаються..ПоВЕдінКа ТВаРин 44 Вроджена поведінка є в усіх. "
        "Птахи співають..ПоВЕдінКа ТВаРин 45 Научіння буває різним. "
        "Риби плавають..ПоВЕдінКа ТВаРин 46 Міграції тривають роками. "
        "Поведінка тварин 47 Різна у різних видів."
    )

    (cleaned,) = strip_inline_headers([text])

    assert "ПоВЕдінКа" not in cleaned and not re.search(r"\b4[4-6]\b", cleaned)
    assert "рухаються.. Вроджена поведінка" in cleaned
    assert "Поведінка тварин 47 Різна" in cleaned, "another spelling is the text's own"


def test_years_after_a_sentence_end_are_no_page_numbers() -> None:
    text = "It rained. In 1990 The floods came. In 1991 The dams broke. In 1992 The town moved."
    assert strip_inline_headers([text]) == [text]
    assert strip_inline_headers(["Read Table 1 First. Then Table 7 Next. And Table 30 Last."]) == [
        "Read Table 1 First. Then Table 7 Next. And Table 30 Last."
    ]


@pytest.mark.parametrize(
    ("lines", "joined"),
    [
        (["Lasting immu-", "nity stays."], "Lasting immunity stays."),
        (["Low self-", "esteem slows."], "Low self-esteem slows."),
        (["Jean-", "Paul Martin"], "Jean-Paul Martin"),
        (["COVID-", "19 spread"], "COVID-19 spread"),
        (["Ein-", "und Ausgang"], "Ein- und Ausgang"),
        (["soft\u00ad", "ware"], "software"),
        (["a dash -", "then more"], "a dash - then more"),
        (["plain", "line"], "plain line"),
    ],
)
def test_a_cut_word_is_mended_and_a_compound_kept(lines: list[str], joined: str) -> None:
    hyphenation = Hyphenation(["Good self-esteem helps.", "Immunity lasts."])
    assert hyphenation.join(lines) == joined


def test_an_attested_word_is_joined_even_where_its_halves_are_words() -> None:
    assert Hyphenation(["Every teacher reads."]).join(["a good tea-", "cher"]) == "a good teacher"
    assert Hyphenation(["tea-cher"]).join(["a good tea-", "cher"]) == "a good tea-cher"
