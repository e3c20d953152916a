"""Where an imported question's answer lies in the material it is attached to.

A quiz imported from Moodle, GIFT, QTI or a spreadsheet names no place in the material, so a
self-test could show no passage after an answer (issue 46). Attached to a material, each question
without a place gets the material's sentence that best matches the question read with its answer
(a cloze's gap filled with its key, an open question followed by its reference), by embedding
cosine plus the share of the question's content words the sentence holds, as the Evaluator finds a
passage (`roles.grading_content.best_passage`), run on to the next sentences that hold the answer's
words where that one lacks them. A question whose best sentence is not close enough keeps no place
rather than a wrong one.
"""

from dataclasses import dataclass

import numpy as np

from sensemaking_desktop.quizzes.model import Question, Quiz, Source
from sensemaking_desktop.store import Store
from sensemaking_desktop.store.materials import Section, get_material, locate, sections_of
from sensemaking_desktop.text.content import content_stems, stem_overlap
from sensemaking_desktop.text.embeddings import Embedder, default_embedder
from sensemaking_desktop.text.sentences import sentence_bounds

MIN_COSINE = 0.4
"""Below it the nearest sentence is only about the same subject: the shipped water-cycle samples'
48 questions (four languages) found their sentence at 0.46 to 0.94, while 40 SQuAD 2.0 dev
questions on other subjects found nothing in the English sample above 0.36."""
MIN_WORDS = 4
MAX_FOLLOWING = 3
"""Sentences after the nearest one that a place may run on to, to hold the answer's words."""
GAP = "_____"


@dataclass(frozen=True)
class _Sentence:
    section: Section
    start: int
    end: int

    @property
    def text(self) -> str:
        return self.section.text[self.start : self.end].strip()


def placed_in_material(store: Store, quiz: Quiz, material_id: int, embedder: Embedder | None = None) -> Quiz:
    """`quiz` with each question that names no place in the material given its nearest sentence of
    material `material_id`; questions that name a place, or match no sentence closely, unchanged.
    A material that does not exist is refused before anything is read."""
    get_material(store, material_id)
    open_questions = [index for index, question in enumerate(quiz.questions) if _unplaced(question)]
    sentences = _sentences(sections_of(store, material_id))
    if not open_questions or not sentences:
        return quiz
    embedder = embedder or default_embedder()
    vectors = embedder.encode([sentence.text for sentence in sentences])
    asked = [_asked(quiz.questions[index]) for index in open_questions]
    wanted = embedder.encode(asked)
    held = [set(content_stems(sentence.text)) for sentence in sentences]
    questions = list(quiz.questions)
    for index, query, vector in zip(open_questions, asked, wanted):
        cosine = vectors @ vector
        best = int(np.argmax(cosine + np.array(stem_overlap(query, held))))
        if cosine[best] >= MIN_COSINE:
            last = _answer_end(sentences, held, best, quiz.questions[index].reference_answer or "")
            questions[index] = questions[index].model_copy(update={"source": _source(sentences[best], sentences[last])})
    return quiz.model_copy(update={"questions": questions})


def _unplaced(question: Question) -> bool:
    return question.source.section_id is None and not question.source.quote


def _asked(question: Question) -> str:
    """The question as a sentence of the material would say it: its gap filled, its answer after it."""
    answer = question.reference_answer or ""
    if GAP in question.text:
        return question.text.replace(GAP, answer, 1)
    if answer.casefold() in ("true", "false", "yes", "no"):
        return question.text
    return f"{question.text} {answer}".strip()


def _sentences(sections: list[Section]) -> list[_Sentence]:
    found = [
        _Sentence(section, start, end)
        for section in sections
        for start, end in sentence_bounds(section.text, section.language)
    ]
    return [sentence for sentence in found if len(sentence.text.split()) >= MIN_WORDS]


def _answer_end(sentences: list[_Sentence], held: list[set[str]], first: int, answer: str) -> int:
    """The last sentence of the place: the first one, or up to MAX_FOLLOWING after it in its
    section where they hold answer words it lacks. The sentence nearest a question can announce
    what the next ones say ("Two forces drive the whole cycle." before "The first is energy from
    the sun. … The second is gravity."), and a passage shown after an answer must hold the answer."""
    wanted = set(content_stems(answer))
    missing, last = wanted - held[first], first
    for index in range(first + 1, min(first + 1 + MAX_FOLLOWING, len(sentences))):
        if not missing or sentences[index].section.id != sentences[first].section.id:
            break
        if missing & held[index]:
            missing, last = missing - held[index], index
    return last


def _source(first: _Sentence, last: _Sentence) -> Source:
    place = locate(first.section, first.start, last.end)
    return Source(
        section_id=first.section.id,
        span_start=first.start,
        span_end=last.end,
        start_page=place.start_page,
        end_page=place.end_page,
        start_s=place.start_s,
        end_s=place.end_s,
        quote=first.section.text[first.start : last.end].strip(),
    )
