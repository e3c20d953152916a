"""The faults of the third December reading (docs/teacher-student.md, set final-2), each from a
real sentence of that set's texts: the fault is refused, and a good sentence or item of the same
kind is kept. English, German and Ukrainian (SQuAD 2.0 dev, RTE3-DE dev, the ELOQUENT 2025
Ukrainian biology book)."""

import pytest

from sensemaking_desktop.roles.floor_sentences import usable_sentences
from sensemaking_desktop.roles.floor_terms import candidates
from sensemaking_desktop.text.embeddings import default_embedder
from sensemaking_desktop.text.terms import numbers, points_back

POINTING_BACK = {
    "en": [
        "After al-Nimeiry was overthrown in 1985 the party did poorly in national elections, but in 1989 it was able "
        "to overthrow the elected post-al-Nimeiry government with the help of the military.",
        "Two future opponents in the American Revolutionary War, Washington and Thomas Gage, played key roles in "
        "organizing the retreat.",
        "In response, King Louis XV dispatched six regiments to New France under the command of Baron Dieskau in 1755.",
        "Hassan al-Turabi was much more committed to Islamism and to the application of Sharia in the country.",
        "At a meeting in Albany in December 1755, he laid out his plans for 1756.",
    ],
    "de": [
        'Im Jahre 1969 entwarf er das Dokument, das den Ausschluss der "Manifesto group" aus der Partei vorschlug.',
        "Die Behörde ordnete die Schließung von drei Schulen in der Region an.",
    ],
    "uk": [
        "У більшості ссавців вони всіяні потовими залозами, які дозволяють виводити з організму зайве тепло, воду й "
        "солі.",
        "Окрім того, м’язи як складові опорно-рухової системи беруть участь у роботі внутрішніх органів.",
        "Самці, як правило, не беруть участі у вихованні потомства.",
    ],
}
NAMED_IN_THE_SENTENCE = {
    "en": [
        "In 1928, Hassan al-Banna founded a religious group in Egypt, and the group soon spread to other Arab "
        "countries.",
        "The Muslim Brotherhood was founded in 1928 as a group that would spread Islamic morals and good works.",
        "Hassan al-Turabi was much more committed to Islamism than the military rulers before him.",
        "After Braddock was defeated at the Monongahela in 1755, he died of his wounds a few days later.",
        "A steam turbine consists of one or more rotors mounted on a drive shaft, alternating with a series of stators "
        "fixed to the turbine casing.",
    ],
    "de": [
        "Der Architekt Peter Müller entwarf im Jahre 1969 das Dokument, das er den Delegierten vorlegte.",
        "Die Behörde für Lebensmittelsicherheit ordnete die Schließung von drei Betrieben in der Region an.",
    ],
    "uk": [
        "Аскарида живе в кишечнику людини, вона не має органів прикріплення, тому весь час рухається проти плину "
        "рідини.",
        "Шкіра ссавців містить потові залози, вони дозволяють виводити з організму зайве тепло, воду й солі.",
        "М’язи як складові опорно-рухової системи беруть участь у роботі внутрішніх органів.",
    ],
}
RUN_IN = [
    "Кровоносна система дафнії представлена одним серцем Розвиток кровоносної системи й особливості будови серця "
    "залежать від розмірів і способу життя тварини.",
    "Летючі собаки живляться плодами і можуть завдавати шкоди врожаю плодових культур Представники рукокрилих — "
    "єдині ссавці, які здатні літати.",
]
NAME_AFTER_A_PREPOSITION = "Сумчасті ссавці живуть в Австралії, де вони займають більшість екологічних ніш."


@pytest.mark.parametrize("language", ["en", "de", "uk"])
def test_a_sentence_pointing_back_to_one_not_shown_is_refused(language: str) -> None:
    for sentence in POINTING_BACK[language]:
        assert usable_sentences(sentence, language) == [], sentence


@pytest.mark.parametrize("language", ["en", "de", "uk"])
def test_a_sentence_that_names_what_it_refers_to_is_kept(language: str) -> None:
    for sentence in NAMED_IN_THE_SENTENCE[language]:
        assert [found.text for found in usable_sentences(sentence, language)] == [sentence], sentence


def test_an_opening_phrase_of_time_or_place_is_no_antecedent_but_a_clause_is() -> None:
    assert points_back("At a meeting in Albany in December 1755, he laid out his plans for 1756.")
    assert not points_back("After al-Nimeiry was overthrown in 1985, he fled to Egypt.")


def test_a_ukrainian_sentence_or_caption_run_in_at_a_capital_is_refused() -> None:
    for sentence in RUN_IN:
        assert usable_sentences(sentence, "uk") == [], sentence
    assert [found.text for found in usable_sentences(NAME_AFTER_A_PREPOSITION, "uk")] == [NAME_AFTER_A_PREPOSITION]


def test_a_german_sentence_cut_after_an_ordinal_is_refused_in_both_pieces() -> None:
    material = (
        "Nächstes Jahr ist der 50. Jahrestag der Invasion der Normandie - ein Ereignis, das ohne die Schiffe der "
        "Liberty nicht möglich gewesen wäre. Die Freiwilligen hoffen, genügend Geld sammeln zu können, um das Schiff "
        "nach Frankreich zu führen."
    )
    assert [found.text for found in usable_sentences(material, "de")] == [material[material.index("Die Frei") :]]


def test_no_key_splits_a_hyphenated_name_or_joins_two_names() -> None:
    material = (
        "Ultimately the major jihadi group, Jamaa Islamiya (or al-Gama'a al-Islamiyya), renounced violence in 2003. "
        "The expedition was led by William Johnson and New York's Governor Sir Charles Hardy in the summer of 1755. "
        "William Johnson was the British superintendent for Indian affairs in the northern colonies in 1755."
    )
    keys = {candidate.term.text for candidate in candidates(material, default_embedder(), "en")[0]}
    assert "Gama'a" not in keys
    assert not any(" and " in key for key in keys)
    assert {"2003", "Jamaa Islamiya"} <= keys


def test_the_it_of_a_cleft_stands_for_nothing_but_a_referring_it_still_points_back() -> None:
    assert not points_back("It was only in 1712 that Thomas Newcomen built the first commercially successful engine.")
    assert not points_back("It was Watt who added a separate condenser to the engine.")
    assert points_back("It was a machine that pumped water out of the mines.")


def test_a_number_with_a_thousands_comma_is_a_count_not_a_year() -> None:
    kinds = {term.text: term.kind for term in numbers("Braddock led about 1,500 army troops in June 1755.")}
    assert kinds == {"1,500": "number:", "1755": "number:year"}
