"""A grading run's per-question results: computed once within the run, never shared with another,
bounded in size, and the grade is the same with or without them."""

from sensemaking_desktop.roles import evaluator
from sensemaking_desktop.roles.evaluator import grade
from sensemaking_desktop.roles.question_memo import QuestionMemo

QUESTION = "Why is rain fresh water even though much of it evaporated from the sea?"
REFERENCE = "When water evaporates, the salt stays behind, so only fresh water rises into the air."
ANSWERS = [
    "Because the salt stays behind when sea water evaporates, so the vapour that rises is fresh water.",
    "Only the water evaporates; the salt is left in the sea.",
]


def test_a_memo_computes_each_key_once_and_keeps_at_most_its_limit():
    memo, computed = QuestionMemo(limit=2), []

    def compute(key: str) -> str:
        computed.append(key)
        return key.upper()

    assert [memo.get(key, lambda key=key: compute(key)) for key in ("a", "a", "b", "a")] == ["A", "A", "B", "A"]
    assert computed == ["a", "b"]
    memo.get("c", lambda: compute("c"))
    memo.get("a", lambda: compute("a"))
    assert computed == ["a", "b", "c", "a"], "the oldest went first when the memo was full"


def test_two_memos_share_nothing():
    first, second = QuestionMemo(), QuestionMemo()
    first.get("key", lambda: 1)
    assert second.get("key", lambda: 2) == 2


def test_a_run_checks_the_judge_once_per_question_and_another_run_checks_it_again(engine, monkeypatch):
    asked: list[str] = []
    judge = evaluator._judge

    def counted(context, answer, examples):
        asked.append(answer)
        return judge(context, answer, examples)

    monkeypatch.setattr(evaluator, "_judge", counted)
    memo = QuestionMemo()
    run = [grade(engine, QUESTION, answer, reference=REFERENCE, memo=memo) for answer in ANSWERS]
    checks = asked.count(REFERENCE)
    assert checks >= 1, "the first answer's grade checked the judge on the reference"
    alone = grade(engine, QUESTION, ANSWERS[1], reference=REFERENCE)
    assert asked.count(REFERENCE) == 2 * checks, "a grade outside the run shares nothing with it"
    assert (alone.score, alone.flags, alone.confidence) == (run[1].score, run[1].flags, run[1].confidence)
