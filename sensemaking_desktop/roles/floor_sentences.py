"""The floor's quiz material: the sentences that stand alone, and what the floor writes in each language.

A sentence is used when it is whole prose of MIN_WORDS to MAX_WORDS words: no ellipsis (which
marks a cut quotation), no caption, label, reference or contact line, and no word leaning on
another sentence or on the lesson itself. Sentences are cut by the material's language's rules,
and those with page furniture glued in by extraction (a running header, a page number, a caption
run into the text) are not used.

The stems, feedback and the patterns of leaning words come from resources/floor/phrases.toml,
English where it has none for the language.
"""

import functools
import re
import tomllib
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass

from sensemaking_desktop import paths
from sensemaking_desktop.text.lexicon import CAPITALISED_NOUNS, is_verb, word_class
from sensemaking_desktop.text.sentences import sentence_bounds
from sensemaking_desktop.text.terms import points_back

MIN_WORDS, MAX_WORDS = 8, 45
"""Shorter sentences are headings or captions; longer ones are usually two run together by extraction."""
MIN_LETTER_SHARE = 0.7
MAX_LABEL_WORDS = 6
MAX_HEADING_WORDS = 5
_CONTACT = re.compile(
    r"https?:|www\.|@\w|\b\w+\.(?:com|org|gov|edu)\b|\(\d{3}\)|\b\d{3}[–-]\d{3}[–-]\d{4}\b|\bP\.\s?O\."
    r"|\b\d{2,5}(?: [A-Z0-9]\w*){1,3} (?:St|Street|Ave|Avenue|Blvd|Boulevard|Road|Rd|Way|Drive|Dr)\b"
)
"""Street addresses, phone numbers, e-mail and web addresses: how to reach someone, not what to learn."""
_CAPITALISED_RUN = re.compile(r"(?:\b[^\W\d_a-zа-яіїєґà-ÿ][^\W\d_]*\s+){3}[^\W\d_a-zа-яіїєґà-ÿ]")
_GERMAN_FUNCTION_WORDS = frozenset(
    "der die das den dem des ein eine einer einem einen eines und oder aber wenn weil dass als wie auch "
    "nur noch schon sehr es er sie wir ihr ich du man sich nicht in im an am auf aus bei mit von zu zum zur".split()
)
"""Words German writes in lower case inside a sentence (its stopword list also holds nouns: "Teil", "Zeit")."""
_PAGE_NUMBER = re.compile(r"(?<=[^\W\d_]) (\d{1,4}) (?=([^\W\d_])([^\W\d_]*))")
"""A bare number between a word and a capitalised word: a page number glued in by extraction."""
_ODD_CASE = re.compile(r"[^\W\d_]*(?:[a-zà-ÿа-яіїєґ][A-ZÀ-ÞА-ЯІЇЄҐ]){2}")
"""A word that changes from lower to upper case twice ("ПоВЕдінКа"): a running header set in small capitals."""


EARLIER_SENTENCES = 5
"""How far back a definite subject is looked for: the sentences a reader of the text has just read."""
_INITIAL_END = re.compile(r"(?<![\w.])[A-ZÀ-ÞА-ЯІЇЄҐ]\.$")
_ORDINAL_END = re.compile(r"(?<![\w.])\d{1,4}\.$")
_OPENING_MARKS = ".:;!?—–-\"'«„“("
"""What may stand before a capitalised word that starts a clause or a quotation."""
_LIST_MARK = re.compile(r"[•▪●◦■□➢►✓]")
"""A bullet inside the "sentence": a list run together by extraction, not a sentence."""
_NOTE_MARK = re.compile(r"\[(?:\d+|[a-z ]+ needed|[a-z]+)\]")
"""An encyclopaedia's footnote mark ("[citation needed]", "[12]"): a teacher would have to cut it."""
_PRO_DROP = frozenset({"cs", "sk", "uk", "pl"})
_DEFINITE_SUBJECT = {
    "en": re.compile(r"The ([a-z]{3,})\s+(?!of\b|in\b|for\b|from\b|between\b|that\b|which\b|who\b)"),
    "de": re.compile(r"(?:Der|Die|Das)\s+([A-ZÄÖÜ][a-zäöüß]{3,})\s+(?!der\b|des\b|von\b|im\b|in\b|für\b)"),
}
_STANDS_FOR_EARLIER = frozenset(
    "couple move outcome result pair event decision plan change effect situation incident episode affair "
    "latter former rest remainder others count king queen emperor empress prince duke president".split()
    + "paar ergebnis schritt entscheidung vorgang prozess verfahren land unternehmen firma text".split()
)
"""Nouns that, as a bare definite subject, always stand for something another sentence said
(English and German); in German, which puts the article before every abstract noun ("Die
Photosynthese findet …"), only these."""


@dataclass(frozen=True)
class Phrases:
    """What the floor writes in one language: the multiple-choice stem, the feedback of a false
    statement, the words that make a sentence lean on another, and figure and page references."""

    language: str
    multiple_choice: str
    false_feedback: str
    swapped: str
    negated: str
    dangling: re.Pattern[str] | None
    refers_back: re.Pattern[str] | None
    references: re.Pattern[str] | None
    about_text: re.Pattern[str] | None
    negation: re.Pattern[str] | None
    defines: re.Pattern[str] | None
    informative: re.Pattern[str] | None


@functools.cache
def phrases_for(language: str) -> Phrases:
    """The floor's texts in `language`, English where phrases.toml has none for it."""
    table = _phrase_table()
    entry = table.get(language) or table["en"]
    dangling, references, about = entry.get("dangling"), entry.get("references"), entry.get("about_text")
    return Phrases(
        language=language if language in table else "en",
        multiple_choice=entry["multiple_choice"],
        false_feedback=entry["false_feedback"],
        swapped=entry["swapped"],
        negated=entry["negated"],
        dangling=re.compile(rf"^(?:{dangling})(?!\w)", re.I) if dangling else None,
        refers_back=re.compile(rf"(?<!\w)(?:{entry['refers_back']})(?!\w)", re.I) if entry.get("refers_back") else None,
        references=re.compile(rf"(?<!\w)(?:{references})(?!\w)", re.I) if references else None,
        about_text=re.compile(rf"(?<!\w)(?:{about})", re.I) if about else None,
        negation=re.compile(rf"(?<!\w)(?:{entry['negation']})(?!\w)", re.I) if entry.get("negation") else None,
        defines=re.compile(rf"\s+(?:{entry['defines']})\s", re.I) if entry.get("defines") else None,
        informative=re.compile(rf"(?<!\w)(?:{entry['informative']})", re.I) if entry.get("informative") else None,
    )


@functools.cache
def _phrase_table() -> dict:
    """phrases.toml, read once: every item asks for its language's texts and the version."""
    return tomllib.loads((paths.resources_dir() / "floor" / "phrases.toml").read_text(encoding="utf-8"))


def floor_version() -> str:
    """The version of the floor's texts, recorded as the template version of every floor item."""
    return str(_phrase_table()["version"])


@dataclass(frozen=True)
class Sentence:
    """A sentence usable as quiz material, with its offsets in the material: an item's span."""

    start: int
    end: int
    text: str


def usable_sentences(material: str, language: str = "en") -> list[Sentence]:
    """Sentences that stand alone as quiz material: whole (no ellipsis, which marks a cut
    quotation), of prose, not captions, references
    or page furniture (a running header or a page number glued in by extraction)."""
    return [sentence for sentence, refusal in sentence_choices(material, language) if refusal is None]


def refusals(material: str, language: str = "en") -> Counter[str]:
    """Why the material's other sentences are no quiz material, by REFUSALS key, for the quiz to say."""
    return Counter(refusal for _, refusal in sentence_choices(material, language) if refusal is not None)


REFUSALS = {
    "length": "too short or too long for prose",
    "leans": "leaning on another sentence",
    "furniture": "headings, captions, lists or page furniture",
    "cut": "cut short or quoted in part",
    "contact": "labels, addresses or contact lines",
}
"""Why a sentence is not asked about, as the quiz's note says it (roles/teacher.py)."""


def sentence_choices(material: str, language: str = "en") -> list[tuple[Sentence, str | None]]:
    """Every sentence of the material with why it is no quiz material (a REFUSALS key), None when it is."""
    words = phrases_for(language)
    choices = []
    before: list[str] = []
    lower_words = {word for word in re.findall(r"[^\W\d_]+", material) if word[0].islower()}
    for start, end in sentence_bounds(material, language):
        raw = material[start:end]
        if not raw.strip():
            continue
        text = " ".join(raw.split())
        lead = len(raw) - len(raw.lstrip())
        earlier, before = " ".join(before[-EARLIER_SENTENCES:]), [*before, text]
        sentence = Sentence(start + lead, start + lead + len(raw.strip()), raw.strip())
        choices.append((sentence, _refusal(text, earlier, language, words, lower_words)))
    return choices


def _refusal(text: str, earlier: str, language: str, words: Phrases, lower_words: set[str]) -> str | None:
    """Why one sentence is no quiz material, or None."""
    if not MIN_WORDS <= len(text.split()) <= MAX_WORDS or not text[:1].isupper() or not text.endswith((".", "!")):
        return "length"
    if _cut_short(text, language) or "..." in text or "…" in text or text.endswith(".."):
        return "cut"
    letters = sum(char.isalpha() or char.isspace() for char in text) / len(text)
    if letters < MIN_LETTER_SHARE or _page_furniture(text, language) or _LIST_MARK.search(text):
        return "furniture"
    if _NOTE_MARK.search(text) or (language not in ("en", *CAPITALISED_NOUNS) and _glued_heading(text, lower_words)):
        return "furniture"
    if _subject_elsewhere(text, earlier, language) or _leans_elsewhere(text, words):
        return "leans"
    if language == "en" and points_back(text):
        return "leans"
    if _labelled(text) or _CONTACT.search(text):
        return "contact"
    return None


def _cut_short(text: str, language: str) -> bool:
    """Whether the sentence ends at an initial ("… what Graham E.") or, outside English, at an
    ordinal ("bis zur Mitte des 21."): the sentence splitter cut a longer sentence there."""
    return bool(_INITIAL_END.search(text) or (language != "en" and _ORDINAL_END.search(text)))


def _subject_elsewhere(text: str, earlier: str, language: str) -> bool:
    """Whether the sentence's subject was named in a sentence before it: a definite subject the
    last sentences introduced ("The war was fought …" after "the French and Indian War", "Der
    Prozess ist …" after "der Prozess der Minimill"), one of the nouns that always stand for
    something said before ("The couple left …", "The move would …"), or, where the subject may be
    dropped (Czech, Ukrainian), a sentence that opens with its verb ("Pramení na Šumavě …")."""
    if language in _PRO_DROP:
        first = re.match(r"[^\W\d_]+", text)
        return first is not None and is_verb(first.group(), language)
    pattern = _DEFINITE_SUBJECT.get(language)
    match = pattern.match(text) if pattern else None
    if match is None:
        return False
    noun = match.group(1).casefold()
    if noun in _STANDS_FOR_EARLIER:
        return True
    if language != "en":
        return False
    stem = noun[: max(4, len(noun) - 2)]
    return any(word.startswith(stem) for word in re.findall(r"[^\W\d_]+", earlier.casefold()))


def _labelled(text: str) -> bool:
    """Whether the sentence opens with a label, every word before its colon capitalised: "SUMMARY:",
    "Education:", "FOR FURTHER INFORMATION CONTACT:" (a list item or form field, not a sentence),
    where "Srdce má čtyři oddíly:" is a sentence."""
    head, colon, _ = text.partition(":")
    words = head.split()
    return bool(colon) and 0 < len(words) <= MAX_LABEL_WORDS and all(word[:1].isupper() for word in words)


def _leans_elsewhere(text: str, words: Phrases) -> bool:
    """Whether the sentence opens with a word pointing to another sentence or points back to one
    anywhere ("this problem"), refers to a figure or page, or speaks about the lesson rather than
    its subject ("in this chapter you will learn")."""
    patterns = (
        (words.dangling, text[:40]),
        (words.refers_back, text),
        (words.references, text),
        (words.about_text, text),
    )
    return any(pattern is not None and pattern.search(part) for pattern, part in patterns)


def _page_furniture(text: str, language: str) -> bool:
    """A header in odd capitals, or a page number between a word and the capitalised word opening
    the next page's sentence (in German, where nouns are capitalised, only before a function word)."""
    if _ODD_CASE.search(text) or (language != "en" and _glued_caption(text, language)):
        return True
    for match in _PAGE_NUMBER.finditer(text):
        following = match.group(2) + match.group(3)
        if match.group(2).isupper() and (language != "de" or word_class(following, language) == "other"):
            return True
    return False


def _glued_heading(text: str, lower_words: set[str]) -> bool:
    """Whether a capitalised word inside the sentence, with no punctuation before it, is one the
    material writes in lower case elsewhere, or is the second word after a capitalised first: a
    heading run into the sentence ("Етологія Наука про поведінку …", "Ротові апарати Найбільше …",
    "Хомінг Слово …"), in a language that capitalises only names. A name of two words opening a
    sentence ("Bedřich Smetana věnoval …") is lost with them."""
    for index, match in _inner_capitals(text):
        word = match.group()
        if not word.isupper() and (word.casefold() in lower_words or index == 1):
            return True
    return False


def _inner_capitals(text: str) -> Iterator[tuple[int, re.Match[str]]]:
    """The capitalised words after the first, with no punctuation before them (a new sentence or
    a quotation starts there), and not acronyms: where a heading or caption may be run in."""
    for index, match in enumerate(re.finditer(r"[^\W\d_]+", text)):
        word = match.group()
        before = text[: match.start()].rstrip()[-1:]
        if index and word[:1].isupper() and not (word.isupper() and len(word) > 1) and before not in _OPENING_MARKS:
            yield index, match


def _glued_caption(text: str, language: str) -> bool:
    """A capitalised word inside the sentence that is no name (an adjective, verb or function word)
    with no punctuation before it, or a run of four capitalised words: a caption, heading or
    table run into the sentence ("…роду Дятел Схожі види…", "Тип Клас Ряд Родина Рід Вид").
    German capitalises nouns, so there only a capitalised function word counts."""
    if language not in CAPITALISED_NOUNS and _CAPITALISED_RUN.search(text):
        return True
    for _, match in _inner_capitals(text):
        word = match.group()
        if language in CAPITALISED_NOUNS:
            if word.casefold() in _GERMAN_FUNCTION_WORDS:
                return True
        elif word_class(word.casefold(), language) != "noun" or _after_heading(text[: match.start()], language):
            return True
    return False


def _after_heading(opening: str, language: str) -> bool:
    """Whether the words before a capitalised noun are a short phrase with no verb, a heading the
    sentence was run into ("Функції репродуктивної системи Процеси розмноження …"); a name
    inside a sentence comes after its verb or preposition ("… живуть у Мексиці")."""
    words = re.findall(r"[^\W\d_]+", opening)
    if len(words) > MAX_HEADING_WORDS:
        return False
    return not any(word_class(word, language) == "verb" or is_verb(word, language) for word in words)
