"""A grade job says when it failed, and two grade jobs at once never grade an answer twice."""

import subprocess
import sys
import threading
from pathlib import Path

import pytest
from fakeopenai import FakeOpenAI

from sensemaking_desktop.quizzes.model import Question, QuestionKind, Quiz, Source
from sensemaking_desktop.store import Store, open_store
from sensemaking_desktop.store.answers import add_answer, add_run
from sensemaking_desktop.store.materials import add_material, sections_of
from sensemaking_desktop.store.quizzes import add_quiz, get_quiz
from sensemaking_desktop.workflows.grade_job import submit_grade_job
from sensemaking_desktop.workflows.jobs import job_queue

SECTION = "When sea water evaporates, the salt stays behind, so the vapour that rises is fresh water."


def _quiz_with_answers(store: Store, people: int) -> int:
    with store.atomic() as db:
        material_id = add_material(db, {"title": "Sea", "kind": "text"}, [{"text": SECTION}])
    section_id = sections_of(store, material_id)[0].id
    question = Question(
        kind=QuestionKind.OPEN,
        text="Why is rain fresh water?",
        reference_answer="The salt stays behind when sea water evaporates.",
        source=Source(section_id=section_id),
    )
    with store.atomic() as db:
        quiz_id = add_quiz(db, Quiz(material_id=material_id, title="Sea quiz", questions=[question]))
    question_id = get_quiz(store, quiz_id).questions[0].id
    with store.atomic() as db:
        for person in range(people):
            run_id = add_run(db, quiz_id, "person", f"P{person}", "imported")
            add_answer(db, run_id, question_id, f"Answer {person}: the salt is left behind.")
    return quiz_id


def _grade(data_dir: Path, *args: str) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "sensemaking_desktop", "--data-dir", str(data_dir), "grade", *args]
    return subprocess.run(command, capture_output=True, text=True, timeout=180)


def test_a_grade_job_against_a_server_answering_500_fails_and_the_command_says_so(
    store: Store, data_dir: Path, fake_openai: FakeOpenAI
) -> None:
    quiz_id = _quiz_with_answers(store, 2)
    fake_openai.fail_with = 500
    result = _grade(data_dir, str(quiz_id), "--model", fake_openai.url)
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert "0 answers graded" in result.stdout and " failed:" in result.stdout
    (last,) = result.stderr.strip().splitlines()[-1:]
    assert last.startswith("error: job 1 failed: 1 of 1 item failed; the first: ")
    assert "500" in last and "127.0.0.1" in last
    (job,) = job_queue(store, data_dir).jobs()
    assert job.status == "failed" and job.error and "500" in job.error
    assert store.db["grades"].count == 0


def test_two_grade_jobs_at_once_grade_each_answer_once(
    store: Store, data_dir: Path, fake_openai: FakeOpenAI, monkeypatch: pytest.MonkeyPatch
) -> None:
    quiz_id = _quiz_with_answers(store, 4)
    fake_openai.delay_s = 0.05
    monkeypatch.setattr("sensemaking_desktop.workflows.grade_job.ITEM_SIZE", 2)
    jobs = [submit_grade_job(store, job_queue(store, data_dir), quiz_id, model=fake_openai.url) for _ in range(3)]
    start, errors = threading.Barrier(len(jobs)), []

    def run(job_id: int) -> None:
        try:
            with open_store(data_dir) as own:
                start.wait(timeout=30)
                job_queue(own, data_dir).run(job_id)
        except Exception as error:  # reported below
            errors.append(error)

    threads = [threading.Thread(target=run, args=(job_id,)) for job_id in jobs]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert not errors and not any(thread.is_alive() for thread in threads)
    graded = [row[0] for row in store.db.execute("SELECT answer_id FROM grades WHERE source = 'machine'")]
    assert sorted(graded) == sorted(set(graded)) and len(graded) == 4
    queue = job_queue(store, data_dir)
    assert [queue.get(job_id).status for job_id in jobs] == ["done"] * 3
    skipped = sum(item["result"]["skipped"] for job_id in jobs for item in queue.items(job_id))
    assert skipped == 8 and store.db["claims"].count == 0


def test_a_claim_of_a_job_whose_process_died_is_taken_over(store: Store, data_dir: Path) -> None:
    from sensemaking_desktop.jobs.claims import claim

    queue = job_queue(store, data_dir)
    first, second = (
        queue.submit(*_no_items(), kind="grade", title=f"job {n}", params={}, items=[]) for n in (1, 2)
    )  # two job rows to hold claims
    assert claim(store, first, ["grade:answer:1", "grade:answer:2"]) == ["grade:answer:1", "grade:answer:2"]
    assert claim(store, second, ["grade:answer:2", "grade:answer:3"]) == ["grade:answer:3"]
    store.db.execute("UPDATE claims SET runner = '999999999:1.000' WHERE job_id = ?", [first])
    store.db.conn.commit()
    assert claim(store, second, ["grade:answer:1"]) == ["grade:answer:1"]


def _no_items() -> tuple:
    from sensemaking_desktop.workflows.grade_job import GradeHandler

    return (GradeHandler,)
