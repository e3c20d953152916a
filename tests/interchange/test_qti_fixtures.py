"""Public QTI 1.2 and 2.1 examples (fixtures/qti, SOURCES.md names where each comes from): what
imports, what is skipped or lost and why, grading without a model where the key decides, and
round trips that keep every field the format carries."""

import re
import zipfile
from pathlib import Path

import pytest

from sensemaking_desktop.interchange.attachments import keep_files
from sensemaking_desktop.interchange.errors import InterchangeError
from sensemaking_desktop.interchange.formats import quiz_format
from sensemaking_desktop.quizzes.model import Question, QuestionKind
from sensemaking_desktop.workflows.selftest import exact_grade

FIXTURES = Path(__file__).parent / "fixtures" / "qti"
CARTRIDGE = FIXTURES / "v1p2" / "canvas_cartridge"
BLOCKQUOTE = "lost — HTML formatting <blockquote>, kept as plain text"
RIGHT = "lost — the feedback shown for a right answer (“Item Feedback, Correct”)"
WRONG = "lost — the feedback shown for a wrong answer (“Item Feedback, Incorrect”)"

EXPECTED = [
    ("v2p1/choice_multiple.xml", ["Composition of Water"], []),
    (
        "v2p1/extended_text.xml",
        ["Writing a Postcard"],
        [
            "question 1 “Writing a Postcard”: lost — the image images/postcard.png, which is not in the file "
            "(a QTI package would hold it)",
            f"question 1 “Writing a Postcard”: {BLOCKQUOTE}",
        ],
    ),
    (
        "v2p1/inline_choice.xml",
        ["Richard III (Take 2)"],
        [
            "question 1 “Richard III (Take 2)”: changed — its inline choice is held as a multiple-choice question, "
            "the place of the choice marked _____ in the text",
            f"question 1 “Richard III (Take 2)”: {BLOCKQUOTE}",
        ],
    ),
    (
        "v2p1/match.xml",
        ["Characters and Plays"],
        [
            "question 1 “Characters and Plays”: changed — each right pair earns an equal share; the file's own pair "
            "scores (C R 1, D M 0.5, L M 0.5, P T 1) are not kept"
        ],
    ),
    ("v2p1/text_entry.xml", ["Richard III (Take 3)"], [f"question 1 “Richard III (Take 3)”: {BLOCKQUOTE}"]),
    ("v1p2/numeric.xml", ["Question1", "Question2"], []),
    ("v1p2/matching.xml", ["4772"], []),
    ("v1p2/multiple_answer_canvas.xml", ["Question"], []),
    (
        "v1p2/canvas_cartridge",
        ["Question 1", "Question 2", "Question 3", "Question 5", "Question 7", "Question 8", "Question 10"],
        [
            "file: lost — the Canvas quiz settings in ib5281f3537a06f58877107a2501a4e2d/assessment_meta.xml "
            "(description, shuffling, attempts, time limits)",
            *(f"question {n} “Question {n}”: {line}" for n in (1, 2, 3) for line in (RIGHT, WRONG)),
            "question 4 “Question 4”: skipped — a fill-in-multiple-blanks question, which the app cannot hold yet "
            "(its cloze has one gap)",
            *(f"question 5 “Question 5”: {line}" for line in (RIGHT, WRONG)),
            "question 6 “Question 6”: skipped — a multiple-dropdowns question, which the app cannot hold yet",
            *(f"question 7 “Question 7”: {line}" for line in (RIGHT, WRONG)),
            "question 7 “Question 7”: lost — the feedback 49147_fb, shown on a condition the app does not keep "
            "(“Answer Feedback, A:1 Chosen”)",
            "question 7 “Question 7”: lost — the feedback 84457_fb, shown on a condition the app does not keep "
            "(“Answer Feedback, B:2 Chosen”)",
            "question 8 “Question 8”: changed — the range above 41.995 (not counting 41.995) includes 41.995",
            *(f"question 8 “Question 8”: {line}" for line in (RIGHT, WRONG)),
            "question 9 “Question 9”: skipped — a formula (calculated) question, which the app cannot hold",
            "question 11 “Question 11”: skipped — a file-upload question, which the app cannot hold",
            "question 12 “Question 12”: skipped — a text-only item (no question), which a quiz cannot hold",
        ],
    ),
]


def _path(name: str, tmp_path: Path) -> Path:
    """The fixture to import: a folder is zipped as the package it was exported as."""
    source = FIXTURES / name
    if source.is_file():
        return source
    package = tmp_path / f"{source.name}.zip"
    with zipfile.ZipFile(package, "w") as made:
        for member in sorted(source.rglob("*")):
            if member.is_file():
                made.write(member, member.relative_to(source).as_posix())
    return package


def _format(name: str) -> str:
    return "qti" if name.startswith("v2p1") else "qti12"


def _read(name: str, tmp_path: Path, *, strict: bool = False):  # type: ignore[no-untyped-def]
    return quiz_format(_format(name)).read(_path(name, tmp_path), strict=strict)


def test_every_fixture_is_covered_and_has_its_source() -> None:
    on_disk = {
        f"{folder.name}/{entry.name}" for folder in FIXTURES.iterdir() if folder.is_dir() for entry in folder.iterdir()
    }
    assert on_disk == {name for name, *_ in EXPECTED}
    sources = (FIXTURES / "SOURCES.md").read_text(encoding="utf-8")
    copied = [path.relative_to(FIXTURES).as_posix() for path in FIXTURES.rglob("*") if path.is_file()]
    assert all(f"`{name}`" in sources for name in copied if name != "SOURCES.md")
    assert "GPL-2.0-only" in sources and "MIT" in sources and re.search(r"\b[0-9a-f]{40}\b", sources)


@pytest.mark.parametrize(("name", "imported", "notes"), EXPECTED, ids=[name for name, *_ in EXPECTED])
def test_each_fixture_imports_what_the_app_holds_and_says_what_it_does_not(
    name: str, imported: list[str], notes: list[str], tmp_path: Path
) -> None:
    result = _read(name, tmp_path)
    assert [question.name for question in result.quiz.questions] == imported
    assert result.lines() == notes
    if notes:
        with pytest.raises(InterchangeError, match=r"was not imported \(strict\)"):
            _read(name, tmp_path, strict=True)
    else:
        assert _read(name, tmp_path, strict=True).quiz == result.quiz


@pytest.mark.parametrize("name", [name for name, *_ in EXPECTED])
def test_import_export_import_gives_the_same_quiz(name: str, tmp_path: Path) -> None:
    first = _read(name, tmp_path).quiz
    chosen = quiz_format(_format(name))
    (written,) = chosen.write(first, tmp_path / f"again{chosen.suffix}")
    again = chosen.read(written)
    assert again.quiz == first
    assert again.notes == ()


def _question(name: str, tmp_path: Path, number: int = 0) -> Question:
    return _read(name, tmp_path).quiz.questions[number]


def test_per_choice_shares_grade_as_the_mapping_says(tmp_path: Path) -> None:
    water = _question("v2p1/choice_multiple.xml", tmp_path)
    assert water.points == 2
    assert [(choice.text, choice.fraction) for choice in water.choices] == [
        ("Hydrogen", 50),
        ("Helium", -100),
        ("Carbon", -100),
        ("Oxygen", 50),
        ("Nitrogen", -100),
        ("Chlorine", -50),
    ]
    # Choices are typed by their letters: A Hydrogen … F Chlorine; the score never falls below 0.
    assert [exact_grade(water, typed)[0] for typed in ("A D", "A", "A D F", "A B", "B")] == [100, 50, 50, 0, 0]


def test_fillings_numbers_pairs_and_true_false_grade_without_a_model(tmp_path: Path) -> None:
    york = _question("v2p1/text_entry.xml", tmp_path)
    assert [exact_grade(york, typed)[0] for typed in ("York", "york", "YORK", "Lancaster")] == [100, 50, 0, 0]
    plays = _question("v2p1/match.xml", tmp_path)
    # Options in alphabetical order: A A Midsummer-Night's Dream, B Romeo and Juliet, C The Tempest.
    assert [exact_grade(plays, typed)[0] for typed in ("B A A C", "B A A A", "A B C A")] == [100, 75, 0]
    numbers = _read("v1p2/numeric.xml", tmp_path).quiz.questions[1]
    assert [exact_grade(numbers, typed)[0] for typed in ("4321", "1111", "1234.0", "1235")] == [100, 100, 100, 0]
    canvas = {question.name: question for question in _read("v1p2/canvas_cartridge", tmp_path).quiz.questions}
    assert canvas["Question 2"].kind == QuestionKind.TRUE_FALSE
    assert exact_grade(canvas["Question 2"], "false") == (
        0.0,
        "The right answer is true. Answer Feedback, False, Incorrect",
    )
    assert [exact_grade(canvas["Question 8"], typed)[0] for typed in ("42.4", "41.4", "0")] == [100, 0, 100]
    blank = canvas["Question 3"]
    assert (blank.reference_answer, [a.text for a in blank.accepted], blank.case_sensitive) == (
        "Blank",
        ["blank"],
        False,
    )
    assert exact_grade(blank, "BLANK")[0] == 100


def test_images_in_a_package_are_kept_in_the_library(tmp_path: Path) -> None:
    """The real postcard item, packed with a manifest and a stand-in image (no public package with
    an image stored as text was found; SOURCES.md says so)."""
    image = b"\x89PNG\r\n\x1a\n stand-in"
    manifest = (
        '<manifest xmlns="http://www.imsglobal.org/xsd/imscp_v1p1" identifier="m"><resources>'
        '<resource identifier="postcard" type="imsqti_item_xmlv2p1" href="items/extended_text.xml">'
        '<file href="items/extended_text.xml"/><file href="items/images/postcard.png"/></resource>'
        "</resources></manifest>"
    )
    package = tmp_path / "postcard.zip"
    with zipfile.ZipFile(package, "w") as made:
        made.writestr("imsmanifest.xml", manifest)
        made.write(FIXTURES / "v2p1" / "extended_text.xml", "items/extended_text.xml")
        made.writestr("items/images/postcard.png", image)
    result = quiz_format("qti").read(package)
    (postcard,) = result.quiz.questions
    assert [(a.name, a.size) for a in postcard.attachments] == [("postcard.png", len(image))]
    assert result.lines() == [f"question 1 “Writing a Postcard”: {BLOCKQUOTE}"]
    (written,) = keep_files(tmp_path / "library", result)
    assert written.read_bytes() == image
