"""Moodle XML export and import: structure checked with lxml, round trips, refused inputs."""

from pathlib import Path

import pytest
from hard import carried, hard_quiz
from lxml import etree

from sensemaking_desktop.interchange.errors import InterchangeError
from sensemaking_desktop.interchange.moodle import export_moodle, import_moodle
from sensemaking_desktop.quizzes.model import GAP, Quiz


def test_export_has_moodle_structure(every_kind_quiz: Quiz, tmp_path: Path) -> None:
    root = etree.parse(str(export_moodle(every_kind_quiz, tmp_path / "quiz.xml"))).getroot()
    questions = root.findall("question")
    assert root.tag == "quiz"
    assert [question.get("type") for question in questions] == [
        "category",
        "essay",
        "multichoice",
        "truefalse",
        "shortanswer",
    ]
    category, essay, multichoice, truefalse, shortanswer = questions
    assert category.findtext("category/text") == "$course$/The Water Cycle — Quiz 1"
    assert essay.findtext("defaultgrade") == "2"
    assert essay.findtext("graderinfo/text").startswith("When water evaporates")
    assert essay.findtext("generalfeedback/text") == (
        "See the section on evaporation.<br>Source: page 2: “the salt is left behind”"
    )
    assert multichoice.findtext("single") == "true"
    answers = [(a.findtext("text"), a.get("fraction"), a.findtext("feedback/text")) for a in multichoice.iter("answer")]
    assert answers[:2] == [("Condensation", "100", "Right."), ("Evaporation", "0", "That is liquid to gas.")]
    assert [(a.findtext("text"), a.get("fraction")) for a in truefalse.iter("answer")] == [
        ("true", "100"),
        ("false", "0"),
    ]
    assert truefalse.findtext("generalfeedback/text") == "Source: 61.5–70 s"
    assert GAP in shortanswer.findtext("questiontext/text")
    assert [(a.findtext("text"), a.get("fraction")) for a in shortanswer.iter("answer")] == [
        ("aquifer", "100"),
        ("aquifers", "100"),
    ]


def test_several_correct_choices_split_the_grade(tmp_path: Path) -> None:
    root = etree.parse(str(export_moodle(hard_quiz(), tmp_path / "quiz.xml"))).getroot()
    multichoice = root.find("question[@type='multichoice']")
    assert multichoice.findtext("single") == "false"
    assert [answer.get("fraction") for answer in multichoice.iter("answer")] == ["50", "50", "-100"]


def test_hard_text_is_escaped_not_interpreted(tmp_path: Path) -> None:
    raw = export_moodle(hard_quiz(), tmp_path / "quiz.xml").read_bytes()
    root = etree.fromstring(raw)
    assert raw.startswith(b"<?xml version='1.0' encoding='UTF-8'?>")
    assert "Привіт".encode() in raw
    assert root.find("question[@type='essay']").findtext("questiontext/text") == (
        "Line one Ü č Привіт &lt;b&gt;x&lt;/b&gt; &amp; {y} = \"q\" 'a', ~#:\\ / | *<br>line two"
    )
    assert root.findtext("question/category/text").startswith("$course$/Title//with slash")


def test_round_trip_keeps_what_moodle_carries(every_kind_quiz: Quiz, tmp_path: Path) -> None:
    for quiz in (every_kind_quiz, hard_quiz()):
        assert carried(import_moodle(export_moodle(quiz, tmp_path / "quiz.xml"))) == carried(quiz)


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"<quiz><question type='essay'>", "is not well-formed XML"),
        (b"<questions/>", "not <quiz>"),
        (b"<quiz><question type='calculated'/></quiz>", "question 1: skipped — a calculated question"),
        (b'<!DOCTYPE q [<!ENTITY a "aaaa">]><quiz>&a;</quiz>', "entities or DTDs"),
        (
            b"<quiz><question type='truefalse'><questiontext><text>x</text></questiontext></question></quiz>",
            "true/false",
        ),
    ],
)
def test_malformed_files_are_refused_in_one_line(content: bytes, message: str, tmp_path: Path) -> None:
    path = tmp_path / "bad.xml"
    path.write_bytes(content)
    with pytest.raises(InterchangeError, match=message) as caught:
        import_moodle(path)
    assert "bad.xml" in str(caught.value) and "\n" not in str(caught.value)
    assert list(tmp_path.iterdir()) == [path]


def test_missing_file_is_refused(tmp_path: Path) -> None:
    with pytest.raises(InterchangeError, match="cannot read .*missing.xml"):
        import_moodle(tmp_path / "missing.xml")


def test_failed_export_leaves_nothing(every_kind_quiz: Quiz, tmp_path: Path) -> None:
    with pytest.raises(InterchangeError, match="cannot write"):
        export_moodle(every_kind_quiz, tmp_path / "no-such-folder" / "quiz.xml")
    assert list(tmp_path.iterdir()) == []


def test_foreign_moodle_file_reads(tmp_path: Path) -> None:
    """A file as Moodle itself exports it: CDATA, <p> paragraphs, the top category level."""
    path = tmp_path / "bank.xml"
    path.write_text(
        """<?xml version="1.0" encoding="UTF-8"?>
<quiz>
  <question type="category"><category><text>$course$/top/Hydrology</text></category></question>
  <question type="multichoice">
    <name><text>Vapour</text></name>
    <questiontext format="html"><text><![CDATA[<p>Gas &amp; liquid?</p><p>Pick one.</p>]]></text></questiontext>
    <generalfeedback format="html"><text></text></generalfeedback>
    <defaultgrade>1.0000000</defaultgrade>
    <single>true</single>
    <answer fraction="100" format="html"><text><![CDATA[<p>Condensation</p>]]></text></answer>
    <answer fraction="0" format="html"><text>Evaporation</text></answer>
  </question>
</quiz>""",
        encoding="utf-8",
    )
    quiz = import_moodle(path)
    assert quiz.title == "Hydrology"
    assert quiz.questions[0].text == "Gas & liquid?\nPick one."
    assert [choice.text for choice in quiz.questions[0].correct_choices] == ["Condensation"]
