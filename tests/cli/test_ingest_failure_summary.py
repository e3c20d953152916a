"""After `sensemaking ingest` fails on a file, the file's own error line says what went wrong; the
line after it (issue 46, a teacher's first hour) no longer repeats it as "1 of 1 file(s) could not
be imported.": one file gets nothing more, several get how the import went as a whole."""

from pathlib import Path

from cli_process import sensemaking


def test_one_broken_file_is_named_once(tmp_path: Path) -> None:
    broken = tmp_path / "broken.pdf"
    broken.write_bytes(b"%PDF-1.4 broken")
    result = sensemaking(tmp_path / "data", "ingest", str(broken))
    assert result.returncode == 1
    errors = [line for line in result.stderr.splitlines() if line.startswith("error:")]
    assert len(errors) == 1 and "broken.pdf" in errors[0], result.stderr
    assert "could not be imported" not in result.stderr


def test_several_files_end_with_how_the_import_went(tmp_path: Path) -> None:
    broken = tmp_path / "broken.pdf"
    broken.write_bytes(b"%PDF-1.4 broken")
    notes = tmp_path / "notes.txt"
    notes.write_text("Water evaporates from the sea. It falls again as rain over the land.", encoding="utf-8")
    result = sensemaking(tmp_path / "data", "ingest", str(notes), str(broken))
    assert result.returncode == 1 and "notes.txt: material 1 (1 section)" in result.stdout, result.stderr
    last = result.stderr.strip().splitlines()[-1]
    assert last == "error: 1 of 2 files could not be imported; the other is in the library.", result.stderr


def test_when_every_file_fails_each_is_named_once_and_nothing_more(tmp_path: Path) -> None:
    """Fresh run 3: a locked PDF and an empty file ended with "None of the 2 files could be imported."."""
    broken = tmp_path / "broken.pdf"
    broken.write_bytes(b"%PDF-1.4 broken")
    empty = tmp_path / "empty.md"
    empty.write_text("", encoding="utf-8")
    result = sensemaking(tmp_path / "data", "ingest", str(broken), str(empty))
    errors = [line for line in result.stderr.splitlines() if line.startswith("error:")]
    assert result.returncode == 1 and len(errors) == 2, result.stderr
    assert (
        "broken.pdf" in errors[0] and "empty.md is empty" in errors[1] and "could not be imported" not in result.stderr
    )
