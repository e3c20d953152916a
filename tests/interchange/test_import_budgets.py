"""Question banks, ELOQUENT files and class answers have a size budget like every other input
(issue 32 item 2): a file over it is refused in one line naming the limit, before it is read."""

from pathlib import Path

import pytest

from sensemaking_desktop import budget
from sensemaking_desktop.budget import Budget, OverBudget
from sensemaking_desktop.interchange.eloquent import import_devset
from sensemaking_desktop.interchange.formats import quiz_format
from sensemaking_desktop.store import Store

GIFT = "::Q1:: The water cycle is driven by the {=sun ~moon ~wind}\n"


@pytest.fixture
def tiny(monkeypatch: pytest.MonkeyPatch) -> None:
    """Budgets of 100 bytes, so small files stand in for huge ones."""
    for key in ("question_bank", "eloquent", "class_answers"):
        monkeypatch.setitem(budget.BUDGETS, key, Budget(budget.BUDGETS[key].what, file_bytes=100))


def test_a_question_bank_over_its_budget_is_refused_and_one_within_is_read(tmp_path: Path, tiny: None) -> None:
    small = tmp_path / "small.gift.txt"
    small.write_text(GIFT, encoding="utf-8")
    assert len(quiz_format("gift").read(small).quiz.questions) == 1
    big = tmp_path / "big.gift.txt"
    big.write_text(GIFT * 5, encoding="utf-8")
    with pytest.raises(OverBudget, match="question bank.*budget.question_bank.file_bytes"):
        quiz_format("gift").read(big)


def test_an_eloquent_file_over_its_budget_is_refused(store: Store, data_dir: Path, tmp_path: Path, tiny: None) -> None:
    folder = tmp_path / "devset" / "popular" / "video-1"
    folder.mkdir(parents=True)
    (folder / "text.txt").write_text("The water cycle is driven by the sun. " * 5, encoding="utf-8")
    (folder / "questions.json").write_text('[["What drives the water cycle?", "' + "The sun. " * 20 + '"]]')
    with pytest.raises(OverBudget, match="ELOQUENT JSON file"):
        import_devset(store, data_dir, tmp_path / "devset", english=False)
