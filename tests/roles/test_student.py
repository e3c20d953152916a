"""The Student on the real embedded model: structured answers, evidence checked against the material."""

from sensemaking_desktop.llm.llama_engine import LlamaEngine
from sensemaking_desktop.roles.student import NOT_IN_MATERIAL, StudentReply, answer, checked
from sensemaking_desktop.samples import load_sample

MATERIAL = "When water evaporates, the salt is left behind. Only pure water rises into the air."


def test_answers_come_back_in_order_with_checked_evidence_and_provenance(engine: LlamaEngine) -> None:
    sample = load_sample()
    questions = [q.question for q in sample.questions[:3]]
    seen: list[int] = []
    answers = answer(engine, sample.text, questions, on_answer=lambda index, _: seen.append(index))
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
