"""The faults of the fifth December reading (docs/teacher-student.md, set final-5), each from a
real sentence of that set's texts (SQuAD 2.0 dev, the ELOQUENT 2025 Ukrainian biology book): the
fault is refused, and a good sentence, key or statement beside it is kept."""

from sensemaking_desktop.quizzes.model import QuestionKind
from sensemaking_desktop.roles.floor import floor_items
from sensemaking_desktop.roles.floor_sentences import sentence_choices
from sensemaking_desktop.roles.floor_statements import _numbers_changed, negate
from sensemaking_desktop.text.embeddings import default_embedder
from sensemaking_desktop.text.multilingual import multilingual_embedder
from sensemaking_desktop.text.terms import names, phrases


def _reasons(material: str, language: str) -> dict[str, str | None]:
    return {sentence.text: reason for sentence, reason in sentence_choices(material, language)}


def test_an_english_subject_that_stands_for_something_said_before_leans_on_it() -> None:
    reasons = _reasons(
        "The following day, the oil ministers agreed to the embargo and to a cut in production by five percent. "
        "Some of the income was dispensed in the form of aid to other underdeveloped nations. "
        "The objective is to decide, with the aid of an algorithm, whether a given input string is a member. "
        "The new concept found little resonance among network implementers until the work of Donald Davies. "
        "Most of the water vapour in the air comes from the oceans, because they cover most of the planet. "
        "A decision problem is a special type of computational problem whose answer is either yes or no.",
        "en",
    )
    leaning = [text for text, reason in reasons.items() if reason == "leans"]
    assert [text.split()[1] for text in leaning] == ["following", "of", "objective", "new"], leaning
    assert (
        reasons["A decision problem is a special type of computational problem whose answer is either yes or no."]
        is None
    )
    assert reasons[next(text for text in reasons if text.startswith("Most of the water"))] is None


def test_a_ukrainian_part_with_no_whole_leans_and_one_with_its_genitive_stays() -> None:
    reasons = _reasons(
        "Личинки ростуть і живляться тканинами хазяїна, що призводить до його загибелі. "
        "Черепашка в більшості значно редукована й розміщується під шкірою або взагалі відсутня. "
        "Личинки метеликів називають гусінню, вони дещо нагадують червів. "
        "Напевно, тому, що з 365 днів на рік він активний тільки два тижні. "
        "У степовій зоні та на півдні України живе павук каракурт.",
        "uk",
    )
    found = list(reasons.values())
    assert found[:3] == ["leans", "leans", None] and found[3] is not None and found[4] is None, reasons


def test_no_option_or_key_holds_a_verb_or_is_a_lone_modifier() -> None:
    conant = "James Bryant Conant (president, 1933–1953) reinvigorated creative scholarship to guarantee it."
    assert "creative scholarship" in [term.text for term in phrases(conant)]
    assert not any(term.text.startswith("reinvigorated") for term in phrases(conant))
    scale = "Complexity theory is interested in how algorithms scale with an increase in the input size."
    assert "algorithms scale" not in [term.text for term in phrases(scale)]
    opening = "Macroeconomic problems consisted of both inflationary and deflationary impacts."
    assert names(opening, {0}, set()) == []
    assert [term.text for term in names("Portugal joined the community in 1986.", {0}, set())] == ["Portugal"]


def test_a_false_statement_changes_no_conversion_and_no_existential_is() -> None:
    campus = "Harvard's 209-acre (85 ha) main campus is centered on Harvard Yard in Cambridge."
    assert all(old != "85" for _, _, old in _numbers_changed(campus, "en"))
    assert negate("Серед молюсків є рослиноїдні, хижаки, сапротрофи та фільтратори.", "uk") is None
    copula = "Найбільш відомими представниками членистоногих є ракоподібні, павукоподібні й комахи."
    assert negate(copula, "uk") == copula.replace(" є ", " не є ")


def test_a_sentence_a_section_repeats_from_one_before_is_asked_once() -> None:
    first = (
        "Молюски, або м’якуни, — це безхребетні тварини. "
        "Серед молюсків є рослиноїдні, хижаки, сапротрофи та фільтратори."
    )
    again = (
        "Черевоногі молюски мають черепашку спірально закручену. "
        "Серед молюсків є рослиноїдні організми, хижаки, сапротрофи та фільтратори."
    )
    kinds = [QuestionKind.CLOZE]
    alone = floor_items(again, kinds, 3, default_embedder(), language="uk")
    after = floor_items(again, kinds, 3, multilingual_embedder(), language="uk", whole=f"{first}\n\n{again}")
    assert any("Серед" in item.text for item in alone), [item.text for item in alone]
    assert not any("Серед" in item.text for item in after), [item.text for item in after]
