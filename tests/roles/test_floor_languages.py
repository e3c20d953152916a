"""The floor in German, Czech and Ukrainian: stems in the material's language, whole terms as
gaps, no page furniture, and false statements that stay grammatical (issue 36)."""

import re

import pytest

from sensemaking_desktop.quizzes.model import GAP, QuestionKind
from sensemaking_desktop.roles.floor import floor_items
from sensemaking_desktop.roles.floor_sentences import phrases_for, usable_sentences
from sensemaking_desktop.roles.floor_statements import negate
from sensemaking_desktop.roles.floor_terms import _abbreviates
from sensemaking_desktop.text.embeddings import default_embedder
from sensemaking_desktop.text.lexicon import agrees, stopwords, word_class
from sensemaking_desktop.text.sentences import sentence_bounds

KINDS = [QuestionKind.MULTIPLE_CHOICE, QuestionKind.TRUE_FALSE, QuestionKind.CLOZE]

GERMAN = """Die Photosynthese findet in den Chloroplasten der grünen Pflanzenzellen statt.
Der grüne Farbstoff Chlorophyll nimmt das Sonnenlicht auf und wandelt seine Energie um.
Aus Kohlendioxid und Wasser stellt die Pflanze mit dieser Energie Traubenzucker her.
Als Nebenprodukt der Photosynthese gibt die Pflanze Sauerstoff an die Luft ab.
Das Kohlendioxid gelangt durch winzige Spaltöffnungen an der Blattunterseite in das Blatt.
Das Wasser nehmen die Wurzeln aus dem Boden auf und leiten es über den Stängel nach oben.
Einen Teil des Traubenzuckers wandelt die Pflanze in Stärke um und speichert ihn in den Knollen.
Ohne die Photosynthese der Pflanzen gäbe es auf der Erde kaum Sauerstoff zum Atmen.
Bei schwachem Licht läuft die Photosynthese deutlich langsamer ab als bei starkem Sonnenlicht.
Im Herbst bauen viele Laubbäume das Chlorophyll in ihren Blättern ab.
Deshalb werden die Blätter der Laubbäume im Herbst gelb, orange oder rot.
Auch Algen im Meer betreiben Photosynthese und erzeugen einen großen Teil des Sauerstoffs.
"""

CZECH = """Řeka Vltava je nejdelší řekou, která celým svým tokem protéká Českou republikou.
Vltava pramení na Šumavě a po více než čtyřech stech kilometrech se vlévá do Labe u Mělníka.
Na horním toku řeky stojí Lipenská přehrada, která vytváří největší vodní nádrž v zemi.
Přehrady na řece zadržují vodu při povodních a vyrábějí elektrickou energii.
Soustava přehrad na středním toku řeky se nazývá Vltavská kaskáda.
Hlavní město Praha leží na obou březích řeky a spojuje je mnoho mostů.
Nejstarším dochovaným mostem přes řeku v Praze je Karlův most ze čtrnáctého století.
Skladatel Bedřich Smetana věnoval řece jednu ze skladeb svého cyklu Má vlast.
Voda v řece pochází převážně z deště a z tajícího sněhu na horách.
Při velké povodni v roce 2002 zaplavila voda část historického centra Prahy.
Ryby v řece potřebují čistou vodu s dostatkem rozpuštěného kyslíku.
Čistírny odpadních vod pomáhají udržet vodu v řece čistou pro živočichy i pro lidi.
"""

UKRAINIAN = """Серце людини — це порожнистий м’язовий орган розміром приблизно з кулак.
Серце розташоване в грудній порожнині між легенями і трохи зміщене ліворуч.
Серце людини має чотири камери: два передсердя і два шлуночки.
Права половина серця перекачує венозну кров до легень.
Ліва половина серця перекачує артеріальну кров до всіх органів тіла.
Стінка лівого шлуночка значно товща за стінку правого шлуночка.
Серцеві клапани пропускають кров лише в одному напрямку.
Артерії несуть кров від серця до органів і мають товсті пружні стінки.
Вени повертають кров від органів до серця і мають клапани всередині.
Найтонші судини називають капілярами, через їхні стінки відбувається обмін речовин.
У спокої серце дорослої людини скорочується приблизно сімдесят разів за хвилину.
Регулярні фізичні вправи зміцнюють серцевий м’яз і покращують кровообіг.
"""


def _items(text: str, language: str | None) -> list:
    return floor_items(text, KINDS, 8, default_embedder(), language=language)


@pytest.mark.parametrize(("text", "language"), [(GERMAN, "de"), (CZECH, "cs"), (UKRAINIAN, "uk")])
def test_items_speak_the_material_language_with_whole_terms(text: str, language: str) -> None:
    items = _items(text, language)
    assert len(items) >= 6
    stem = phrases_for(language).multiple_choice
    for item in items:
        assert "Which completes" not in item.text
        if item.kind == QuestionKind.MULTIPLE_CHOICE:
            assert item.text.startswith(stem)
        if item.kind in (QuestionKind.CLOZE, QuestionKind.MULTIPLE_CHOICE):
            key = item.reference_answer
            sentence = item.source.quote
            assert re.search(rf"(?<!\w){re.escape(key)}(?!\w)", sentence), (key, sentence)
            assert key.casefold() not in stopwords(language)
            assert not key.isdigit()
            assert GAP in item.text
        assert item.verification.provenance["language"] == language


def test_a_german_material_is_detected_without_being_told() -> None:
    stems = {item.text.split("?")[0] for item in _items(GERMAN, None) if item.kind == QuestionKind.MULTIPLE_CHOICE}
    assert stems <= {phrases_for("de").multiple_choice[:-1]}


def test_an_english_material_keeps_the_english_stem() -> None:
    text = (
        "The heart pumps blood through the arteries to every organ of the body. "
        "The veins carry the blood back to the heart from the organs. "
        "The smallest vessels are called capillaries and have very thin walls. "
        "The left ventricle has a thicker wall than the right ventricle of the heart. "
        "Red blood cells contain hemoglobin, which carries oxygen to the tissues. "
        "White blood cells protect the body against bacteria and viruses. "
        "Platelets help the blood to clot when a vessel is injured. "
        "Regular exercise strengthens the heart muscle and improves circulation. "
    )
    items = _items(text, None)
    assert any(item.text.startswith("Which completes the sentence?") for item in items) or all(
        item.kind != QuestionKind.MULTIPLE_CHOICE for item in items
    )
    assert all(item.verification.provenance["language"] == "en" for item in items)


def test_page_furniture_never_becomes_an_item() -> None:
    glued = UKRAINIAN.replace("Серцеві клапани", "ПоВЕдінКа ТВаРин 44 Серцеві клапани").replace(
        "Вени повертають", "лівого шлуночка 45 Вени повертають"
    )
    sentences = [sentence.text for sentence in usable_sentences(glued, "uk")]
    assert not any("ПоВЕдінКа" in text or " 44 " in text or " 45 " in text for text in sentences)
    assert any(text.startswith("Права половина") for text in sentences)
    items = _items(glued, "uk")
    assert all(item.reference_answer not in ("44", "45") for item in items)
    assert not any("ПоВЕдінКа" in item.text for item in items)


def test_a_caption_run_into_a_sentence_is_not_used() -> None:
    caption = "Представники видів роду Дятел Схожі види, які походять від одного предка, вчені об’єднують у групи."
    assert [found.text for found in usable_sentences(caption, "uk")] == [
        caption.removeprefix("Представники видів роду Дятел ")
    ]
    table = "Тип Клас Ряд Родина Рід Вид Якщо вчені натрапляють на новий вид, то вони спершу класифікують його."
    assert usable_sentences(table, "uk") == []
    assert usable_sentences("Вчені об’єднують схожі види тварин, які походять від одного предка, у групи.", "uk")


@pytest.mark.parametrize(
    ("language", "sentence", "negated"),
    [
        ("cs", "Srdce řídí vlastní převodní systém.", "Srdce neřídí vlastní převodní systém."),
        ("cs", "Vltava je nejdelší řekou v zemi.", "Vltava není nejdelší řekou v zemi."),
        ("cs", "Tepny nemají chlopně uvnitř.", "Tepny mají chlopně uvnitř."),
        ("uk", "Наука етологія вивчає поведінку тварин.", "Наука етологія не вивчає поведінку тварин."),
        ("uk", "Можна поділити тварин на групи.", None),
        ("uk", "А можна поділити тварин на групи.", "А не можна поділити тварин на групи."),
        ("de", "Das Chlorophyll ist ein grüner Farbstoff.", "Das Chlorophyll ist kein grüner Farbstoff."),
        ("de", "Die Wurzeln sind nicht grün.", "Die Wurzeln sind grün."),
    ],
)
def test_negation_follows_the_language(language: str, sentence: str, negated: str | None) -> None:
    result = negate(sentence, language)
    if negated is None:
        assert result is None or result != sentence
    else:
        assert result == negated


def test_a_swapped_term_takes_the_key_inflection() -> None:
    assert agrees("тварин", "птахів", "uk")
    assert not agrees("тварин", "класифікації", "uk")
    assert not agrees("ссавці", "житті", "uk")
    assert not agrees("Impfen", "Impfungen", "de")
    assert agrees("Zellen", "Wurzeln", "de") is False
    assert agrees("soustavou", "řekou", "cs")


def test_word_classes_come_from_lemmas() -> None:
    assert word_class("pohybuje", "cs") == "verb"
    assert word_class("nervová", "cs") == "adjective"
    assert word_class("soustavou", "cs") == "noun"
    assert word_class("přibližně", "cs") == "other"
    assert word_class("вивчають", "uk") == "verb"
    assert word_class("соціальною", "uk") == "adjective"
    assert word_class("поведінки", "uk") == "noun"
    assert word_class("Immunsystem", "de") == "noun"
    assert word_class("Immunsystem", "de", opens_sentence=True) == "other"


def test_sentences_are_cut_by_the_language_rules() -> None:
    text = "Am 3. Mai kam er, z. B. mit dem Zug. Dann ging er. Es waren drei Leute dort. 2.500 Kinder kamen."
    cut = [text[a:b].strip() for a, b in sentence_bounds(text, "de")]
    assert cut[0] == "Am 3. Mai kam er, z. B. mit dem Zug."
    assert "2.500 Kinder kamen." in cut


def test_labels_contacts_and_abbreviations_are_no_sentences() -> None:
    text = (
        "SUMMARY: The FAA proposes to supersede an earlier airworthiness directive for these airplanes. "
        "Education: Word processors became a cornerstone of writing in schools and universities. "
        "For service information, contact Boeing at 2600 Westminster Blvd., Seal Beach; telephone 562-797-1717. "
        "The eruption of Mount St. Helens in 1980 was the deadliest volcanic event in the history of the country. "
    )
    sentences = [sentence.text for sentence in usable_sentences(text, "en")]
    assert sentences == [
        "The eruption of Mount St. Helens in 1980 was the deadliest volcanic event in the history of the country."
    ]


def test_an_acronym_and_its_expansion_are_not_offered_as_different_answers() -> None:
    assert _abbreviates("The FAA", "Federal Aviation Administration")
    assert not _abbreviates("The FAA", "Department of Transportation")


def test_a_false_statement_is_never_the_sentence_itself() -> None:
    text = (
        "Until the nut is tightened, it spins on the bolt  easily, and a lock washer keeps it in place.\n\n"
        "A lock nut has a fiber insert that grips the bolt threads firmly under vibration.\n\n"
        "A castle nut takes a cotter pin through a hole in the bolt  shank to stop it turning.\n\n"
        "A wing nut is turned by hand and holds panels that are opened often for inspection.\n\n"
    ) * 2
    for seed in range(6):
        for item in floor_items(text, [QuestionKind.TRUE_FALSE], 8, default_embedder(), seed=seed, language="en"):
            said = " ".join(item.source.quote.split())
            assert (item.reference_answer == "true") == (item.text == said), item.text
