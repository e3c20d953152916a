"""Printed quizzes are read back with PyMuPDF's text extraction, as a reader of the PDF would."""

import re
from pathlib import Path

import pymupdf
import pytest

from sensemaking_desktop.interchange.common import describe_source
from sensemaking_desktop.interchange.errors import InterchangeError
from sensemaking_desktop.interchange.formats import quiz_format
from sensemaking_desktop.interchange.printable import export_pdf
from sensemaking_desktop.quizzes.model import GAP, Choice, Question, QuestionKind, Quiz, Source

REFERENCE = "When water evaporates, the salt stays behind; only pure water rises."


def page_texts(path: Path) -> list[str]:
    """Each page's text with runs of white space made single spaces, so wrapped lines still match.

    Ligatures ("fl" in "fließt") are printed as one glyph; like a PDF reader copying text, the
    extraction spells them out instead of keeping their own code points (U+FB02).
    """
    flags = pymupdf.TEXT_PRESERVE_WHITESPACE | pymupdf.TEXT_MEDIABOX_CLIP
    with pymupdf.open(path) as document:
        return [re.sub(r"\s+", " ", page.get_text(flags=flags)) for page in document]


def assert_in_order(text: str, parts: list[str]) -> None:
    position = 0
    for part in parts:
        found = text.find(part, position)
        assert found >= 0, f"{part!r} missing or out of order"
        position = found + len(part)


def question_parts(quiz: Quiz) -> list[str]:
    """What of each question must be printed: its text, or for a cloze the words around the gap."""
    return [part.strip() for question in quiz.questions for part in question.text.split(GAP) if part.strip()]


@pytest.fixture
def quiz(every_kind_quiz: Quiz) -> Quiz:
    every_kind_quiz.questions.append(
        Question(
            kind=QuestionKind.OPEN,
            text="Übung: Warum fließt die řeka ins Meer? Вода тече вниз.",
            reference_answer="Вода тече вниз, бо її тягне сила тяжіння.",
            source=Source(start_page=4, end_page=5, quote="řeka teče do moře"),
        )
    )
    return every_kind_quiz


def test_the_quiz_sheet_holds_every_question_in_order_but_no_answer(tmp_path: Path, quiz: Quiz) -> None:
    target = export_pdf(quiz, tmp_path / "sheets" / "quiz.pdf")
    [text] = page_texts(target)

    assert_in_order(text, [quiz.title, "Name", "Date", *question_parts(quiz)])
    assert_in_order(text, ["A Condensation", "B Evaporation", "C Infiltration", "D Transpiration", "True", "False"])
    assert "Übung: Warum fließt die řeka ins Meer? Вода тече вниз." in text
    assert "(2 points)" in text and "Page 1 of 1" in text
    for answer in (REFERENCE, "aquifer", "Answer key", "p. 2", "1:01", "Вода тече вниз, бо"):
        assert answer not in text


def test_the_answer_key_is_a_document_of_its_own_with_answers_and_sources(tmp_path: Path, quiz: Quiz) -> None:
    target = export_pdf(quiz, tmp_path / "key.pdf", answer_key=True)
    [text] = page_texts(target)

    assert_in_order(text, [quiz.title, "Answer key", *question_parts(quiz)[:3]])
    assert_in_order(
        text,
        [
            f"Answer: {REFERENCE}",
            "Source: p. 2 — “the salt is left behind”",
            "Answer: A Condensation",
            "Source: p. 3",
            "Answer: True",
            "Source: 1:01–1:10",
            "called an aquifer.",
            "Answer: aquifer",
            "Also accepted: aquifers",
            "Answer: Вода тече вниз, бо її тягне сила тяжіння.",
            "Source: pp. 4–5 — “řeka teče do moře”",
        ],
    )
    assert "Page 1 of 1" in text


def test_a_long_quiz_flows_over_pages_without_cutting_questions(tmp_path: Path) -> None:
    questions = [
        Question(
            kind=QuestionKind.MULTIPLE_CHOICE,
            text=f"Question number {number}: which of these is choice {number}a?",
            reference_answer=f"choice {number}a",
            choices=[Choice(text=f"choice {number}{letter}", correct=letter == "a") for letter in "abcd"],
        )
        if number % 2
        else Question(kind=QuestionKind.OPEN, text=f"Question number {number}: explain.", points=number % 3 + 1)
        for number in range(1, 61)
    ]
    quiz = Quiz(title="Long quiz", questions=questions)
    pages = page_texts(export_pdf(quiz, tmp_path / "long.pdf"))

    assert len(pages) > 3
    assert_in_order(" ".join(pages), [question.text for question in questions])
    for number, page in enumerate(pages, 1):
        assert f"Page {number} of {len(pages)}" in page
    for question in questions[::2]:
        [page] = [page for page in pages if question.text in page]
        assert question.choices[-1].text in page, f"{question.text!r} is cut over two pages"


def test_page_one_renders_to_an_image(tmp_path: Path, quiz: Quiz) -> None:
    """Both documents render; the pictures are left in tmp_path for a person to look at."""
    for name, answer_key in (("quiz", False), ("key", True)):
        with pymupdf.open(export_pdf(quiz, tmp_path / f"{name}.pdf", answer_key=answer_key)) as document:
            picture = document[0].get_pixmap(dpi=100)
            picture.save(tmp_path / f"{name}.png")
            assert document[0].rect == pymupdf.paper_rect("a4")
            assert len(set(picture.samples)) > 2


def test_a_quiz_without_questions_is_refused(tmp_path: Path) -> None:
    with pytest.raises(InterchangeError, match="no questions"):
        quiz_format("pdf").write(Quiz(title="Empty"), tmp_path / "empty.pdf")


@pytest.mark.parametrize(
    ("source", "label"),
    [
        (Source(start_page=2, end_page=2), "p. 2"),
        (Source(start_page=2), "p. 2"),
        (Source(start_page=2, end_page=3), "pp. 2–3"),
        (Source(start_s=61.5, end_s=70.0), "1:01–1:10"),
        (Source(start_s=3725.0, end_s=3725.4), "1:02:05"),
        (Source(quote="only a quote"), ""),
    ],
)
def test_sources_are_described_briefly(source: Source, label: str) -> None:
    assert describe_source(source) == label


def test_an_unwritable_target_is_named_in_the_error(tmp_path: Path, quiz: Quiz) -> None:
    (tmp_path / "file").write_text("not a folder")
    with pytest.raises(InterchangeError, match="cannot write the PDF"):
        export_pdf(quiz, tmp_path / "file" / "quiz.pdf")
