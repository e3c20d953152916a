"""Plain text and Markdown: encodings, paragraphs, headings, bad files, memory on a big file."""

import codecs
import tracemalloc
from pathlib import Path

import pytest

from sensemaking_desktop.cancel import CancelToken
from sensemaking_desktop.errors import Cancelled
from sensemaking_desktop.ingest.errors import IngestError
from sensemaking_desktop.ingest.text import extract_text

CZECH = (
    "Příliš žluťoučký kůň úpěl ďábelské ódy. Škola v přírodě začíná v pondělí ráno, "
    "děti si musí přinést teplé oblečení a svačinu."
)
POLISH = (
    "Zażółć gęślą jaźń. Pchnąć w tę łódź jeża lub ośm skrzyń fig. "
    "Uczniowie powinni przeczytać rozdział o fotosyntezie przed środą."
)
UKRAINIAN = (
    "Щастям б'єш жук їх глицю в фон й ґедзь пріч. "
    "Учні повинні прочитати розділ про фотосинтез до середи, бо буде контрольна робота."
)
RUSSIAN = (
    "Съешь же ещё этих мягких французских булок, да выпей чаю. Ученики должны прочитать главу о фотосинтезе к среде."
)
GERMAN = (
    "Größere Übungen finden im Hörsaal statt. "
    "Die Prüfung für Anfänger ist am Dienstag; bitte bringen Sie Ihren Ausweis mit."
)
FRENCH = (
    "L'élève doit réviser le chapitre sur la photosynthèse avant mercredi. Où est la bibliothèque ? "
    "Ça dépend du bâtiment : les étudiants étrangers reçoivent une aide particulière pendant la première année."
)
SECOND = {
    "cs": "Buňka je základní stavební jednotka živých organismů.",
    "pl": "Komórka jest podstawową jednostką budulcową organizmów.",
    "uk": "Клітина є основною структурною одиницею живих організмів.",
    "ru": "Клетка является основной структурной единицей живых организмов.",
    "de": "Die Zelle ist die kleinste Einheit des Lebens.",
    "fr": "La cellule est l'unité de base du vivant.",
}


def write(tmp_path: Path, name: str, data: bytes) -> Path:
    path = tmp_path / name
    path.write_bytes(data)
    return path


@pytest.mark.parametrize(
    ("text", "second", "encoding"),
    [
        (CZECH, SECOND["cs"], "cp1250"),
        (POLISH, SECOND["pl"], "cp1250"),
        (UKRAINIAN, SECOND["uk"], "cp1251"),
        (RUSSIAN, SECOND["ru"], "cp1251"),
        (GERMAN, SECOND["de"], "latin-1"),
        (FRENCH, SECOND["fr"], "latin-1"),
        (CZECH, SECOND["cs"], "utf-8"),
        (UKRAINIAN, SECOND["uk"], "utf-8"),
    ],
)
def test_legacy_and_utf8_encodings_are_detected(tmp_path: Path, text: str, second: str, encoding: str) -> None:
    path = write(tmp_path, "notes.txt", f"{text}\r\n\r\n{second}\r\n".encode(encoding))
    extracted = extract_text(path)
    assert [block.text for block in extracted.blocks] == [text, second]
    # German text reads the same in latin-1, cp1252 and cp1250, so only the text is compared.
    assert text.encode(encoding).decode(extracted.meta["encoding"]) == text


@pytest.mark.parametrize(
    ("bom", "codec", "expected"),
    [
        (codecs.BOM_UTF8, "utf-8", "utf-8-sig"),
        (codecs.BOM_UTF16_LE, "utf-16-le", "utf-16"),
        (codecs.BOM_UTF16_BE, "utf-16-be", "utf-16"),
    ],
)
def test_byte_order_marks_decide_the_encoding(tmp_path: Path, bom: bytes, codec: str, expected: str) -> None:
    text = f"{CZECH}\n\n{UKRAINIAN}\n"
    extracted = extract_text(write(tmp_path, "bom.txt", bom + text.encode(codec)))
    assert [block.text for block in extracted.blocks] == [CZECH, UKRAINIAN]
    assert extracted.meta["encoding"] == expected


def test_paragraphs_split_on_blank_lines_and_keep_their_line_breaks(tmp_path: Path) -> None:
    path = write(tmp_path, "plain.txt", b"First line\nsecond line\n\n\n   \nThird paragraph\n")
    extracted = extract_text(path)
    assert extracted.kind == "text"
    assert extracted.title == "plain"
    assert [block.text for block in extracted.blocks] == ["First line\nsecond line", "Third paragraph"]
    assert all(block.heading_level is None for block in extracted.blocks)


def test_markdown_headings_become_heading_blocks(tmp_path: Path) -> None:
    markdown = (
        "# Cell biology\n"
        "Cells are small.\n"
        "\n"
        "## Membranes ##\n"
        "A membrane is a lipid bilayer.\n"
        "It lets water through.\n"
        "\n"
        "```python\n"
        "# not a heading\n"
        "\n"
        "print('osmosis')\n"
        "```\n"
        "#hashtag is no heading\n"
        "###### Six\n"
    )
    extracted = extract_text(write(tmp_path, "cells.md", markdown.encode()))
    assert extracted.kind == "markdown"
    assert [(block.heading_level, block.text) for block in extracted.blocks] == [
        (1, "Cell biology"),
        (None, "Cells are small."),
        (2, "Membranes"),
        (None, "A membrane is a lipid bilayer.\nIt lets water through."),
        (None, "```python\n# not a heading\n\nprint('osmosis')\n```"),
        (None, "#hashtag is no heading"),
        (6, "Six"),
    ]


def test_a_binary_file_named_txt_is_refused(tmp_path: Path) -> None:
    path = write(tmp_path, "picture.txt", b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256)) * 4)
    with pytest.raises(
        IngestError, match=r"^picture\.txt is not a text file: it holds NUL bytes \(the first at byte 8\)"
    ):
        extract_text(path)


def test_an_empty_file_is_refused(tmp_path: Path) -> None:
    with pytest.raises(IngestError, match=r"^Übung 1\.md is empty\.$"):
        extract_text(write(tmp_path, "Übung 1.md", b""))
    with pytest.raises(IngestError, match=r"^blank\.txt contains no text\.$"):
        extract_text(write(tmp_path, "blank.txt", b"\n \n\t\n"))


def test_a_big_file_streams_with_progress_and_bounded_memory(tmp_path: Path) -> None:
    paragraph = "Osmosis moves water across a membrane from low to high solute concentration. " * 5
    path = tmp_path / "big.txt"
    with path.open("w", encoding="utf-8") as file:
        for number in range(20_000):
            file.write(f"{number} {paragraph}\n\n")
    size = path.stat().st_size
    seen: list[tuple[int, int]] = []
    tracemalloc.start()
    try:
        extracted = extract_text(path, on_progress=lambda done, total: seen.append((done, total)))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert len(extracted.blocks) == 20_000
    assert peak < 3 * size
    assert seen[-1] == (size, size)
    assert [done for done, _ in seen] == sorted(done for done, _ in seen)


def test_cancel_stops_reading(tmp_path: Path) -> None:
    path = write(tmp_path, "long.txt", b"line of text\n" * 50_000)
    token = CancelToken()
    token.cancel()
    with pytest.raises(Cancelled):
        extract_text(path, cancel=token)


@pytest.mark.parametrize(
    ("sentence", "encoding"),
    [
        ("Wasser verdunstet über dem Meer.", "cp1252"),
        ("Voda se vypařuje z řek a moří.", "cp1250"),
        ("Zażółć gęślą jaźń.", "cp1250"),
        ("Ça été très difficile à comprendre, élève.", "latin_1"),
        ("Вода випаровується з річок і морів.", "cp1251"),
        ("Привет, как дела? Это тест.", "koi8_r"),
    ],
)
def test_one_short_sentence_in_a_legacy_encoding_reads_right(tmp_path: Path, sentence: str, encoding: str) -> None:
    """Short files are where guessers fail: charset-normalizer alone read 'über' as cp775."""
    path = tmp_path / "note.txt"
    path.write_bytes(sentence.encode(encoding))
    assert extract_text(path).blocks[0].text == sentence
