"""The Teacher: spans cover the section, every verdict is kept, and the checks do what they say."""

import json
import random

import pytest

from sensemaking_desktop.llm.backend import Generation, ModelIdentity, Prompt
from sensemaking_desktop.llm.llama_engine import LlamaEngine
from sensemaking_desktop.quizzes.model import GAP, Choice, Question, QuestionKind, QuestionStatus, Source
from sensemaking_desktop.roles.question_reasons import english
from sensemaking_desktop.roles.teacher import TeacherOptions, generate_quiz, plan_spans
from sensemaking_desktop.roles.teacher_drafts import ChoiceDraft, _choice_question, _cloze_question
from sensemaking_desktop.roles.teacher_verify import (
    ABOUT_THE_DOCUMENT,
    AGREEMENT,
    AGREEMENT_COSINE,
    DUPLICATE,
    DUPLICATE_COSINE,
    Span,
    agreement,
    form_problems,
    nearest_question,
    similarity,
    student_prompt,
    unwrapped,
    verify,
)
from sensemaking_desktop.samples import load_sample
from sensemaking_desktop.text.embeddings import default_embedder


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
        ("What is the main idea of the passage about live vaccines?", True),
        ("What is the main point of the lecture?", True),
        ("According to the author, why do vaccines work?", True),
        ("What is the main cause of condensation?", False),
        ("What drives the water cycle?", False),
    ],
)
def test_questions_about_the_document_are_recognised(text: str, about_document: bool) -> None:
    assert bool(ABOUT_THE_DOCUMENT.search(text)) is about_document


OPEN, TRUE_FALSE, CHOICE = QuestionKind.OPEN, QuestionKind.TRUE_FALSE, QuestionKind.MULTIPLE_CHOICE
QUIZ_ITSELF = "it asks about the quiz itself, not the subject"


def drafted(kind: QuestionKind, text: str) -> Question:
    if kind == CHOICE:
        return Question(kind=kind, text=text, choices=[Choice(text="a", correct=True), Choice(text="b")])
    return Question(kind=kind, text=text, reference_answer="true" if kind == TRUE_FALSE else "France")


@pytest.mark.parametrize(
    ("kind", "text", "problem"),
    [
        (OPEN, "What drives the water cycle?", None),
        (OPEN, "Explain why rain is fresh water.", None),
        (OPEN, "Warum ist Regen Süßwasser?", None),
        (OPEN, "A resilient enemy is a greater challenge than a dead one.", "it is not a question"),
        (OPEN, "The answer is:", QUIZ_ITSELF),
        (OPEN, "What is the answer to this question?", QUIZ_ITSELF),
        (OPEN, "What is the answer to the question: How do vaccines work?", QUIZ_ITSELF),
        (OPEN, "Why?", "it is too short to be a question"),
        (TRUE_FALSE, "Precipitation is rain, snow or hail.", None),
        (CHOICE, "The purpose of each of these letters is to", None),
        (CHOICE, "Which is the correct answer?", QUIZ_ITSELF),
    ],
)
def test_a_question_must_read_as_one_and_be_about_the_subject(
    kind: QuestionKind, text: str, problem: str | None
) -> None:
    problems = form_problems(drafted(kind, text))
    assert [english(found) for found in problems] == ([] if problem is None else [problem])


def test_a_question_inside_a_quiz_wrapper_is_kept_and_an_empty_wrapper_is_not() -> None:
    assert unwrapped(" What is the answer to the question: Is graffiti acceptable?") == "Is graffiti acceptable?"
    assert unwrapped("The correct answer for this question - what is the answer to the question: Why?") == "Why?"
    assert unwrapped("What is the answer to the question:") == "What is the answer to the question:"
    assert unwrapped("What is the answer to the question about memory cells?").endswith("memory cells?")
    assert form_problems(drafted(OPEN, unwrapped("What is the answer to the question: How do vaccines work?"))) == []


def test_a_run_of_questions_keeps_only_its_first() -> None:
    chain = "Why does vaccination work? What are its side effects? Why does it make us immune to disease?"
    assert unwrapped(chain) == "Why does vaccination work?"
    assert unwrapped("Why is it hard to compare the risks? For example, millions were vaccinated.") == (
        "Why is it hard to compare the risks?"
    )
    assert unwrapped("Ok? What is the role of memory cells in immunity?") == (
        "Ok? What is the role of memory cells in immunity?"
    )


def test_a_malformed_question_is_dropped_before_the_model_is_asked() -> None:
    span = Span(0, 10, "Normandy is a region in France.")
    verdict = verify(NoModel(), drafted(OPEN, "The answer is:"), span, [], embedder=default_embedder())
    assert verdict.status == QuestionStatus.DROPPED
    assert verdict.verification.reasons == [QUIZ_ITSELF]


def test_agreement_and_similarity_measures() -> None:
    embedder = default_embedder()
    open_question = Question(kind=QuestionKind.OPEN, text="What drives it?", reference_answer="the sun and gravity")
    assert agreement(open_question, "Gravity and the Sun.", embedder)["agrees"]
    wind = agreement(open_question, "wind", embedder)
    assert wind["agreement"] == 0.0 and wind["cosine"] < AGREEMENT_COSINE and not wind["agrees"]
    statement = Question(kind=QuestionKind.TRUE_FALSE, text="Water is dry.", reference_answer="false")
    assert agreement(statement, "False.", embedder) == {"agreement": 1.0, "agrees": True}
    assert not agreement(statement, "true or false", embedder)["agrees"]
    assert similarity("What drives the water cycle?", "What drives the water cycle") == 1.0
    assert similarity("What drives the water cycle?", "Where is groundwater stored?") < 0.3


def test_embeddings_accept_a_paraphrased_answer_but_not_a_different_year() -> None:
    embedder = default_embedder()

    def asked(reference: str) -> Question:
        return Question(kind=QuestionKind.OPEN, text="?", reference_answer=reference)

    inside = agreement(asked("force of gravity"), "gravity", embedder)
    assert inside["agreement"] < AGREEMENT <= AGREEMENT_COSINE <= inside["cosine"] and inside["agrees"]
    year = agreement(asked("1314"), "1303", embedder)
    assert year["cosine"] >= AGREEMENT_COSINE and not year["agrees"], "numbers must match"


def test_a_paraphrased_question_is_a_near_duplicate_by_embedding() -> None:
    kept = ["Who was the Norse leader?", "In what country is Normandy located?"]
    closest = nearest_question("Which country is Normandy in?", kept, default_embedder())
    assert closest.question == 2 and closest.word_overlap < DUPLICATE <= DUPLICATE_COSINE <= closest.cosine
    other = nearest_question("When did the Normans reach Italy?", kept, default_embedder())
    assert other.cosine < DUPLICATE_COSINE


def test_verify_drops_a_paraphrase_before_asking_the_student() -> None:
    kept = [Question(kind=QuestionKind.OPEN, text="In what country is Normandy located?", reference_answer="France")]
    candidate = Question(kind=QuestionKind.OPEN, text="Which country is Normandy in?", reference_answer="France")
    span = Span(0, 10, "Normandy is a region in France.")
    verdict = verify(NoModel(), candidate, span, kept, embedder=default_embedder())
    assert verdict.status == QuestionStatus.DROPPED
    assert verdict.verification.reasons[0].startswith("it nearly repeats question 1 (cosine 0.9")
    assert verdict.verification.checks.duplicate.question == 1


class NoModel:
    """A backend that fails when called: the duplicate check must decide before any model call."""

    def chat(self, *args: object, **kwargs: object) -> None:
        raise AssertionError("the model was asked")


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
        verification = question.verification.model_dump()
        assert "reasons" in verification and "provenance" in verification
        assert verification["provenance"]["template_name"].startswith("teacher_")
        dropped = question.status == QuestionStatus.DROPPED
        assert dropped == bool(verification["reasons"])
        checks = verification["checks"]
        if "duplicate" in checks:
            assert {"question", "cosine", "word_overlap"} <= set(checks["duplicate"])
        grounded = checks.get("student_from_passage", {})
        if grounded.get("answerable") and question.kind != QuestionKind.TRUE_FALSE:
            assert {"agreement", "cosine"} <= set(grounded)
    for span, reason in result.failures:
        assert reason.startswith("no usable") and span.text in material


NUTS = (
    "The Boots self-locking nut is of one piece, all-metal construction designed to hold tight despite severe "
    "vibration. Figure 7-27 shows the elastic stop nut. The elastic stop nut is a standard nut with the height "
    "increased to accommodate a fiber locking collar. The stainless steel self-locking nut consists of a case "
    "and a threaded insert. The fiber collar of the elastic stop nut grips the bolt threads. Wing-type nuts are "
    "made of anodized aluminum alloy or cadmium-plated carbon steel. The Rol-top nut is cadmium-plated steel. "
    "The bellows type is made of aluminum alloy only."
)


class ScriptedModel:
    """A capable-sized model that writes the issue's ungrounded question and answers from what it is shown."""

    identity = ModelIdentity("scripted", "scripted.gguf", "0" * 64)
    backend_name = "scripted"
    context_size = 8192
    parameters = 10**9

    def count_tokens(self, text: str) -> int:
        return len(text.split())

    def chat(self, prompt: Prompt, *, json_schema: dict | None = None, **_: object) -> Generation:
        user = prompt.messages[-1]["content"]
        if json_schema["title"] == "OpenDraft":
            reply = {"question": "What is the height of the nut case?", "answer": "27 inches", "quote": "Figure 7-27"}
        elif json_schema["title"] == "ChoiceDraft":
            sentence = user.split('"""')[1].split(". ")[0].rstrip(".")
            *stem, before_last, last = sentence.split()
            reply = {
                "question": f"Which words complete this: {' '.join(stem)} ...?",
                "correct": f"{before_last} {last}",
                "distractors": ["aluminum alloy", "locking collar", "bolt threads"],
                "quote": sentence,
            }
        elif "(no material)" in user:
            reply = {"answerable": False, "answer": "not in the material", "evidence": []}
        else:
            material = user.split("Question:")[0]
            options = user.split("Choose one: ")[1].split("\n")[0].split("; ")
            key = next(option for option in options if option in material)
            reply = {"answerable": True, "answer": key, "evidence": [next(s for s in NUTS.split(". ") if key in s)]}
        return Generation(json.dumps(reply), "stop", 10, 10, 0.0, 0.0, {"template_name": prompt.template_name})


def test_an_ungrounded_key_is_dropped_with_its_reason() -> None:
    result = generate_quiz(ScriptedModel(), NUTS, TeacherOptions(count=1, kinds=[OPEN]))
    reasons = [reason for question in result.dropped for reason in question.verification.reasons]
    assert "the key adds 27, not in the material" in reasons
    assert not result.kept and not result.notes


def test_a_capable_model_writes_half_the_closed_items_and_the_floor_the_rest() -> None:
    result = generate_quiz(ScriptedModel(), NUTS, TeacherOptions(count=3, kinds=[CHOICE]))
    made_by = [question.verification.provenance["template_name"] for question in result.kept]
    assert "teacher_multiple_choice" in made_by and "teacher_floor" in made_by
    written = next(q for q in result.kept if q.verification.provenance["template_name"] == "teacher_multiple_choice")
    assert written.verification.checks.student_from_passage.agrees
    assert written.verification.checks.closed_book.agrees is False
    assert len(result.kept) == 3
    # a floor item without three fair distractors in the material is asked as a cloze (issue 45)
    assert all(q.kind in (CHOICE, QuestionKind.CLOZE) for q in result.kept)
    floor = [q for q in result.kept if q.verification.provenance["template_name"] == "teacher_floor"]
    assert all(len(q.choices) == 4 for q in floor if q.kind == CHOICE)
