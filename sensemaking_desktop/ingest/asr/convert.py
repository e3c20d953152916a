"""CTranslate2 Whisper weights turned into an openai-whisper checkpoint.

No package ships openai-whisper's `.pt` files, but the CTranslate2 files that packages do ship
hold the same tensors under other names (the attention projections fused), so a checkpoint
is a renaming plus a few splits. CTranslate2 has no API to read a model's variables back,
so its `model.bin` format (version 6) is parsed here. openai-whisper brings its own tokenizer.
"""

import os
import struct
from pathlib import Path
from typing import Any

import numpy as np
import psutil
import torch

from sensemaking_desktop.ingest.errors import IngestError

_DTYPES = (np.float32, np.int8, np.int16, np.int32, np.float16, None)
"""CTranslate2's type ids in order; the last, bfloat16, has no NumPy type and no use here."""

_FORMAT_VERSION = 6


def convert(model_bin: Path, target: Path) -> None:
    """Write the checkpoint under a temporary name, then rename it, so no half-written file is ever loaded."""
    checkpoint = whisper_checkpoint(read_ct2(model_bin))
    target.parent.mkdir(parents=True, exist_ok=True)
    _remove_abandoned(target)
    partial = target.with_name(f".{target.name}.{os.getpid()}.partial")
    state = {name: torch.from_numpy(np.array(array)) for name, array in checkpoint["model_state_dict"].items()}
    torch.save({"dims": checkpoint["dims"], "model_state_dict": state}, partial)
    os.replace(partial, target)


def read_ct2(model_bin: Path) -> dict[str, np.ndarray]:
    """Every variable of a CTranslate2 model.bin by name, as read-only views of one memory map."""
    data = np.memmap(model_bin, dtype=np.uint8, mode="r")
    cursor = _Cursor(data)
    if cursor.take("I") != _FORMAT_VERSION or cursor.string() != "WhisperSpec":
        raise IngestError(f"{model_bin} is not a CTranslate2 Whisper model in format {_FORMAT_VERSION}")
    cursor.take("I")  # the spec's revision
    variables = {}
    for _ in range(cursor.take("I")):
        name = cursor.string()
        shape = tuple(cursor.take("I") for _ in range(cursor.take("B")))
        dtype, size = _DTYPES[cursor.take("B")], cursor.take("I")
        raw = data[cursor.offset : cursor.offset + size]
        cursor.offset += size
        if dtype is not None:
            variables[name] = raw.view(dtype).reshape(shape)
    return variables


def whisper_checkpoint(variables: dict[str, np.ndarray]) -> dict[str, Any]:
    """openai-whisper's checkpoint layout: model dimensions and a state dict, tensors one to one."""
    layers = {side: _count_layers(variables, side) for side in ("encoder", "decoder")}
    state = {
        "encoder.conv1.weight": variables["encoder/conv1/weight"],
        "encoder.conv1.bias": variables["encoder/conv1/bias"],
        "encoder.conv2.weight": variables["encoder/conv2/weight"],
        "encoder.conv2.bias": variables["encoder/conv2/bias"],
        "encoder.positional_embedding": variables["encoder/position_encodings/encodings"],
        "decoder.token_embedding.weight": variables["decoder/embeddings/weight"],
        "decoder.positional_embedding": variables["decoder/position_encodings/encodings"],
    }
    _norm(state, "encoder.ln_post", variables, "encoder/layer_norm")
    _norm(state, "decoder.ln", variables, "decoder/layer_norm")
    for side in ("encoder", "decoder"):
        for index in range(layers[side]):
            _block(state, variables, f"{side}/layer_{index}", f"{side}.blocks.{index}", cross=side == "decoder")
    if any(array.dtype not in (np.float16, np.float32) for array in state.values()):
        raise IngestError("quantized speech model weights cannot be converted for openai-whisper")
    audio_positions, text_embedding = state["encoder.positional_embedding"], state["decoder.token_embedding.weight"]
    dims = {
        "n_mels": state["encoder.conv1.weight"].shape[1],
        "n_audio_ctx": audio_positions.shape[0],
        "n_audio_state": audio_positions.shape[1],
        "n_audio_head": int(variables["encoder/num_heads"]),
        "n_audio_layer": layers["encoder"],
        "n_vocab": text_embedding.shape[0],
        "n_text_ctx": state["decoder.positional_embedding"].shape[0],
        "n_text_state": text_embedding.shape[1],
        "n_text_head": int(variables["decoder/num_heads"]),
        "n_text_layer": layers["decoder"],
    }
    return {"dims": dims, "model_state_dict": state}


def _block(state: dict, variables: dict, source: str, target: str, *, cross: bool) -> None:
    """One residual block. CTranslate2 fuses query, key and value (self-attention) or key and value (cross)."""
    own, cross_attention, ffn = f"{source}/self_attention", f"{source}/attention", f"{source}/ffn"
    _norm(state, f"{target}.attn_ln", variables, f"{own}/layer_norm")
    _split(state, [f"{target}.attn.{part}" for part in ("query", "key", "value")], variables, f"{own}/linear_0")
    _linear(state, f"{target}.attn.out", variables, f"{own}/linear_1")
    if cross:
        _norm(state, f"{target}.cross_attn_ln", variables, f"{cross_attention}/layer_norm")
        _linear(state, f"{target}.cross_attn.query", variables, f"{cross_attention}/linear_0")
        _split(
            state, [f"{target}.cross_attn.key", f"{target}.cross_attn.value"], variables, f"{cross_attention}/linear_1"
        )
        _linear(state, f"{target}.cross_attn.out", variables, f"{cross_attention}/linear_2")
    _norm(state, f"{target}.mlp_ln", variables, f"{ffn}/layer_norm")
    _linear(state, f"{target}.mlp.0", variables, f"{ffn}/linear_0")
    _linear(state, f"{target}.mlp.2", variables, f"{ffn}/linear_1")


def _linear(state: dict, target: str, variables: dict, source: str) -> None:
    state[f"{target}.weight"] = variables[f"{source}/weight"]
    state[f"{target}.bias"] = variables[f"{source}/bias"]


def _norm(state: dict, target: str, variables: dict, source: str) -> None:
    state[f"{target}.weight"] = variables[f"{source}/gamma"]
    state[f"{target}.bias"] = variables[f"{source}/beta"]


def _split(state: dict, targets: list[str], variables: dict, source: str) -> None:
    """Undo a fused projection. Whisper's key projection has no bias; CTranslate2 stores zeros for it."""
    weights = np.split(variables[f"{source}/weight"], len(targets))
    biases = np.split(variables[f"{source}/bias"], len(targets))
    for target, weight, bias in zip(targets, weights, biases):
        state[f"{target}.weight"] = weight
        if not target.endswith(".key"):
            state[f"{target}.bias"] = bias
        elif np.any(bias):
            raise IngestError(f"{source} has a key bias, which openai-whisper's model cannot hold")


def _count_layers(variables: dict, side: str) -> int:
    return sum(1 for name in variables if name.startswith(f"{side}/layer_") and name.endswith("/ffn/linear_0/weight"))


def _remove_abandoned(target: Path) -> None:
    """Delete partial files of conversions whose process was killed (a cancel terminates the worker)."""
    for partial in target.parent.glob(f".{target.name}.*.partial"):
        owner = partial.name.rsplit(".", 2)[1]
        if owner.isdigit() and not psutil.pid_exists(int(owner)):
            partial.unlink(missing_ok=True)


class _Cursor:
    """Reads little-endian fields one after another from the mapped file."""

    def __init__(self, data: np.ndarray) -> None:
        self.data = data
        self.offset = 0

    def take(self, fmt: str) -> int:
        (value,) = struct.unpack_from("<" + fmt, self.data, self.offset)
        self.offset += struct.calcsize("<" + fmt)
        return value

    def string(self) -> str:
        """A length-prefixed, NUL-terminated UTF-8 string."""
        size = self.take("H")
        text = bytes(self.data[self.offset : self.offset + size - 1]).decode("utf-8")
        self.offset += size
        return text
