"""The Teacher's drafts from a capable model: whole keys, keys judged by meaning and place, questions
about the subject (one retry), and varied question forms."""

import json
import re

import pytest

from sensemaking_desktop.cancel import NEVER
from sensemaking_desktop.llm.backend import Generation, ModelIdentity, Prompt, Sampling
from sensemaking_desktop.quizzes.model import QuestionKind, Source
from sensemaking_desktop.roles.floor_sentences import Sentence
from sensemaking_desktop.roles.floor_terms import Candidate
from sensemaking_desktop.roles.question_reasons import english
from sensemaking_desktop.roles.teacher import TeacherOptions, generate_quiz
from sensemaking_desktop.roles.teacher_drafts import FORMS, TEXT_CAP, OpenDraft, question_for_answer
from sensemaking_desktop.roles.teacher_verify import ABOUT_THE_TEXT
from sensemaking_desktop.text.terms import Term
from sensemaking_desktop.text.words import normalise_words

IMMUNE = (
    "Vaccines protect our health from diseases such as measles and polio. A vaccine shows the immune system a "
    "harmless copy of a germ. Memory cells remember the pathogen, so the body responds faster the next time it "
    "meets the same germ. Live vaccines use a weakened form of the virus. WordStar is not an immune cell, but "
    "antibodies are proteins that stick to germs. Fever is one way the body fights an infection."
)
KEY_SENTENCE = "Memory cells remember the pathogen, so the body responds faster the next time it meets the same germ."
RAMBLING = (
    KEY_SENTENCE[:-1] + ", and this is the reason why a second infection with measles or polio is often mild, "
    "why vaccines protect our health, and why hundreds of millions of people have been vaccinated over the years "
    "in many countries of the world, which is a great success of medicine and of public health programmes that "
    "reached children in cities and villages alike, where nurses and doctors explained to parents how a vaccine "
    "shows the immune system a harmless copy of a germ long before the real disease arrives in their "
    "neighbourhood"
)


class DraftingModel:
    """A capable-sized model for the engine interface: the Teacher's drafts come from `write`, the
    Student answers a question with the key of the sentence it recalls when the material holds it."""

    identity = ModelIdentity("drafting", "drafting.gguf", "0" * 64)
    backend_name = "drafting"
    context_size = 8192
    parameters = 10**9

    def __init__(self, write, keys: dict[str, str]) -> None:  # noqa: ANN001 (a test double)
        self.write, self.keys, self.prompts = write, keys, []

    def count_tokens(self, text: str) -> int:
        return len(text.split())

    def chat(self, prompt: Prompt, *, json_schema: dict | None = None, **_: object) -> Generation:
        user = prompt.messages[-1]["content"]
        if json_schema["title"] == "OpenDraft":
            self.prompts.append(user)
            reply = self.write(user, len(self.prompts))
            cap = json_schema["properties"]["answer"]["maxLength"]
            reply["answer"] = reply["answer"][:cap]
        else:
            reply = self._student(user)
        return Generation(json.dumps(reply), "stop", 10, 10, 0.0, 0.0, {"template_name": prompt.template_name})

    def _student(self, user: str) -> dict:
        material, question = user.split("Question: ")[0], user.split("Question: ")[1].split("\n")[0]
        key = self.keys.get(question)
        holding = [s for s in re.split(r"(?<=\.) ", IMMUNE) if key and s in material]
        if not holding:
            return {"answerable": False, "answer": "not in the material", "evidence": []}
        return {"answerable": True, "answer": key, "evidence": [holding[0]]}


def test_the_schema_lets_a_long_answer_through_whole() -> None:
    assert OpenDraft.model_json_schema()["properties"]["answer"]["maxLength"] == TEXT_CAP >= 600


def test_a_model_that_writes_a_long_answer_gets_a_whole_one() -> None:
    question = "Why does the body respond faster to a germ it has met before?"

    def write(user: str, number: int) -> dict:
        return {"question": question, "answer": RAMBLING, "quote": KEY_SENTENCE}

    model = DraftingModel(write, {question: KEY_SENTENCE[:-1]})
    result = generate_quiz(model, IMMUNE, TeacherOptions(count=1, kinds=[QuestionKind.OPEN]))
    key = (result.kept + result.dropped)[0].reference_answer
    assert RAMBLING[TEXT_CAP - 1].isalpha() and RAMBLING[TEXT_CAP].isalpha(), "the cap falls inside a word"
    assert len(key) < TEXT_CAP
    written = normalise_words(RAMBLING)
    assert normalise_words(key) == written[: len(normalise_words(key))], "no word is cut"
    assert key.startswith(KEY_SENTENCE[:-1]) and RAMBLING[len(key)] in ",.", "cut at a phrase boundary"
    assert result.kept, result.dropped[0].verification.reasons if result.dropped else result.failures


def test_a_key_from_another_sentence_moves_the_question_to_that_sentence() -> None:
    question = "Which cells remember a pathogen?"

    def write(user: str, number: int) -> dict:
        return {"question": question, "answer": "Memory cells", "quote": "Memory cells remember the pathogen."}

    model = DraftingModel(write, {question: "Memory cells"})
    result = generate_quiz(model, IMMUNE, TeacherOptions(count=3, kinds=[QuestionKind.OPEN]))
    first = result.kept[0]
    assert "Memory" not in model.prompts[0].split('"""')[1], "the first span does not hold the key"
    assert IMMUNE[first.source.span_start : first.source.span_end] == KEY_SENTENCE == first.source.quote
    assert first.verification.checks.key.model_dump() == {"key": "elsewhere in the section", "moved_from": [0, 68]}
    assert first.verification.checks.student_from_passage.agrees
    assert len(result.kept) == 1, "the same question again is a repeat wherever it stands"


def test_a_question_about_the_text_is_written_again_once_with_the_reason() -> None:
    good = "Which cells remember a pathogen?"

    def write(user: str, number: int) -> dict:
        asked = good if "was refused" in user else "What is the main idea of the passage about live vaccines?"
        return {"question": asked, "answer": "Memory cells", "quote": KEY_SENTENCE}

    model = DraftingModel(write, {good: "Memory cells"})
    result = generate_quiz(model, IMMUNE, TeacherOptions(count=1, kinds=[QuestionKind.OPEN]))
    assert [q.text for q in result.kept] == [good]
    about_the_text = english(ABOUT_THE_TEXT)
    assert result.kept[0].verification.retried == about_the_text
    assert about_the_text in model.prompts[1] and about_the_text not in model.prompts[0]


def test_a_model_that_keeps_asking_about_the_text_has_its_question_dropped() -> None:
    def write(user: str, number: int) -> dict:
        return {"question": "What is the main point of the passage?", "answer": "vaccines", "quote": KEY_SENTENCE}

    model = DraftingModel(write, {})
    result = generate_quiz(model, IMMUNE, TeacherOptions(count=1, kinds=[QuestionKind.OPEN]))
    assert not result.kept and result.dropped
    assert all(english(ABOUT_THE_TEXT) in q.verification.reasons for q in result.dropped)
    assert all(ABOUT_THE_TEXT in q.verification.reason_keys for q in result.dropped)
    assert len(model.prompts) == 2 * len(result.dropped), "one retry per draft"


def test_the_drafts_of_a_quiz_ask_for_different_forms() -> None:
    def write(user: str, number: int) -> dict:
        return {"question": f"What is fact number {number}?", "answer": "nothing said", "quote": ""}

    model = DraftingModel(write, {})
    generate_quiz(model, IMMUNE, TeacherOptions(count=5, kinds=[QuestionKind.OPEN]))
    asked = [next(form for form, words in FORMS.items() if words in prompt) for prompt in model.prompts]
    assert len(asked) >= len(FORMS) and set(asked[: len(FORMS)]) == set(FORMS)


class AnswerFirstModel(DraftingModel):
    """Asked for a question whose answer is given, writes one; a question giving the answer away
    is written for the term "Fever" (which the Teacher must refuse)."""

    def chat(self, prompt: Prompt, *, json_schema: dict | None = None, **_: object) -> Generation:
        user = prompt.messages[-1]["content"]
        if json_schema["title"] != "QuestionDraft":
            return super().chat(prompt, json_schema=json_schema)
        self.prompts.append(user)
        answer = re.search(r"correct answer is exactly: (.+)", user).group(1).strip()
        question = f"Name term {len(self.prompts)} of the immune system's story."
        if answer.casefold() == "fever":
            question = "Is fever one way the body fights an infection?"
        self.keys[question] = answer
        return Generation(json.dumps({"question": question}), "stop", 10, 10, 0.0, 0.0, {})


def test_answer_first_asks_only_for_the_question_of_a_key_taken_from_the_material() -> None:
    """A span without a key term falls back to the model writing both (an OpenDraft)."""
    fallback = {"question": "What do memory cells remember?", "answer": "the pathogen", "quote": KEY_SENTENCE}
    model = AnswerFirstModel(lambda user, number: dict(fallback), {fallback["question"]: "the pathogen"})
    result = generate_quiz(model, IMMUNE, TeacherOptions(count=3, kinds=[QuestionKind.OPEN], answer_first=True))
    first = [q for q in result.kept + result.dropped if q.verification.answer_first]
    assert len(first) >= 2 and any(q in result.kept for q in first)
    for question in first:
        assert question.reference_answer in question.source.quote and question.source.quote in IMMUNE
        assert IMMUNE[question.source.span_start : question.source.span_end] == question.source.quote
    assert len({q.reference_answer.casefold() for q in first}) == len(first), "each key asked once"


def test_an_answer_first_question_that_gives_its_answer_away_is_refused() -> None:
    model = AnswerFirstModel(lambda user, number: {}, {})
    sentence = Sentence(361, 361 + 46, "Fever is one way the body fights an infection.")
    fever = Candidate(sentence, Term("Fever", "name", 0, 5), 1.0)
    values = {"material": IMMUNE, "difficulty": "medium", "language": "English", "retry": ""}
    with pytest.raises(ValueError, match=r"gives its answer away \(Fever\)"):
        question_for_answer(model, fever, values, Source(), Sampling(), NEVER)


def test_a_large_model_writes_its_own_answers_unless_asked_otherwise() -> None:
    question = "Why does the body respond faster to a germ it has met before?"
    model = DraftingModel(
        lambda user, number: {"question": question, "answer": KEY_SENTENCE, "quote": KEY_SENTENCE}, {}
    )
    result = generate_quiz(model, IMMUNE, TeacherOptions(count=1, kinds=[QuestionKind.OPEN]))
    assert not any(q.verification.answer_first for q in result.kept + result.dropped)
