"""A BERT sentence encoder written straight into an ONNX graph from its safetensors weights.

The onnx embedding backend used to trace sentence-transformers with torch's exporter, which made
torch (about 2.5 GB installed) a dependency of every source install although nothing else at
run time needs it. The graph is small and fixed (embeddings, N encoder layers, mean pooling,
L2 normalisation), so it is built here with `onnx.helper` from the same weights: the outputs
match sentence-transformers' (cosine > 0.99999, tests/text/test_embeddings.py) without torch.
Only what all-MiniLM-L6-v2's config uses is supported: absolute positions, GELU (erf), mean pooling.
"""

import json
import math
from pathlib import Path

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper
from safetensors.numpy import load_file

from sensemaking_desktop.errors import SensemakingError

OPSET = 17
"""The first opset with LayerNormalization, which onnxruntime fuses."""
INPUTS = ("input_ids", "attention_mask", "token_type_ids")
OUTPUTS = ("sentence_embedding", "token_embeddings")


class _Graph:
    """Nodes and initializers collected in order; every name is made unique by a counter."""

    def __init__(self) -> None:
        self.nodes: list[onnx.NodeProto] = []
        self.initializers: list[onnx.TensorProto] = []
        self._count = 0
        self._scalars: set[str] = set()

    def constant(self, name: str, value: np.ndarray) -> str:
        self.initializers.append(numpy_helper.from_array(value, name))
        return name

    def scalar(self, value: float) -> str:
        """A float32 scalar, stored once however often it is used."""
        name = f"scalar_{value!r}"
        if name not in self._scalars:
            self._scalars.add(name)
            self.constant(name, np.array(value, dtype=np.float32))
        return name

    def op(self, kind: str, *inputs: str, output: str | None = None, **attributes) -> str:
        self._count += 1
        name = output or f"{kind.lower()}_{self._count}"
        self.nodes.append(helper.make_node(kind, list(inputs), [name], name=f"n{self._count}", **attributes))
        return name


def build(folder: Path) -> onnx.ModelProto:
    """The encoder in `folder` (config.json and model.safetensors, as the Hugging Face layout has
    them) as one ONNX model: ids, mask and token types in; the normalised mean-pooled sentence
    vector and the last layer's token vectors out."""
    config = json.loads((folder / "config.json").read_text())
    _check_supported(config)
    weights = {
        name.removeprefix("bert."): value for name, value in load_file(str(folder / "model.safetensors")).items()
    }
    graph = _Graph()
    hidden = _embeddings(graph, weights, config["layer_norm_eps"])
    bias = _attention_bias(graph)
    for index in range(config["num_hidden_layers"]):
        hidden = _layer(graph, weights, f"encoder.layer.{index}", hidden, bias, config)
    graph.op("Identity", hidden, output="token_embeddings")
    _mean_pool_and_normalise(graph, hidden)
    return _model(graph, config["hidden_size"])


def write(folder: Path, target: Path) -> None:
    """Build the model for `folder` and save it to `target`."""
    onnx.save(build(folder), str(target))


def _check_supported(config: dict) -> None:
    unsupported = {
        "model_type": config.get("model_type") != "bert",
        "hidden_act": config.get("hidden_act") != "gelu",
        "position_embedding_type": config.get("position_embedding_type", "absolute") != "absolute",
    }
    if any(unsupported.values()):
        names = ", ".join(f"{key}={config.get(key)!r}" for key, bad in unsupported.items() if bad)
        raise SensemakingError(f"the embedding model's config is not a plain BERT encoder ({names})")


def _embeddings(graph: _Graph, weights: dict[str, np.ndarray], epsilon: float) -> str:
    """Word, position and token-type embeddings summed, then layer-normalised."""
    words = graph.op(
        "Gather", graph.constant("word_embeddings", weights["embeddings.word_embeddings.weight"]), "input_ids"
    )
    types = graph.op(
        "Gather",
        graph.constant("type_embeddings", weights["embeddings.token_type_embeddings.weight"]),
        "token_type_ids",
    )
    length = graph.op(
        "Gather",
        graph.op("Shape", "input_ids"),
        graph.constant("one", np.array(1, dtype=np.int64)),
        axis=0,
    )
    positions = graph.op("Range", graph.constant("zero", np.array(0, dtype=np.int64)), length, "one")
    places = graph.op(
        "Gather", graph.constant("position_embeddings", weights["embeddings.position_embeddings.weight"]), positions
    )
    summed = graph.op("Add", graph.op("Add", words, types), places)
    return _layer_norm(graph, weights, "embeddings.LayerNorm", summed, epsilon)


def _attention_bias(graph: _Graph) -> str:
    """0 where a token is real, the float minimum where it is padding, shaped to add to the
    attention scores [batch, heads, query, key], as transformers' BERT does."""
    mask = graph.op("Cast", "attention_mask", to=TensorProto.FLOAT)
    padding = graph.op("Sub", graph.scalar(1.0), mask)
    scaled = graph.op("Mul", padding, graph.scalar(float(np.finfo(np.float32).min)))
    return graph.op("Unsqueeze", scaled, graph.constant("axes_1_2", np.array([1, 2], dtype=np.int64)))


def _layer(graph: _Graph, weights: dict[str, np.ndarray], prefix: str, hidden: str, bias: str, config: dict) -> str:
    """One encoder layer: self-attention and the feed-forward block, each with a residual and a layer norm."""
    epsilon = config["layer_norm_eps"]
    heads = config["num_attention_heads"]
    width = config["hidden_size"] // heads
    split = graph.constant(f"{prefix}.split", np.array([0, 0, heads, width], dtype=np.int64))
    query = _heads(graph, _dense(graph, weights, f"{prefix}.attention.self.query", hidden), split, (0, 2, 1, 3))
    key = _heads(graph, _dense(graph, weights, f"{prefix}.attention.self.key", hidden), split, (0, 2, 3, 1))
    value = _heads(graph, _dense(graph, weights, f"{prefix}.attention.self.value", hidden), split, (0, 2, 1, 3))
    scores = graph.op("Mul", graph.op("MatMul", query, key), graph.scalar(1 / math.sqrt(width)))
    scores = graph.op("Add", scores, bias)
    context = graph.op("MatMul", graph.op("Softmax", scores, axis=-1), value)
    merged = graph.op(
        "Reshape",
        graph.op("Transpose", context, perm=[0, 2, 1, 3]),
        graph.constant(f"{prefix}.merge", np.array([0, 0, heads * width], dtype=np.int64)),
    )
    attended = _dense(graph, weights, f"{prefix}.attention.output.dense", merged)
    attended = _layer_norm(
        graph, weights, f"{prefix}.attention.output.LayerNorm", graph.op("Add", attended, hidden), epsilon
    )
    inner = _gelu(graph, _dense(graph, weights, f"{prefix}.intermediate.dense", attended))
    output = graph.op("Add", _dense(graph, weights, f"{prefix}.output.dense", inner), attended)
    return _layer_norm(graph, weights, f"{prefix}.output.LayerNorm", output, epsilon)


def _heads(graph: _Graph, projected: str, split: str, perm: tuple[int, ...]) -> str:
    return graph.op("Transpose", graph.op("Reshape", projected, split), perm=list(perm))


def _dense(graph: _Graph, weights: dict[str, np.ndarray], prefix: str, hidden: str) -> str:
    """A linear layer; the weight is stored transposed so the graph needs no Transpose node."""
    matrix = graph.constant(f"{prefix}.weight", np.ascontiguousarray(weights[f"{prefix}.weight"].T))
    return graph.op(
        "Add", graph.op("MatMul", hidden, matrix), graph.constant(f"{prefix}.bias", weights[f"{prefix}.bias"])
    )


def _layer_norm(graph: _Graph, weights: dict[str, np.ndarray], prefix: str, hidden: str, epsilon: float) -> str:
    scale = graph.constant(f"{prefix}.weight", weights[f"{prefix}.weight"])
    shift = graph.constant(f"{prefix}.bias", weights[f"{prefix}.bias"])
    return graph.op("LayerNormalization", hidden, scale, shift, axis=-1, epsilon=epsilon)


def _gelu(graph: _Graph, hidden: str) -> str:
    """The exact GELU BERT uses: x/2 (1 + erf(x/sqrt 2))."""
    erf = graph.op("Erf", graph.op("Div", hidden, graph.scalar(math.sqrt(2.0))))
    return graph.op("Mul", graph.op("Mul", hidden, graph.scalar(0.5)), graph.op("Add", erf, graph.scalar(1.0)))


def _mean_pool_and_normalise(graph: _Graph, hidden: str) -> None:
    """Mean of the real tokens' vectors (padding left out), then divided by its L2 norm; the
    clamps are sentence-transformers' (1e-9 on the count, 1e-12 on the norm)."""
    mask = graph.op(
        "Unsqueeze",
        graph.op("Cast", "attention_mask", to=TensorProto.FLOAT),
        graph.constant("axis_2", np.array([2], dtype=np.int64)),
    )
    axis_1 = graph.constant("axis_1", np.array([1], dtype=np.int64))
    total = graph.op("ReduceSum", graph.op("Mul", hidden, mask), axis_1, keepdims=0)
    count = graph.op("Max", graph.op("ReduceSum", mask, axis_1, keepdims=0), graph.scalar(1e-9))
    mean = graph.op("Div", total, count)
    norm = graph.op("ReduceL2", mean, axes=[1], keepdims=1)
    graph.op("Div", mean, graph.op("Max", norm, graph.scalar(1e-12)), output="sentence_embedding")


def _model(graph: _Graph, hidden_size: int) -> onnx.ModelProto:
    inputs = [helper.make_tensor_value_info(name, TensorProto.INT64, ["batch", "tokens"]) for name in INPUTS]
    outputs = [
        helper.make_tensor_value_info("sentence_embedding", TensorProto.FLOAT, ["batch", hidden_size]),
        helper.make_tensor_value_info("token_embeddings", TensorProto.FLOAT, ["batch", "tokens", hidden_size]),
    ]
    body = helper.make_graph(graph.nodes, "sentence_encoder", inputs, outputs, graph.initializers)
    model = helper.make_model(body, opset_imports=[helper.make_opsetid("", OPSET)], producer_name="sensemaking-desktop")
    model.ir_version = 8
    onnx.checker.check_model(model)
    return model
