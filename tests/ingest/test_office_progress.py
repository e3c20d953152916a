"""Office and OpenDocument files report progress part by part (body elements, slides), ending at
all of them, and a cancel stops the reading before the first part."""

from collections.abc import Callable
from pathlib import Path

import pytest
from documents import lecture_docx, lecture_odp, lecture_odt, lecture_pptx

from sensemaking_desktop.cancel import CancelToken
from sensemaking_desktop.errors import Cancelled
from sensemaking_desktop.ingest.opendocument import extract_odp, extract_odt
from sensemaking_desktop.ingest.powerpoint import extract_pptx
from sensemaking_desktop.ingest.word import extract_docx

READERS = [
    (lecture_docx, extract_docx, "lecture.docx"),
    (lecture_odt, extract_odt, "lecture.odt"),
    (lecture_pptx, extract_pptx, "lecture.pptx"),
    (lecture_odp, extract_odp, "lecture.odp"),
]


@pytest.mark.parametrize(("make", "extract", "name"), READERS)
def test_progress_counts_every_part_once(make: Callable, extract: Callable, name: str, tmp_path: Path) -> None:
    reported: list[tuple[int, int]] = []
    extract(make(tmp_path / name), on_progress=lambda done, total: reported.append((done, total)))
    total = reported[-1][1]
    assert reported == [(done, total) for done in range(1, total + 1)]


@pytest.mark.parametrize(("make", "extract", "name"), READERS)
def test_a_cancel_stops_the_reading(make: Callable, extract: Callable, name: str, tmp_path: Path) -> None:
    cancel = CancelToken()
    cancel.cancel()
    reported: list[tuple[int, int]] = []
    with pytest.raises(Cancelled):
        extract(make(tmp_path / name), cancel=cancel, on_progress=lambda done, total: reported.append((done, total)))
    assert reported == []
