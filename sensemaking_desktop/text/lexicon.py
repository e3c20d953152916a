"""Words of languages other than English: stopwords, lemmas and word classes, without a tagger.

English keeps the hand-made rules of `terms.py` (measured on the English materials); German,
Czech, Ukrainian and the other languages simplemma covers get:
- stopwords from stopwords-iso (`stopwordsiso`, MIT), the list most spaCy languages started from;
- lemmas from simplemma (MIT): dictionary look-ups for 50 languages in pure Python, so
  "Antikörpern" → "antikörper", "поведінки" → "поведінка", "kilometrech" → "kilometr";
- word classes told by the lemma's shape, which is reliable in inflected languages where a
  word's own ending is not: a Czech word whose lemma ends like an infinitive ("pohybuje" →
  "pohybovat") is a verb, a Ukrainian one ending in "-ти"/"-тися" is a verb, a lemma ending in
  "-ý"/"-ий" an adjective; German nouns are the capitalised words inside a sentence.
Where a morphological dictionary ships on PyPI, it says which inflection a word has: pymorphy3
with its Ukrainian dictionary (from the VESUM project, MIT) gives case, number and gender, so a
swapped term takes the case the sentence needs. Elsewhere two words are taken to share an
inflection when they end in the same two letters ("Zellen"/"Erregern" do not, "soustavou"/
"činností" neither), which errs on the side of leaving a term out.
No tagger that installs offline from PyPI without a model download covers Czech and Ukrainian
(spaCy's and Stanza's pipelines come from their hubs), so this is the route that ships.
"""

import functools
import re
import unicodedata
from typing import Literal

import simplemma
import stopwordsiso

from sensemaking_desktop.errors import SensemakingError

WordClass = Literal["noun", "verb", "adjective", "other"]

_EXTRA_STOPWORDS = {
    "uk": "це цей ця ці цього цієї цих цим цими той та ті того тієї тих тим також який яка яке які якого якої яких "
    "котрий де коли як що щоб бо але або чи і й та у в з із зі до від на по при про для без над під між через "
    "вони він вона воно ми ви я ти його її їх їхній їхня їхні свій своя свої себе собі є був була було були буде "
    "можна треба дуже більш більше менш найбільш ще вже лише тільки навіть теж тому тож отже тобто наприклад "
    "наш ваш свій мій твій їхній один одна одне одні інший інша інше інші весь вся все всі кожний кожен багато "
    "деякий такий",
    "de": "dass sowie bzw ca usw zb",
    "cs": "tzv např atd apod resp tj všechen všichni celý jeden jiný každý některý takový mnoho",
}
_VERB_LEMMA = {
    "cs": re.compile(r"(?:at|et|ět|it|ít|out|ýt|ct|ést|íst|ást|ovat)$"),
    "sk": re.compile(r"(?:ať|iť|ieť|núť|ovať|ýť|ísť)$"),
    "uk": re.compile(r"(?:ти|тися|тись|ть|ться)$"),
    "ru": re.compile(r"(?:ть|ться|ти|чь)$"),
    "pl": re.compile(r"(?:ać|eć|ić|yć|ąć|ść|c)$"),
    "de": re.compile(r"(?:en|ern|eln)$"),
}
_ADJECTIVE_LEMMA = {
    "cs": re.compile(r"(?:ý|ní|cí|ský|cký)$"),
    "sk": re.compile(r"(?:ý|í|ský|cký)$"),
    "uk": re.compile(r"(?:ий|ій|їй)$"),
    "ru": re.compile(r"(?:ый|ий|ой)$"),
    "pl": re.compile(r"(?:y|i)$"),
}
CAPITALISED_NOUNS = frozenset({"de", "lb"})
"""Languages that write every noun with a capital letter."""


def lemmatises(language: str) -> bool:
    """Whether simplemma has a dictionary for `language`."""
    return language in simplemma.strategies.dictionaries.dictionary_factory.SUPPORTED_LANGUAGES


@functools.cache
def stopwords(language: str) -> frozenset[str]:
    """Function words of `language`, case-folded; empty for a language stopwords-iso lacks."""
    words = stopwordsiso.stopwords(language) if stopwordsiso.has_lang(language) else set()
    extra = _EXTRA_STOPWORDS.get(language, "").split()
    return frozenset(fold_case(word) for word in (*words, *extra))


def fold_case(word: str) -> str:
    """Lower case in NFC, so composed and decomposed accents compare equal."""
    return unicodedata.normalize("NFC", word).casefold()


@functools.lru_cache(maxsize=200_000)
def lemma(word: str, language: str) -> str:
    """The dictionary form of `word`, case-folded; the word itself where simplemma does not know it."""
    folded = fold_case(word)
    if not lemmatises(language):
        return folded
    return fold_case(simplemma.lemmatize(folded, lang=language))


def word_class(word: str, language: str, *, opens_sentence: bool = False) -> WordClass:
    """The class of `word` as its lemma's shape tells it; "other" for function words and short words."""
    folded = fold_case(word)
    if folded in stopwords(language) or len(folded) < 3 or not folded.isalpha():
        return "other"
    if lemma(folded, language) in stopwords(language):
        return "other"
    if language in CAPITALISED_NOUNS:
        if word[:1].isupper() and not opens_sentence:
            return "noun"
        return "other" if word[:1].isupper() else _lower_class(folded, language)
    return _lower_class(folded, language)


_ADVERB = {"cs": re.compile(r"(?:ně|mě|vě|tě|dě|ky|sky|cky|le)$"), "sk": re.compile(r"(?:ne|mo|vo|to|ky)$")}
"""Czech and Slovak adverbs made from adjectives ("přibližně", "dlouhodobě"), which do not inflect."""


def is_verb(word: str, language: str) -> bool:
    """Whether `word` is an inflected verb by its lemma's shape ("mají" → "mít"), function verbs
    included, which word_class counts as function words."""
    folded = fold_case(word)
    base, verb = lemma(folded, language), _VERB_LEMMA.get(language)
    return verb is not None and bool(verb.search(base)) and (base != folded or language in ("uk", "ru"))


_DICTIONARY_CLASS: dict[str, WordClass] = {
    "NOUN": "noun",
    "ADJF": "adjective",
    "ADJS": "adjective",
    "PRTF": "verb",
    "VERB": "verb",
    "INFN": "verb",
    "GRND": "verb",
    "PRTS": "verb",
}
"""pymorphy3's parts of speech as word classes; adverbs, prepositions and the rest are "other".
A participle (a passive one the Ukrainian dictionary files as an adjective) counts as a verb,
so a key never holds one ("Яйця _____" for "вкриті щільною шкірястою оболонкою", where the noun
phrase is "щільною шкірястою оболонкою")."""


def _lower_class(folded: str, language: str) -> WordClass:
    if language in MORPHOLOGY:
        parse = _analyzer(language).parse(folded)[0]
        if parse.is_known:
            return "verb" if "pssv" in parse.tag else _DICTIONARY_CLASS.get(str(parse.tag.POS), "other")
    base = lemma(folded, language)
    adverb = _ADVERB.get(language)
    if adverb is not None and base == folded and adverb.search(folded):
        return "other"
    if is_verb(folded, language):
        return "verb"
    adjective = _ADJECTIVE_LEMMA.get(language)
    if adjective is not None and adjective.search(base):
        return "adjective"
    return "adjective" if language in CAPITALISED_NOUNS else "noun"


MORPHOLOGY = {"uk": "pymorphy3-dicts-uk"}
"""Languages with a morphological dictionary, and the package that ships it."""


def agrees(word: str, other: str, language: str) -> bool:
    """Whether `other` can stand in `word`'s place without breaking the sentence's grammar.
    Where a dictionary tells case, number and (in the singular) gender, `other` must read every
    way `word` can ("тварин", genitive or animate accusative plural, takes "птахів", not
    "класифікації", which is no genitive plural), since the sentence's own reading is not known;
    elsewhere both end in the same two letters and both are, or both are not, dictionary forms."""
    if language in MORPHOLOGY:
        readings = inflections(word, language)
        return bool(readings) and readings <= inflections(other, language)
    same_ending = word[-2:].casefold() == other[-2:].casefold()
    return same_ending and _is_lemma(word, language) == _is_lemma(other, language)


def _is_lemma(word: str, language: str) -> bool:
    """Whether `word` is its own dictionary form: "Impfen" is, "Impfungen" is not, so one does
    not stand for the other although both end in "-en"."""
    return lemma(word, language) == fold_case(word)


@functools.lru_cache(maxsize=100_000)
def inflections(word: str, language: str) -> frozenset[str]:
    """The readings of `word` as "case:number:gender" by the language's morphological dictionary."""
    readings = set()
    for parse in _analyzer(language).parse(fold_case(word)):
        tag = parse.tag
        if parse.is_known and tag.POS in ("NOUN", "ADJF", "NPRO") and tag.case and tag.case != "voct":
            gender = tag.gender if tag.number == "sing" else ""
            readings.add(f"{tag.case}:{tag.number}:{gender}")
    return frozenset(readings)


def can_be_adverb(word: str, language: str) -> bool:
    """Whether the language's morphological dictionary reads `word` as an adverb in any of its readings."""
    return any(parse.tag.POS == "ADVB" for parse in _analyzer(language).parse(word.casefold()))


def noun_genders(word: str, language: str) -> set[str]:
    """The genders the morphological dictionary gives `word` as a singular noun, or {"plur"} when
    it is a noun only in the plural (none when it is no noun); `inflections` keeps no gender for a
    singular reading the dictionary gives no number."""
    nouns = [
        parse.tag for parse in _analyzer(language).parse(word.casefold()) if parse.is_known and parse.tag.POS == "NOUN"
    ]
    singular = {str(tag.gender) for tag in nouns if tag.number != "plur"}
    return singular or ({"plur"} if nouns else set())


@functools.cache
def _analyzer(language: str):  # noqa: ANN202 - pymorphy3's own type
    try:
        import pymorphy3
    except ImportError as error:
        raise SensemakingError(f"inflections of {language!r} need {MORPHOLOGY[language]}: {error}") from error
    return pymorphy3.MorphAnalyzer(lang=language)
