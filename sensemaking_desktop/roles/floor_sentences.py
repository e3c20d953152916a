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

from lemminflect import getAllLemmas

from sensemaking_desktop import paths
from sensemaking_desktop.text.lexicon import (
    CAPITALISED_NOUNS,
    MORPHOLOGY,
    inflections,
    is_verb,
    noun_genders,
    stopwords,
    word_class,
)
from sensemaking_desktop.text.sentences import sentence_bounds
from sensemaking_desktop.text.terms import only_verb, points_back

MIN_WORDS, MAX_WORDS = 8, 45
"""Shorter sentences are headings or captions; longer ones are usually two run together by extraction."""
MIN_LETTER_SHARE = 0.7
MAX_LABEL_WORDS = 6
MAX_HEADING_WORDS = 5
MIN_PIECE = 3
"""The shortest piece of a word cut by a lost hyphen: shorter ones are words ("не має" / "немає")."""
_CONTACT = re.compile(
    r"https?:|www\.|@\w|\b\w+\.(?:com|org|gov|edu)\b|\(\d{3}\)|\b\d{3}[–-]\d{3}[–-]\d{4}\b|\bP\.\s?O\."
    r"|\b\d{2,5}(?: [A-Z0-9]\w*){1,3} (?:St|Street|Ave|Avenue|Blvd|Boulevard|Road|Rd|Way|Drive|Dr)\b"
)
"""Street addresses, phone numbers, e-mail and web addresses: how to reach someone, not what to learn."""
_CAPITALISED_RUN = re.compile(r"(?:\b[^\W\d_a-zа-яіїєґà-ÿ][^\W\d_]*\s+){3}[^\W\d_a-zа-яіїєґà-ÿ]")
_GERMAN_FUNCTION_WORDS = frozenset(
    "der die das den dem des ein eine einer einem einen eines und oder aber wenn weil dass als wie auch "
    "nur noch schon sehr es er sie wir ihr ich du man sich nicht in im an am auf aus bei mit von zu zum zur "
    "seit obwohl bevor nachdem während sobald solange falls trotz".split()
)
"""Words German writes in lower case inside a sentence (its stopword list also holds nouns: "Teil", "Zeit")."""
_PAGE_NUMBER = re.compile(r"(?<=[^\W\d_]) (\d{1,4}) (?=([^\W\d_])([^\W\d_]*))")
"""A bare number between a word and a capitalised word: a page number glued in by extraction."""
_ODD_CASE = re.compile(r"[^\W\d_]*(?:[a-zà-ÿа-яіїєґ][A-ZÀ-ÞА-ЯІЇЄҐ]){2}")
"""A word that changes from lower to upper case twice ("ПоВЕдінКа"): a running header set in small capitals."""


_THE_NOUN = re.compile(r"\b[Tt]he ([a-z]{3,})\b(?! of\b)")
EARLIER_SENTENCES = 5
RECENT_SENTENCES = 2
"""Sentences before one in which a thing it names as "the …" may have been introduced as "a …"."""
"""How far back a definite subject is looked for: the sentences a reader of the text has just read."""
_INITIAL_END = re.compile(r"(?<![\w.])[A-ZÀ-ÞА-ЯІЇЄҐ]\.$")
_ORDINAL_END = re.compile(r"(?<![\w.])\d{1,4}\.$")
_OPENING_MARKS = ".:;!?—–-\"'«„“("
"""What may stand before a capitalised word that starts a clause or a quotation."""
_LIST_MARK = re.compile(r"[•▪●◦■□➢►✓]")
"""A bullet inside the "sentence": a list run together by extraction, not a sentence."""
_NOTE_MARK = re.compile(r"\[(?:\d+|[a-z ]+ needed|[a-z]+)\]")
_STOP = re.compile(r"[.!?]\s+(?=[\"«„“(]?[A-ZÀ-ÞА-ЯІЇЄҐ])")
_FIGURE_CUT = re.compile(r"\s*\(\s*([^\W\d_]+\.)$")
"""An opening bracket and an abbreviation ending the "sentence": a figure reference ("(мал.") the
sentence splitter took for the sentence's end."""
_RUN_IN_LIST = re.compile(r"[:;]\s*[—–]\s")
"""A dash after a colon or semicolon: list items run together ("Типи волосся: — пух — …; — ость …")."""
_WORD = re.compile(r"[^\W\d_]+(?:[’'][^\W\d_]+)*")
"""A word, with an apostrophe inside it ("п’явка")."""
"""An encyclopaedia's footnote mark ("[citation needed]", "[12]"): a teacher would have to cut it."""
_PRO_DROP = frozenset({"cs", "sk", "uk", "pl"})
_DEFINITE_SUBJECT = {
    "en": re.compile(r"The ([a-z]{3,})\s+(?!of\b|in\b|for\b|from\b|between\b|that\b|which\b|who\b)"),
    "de": re.compile(r"(?:Der|Die|Das)\s+([A-ZÄÖÜ][a-zäöüß]{3,})\s+(?!der\b|des\b|von\b|im\b|in\b|für\b)"),
}
_STANDS_FOR_EARLIER = frozenset(
    "couple move outcome result pair event decision plan change effect situation incident episode affair "
    "latter former rest remainder others count king queen emperor empress prince duke president authorities "
    "objective aim goal purpose concept idea approach method answer solution income proceeds".split()
    + "paar ergebnis schritt entscheidung vorgang prozess verfahren land unternehmen firma text behörden".split()
)
"""Nouns that, as a bare definite subject, always stand for something another sentence said
(English and German); in German, which puts the article before every abstract noun ("Die
Photosynthese findet …"), only these."""
_PARTITIVE_SUBJECT = re.compile(
    r"(?:Some|Much|Most|Part|Many|All|None|Half|Each) of the [a-z]+ (?:was|were|is|are|has|have|had|can|could|will)\b"
)
"""An English subject that is part of a definite thing with nothing saying which ("Some of the
income was dispensed …", final-5); "Most of the water vapour in the air comes …" says which."""
_QUANTIFIERS = frozenset("деякі усі всі багато більшість кілька інші окремі".split())
"""Words before a noun at a sentence's start that do not say what it is part of."""


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
    pronouns: dict[str, frozenset[str]]
    predicates: re.Pattern[str] | None
    definite_entities: frozenset[str]
    comparative: re.Pattern[str] | None
    than: re.Pattern[str] | None
    prepositions: frozenset[str]
    parts: frozenset[str]
    """Nouns for a part or stage of something ("личинки", "черепашка"), which say of what only
    through a genitive after them or a sentence before."""


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
        pronouns={word: frozenset(kinds.split()) for word, kinds in entry.get("pronouns", {}).items()},
        predicates=re.compile(rf"(?<!\w)(?:{entry['predicates']})", re.I) if entry.get("predicates") else None,
        definite_entities=frozenset(entry.get("definite_entities", "").split()),
        comparative=_pattern(entry.get("comparative")),
        than=_pattern(entry.get("than")),
        prepositions=frozenset(entry.get("prepositions", "").split()),
        parts=frozenset(entry.get("parts", "").split()),
    )


def _pattern(words: str | None) -> re.Pattern[str] | None:
    """A phrases.toml pattern matched as whole words, any case; None where the language has none."""
    return re.compile(rf"(?<!\w)(?:{words})(?!\w)", re.I) if words else None


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


@functools.lru_cache(maxsize=4)
def material_sentences(whole: str, language: str = "en") -> tuple[Sentence, ...]:
    """`usable_sentences` of a whole material, read once however many of its sections ask: each
    section's quiz takes options from them and skips what an earlier section said."""
    return tuple(usable_sentences(whole, language))


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
    bounds = sentence_bounds(material, language)
    if language != "en":
        bounds = [piece for start, end in bounds for piece in _run_on_pieces(material, start, end)]
    for start, end in bounds:
        raw = material[start:end]
        if not raw.strip():
            continue
        text = " ".join(raw.split())
        lead = len(raw) - len(raw.lstrip())
        recent = " ".join(before[-RECENT_SENTENCES:])
        earlier, before = " ".join(before[-EARLIER_SENTENCES:]), [*before, text]
        sentence = _before_figure(Sentence(start + lead, start + lead + len(raw.strip()), raw.strip()), words)
        refusal = _refusal(" ".join(sentence.text.split()), earlier, language, words, lower_words)
        if refusal is None and language == "en" and _introduced_before(" ".join(sentence.text.split()), recent):
            refusal = "leans"
        if refusal is None and len(before) > 1 and language != "en" and _cut_short(before[-2], language):
            refusal = "cut"
        if refusal == "furniture":
            after = _after_heading_run_in(sentence, earlier, language, words, lower_words)
            sentence, refusal = (after, None) if after is not None else (sentence, refusal)
        choices.append((sentence, refusal))
    return choices


def _run_on_pieces(material: str, start: int, end: int) -> list[tuple[int, int]]:
    """A span longer than MAX_WORDS cut again after each full stop that ends a word of four letters
    or more, or a bracket, and that a capitalised word follows: the language's splitter leaves some
    runs of sentences whole after a figure reference ("15.2). З яйця виводиться личинка … паразита.
    Але …"). Shorter stops ("мал.", "р.", "тис.") may be abbreviations and are not cut at."""
    if len(material[start:end].split()) <= MAX_WORDS:
        return [(start, end)]
    cuts = [start]
    for stop in _STOP.finditer(material, start, end):
        word = re.search(r"(\S*)[.!?]$", material[start : stop.start() + 1]).group(1)
        if stop.end() < end and (len(word) >= 4 and word.isalpha() or word.endswith(")")):
            cuts.append(stop.end())
    return list(zip(cuts, [*cuts[1:], end]))


def _before_figure(sentence: Sentence, words: Phrases) -> Sentence:
    """The sentence without the figure reference it was cut at ("… як у хребетних (мал." before
    "38.2)."), its full stop put back; the sentence itself otherwise."""
    match = _FIGURE_CUT.search(sentence.text)
    if match is None or words.references is None or not words.references.search(match.group(1)):
        return sentence
    return Sentence(sentence.start, sentence.start + match.start(), sentence.text[: match.start()] + ".")


def _after_heading_run_in(
    sentence: Sentence, earlier: str, language: str, words: Phrases, lower_words: set[str]
) -> Sentence | None:
    """The sentence that follows a heading run into it, in a language that capitalises only names
    ("Способи руху тварин Двобічна симетрія зручна для тварин …"): from a capitalised word after
    a short phrase with no verb, when what follows is quiz material by itself; else None."""
    if language == "en" or language in CAPITALISED_NOUNS:
        return None
    for _, match in _inner_capitals(sentence.text):
        if not _after_heading(sentence.text[: match.start()], language):
            return None
        tail = sentence.text[match.start() :]
        if _refusal(" ".join(tail.split()), earlier, language, words, lower_words) is None:
            return Sentence(sentence.start + match.start(), sentence.end, tail)
    return None


def _refusal(text: str, earlier: str, language: str, words: Phrases, lower_words: set[str]) -> str | None:
    """Why one sentence is no quiz material, or None."""
    if not MIN_WORDS <= len(text.split()) <= MAX_WORDS or not text[:1].isupper() or not text.endswith((".", "!")):
        return "length"
    if _cut_short(text, language) or "..." in text or "…" in text or text.endswith("..") or "\ufffd" in text:
        return "cut"
    if _split_word(text, lower_words):
        return "cut"
    letters = sum(char.isalpha() or char.isspace() for char in text) / len(text)
    if letters < MIN_LETTER_SHARE or _page_furniture(text, language) or _LIST_MARK.search(text):
        return "furniture"
    if _RUN_IN_LIST.search(text) or _verbless(text, language, words.predicates):
        return "furniture"
    if _NOTE_MARK.search(text) or (
        language not in ("en", *CAPITALISED_NOUNS) and _glued_heading(text, lower_words, words.prepositions)
    ):
        return "furniture"
    if language not in ("en", *CAPITALISED_NOUNS) and _sentence_run_in(text, language, words.prepositions):
        return "furniture"
    if _subject_elsewhere(text, earlier, language) or _leans_elsewhere(text, words):
        return "leans"
    if _part_of_unnamed(text, language, words.parts) or (language == "en" and _PARTITIVE_SUBJECT.match(text)):
        return "leans"
    if (language == "en" and points_back(text)) or _unresolved_pronoun(text, language, words):
        return "leans"
    if _unnamed_definite(text, language, words.definite_entities) or _compares_unnamed(text, words):
        return "leans"
    if _labelled(text) or _CONTACT.search(text):
        return "contact"
    return None


def _cut_short(text: str, language: str) -> bool:
    """Whether the sentence ends at an initial ("… what Graham E.") or, outside English, at an
    ordinal ("bis zur Mitte des 21."): the sentence splitter cut a longer sentence there, so
    neither piece is whole ("Der 60." and "Jahrestag der Invasion der Normandie …")."""
    return bool(_INITIAL_END.search(text) or (language != "en" and _ORDINAL_END.search(text)))


def _subject_elsewhere(text: str, earlier: str, language: str) -> bool:
    """Whether the sentence's subject was named in a sentence before it: a definite subject the
    last sentences introduced ("The war was fought …" after "the French and Indian War", "Der
    Prozess ist …" after "der Prozess der Minimill"), one of the nouns that always stand for
    something said before ("The couple left …", "The move would …"), or, where the subject may be
    dropped (Czech, Ukrainian), a sentence that opens with its verb ("Pramení na Šumavě …") or with
    an adjective standing for its noun before the verb ("Найменші досягають довжини …")."""
    if language in _PRO_DROP:
        first, second, *_ = [*_WORD.findall(text), "", ""]
        adjective_subject = word_class(first, language, opens_sentence=True) == "adjective" and is_verb(
            second, language
        )
        return is_verb(first, language) or adjective_subject
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


def _introduced_before(text: str, recent: str) -> bool:
    """English: whether the sentence names as "the N" a thing the sentences just before it
    introduced as "a (…) N", which it then stands for ("… while traveling in a moving vehicle …
    in the direction the vehicle is moving", "… in a closed system … the system itself remains
    unaccelerated", final-4); "the N of …" says which N it means."""
    for match in _THE_NOUN.finditer(text):
        noun = match.group(1)
        if re.search(rf"\b(?:a|an) (?:\w+ ){{0,2}}{noun}\b", text[: match.start()], re.IGNORECASE):
            continue
        if getAllLemmas(noun).get("NOUN") and re.search(rf"\b(?:a|an) (?:\w+ ){{0,2}}{noun}\b", recent, re.I):
            return True
    return False


def _split_word(text: str, lower_words: set[str]) -> bool:
    """Whether a word is cut in two by a hyphen lost in extraction: two lower-case pieces of three
    letters or more that, joined, make a word the material writes elsewhere ("пред ставники" where
    it writes "представники")."""
    words = re.findall(r"[^\W\d_]+", text)
    return any(
        min(len(first), len(second)) >= MIN_PIECE
        and first.islower()
        and second.islower()
        and first + second in lower_words
        for first, second in zip(words, words[1:])
    )


def _labelled(text: str) -> bool:
    """Whether the sentence opens with a label, every word before its colon capitalised: "SUMMARY:",
    "Education:", "FOR FURTHER INFORMATION CONTACT:" (a list item or form field, not a sentence),
    or a short phrase with no verb before a sentence of its own ("Royal assent: After the bill …"),
    where "Srdce má čtyři oddíly:" is a sentence."""
    head, colon, rest = text.partition(":")
    words = head.split()
    if not colon or not 0 < len(words) <= MAX_LABEL_WORDS:
        return False
    if all(word[:1].isupper() for word in words):
        return True
    heading = len(words) <= MAX_LABEL_WORDS // 2 and not any(only_verb(word) for word in words)
    return heading and rest.lstrip()[:1].isupper()


def _part_of_unnamed(text: str, language: str, parts: frozenset[str]) -> bool:
    """Whether the sentence opens (after a quantifier such as "Деякі") with a noun for a part or
    stage of something and says nothing of what it is part of: no noun follows it ("Личинки
    ростуть …", "Черепашка в більшості …", "Деякі екземпляри сягають …"; "Личинки метеликів
    називають …" says whose, final-5)."""
    opening = _WORD.findall(text)[:3]
    if opening and opening[0].casefold() in _QUANTIFIERS:
        opening = opening[1:]
    if len(opening) < 2 or opening[0].casefold() not in parts:
        return False
    return word_class(opening[1], language) != "noun"


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


def _glued_heading(text: str, lower_words: set[str], prepositions: frozenset[str]) -> bool:
    """Whether a capitalised word inside the sentence, with no punctuation before it, is one the
    material writes in lower case elsewhere, or is the second word after a capitalised first: a
    heading run into the sentence ("Етологія Наука про поведінку …", "Ротові апарати Найбільше …",
    "Хомінг Слово …"), in a language that capitalises only names. A name of two words opening a
    sentence ("Bedřich Smetana věnoval …") is lost with them; a name after an opening preposition
    ("В Україні поширений …") is not a heading."""
    opens_with_preposition = text.split(maxsplit=1)[0].casefold() in prepositions
    for index, match in _inner_capitals(text):
        word = match.group()
        second = index == 1 and not opens_with_preposition
        if not word.isupper() and (word.casefold() in lower_words or second):
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
    inside a sentence comes after its verb or preposition ("… живуть у Мексиці", "В Україні
    поширений …", whose "В" is no heading)."""
    words = re.findall(r"[^\W\d_]+", opening)
    if len(words) > MAX_HEADING_WORDS or (words and words[-1].casefold() in phrases_for(language).prepositions):
        return False
    return not any(word_class(word, language) == "verb" or is_verb(word, language) for word in words)


def _unresolved_pronoun(text: str, language: str, words: Phrases) -> bool:
    """Whether a personal pronoun or possessive of the sentence has no noun of its kind before it
    in the sentence, so it stands for something another sentence named ("In ihrer langen Karriere
    spielte sie …", "Вона дозволяє їм …"); "Аскарида живе в кишечнику людини, вона не має …"
    names what "вона" is. The nouns of a prepositional phrase that opens the sentence, up to its
    first verb or comma, are a time or place, not what the pronoun means ("Im Jahre 1981 entwarf er
    …", "У більшості ссавців вони …"). Languages with no `pronouns` in phrases.toml leave this to
    their lists."""
    seen: set[str] = set()
    opening = False
    for index, match in enumerate(_WORD.finditer(text)):
        word = match.group()
        opening = (index == 0 and word.casefold() in words.prepositions) or (
            opening and not _ends_opening(text, match, language)
        )
        wanted = words.pronouns.get(word.casefold())
        if wanted is not None:
            if not wanted & seen:
                return True
            continue
        if not opening:
            seen |= _noun_kinds(word, language, opens=index == 0)
    return False


def _ends_opening(text: str, match: re.Match[str], language: str) -> bool:
    """Whether an opening phrase ends at this word: a comma before it, or it is a verb."""
    return text[: match.start()].rstrip().endswith(",") or _read_as_verb(match.group(), language)


def _noun_kinds(word: str, language: str, *, opens: bool) -> set[str]:
    """What a pronoun after `word` may stand for: "noun" for any noun (German capitalises every
    one), or, where a morphological dictionary tells them, the gender of a singular noun and
    "plur" of a noun that is only plural ("еволюції" may be a genitive singular, so "У процесі
    еволюції вони …" has no plural before "вони"); a capitalised word inside the sentence is a
    name of any of them."""
    if language in CAPITALISED_NOUNS:
        function_word = word.casefold() in _GERMAN_FUNCTION_WORDS or word.casefold() in stopwords(language)
        noun = word[:1].isupper() and not (opens and function_word)
        return {"noun"} if noun else set()
    if language not in MORPHOLOGY:
        return set()
    if word[:1].isupper() and not opens:
        return {"masc", "femn", "neut", "plur"}
    return noun_genders(word, language)


def _verbless(text: str, language: str, predicates: re.Pattern[str] | None) -> bool:
    """Whether a sentence of a language that lists its verbless predicates (phrases.toml's
    `predicates`: "є", "можна", a dash) has no verb and none of them: a caption or table row run
    together ("Центральна і периферична нервова система рептилії нервова система.")."""
    if predicates is None or predicates.search(text):
        return False
    return not _has_verb(_WORD.findall(text), language)


def _unnamed_definite(text: str, language: str, entities: frozenset[str]) -> bool:
    """Whether a definite noun for a group, an act or a person (phrases.toml's `definite_entities`:
    "In 2024, the group proclaimed itself …", "organizing the retreat", "die Behörde") stands for
    one another sentence named: the sentence does not name it before ("a group … the group") nor
    say which right after it ("the party of God", "the group that …", "die Behörde für …")."""
    pattern = _DEFINITE_NOUN.get(language)
    if pattern is None or not entities:
        return False
    for match in pattern.finditer(text):
        first, second, third = match.group(1, 2, 3)
        noun, after = (first, second or third) if _is_entity(first, language, entities) else (second, third)
        if not noun or not _is_entity(noun, language, entities) or after.casefold() in _SAYS_WHICH:
            continue
        stem = noun.casefold()[: max(4, len(noun) - 2)]
        if stem not in text[: match.start()].casefold():
            return True
    return False


def _is_entity(word: str, language: str, entities: frozenset[str]) -> bool:
    """Whether `word` is one of the entity nouns; in German an inflected form or compound of one."""
    folded = word.casefold()
    if language in CAPITALISED_NOUNS:
        return word[:1].isupper() and any(folded.startswith(entity) for entity in entities)
    return folded in entities


_DEFINITE_NOUN = {
    "en": re.compile(r"(?<![\w-])[Tt]he ([a-z][\w-]*)(?: ([a-z]+))?\W*(\w*)"),
    "de": re.compile(r"(?<!\w)(?:[Dd]er|[Dd]ie|[Dd]as|[Dd]en|[Dd]em|[Dd]es) ([\wäöüß-]+)(?: ([\wäöüß-]+))?\W*(\w*)"),
}
"""A definite article, the one or two words after it (an adjective may come first), and the next word."""
_SAYS_WHICH = frozenset(
    "of that which who whose known called named in at from der des von für namens aus in im um".split()
)
"""Words after a definite noun that say which one it is."""


def _compares_unnamed(text: str, words: Phrases) -> bool:
    """Whether the sentence compares with nothing it names: a strengthened comparative ("much more
    committed", "viel größer", "набагато більший") and no "than" (phrases.toml's `than`)."""
    if words.comparative is None or not words.comparative.search(text):
        return False
    return words.than is None or not words.than.search(text)


def _sentence_run_in(text: str, language: str, prepositions: frozenset[str]) -> bool:
    """Whether the next sentence or a caption runs in at a capitalised word after a lower-case one
    with no full stop ("… одним серцем Розвиток кровоносної системи … залежать …", "… плодових
    культур Представники рукокрилих — єдині ссавці …"): in a language that capitalises only names,
    both sides have a verb, the word before is no preposition (a name follows one: "в Африці") and,
    where a dictionary tells case, the capitalised word can be a nominative, a subject."""
    for _, match in _inner_capitals(text):
        before = _WORD.findall(text[: match.start()])
        after = _WORD.findall(text[match.start() :])
        if not before or not before[-1].islower() or before[-1].casefold() in prepositions:
            continue
        if language in MORPHOLOGY and not any(
            reading.startswith("nomn:") for reading in inflections(match.group(), language)
        ):
            continue
        if any(_read_as_verb(word, language) for word in before) and any(
            _read_as_verb(word, language) for word in after[1:]
        ):
            return True
    return False


def _read_as_verb(word: str, language: str) -> bool:
    """Whether `word` is a verb, by the language's dictionary where it has one (a lemma's shape
    takes "більшості" for a verb), else by its lemma's shape."""
    if language in MORPHOLOGY:
        return word_class(word, language) == "verb"
    return _has_verb([word], language)


def _has_verb(words: list[str], language: str) -> bool:
    """Whether one of the words is a verb by its lemma's shape or the language's dictionary."""
    return any(is_verb(word, language) or word_class(word, language) == "verb" for word in words)
