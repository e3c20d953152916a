"""The NLI model as float torch weights, for the answer judge to start from.

train_nli.py leaves its float model in training/work/nli/final, which is not tracked; a fresh
checkout has only the shipped int8 ONNX (models/nli-minilm-l6/model.onnx). Rather than spend the
hour that training NLI again takes on two cores, this reads the int8 weights back: every
quantized matrix is (q - zero point) * scale per output channel, matched to its Linear layer by
the bias that the graph adds after it, and the embeddings, LayerNorms and biases are float in
the file already. `python training/nli_start.py` writes training/work/nli-from-onnx/ and prints
how closely it reproduces the ONNX model's probabilities on SNLI test pairs.
"""

import json
import sys

import data
import loop  # noqa: F401  (sets one thread and the import path)
import numpy as np
import torch

from sensemaking_desktop.text.cross_encoder import NLI_LABELS, NLI_MODEL, shipped_model_dir

OUT = data.WORK / "nli-from-onnx"
TRAINED = data.WORK / "nli" / "final"


def float_nli():
    """The folder of the float NLI model: train_nli.py's own where it exists, else read back from ONNX."""
    if (TRAINED / "config.json").is_file():
        return TRAINED
    if not (OUT / "config.json").is_file():
        rebuild()
    return OUT


def _weights(path) -> dict[str, np.ndarray]:
    """Parameter name -> float array, in Hugging Face's names and layout (Linear weights out x in)."""
    import onnx
    from onnx import numpy_helper

    graph = onnx.load(str(path)).graph
    values = {item.name: numpy_helper.to_array(item) for item in graph.initializer}
    consumers: dict[str, list] = {}
    for node in graph.node:
        for name in node.input:
            consumers.setdefault(name, []).append(node)
    found: dict[str, np.ndarray] = {}
    for name, value in values.items():
        if name.startswith("model.") and not name.endswith(("_quantized", "_scale", "_zero_point")):
            found[name.removeprefix("model.")] = value.astype(np.float32)
    for name in values:
        if not name.endswith("_quantized"):
            continue
        stem = name.removesuffix("_quantized")
        matrix = (values[name].astype(np.float32) - values[f"{stem}_zero_point"].astype(np.float32)) * values[
            f"{stem}_scale"
        ].astype(np.float32)
        if stem.startswith("model."):  # embeddings (Gather) or a transposed named weight
            target = stem.removeprefix("model.").removesuffix("_Transposed")
            found[target] = matrix.T if stem.endswith("_Transposed") else matrix
            continue
        bias = _bias_after(name, consumers, values)
        found[bias.removeprefix("model.").removesuffix(".bias") + ".weight"] = matrix.T
    return found


def _bias_after(weight: str, consumers: dict, values: dict) -> str:
    """The bias initializer of the first Add downstream of the MatMulInteger that reads `weight`."""
    frontier = [output for node in consumers[weight] for output in node.output]
    for _ in range(8):
        following = [node for name in frontier for node in consumers.get(name, [])]
        for node in following:
            if node.op_type == "Add":
                named = [name for name in node.input if name in values and name.endswith(".bias")]
                if named:
                    return named[0]
        frontier = [output for node in following for output in node.output]
    raise SystemExit(f"no bias follows {weight}")


def rebuild() -> None:
    from transformers import AutoConfig, AutoModelForSequenceClassification

    config = AutoConfig.from_pretrained(loop.base_folder(), local_files_only=True)
    config.num_labels = len(NLI_LABELS)
    config.id2label = dict(enumerate(NLI_LABELS))
    config.label2id = {label: index for index, label in enumerate(NLI_LABELS)}
    model = AutoModelForSequenceClassification.from_config(config)
    weights = _weights(shipped_model_dir(NLI_MODEL) / "model.onnx")
    state = model.state_dict()
    missing = [name for name in state if name not in weights and not name.endswith("position_ids")]
    if missing:
        raise SystemExit(f"the ONNX file lacks {missing[:5]}")
    for name in state:
        if name in weights:
            state[name] = torch.from_numpy(np.ascontiguousarray(weights[name])).reshape(state[name].shape)
    model.load_state_dict(state)
    OUT.mkdir(parents=True, exist_ok=True)
    model.save_pretrained(OUT)
    (OUT / "source.json").write_text(json.dumps({"from": f"models/{NLI_MODEL}/model.onnx (int8, read back)"}) + "\n")


def check(pairs: int = 500) -> dict:
    """Agreement of the rebuilt float model with the shipped int8 ONNX on SNLI test pairs."""
    from transformers import AutoModelForSequenceClassification

    from sensemaking_desktop.text.cross_encoder import nli_model

    rows = data.read_snli(data.fetch_snli()["test"], limit=pairs)
    texts = [(premise, hypothesis) for premise, hypothesis, _ in rows]
    model = AutoModelForSequenceClassification.from_pretrained(float_nli(), local_files_only=True)
    torch_probs = loop.predict(model, loop.encode(loop.tokenizer(128), texts))
    onnx_probs = nli_model().probabilities(texts)
    labels = np.array([label for *_, label in rows])
    return {
        "pairs": len(rows),
        "same_label": round(float((torch_probs.argmax(1) == onnx_probs.argmax(1)).mean()), 4),
        "max_abs_difference": round(float(np.abs(torch_probs - onnx_probs).max()), 4),
        "accuracy_rebuilt": round(float((torch_probs.argmax(1) == labels).mean()), 4),
        "accuracy_int8": round(float((onnx_probs.argmax(1) == labels).mean()), 4),
    }


if __name__ == "__main__":
    if "--again" in sys.argv:
        rebuild()
    print(json.dumps(check(), indent=2))
