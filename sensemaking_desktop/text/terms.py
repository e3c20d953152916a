"""Terms of a text without a language model: numbers with their units, names, content phrases.

No library that installs offline from PyPI gives named entities without a model download
(spaCy's English pipelines are published on GitHub, not PyPI; the PyPI copies are
unofficial mirrors), so names are found by a heuristic: runs of capitalised words, where a
lone capitalised word that opens a sentence counts only when the text never writes it in
lower case. Numbers keep their unit ("27 inches", "1/4 inch", "40 percent"), so that a
number is only ever compared with numbers of the same unit. Figure, table and page
references ("Figure 7-27") are references, not facts, and are no terms.

The same helpers say whether a short answer is grounded in a passage: every number of
the answer must stand in the passage as a whole number token ("27" is not in "7-27"), and
its content words must be there (plurals folded).
"""

import re
from dataclasses import dataclass

from lemminflect import getAllLemmas

from sensemaking_desktop.text.lexicon import CAPITALISED_NOUNS, lemma, stopwords, word_class
from sensemaking_desktop.text.words import normalise_words

STOPWORDS = frozenset(
    """a about above after again against all also am an and any are as at be because been before being below
    between both but by can cannot onto could did do does doing down during each either few for from further had has
    have having he her here hers herself him himself his how however i if in into is it its itself just may me
    might more most must my myself neither no nor not now of off on once only or other ought our ours ourselves
    out over own same shall she should so some such than that the their theirs them themselves then there these
    they this those through thus to too under until up upon us very was we were what when where whether which
    while who whom whose why will with within without would yet you your yours yourself yourselves one two
    three four five six seven eight nine ten first second third many much several every each another often
    used use uses using well way ways also since per via etc eg ie less fewer least despite although though
    unless whereas besides beyond toward towards across along around behind beneath beside near throughout
    among amongst""".split()
)
UNITS = (
    "percent|per cent|%|inch(?:es)?|in\\.|feet|foot|ft|yards?|miles?|mm|cm|km|m|kg|mg|g|lbs?|pounds?|ounces?|oz|"
    "tons?|degrees?|°[CF]?|psi|volts?|V|watts?|W|amps?|A|hertz|Hz|rpm|years?|months?|weeks?|days?|hours?|"
    "minutes?|seconds?|times|people|million|billion|thousand|hundred|"
    "Prozent|Jahren?|Monaten?|Tagen?|Stunden|Minuten|Sekunden|Millionen|Milliarden|Menschen|Grad|"
    "procent|procenta|let|roků|roky|rok|měsíců|dnů|dní|hodin|minut|milionů|miliard|lidí|stupňů|"
    "відсотків|відсотки|років|роки|рік|місяців|днів|годин|хвилин|мільйонів|мільярдів|людей|градусів"
)
_NUMBER = re.compile(
    r"(?<![\w.\-/])(?:No\.\s*)?(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)(?:\s*/\s*\d+)?"
    rf"(?![\w\-/]|\.\d)(?:\s?({UNITS})(?![\w]))?",
)
_DEMONYM = re.compile(r"(?:ean|ian|ican|ese|ish)$")
"""The endings of "European", "Brazilian", "American", "Chinese", "Polish": adjectives of places."""
_DISCOURSE = re.compile(
    r"\b(?:for (?:example|instance)|in (?:addition|fact|particular|general|contrast|short|turn|summary|other words))\b",
    re.IGNORECASE,
)
"""Phrases that join sentences ("For example, ..."): their noun is no term to ask for."""
_NAME_JOINERS = ("of", "the", "de", "von", "van", "and", "for")
"""Small words inside a name ("Battle of Warsaw", "Ludwig van Beethoven")."""
_ORGANISATION_WORDS = frozenset(
    """laboratory laboratories university college institute institution company corporation corp inc ltd
    agency department ministry office committee council society association bank parliament court commission
    foundation organization organisation union party academy school army navy church group board service
    centre center bureau authority administration museum library hospital""".split()
)
_PLACE_WORDS = frozenset(
    """river mountain mountains mount lake sea ocean island islands street city county province kingdom empire
    republic state states valley bay coast desert forest peninsula region""".split()
)
_PRONOUN_NUMBER = {
    "it": "singular",
    "he": "singular",
    "she": "singular",
    "him": "singular",
    "they": "plural",
    "them": "plural",
    "his": "singular",
    "her": "singular",
    "its": "singular",
    "their": "plural",
}
_CONJUNCTIONS = frozenset({"and", "but", "or", "when", "while", "as", "if", "because", "until", "so"})
_DIRECTIONS = frozenset("north south east west northeast northwest southeast southwest".split())
"""Directions end a phrase ("colonial presence | north of the Caribbean")."""
_CONTRACTION = re.compile(r"n't$|'(?:re|ve|ll|d|m)$")
"""An auxiliary written short ("wasn't", "they're"): a verb, never part of a key."""
_CLEFT = re.compile(
    r"It (?:is|was) (?:only |not |also |precisely |just )?(?=(?:not until|until|in|at|on|during|after|before|through"
    r"|because|by|with|from|under|when)\b[^,]*? that\b|[A-Z][\w-]+(?: [A-Z][\w-]+)* (?:that|who)\b)"
)
"""A cleft ("It was only in 1712 that …", "It was Watt who …"): its "it" stands for nothing."""
_OPENING_PREPOSITIONS = frozenset(
    "at in on during after before by for from with under following despite upon within throughout among".split()
)
_AUXILIARIES = frozenset(
    "is are was were be been am has have had do does did will would can could may might must shall should".split()
)
_PHRASE_LINKS = frozenset(
    "in into on onto at by from with as to for under over after during through a an the its their his her".split()
)
_IRREGULAR_PARTICIPLES = frozenset("born built made found known held led kept left brought taught thought sold".split())
_ADJECTIVE_ENDING = re.compile(r"^[A-Z][a-z]{4,}(?:ic|ial|ous|ive|ful|less|able|ible)$")
"""How an English adjective the dictionary does not know ends: opening a sentence, such a word
("Macroeconomic problems consisted …", final-5) is no name; a short one may be ("Pacific"), as
may one inside a sentence ("the Atlantic")."""
_BOUND_AFTER = frozenset({"to", "together", "from", "enough"})
_PRO_VERB = re.compile(r"\b(?:do|does|did|doing|done)\s+(?:it|so)\b", re.IGNORECASE)
_WORD_OR_NAME = re.compile(r"[\w.]*\w")
REFERENCE_WORDS = frozenset({"figure", "fig", "table", "chapter", "section", "page", "note"})
_UNIT_WORD = re.compile(rf"^(?:{UNITS})$", re.IGNORECASE)
_REFERENCE = re.compile(r"(?:Figure|Fig\.|Table|Chapter|Section|page|p\.|pp\.|No\.)\s*$", re.IGNORECASE)
_NUMBER_TOKEN = re.compile(r"\d[\d.,/\-]*\d|\d")
_NAME = re.compile(rf"[A-Z][\w'\-]*(?:(?:\s+(?:{'|'.join(_NAME_JOINERS)}))?\s+[A-Z][\w'\-]*)*")
_PHRASE_WORD = re.compile(r"(?<![^\W\d_])[A-Za-z][A-Za-z\-']*(?![^\W\d_])")
"""An English word; not the English-looking part of another alphabet's word ("sto" of "stołeczne")."""
_LETTERS = re.compile(r"[^\W\d_]+(?:['’ʼ\-][^\W\d_]+)*")
"""A word in any alphabet, apostrophes and hyphens inside it ("зв’язків", "Masern-Impfung")."""
MAX_PHRASE_WORDS = 4
_DETERMINERS = frozenset("the a an its their his her this these those".split())
_OBJECTS = _DETERMINERS | frozenset("people us them him you".split())
"""After a word in -s, one of these opens its object: the word is a verb ("helps people use")."""
_PARTICLES = frozenset("back away".split())
"""Before a preposition these are adverbs of a verb ("carry the water back to the ocean")."""
_PREPOSITIONS = frozenset("in on at from with into to by for over under through".split())
_INFINITIVE = re.compile(r"\b(?:to|can|cannot|could|will|would|may|might|must|should|shall)\s+$", re.IGNORECASE)
"""Before a verb's base form: "to" and the modal verbs ("can release hundreds of litres", fresh run 3)."""
_CAUSATIVE = re.compile(r"\b(?:let|lets|letting|make|makes|made|making|help|helps|helped)\s+$", re.IGNORECASE)
"""After "let water", "make it", the next word is a verb ("let water soak in")."""
"""A word right after "to" that can be a verb is one ("too small to lower steam pressure")."""
_NOMINAL = frozenset({"NOUN", "PROPN", "ADJ", "NUM"})
_VERBS = frozenset("consists includes contains requires provides allows means remains becomes depends".split())
_VERB_ENDINGS = re.compile(
    r"(?:\w{3,}ed|\w{2,}ly|\w{4,}ing|\w+ize|\w+ise|\w+wards?|\w{3,}(?:ous|ful|ive|less|ible|able))$"
)


@dataclass(frozen=True)
class Term:
    """One occurrence of a term; `kind` groups terms that can stand for one another."""

    text: str
    kind: str
    start: int
    end: int
    language: str = "en"

    @property
    def key(self) -> str:
        """The term folded for comparison: lower case, plurals folded (lemmas outside English)."""
        return term_key(self.text, self.language)


def term_key(text: str, language: str = "en") -> str:
    """`text` folded for comparison: English plurals folded, other languages' words lemmatised,
    so "Antikörpern" and "Antikörper" are one term."""
    if language == "en":
        return " ".join(fold(word) for word in normalise_words(text))
    return " ".join(lemma(word, language) for word in normalise_words(text))


def fold(word: str) -> str:
    """A word with its plural ending removed, so "nuts" and "nut" compare equal."""
    word = word.casefold()
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 4 and word.endswith(("ses", "xes", "ches", "shes")):
        return word[:-2]
    if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    return word


def content_words(text: str) -> list[str]:
    """The folded words of `text` that carry meaning: no stopwords, no one-letter words."""
    return [fold(word) for word in normalise_words(text) if word not in STOPWORDS and len(word) > 1]


def content_lemmas(text: str, language: str) -> list[str]:
    """The lemmas of `text` that carry meaning in `language`; English uses `content_words`."""
    if language == "en":
        return content_words(text)
    words = normalise_words(text)
    return [lemma(word, language) for word in words if word not in stopwords(language) and len(word) > 1]


def number_tokens(text: str) -> list[str]:
    """Numbers as written, a hyphenated reference ("7-27") staying one token, commas dropped."""
    return [token.replace(",", "").rstrip(".") for token in _NUMBER_TOKEN.findall(text)]


def numbers(text: str, offset: int = 0) -> list[Term]:
    """Numbers with their unit; references to figures, tables and pages left out. A four-digit
    number from 1000 to 2100 is a year, unless written with a thousands comma ("about 1,500
    army troops" is a count)."""
    found = []
    for match in _NUMBER.finditer(text):
        if _REFERENCE.search(text[max(0, match.start() - 12) : match.start()]) or match.group().startswith("No."):
            continue
        unit = (match.group(2) or "").casefold()
        value = match.group(1).replace(",", "")
        if not unit and "," not in match.group(1) and len(value) == 4 and 1000 <= int(float(value)) <= 2100:
            unit = "year"
        found.append(Term(match.group().strip(), f"number:{fold(unit)}", offset + match.start(), offset + match.end()))
    return found


def names(text: str, sentence_starts: set[int], lower_words: set[str], offset: int = 0) -> list[Term]:
    """Runs of capitalised words; a lone sentence-opening word only when it never appears in lower
    case. A lone word the dictionary knows ("Act", "Houses") is a common noun written as a name,
    and a run ending in an initial ("Charles W" of "Charles W. Eliot") was cut by its full stop:
    neither is a name to ask for or to offer."""
    found = []
    for match in _NAME.finditer(text):
        parts = list(re.finditer(r"\S+", match.group()))
        if match.start() in sentence_starts and _common_word(parts[0].group(), lower_words):
            parts = parts[1:]
            while parts and parts[0].group() in _NAME_JOINERS:
                parts = parts[1:]
        if not parts:
            continue
        words, start = [part.group() for part in parts], match.start() + parts[0].start()
        lone = len(words) == 1
        if lone and (_common_word(words[0], lower_words) or words[0].casefold() in REFERENCE_WORDS):
            continue
        if lone and match.start() in sentence_starts and _ADJECTIVE_ENDING.search(words[0]):
            continue
        if len(words[-1]) < (3 if lone else 2):
            continue
        end = match.end()
        found.append(Term(text[start:end], name_kind(text[start:end]), offset + start, offset + end))
    return found


def _common_word(word: str, lower_words: set[str]) -> bool:
    """Whether a capitalised word opening a sentence is an ordinary word ("Today", "Eventually",
    "Despite"), not the start of a name: the text or the dictionary knows it in lower case."""
    folded = word.casefold()
    return folded in STOPWORDS or folded in lower_words or bool(getAllLemmas(folded))


def points_back(sentence: str) -> bool:
    """English: whether a personal pronoun of the sentence stands for something named in another
    one: "does it" or "did so" (a verb phrase said before), or "it"/"they"/"his"/"their" with no noun of its
    number before it in the sentence ("During his analysis …") ("Inside the cloud, they bump into each other"), where
    "Sunlight warms water and turns it into vapour" names what "it" is; the "it" of a cleft ("It was only in
    1712 that …") stands for nothing."""
    if _PRO_VERB.search(sentence):
        return True
    opening = _CLEFT.match(sentence).end() if _CLEFT.match(sentence) else _opening_phrase(sentence)
    words = [match.group() for match in _WORD_OR_NAME.finditer(sentence) if match.start() >= opening]
    for index, word in enumerate(words):
        number = _PRONOUN_NUMBER.get(word.casefold())
        first = opening == 0
        if number and not any(_noun_of(before, number, first and at == 0) for at, before in enumerate(words[:index])):
            return True
    return False


def _opening_phrase(sentence: str) -> int:
    """Where a phrase that opens the sentence and says nothing the pronouns after it stand for
    ends (after its comma), 0 where none does: a prepositional phrase with no verb, whose nouns are
    a time or place ("At a meeting in Albany in December 1755, he laid out …"; "After al-Nimeiry
    was overthrown, he …" is a clause that names him), or a participle phrase, which describes
    the very thing the pronoun stands for ("Long integrated into Australian society, it is …")."""
    head, comma, _ = sentence.partition(",")
    words = head.split()
    if not comma or not words:
        return 0
    if words[0].casefold() in _OPENING_PREPOSITIONS:
        return 0 if any(_verb_form(word) for word in words[1:]) else len(head) + 1
    return len(head) + 1 if _participle_opening(words) else 0


def _participle_opening(words: list[str]) -> bool:
    """Whether the words open with a participle, alone or after one adverb, that a preposition,
    article or participle follows ("Founded in 1812", "Long integrated into …", "Having won …",
    not "Heated water rises"), and hold no auxiliary: no subject comes before it, so the phrase
    is about a subject named after the comma or in another sentence."""
    folded = [word.casefold() for word in words]
    lead = 1 if len(folded) > 1 and _adverb(folded[0]) and not _participle(folded[0]) else 0
    if any(word in _AUXILIARIES for word in folded) or not _participle(folded[lead]):
        return False
    after = folded[lead + 1] if lead + 1 < len(folded) else ""
    return after in _PHRASE_LINKS or _participle(after)


def _participle(word: str) -> bool:
    if word in _IRREGULAR_PARTICIPLES:
        return True
    verb = getAllLemmas(word).get("VERB", ())
    return bool(verb) and word not in verb and word.endswith(("ed", "en", "ing"))


def _adverb(word: str) -> bool:
    lemmas = getAllLemmas(word)
    return word not in STOPWORDS and ("ADV" in lemmas or ("ADJ" in lemmas and "NOUN" not in lemmas))


def _verb_form(word: str) -> bool:
    """Whether `word` is an inflected verb ("was", "overthrown"), not a base form or an -ing noun."""
    folded = word.casefold()
    lemmas = getAllLemmas(folded)
    verb = lemmas.get("VERB", ()) + lemmas.get("AUX", ())
    return bool(verb) and folded not in verb and not folded.endswith("ing")


def _noun_of(word: str, number: str, opens: bool) -> bool:
    """Whether `word` can be a noun of `number` ("singular"/"plural"); a name or a code ("X.25")
    can be either, a bare number ("In 1943, he asked") neither."""
    if (word[:1].isupper() and not opens) or (any(char.isdigit() for char in word) and not word.isdigit()):
        return True
    lemmas = getAllLemmas(word.casefold()).get("NOUN", ())
    if not lemmas or word.casefold() in STOPWORDS:
        return False
    plural = word.casefold() not in lemmas
    return plural == (number == "plural")


def name_kind(name: str) -> str:
    """The kind of a name, so that a multiple-choice item offers names of one kind: an
    organisation ("National Physical Laboratory"), a place ("Hudson River"), a code or acronym
    ("X.25", "ARPANET"), or another name. Told by the name's last word or its letters, as no
    named-entity tagger installs offline."""
    words = name.split()
    if any(char.isdigit() for char in name) or (len(words) == 1 and name.isupper()):
        return "name:code"
    if words[-1].casefold() in _ORGANISATION_WORDS or words[0].casefold() in _ORGANISATION_WORDS:
        return "name:organisation"
    if words[-1].casefold() in _PLACE_WORDS or words[0].casefold() in _PLACE_WORDS:
        return "name:place"
    return "name"


def phrases(text: str, offset: int = 0) -> list[Term]:
    """Noun-like content phrases: runs of up to MAX_PHRASE_WORDS lower-case non-stopwords ("stop nut",
    "fiber insert"). Without a part-of-speech tagger, verbs are told by the dictionary and by
    shape: a word that can only be a verb ("gave", `only_verb`) is in no phrase; a word ending in
    -ed, -ly, -ing (longer than "spring"), -ize or an adjective ending (-ous, -ive, -able) ends
    no phrase; a word ending in -s right before an article ("keeps the") or after a singular
    noun and before a preposition ("type ranges in") is a verb, as are a few common ones
    ("consists")."""
    words = list(_PHRASE_WORD.finditer(text))
    found: list[Term] = []
    run: list[re.Match[str]] = []
    for index, match in enumerate([*words, None]):
        joined = match is not None and (not run or text[run[-1].end() : match.start()].strip() == "")
        usable = match is not None and _phrase_word(
            match.group(), words[index + 1].group() if index + 1 < len(words) else ""
        )
        if usable and joined:
            run.append(match)
            continue
        following = words[index].group() if match is not None else ""
        if len(run) > 1 and _agreeing_verb(run[-2].group(), run[-1].group(), following):
            run.pop()
        while run and _VERB_ENDINGS.match(run[-1].group()):
            run.pop()
        if run and _past_after_subject(text[: run[0].start()], run[0].group()):
            run.pop(0)
        if _inner_verb(run):
            run = []
        if len(run) > 1 and _CAUSATIVE.search(text[: run[0].start()]) and "VERB" in getAllLemmas(run[1].group()):
            run = run[:1]
        if run and _INFINITIVE.search(text[: run[0].start()]) and "VERB" in getAllLemmas(run[0].group()):
            run.pop(0)
        while run and (not can_be_noun(run[-1].group()) or _comparative(run[-1].group()) and len(run) > 1):
            run.pop()
        if run and following.casefold() in _BOUND_AFTER and _modifier(run[-1].group()):
            run.pop()
        if run and len(run) <= MAX_PHRASE_WORDS and (len(run) > 1 or len(run[0].group()) >= 5):
            found.append(
                Term(text[run[0].start() : run[-1].end()], "term", offset + run[0].start(), offset + run[-1].end())
            )
        run = [match] if usable else []
    joins = [(offset + marker.start(), offset + marker.end()) for marker in _DISCOURSE.finditer(text)]
    return [term for term in found if not any(term.start < end and start < term.end for start, end in joins)]


def _comparative(word: str) -> bool:
    """Whether an English word is an adjective's comparative or superlative ("drier" of "dry"):
    after a noun it says what the noun becomes ("makes the region drier"), not a compound."""
    folded = word.casefold()
    adjective = getAllLemmas(folded).get("ADJ", ())
    return folded.endswith(("er", "est")) and bool(adjective) and folded not in adjective


def _modifier(word: str) -> bool:
    """Whether an English word can be an adjective or adverb: before "to" or "together" it is
    one ("due to", "close together"), not the head of the phrase before it ("astronaut due")."""
    readings = getAllLemmas(word.casefold())
    return "ADJ" in readings or "ADV" in readings


def only_verb(word: str) -> bool:
    """Whether an English word can only be a verb or an adverb ("gave", "remember", "called"), by
    LemmInflect's dictionary of forms: such a word never belongs to a noun phrase. A word it does
    not know is not ruled out."""
    readings = getAllLemmas(word)
    return bool(readings) and not readings.keys() & _NOMINAL


def can_be_noun(word: str) -> bool:
    """Whether an English word can head a noun phrase by LemmInflect's dictionary: "strong",
    "gravitational" and "moving" cannot, so none is a gap or an option; a word it does not
    know (a technical term) is not ruled out."""
    readings = getAllLemmas(word.casefold())
    return not readings or "NOUN" in readings or "PROPN" in readings


def reads_as_adjective(word: str) -> bool:
    """Whether an English word can be read as an adjective ("opposite", "economy", "European"): such a word in
    place of a noun that cannot ("direction", "government") makes a sentence no one would write
    ("pulling in the same opposite")."""
    return "ADJ" in getAllLemmas(word.casefold()) or (word[:1].isupper() and _DEMONYM.search(word) is not None)


def _agreeing_verb(before: str, word: str, following: str) -> bool:
    """A singular noun, then a word in -s, then a preposition, a conjunction, "back" or an -ing
    word: the -s word is a verb ("type ranges in", "the steam escapes, warning", "vapour turns back");
    or a plural noun, then a verb's base form that is no noun's plural, then a preposition
    ("how algorithms scale with", final-5)."""
    clause_goes_on = following.casefold() in _PREPOSITIONS | _CONJUNCTIONS | _PARTICLES or following.endswith("ing")
    if not clause_goes_on:
        return False
    if before.endswith("s") and not before.endswith("ss") and not word.endswith("s"):
        return word.casefold() in getAllLemmas(word.casefold()).get("VERB", ())
    singular = not before.endswith(("s", "ed", "ing"))
    return singular and word.endswith("s") and not word.endswith("ss")


def _past_after_subject(before: str, word: str) -> bool:
    """Whether a word in -ed that opens the run is the verb of a subject just named: a name or a
    bracket closes right before it ("James Bryant Conant (president, 1933–1953) reinvigorated
    creative scholarship", final-5); "Renewed religious warfare" opening a sentence stays."""
    if not word.endswith("ed") or "NOUN" in getAllLemmas(word.casefold()):
        return False
    last = before.rstrip()
    return last.endswith(")") or bool(re.search(r"(?:^|\s)[A-Z][\w'-]*$", last)) and len(last.split()) > 1


def _inner_verb(run: list[re.Match[str]]) -> bool:
    """Whether a word in -s inside the run, not its last, can be a verb: a plural noun seldom
    stands before another noun, a verb often does, and which of the two it is cannot be told
    without a tagger ("Irrigation moves huge amounts", "car parks stop rain"), so the run gives
    no phrase."""
    return any(
        match.group().endswith("s") and not match.group().endswith("ss") and "VERB" in getAllLemmas(match.group())
        for match in run[:-1]
    )


def _phrase_word(word: str, following: str) -> bool:
    if not word.islower() or word in STOPWORDS or word in _VERBS or _UNIT_WORD.match(word) or only_verb(word):
        return False
    if _CONTRACTION.search(word) or word in _DIRECTIONS:
        return False
    if word in _PARTICLES and following.casefold() in _PREPOSITIONS:
        return False
    return not (word.endswith("s") and following.casefold() in _OBJECTS and len(word) > 3)


def inflected_terms(text: str, language: str, offset: int = 0) -> list[Term]:
    """Whole noun phrases of one sentence in a language other than English: a German noun
    (capitalised inside the sentence, compounds whole), elsewhere a noun with the adjectives just
    before it ("nervová soustava", "соціальна поведінка"); and names, the capitalised words inside
    a sentence of a language that capitalises only names. Never a fragment, function word or verb."""
    found: list[Term] = []
    adjectives: list[re.Match[str]] = []
    previous_end = -1
    for index, match in enumerate(_LETTERS.finditer(text)):
        word = match.group()
        if index and word[:1].isupper() and language not in CAPITALISED_NOUNS:
            if len(word) >= 3 and not word.isupper():
                found.append(Term(word, "name", offset + match.start(), offset + match.end(), language))
            adjectives = []
            continue
        kind = word_class(word, language, opens_sentence=index == 0)
        if previous_end >= 0 and text[previous_end : match.start()].strip():
            adjectives = []
        previous_end = match.end()
        if kind == "noun":
            phrase = [] if language in CAPITALISED_NOUNS else adjectives[-(MAX_PHRASE_WORDS - 1) :]
            start = (phrase[0] if phrase else match).start()
            if phrase or len(word) >= 5:
                found.append(Term(text[start : match.end()], "term", offset + start, offset + match.end(), language))
            adjectives = []
        else:
            adjectives = [*adjectives, match] if kind == "adjective" else []
    return found


def grounded(answer: str, passage: str) -> list[str]:
    """What of `answer` the passage does not hold: numbers not there as whole numbers, and content
    words not there (plurals folded); empty when the answer is grounded."""
    missing = [number for number in number_tokens(answer) if number not in set(number_tokens(passage))]
    passage_words = set(content_words(passage))
    answer_words = [word for word in content_words(answer) if not word[0].isdigit()]
    missing.extend(word for word in answer_words if word not in passage_words and not _unit_spelled(word, passage))
    return missing


def _unit_spelled(word: str, passage: str) -> bool:
    """A unit written as a symbol in the passage ("%" for "percent")."""
    return word in ("percent", "per") and "%" in passage
