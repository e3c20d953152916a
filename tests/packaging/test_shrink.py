"""The Linux bundle's size trims that must not change what runs: stripping libraries only where
the loader maps the same bytes (packaging/elf.py), and leaving out ICU data Qt cannot reach
(packaging/icu_data.py)."""

import ctypes
import shutil
import struct
import subprocess
import sys
from pathlib import Path

import PySide6
import pytest
from packaging_scripts import PACKAGING, load_script

ICU_DATA = next(Path(PySide6.__file__).parent.glob("Qt/lib/libicudata.so.*"), None)
needs_linux_tools = pytest.mark.skipif(
    sys.platform != "linux" or not all(shutil.which(tool) for tool in ("cc", "strip", "readelf")),
    reason="Linux with cc, strip and readelf",
)


elf = load_script("elf")
icu_data = load_script("icu_data")


def _library(folder: Path) -> Path:
    (folder / "answer.c").write_text(
        "int mark = 0x2A17C0DE;\nint answer(int x) { return mark == 0x2A17C0DE ? 6 * x : 0; }\n"
    )
    target = folder / "libanswer.so"
    subprocess.run(["cc", "-shared", "-fPIC", "-g", "-O1", "-o", str(target), "answer.c"], cwd=folder, check=True)
    return target


@needs_linux_tools
def test_stripping_keeps_what_the_loader_maps(tmp_path: Path) -> None:
    library = _library(tmp_path)
    before = elf.loaded_image(library)
    size = library.stat().st_size

    saved, kept = elf.strip_libraries(tmp_path)

    assert saved == size - library.stat().st_size > 0 and kept == []
    assert ".symtab" not in subprocess.run(["readelf", "-S", str(library)], capture_output=True, text=True).stdout
    assert elf.loaded_image(library) == before
    assert ctypes.CDLL(str(library)).answer(7) == 42


@needs_linux_tools
def test_the_loaded_image_sees_changed_code_and_segments_the_loader_cannot_map(tmp_path: Path) -> None:
    library = _library(tmp_path)
    data = bytearray(library.read_bytes())
    image = elf.loaded_image(library)
    changed = tmp_path / "changed.so"
    changed.write_bytes(bytes(data).replace(struct.pack("<I", 0x2A17C0DE), struct.pack("<I", 0x2A17C0DF)))
    assert elf.loaded_image(changed) != image
    (program_headers,) = struct.unpack_from("<Q", data, 0x20)
    entry_size, count = struct.unpack_from("<HH", data, 0x36)
    loads = [i for i in range(count) if struct.unpack_from("<I", data, program_headers + i * entry_size)[0] == 1]
    offset_field = program_headers + loads[-1] * entry_size + 8
    (offset,) = struct.unpack_from("<Q", data, offset_field)
    moved = tmp_path / "moved.so"
    moved.write_bytes(data[:offset_field] + struct.pack("<Q", offset + 8) + data[offset_field + 8 :])
    assert elf.loaded_image(moved) is None, "a segment whose offset is not congruent to its address"


@needs_linux_tools
def test_a_library_strip_would_change_is_left_as_it_was(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    library = _library(tmp_path)
    original = library.read_bytes()
    real = elf.loaded_image
    monkeypatch.setattr(elf, "loaded_image", lambda path: real(path) if path == library else ("moved",))

    assert elf.strip_libraries(tmp_path) == (0, [library])
    assert library.read_bytes() == original
    assert [path.name for path in tmp_path.iterdir() if "stripped" in path.name] == []


@pytest.mark.skipif(ICU_DATA is None or sys.platform != "linux", reason="PySide6 with ICU (Linux)")
def test_the_icu_package_is_rewritten_as_pkgdata_wrote_it() -> None:
    symbol, blob = icu_data.data_symbol(ICU_DATA)
    header, items = icu_data.unpack(blob)
    assert symbol.startswith("icudt") and header[12:16] == b"CmnD"
    assert icu_data.pack(header, items) == blob, "the same layout, byte for byte"
    smaller = icu_data.trimmed(blob)
    kept = dict(icu_data.unpack(smaller)[1])
    trees = {name.split("/")[1] for name, _ in items if name.count("/") > 1}
    assert {"coll", "zone", "lang", "brkitr"} <= trees
    assert not {name.split("/")[1] for name in kept if name.count("/") > 1} & set(icu_data.DROPPED_TREES)
    assert all(kept[name] == data for name, data in items if name in kept)
    assert {name for name, _ in items if not icu_data._dropped(name)} == set(kept)
    assert len(smaller) < 0.6 * len(blob)


@needs_linux_tools
@pytest.mark.skipif(ICU_DATA is None, reason="PySide6 with ICU")
def test_qt_gives_the_same_answers_with_the_trimmed_icu_data(tmp_path: Path) -> None:
    """Collation, case mapping and time zone names for every locale, the converter list: the
    check also fails when collation data goes (a control: the comparison can see a difference)."""
    folder = tmp_path / "lib"
    folder.mkdir()
    shutil.copyfile(ICU_DATA, folder / ICU_DATA.name)
    saved = icu_data.trim_library(folder)
    assert saved > 10_000_000
    check = [sys.executable, str(PACKAGING / "check_icu.py")]
    same = subprocess.run([*check, str(folder / ICU_DATA.name)], capture_output=True, text=True)
    assert same.returncode == 0, same.stdout + same.stderr
    assert "0 locales and 0 converters differ" in same.stdout

    symbol, blob = icu_data.data_symbol(ICU_DATA)
    control = tmp_path / "control" / ICU_DATA.name
    control.parent.mkdir()
    icu_data.build_library(icu_data.trimmed(blob, ("coll",)), symbol, ICU_DATA.name, control, shutil.which("cc"))
    assert subprocess.run([*check, str(control)], capture_output=True, text=True).returncode == 1


def test_trimming_is_refused_when_the_bundle_imports_other_icu_functions(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "libicudata.so.73").write_bytes(b"not used")
    monkeypatch.setattr(icu_data, "imported_icu_functions", lambda folder, version: {"ubrk_open_73"})
    monkeypatch.setattr(icu_data.shutil, "which", lambda name: "/usr/bin/cc")
    assert icu_data.trim_library(tmp_path) == 0
    assert (tmp_path / "libicudata.so.73").read_bytes() == b"not used"
