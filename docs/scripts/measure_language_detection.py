"""Which language detector the app uses: lingua-language-detector against py3langid, both limited to
the app's languages, on the ELOQUENT devset's materials cut into sections and paragraphs and on SAF's
short student answers (German and English). Prints accuracy, how often no language was given, and
the time per text. Run from the repository root:

    .venv/bin/python docs/scripts/measure_language_detection.py [DEVSET] [SAF_DE] [SAF_EN]

with the devset's `devset` folder and two JSON-lines files with an "answer" field. lingua is no
dependency of the app: `.venv/bin/pip install lingua-language-detector==2.1.1` first.
"""

import json
import resource
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

LANGUAGES = ["en", "de", "cs", "sk", "pl", "uk", "ru", "fr", "es", "it", "pt", "nl", "sv", "da", "hu", "sl", "hr"]
"""The same as the app's `LANGUAGE_NAMES`."""
DEVSET = Path("/work/shared/eval-data/eloquent2025-devset/devset")
SAF_DE = Path("/tmp/data/saf_de.jsonl")
SAF_EN = Path("/tmp/data/saf_held.jsonl")
TRANSLATIONS = Path("sensemaking_desktop/gui/translations")
SECTION_CHARS = 6000
PARAGRAPH_CHARS = 300


def lingua_detector(minimum_distance: float) -> Callable[[str], str | None]:
    from lingua import IsoCode639_1, LanguageDetectorBuilder

    codes = [getattr(IsoCode639_1, code.upper()) for code in LANGUAGES]
    builder = LanguageDetectorBuilder.from_iso_codes_639_1(*codes).with_minimum_relative_distance(minimum_distance)
    detector = builder.build()

    def detect(text: str) -> str | None:
        language = detector.detect_language_of(text)
        return language.iso_code_639_1.name.lower() if language else None

    return detect


def langid_detector(minimum_probability: float) -> Callable[[str], str | None]:
    from py3langid.langid import MODEL_FILE, LanguageIdentifier

    identifier = LanguageIdentifier.from_model_file(MODEL_FILE, norm_probs=True)
    identifier.set_languages(LANGUAGES)

    def detect(text: str) -> str | None:
        language, probability = identifier.classify(text)
        return language if probability >= minimum_probability else None

    return detect


def app_detector() -> Callable[[str], str | None]:
    """What the app uses: py3langid, p >= 0.5, and no language for fewer than four letters."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    from sensemaking_desktop.text.language import detect

    return detect


def pieces(text: str, size: int) -> Iterator[str]:
    """Consecutive runs of sentences (cut after '. ') of about `size` characters."""
    current = ""
    for sentence in text.split(". "):
        current += sentence + ". "
        if len(current) >= size:
            yield current.strip()
            current = ""
    if len(current) >= size // 3:
        yield current.strip()


def devset_texts(devset: Path) -> Iterator[tuple[str, str]]:
    """(language, text) of every devset text: English lectures and translations, German and Ukrainian originals."""
    for path in sorted(devset.rglob("text*.txt")):
        if path.name == "text.en.txt" or "nmtclass" in path.parts:
            yield "en", path.read_text()
        elif "popular" in path.parts:
            yield "de", path.read_text()
        elif "ukrbiology" in path.parts:
            yield "uk", path.read_text()


def translations(folder: Path) -> Iterator[tuple[str, str]]:
    """(language, text) of the app's own German and Czech interface strings of three words or more."""
    from xml.etree import ElementTree

    for language in ("de", "cs"):
        for message in ElementTree.parse(folder / f"sensemaking_{language}.ts").iter("translation"):
            text = " ".join((message.text or "").replace("&", "").split())
            if len(text.split()) >= 3 and "%" not in text:
                yield language, text


def answers(path: Path, language: str) -> list[tuple[str, str]]:
    with path.open() as file:
        return [(language, json.loads(line)["answer"]) for line in file if json.loads(line)["answer"].strip()]


def first_words(items: list[tuple[str, str]], count: int) -> list[tuple[str, str]]:
    """Each text cut to its first `count` words, for answers as short as a student's phrase."""
    return [(language, " ".join(text.split()[:count])) for language, text in items]


def score(detect: Callable[[str], str | None], items: list[tuple[str, str]]) -> tuple[float, float, float, float]:
    """Shares right, with no language, with a wrong one; milliseconds per text."""
    started = time.perf_counter()
    found = [detect(text) for _, text in items]
    elapsed = time.perf_counter() - started
    right = sum(guess == language for guess, (language, _) in zip(found, items)) / len(items)
    none = found.count(None) / len(items)
    return right, none, 1 - right - none, 1000 * elapsed / len(items)


def main(devset: Path, saf_de: Path, saf_en: Path) -> None:
    texts = list(devset_texts(devset))
    sets = {
        "devset sections": [(lang, piece) for lang, text in texts for piece in pieces(text, SECTION_CHARS)],
        "devset paragraphs": [(lang, piece) for lang, text in texts for piece in pieces(text, PARAGRAPH_CHARS)],
        "SAF German answers": answers(saf_de, "de"),
        "SAF English answers": answers(saf_en, "en"),
    }
    sets["interface strings (de, cs)"] = list(translations(TRANSLATIONS))
    sets["devset paragraphs, first 3 words"] = first_words(sets["devset paragraphs"], 3)
    sets["SAF German, first 3 words"] = first_words(sets["SAF German answers"], 3)
    sets["SAF English, first 3 words"] = first_words(sets["SAF English answers"], 3)
    candidates = {
        "lingua (distance 0.0)": lambda: lingua_detector(0.0),
        "lingua (distance 0.1)": lambda: lingua_detector(0.1),
        "py3langid (p >= 0.0)": lambda: langid_detector(0.0),
        "py3langid (p >= 0.5)": lambda: langid_detector(0.5),
        "app: text.language.detect": app_detector,
    }
    print("| detector | set | texts | right | none | wrong | ms/text |")
    print("|---|---|---|---|---|---|---|")
    for name, make in candidates.items():
        started = time.perf_counter()
        detect = make()
        detect("warm up: the models load on first use")
        print(f"| {name} | load and first call | | | | | {1000 * (time.perf_counter() - started):.0f} |")
        for set_name, items in sets.items():
            right, none, wrong, ms = score(detect, items)
            print(f"| {name} | {set_name} | {len(items)} | {right:.3f} | {none:.3f} | {wrong:.3f} | {ms:.2f} |")
    print(f"peak RSS {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MB (all detectors loaded)")


if __name__ == "__main__":
    arguments = [Path(argument) for argument in sys.argv[1:]]
    main(*(arguments + [DEVSET, SAF_DE, SAF_EN][len(arguments) :]))
