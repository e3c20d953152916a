"""The Student on the real embedded model: structured answers, evidence checked against the material."""

import math

from sensemaking_desktop.llm.backend import Generation, TokenChoice
from sensemaking_desktop.llm.llama_engine import LlamaEngine
from sensemaking_desktop.roles.abstention import ECHO, answer_window, decide, p_answerable, signals, type_fits
from sensemaking_desktop.roles.student import EXTRACTIVE, NOT_IN_MATERIAL, StudentReply, answer, answer_one, checked
from sensemaking_desktop.samples import load_sample
from sensemaking_desktop.text.embeddings import default_embedder

MATERIAL = "When water evaporates, the salt is left behind. Only pure water rises into the air."


def test_answers_come_back_in_order_with_checked_evidence_and_provenance(engine: LlamaEngine) -> None:
    sample = load_sample()
    questions = [q.question for q in sample.questions[:3]]
    seen: list[int] = []
    answers = answer(engine, sample.text, questions, on_answer=lambda index, _: seen.append(index), extractive=False)
    assert seen == [0, 1, 2] and [a.question for a in answers] == questions
    for result in answers:
        assert result.passages is None, "a section that fits is read whole"
        assert result.provenance["template_name"] == "student_answer"
        assert result.provenance["model_sha256"] == engine.identity.sha256
        if result.answerable:
            assert result.supported == bool(result.located)
            assert all(sample.text[f.start : f.end] for f in result.located)
        else:
            assert result.answer == NOT_IN_MATERIAL and result.supported is None


def test_evidence_missing_from_the_material_marks_the_answer_unsupported() -> None:
    reply = StudentReply(answerable=True, answer="Salt", evidence=["Salt rains down from the clouds."])
    result = checked("What stays behind?", reply, MATERIAL, {})
    assert result.supported is False and result.located == []


def test_a_refusal_reads_not_in_the_material() -> None:
    reply = StudentReply(answerable=False, answer="I think it is 42", evidence=[])
    result = checked("How far is the moon?", reply, MATERIAL, {})
    assert (result.answer, result.supported) == (NOT_IN_MATERIAL, None)


def test_quoted_evidence_found_supports_the_answer() -> None:
    reply = StudentReply(answerable=True, answer="The salt", evidence=["the salt is left behind"])
    result = checked("What stays behind?", reply, MATERIAL, {})
    assert (
        result.supported is True
        and MATERIAL[result.located[0].start : result.located[0].end] == "the salt is left behind"
    )


NUTS = (
    "The Boots self-locking nut is of one piece, all-metal construction designed to hold tight despite severe "
    "vibration. The Rol-top nut is cadmium-plated steel, and the bellows type is made of aluminum alloy only. "
    "The elastic stop nut has a fiber locking collar."
)


def test_signals_of_an_answer_backed_by_matching_evidence() -> None:
    reply = StudentReply(
        answerable=True, answer="cadmium-plated steel", evidence=["The Rol-top nut is cadmium-plated steel"]
    )
    result = checked("What is the Rol-top nut made of?", reply, NUTS, {})
    values = signals(result.question, result.answer, result.located, NUTS, None, default_embedder())
    assert values["evidence_found"] == 1.0 and values["answer_in_evidence"] == 1.0
    assert values["question_overlap"] == 1.0 and values["question_cosine"] > 0.5 and values["p_answerable"] == 0.5
    unsupported = signals("Who invented the Rol-top nut?", "Mr Boots", [], NUTS, None, default_embedder())
    assert unsupported["evidence_found"] == 0.0 and unsupported["answer_in_evidence"] == 0.0


def test_without_evidence_found_the_question_is_matched_with_the_answers_sentence() -> None:
    values = signals("What is the Rol-top nut made of?", "cadmium-plated steel", [], NUTS, None, default_embedder())
    assert values["evidence_found"] == 0.0 and values["answer_in_evidence"] == 0.0
    assert values["question_overlap"] == 1.0 and values["question_cosine"] > 0.5
    assert answer_window("cadmium-plated steel", NUTS) == NUTS, "the answer's sentence and one either side"
    assert answer_window("fiber collar", NUTS).startswith("The Rol-top nut") and answer_window("zinc", NUTS) == ""


def test_an_answer_that_only_echoes_the_question_is_refused_whatever_else_it_has() -> None:
    question = "Who did the Boots company sell the Rol-top nut to?"
    echo = signals(question, "the Boots company", [], NUTS, None, default_embedder())
    named = signals(question, "the Boots company sold it to the Navy", [], NUTS, None, default_embedder())
    assert echo[ECHO] == 0.0 and named[ECHO] > 0.0
    strong = {"question_cosine": 0.9, "p_answerable": 1.0}
    assert not decide(echo | strong).answerable and decide(echo | strong).score == 0.0
    assert decide(named | strong).answerable, "the same signals with something new said stand"


def test_the_answer_type_must_fit_the_question() -> None:
    assert type_fits("How many parts does the nut have?", "two") == 1.0
    assert type_fits("How many parts does the nut have?", "a case and an insert") == 0.0
    assert type_fits("When was the nut patented?", "in 1942") == 1.0
    assert type_fits("Who designed the nut?", "cadmium-plated steel") == 0.0
    assert type_fits("What holds the nut?", "a spring") == 0.5


def test_the_models_own_probability_of_answerable_is_read_at_its_field() -> None:
    tokens = tuple(
        TokenChoice(text, -0.1, top)
        for text, top in [
            ('{"', ()),
            ("answerable", ()),
            ('":', ()),
            (" true", ((" true", math.log(0.6)), (" false", math.log(0.2)), ("\n", math.log(0.1)))),
        ]
    )
    generation = Generation("", "stop", 1, 4, 0.0, 0.0, tokens=tokens)
    assert p_answerable(generation) == 0.75
    assert p_answerable(Generation("", "stop", 1, 0, 0.0, 0.0)) == 0.5


def test_a_planted_unanswerable_question_is_refused(engine: LlamaEngine) -> None:
    result = answer_one(engine, NUTS, "In which year did the Boots company first sell the Rol-top nut?")
    assert not result.answerable and result.answer == NOT_IN_MATERIAL


def test_a_planted_answerable_question_is_answered_with_its_span(engine: LlamaEngine) -> None:
    result = answer_one(engine, NUTS, "What is the Rol-top nut made of?")
    assert result.answerable and "cadmium" in result.answer.casefold()
    sentence = NUTS.index("The Rol-top nut")
    assert any(found.start <= sentence + 20 and found.end >= sentence + 30 for found in result.located)
    assert result.provenance["template_name"] == EXTRACTIVE and result.checks["method"] == "extractive"
    assert result.provenance["model_sha256"] == engine.identity.sha256, "the model configured, not asked"


def test_the_model_answers_when_asked_to_even_if_small(engine: LlamaEngine) -> None:
    result = answer_one(engine, NUTS, "What is the Rol-top nut made of?", extractive=False)
    assert result.provenance["template_name"] == "student_answer" and result.provenance["completion_tokens"] > 0


UKRAINIAN = (
    "Серце людини має чотири камери: два передсердя і два шлуночки. Ліве передсердя приймає кров з легень. "
    "Правий шлуночок виштовхує кров у легеневу артерію."
)


def test_a_refusal_is_written_in_the_materials_language(engine: LlamaEngine) -> None:
    refused = answer_one(engine, UKRAINIAN, "Хто написав поему «Енеїда» у 1798 році?", extractive=True)
    kept = answer_one(engine, UKRAINIAN, "Скільки камер має серце людини?", extractive=True)
    assert not refused.answerable and refused.answer == "у матеріалі цього немає"
    assert kept.answerable and "чотири камери" in kept.answer
    english = answer_one(engine, MATERIAL, "Who wrote the Aeneid?", extractive=True)
    assert not english.answerable and english.answer == NOT_IN_MATERIAL
