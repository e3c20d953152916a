"""Question banks are bounded by their nesting and by the size of each question and answer, not only
by the file's size (issue 47, findings 4 and 5): deep nesting in QTI 2.1, QTI 1.2, Moodle XML and GIFT
and a question or answer longer than its budget are refused in one line that names the limit, and
honest files just under each limit are imported."""

import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from sensemaking_desktop.budget import BUDGETS, OverBudget
from sensemaking_desktop.interchange.formats import quiz_format
from sensemaking_desktop.quizzes.model import Choice, Question, QuestionKind, Quiz
from sensemaking_desktop.store import open_store

BANK = BUDGETS["question_bank"]
QTI21 = (
    '<?xml version="1.0" encoding="UTF-8"?>\n'
    '<assessmentItem xmlns="http://www.imsglobal.org/xsd/imsqti_v2p1" identifier="i1" title="Deep" '
    'adaptive="false" timeDependent="false">'
    '<responseDeclaration identifier="RESPONSE" cardinality="single" baseType="identifier">'
    "<correctResponse><value>A</value></correctResponse></responseDeclaration>"
    '<itemBody><choiceInteraction responseIdentifier="RESPONSE" maxChoices="1"><prompt>{open}Which?{close}</prompt>'
    '<simpleChoice identifier="A">Yes</simpleChoice><simpleChoice identifier="B">No</simpleChoice>'
    "</choiceInteraction></itemBody></assessmentItem>"
)
QTI12 = (
    '<?xml version="1.0" encoding="UTF-8"?>\n<questestinterop><assessment title="Deep"><section ident="s">'
    '<item ident="i1" title="Deep"><itemmetadata>{open}{close}</itemmetadata>'
    "<presentation><material><mattext>Which?</mattext></material>"
    '<response_lid ident="r" rcardinality="Single"><render_choice>'
    '<response_label ident="A"><material><mattext>Yes</mattext></material></response_label>'
    '<response_label ident="B"><material><mattext>No</mattext></material></response_label>'
    "</render_choice></response_lid></presentation><resprocessing><respcondition>"
    '<conditionvar><varequal respident="r">A</varequal></conditionvar><setvar action="Set">100</setvar>'
    "</respcondition></resprocessing></item></section></assessment></questestinterop>"
)
MOODLE = (
    '<?xml version="1.0" encoding="UTF-8"?>\n<quiz><question type="multichoice"><name><text>Deep</text></name>'
    "<questiontext><text>Which?</text></questiontext>{open}{close}"
    '<answer fraction="100"><text>Yes</text></answer><answer fraction="0"><text>No</text></answer></question></quiz>'
)
NESTED = {  # format, file name, template, the element nested
    "qti": ("item.xml", QTI21, "span"),
    "qti12": ("bank.xml", QTI12, "qtimetadata"),
    "moodle": ("bank.xml", MOODLE, "x"),
}


def _nested(folder: Path, fmt: str, depth: int) -> Path:
    name, template, element = NESTED[fmt]
    path = folder / name
    path.write_text(template.format(open=f"<{element}>" * depth, close=f"</{element}>" * depth), encoding="utf-8")
    return path


@pytest.mark.parametrize("fmt", NESTED)
def test_xml_nested_past_the_budget_is_refused_in_one_line(tmp_path: Path, fmt: str) -> None:
    path = _nested(tmp_path, fmt, 60_000)
    with pytest.raises(OverBudget) as refused:
        quiz_format(fmt).read(path)
    assert str(refused.value).startswith(f"{path.name}: its XML nests 60,0")
    assert str(refused.value).endswith(
        "levels deep, more than the 100 a question bank may (budget.question_bank.nesting)."
    )


@pytest.mark.parametrize("fmt", NESTED)
def test_xml_nested_as_honest_files_is_read(tmp_path: Path, fmt: str) -> None:
    quiz = quiz_format(fmt).read(_nested(tmp_path, fmt, 40)).quiz
    assert [question.kind for question in quiz.questions] == [QuestionKind.MULTIPLE_CHOICE]


def test_gift_braces_nested_past_the_budget_are_refused_and_one_block_is_read(tmp_path: Path) -> None:
    deep = tmp_path / "deep.gift"
    deep.write_text("::Q::Which?" + "{" * 200_000 + "=a ~b" + "}" * 200_000 + "\n", encoding="utf-8")
    with pytest.raises(OverBudget, match=r"^deep\.gift: question 1's answer block \{…\} nests 200,000 levels deep, "
                       r"more than the 100 a question bank may \(budget\.question_bank\.nesting\)\.$"):  # fmt: skip
        quiz_format("gift").read(deep)
    honest = tmp_path / "honest.gift"
    honest.write_text("::Q::Which \\{braced\\} word?{=a ~b}\n", encoding="utf-8")
    (question,) = quiz_format("gift").read(honest).quiz.questions
    assert question.text == "Which {braced} word?" and [c.text for c in question.choices] == ["a", "b"]


def _quiz(question_text: str, answer_text: str) -> Quiz:
    question = Question(
        kind=QuestionKind.MULTIPLE_CHOICE,
        text=question_text,
        name="Long",
        choices=[Choice(text=answer_text, correct=True), Choice(text="No", correct=False)],
    )
    return Quiz(title="Sizes", questions=[question])


FORMATS = {"gift": "bank.gift.txt", "moodle": "bank.xml", "qti": "bank.qti.zip", "qti12": "bank.zip", "csv": "bank.csv"}


@pytest.mark.parametrize("fmt", FORMATS)
def test_a_question_longer_than_its_budget_is_refused_naming_the_limit(tmp_path: Path, fmt: str) -> None:
    path = tmp_path / FORMATS[fmt]
    quiz_format(fmt).write(_quiz("Q" * (BANK.question_chars + 1), "Yes"), path)
    with pytest.raises(OverBudget) as refused:
        quiz_format(fmt).read(path)
    assert str(refused.value) == (
        f"{path.name}: the text of question 1{' “Long”' if fmt != 'csv' else ''} is 100,001 characters, more than "
        "the 100,000 a question may have in a question bank (budget.question_bank.question_chars)."
    )


@pytest.mark.parametrize("fmt", FORMATS)
def test_an_answer_longer_than_its_budget_is_refused_naming_the_limit(tmp_path: Path, fmt: str) -> None:
    path = tmp_path / FORMATS[fmt]
    quiz_format(fmt).write(_quiz("Which?", "A" * (BANK.answer_chars + 1)), path)
    with pytest.raises(OverBudget, match=r"an answer of question 1.* is 50,001 characters, more than the 50,000 an "
                       r"answer may have in a question bank \(budget\.question_bank\.answer_chars\)\.$"):  # fmt: skip
        quiz_format(fmt).read(path)


@pytest.mark.parametrize("fmt", FORMATS)
def test_a_question_and_answer_at_their_budgets_are_imported(tmp_path: Path, fmt: str) -> None:
    path = tmp_path / FORMATS[fmt]
    quiz_format(fmt).write(_quiz("Q" * BANK.question_chars, "A" * BANK.answer_chars), path)
    (question,) = quiz_format(fmt).read(path).quiz.questions
    assert len(question.text) == BANK.question_chars and len(question.choices[0].text) == BANK.answer_chars


def test_the_command_refuses_a_deep_qti_item_in_one_line_and_leaves_the_library_whole(tmp_path: Path) -> None:
    data, path = tmp_path / "data", _nested(tmp_path, "qti", 60_000)
    open_store(data).close()
    command = [sys.executable, "-m", "sensemaking_desktop", "--data-dir", str(data), "import", "quiz", str(path)]
    result = subprocess.run([*command, "--format", "qti"], capture_output=True, text=True, timeout=300)
    assert result.returncode == 1 and result.stdout == "" and len(result.stderr.splitlines()) == 1
    assert result.stderr.startswith("error: item.xml: its XML nests 60,00") and "Recursion" not in result.stderr
    with sqlite3.connect(data / "library.sqlite3") as connection:
        assert connection.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        assert connection.execute("SELECT COUNT(*) FROM questions").fetchone() == (0,)
