"""The bundled sample in German, Czech and Ukrainian: the English text's headings, paragraphs and
questions, written in its own language, each answer found in its own text as the English one is
in the English text; chosen by the interface language, and imported as a material in it."""

from pathlib import Path

import pytest
from test_importer import ingest

from sensemaking_desktop.roles.student import refusal
from sensemaking_desktop.samples import SAMPLE, Sample, load_sample, sample_for, write_sample
from sensemaking_desktop.store import Store
from sensemaking_desktop.store.materials import list_materials, sections_of
from sensemaking_desktop.text.alignment import lemma_recall
from sensemaking_desktop.text.language import detect

LANGUAGES = ("de", "cs", "uk")
ENGLISH = load_sample()


def shape(sample: Sample) -> tuple[int, int, int]:
    """Headings, paragraphs and questions."""
    blocks = sample.text.split("\n\n")
    return sum(b.startswith("#") for b in blocks), sum(not b.startswith("#") for b in blocks), len(sample.questions)


@pytest.mark.parametrize("language", LANGUAGES)
def test_each_translation_has_the_english_samples_shape_in_its_own_language(language: str) -> None:
    sample = load_sample(f"{SAMPLE}-{language}")
    assert sample.language == language and sample.title != ENGLISH.title
    assert shape(sample) == shape(ENGLISH) == (7, 19, 12)
    assert detect(sample.text) == language
    assert [block.count("#") for block in sample.text.split("\n\n")] == [
        block.count("#") for block in ENGLISH.text.split("\n\n")
    ], "the same heading levels in the same places"
    assert all(detect(block) == language for block in sample.text.split("\n\n") if not block.startswith("#"))


@pytest.mark.parametrize("language", LANGUAGES)
def test_each_answer_is_in_the_translated_text_where_the_english_one_is_in_the_english_text(language: str) -> None:
    sample = load_sample(f"{SAMPLE}-{language}")
    for english, translated in zip(ENGLISH.questions, sample.questions, strict=True):
        if english.answer == refusal("en"):
            assert translated.answer == refusal(language), "a refusal is the Student's phrase in the language"
            continue
        assert lemma_recall(ENGLISH.text, english.answer, "en") == 1.0
        found = lemma_recall(sample.text, translated.answer, language)
        assert found >= 0.5, (translated.answer, found)  # simplemma lacks some German adjectives
        numbers = [word.strip(".") for word in english.answer.split() if word.strip(".").isdigit()]
        assert all(number in translated.answer and number in sample.text for number in numbers)
    recalls = [lemma_recall(sample.text, q.answer, language) for q in sample.questions if q.answer != refusal(language)]
    assert sum(recalls) / len(recalls) >= 0.9


@pytest.mark.parametrize(
    ("language", "name"),
    [
        ("uk", "water-cycle-uk"),
        ("uk_UA", "water-cycle-uk"),
        ("cs_CZ", "water-cycle-cs"),
        ("de-AT", "water-cycle-de"),
        ("DE", "water-cycle-de"),
        ("en_US", "water-cycle"),
        ("fr", "water-cycle"),
        ("C", "water-cycle"),
        ("", "water-cycle"),
        ("../water-cycle", "water-cycle"),
        (None, "water-cycle"),
    ],
)
def test_the_sample_for_an_interface_language_is_its_translation_else_english(language: str | None, name: str) -> None:
    assert sample_for(language) == name


def test_the_ukrainian_sample_imports_as_a_ukrainian_material(store: Store, data_dir: Path, tmp_path: Path) -> None:
    path = write_sample(tmp_path / "samples", sample_for("uk_UA"))
    assert path.name == "Кругообіг води.md"

    (item,) = ingest(store, data_dir, path)

    assert item["status"] == "done", item["error"]
    (material,) = list_materials(store)
    assert material.language == "uk" and material.title == "Кругообіг води"
    assert {section.language for section in sections_of(store, material.id)} == {"uk"}
