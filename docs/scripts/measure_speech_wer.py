"""Word error rate of the app's speech to text (`ingest.asr.transcribe`, default backend and model
`base`) on German and Ukrainian: a real German recording, espeak-ng German (the bench's text) and
espeak-ng Ukrainian paragraphs of a school biology book, each with the language given and unknown.
Prints one JSON line per recording and setting. Run from the repository root:

    OMP_NUM_THREADS=1 taskset -c 1 .venv/bin/python docs/scripts/measure_speech_wer.py [SAMPLES] [BOOK] [--try]

SAMPLES is the folder holding leopard_test_de.wav and transcripts.jsonl (Picovoice/leopard's
German test sample), BOOK the ELOQUENT 2025 devset's `ukrbiology/book01` folder. With `--try`, only
the paragraph used to choose the Ukrainian decoding is transcribed, with each setting in
`UK_TRIALS` (the choice is then reported on the other two paragraphs, without `--try`).
`taskset -c 1` keeps faster-whisper (which starts one thread per CPU) on one core.

WER is on normalised words (`metrics.wer.word_error_rate`: NFKC, case-folded, punctuation
dropped, ’ read as '); none of the texts holds a number, so digits against words do not arise.
"""

import json
import sys
import tempfile
import time
from pathlib import Path

from sensemaking_desktop.bench.ingest import GERMAN, speech
from sensemaking_desktop.ingest.asr import decoding, transcribe
from sensemaking_desktop.ingest.asr.decoding import Decoding
from sensemaking_desktop.ingest.errors import IngestError
from sensemaking_desktop.metrics.wer import word_error_rate

SAMPLES = Path("/work/shared/eval-data/speech-samples")
BOOK = Path("/work/shared/eval-data/eloquent2025-devset/devset/ukrbiology/book01")
PARAGRAPHS = {
    "choose": ("topic01", "У цій темі", "погано знаємо."),
    "report": ("topic03", "Ми ознайомимося", "зрозумілим і цікавим."),
    "report2": ("topic02", "У цьому розділі", "тривалої еволюції."),
}
"""Each topic's opening paragraph, from its first words to its last: (folder prefix, start, end)."""
UK_TRIALS = {
    "beam5": Decoding(),
    "beam1": Decoding(beam_size=1),
    "beam8": Decoding(beam_size=8),
    "beam5+prompt_lecture": Decoding(initial_prompt="Лекція українською мовою."),
    "beam5+prompt_lesson": Decoding(initial_prompt="Урок біології українською мовою."),
    "beam8+prompt_lecture": Decoding(beam_size=8, initial_prompt="Лекція українською мовою."),
}


def paragraph(book: Path, name: str) -> str:
    prefix, start, end = PARAGRAPHS[name]
    text = next(book.glob(f"{prefix}*/text.txt")).read_text(encoding="utf-8")
    first = text.index(start)
    return text[first : text.index(end, first) + len(end)]


def measure(recording: Path, said: str, language: str | None, **labels: object) -> dict:
    started = time.perf_counter()
    try:
        extracted = transcribe(recording, language=language)
    except IngestError as error:  # "No speech found": Whisper heard nothing it would write down
        figures = {**labels, "language_given": language, "words": len(said.split()), "wer": 1.0, "error": str(error)}
        print(json.dumps(figures, ensure_ascii=False), flush=True)
        return figures
    heard = " ".join(block.text for block in extracted.blocks)
    figures = {
        **labels,
        "language_given": language,
        "language_stored": extracted.language,
        "beam_size": extracted.meta["asr_beam_size"],
        "initial_prompt": extracted.meta["asr_initial_prompt"],
        "words": len(said.split()),
        "audio_s": round(extracted.meta["duration_s"], 1),
        "transcribe_s": round(time.perf_counter() - started, 1),
        "wer": round(word_error_rate(said, heard), 3),
        "heard": heard,
    }
    print(json.dumps(figures, ensure_ascii=False), flush=True)
    return figures


def main(samples: Path, book: Path, trying: bool) -> None:
    with tempfile.TemporaryDirectory(prefix="measure-speech-") as name:
        folder = Path(name)
        if trying:
            recording, said, _ = speech(folder, paragraph(book, "choose"), voice="uk")
            for label, trial in UK_TRIALS.items():
                decoding.BY_LANGUAGE["uk"] = trial
                measure(recording, said, "uk", data="espeak-uk/choose", setting=label)
            return
        transcripts = [json.loads(line) for line in (samples / "transcripts.jsonl").read_text().splitlines() if line]
        said = next(entry["transcript"] for entry in transcripts if entry["file"] == "leopard_test_de.wav")
        for language in ("de", None):
            measure(samples / "leopard_test_de.wav", said, language, data="real-de/leopard_test_de.wav")
        recording, said, _ = speech(folder, f"{GERMAN} {GERMAN}", voice="de")
        for language in ("de", None):
            measure(recording, said, language, data="espeak-de/bench-GERMAN-twice")
        for name in PARAGRAPHS:
            recording, said, _ = speech(folder, paragraph(book, name), voice="uk")
            for language in ("uk", None):
                measure(recording, said, language, data=f"espeak-uk/{name}")


if __name__ == "__main__":
    arguments = [argument for argument in sys.argv[1:] if argument != "--try"]
    main(
        Path(arguments[0]) if arguments else SAMPLES,
        Path(arguments[1]) if len(arguments) > 1 else BOOK,
        "--try" in sys.argv,
    )
