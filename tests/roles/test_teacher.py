"""The Teacher: spans cover the section, every verdict is kept, and the checks do what they say."""

import random

import pytest

from sensemaking_desktop.llm.llama_engine import LlamaEngine
from sensemaking_desktop.quizzes.model import GAP, Choice, Question, QuestionKind, QuestionStatus, Source
from sensemaking_desktop.roles.teacher import (
    ABOUT_THE_DOCUMENT,
    ChoiceDraft,
    TeacherOptions,
    _choice_question,
    _cloze_question,
    agreement,
    generate_quiz,
    plan_spans,
    similarity,
    student_prompt,
)
from sensemaking_desktop.samples import load_sample


def test_spans_are_whole_sentences_spread_over_the_section() -> None:
    text = " ".join(f"Sentence number {i} says something." for i in range(1, 41))
    spans = plan_spans(text, 4)
    assert len(spans) == 8
    for span in spans:
        assert text[span.start : span.end] == span.text and span.text.endswith(".")
    first = spans[:4]
    assert [s.start for s in first] == sorted(s.start for s in first)
    assert first[0].start == 0 and first[-1].end > len(text) * 0.6
    assert sorted((s.start, s.end) for s in spans)[-1][1] == len(text)


def test_a_short_section_gives_fewer_spans() -> None:
    assert len(plan_spans("One sentence only.", 5)) == 1
    assert plan_spans("   ", 3) == []


@pytest.mark.parametrize(
    ("text", "about_document"),
    [
        ("Who is the author of this text?", True),
        ("What does the lecturer say first?", True),
        ("What does the passage mention about rain?", True),
        ("What drives the water cycle?", False),
    ],
)
def test_questions_about_the_document_are_recognised(text: str, about_document: bool) -> None:
    assert bool(ABOUT_THE_DOCUMENT.search(text)) is about_document


def test_agreement_and_similarity_measures() -> None:
    open_question = Question(kind=QuestionKind.OPEN, text="What drives it?", reference_answer="the sun and gravity")
    assert agreement(open_question, "Gravity and the Sun.") == 1.0
    assert agreement(open_question, "wind") == 0.0
    statement = Question(kind=QuestionKind.TRUE_FALSE, text="Water is dry.", reference_answer="false")
    assert agreement(statement, "False.") == 1.0 and agreement(statement, "true or false") == 0.0
    assert similarity("What drives the water cycle?", "What drives the water cycle") == 1.0
    assert similarity("What drives the water cycle?", "Where is groundwater stored?") < 0.3


def test_choice_and_cloze_questions_are_built_safely() -> None:

    draft = ChoiceDraft(
        question="Which?", correct="Condensation", distractors=["condensation", "Runoff", "Runoff"], quote="x"
    )
    question = _choice_question(draft, Source(), random.Random(1))
    assert sorted(c.text for c in question.choices) == ["Condensation", "Runoff"]
    assert question.correct_choices == [Choice(text="Condensation", correct=True)]
    assert "Choose one:" in student_prompt(question)
    cloze = _cloze_question("Water soaks into the soil by infiltration.", "Infiltration.", Source())
    assert cloze.text == f"Water soaks into the soil by {GAP}." and cloze.reference_answer == "infiltration"
    with pytest.raises(ValueError, match="not in the sentence"):
        _cloze_question("Water soaks into the soil.", "aquifer", Source())


def test_a_quiz_from_the_real_model_keeps_its_verdicts_and_spans(engine: LlamaEngine) -> None:
    sample = load_sample()
    material = sample.text[:2500]
    options = TeacherOptions(count=2, kinds=[QuestionKind.OPEN, QuestionKind.TRUE_FALSE])
    seen: list[Question] = []
    result = generate_quiz(engine, material, options, on_question=seen.append)
    assert (
        len(result.kept) <= 2
        and seen == result.kept + result.dropped
        or len(seen) == len(result.kept) + len(result.dropped)
    )
    assert result.exhausted == (len(result.kept) < 2)
    for question in result.kept + result.dropped:
        assert 0 <= question.source.span_start < question.source.span_end <= len(material)
        assert "reasons" in question.verification and "provenance" in question.verification
        assert question.verification["provenance"]["template_name"].startswith("teacher_")
        dropped = question.status == QuestionStatus.DROPPED
        assert dropped == bool(question.verification["reasons"])
    for span, reason in result.failures:
        assert reason.startswith("no usable") and span.text in material
