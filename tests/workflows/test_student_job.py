"""The Student over a stored quiz as a job: one item per section, answers saved with their
generation rows, cancel keeps finished sections and a resume finishes the run."""

from pathlib import Path

import pytest

from sensemaking_desktop.cancel import CancelToken
from sensemaking_desktop.errors import SensemakingError
from sensemaking_desktop.jobs import JobProgress
from sensemaking_desktop.jobs.handler import JobContext
from sensemaking_desktop.llm.llama_engine import LlamaEngine
from sensemaking_desktop.quizzes.model import Question, QuestionKind, QuestionStatus, Quiz, Source
from sensemaking_desktop.roles.student import EXTRACTIVE
from sensemaking_desktop.store import Store
from sensemaking_desktop.store.answers import get_run
from sensemaking_desktop.store.materials import add_material, sections_of
from sensemaking_desktop.store.quizzes import add_quiz
from sensemaking_desktop.workflows.jobs import job_queue
from sensemaking_desktop.workflows.student_job import submit_answer_job

SALT = "When water evaporates, the salt is left behind. Only pure water rises into the air."
RAIN = "Rain forms when droplets in a cloud grow too heavy to float."


def two_section_quiz(store: Store, *extra: Question) -> int:
    with store.atomic() as db:
        material_id = add_material(db, {"title": "Water", "kind": "text"}, [{"text": SALT}, {"text": RAIN}])
    salt, rain = (section.id for section in sections_of(store, material_id))
    questions = [
        Question(kind=QuestionKind.OPEN, text="When does rain form?", source=Source(section_id=rain)),
        Question(kind=QuestionKind.OPEN, text="What is left behind?", source=Source(section_id=salt)),
        Question(kind=QuestionKind.OPEN, text="Dropped", status=QuestionStatus.DROPPED, source=Source(section_id=salt)),
        *extra,
    ]
    with store.atomic() as db:
        return add_quiz(db, Quiz(material_id=material_id, title="Water quiz", questions=questions))


def test_items_follow_the_sections_and_loose_questions_read_the_whole_material(store: Store, data_dir: Path) -> None:
    quiz_id = two_section_quiz(store, Question(kind=QuestionKind.OPEN, text="By hand?"))
    queue = job_queue(store, data_dir)
    job_id, run_id = submit_answer_job(store, queue, quiz_id, model=None, model_name="smollm2")
    items = queue.items(job_id)
    assert [item["label"] for item in items] == ["section 1", "section 2", "whole material"]
    assert [len(item["payload"]["question_ids"]) for item in items] == [1, 1, 1]
    assert items[2]["payload"]["section_id"] is None
    run = get_run(store, run_id).run
    assert (run.kind, run.label, run.mode, run.answered, run.questions) == ("model", "smollm2", "student-job", 0, 3)


def test_a_quiz_without_questions_or_material_is_refused(store: Store, data_dir: Path) -> None:
    with store.atomic() as db:
        empty = add_quiz(db, Quiz(title="Empty"))
        loose = add_quiz(db, Quiz(title="Loose", questions=[Question(kind=QuestionKind.OPEN, text="Why?")]))
    queue = job_queue(store, data_dir)
    with pytest.raises(SensemakingError, match="no questions"):
        submit_answer_job(store, queue, empty, model=None, model_name="m")
    with pytest.raises(SensemakingError, match="belongs to no material"):
        submit_answer_job(store, queue, loose, model=None, model_name="m")


def test_answers_are_saved_per_section_and_a_cancelled_run_resumes(
    store: Store, data_dir: Path, engine: LlamaEngine, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(JobContext, "engine", lambda self, model=None: engine)
    quiz_id = two_section_quiz(store)
    queue = job_queue(store, data_dir)
    job_id, run_id = submit_answer_job(store, queue, quiz_id, model=None, model_name=engine.identity.name)
    cancel = CancelToken()

    def stop_after_first(progress: JobProgress) -> None:
        if progress.done == 1:
            cancel.cancel()

    assert queue.run(job_id, cancel=cancel, on_progress=stop_after_first).status == "cancelled"
    first = get_run(store, run_id)
    assert [a.question for a in first.answers] == ["What is left behind?"] and first.run.finished_at is None
    assert queue.run(job_id).status == "done"
    detail = get_run(store, run_id)
    assert [a.question for a in detail.answers] == ["When does rain form?", "What is left behind?"]
    assert detail.run.finished_at is not None
    for answer in detail.answers:
        generation = store.db["generations"].get(answer.generation_id)
        assert generation["template_name"] == EXTRACTIVE, "the embedded model is too small to be asked"
        assert generation["model_sha256"] == engine.identity.sha256
        assert answer.answerable is not None and answer.passages is None
        material = SALT if answer.question.startswith("What") else RAIN
        for quote in answer.evidence:
            if quote["start"] is not None:
                assert material[quote["start"] : quote["end"]], "offsets point into the section"
        if answer.answerable:
            assert answer.supported == any(quote["start"] is not None for quote in answer.evidence)
        else:
            assert answer.supported is None
