"""Counts written as a person writes them ("1 file", "2 files"), for the lines of every layer: a
job's failure, an import's note and a command's summary all read the same, and none says "file(s)"."""


def plural(count: int, word: str, words: str | None = None) -> str:
    """ "1 answer", "2 answers": a count with its noun as a person writes it (`words` where the
    plural is not the noun with an s)."""
    return f"{count} {word if count == 1 else words or word + 's'}"
