"""CSV export and import: the output re-read with the csv module, round trips, encodings, bad rows."""

import csv
import io
import json
from pathlib import Path

import pytest

from sensemaking_desktop.interchange.csvfile import COLUMNS, export_csv, import_csv, safe_cell, unescape_cell
from sensemaking_desktop.interchange.errors import InterchangeError
from sensemaking_desktop.quizzes.model import GAP, Choice, Question, QuestionKind, Quiz, Source

HARD = "Ü č Привіт <b>x</b> & {y} = \"q\" 'a', ~#:\\ / | *"


def hard_quiz() -> Quiz:
    """Text a CSV must quote: commas, quotes, line breaks, `|` and `*`, three alphabets."""
    return Quiz(
        title="hard",
        questions=[
            Question(kind=QuestionKind.OPEN, text=f"Line one {HARD}\nline two", reference_answer=HARD, points=0.5),
            Question(
                kind=QuestionKind.MULTIPLE_CHOICE,
                text=f"Which? {HARD}",
                reference_answer=f"A {HARD}; B",
                choices=[
                    Choice(text=f"A {HARD}", correct=True, feedback=HARD),
                    Choice(text="B", correct=True),
                    Choice(text="C <wrong>"),
                ],
                feedback=f"Because {HARD}",
                source=Source(start_page=4, start_s=1.25, end_s=9.0, quote=HARD),
            ),
            Question(kind=QuestionKind.TRUE_FALSE, text=HARD, reference_answer="false", points=3),
            Question(
                kind=QuestionKind.CLOZE, text=f"{HARD} {GAP} & <end>", reference_answer="Über", accepted=["č & {"]
            ),
        ],
    )


def carried(quiz: Quiz) -> list:
    """What CSV carries: every question field but id, status, verification and the source's section
    and span; not the quiz title, which is taken from the file name."""
    return [
        question.model_dump(
            exclude={
                "id": True,
                "status": True,
                "verification": True,
                "source": {"section_id", "span_start", "span_end"},
            }
        )
        for question in quiz.questions
    ]


def _rows(path: Path) -> list[dict[str, str]]:
    raw = path.read_bytes()
    assert raw.startswith(b"\xef\xbb\xbf")
    return list(csv.DictReader(io.StringIO(raw.decode("utf-8-sig"), newline="")))


def test_export_has_one_row_per_question(every_kind_quiz: Quiz, tmp_path: Path) -> None:
    rows = _rows(export_csv(every_kind_quiz, tmp_path / "quiz.csv"))
    assert list(rows[0]) == list(COLUMNS)
    assert [row["kind"] for row in rows] == ["open", "multiple_choice", "true_false", "cloze"]
    essay, choice, truefalse, cloze = rows
    assert (essay["points"], essay["pages"], essay["quote"]) == ("2", "2–2", "the salt is left behind")
    assert json.loads(choice["choices"])[:2] == [
        {"text": "Condensation", "correct": True, "feedback": "Right."},
        {"text": "Evaporation", "correct": False, "feedback": "That is liquid to gas."},
    ]
    assert (truefalse["reference_answer"], truefalse["time"], truefalse["pages"]) == ("true", "61.5–70", "")
    assert (cloze["reference_answer"], json.loads(cloze["accepted"])) == ("aquifer", ["aquifers"])


def test_round_trip_keeps_what_csv_carries(every_kind_quiz: Quiz, tmp_path: Path) -> None:
    for quiz in (every_kind_quiz, hard_quiz()):
        imported = import_csv(export_csv(quiz, tmp_path / "The quiz.csv"))
        assert carried(imported) == carried(quiz)
        assert imported.title == "The quiz"


@pytest.mark.parametrize("encoding", ["cp1251", "utf-16", "utf-8"])
def test_other_encodings_and_semicolons_read(encoding: str, tmp_path: Path) -> None:
    path = tmp_path / "excel.csv"
    text = "kind;question;reference_answer\r\nopen;Що таке водоносний горизонт?;Шар породи\r\n"
    path.write_bytes(text.encode(encoding))
    (question,) = import_csv(path).questions
    assert (question.text, question.reference_answer) == ("Що таке водоносний горизонт?", "Шар породи")


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("kind,text\nopen,Why?\n", "bad.csv has the columns kind, text; expected kind, question"),
        ("", "bad.csv has the columns (none)"),
        ("kind,question\nopen,Why?\nessay,Why?\n", "bad.csv row 3: kind: Input should be"),
        ("kind,question,choices\nmultiple_choice,Which?,[{\n", "bad.csv row 2: choices or accepted is not valid JSON"),
        ("kind,question,choices\nmultiple_choice,Which?,[]\n", "bad.csv row 2: a multiple-choice question needs"),
        ("kind,question,points\nopen,Why?,many\n", "bad.csv row 2: could not convert"),
        ("kind,question,pages\nopen,Why?,two\n", "bad.csv row 2: invalid literal"),
        ("kind,question\nopen,Why?,extra\n", "bad.csv row 2: more fields than columns"),
    ],
)
def test_bad_files_name_the_row(content: str, message: str, tmp_path: Path) -> None:
    path = tmp_path / "bad.csv"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(InterchangeError, match=message.replace("(", r"\(").replace(")", r"\)")) as caught:
        import_csv(path)
    assert "\n" not in str(caught.value)
    assert list(tmp_path.iterdir()) == [path]


def test_missing_file_is_refused(tmp_path: Path) -> None:
    with pytest.raises(InterchangeError, match="cannot read .*missing.csv"):
        import_csv(tmp_path / "missing.csv")


def test_failed_export_leaves_nothing(every_kind_quiz: Quiz, tmp_path: Path) -> None:
    with pytest.raises(InterchangeError, match="cannot write"):
        export_csv(every_kind_quiz, tmp_path / "no-such-folder" / "quiz.csv")
    assert list(tmp_path.iterdir()) == []


FORMULAS = ['=HYPERLINK("http://evil","x")', "+1+1", "-2+3", "@SUM(A1)", "\tTAB", "\rCR", "'=already", "''+twice"]


@pytest.mark.parametrize(
    ("value", "written"),
    [
        *((formula, "'" + formula) for formula in FORMULAS),
        ("plain", "plain"),
        ("it's", "it's"),
        ("'quoted'", "'quoted'"),
        ("a = b", "a = b"),
        ("", ""),
        (-0.5, -0.5),
        (-3, -3),
        (None, None),
    ],
)
def test_only_text_that_starts_like_a_formula_is_escaped(value: object, written: object) -> None:
    assert safe_cell(value) == written
    if isinstance(value, str):
        assert unescape_cell(safe_cell(value)) == value


def test_exported_formulas_are_inert_and_come_back_as_written(tmp_path: Path) -> None:
    quiz = Quiz(
        title="formulas",
        questions=[
            Question(kind=QuestionKind.OPEN, text=text, reference_answer=answer, feedback="-5 is fine")
            for text, answer in zip(FORMULAS, ["=1+1", "@me", "-0.5", "+", "=", "'@", "-", "-x"], strict=True)
        ],
    )
    path = export_csv(quiz, tmp_path / "formulas.csv")
    rows = _rows(path)
    cells = [row[column] for row in rows for column in ("question", "reference_answer", "feedback")]
    assert all(not cell.startswith(("=", "+", "-", "@", "\t", "\r")) for cell in cells)
    assert rows[0]["question"] == '\'=HYPERLINK("http://evil","x")' and rows[0]["points"] == "1"
    assert carried(import_csv(path)) == carried(quiz)
