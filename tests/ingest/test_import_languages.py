"""Every import stores its material's language and each section's own, detected from the text when
no one said it; a transcript keeps the language Whisper decoded it in."""

from pathlib import Path

from test_importer import ingest

from sensemaking_desktop.ingest.importer import with_languages
from sensemaking_desktop.ingest.sectioning import SectionDraft
from sensemaking_desktop.store import Store
from sensemaking_desktop.store.materials import list_materials, sections_of

CZECH = (
    "Vltava je nejdelší řeka v Česku. Pramení na Šumavě a v Mělníku se vlévá do Labe. "
    "Na řece stojí několik přehrad, které se společně nazývají Vltavská kaskáda."
)
GERMAN = (
    "Die Zelle ist die kleinste Einheit des Lebens. Jede Zelle ist von einer Membran umgeben, "
    "die bestimmt, welche Stoffe hinein- und hinausgelangen."
)
ENGLISH = "Osmosis moves water across a membrane from low to high solute concentration without energy."


def test_a_text_import_stores_the_language_it_is_written_in(store: Store, data_dir: Path, tmp_path: Path) -> None:
    path = tmp_path / "vltava.txt"
    path.write_text(CZECH, encoding="utf-8")

    (item,) = ingest(store, data_dir, path)

    assert item["status"] == "done", item["error"]
    (material,) = list_materials(store)
    assert material.language == "cs"
    assert [section.language for section in sections_of(store, material.id)] == ["cs"]


def test_each_section_keeps_its_own_language_and_the_material_takes_the_most_written(
    store: Store, data_dir: Path, tmp_path: Path
) -> None:
    path = tmp_path / "zellen.md"
    path.write_text(f"# Zellen\n\n{GERMAN} {GERMAN}\n\n# Osmosis\n\n{ENGLISH} {ENGLISH}\n", encoding="utf-8")

    (item,) = ingest(store, data_dir, path, token_budget=200)

    assert item["status"] == "done", item["error"]
    (material,) = list_materials(store)
    assert material.language == "de"
    assert [(section.title, section.language) for section in sections_of(store, material.id)] == [
        ("Zellen", "de"),
        ("Osmosis", "en"),
    ]


def test_the_language_the_user_gave_is_the_materials(store: Store, data_dir: Path, tmp_path: Path) -> None:
    path = tmp_path / "notes.txt"
    path.write_text(GERMAN, encoding="utf-8")

    ingest(store, data_dir, path, language="DE")

    assert list_materials(store)[0].language == "de"


def test_text_too_short_to_tell_leaves_the_language_unknown() -> None:
    drafts = [SectionDraft(None, "42 17", None, None, None, None)]
    assert with_languages(drafts, None, None) == (None, drafts)


def test_a_transcript_is_in_the_language_whisper_decoded_it_in() -> None:
    drafts = [SectionDraft(None, ENGLISH, None, None, 0.0, 5.0), SectionDraft(None, "ok", None, None, 5.0, 6.0)]
    language, sections = with_languages(drafts, "de", None)
    assert (language, [section.language for section in sections]) == ("de", ["de", "de"])


def test_a_section_too_short_to_tell_takes_the_materials_language() -> None:
    drafts = [SectionDraft(None, GERMAN, 1, 1, None, None), SectionDraft(None, "Abb. 3", 2, 2, None, None)]
    language, sections = with_languages(drafts, None, None)
    assert (language, [section.language for section in sections]) == ("de", ["de", "de"])
