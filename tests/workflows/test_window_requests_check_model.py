"""The window's requests check the model before a quiz or job exists: a model that cannot run
is one message, and the library is as it was."""

from pathlib import Path

import pytest

from sensemaking_desktop.errors import ModelFileError
from sensemaking_desktop.roles.teacher import TeacherOptions
from sensemaking_desktop.store import Store
from sensemaking_desktop.store.materials import add_material
from sensemaking_desktop.workflows import job_requests
from sensemaking_desktop.workflows.jobs import job_queue


def test_a_missing_model_file_makes_no_quiz_and_no_job(store: Store, data_dir: Path, tmp_path: Path) -> None:
    with store.atomic() as db:
        material_id = add_material(db, {"title": "Salt", "kind": "text"}, [{"text": "Salt stays behind."}])
    queue = job_queue(store, data_dir)
    options = TeacherOptions(count=1).model_dump(mode="json")
    with pytest.raises(ModelFileError, match="Model file not found"):
        job_requests.teach(
            store, queue, material_id=material_id, options=options, section_id=None, model=str(tmp_path / "x.gguf")
        )
    with pytest.raises(ModelFileError, match="No model named"):
        job_requests.grade(store, queue, quiz_id=1, model="nonesuch", regrade=False)
    assert store.db.execute("SELECT COUNT(*) FROM quizzes").fetchone()[0] == 0 and queue.jobs() == []
