"""The grading vocabulary shared by the Evaluator, the library and the front ends.

It lives below the store so that reading the review list (plain SQL) does not load the
Evaluator, and so that the store knows what a flag means without knowing how it is found.
"""

from dataclasses import dataclass

REVIEW_THRESHOLD = 0.6
"""Machine grades less confident than this wait on the review list for a person."""

FLAG_TEXT = {
    "empty": "the answer is empty",
    "garbled_answer": "the answer reads like shuffled or random words",
    "garbled_question": "the question reads like shuffled or random words",
    "off_topic": "the answer does not match the reference answer or the question",
    "other_question": "the answer fits another question on this material better than this one",
    "not_in_material": "nothing in the material supports the answer",
    "instructions_to_grader": "the answer contains instructions to the grader (removed before grading)",
    "judge_disagrees": "the model's grade and the match with the reference disagree",
    "wrong_question": "the answer fits another question on this material better than the one asked",
    "echoes_question": "the answer only repeats the question",
    "contradicts_reference": "the answer contradicts the reference answer (or the material)",
    "wrong_answer_type": "the answer is not of the kind the question asks for (a number, a time, a person, a reason)",
    "no_reference": "no reference answer: graded against the material's passage nearest the question",
    "no_logprobs": "the fluency checks against word salad could not run: the model server gives no log-probabilities",
}


@dataclass(frozen=True)
class GradedExample:
    """A teacher's grade of another answer to the same question, shown to the judge."""

    answer: str
    score: float
