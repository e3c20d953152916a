"""GIFT export and import: the output re-read by a small regex checker written from the GIFT
documentation (no GIFT parser is on PyPI), round trips, refused inputs."""

import re
from pathlib import Path

import pytest
from hard import carried, hard_quiz

from sensemaking_desktop.interchange.errors import InterchangeError
from sensemaking_desktop.interchange.gift import export_gift, import_gift, read_gift
from sensemaking_desktop.quizzes.model import GAP, Answer, QuestionKind, Quiz

QUESTION = re.compile(
    r"::(?P<title>(?:\\.|[^\\:])+)::\[html\](?P<before>(?:\\.|[^\\{}])*)"
    r"\{(?P<answers>(?:\\.|[^\\{}])*)\}(?P<after>(?:\\.|[^\\{}])*)"
)
"""One GIFT question on one line; `\\.` is an escaped character, anything else must not be reserved."""


def _questions(path: Path) -> list[re.Match]:
    blocks = path.read_text(encoding="utf-8").split("\n\n")
    assert blocks[0].startswith("$CATEGORY: $course$/")
    matches = [QUESTION.fullmatch(block.strip()) for block in blocks[1:]]
    assert all(matches), blocks
    return matches


def test_export_has_gift_structure(every_kind_quiz: Quiz, tmp_path: Path) -> None:
    path = export_gift(every_kind_quiz, tmp_path / "quiz.gift")
    assert path.read_text(encoding="utf-8").startswith("$CATEGORY: $course$/The Water Cycle — Quiz 1\n\n")
    essay, choice, truefalse, cloze = _questions(path)
    assert [match["title"] for match in (essay, choice, truefalse, cloze)] == ["Q1", "Q2", "Q3", "Q4"]
    assert essay["answers"].startswith("####When water evaporates")
    assert essay["answers"].endswith("Source\\: page 2\\: “the salt is left behind”")
    assert choice["answers"] == (
        "=Condensation#Right. ~Evaporation#That is liquid to gas. ~Infiltration ~Transpiration####Source\\: page 3"
    )
    assert truefalse["answers"] == "TRUE####Source\\: 61.5–70 s"
    assert (cloze["before"], cloze["answers"], cloze["after"]) == (
        "A layer of rock that holds a lot of groundwater is called an ",
        "=aquifer =aquifers",
        ".",
    )


def test_reserved_characters_are_escaped(tmp_path: Path) -> None:
    essay, choice, _, cloze = _questions(export_gift(hard_quiz(), tmp_path / "quiz.gift"))
    escaped = "Ü č Привіт &lt;b&gt;x&lt;/b&gt; &amp; \\{y\\} \\= \"q\" 'a', \\~\\#\\:\\\\ / | *"
    assert essay["before"] == f"Line one {escaped}<br>line two"
    assert choice["answers"].startswith(f"~%50%A {escaped}#{escaped} ~%50%B ~%-100%C &lt;wrong&gt;####")
    assert cloze["answers"] == "=Über =č & < \\{", "short answers are compared as typed: never HTML-escaped"


def test_round_trip_keeps_what_gift_carries(every_kind_quiz: Quiz, tmp_path: Path) -> None:
    for quiz in (every_kind_quiz, hard_quiz()):
        imported = import_gift(export_gift(quiz, tmp_path / "quiz.gift"))
        assert carried(imported, points=False) == carried(quiz, points=False)
        assert {question.points for question in imported.questions} == {1.0}


def test_hand_written_gift_reads(tmp_path: Path) -> None:
    path = tmp_path / "bank.gift"
    path.write_text(
        "// a comment\n::Capital::What is the capital of France?{\n=Paris#Yes\n~Lyon\n}\n\n"
        "Grant is buried in Grant's tomb.{F}\n\nTwo plus two is {=four =4}.\n",
        encoding="utf-8",
    )
    capital, tomb, sum_ = import_gift(path).questions
    assert [(choice.text, choice.correct, choice.feedback) for choice in capital.choices] == [
        ("Paris", True, "Yes"),
        ("Lyon", False, None),
    ]
    assert (tomb.kind, tomb.reference_answer) == (QuestionKind.TRUE_FALSE, "false")
    assert (sum_.text, sum_.reference_answer, sum_.accepted) == (f"Two plus two is {GAP}.", "four", [Answer(text="4")])
    assert [question.name for question in (capital, tomb, sum_)] == ["Capital", None, None]


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("::Q1::Which?{=a ~b\n", "question 1 has an unclosed {"),
        ("::Q1::No answers here}\n", "question 1 has no answer block"),
        ("::Q1 Which?{=a ~b}\n", "unclosed title"),
    ],
)
def test_malformed_files_are_refused_in_one_line(content: str, message: str, tmp_path: Path) -> None:
    path = tmp_path / "bad.gift"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(InterchangeError, match=re.escape(message)) as caught:
        read_gift(path)
    assert "bad.gift" in str(caught.value) and "\n" not in str(caught.value)
    assert list(tmp_path.iterdir()) == [path]


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        ("::Q1::Match{=a -> b = -> d}\n", "question 1 “Q1”: skipped — a matching question needs two or more prompts"),
        ("::Q1::Match{=a -> b =c}\n", "question 1 “Q1”: skipped — a matching question whose pair 2 has no ->"),
        ("::Q1::How many?{#three}\n", "question 1 “Q1”: skipped — a numerical question whose answer 1 (three) is not"),
        (
            "::Q1::How many?{#%50%3}\n",
            "question 1 “Q1”: skipped — a numerical question needs an answer that earns full",
        ),
        ("::Q1::No answers here\n", "question 1 “Q1”: skipped — a description (text with no question)"),
        ("::Q1::Which?{~a ~b}\n", "question 1 “Q1”: skipped — a multiple-choice question needs two or more choices"),
        ("::Q1::Which?{=%50%a =%0%*}\n", "question 1 “Q1”: skipped — no answer earns full points (the best 50 %)"),
    ],
)
def test_what_a_quiz_cannot_hold_is_skipped_with_its_reason(content: str, reason: str, tmp_path: Path) -> None:
    path = tmp_path / "bank.gift"
    path.write_text(f"::Kept::Pick{{=a ~b}}\n\n{content}\n::Also kept::Pick{{=c ~d}}\n", encoding="utf-8")
    result = read_gift(path)
    assert [question.name for question in result.quiz.questions] == ["Kept", "Also kept"]
    (line,) = result.lines()
    assert line.replace("question 2", "question 1").startswith(reason)
    with pytest.raises(InterchangeError, match=r"bank\.gift was not imported \(strict\): question 2 “Q1”: skipped"):
        import_gift(path)


def test_missing_or_binary_file_is_refused(tmp_path: Path) -> None:
    with pytest.raises(InterchangeError, match="cannot read .*missing.gift"):
        import_gift(tmp_path / "missing.gift")
    latin = tmp_path / "latin.gift"
    latin.write_bytes("Übung{}".encode("cp1252"))
    with pytest.raises(InterchangeError, match="latin.gift is not UTF-8"):
        import_gift(latin)


def test_failed_export_leaves_nothing(every_kind_quiz: Quiz, tmp_path: Path) -> None:
    with pytest.raises(InterchangeError, match="cannot write"):
        export_gift(every_kind_quiz, tmp_path / "no-such-folder" / "quiz.gift")
    assert list(tmp_path.iterdir()) == []
