"""The floor's true/false items: the sentence itself, or the same sentence with one fact changed.

A statement is always the whole sentence, subject and context kept. A false one changes one fact
the way a reader recognises as false, in this order: a number or year for another of the same
format and magnitude ("97 percent" / "77 percent", "1562" / "1568"); a word for its opposite
(resources/floor/opposites.toml: "heats" / "cools", "erwärmt" / "kühlt", "více" / "méně"; a
sentence holding both words of a pair gets them exchanged); the other term of a pair the text
contrasts, a term of the key's kind that the sentences around it name ("Tröpfchen" / "Tropfen");
a term of the key's kind from elsewhere in the material; last, the verb negated as the language
does it (English and German by their auxiliaries, Czech and Slovak by the prefix "ne", Ukrainian
by the particle "не"). Every change keeps the grammar: a number keeps the form its noun needs (no
"1" made "2" before "hour", no Czech "4 roky" made "5 roky"), an opposite keeps its endings, a
swapped term takes the key's inflection (TermBank.distractors), number, article and preposition
(`_fits`), and an English "a" becomes "an" where the new word asks for it.

Each statement is read against its sentence by the shipped NLI model, one pair per statement
tried (and once the sentence against itself): a false one counts only when the model reads a
contradiction, at the language's cut and ABOVE_ITSELF more than the sentence gets against
itself; a true one only when it reads an entailment (TRUE_HOLDS); an item that fails is not
made. The model was measured in English, German and Czech; elsewhere only changes false by
construction are made (a number, an opposite, a negation), unread. A sentence that already
denies something gets only its negation removed, and no multiple choice: a swapped term or a
distractor would be as true as the key.
"""

import datetime
import functools
import random
import re
import tomllib
from collections.abc import Callable, Iterator

from lemminflect import getAllLemmas, getInflection

from sensemaking_desktop import paths
from sensemaking_desktop.quizzes.model import Question, QuestionKind, Source
from sensemaking_desktop.roles.floor_sentences import Phrases, phrases_for
from sensemaking_desktop.roles.floor_terms import ARTICLES, Candidate, TermBank, same_slot, written_after
from sensemaking_desktop.roles.question_checks import STATEMENT_HOLDS
from sensemaking_desktop.text.cross_encoder import nli_model
from sensemaking_desktop.text.lexicon import CAPITALISED_NOUNS, MORPHOLOGY, inflections, is_verb, lemma, stopwords
from sensemaking_desktop.text.terms import can_be_noun, numbers, only_verb, term_key

FALSE_HOLDS = {"en": STATEMENT_HOLDS, "de": STATEMENT_HOLDS, "cs": STATEMENT_HOLDS}
"""The NLI probability of contradiction a false statement must reach against its sentence, in the
languages where the model was measured; elsewhere only changes false by construction are made
(a number, an opposite, a negation), never a swapped term, which may leave the statement true.
Contradiction, not "no entailment": the model reads 21 % of German sentences (83 of 400 from
RTE3-DE) and 7 % of English ones (21 of 319 from SQuAD) as not entailing themselves."""
ABOVE_ITSELF = 0.2
"""How much more contradiction a false statement must get than the sentence gets against itself.
The model reads some sentences as contradicting themselves (80 of those 400 German ones at 0.5 or
more, "Das ganze Gebiet, aus dem ..." 0.68; English "Water keeps changing its form ..." 0.71),
and there any change passes the plain cut, a still-true or broken one too ("... but the whole area
of water on Earth stays almost the same"). Over the bundled samples, the FAA page and three SQuAD
articles it kept 12 of 13 changed numbers, 17 of 27 English opposites (the plain cut: 20) and every
negation, and no sentence left unchanged (the plain cut: 2 of 79 English, 11 of 49 German)."""
TRUE_HOLDS = {"en": STATEMENT_HOLDS, "de": 0.25, "cs": 0.25}
"""The NLI probability of entailment a true statement (the sentence itself) must reach. English
takes the question checks' cut, which would drop the item anyway (7 % of sentences fail it); the
model reads German and Czech sentences against themselves lower (under 0.5: 21 % of the RTE3-DE
ones; under 0.25: 6 %; at the least 0.28 and 0.38 over the German and Czech samples)."""
SLAVIC = frozenset({"cs", "sk", "uk", "pl", "ru"})
"""Languages whose nouns take another form after 2-4 than after 5 and more."""
MIN_YEAR_SHIFT, MAX_YEAR_SHIFT = 3, 12
LAST_DAY = 28
"""The highest day a changed day of the month may take: every month has it ("am 51. April" has none)."""
NEARBY = 300
"""How many characters before and after a sentence count as around it, for a contrasted term."""
PAIR_CANDIDATES = 9
"""The key's nearest distractors looked at for one the sentences around it name."""
_NUMBER_TOKEN = re.compile(r"\d{1,3}(?:,\d{3})+|\d+(?:[.,]\d+)?")
_ARTICLE_BEFORE = re.compile(r"\b(a|an)\s+$", re.IGNORECASE)
_RANGE_WORD = r"\s*(?:to|and|bis|und|до|і|й|až|a|–|-)\s*"
_RANGE_FROM = re.compile(r"(\d[\d,]*)" + _RANGE_WORD + "$")
_RANGE_TO = re.compile(r"^" + _RANGE_WORD + r"(\d[\d,]*)")
"""A number that ends or starts a range ("articles 28 to 37", "von 1905 bis 1914", "1–4")."""
_WORD = re.compile(r"[^\W\d_]+")
_GERMAN_DETERMINERS = frozenset(
    "der die das den dem des ein eine einen einem einer eines kein keine keinen keinem keiner keines "
    "dieser diese dieses diesen diesem jeder jede jedes jeden jedem zum zur vom im am beim ins".split()
)
_GERMAN_ENDINGS = ("e", "en", "er", "es", "em")
_OBJECT = re.compile(r"\s+(?:the|a|an|them|it|its|their|his|her|him|us|this|these|those)\b", re.IGNORECASE)
_PLURAL_NEXT = re.compile(r"\s+[a-z]+[^s']s\b")
_NEXT_WORD = re.compile(r"\s+([^\W\d_]+)")
_CZECH_NUMERALS = frozenset({"dva", "dvě", "tři", "čtyři", "oba", "obě"})
"""Czech numerals that set their noun's case ("dvě předsíně", never "dvě stěně")."""
_VOCALISED = frozenset({"v", "ve", "k", "ke", "s", "se", "z", "ze"})
_PERCENT = frozenset({"percent", "per cent", "%", "prozent", "procent", "procenta", "відсотків", "відсотки"})

_NEGATIONS = (
    (r"\b(is|are|was|were|can|could|must|should|will|would|does|do|did|has|have) not\b", r"\1"),
    (r"\bcannot\b", "can"),
)
_AFFIRMATIONS = (
    (r"\b([Tt]here (?:is|are|was|were)) (?!(?:a|an|the|not|no|many|much|some|several|few|all|\d+)\b)", r"\1 no "),
    (r"\b(is|are|was|were|must|should|will|would)\b", r"\1 not"),
    (r"\bcan\b", "cannot"),
)
"""English negations removed, then (in a sentence that denies nothing) a verb negated, "there is"
before a bare noun with "no" ("There is no criticism", never "There is not criticism"); not
"may": "the running time may not depend on the instance" does not contradict "the running time
may depend on the instance"."""
_SOME = re.compile(r"(?:some|many|several|few|much|most|part)\b", re.IGNORECASE)
"""An English sentence about some of a thing: "Some of the income was not dispensed as aid" does
not contradict "Some of the income was dispensed as aid", so no false statement is made by negation."""
_SUBORDINATE = re.compile(
    r"\b(?:that|if|unless|which|who|whom|whose|whether|because|although|though|when|while|where)\b", re.IGNORECASE
)
"""An English negation made or removed after one of these words changes a clause inside the
sentence, where a reader cannot find it: "The argument that Belgians would believe it was butter
if it was cube shaped was disproportionate" read as the false form of "… if it was not cube
shaped …" (final-4). The verb of the main clause is negated instead, where a rule finds one
before them ("Tension forces cannot be modeled using ideal strings that are massless")."""
_BOTH_WAYS = re.compile(r"\b(can|do|does|is|are|will) (?:and|or) \1 ?not\b|\b(can) (?:and|or) cannot\b", re.I)
"""An English sentence saying both ways ("what computers can and cannot do"): dropping its "not"
writes "can and can"."""
_DO_NOT = re.compile(r"\b(do|does|did) not ((?:[a-z]+ly )*)([a-z]+)\b", re.IGNORECASE)
""""does not (directly) attack": the verb after "not" and any adverbs in -ly before it."""
_GERMAN_NEGATIONS = (
    (r"\b(ist|sind|war|waren|wird|werden) nicht\b", r"\1"),
    (r"\b(ist|sind|war|waren|wird|werden) k(ein|eine|einen|einem|einer|eines)\b", r"\1 \2"),
)
_GERMAN_AFFIRMATIONS = ((r"\b(ist|sind|war|waren|wird|werden) (ein|eine|einen|einem|einer|eines)\b", r"\1 k\2"),)
_VERB_NEGATIONS = {"en": (_NEGATIONS, _AFFIRMATIONS), "de": (_GERMAN_NEGATIONS, _GERMAN_AFFIRMATIONS)}
_UKRAINIAN_PREDICATES = {
    "є": "не є",
    "можна": "не можна",
    "треба": "не треба",
    "може": "не може",
    "можуть": "не можуть",
    "потрібно": "не потрібно",
    "повинен": "не повинен",
    "повинна": "не повинна",
    "повинне": "не повинне",
    "повинні": "не повинні",
}
_INFINITIVE_ENDINGS = ("ти", "тися", "тись")
"""How a Ukrainian infinitive ends: it is negated only through the word it depends on ("повинне
оновлюватися" / "не повинне оновлюватися", never "повинне не оновлюватися")."""
_UKRAINIAN_PLACE = re.compile(r"(?:У|В|Усередині|На|Серед|Між|Поміж)\s")
"""A Ukrainian sentence opening with where something is ("У листках є …", "Серед молюсків є
рослиноїдні …", final-5): its "є" says that something exists there."""
_CZECH_BE = {"je": "není", "jsou": "nejsou", "není": "je", "nejsou": "jsou", "jsme": "nejsme", "byl": "nebyl"}


def true_or_false(
    candidate: Candidate, bank: TermBank, material: str, rng: random.Random, source: Source
) -> Question | None:
    """The sentence as a true statement, or (half the time, when a faithful change exists) a false
    one; None when the NLI model does not read the sentence as entailing itself."""
    text = " ".join(candidate.sentence.text.split())
    itself = functools.cache(lambda: _reading(text, text))
    if rng.random() < 0.5:
        changed = _contradiction(candidate, bank, material, itself)
        if changed is not None:
            statement, how = changed
            feedback = phrases_for(bank.language).false_feedback.format(text=text, how=how)
            return Question(
                kind=QuestionKind.TRUE_FALSE, text=statement, reference_answer="false", feedback=feedback, source=source
            )
    cut = TRUE_HOLDS.get(bank.language)
    if cut is not None and itself()[0] < cut:
        return None
    return Question(kind=QuestionKind.TRUE_FALSE, text=text, reference_answer="true", source=source)


def _contradiction(
    candidate: Candidate, bank: TermBank, material: str, itself: Callable[[], tuple[float, float, float]]
) -> tuple[str, str] | None:
    """The first change of the sentence (in `_changes`' order) that the sentence contradicts; in a
    language with no measured cut, the first change false by construction."""
    text = " ".join(candidate.sentence.text.split())
    measured = bank.language in FALSE_HOLDS
    for statement, how in _changes(candidate, bank, material, text, swaps=measured):
        if not measured or contradicted(text, statement, bank.language, itself()):
            return statement, how
    return None


def contradicted(sentence: str, statement: str, language: str, itself: tuple[float, float, float]) -> bool:
    """Whether the NLI model reads `sentence` as contradicting `statement`: at least the language's
    cut, and ABOVE_ITSELF more than `itself`, the sentence's reading of itself."""
    contradiction = _reading(sentence, statement)[2]
    return contradiction >= FALSE_HOLDS[language] and contradiction - itself[2] >= ABOVE_ITSELF


def _reading(premise: str, statement: str) -> tuple[float, float, float]:
    """The NLI model's entailment, neutral and contradiction probabilities of `statement` given `premise`."""
    entailment, neutral, contradiction = nli_model().probabilities([(premise, statement)], batch_size=1)[0]
    return float(entailment), float(neutral), float(contradiction)


def _changes(
    candidate: Candidate, bank: TermBank, material: str, text: str, *, swaps: bool
) -> Iterator[tuple[str, str]]:
    """The false statements the sentence allows, each once, with how it was made: a number, an
    opposite, a contrasted term (when `swaps`), then the verb negated. A term from elsewhere in
    the material is never swapped in: readers found those statements odd rather than false ("the
    traditional name or sometimes the North American", "Harvard's selective universities operate
    on a semester calendar"). A sentence that denies something gets only its negation removed."""
    words = phrases_for(bank.language)
    language = bank.language
    makers: list[Callable[[], list[tuple[str, str, str]]]] = [
        lambda: _numbers_changed(text, language),
        lambda: _opposites(text, language),
    ]
    if swaps:
        makers.append(lambda: _contrasted(candidate, bank, material, text))
    seen = {text}
    for make in makers if not denies(text, words) else []:
        for statement, new, old in make():
            if statement not in seen:
                seen.add(statement)
                yield statement, words.swapped.format(new=new, old=old)
    negated = negate(text, bank.language)
    if negated is not None and negated not in seen:
        seen.add(negated)
        yield negated, words.negated


def _numbers_changed(text: str, language: str) -> list[tuple[str, str, str]]:
    """The sentence with one of its numbers changed, as (statement, new, old): a year moved by a
    few years, another number given another leading digit, so it keeps its digits and format. Not
    a number after a name ("Boeing 747") or after "a"/"an", whose article the new number may not
    take. The new number is drawn by the sentence, so the same sentence always gets the same one."""
    rng = random.Random(text)
    changed = []
    for term in numbers(text):
        token = _NUMBER_TOKEN.match(term.text)
        before = text[: term.start]
        if token is None or "/" in term.text or _ARTICLE_BEFORE.search(before) or _after_name(before, language):
            continue
        if _CONVERSION.search(before):
            continue
        unit = term.kind.removeprefix("number:")
        day = _day_of_month(text, term.start, term.start + token.end(), language)
        other = _other_number(token.group(), unit, language, rng, highest=LAST_DAY if day else None)
        end = term.start + token.end()
        if other is not None and _keeps_range(before, text[end:], other):
            changed.append((text[: term.start] + other + text[end:], other, token.group()))
    return changed + _number_words_changed(text, language, rng)


_OR_MORE = re.compile(r"\b(?:or|and) (?:more|less|fewer)$", re.IGNORECASE)
""""one or more", "two or less": an amount left open, whose "more" has no opposite a reader
takes for a claim ("enters one or less subsequent cylinders", final-6)."""
_CONVERSION = re.compile(r"\d[\d.,]*[\s-]*[^\W\d_]*\s*\($")
"""A number in brackets right after another with its unit: the same amount in other units
("209-acre (85 ha)", "3 miles (5 km)"), which no reader can tell changed (final-5)."""


def _keeps_range(before: str, after: str, new: str) -> bool:
    """Whether `new` keeps the range it is part of in order: "articles 48 to 37" is false in a way
    no reader takes for a claim, only for a misprint."""
    low, high = _RANGE_FROM.search(before), _RANGE_TO.match(after)
    value = _value(new)
    if low and value <= _value(low.group(1)):
        return False
    return not (high and value >= _value(high.group(1)))


def _value(number: str) -> float:
    return float(number.replace(",", ""))


def _number_words_changed(text: str, language: str, rng: random.Random) -> list[tuple[str, str, str]]:
    """The sentence with a number written as a word changed to a near one ("two million" / "four
    million"), from the language's list in opposites.toml: words that take no ending, so not in
    Czech or Ukrainian, where "dva"/"dvě" follow their noun's gender and case. Never "one", before
    which the noun is singular, and never after "a"/"an"."""
    words = [word.casefold() for word in _opposites_table().get(language, {}).get("numbers", [])]
    changed = []
    for index, match in enumerate(_WORD.finditer(text)):
        word = match.group()
        inside_a_name = index > 0 and word[:1].isupper()
        if word.casefold() not in words or inside_a_name or _ARTICLE_BEFORE.search(text[: match.start()]):
            continue
        at = words.index(word.casefold())
        near = [other for other in words if other != words[at] and abs(words.index(other) - at) <= 3]
        other = rng.choice(near)
        changed.append((_put(text, match.start(), match.end(), other, language), other, word))
    return changed


def _day_of_month(text: str, start: int, end: int, language: str) -> bool:
    """Whether the number at text[start:end] is a day of a month: a month's name (opposites.toml's
    `months`) stands right after it ("21. April", "21 квітня") or right before it ("April 21")."""
    months = {month.casefold() for month in _opposites_table().get(language, {}).get("months", [])}
    after = _WORD.search(text, end)
    before = _WORD.findall(text[:start])[-1:]
    after_it = after is not None and not text[end : after.start()].strip(". ") and after.group().casefold() in months
    return after_it or (bool(before) and before[0].casefold() in months and not text[:start].rstrip().endswith(","))


def _after_name(before: str, language: str) -> bool:
    """Whether the word before a number is a capitalised word inside the sentence, so the number is
    part of a name ("Apollo 11"); not in German, which capitalises every noun ("im Jahr 2002")."""
    words = before.split()
    return language not in CAPITALISED_NOUNS and len(words) > 1 and words[-1][:1].isupper()


def _other_number(token: str, unit: str, language: str, rng: random.Random, highest: float | None = None) -> str | None:
    """Another number of the same format and magnitude, or None where any change could break the
    grammar: "1" (a singular noun follows) and, in Slavic languages, where the noun's form depends
    on the number ("4 roky", "5 let": 2-4 stay 2-4, 5-9 stay 5-9, and 10-19 are left alone). Never
    above `highest` (a day of the month) nor, for a percentage, above 100. A "year" written with a
    comma ("about 1,500 army troops") is a count, and changed as one."""
    if unit == "year" and token.isdigit():
        year = int(token)
        shift = rng.randint(MIN_YEAR_SHIFT, MAX_YEAR_SHIFT)
        return str(year - shift if year + shift > datetime.date.today().year else year + shift)
    plain = token.isdigit()
    if plain and int(token) < 2:
        return None
    at = next(index for index, char in enumerate(token) if char in "123456789")
    digit = int(token[at])
    if plain and len(token) == 1:
        choices = range(2, 10)
        if language in SLAVIC:
            choices = range(2, 5) if digit < 5 else range(5, 10)
    elif plain and len(token) == 2 and language in SLAVIC:
        choices = range(2, 10) if digit > 1 else range(0)
    else:
        choices = range(1, 10)
    others = [token[:at] + str(new) + token[at + 1 :] for new in choices if new != digit and abs(new - digit) <= 3]
    if unit in _PERCENT:
        highest = 100
    if highest is not None:
        others = [other for other in others if float(other.replace(",", "")) <= highest]
    return rng.choice(others) if others else None


def _opposites(text: str, language: str) -> list[tuple[str, str, str]]:
    """The sentence with a word for its opposite, as (statement, new, old); where the sentence
    holds both words of a pair, the two exchanged ("levé komory ... pravé komory"). A capitalised
    word inside the sentence is part of a name ("North Sea") or, in German, a noun, and is kept."""
    table = _opposite_words(language)
    found = [
        match
        for index, match in enumerate(_WORD.finditer(text))
        if match.group().casefold() in table and (index == 0 or not match.group()[:1].isupper())
    ]
    changed = []
    for match in found:
        partner = table[match.group().casefold()]
        if language == "en" and _OR_MORE.search(text[: match.end()]):
            continue
        if language == "en" and partner == "less" and _PLURAL_NEXT.match(text, match.end()):
            partner = "fewer"
        other = next((each for each in found if each.group().casefold() == partner), None)
        if other is None:
            if _vocalised_fits(text[: match.start()], match.group(), partner, language):
                changed.append((_put(text, match.start(), match.end(), partner, language), partner, match.group()))
            continue
        first, second = sorted((match, other), key=lambda each: each.start())
        statement = _exchange(text, (first.start(), first.end()), (second.start(), second.end()), language)
        changed.append((statement, partner, match.group()))
    return changed


@functools.cache
def _opposite_words(language: str) -> dict[str, str]:
    """Each opposite word of `language` (resources/floor/opposites.toml), casefolded, with its partner."""
    entry = _opposites_table().get(language, {})
    endings = entry.get("endings", {})
    table: dict[str, str] = {}
    for pair in entry.get("pairs", []):
        first, second, *kind = pair.split()
        for ending in endings[kind[0]] if kind else [""]:
            table.setdefault(first + ending, second + ending)
            table.setdefault(second + ending, first + ending)
    return table


@functools.cache
def _opposites_table() -> dict:
    return tomllib.loads((paths.resources_dir() / "floor" / "opposites.toml").read_text(encoding="utf-8"))


def _contrasted(candidate: Candidate, bank: TermBank, material: str, text: str) -> list[tuple[str, str, str]]:
    """The key swapped for the nearest term of its kind (a distractor of it) that the sentences
    around it name: the other of a pair the text contrasts ("Die Tropfen in einer Wolke sind zu
    klein" where the next sentences tell droplets from drops), as (statement, new, old)."""
    sentence = candidate.sentence
    before, after = material[max(0, sentence.start - NEARBY) : sentence.start], material[sentence.end :][:NEARBY]
    around = f"{before} {after}"
    near = {term_key(word.group(), bank.language) for word in _WORD.finditer(around)}
    offered = _of_its_place(
        candidate, bank.distractors(candidate.term, text, material, count=PAIR_CANDIDATES), material
    )
    kin = [other for other in offered if set(term_key(other, bank.language).split()) <= near]
    return _replaced(candidate, text, kin, material, bank.language)[:1]


def _of_its_place(candidate: Candidate, offered: list[str], material: str) -> list[str]:
    """A name, or a term after an article, is swapped only for one the material puts where the key
    stands (floor_terms.same_slot): "Seven Years' War" never becomes "the North American", nor
    "developed an image" "developed an eighteenth century"."""
    if candidate.term.kind.startswith("name") or _after_article(candidate):
        return same_slot(candidate, offered, material)
    return offered


def _after_article(candidate: Candidate) -> bool:
    """Whether an article stands right before the key, so the verb before it must take the new term."""
    before = candidate.sentence.text[: candidate.term.start - candidate.sentence.start].split()
    return bool(before) and before[-1].casefold() in ARTICLES


def _replaced(
    candidate: Candidate, text: str, others: list[str], material: str, language: str
) -> list[tuple[str, str, str]]:
    """The sentence with its key replaced by each of `others` that fits the key's place, as
    (statement, new, old)."""
    key = " ".join(candidate.term.text.split())
    at = _find(text, key)
    if at is None or language == "en" and not _english_noun_phrase(key, text[at[1] :]):
        return []
    changed = []
    for other in (" ".join(other.split()) for other in others):
        if _fits(text[: at[0]], key, other, material, language):
            changed.append((_put(text, *at, other, language), other, key))
    return changed


def _english_noun_phrase(term: str, after: str = "") -> bool:
    """Whether an English term reads as a noun phrase in its place: no word inside it is a verb in
    -s ("pulls rain", "windy weather makes evaporation") and no object follows it ("gravity pulls
    them"), whose swap leaves a sentence without its verb ("Gravity water back and snow down"); a
    one-word term does not modify a noun after it ("French crown", "Norse-speaking ruling class"),
    where a noun swapped in reads wrong ("Italy crown"); and no word of it is cut ("langue d" of
    "langue d'oïl", "villes de" of "villes de sûreté")."""
    words = term.split()
    if any(len(word) == 1 and word.islower() for word in words) or len(words[-1]) <= 2 and words[-1].islower():
        return False
    following = _NEXT_WORD.match(after)
    modifies = " " not in term and following is not None and following.group(1).islower()
    if _OBJECT.match(after) or modifies and can_be_noun(following.group(1)) and not only_verb(following.group(1)):
        return False
    return not any(word.endswith("s") and "VERB" in getAllLemmas(word.casefold()) for word in words[:-1])


def _fits(before: str, key: str, other: str, material: str, language: str) -> bool:
    """Whether `other` can take the key's place after the words `before` it: not a compound whose
    head is the key, nor the key's head ("Oberflächenabfluss" for "Abfluss": a kind of it, so the
    statement stays true); in English a noun phrase of the key's number; in German after an article
    or a declined adjective, and in Czech after a numeral, only as the material writes it there
    ("Das Abholzen", not "Das Boden"; "dvě předsíně", not "dvě stěně"); in Czech and Slovak not
    after a preposition whose form the first letter sets."""
    if key.casefold().endswith(other.casefold()) or other.casefold().endswith(key.casefold()):
        return False
    if language == "en":
        return _english_noun_phrase(other) and key.endswith("s") == other.endswith("s")
    if not _vocalised_fits(before, key, other, language):
        return False
    previous = before.split()[-1:]
    if previous and previous[0].casefold() in _CZECH_NUMERALS and language in ("cs", "sk"):
        return written_after(previous[0], other, material)
    if language not in CAPITALISED_NOUNS or not previous:
        return True
    word = previous[0].strip(",;:()").casefold()
    declined = word in _GERMAN_DETERMINERS or (
        previous[0].islower() and word not in stopwords(language) and word.endswith(_GERMAN_ENDINGS)
    )
    return not declined or written_after(word, other, material)


def _vocalised_fits(before: str, old: str, new: str, language: str) -> bool:
    """Whether `new` may follow the words before `old`: Czech and Slovak write "ve", "ke", "se",
    "ze" or "v", "k", "s", "z" by the next word's first letters ("ve velkých", "v malých"), so a word
    there keeps its first letter."""
    previous = before.split()[-1:]
    if language not in ("cs", "sk") or not previous or previous[0].casefold() not in _VOCALISED:
        return True
    return old[:1].casefold() == new[:1].casefold()


def _find(text: str, phrase: str) -> tuple[int, int] | None:
    """Where `phrase` first stands in `text` as whole words."""
    match = re.search(rf"(?<!\w){re.escape(phrase)}(?!\w)", text)
    return (match.start(), match.end()) if match else None


def _exchange(text: str, first: tuple[int, int], second: tuple[int, int], language: str) -> str:
    """`text` with the common words at `first` and `second` (first before second) in each other's
    places, in lower case but for the sentence's first word ("Kaltes ... warmes", not "... Warmes")."""
    one, two = text[first[0] : first[1]].casefold(), text[second[0] : second[1]].casefold()
    swapped = _put(text, second[0], second[1], one, language)
    return _put(swapped, first[0], first[1], two, language)


def _put(text: str, start: int, end: int, new: str, language: str) -> str:
    """`text` with `new` in place of `text[start:end]`, capitalised as the sentence's first word or
    lower-cased where a common word moves inside the sentence (not in German, whose nouns are
    capitalised, nor an acronym or name); an English "a"/"an" before it made to fit."""
    if start == 0:
        new = new[:1].upper() + new[1:]
    elif (
        language not in CAPITALISED_NOUNS and new[:1].isupper() and new[1:2].islower() and text[start:end][:1].islower()
    ):
        new = new[:1].lower() + new[1:]
    before = text[:start]
    if language == "en" and (article := _ARTICLE_BEFORE.search(before)):
        wanted = "an" if new[:1].casefold() in "aeiou" else "a"
        if article.group(1)[:1].isupper():
            wanted = wanted.capitalize()
        before = before[: article.start(1)] + wanted + before[article.end(1) :]
    return before + new + text[end:]


def denies(text: str, words: Phrases) -> bool:
    """Whether the sentence denies something: then a distractor in the gap ("breeds are not
    _____": "predators") or a swapped term is as true as the key, so neither is offered."""
    return words.negation is not None and words.negation.search(text) is not None


def negate(text: str, language: str) -> str | None:
    """`text` with its first verb negated, or an existing negation removed; None where the
    language's rules here find no verb to negate (then no false statement is made), or where the
    sentence denies something with no negation to remove ("as if there were no gravitation"
    negated at "were" would deny twice: "were not no gravitation")."""
    if language == "en" and (_SOME.match(text) or _BOTH_WAYS.search(text)):
        return None
    if language == "en" and (affirmed := _affirm_english(text)):
        return affirmed
    if language in ("en", "de"):
        removals, additions = _VERB_NEGATIONS[language]
        for pattern, replacement in removals if denies(text, phrases_for(language)) else (*removals, *additions):
            match = re.search(pattern, text)
            if match is not None and not (language == "en" and _SUBORDINATE.search(text, 0, match.start())):
                return text[: match.start()] + match.expand(replacement) + text[match.end() :]
        return None
    if language in ("cs", "sk"):
        return _negate_by_prefix(text, language)
    if language == "uk":
        return _negate_by_particle(text, language)
    return None


def _affirm_english(text: str) -> str | None:
    """An English "does not define any" as "defines some": dropping "not" alone leaves "does
    define any", which no one writes; None where the sentence has no "do not" to drop."""
    match = _DO_NOT.search(text)
    if match is None:
        return None
    tag = {"do": "VBP", "does": "VBZ", "did": "VBD"}[match.group(1).casefold()]
    forms = getInflection(match.group(3), tag=tag)
    if not forms:
        return None
    rest = re.sub(r"\bany\b", "some", text[match.end() :], count=1)
    return text[: match.start()] + match.group(2) + forms[0] + rest


def _first_verb(text: str, language: str, also: frozenset[str] = frozenset(), start: int = 0) -> re.Match[str] | None:
    """The first lower-case word that is a verb or in `also`: predicates the lexicon may not call
    verbs ("je", "можна") but that are negated as verbs are. Where a morphological dictionary tells
    nouns, a word it reads as a noun is none ("кількість", whose "-ть" looks like a verb's)."""
    for match in _WORD.finditer(text, start):
        word = match.group()
        if not word.islower() or word not in also and not is_verb(word, language):
            continue
        if word in also or language not in MORPHOLOGY or not inflections(word, language):
            return match
    return None


def _negate_by_prefix(text: str, language: str) -> str | None:
    """Czech and Slovak write "ne" as part of the verb: "řídí" / "neřídí", "je" / "není"."""
    verb = _first_verb(text, language, frozenset(_CZECH_BE))
    following = _NEXT_WORD.match(text, verb.end()) if verb is not None and verb.group() == "je" else None
    if following is not None and (
        is_verb(following.group(1), language) or lemma(following.group(1), language) == "moci"
    ):
        verb = _WORD.match(text, following.start(1))  # "je" is "them" before a verb: "Lékař je může zaznamenat"
    if verb is None:
        return None
    word = verb.group()
    if word in _CZECH_BE:
        changed = _CZECH_BE[word]
    elif word.startswith("ne") and not lemma(word, language).startswith("ne"):
        changed = word[2:]
    else:
        changed = "ne" + word
    return text[: verb.start()] + changed + text[verb.end() :]


def _negate_by_particle(text: str, language: str) -> str | None:
    """Ukrainian puts "не" before the verb: "вивчає" / "не вивчає", "є" / "не є". None where the
    sentence already denies something (without its "не", "не має справжнього початку" keeps the
    genitive only a denial takes; a second "не" denies twice), or where "є" says that something
    is somewhere ("У листках є отвори", whose denial is "немає отворів"). An infinitive is not the
    verb negated: in "Слід зазначити, що медузи мають …" what is said is ("не мають"), in "повинне
    оновлюватися" the word it depends on ("не повинне")."""
    if denies(text, phrases_for(language)):
        return None
    predicates = frozenset(_UKRAINIAN_PREDICATES)
    verb = _first_verb(text, language, predicates)
    while verb is not None and verb.group().endswith(_INFINITIVE_ENDINGS) and verb.group() not in predicates:
        verb = _first_verb(text, language, predicates, verb.end())
    if verb is None or verb.group() == "є" and _UKRAINIAN_PLACE.match(text):
        return None
    negated = _UKRAINIAN_PREDICATES.get(verb.group(), f"не {verb.group()}")
    return text[: verb.start()] + negated + text[verb.end() :]
