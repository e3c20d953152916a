"""`sensemaking materials language`: a material's or one section's language set by the user, shown
by `materials show`; bad codes and numbers are one clear line."""

import json
from pathlib import Path

from cli_process import sensemaking

GERMAN = (
    "Die Zelle ist die kleinste Einheit des Lebens. Jede Zelle ist von einer Membran umgeben, "
    "die bestimmt, welche Stoffe hinein- und hinausgelangen."
)


def test_the_language_is_shown_and_set_for_a_material_and_one_section(tmp_path: Path) -> None:
    notes = tmp_path / "zelle.txt"
    notes.write_text(GERMAN, encoding="utf-8")
    data = tmp_path / "data"
    imported = json.loads(sensemaking(data, "ingest", str(notes), "--json").stdout)
    material_id = str(imported[0]["material_id"])
    shown = sensemaking(data, "materials", "show", material_id)
    assert "[text, German (de)]" in shown.stdout and "language" in shown.stdout

    whole = sensemaking(data, "materials", "language", material_id, "CS")
    assert whole.returncode == 0, whole.stderr
    assert whole.stdout.strip() == f"material {material_id} is in Czech (cs)"
    one = json.loads(sensemaking(data, "materials", "language", material_id, "de", "--section", "1", "--json").stdout)
    assert one["language"] == "de" and one["position"] == 0

    listed = json.loads(sensemaking(data, "materials", "show", material_id, "--json").stdout)
    assert (listed["language"], [section["language"] for section in listed["sections"]]) == ("cs", ["de"])


def test_bad_codes_and_section_numbers_are_one_line(tmp_path: Path) -> None:
    notes = tmp_path / "zelle.txt"
    notes.write_text(GERMAN, encoding="utf-8")
    data = tmp_path / "data"
    material_id = str(json.loads(sensemaking(data, "ingest", str(notes), "--json").stdout)[0]["material_id"])

    bad_code = sensemaking(data, "materials", "language", material_id, "Deutsch")
    no_section = sensemaking(data, "materials", "language", material_id, "de", "--section", "4")
    no_material = sensemaking(data, "materials", "language", "99", "de")

    assert bad_code.stderr.strip() == "error: 'Deutsch' is not a language code; give one such as en, de, cs or uk."
    assert no_section.stderr.strip() == f"error: Material {material_id} has 1 section; there is no section 4."
    assert no_material.stderr.strip().startswith("error: There is no material 99")
    assert all(result.returncode == 1 for result in (bad_code, no_section, no_material))
