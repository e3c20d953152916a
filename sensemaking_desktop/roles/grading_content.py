"""What an answer says, measured without the language model: the content signals of a grade.

With a reference answer (or a teacher's rubric) the answer is compared with it criterion by
criterion (`text.keypoints`), checked for claims that contradict it (`text.contradiction`),
and for whether it adds anything to the question and is of the type asked for
(`text.question_fit`). Without a reference, the material's sentences nearest the question
stand in for one (`best_passage`): the answer's new words must come from them, and it must not
contradict them. An answer of a sentence or more is compared with each such sentence together
with the sentences it is bound to ("This is why ...", "It ..."), as the material says it there.

Only numbers go out of here; `grading_combine` turns them into a score. None of this calls the
language model, so `bench grading --fit` can compute it for thousands of answers quickly.
"""

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache

import numpy as np

from sensemaking_desktop.quizzes.model import Criterion
from sensemaking_desktop.roles.grading_checks import similarity
from sensemaking_desktop.roles.grading_combine import Signals
from sensemaking_desktop.roles.grading_signals import grades_by_judge, reads_by_lemmas, reads_judge, reads_meaning
from sensemaking_desktop.roles.question_checks import NLI_LANGUAGES
from sensemaking_desktop.text.alignment import lemma_recall, token_recall
from sensemaking_desktop.text.content import clauses, content_stems, stem_overlap
from sensemaking_desktop.text.contradiction import Conflict, about_same, agrees, conflict
from sensemaking_desktop.text.cross_encoder import answer_judge, judge_text, nli_model
from sensemaking_desktop.text.embeddings import Embedder
from sensemaking_desktop.text.keypoints import Coverage, coverage
from sensemaking_desktop.text.language import detect
from sensemaking_desktop.text.question_fit import novelty, type_fits
from sensemaking_desktop.text.sentences import sentence_bounds

PASSAGE_SENTENCES = 3
"""Sentences of the material that stand in for a missing reference answer."""
NEARER_WEIGHT = (1.0, 0.5, 0.5)
"""What an answer word found in the nearest sentence, the second or the third counts for: on
half of the SQuAD 2.0 slice (the passages fitted on), one sentence told right from wrong answers
best for short answers (AUC 0.85 against 0.74 for two), while longer answers need more."""
MIN_EMBEDDED_WORDS = 4
"""Answers with fewer content words are not compared with questions or the material by embedding:
the cosine of "Normandy" with anything says little (on half of the SQuAD 2.0 slice, 29 of 72
right span answers were shut out by it); their words are compared instead."""
MIN_SENTENCE_WORDS = 4
"""Shorter lines (headings such as "Evaporation and Transpiration") name a subject without saying
anything about it, yet match a question's terms best. A Markdown heading line (`## …`, as the
app writes a section's headings) is left out whatever its length."""
_HEADING_LINE = re.compile(r"\s*#{1,6}\s")
NLI_CONTRADICTS = 0.9
"""The NLI model's contradiction probability (the mean of both orders, `_contradiction`) at which an
English answer clause contradicts a statement of the reference (or the passage) it is about,
whatever the rule says. Chosen on SAF v2 English's fitting half (`bench grading --no-model`), with
the model alone: at 0.7, 0.8, 0.9 and 0.95 its human-right answers shut by the gate went 2, 1, 1,
0 (the rule: 6) and AUC 0.802, 0.802, 0.803, 0.804 (the rule: 0.801); 0.95 lets through a plain
negation of a two-part sentence (the evaluator tests' salt that "does not stay behind": 0.93)."""
NLI_CONFIRMS = 0.5
"""Below NLI_CONTRADICTS, a contradiction the rule finds stands only where the model finds it at
least as likely as not. The model alone caught half of SAF's fitting half's full-mark answers
with "not" inserted (`metrics.adversarial.negated`; 51 of 103 at 0.9), the rule all of them, but
the rule also shut 6 right answers there and 21 of Mohler 2011's. On the fitting half, at 0.3,
0.5 and 0.7: AUC 0.800, 0.800, 0.802 (the rule: 0.801), right answers shut 5, 4, 2, negated
answers caught 94, 83, 71 of 103. 0.7 lets through "A stack is not a LIFO structure" against "A
stack is a LIFO (last in, first out) data structure" (0.58: the model reads the expansion as
unrelated, models/nli-minilm-l6/MODEL_CARD.md), so the cut is not tuned: more likely than not."""
MODEL_FINDS = "the two cannot both be true"
"""Why a clause contradicts, in the student's feedback, where the NLI model found it."""
MAX_MATERIAL_SENTENCES = 400
"""Sentences of a very long section considered for the passage (the first ones)."""
_BOUND_TO_PREVIOUS = re.compile(
    r"\W*(?:(?:this|these|those|that|it|its|they|their|them|such|he|she|his|her|thus|therefore|so)\b"
    r"|the (?:first|second|third|last|latter|former|other) (?:is|was|are|were|one|ones)\b)",
    re.IGNORECASE,
)
"""An English sentence that opens by referring back ("This is why rain is fresh water", "It
was an improvement over ...", "The second is gravity") says its subject in the sentence before."""


@dataclass(frozen=True)
class Passage:
    """One sentence of the material near a question, and that sentence with the sentences it is
    bound to: the one before when it opens by referring back, the one after when that one does."""

    sentence: str
    context: str


@dataclass(frozen=True)
class Content:
    """The content signals of one answer (None: the signal did not apply)."""

    reference_cosine: float | None
    reference_rouge: float | None
    reference_token_recall: float | None
    """BERTScore recall of the reference in the answer (`text.alignment`)."""
    key_point_coverage: float | None
    """Points-weighted mean coverage of the criteria, 0-1."""
    key_points_covered: float | None
    """Points-weighted share of criteria covered at least `keypoints.COVERED`."""
    contradiction: float | None
    """Share of the answer's clauses that contradict the reference (or the material's passage)."""
    novelty: float | None
    type_fit: bool | None
    length_ratio: float | None
    """log2 of the answer's content words over the reference's (0: as long)."""
    question_cosine: float
    question_margin: float | None
    """Cosine with this question minus the best with the other questions on the material."""
    sibling_margin: float | None
    support: float | None
    passage_precision: float | None
    """Without a reference: share of the answer's new words found in the material's passage (0: none new)."""
    passage_margin: float | None
    """How much better the answer's words fit the material's passage for its own question than
    the passage for the best other question (see `passage_margin`)."""
    reference_given: bool
    language: str | None = None
    """The language of the question and reference, detected; None when unclear."""
    judged_right: float | None = None
    """The answer judge's P(right) against the reference (`judged`)."""
    judged_contradicts: float | None = None
    criteria: list[Coverage] = field(default_factory=list)
    conflicts: list[Conflict] = field(default_factory=list)


def content_signals(
    embedder: Embedder,
    question: str,
    answer: str,
    *,
    reference: str | None,
    material: str | None,
    criteria: Sequence[Criterion] = (),
    other_references: Sequence[str] = (),
    other_questions: Sequence[str] = (),
    passage: Sequence[Passage] = (),
) -> Content:
    """Every content signal of `answer`; `passage` holds the material's sentences nearest the
    question (see `best_passage`), used when there is no reference."""
    texts = passage_texts(passage, answer)
    standard = reference or " ".join(texts) or None
    close = similarity(embedder, question, answer, reference, material, other_references)
    rivals = [text for text in dict.fromkeys(other_questions) if text and text != question]
    vectors = embedder.encode([answer, question, *rivals])
    embedded = len(set(content_stems(answer))) >= MIN_EMBEDDED_WORDS
    weights = np.array([criterion.points for criterion in criteria], dtype=float)
    language = detect(f"{question} {reference or ''}")
    lemmas_of = language if language is not None and reads_by_lemmas(language) else None
    criteria_texts = [criterion.text for criterion in criteria]
    covered = coverage(embedder, criteria_texts, answer, question, lemmas_of=lemmas_of, meaning=reads_meaning(language))
    conflicts = _conflicts(answer, standard, language) if standard else []
    right, contradicts = judged(question, answer, reference, language)
    return Content(
        reference_cosine=close.reference,
        reference_rouge=close.reference_rouge,
        reference_token_recall=_token_recall(embedder, question, answer, reference, lemmas_of) if reference else None,
        key_point_coverage=_weighted([item.value for item in covered], weights),
        key_points_covered=_weighted([float(item.covered) for item in covered], weights),
        contradiction=len(conflicts) / max(len(clauses(answer)), 1) if standard else None,
        novelty=novelty(answer, question),
        type_fit=type_fits(answer, question),
        length_ratio=_length_ratio(answer, reference) if reference else None,
        question_cosine=close.question,
        question_margin=close.question - float(np.max(vectors[2:] @ vectors[0])) if rivals and embedded else None,
        sibling_margin=close.sibling_margin,
        support=close.support if embedded else None,
        passage_precision=_precision(answer, question, texts) if not reference and passage else None,
        passage_margin=passage_margin(embedder, answer, question, material, rivals) if material else None,
        reference_given=reference is not None,
        language=language,
        judged_right=right,
        judged_contradicts=contradicts,
        criteria=covered,
        conflicts=conflicts,
    )


def to_signals(found: Content, *, rubric: bool, injection: bool) -> Signals:
    """The combination's input, before the checks that need the language model (fluency, the judge)."""
    return Signals(
        judge=None,
        judge_trusted=None,
        reference_cosine=found.reference_cosine,
        reference_rouge=found.reference_rouge,
        reference_token_recall=found.reference_token_recall,
        question_cosine=found.question_cosine,
        sibling_margin=found.sibling_margin,
        support=found.support,
        answer_fluency=None,
        question_fluency=None,
        injection=injection,
        key_point_coverage=found.key_point_coverage,
        key_points_covered=found.key_points_covered,
        contradiction=found.contradiction,
        novelty=found.novelty,
        type_fit=found.type_fit,
        length_ratio=found.length_ratio,
        question_margin=found.question_margin,
        passage_precision=found.passage_precision,
        passage_margin=found.passage_margin,
        rubric_score=found.key_point_coverage if rubric else None,
        language=found.language,
        judged_right=found.judged_right,
        judged_contradicts=found.judged_contradicts,
    )


def judged(
    question: str, answer: str, reference: str | None, language: str | None
) -> tuple[float | None, float | None]:
    """(P(right), P(contradicts)) of the answer judge reading the answer against the reference;
    (None, None) without a reference, where it does not read the language, or where the Evaluator
    does not grade by it (`grades_by_judge`). Without a reference
    it was trained to read the material's passage too, but it read answers to other questions as
    right as often as the right ones (docs/evaluator.md, "The answer judge"), so it is not asked."""
    if not grades_by_judge() or not reads_judge(language) or not (reference and reference.strip()):
        return None, None
    judge = answer_judge()
    probabilities = judge.probabilities([judge_text(question, answer, reference)], batch_size=1)[0]
    return float(probabilities[judge.labels.index("right")]), float(probabilities[judge.labels.index("contradicts")])


def best_passage(embedder: Embedder, question: str, material: str) -> list[Passage]:
    """The PASSAGE_SENTENCES sentences of `material` nearest the question, nearest first, each
    with the sentences it is bound to (`Passage`).

    Nearness is the embedding cosine plus the share of the question's content words the
    sentence holds, so a sentence that names the question's terms wins over one that is only
    about the same subject.
    """
    sentences = [material[start:end].strip() for start, end in sentence_bounds(material)]
    sentences = [
        sentence
        for sentence in sentences
        if len(sentence.split()) >= MIN_SENTENCE_WORDS and not _HEADING_LINE.match(sentence)
    ]
    sentences = sentences[:MAX_MATERIAL_SENTENCES]
    if len(sentences) <= 1:
        return [Passage(sentence, sentence) for sentence in sentences]
    vectors = embedder.encode([question, *sentences])
    overlap = np.array(stem_overlap(question, [set(content_stems(sentence)) for sentence in sentences]))
    nearness = vectors[1:] @ vectors[0] + overlap
    return [_bound(sentences, index) for index in np.argsort(-nearness, kind="stable")[:PASSAGE_SENTENCES]]


def passage_texts(passage: Sequence[Passage], answer: str) -> list[str]:
    """What `answer` is compared with: each passage sentence alone for a short answer, with the
    sentences it is bound to for one of MIN_EMBEDDED_WORDS content words or more.

    A short answer names one thing, which the sentence nearest the question holds; bound
    sentences would bring in the answers to the neighbouring questions of the same paragraph (on
    the half of the SQuAD 2.0 slice used to choose, wrong answers at 80 or more went from 21.5% to
    24.6% with bound sentences for every answer, and stayed at 21.5% for longer ones only). A longer
    answer explains, and the material explains across the sentences it binds: "This is why rain
    is fresh water" is nearest "Why is rain fresh water?", and the reason is the sentence before.
    """
    explains = len(set(content_stems(answer))) >= MIN_EMBEDDED_WORDS
    return [part.context if explains else part.sentence for part in passage]


def passage_text(passage: Sequence[Passage]) -> str:
    """The passage as one text, for the judge's prompt: each sentence with those it is bound to."""
    return " ".join(dict.fromkeys(part.context for part in passage))


def _bound(sentences: Sequence[str], index: int) -> Passage:
    first, last = index, index
    if first > 0 and _BOUND_TO_PREVIOUS.match(sentences[first]):
        first -= 1
    if last + 1 < len(sentences) and _BOUND_TO_PREVIOUS.match(sentences[last + 1]):
        last += 1
    return Passage(sentences[index], " ".join(sentences[first : last + 1]))


def passage_margin(
    embedder: Embedder, answer: str, question: str, material: str, rivals: Sequence[str]
) -> float | None:
    """The answer's words found in the material's passage for its question (`_precision`),
    minus the most found in the passage for any other question on the material; None without
    other questions.

    The material ties a question to its answer where embeddings cannot: MiniLM puts "What is
    transpiration?" farther from "water vapour escaping through the stomata of leaves" than
    from "Why is rain fresh water?", while the material says transpiration in the sentence next
    to the stomata. A right answer to a neighbouring question, given here with its own
    reference, is found in that question's passage and hardly in this one's."""
    if not rivals:
        return None
    own = _precision(answer, question, passage_texts(passage_of(embedder, question, material), answer))
    return own - max(
        _precision(answer, rival, passage_texts(passage_of(embedder, rival, material), answer)) for rival in rivals
    )


@lru_cache(maxsize=256)
def passage_of(embedder: Embedder, question: str, material: str) -> tuple[Passage, ...]:
    """best_passage, once per question and material: every answer of a class asks for it, for
    its own question and for each neighbouring one."""
    return tuple(best_passage(embedder, question, material))


def _conflicts(answer: str, standard: str, language: str | None) -> list[Conflict]:
    """One conflict at most per answer clause: a statement of the standard it contradicts, unless
    another statement says what the clause says (`contradiction.agrees`). In the languages the NLI
    model knows, it judges with the rule (`_judged_by_model`); elsewhere the rule of
    `text.contradiction` alone does."""
    statements = clauses(standard)
    claims = [claim for claim in clauses(answer) if not any(agrees(claim, statement) for statement in statements)]
    if language in NLI_LANGUAGES:
        return _judged_by_model(claims, statements)
    found = []
    for claim in claims:
        clash = next((item for item in (conflict(claim, statement) for statement in statements) if item), None)
        if clash is not None:
            found.append(clash)
    return found


def _judged_by_model(claims: Sequence[str], statements: Sequence[str]) -> list[Conflict]:
    """The claims that contradict a statement they are about: the NLI model is sure of it
    (NLI_CONTRADICTS), or the rule finds it and the model does not doubt it (NLI_CONFIRMS).

    Which statement a claim is about is still found by shared words (`contradiction.about_same`):
    against the whole reference, the model called 124 of Mohler 2011's right answers
    contradictions at 0.9 (for SNLI another description of the scene is one, and long references
    lose their words to its 128 tokens), the rule 21. The rule's own findings were mostly false
    alarms on people's answers (on SAF's fitting half 80 clauses of right answers, 4 of wrong
    ones), most of which the model doubts; but it catches an inserted "not" in a long sentence
    that the model reads as unsure, so both are asked."""
    pairs = [(index, statement) for index, claim in enumerate(claims) for statement in statements]
    pairs = [(index, statement) for index, statement in pairs if about_same(claims[index], statement)]
    found: dict[int, Conflict] = {}
    for index, statement in pairs:
        if index in found:
            continue
        probability = _contradiction(claims[index], statement)
        clash = conflict(claims[index], statement)
        if probability >= NLI_CONTRADICTS:
            found[index] = Conflict(claims[index], statement, MODEL_FINDS)
        elif clash is not None and probability >= NLI_CONFIRMS:
            found[index] = clash
    return [found[index] for index in sorted(found)]


def _contradiction(claim: str, statement: str) -> float:
    """The NLI model's contradiction probability for the two, the mean of both orders, each pair run
    alone. Contradiction is symmetric, the model is not: the salt that "does not stay behind"
    contradicts the reference at 0.99 read second, 0.86 read first; and its int8 activations are
    scaled per batch, so the same pair read beside that one's reverse gave 0.94."""
    pairs = [(statement, claim), (claim, statement)]
    return float(nli_model().probabilities(pairs, batch_size=1)[:, 2].mean())


def _weighted(values: list[float], weights: np.ndarray) -> float | None:
    if not values or weights.sum() <= 0:
        return None
    return round(float(np.dot(values, weights) / weights.sum()), 3)


def _token_recall(embedder: Embedder, question: str, answer: str, reference: str, lemmas_of: str | None) -> float:
    """How much of the reference the answer says, word by word: by MiniLM's word pieces in
    English, else by the dictionary forms of `lemmas_of` that the question does not already give."""
    if lemmas_of:
        return lemma_recall(answer, reference, lemmas_of, given=question)
    return token_recall(embedder, answer, reference)


def _length_ratio(answer: str, reference: str) -> float:
    return math.log2((len(content_stems(answer)) + 1) / (len(content_stems(reference)) + 1))


def _precision(answer: str, question: str, passage: Sequence[str]) -> float:
    """Share of the answer's content stems that are not in the question and are in the passage,
    each weighted by the nearness of the sentence it is found in (NEARER_WEIGHT); 0 when it has
    none (it adds nothing the passage could support)."""
    new = set(content_stems(answer)) - set(content_stems(question))
    if not new:
        return 0.0
    found = dict.fromkeys(new, 0.0)
    for weight, sentence in zip(NEARER_WEIGHT, passage, strict=False):
        for word in new & set(content_stems(sentence)):
            found[word] = max(found[word], weight)
    return sum(found.values()) / len(new)
