"""The grading gates' registry: a gate declared once is run, flagged, explained and compared where
instructions were removed; a name not declared is none of these."""

from dataclasses import fields

import pytest
from good_signals import signals as good

from sensemaking_desktop.quizzes.grading import FLAG_TEXT
from sensemaking_desktop.roles import grading_gates
from sensemaking_desktop.roles.grading_combine import combine
from sensemaking_desktop.roles.grading_gates import (
    CONTENT_SIGNALS,
    directions,
    flag_text,
    gate,
    gate_values,
    gates,
    less_favourable,
    sentence_of,
)
from sensemaking_desktop.roles.grading_reasons import Sentence, render
from sensemaking_desktop.roles.grading_signals import Signals
from sensemaking_desktop.workflows.reasons import flag_texts

ORDER = [
    "garbled_answer",
    "garbled_question",
    "off_topic",
    "other_question",
    "wrong_question",
    "echoes_question",
    "contradicts_reference",
    "wrong_answer_type",
    "not_in_material",
]
SHOWN = {
    "off_topic": "the answer does not match the reference answer or the question",
    "wrong_question": "the answer fits another question on this material better than the one asked",
    "wrong_answer_type": "the answer is not of the kind the question asks for (a number, a time, a person, a reason)",
    "no_reference": "no reference answer: graded against the material's passage nearest the question",
}


@pytest.fixture
def empty_registry(monkeypatch: pytest.MonkeyPatch) -> None:
    """No gate declared, for a test that registers its own; the declared ones come back after it."""
    monkeypatch.setattr(grading_gates, "_GATES", {})


def test_every_registered_gate_runs_in_declared_order_with_its_text_and_sentence():
    assert [found.name for found in gates()] == ORDER
    assert list(gate_values(good())) == ORDER
    assert [name for name in combine(good()).parts if name.startswith("gate_")] == [f"gate_{name}" for name in ORDER]
    for found in gates():
        assert flag_text(found.name) == found.text and found.text and found.text != found.name
        assert found.name not in FLAG_TEXT, "a gate's text is declared with the gate only"
        assert render([Sentence(found.sentence)]), f"{found.name}: its sentence is in reasons.toml"


def test_a_name_that_is_no_gate_is_neither_run_nor_explained_as_one():
    assert "length_ratio" not in gate_values(good())
    assert flag_text("length_ratio") == "length_ratio"
    with pytest.raises(KeyError):
        sentence_of("length_ratio")
    assert flag_text("no_logprobs") == FLAG_TEXT["no_logprobs"], "flags that are no gate keep the domain's text"


def test_the_texts_a_reader_sees_are_unchanged():
    assert flag_texts(list(SHOWN)) == list(SHOWN.values())
    assert sentence_of("wrong_question") == "other_question"


def test_a_gate_declared_once_is_run_flagged_explained_and_compared(empty_registry):
    @gate("too_long", "the answer is much longer than the reference", reads={"length_ratio": "higher"})
    def too_long(signals: Signals) -> float | None:
        return None if signals.length_ratio is None else float(signals.length_ratio < 1.0)

    assert list(gate_values(good())) == ["too_long"]
    shut = combine(good(length_ratio=2.0))
    assert shut.score == 0.0 and "too_long" in shut.flags and shut.parts["lowest_gate"] == "too_long"
    assert flag_texts(shut.flags) == ["the answer is much longer than the reference"]
    assert directions()["length_ratio"] == "higher"
    assert less_favourable(good(length_ratio=0.5), good(length_ratio=2.0)).length_ratio == 2.0


def test_a_gate_is_registered_once_and_reads_a_signal_one_way(empty_registry):
    gate("echo", "repeats the question", reads={"novelty": "lower"})(lambda signals: None)
    with pytest.raises(ValueError, match="twice"):
        gate("echo", "again", reads={})(lambda signals: None)
    gate("backwards", "reads novelty the other way", reads={"novelty": "higher"})(lambda signals: None)
    with pytest.raises(ValueError, match="novelty"):
        directions()


def test_each_read_signal_is_a_field_and_taken_at_its_less_favourable_reading():
    names = {field.name for field in fields(Signals)}
    assert set(directions()) <= names and set(CONTENT_SIGNALS) <= names
    cleaned = good(reference_cosine=0.4, contradiction=0.5, passage_margin=0.3, type_fit=True, key_point_coverage=0.9)
    given = good(reference_cosine=0.9, contradiction=0.0, passage_margin=-0.6, type_fit=False, key_point_coverage=0.2)
    lowered = less_favourable(cleaned, given)
    assert (lowered.reference_cosine, lowered.contradiction, lowered.key_point_coverage) == (0.4, 0.5, 0.2)
    assert (lowered.passage_margin, lowered.type_fit) == (0.3, True), "read as the cleaned answer's"
