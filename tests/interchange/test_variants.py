"""Quiz variants: versions made from a seed that differ in order, each written with a key that
fits that version and no other."""

import re
from pathlib import Path

import pytest

from sensemaking_desktop.interchange.errors import InterchangeError
from sensemaking_desktop.interchange.formats import quiz_format
from sensemaking_desktop.interchange.variants import Variants, export_quiz, variant_quizzes
from sensemaking_desktop.quizzes.model import Choice, Question, QuestionKind, QuestionStatus, Quiz

BOTH = Variants(versions=2, shuffle_questions=True, shuffle_choices=True, seed=7)


@pytest.fixture
def choice_quiz() -> Quiz:
    """Six multiple-choice questions of four choices, the first choice the correct one."""
    questions = [
        Question(
            kind=QuestionKind.MULTIPLE_CHOICE,
            text=f"Question {number}: which word is right?",
            choices=[Choice(text=f"right {number}", correct=True)]
            + [Choice(text=f"wrong {number}.{other}") for other in range(1, 4)],
        )
        for number in range(1, 7)
    ]
    return Quiz(title="Variants", questions=questions)


def sheet(path: Path) -> list[tuple[str, dict[str, str]]]:
    """A Markdown sheet's questions as (stem, {letter: choice text}) in the order printed."""
    read: list[tuple[str, dict[str, str]]] = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if stem := re.match(r"\d+\. (.+?) \*\(", line):
            read.append((stem[1], {}))
        elif choice := re.match(r"   - \[ \] ([A-Z])\. (.+)", line):
            read[-1][1][choice[1]] = choice[2]
    return read


def key_letters(path: Path) -> list[str]:
    return re.findall(r"\*\*Answer:\*\* ([A-Z])\. ", path.read_text(encoding="utf-8"))


def marks(quiz: Quiz, version: list[tuple[str, dict[str, str]]], letters: list[str]) -> list[bool]:
    """Whether each key letter names the correct choice of the question printed at that place."""
    correct = {question.text: question.correct_choices[0].text for question in quiz.questions}
    return [choices[letter] == correct[stem] for (stem, choices), letter in zip(version, letters, strict=True)]


def test_each_version_has_its_own_order_and_a_key_that_fits_it_alone(choice_quiz: Quiz, tmp_path: Path) -> None:
    written = export_quiz(choice_quiz, quiz_format("markdown"), tmp_path / "quiz.md", variants=BOTH)
    names = ["quiz-A.md", "quiz-A-answer-key.md", "quiz-B.md", "quiz-B-answer-key.md"]
    assert [path.name for path in written] == names
    a, b = sheet(tmp_path / "quiz-A.md"), sheet(tmp_path / "quiz-B.md")
    assert len(a) == len(b) == 6 and a != b
    assert [stem for stem, _ in a] != [stem for stem, _ in b], "the question order differs"
    assert sorted(stem for stem, _ in a) == sorted(question.text for question in choice_quiz.questions)
    key_a, key_b = key_letters(tmp_path / "quiz-A-answer-key.md"), key_letters(tmp_path / "quiz-B-answer-key.md")
    assert all(marks(choice_quiz, a, key_a)) and all(marks(choice_quiz, b, key_b))
    assert not all(marks(choice_quiz, b, key_a)) and not all(marks(choice_quiz, a, key_b))
    assert "— version A" in (tmp_path / "quiz-A.md").read_text(encoding="utf-8").splitlines()[0]


def test_the_same_seed_gives_the_same_versions_and_another_seed_others(choice_quiz: Quiz) -> None:
    first, again = variant_quizzes(choice_quiz, BOTH), variant_quizzes(choice_quiz, BOTH)
    other = variant_quizzes(choice_quiz, Variants(versions=2, shuffle_questions=True, shuffle_choices=True, seed=8))
    assert first == again and first != other
    assert [q.text for q in choice_quiz.questions] == [f"Question {n}: which word is right?" for n in range(1, 7)]


def test_shuffling_only_the_choices_keeps_the_question_order(choice_quiz: Quiz) -> None:
    a, b = variant_quizzes(choice_quiz, Variants(versions=2, shuffle_choices=True, seed=1))
    texts = [question.text for question in choice_quiz.questions]
    assert [q.text for q in a.questions] == [q.text for q in b.questions] == texts
    assert [q.choices for q in a.questions] != [q.choices for q in b.questions]
    (only_order,) = variant_quizzes(choice_quiz, Variants(shuffle_questions=True, seed=1))
    assert [q.text for q in only_order.questions] != texts
    original = {question.text: question.choices for question in choice_quiz.questions}
    assert all(question.choices == original[question.text] for question in only_order.questions)


def test_an_lms_format_gets_a_markdown_key_per_version(every_kind_quiz: Quiz, tmp_path: Path) -> None:
    variants = Variants(versions=3, shuffle_questions=True, shuffle_choices=True, seed=3)
    written = export_quiz(every_kind_quiz, quiz_format("gift"), tmp_path / "water.gift.txt", variants=variants)
    assert [path.name for path in written] == [
        "water-A.gift.txt",
        "water-A-answer-key.md",
        "water-B.gift.txt",
        "water-B-answer-key.md",
        "water-C.gift.txt",
        "water-C-answer-key.md",
    ]
    arrangements = set()
    for name in "ABC":
        version = quiz_format("gift").read(tmp_path / f"water-{name}.gift.txt").quiz
        key = (tmp_path / f"water-{name}-answer-key.md").read_text(encoding="utf-8")
        key_order = [line.split(". ", 1)[1][:25] for line in key.splitlines() if re.match(r"\d+\. ", line)]
        assert key_order == [question.text[:25] for question in version.questions]
        (choice_question,) = [q for q in version.questions if q.kind == QuestionKind.MULTIPLE_CHOICE]
        letter = "ABCD"[[choice.text for choice in choice_question.choices].index("Condensation")]
        assert f"**Answer:** {letter}. Condensation" in key
        arrangements.add(tuple((q.text, tuple(c.text for c in q.choices)) for q in version.questions))
    assert len(arrangements) == 3


def test_a_single_file_with_a_key_for_a_format_without_one(every_kind_quiz: Quiz, tmp_path: Path) -> None:
    dropped = every_kind_quiz.questions[0].model_copy(update={"status": QuestionStatus.DROPPED})
    quiz = every_kind_quiz.model_copy(update={"questions": [dropped, *every_kind_quiz.questions[1:]]})
    written = export_quiz(quiz, quiz_format("moodle"), tmp_path / "water.xml", answer_key=True)
    assert [path.name for path in written] == ["water.xml", "water-answer-key.md"]
    assert len(quiz_format("moodle").read(tmp_path / "water.xml").quiz.questions) == 3, (
        "a dropped question is not handed out"
    )
    assert "**Answer:** A. Condensation" in (tmp_path / "water-answer-key.md").read_text(encoding="utf-8")


def test_versions_that_cannot_differ_are_refused(every_kind_quiz: Quiz, tmp_path: Path) -> None:
    with pytest.raises(InterchangeError, match="shuffled"):
        variant_quizzes(every_kind_quiz, Variants(versions=2))
    one = every_kind_quiz.model_copy(update={"questions": every_kind_quiz.questions[:1]})
    with pytest.raises(InterchangeError, match="too short"):
        export_quiz(one, quiz_format("markdown"), tmp_path / "q.md", variants=BOTH)
    with pytest.raises(InterchangeError, match="1 to 4"):
        variant_quizzes(every_kind_quiz, Variants(versions=5, shuffle_questions=True))
    assert not list(tmp_path.iterdir())
