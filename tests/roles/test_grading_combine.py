import pytest
from good_signals import signals

from sensemaking_desktop.quizzes.grading import REVIEW_THRESHOLD
from sensemaking_desktop.roles import grading_combine
from sensemaking_desktop.roles.grading_combine import OVERRULE_PENALTY, combine
from sensemaking_desktop.roles.grading_signals import FLUENCY_HIGH, FLUENCY_LOW, ramp


def test_ramp_is_linear_between_its_ends_and_keeps_none():
    assert ramp(0.1, 0.2, 0.4) == 0.0
    assert ramp(0.3, 0.2, 0.4) == pytest.approx(0.5)
    assert ramp(0.9, 0.2, 0.4) == 1.0
    assert ramp(None, 0.2, 0.4) is None


def test_a_good_answer_keeps_a_high_score_with_confidence():
    result = combine(signals())
    assert result.score >= 95.0
    assert result.flags == []
    assert result.confidence >= REVIEW_THRESHOLD


def test_word_salad_scores_zero_whatever_the_judge_says():
    result = combine(signals(answer_fluency=0.05))
    assert result.score == 0.0
    assert "garbled_answer" in result.flags


def test_a_shuffled_question_cannot_be_answered_well():
    result = combine(signals(question_fluency=-0.2))
    assert result.score == 0.0
    assert result.flags == ["garbled_question"]


def test_an_answer_far_from_the_reference_is_off_topic():
    result = combine(signals(reference_cosine=0.1, reference_rouge=0.05))
    assert result.score == 0.0
    assert "off_topic" in result.flags


def test_without_a_reference_the_question_decides_the_topic():
    no_reference = {"reference_cosine": None, "reference_rouge": None, "sibling_margin": None, "judge_trusted": None}
    on = combine(signals(question_cosine=0.5, **no_reference))
    off = combine(signals(question_cosine=0.0, **no_reference))
    assert on.score == 100.0 and off.score == 0.0
    assert on.confidence < combine(signals()).confidence


def test_gates_never_raise_a_score():
    base = combine(signals(judge=40.0, reference_cosine=0.5, reference_rouge=0.2))
    for change in ({"answer_fluency": 0.4}, {"question_fluency": 0.3}, {"reference_cosine": 0.3}):
        assert combine(signals(judge=40.0, reference_rouge=0.2, **({"reference_cosine": 0.5} | change))).score <= (
            base.score
        )


def test_a_judge_that_disagrees_with_the_reference_lowers_confidence_and_is_flagged():
    result = combine(signals(judge=0.0))
    assert "judge_disagrees" in result.flags
    assert result.confidence < REVIEW_THRESHOLD
    assert 0 < result.score < 100


def test_a_gate_half_way_is_not_trusted():
    assert combine(signals(answer_fluency=(FLUENCY_LOW + FLUENCY_HIGH) / 2)).confidence < REVIEW_THRESHOLD


def test_injection_is_flagged_and_sent_for_review():
    result = combine(signals(injection=True))
    assert "tries_to_instruct_grader" in result.flags
    assert result.confidence < REVIEW_THRESHOLD


def test_material_without_reference_must_support_the_answer():
    no_reference = {"reference_cosine": None, "reference_rouge": None, "sibling_margin": None, "judge_trusted": None}
    unsupported = combine(signals(support=0.1, **no_reference))
    supported = combine(signals(support=0.7, **no_reference))
    assert unsupported.score == 0.0 and "not_in_material" in unsupported.flags
    assert supported.score == 100.0


def test_an_empty_answer_scores_zero_for_sure():
    result = combine(signals(empty=True))
    assert (result.score, result.flags, result.confidence) == (0.0, ["empty"], 1.0)
    only_instructions = combine(signals(empty=True, injection=True))
    assert only_instructions.flags == ["tries_to_instruct_grader"], "instructions alone are no empty answer"


def test_an_untrusted_judge_cannot_move_the_score():
    low = combine(signals(judge=0.0, judge_trusted=False))
    high = combine(signals(judge=100.0, judge_trusted=False))
    assert low.score == high.score >= 95.0
    assert "judge_disagrees" not in low.flags
    assert low.confidence >= REVIEW_THRESHOLD


def test_an_answer_closer_to_a_neighbour_question_is_stopped():
    assert combine(signals(sibling_margin=-0.2)).score > 90, "a right answer on a material of alike questions"
    result = combine(signals(sibling_margin=-0.5))
    assert result.score == 0.0
    assert result.flags == ["other_question"]


def test_a_gate_that_overrules_the_content_estimate_lowers_confidence():
    trusted = combine(signals())
    for change in ({"contradiction": 1.0}, {"novelty": 0.0}, {"sibling_margin": -0.5}, {"answer_fluency": 0.2}):
        overruled = combine(signals(**change))
        assert overruled.score <= 10 and overruled.confidence < REVIEW_THRESHOLD < trusted.confidence, change


def test_a_gate_seldom_wrong_on_the_fitting_data_lowers_confidence_less(monkeypatch):
    trusted = combine(signals())
    contradicted = signals(contradiction=1.0)

    def confidence(gates: dict) -> float:
        fitted = grading_combine.model() | {"gates": gates}
        with monkeypatch.context() as patched:
            patched.setattr(grading_combine, "model", lambda: fitted)
            overruled = combine(contradicted)
        assert overruled.parts["lowest_gate"] == "contradicts_reference" and overruled.score == 0.0
        return overruled.confidence

    seldom_wrong = confidence({"reliability": {"contradicts_reference": 0.9}})
    unfitted = confidence({})
    often_wrong = confidence({"reliability": {"contradicts_reference": 0.1}})
    assert often_wrong < unfitted < seldom_wrong < trusted.confidence
    linear = often_wrong + (seldom_wrong - often_wrong) * (1 - OVERRULE_PENALTY - 0.1) / 0.8
    assert unfitted == pytest.approx(linear, abs=0.002), "confidence falls with one minus the reliability"


def test_where_the_material_cannot_tell_the_question_confidence_is_capped(monkeypatch):
    no_reference = {"reference_cosine": None, "reference_rouge": None, "sibling_margin": None, "judge": None}
    fitted = grading_combine.model() | {"gates": {"passage_tie": 0.55}}
    monkeypatch.setattr(grading_combine, "model", lambda: fitted)
    clear = combine(signals(passage_precision=1.0, support=0.6, passage_margin=0.6, **no_reference))
    tie = combine(signals(passage_precision=1.0, support=0.6, passage_margin=0.1, **no_reference))
    assert clear.score == tie.score == 100.0
    assert tie.confidence == 0.55 < clear.confidence
    assert combine(signals(passage_margin=-0.1)).confidence == 0.55, "with a reference too"


def test_one_contradicted_clause_of_two_shuts_the_gate_and_of_three_costs_more_than_half():
    assert combine(signals(contradiction=1 / 2)).score == 0.0
    third = combine(signals(contradiction=1 / 3))
    assert 0 < third.score < combine(signals()).score / 2 and "contradicts_reference" in third.flags
    assert combine(signals(contradiction=1 / 5)).score > combine(signals()).score / 2


def test_without_a_reference_the_passage_decides_and_the_reason_flag_says_so():
    no_reference = {"reference_cosine": None, "reference_rouge": None, "sibling_margin": None, "judge": None}
    found = combine(signals(passage_precision=1.0, support=0.6, **no_reference))
    missing = combine(signals(passage_precision=0.2, support=0.6, **no_reference))
    assert found.score >= 95 and missing.score == 0.0 and "no_reference" in found.flags
    wrong_type = combine(signals(passage_precision=1.0, type_fit=False, **no_reference))
    assert wrong_type.score == 0.0 and "wrong_answer_type" in wrong_type.flags
    assert combine(signals(type_fit=False)).score >= 95  # with a reference the comparison decides


def test_a_teacher_rubric_is_the_content_estimate():
    result = combine(signals(rubric_score=0.5, judge=None))
    assert result.score == 50.0 and result.parts["source"] == "rubric"
