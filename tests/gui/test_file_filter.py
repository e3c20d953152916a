"""The Library's file dialog offers exactly the files the importer reads."""

from sensemaking_desktop.gui.areas.library_view import FILE_FILTER
from sensemaking_desktop.ingest.importer import SUPPORTED


def test_the_import_dialog_lists_every_supported_file_type() -> None:
    assert set(FILE_FILTER.split()) == {f"*{suffix}" for suffix in SUPPORTED}
