"""Every quiz export is written atomically (issue 32 item 6): a writer that fails midway leaves
the file that was there before and no partial file beside it."""

from pathlib import Path

import pytest

from sensemaking_desktop.interchange import formats
from sensemaking_desktop.interchange.errors import InterchangeError
from sensemaking_desktop.quizzes.model import Quiz


def test_a_failed_export_leaves_the_old_file_and_no_partial(
    tmp_path: Path, every_kind_quiz: Quiz, monkeypatch: pytest.MonkeyPatch
) -> None:
    gift = formats.quiz_format("gift")
    target = tmp_path / "quiz.gift.txt"
    gift.write(every_kind_quiz, target)
    before = target.read_bytes()

    def half_then_fail(quiz: Quiz, path: Path, **options: object) -> Path:
        path.write_text("::Q1:: half")
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(formats.QuizFormat, "_function", lambda self, name: half_then_fail)
    with pytest.raises(InterchangeError, match=r"^cannot write .*quiz\.gift\.txt: No space left on device$"):
        gift.write(every_kind_quiz, target)
    assert target.read_bytes() == before
    assert sorted(path.name for path in tmp_path.iterdir()) == ["quiz.gift.txt"]
