"""`bench ingest`: PDF pages per second on a generated 300-page PDF, files and pages, slides or
cues per second for the other document formats, and ASR speed and accuracy.

The speech is generated with espeak-ng from the shipped sample text, so the word error
rate is measured against exactly what was said.
"""

import resource
import shutil
import subprocess
import tempfile
import time
import wave
from pathlib import Path
from typing import Any

from sensemaking_desktop.bench.engine import peak_rss_mb
from sensemaking_desktop.errors import SensemakingError
from sensemaking_desktop.metrics.wer import word_error_rate
from sensemaking_desktop.samples import load_sample

PAGES = 300
SPOKEN_WORDS = 170
FILES = 10
"""Files of each document format read in a row, extraction and sectioning."""
PICTURES = 2


def make_pdf(path: Path, pages: int = PAGES) -> Path:
    """A two-column handbook-like PDF: a running header, page numbers, a heading every ten pages."""
    import pymupdf

    paragraphs = [p for p in load_sample().text.split("\n\n") if not p.startswith("#")]
    document = pymupdf.open()
    for number in range(1, pages + 1):
        page = document.new_page(width=595, height=842)
        page.insert_text((72, 40), "Sensemaking Handbook — Benchmark Edition", fontsize=8)
        page.insert_text((290, 815), str(number), fontsize=9)
        top = 70
        if number % 10 == 1:
            page.insert_text((72, 90), f"Chapter {number // 10 + 1}", fontsize=18)
            top = 110
        for column, left in enumerate((72, 310)):
            text = "\n\n".join(paragraphs[(number + column + i) % len(paragraphs)] for i in range(2))
            page.insert_textbox((left, top, left + 213, 790), text, fontsize=9)
    document.save(path)
    return path


def pdf_figures(folder: Path) -> dict[str, Any]:
    from sensemaking_desktop.ingest.pdf import extract_pdf
    from sensemaking_desktop.ingest.sectioning import make_sections

    pdf = make_pdf(folder / "handbook.pdf")
    started = time.perf_counter()
    extracted = extract_pdf(pdf)
    sections = make_sections(extracted)
    elapsed = time.perf_counter() - started
    return {
        "pdf_pages": PAGES,
        "pdf_s": round(elapsed, 2),
        "pdf_pages_per_s": round(PAGES / elapsed, 1),
        "pdf_sections": len(sections),
    }


def document_figures(folder: Path) -> dict[str, Any]:
    """Per format: files per second and, where the format has them, slides or cues per second."""
    from sensemaking_desktop.bench import documents

    makers = {
        "docx": documents.make_docx,
        "odt": documents.make_odt,
        "pptx": documents.make_pptx,
        "odp": documents.make_odp,
        "html": documents.make_html,
        "srt": documents.make_srt,
        "vtt": documents.make_vtt,
    }
    figures: dict[str, Any] = {}
    for suffix, make in makers.items():
        figures[suffix] = _read_speed([make(folder / f"lecture-{n}.{suffix}") for n in range(FILES)])
    figures["png_ocr"] = _ocr_speed(folder) if shutil.which("tesseract") else "Tesseract not installed"
    return figures


def _read_speed(files: list[Path]) -> dict[str, Any]:
    """Extraction and sectioning through the importer's own reader for the suffix; the first
    file is read once untimed, so importing the reader's library is not counted."""
    from sensemaking_desktop.ingest.importer import IngestOptions, extract
    from sensemaking_desktop.ingest.sectioning import make_sections

    extract(files[0], IngestOptions())
    started = time.perf_counter()
    units = sections = 0
    for path in files:
        extracted = extract(path, IngestOptions())
        sections += len(make_sections(extracted))
        units += extracted.meta.get("slides") or extracted.meta.get("cues") or 0
    elapsed = time.perf_counter() - started
    figures = {"files": len(files), "s": round(elapsed, 2), "files_per_s": round(len(files) / elapsed, 1)}
    if units:
        unit = "slides" if extracted.meta.get("slides") else "cues"
        figures[f"{unit}_per_s"] = round(units / elapsed, 1)
    return figures | {"sections_per_file": sections // len(files)}


def _ocr_speed(folder: Path) -> dict[str, Any]:
    from sensemaking_desktop.bench import documents

    figures = _read_speed([documents.make_png(folder / f"handout-{n}.png") for n in range(PICTURES)])
    return figures | {"pages_per_s": figures["files_per_s"]}


GERMAN = (
    "Die Photosynthese findet in den Chloroplasten der Pflanzenzellen statt. Mit der Energie des Lichts "
    "werden Wasser und Kohlendioxid in Traubenzucker und Sauerstoff umgewandelt. Der Sauerstoff entweicht "
    "durch die Spaltöffnungen der Blätter. Im Calvin-Zyklus bindet das Enzym Rubisco das Kohlendioxid aus der Luft. "
    "Heute sprechen wir über die Geschichte von Europa. Nach dem Zweiten Weltkrieg gründeten sechs Staaten "
    "die Europäische Gemeinschaft für Kohle und Stahl. Später wurde daraus die Europäische Union. "
    "Das Wasser der Meere verdunstet, steigt als Dampf auf und bildet Wolken. Über dem Land fällt es als Regen. "
    "Die Flüsse tragen das Wasser zurück ins Meer, und der Kreislauf beginnt von vorn. "
    "Morgen schreiben wir einen kurzen Test über diese drei Themen. Bitte lest die Kapitel noch einmal."
)
"""About 52 s of German lecture when espeak-ng reads it; the bench reads it twice (the
measurement behind the German decoding defaults in `ingest.asr.decoding`)."""
UKRAINIAN = (
    "Фотосинтез відбувається в хлоропластах рослинних клітин. Завдяки енергії світла вода та вуглекислий газ "
    "перетворюються на глюкозу та кисень. Кисень виходить через продихи листків. У циклі Кальвіна фермент рубіско "
    "зв'язує вуглекислий газ із повітря. Сьогодні ми поговоримо про історію Європи. Після Другої світової війни "
    "шість держав заснували Європейське об'єднання вугілля та сталі. Пізніше з нього виник Європейський Союз. "
    "Вода морів випаровується, піднімається як пара й утворює хмари. Над суходолом вона випадає дощем. "
    "Річки несуть воду назад у море, і кругообіг починається знову. "
    "Завтра ми напишемо коротку контрольну роботу з цих трьох тем. Будь ласка, прочитайте ці розділи ще раз."
)
"""The same lecture in Ukrainian, about 42 s when espeak-ng reads it; the bench reads it once
(espeak-ng's Ukrainian voice is hard for base: whole 30 s windows come back empty)."""


def speech(folder: Path, words: str | None = None, voice: str = "en-us") -> tuple[Path, str, float]:
    """A WAV of espeak-ng reading `words` (default: the first words of the sample), the words, and the duration."""
    if shutil.which("espeak-ng") is None:
        raise SensemakingError("espeak-ng is not installed (apt-get install espeak-ng); it makes the test speech.")
    words = words or " ".join(load_sample().text.replace("#", "").split()[:SPOKEN_WORDS])
    target = folder / f"speech-{voice}.wav"
    subprocess.run(["espeak-ng", "-v", voice, "-s", "150", "-w", str(target), words], check=True)
    with wave.open(str(target)) as recording:
        duration = recording.getnframes() / recording.getframerate()
    return target, words, duration


def asr_figures(folder: Path) -> dict[str, Any]:
    """Real-time factor (audio seconds per second of work) and WER for each installed backend × model.

    Each pair runs once untimed first, so joining and converting weights is not counted.
    """
    from sensemaking_desktop.ingest.asr import ASR_BACKENDS, available_models, transcribe

    recording, words, duration = speech(folder)
    results: dict[str, Any] = {"asr_audio_s": round(duration, 1)}
    installed = {(backend, info.name) for info in available_models() if info.installed for backend in info.backends}
    for backend in ASR_BACKENDS:
        for model in ("tiny.en", "base"):
            key = f"{backend}/{model}"
            if (backend, model) not in installed:
                results[key] = "not installed"
                continue
            transcribe(recording, backend=backend, model=model, language="en")
            started = time.perf_counter()
            extracted = transcribe(recording, backend=backend, model=model, language="en")
            elapsed = time.perf_counter() - started
            heard = " ".join(block.text for block in extracted.blocks)
            results[key] = {
                "real_time_factor": round(duration / elapsed, 1),
                "wer": round(word_error_rate(words, heard), 3),
            }
    if ("faster-whisper", "base") in installed:
        results["faster-whisper/base/de"] = _language_figures(folder, "de", f"{GERMAN} {GERMAN}")
        results["faster-whisper/base/uk"] = _language_figures(folder, "uk", UKRAINIAN)
    return results


def _language_figures(folder: Path, language: str, text: str) -> dict[str, Any]:
    """espeak-ng reading `text` in `language` (also the voice's name), transcribed with that language's
    decoding defaults (beam and prompt, `ingest.asr.decoding`): real-time factor and WER."""
    from sensemaking_desktop.ingest.asr import transcribe
    from sensemaking_desktop.ingest.errors import IngestError

    recording, words, duration = speech(folder, text, voice=language)
    started = time.perf_counter()
    try:
        extracted = transcribe(recording, model="base", language=language)
    except IngestError as error:  # "No speech found": Whisper kept no segment of the synthetic voice
        return {"audio_s": round(duration, 1), "wer": 1.0, "error": str(error)}
    elapsed = time.perf_counter() - started
    heard = " ".join(block.text for block in extracted.blocks)
    return {
        "audio_s": round(duration, 1),
        "real_time_factor": round(duration / elapsed, 1),
        "wer": round(word_error_rate(words, heard), 3),
        "beam_size": extracted.meta["asr_beam_size"],
        "initial_prompt": extracted.meta["asr_initial_prompt"],
    }


def run() -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="sensemaking-bench-") as name:
        folder = Path(name)
        figures = pdf_figures(folder)
        figures |= document_figures(folder)
        figures |= asr_figures(folder)
    figures["peak_rss_mb"] = peak_rss_mb()
    figures["peak_rss_asr_child_mb"] = round(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024, 1)
    return figures
