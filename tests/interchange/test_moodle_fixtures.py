"""Moodle's own GIFT and XML format-test fixtures (fixtures/moodle, SOURCES.md names where each
comes from): what imports, what is skipped or lost and why, grading as Moodle grades, exports
that mean what the file meant, and round trips that keep every field the format carries."""

import re
from pathlib import Path

import pytest
from lxml import etree

from sensemaking_desktop.interchange.attachments import attachment_path, keep_files
from sensemaking_desktop.interchange.errors import InterchangeError
from sensemaking_desktop.interchange.formats import quiz_format
from sensemaking_desktop.interchange.gift import export_gift, read_gift
from sensemaking_desktop.interchange.moodle import export_moodle, read_moodle
from sensemaking_desktop.interchange.report import NoteKind
from sensemaking_desktop.quizzes.model import GAP, QuestionKind, Quiz
from sensemaking_desktop.workflows.selftest import exact_grade

FIXTURES = Path(__file__).parent / "fixtures" / "moodle"
CATEGORY_INFO = "file: lost — the description of the category"

EXPECTED = [
    (
        "questions.gift.txt",
        ["Q8", "Moodle activities", "Q2", "colours", "Q5", "Shortanswer", "Q1", "2-08 TSL", "2-08 TSL"],
        [
            *(
                f"question 2 “Moodle activities”: lost — the format marker [{marker}] of prompt {number} "
                "(the question's [html] is used)"
                for number, marker in ((2, "moodle"), (3, "plain"), (4, "markdown"))
            ),
            "question 2 “Moodle activities”: lost — HTML formatting <b>, kept as plain text",
            "question 3 “Q2”: lost — the format marker [html] of choice 2's feedback (the question's [moodle] is used)",
            "question 3 “Q2”: lost — the format marker [plain] of choice 3 (the question's [moodle] is used)",
            "question 4 “colours”: lost — the format marker [html] of choice 2's feedback "
            "(the question's [moodle] is used)",
            "question 4 “colours”: lost — the format marker [plain] of choice 4 (the question's [moodle] is used)",
        ],
    ),
    (
        "questions_in_category.gift.txt",
        ["Moodle activities", "Greeting", "Moodle user", "Moodle acronym"],
        [
            "question 2 “Greeting”: lost — HTML formatting <a>, kept as plain text",
            "question 4 “Moodle acronym”: lost — HTML formatting <span>, kept as plain text",
        ],
    ),
    (
        "categories_reverse_order.xml",
        ["Tau Question", "Sigma Question"],
        [
            f"{CATEGORY_INFO} $course$/Sigma/Tau (“This is Tau category for test”)",
            f"{CATEGORY_INFO} $course$/Sigma (“This is Sigma category for test”)",
        ],
    ),
    (
        "category_with_description.xml",
        ["Alpha Question"],
        [
            f"{CATEGORY_INFO} $course$/Alpha (“This is Alpha category for test”)",
            "file: lost — the id number of the category $course$/Alpha (alpha-idnumber)",
        ],
    ),
    (
        "deprecated_category.xml",
        ["Alpha Question"],
        [
            f"{CATEGORY_INFO} $course$/Alpha (“This is Alpha category for test”)",
            "file: lost — the id number of the category $course$/Alpha (alpha-idnumber)",
        ],
    ),
    (
        "error_invalid_grades.xml",
        ["Question with <strong>invalid grades</strong> : x > 1 & x < 2"],
        [
            f"question 1 “Question with <strong>invalid grades</strong> : x > 1 & x < 2”: lost — the {name} (“{text}”)"
            for name, text in (
                ("correctfeedback", "Your answer is correct."),
                ("partiallycorrectfeedback", "Your answer is partially correct."),
                ("incorrectfeedback", "Your answer is incorrect."),
            )
        ],
    ),
    (
        "export_category.xml",
        ["Alpha Question"],
        [f"{CATEGORY_INFO} $course$/Alpha (“This is Alpha category for test”)"],
    ),
    (
        "html_chars_in_idnumbers.xml",
        ["Alpha Question"],
        [
            f"{CATEGORY_INFO} $course$/Alpha (“This is Alpha category for test”)",
            "file: lost — the id number of the category $course$/Alpha (The inequalities < & >)",
        ],
    ),
    (
        "multichoice.xml",
        ["Greeting"],
        ["question 1 “Greeting”: lost — HTML formatting <a>, <img>, kept as plain text"],
    ),
    (
        "nested_categories.xml",
        ["Zeta Question"],
        [
            f"{CATEGORY_INFO} $module$/Delta (“This is Delta category for test”)",
            f"{CATEGORY_INFO} $module$/Delta/Epsilon (“This is Epsilon category for test”)",
            f"{CATEGORY_INFO} $module$/Delta/Epsilon/Zeta (“This is Zeta category for test”)",
            "file: lost — the category $module$/Delta holds no question here and is not kept",
            "file: lost — the category $module$/Delta/Epsilon holds no question here and is not kept",
        ],
    ),
    (
        "nested_categories_with_questions.xml",
        ["Iota Question", "Kappa Essay Question", "Kappa Question", "Lambda Question", "Mu Question"],
        [
            f"{CATEGORY_INFO} $course$/Iota (“This is Iota category for test”)",
            f"{CATEGORY_INFO} $course$/Iota/Kappa (“This is Kappa category for test”)",
            f"{CATEGORY_INFO} $course$/Iota/Kappa/Lambda (“This is Lambda category for test”)",
            f"{CATEGORY_INFO} $course$/Iota/Mu (“This is Mu category for test”)",
        ],
    ),
    ("old_format_file.xml", ["Pi Question", "Rho Question"], []),
    (
        "sample_questions_with_old_image_tag.xml",
        ["mcq with image"],
        [
            "question 1 “cloze question with image”: skipped — an embedded-answers (Cloze) question with 5 gaps, "
            "which the app cannot hold yet (its cloze has one short-answer gap)",
            "question 2 “mcq with image”: lost — the image moodle.png (Moodle 1.9's image field)",
        ],
    ),
    (
        "truefalse.xml",
        ["Moodle acronym (False)", "Moodle acronym (True)"],
        [
            "question 1 “Moodle acronym (False)”: lost — HTML formatting <a>, <img>, <span>, kept as plain text",
            "question 2 “Moodle acronym (True)”: lost — HTML formatting <a>, <img>, <span>, kept as plain text",
        ],
    ),
    (
        "qtype_essay_testquestion.moodle.xml",
        ["essay-001"],
        [],
    ),
    (
        "qtype_match_testquestion.moodle.xml",
        ["matching-001"],
        [
            f"question 1 “matching-001”: lost — the {name} (“{text}”)"
            for name, text in (
                ("correctfeedback", "Well done!"),
                ("partiallycorrectfeedback", "Parts, but only parts, of your response are correct."),
                ("incorrectfeedback", "That is not right at all."),
            )
        ],
    ),
    (
        "qtype_multichoice_testquestion.moodle.xml",
        ["Multi-choice-001"],
        [
            *(
                f"question 1 “Multi-choice-001”: lost — the {name} (“{text}”)"
                for name, text in (
                    ("correctfeedback", "Your answer is correct."),
                    ("partiallycorrectfeedback", "Your answer is partially correct."),
                    ("incorrectfeedback", "Your answer is incorrect."),
                )
            ),
            "question 1 “Multi-choice-001”: lost — the hint (“First hint”)",
            "question 1 “Multi-choice-001”: lost — the hint (“Second hint”)",
        ],
    ),
    (
        "qtype_numerical_testquestion.moodle.xml",
        ["Numerical-001"],
        [
            "question 1 “Numerical-001”: lost — the hint (“First hint”)",
            "question 1 “Numerical-001”: lost — the hint (“Second hint”)",
        ],
    ),
]
REFUSED = [
    ("broken_cloze_questions.xml", 5),
    ("multianswer.xml", 1),
]


def _format(name: str) -> str:
    return "gift" if name.endswith(".gift.txt") else "moodle"


def _read(name: str):  # type: ignore[no-untyped-def]
    return quiz_format(_format(name)).read(FIXTURES / name)


def test_every_fixture_is_covered_and_has_its_source() -> None:
    on_disk = {path.name for path in FIXTURES.iterdir() if path.name != "SOURCES.md"}
    assert on_disk == {name for name, *_ in EXPECTED} | {name for name, _ in REFUSED}
    sources = (FIXTURES / "SOURCES.md").read_text(encoding="utf-8")
    assert all(f"`{name}`" in sources for name in on_disk)
    assert "GPL-3.0-or-later" in sources and re.search(r"\b[0-9a-f]{40}\b", sources)


@pytest.mark.parametrize(("name", "imported", "notes"), EXPECTED, ids=[name for name, *_ in EXPECTED])
def test_each_fixture_imports_what_the_app_holds_and_says_what_it_does_not(
    name: str, imported: list[str], notes: list[str]
) -> None:
    result = _read(name)
    assert [question.name for question in result.quiz.questions] == imported
    assert result.lines() == notes
    if notes:
        with pytest.raises(InterchangeError, match=rf"{re.escape(name)} was not imported \(strict\)"):
            quiz_format(_format(name)).read(FIXTURES / name, strict=True)
    else:
        assert quiz_format(_format(name)).read(FIXTURES / name, strict=True).quiz == result.quiz


@pytest.mark.parametrize(("name", "skipped"), REFUSED)
def test_a_file_with_nothing_the_app_holds_is_refused_with_every_reason(name: str, skipped: int) -> None:
    with pytest.raises(InterchangeError, match="holds no question the app can keep") as caught:
        _read(name)
    assert str(caught.value).count("skipped — an embedded-answers (Cloze) question") == skipped


def test_the_short_answer_grades_as_moodle_does() -> None:
    quiz = _read("questions.gift.txt").quiz
    (animal,) = [question for question in quiz.questions if question.name == "Shortanswer"]
    assert animal.kind == QuestionKind.CLOZE
    assert [exact_grade(animal, typed)[0] for typed in ("Frog", "frog", "Cat", "Dog", "Catfish")] == [
        100,
        100,
        50,
        0,
        0,
    ]
    assert exact_grade(animal, "Frog")[1] == "Right: Frog (also accepted: Cat (50 %)). Good!"
    assert exact_grade(animal, "Cat")[1].endswith("What is it with Moodlers and cats?")
    assert exact_grade(animal, "Dog")[1].endswith("Completely wrong")


def test_the_short_answer_exports_with_its_fractions(tmp_path: Path) -> None:
    quiz = _read("questions.gift.txt").quiz
    gift = export_gift(quiz, tmp_path / "bank.gift.txt").read_text(encoding="utf-8")
    assert (
        "::Shortanswer::Which is the best animal? "
        "{=Frog#Good! =%50%Cat#What is it with Moodlers and cats? =%0%*#Completely wrong}"
    ) in gift
    root = etree.parse(str(export_moodle(quiz, tmp_path / "bank.xml"))).getroot()
    (shortanswer,) = root.findall("question[@type='shortanswer']")
    assert shortanswer.findtext("questiontext/text") == "Which is the best animal?"
    assert [
        (answer.findtext("text"), answer.get("fraction"), answer.findtext("feedback/text"))
        for answer in shortanswer.iter("answer")
    ] == [
        ("Frog", "100", "Good!"),
        ("Cat", "50", "What is it with Moodlers and cats?"),
        ("*", "0", "Completely wrong"),
    ]


def test_markers_names_feedback_and_fractions_are_kept(tmp_path: Path) -> None:
    by_name = {question.name: question for question in _read("questions.gift.txt").quiz.questions}
    single = by_name["Q2"]
    assert [(choice.text, choice.feedback) for choice in single.choices] == [
        ("yellow", "right; good!"),
        ("red", "wrong, it's yellow"),
        ("blue", "wrong, it's yellow"),
    ]
    assert single.lms.text_format == "moodle"
    colours = by_name["colours"]
    assert [choice.fraction for choice in colours.choices] == [50, -100, 50, -100]
    fortytwo = by_name["Q1"]
    assert (fortytwo.reference_answer, fortytwo.right_feedback, fortytwo.wrong_feedback, fortytwo.feedback) == (
        "false",
        "You gave the right answer.",
        "42 is the Ultimate Answer.",
        "This is, of course, a Hitchiker's Guide to the Galaxy reference.",
    )
    assert exact_grade(fortytwo, "true") == (0.0, "The right answer is false. 42 is the Ultimate Answer.")
    assert by_name["Q8"].kind == QuestionKind.OPEN and by_name["Q8"].text == "How are you?"

    root = etree.parse(str(export_moodle(_read("questions.gift.txt").quiz, tmp_path / "bank.xml"))).getroot()
    names = [q.findtext("name/text") for q in root.findall("question") if q.get("type") != "category"]
    assert names == ["Q8", "Moodle activities", "Q2", "colours", "Q5", "Shortanswer", "Q1", "2-08 TSL", "2-08 TSL"]
    (multiple,) = [q for q in root.findall("question[@type='multichoice']") if q.findtext("name/text") == "colours"]
    assert multiple.findtext("single") == "false"
    assert [answer.get("fraction") for answer in multiple.iter("answer")] == ["50", "-100", "50", "-100"]
    (truefalse,) = [q for q in root.findall("question[@type='truefalse']") if q.findtext("name/text") == "Q1"]
    assert [(a.findtext("text"), a.get("fraction"), a.findtext("feedback/text")) for a in truefalse.iter("answer")] == [
        ("true", "0", "42 is the Ultimate Answer."),
        ("false", "100", "You gave the right answer."),
    ]
    assert truefalse.find("questiontext").get("format") == "moodle_auto_format"


def test_categories_are_kept_per_question_and_written_back(tmp_path: Path) -> None:
    quiz = _read("nested_categories_with_questions.xml").quiz
    assert quiz.title == "Iota"
    assert [question.category for question in quiz.questions] == [
        None,
        "$course$/Iota/Kappa",
        "$course$/Iota/Kappa",
        "$course$/Iota/Kappa/Lambda",
        "$course$/Iota/Mu",
    ]
    root = etree.parse(str(export_moodle(quiz, tmp_path / "bank.xml"))).getroot()
    sequence = [
        question.findtext("category/text") if question.get("type") == "category" else question.findtext("name/text")
        for question in root.findall("question")
    ]
    assert sequence == [
        "$course$/Iota",
        "Iota Question",
        "$course$/Iota/Kappa",
        "Kappa Essay Question",
        "Kappa Question",
        "$course$/Iota/Kappa/Lambda",
        "Lambda Question",
        "$course$/Iota/Mu",
        "Mu Question",
    ]
    gift = export_gift(quiz, tmp_path / "bank.gift.txt").read_text(encoding="utf-8")
    assert re.findall(r"^\$CATEGORY: (.*)$", gift, re.M) == [
        "$course$/Iota",
        "$course$/Iota/Kappa",
        "$course$/Iota/Kappa/Lambda",
        "$course$/Iota/Mu",
    ]


def test_moodle_xml_keeps_penalty_id_number_and_settings(tmp_path: Path) -> None:
    (question,) = _read("html_chars_in_idnumbers.xml").quiz.questions
    assert (question.lms.idnumber, question.lms.penalty) == ("T & F", 1.0)
    (essay, sigma) = _read("categories_reverse_order.xml").quiz.questions
    assert essay.lms.options == {"responsefieldlines": "15"}
    assert (sigma.reference_answer, [(a.text, a.fraction) for a in sigma.accepted]) == (
        "yes",
        [("no", 0), ("may be", 0)],
    )
    assert sigma.text == f"Testing Sigma Question {GAP}"
    root = etree.parse(str(export_moodle(_read("categories_reverse_order.xml").quiz, tmp_path / "q.xml"))).getroot()
    assert root.find("question[@type='essay']").findtext("responsefieldlines") == "15"
    assert root.find("question[@type='shortanswer']").findtext("questiontext/text") == "Testing Sigma Question"


@pytest.mark.parametrize("name", [name for name, *_ in EXPECTED])
def test_import_export_import_gives_the_same_quiz(name: str, tmp_path: Path) -> None:
    first = _read(name).quiz
    chosen = quiz_format(_format(name))
    (written,) = chosen.write(first, tmp_path / f"again{chosen.suffix}")
    again = chosen.read(written)
    assert again.quiz == _without_files(first)
    assert again.notes == ()


def _without_files(quiz: Quiz) -> Quiz:
    """The quiz as an export writes it: embedded files stay in the library (export_notes says so)."""
    questions = [question.model_copy(update={"attachments": []}) for question in quiz.questions]
    return quiz.model_copy(update={"questions": questions})


@pytest.mark.parametrize("name", [name for name, *_ in EXPECTED])
def test_the_other_format_keeps_every_field_both_carry(name: str, tmp_path: Path) -> None:
    """GIFT has no points, penalty, id number or per-type settings; the rest survives a trip
    through the other format and back."""
    first = _read(name).quiz
    other = quiz_format("moodle" if _format(name) == "gift" else "gift")
    (written,) = other.write(first, tmp_path / f"other{other.suffix}")
    assert _shared(other.read(written).quiz) == _shared(_without_files(first))


def _shared(quiz: Quiz) -> list[dict]:
    kept = []
    for question in quiz.questions:
        fields = question.model_dump(exclude={"points", "id"})
        fields["lms"] = {"text_format": question.lms.text_format, "single": question.lms.options.get("single")}
        kept.append(fields)
    return kept


def test_notes_are_typed_and_ordered_by_question() -> None:
    result = _read("questions.gift.txt")
    assert [(note.kind, note.question) for note in result.notes] == [
        *[(NoteKind.LOST, 2)] * 4,
        (NoteKind.LOST, 3),
        (NoteKind.LOST, 3),
        (NoteKind.LOST, 4),
        (NoteKind.LOST, 4),
    ]
    sample = _read("sample_questions_with_old_image_tag.xml")
    assert [(note.kind, note.question) for note in sample.notes] == [(NoteKind.SKIPPED, 1), (NoteKind.LOST, 2)]


def test_a_wildcard_before_the_full_answer_is_reported(tmp_path: Path) -> None:
    path = tmp_path / "order.gift"
    path.write_text("::Order::Best?{=%0%Fro* =Frog}\n", encoding="utf-8")
    result = read_gift(path)
    (question,) = result.quiz.questions
    assert (question.reference_answer, [(a.text, a.fraction) for a in question.accepted]) == ("Frog", [("Fro*", 0)])
    assert result.lines() == [
        "question 1 “Order”: changed — the full-points answer “Frog” is matched first (Moodle matches in order)"
    ]
    xml = tmp_path / "order.xml"
    xml.write_text(
        "<quiz><question type='shortanswer'><name><text>Order</text></name>"
        "<questiontext format='html'><text>Best?</text></questiontext><usecase>1</usecase>"
        "<answer fraction='0'><text>Fro*</text></answer><answer fraction='100'><text>Frog</text></answer>"
        "</question></quiz>",
        encoding="utf-8",
    )
    from_xml = read_moodle(xml)
    assert from_xml.lines() == result.lines()
    assert from_xml.quiz.questions[0].case_sensitive is True
    assert [exact_grade(from_xml.quiz.questions[0], typed)[0] for typed in ("Frog", "frog")] == [100, 0]


def test_the_numerical_question_grades_within_its_tolerance_as_moodle_does(tmp_path: Path) -> None:
    by_name = {question.name: question for question in _read("questions.gift.txt").quiz.questions}
    number = by_name["Q5"]
    assert number.kind == QuestionKind.NUMERICAL
    assert [(a.value, a.tolerance, a.fraction, a.feedback) for a in number.numerical.answers] == [
        (3, 2, 100, None),
        (None, 0, 0, "Completely wrong"),
    ]
    assert [exact_grade(number, typed)[0] for typed in ("1", "5", "3.5", "5.01", "0")] == [100, 100, 100, 0, 0]
    assert exact_grade(number, "7")[1] == "The right answer is 3 ± 2. Completely wrong"
    assert (
        "{#=3:2 ~#Completely wrong}"
        in export_gift(_read("questions.gift.txt").quiz, tmp_path / "q.gift.txt").read_text()
    )
    (average,) = _read("qtype_numerical_testquestion.moodle.xml").quiz.questions
    assert [exact_grade(average, typed)[0] for typed in ("6.25", "6.3", "6,2", "6.31")] == [100, 100, 100, 0]
    root = etree.parse(str(export_moodle(_read("qtype_numerical_testquestion.moodle.xml").quiz, tmp_path / "n.xml")))
    (written,) = root.getroot().findall("question[@type='numerical']")
    assert [(a.findtext("text"), a.get("fraction"), a.findtext("tolerance")) for a in written.iter("answer")] == [
        ("6.25", "100", "0.05")
    ]


def test_the_matching_questions_grade_per_pair(tmp_path: Path) -> None:
    (animals,) = _read("qtype_match_testquestion.moodle.xml").quiz.questions
    assert [(pair.prompt, pair.answer) for pair in animals.pairs] == [
        ("frog", "amphibian"),
        ("cat", "mammal"),
        ("newt", "amphibian"),
        ("", "insect"),
    ]
    # The options in alphabetical order: A amphibian, B insect, C mammal.
    assert [exact_grade(animals, typed)[0] for typed in ("A C A", "A C B", "B B B")] == [100, pytest.approx(200 / 3), 0]
    activities = {q.name: q for q in _read("questions.gift.txt").quiz.questions}["Moodle activities"]
    assert [pair.answer for pair in activities.pairs] == ["Forum", "Choice", "Database", "Wiki", "Chat"]
    assert activities.pairs[4].prompt == ""
    root = etree.parse(str(export_moodle(_read("qtype_match_testquestion.moodle.xml").quiz, tmp_path / "m.xml")))
    (written,) = root.getroot().findall("question[@type='matching']")
    assert [(s.findtext("text") or "", s.findtext("answer/text")) for s in written.iter("subquestion")] == [
        ("frog", "amphibian"),
        ("cat", "mammal"),
        ("newt", "amphibian"),
        ("", "insect"),
    ]
    gift = export_gift(_read("questions.gift.txt").quiz, tmp_path / "q.gift.txt").read_text(encoding="utf-8")
    assert "=An activity supporting asynchronous discussions. -> Forum " in gift
    assert "= -> Chat}" in gift


def test_embedded_files_come_with_their_questions_and_are_kept_in_the_library(tmp_path: Path) -> None:
    result = _read("multichoice.xml")
    (greeting,) = result.quiz.questions
    names = ["bonjour.mp3", "flag-uk.jpg", "flag-france.jpg", "flag-german.jpg", "flag-denmark.jpg"]
    assert [attachment.name for attachment in greeting.attachments] == names
    # The fixture's payloads are cut to 76 base64 characters: 57 bytes each.
    assert {attachment.size for attachment in greeting.attachments} == {57}
    mp3 = greeting.attachments[0]
    assert result.files[mp3.sha256].startswith(b"ID3") and mp3.stored_name == f"{mp3.sha256}.mp3"
    written = keep_files(tmp_path, result)
    assert {path.name for path in written} == {attachment.stored_name for attachment in greeting.attachments}
    assert attachment_path(tmp_path, mp3).read_bytes() == result.files[mp3.sha256]
    assert keep_files(tmp_path, result) == []
    (false, true) = _read("truefalse.xml").quiz.questions
    assert [attachment.name for attachment in false.attachments] == [
        "logo.jpg",
        "infos.jpg",
        "thumbdown.jpg",
        "thumbup.jpg",
    ]


def test_a_file_that_is_not_base64_is_reported(tmp_path: Path) -> None:
    path = tmp_path / "bad.xml"
    path.write_text(
        "<quiz><question type='truefalse'><name><text>F</text></name><questiontext format='html'>"
        "<text>Sky is green.</text><file name='x.png' encoding='base64'>not*base64</file></questiontext>"
        "<answer fraction='0'><text>true</text></answer><answer fraction='100'><text>false</text></answer>"
        "</question></quiz>",
        encoding="utf-8",
    )
    result = read_moodle(path)
    assert result.lines() == [
        "question 1 “F”: lost — the embedded file x.png, which is not base64 as its encoding says"
    ]
    assert result.quiz.questions[0].attachments == [] and result.files == {}
