"""Fixtures of the command-line tests."""

from pathlib import Path

import pytest

from sensemaking_desktop.quizzes.model import Quiz
from sensemaking_desktop.store import open_store
from sensemaking_desktop.store.quizzes import add_quiz


@pytest.fixture
def library(tmp_path: Path, every_kind_quiz: Quiz) -> Path:
    """A library holding the quiz with every question kind."""
    folder = tmp_path / "data"
    with open_store(folder) as store, store.atomic() as db:
        add_quiz(db, every_kind_quiz)
    return folder
