"""Cross-encoders trained here (training/), shipped as int8 ONNX under models/, run on onnxruntime.

A cross-encoder reads two texts together and gives one probability per label. Three ship:

- `answer_judge()`: "does this answer mean what the reference answer means?", over
  `judge_text(...)`, labels right / wrong / contradicts (MiniLM-L6 trained from the NLI model on
  SemEval-2013's graded answers, SAF's fitting half, SQuAD keys and synthetic contrasts;
  models/answer-judge-minilm-l6/MODEL_CARD.md). Without a reference it reads the answer against
  the question and the material's passage.

- `nli_model()`: natural-language inference over (premise, hypothesis), labels
  entailment / neutral / contradiction (MiniLM-L6 fine-tuned on SNLI plus synthetic negations,
  antonyms, numbers and quantifiers; models/nli-minilm-l6/MODEL_CARD.md).
- `pair_judge()`: "does this answer deserve the grade of that teacher-graded answer to the same
  question?", over `pair_text(...)`, labels different / same (same = within 10 points on 0-100;
  models/grade-pair-minilm-l6/MODEL_CARD.md).

A model folder holds model.onnx, the tokenizer.json it was trained with and config.json
({"labels", "max_length", "base", "format"}). Training tokenises with `load_tokenizer` and
builds the grading pairs with `pair_text` from this module, so the app feeds the model exactly
what it was trained on. Pairs are truncated longest-first (the longer text loses tokens first)
to `max_length` tokens.
"""

import functools
import json
import os
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from sensemaking_desktop import paths
from sensemaking_desktop.errors import SensemakingError
from sensemaking_desktop.hashing import sha256_of

NLI_MODEL = "nli-minilm-l6"
PAIR_JUDGE_MODEL = "grade-pair-minilm-l6"
ANSWER_JUDGE_MODEL = "answer-judge-minilm-l6"
NLI_LABELS = ["entailment", "neutral", "contradiction"]
ANSWER_LABELS = ["right", "wrong", "contradicts"]
PAIR_LABELS = ["different", "same"]
SAME_GRADE_POINTS = 10.0
"""Two grades on a 0-100 scale are "the same" when they differ by at most this many points."""
MODEL_FILE = "model.onnx"
TOKENIZER_FILE = "tokenizer.json"
CONFIG_FILE = "config.json"
INPUTS = ("input_ids", "attention_mask", "token_type_ids")
ANSWER_JUDGE_ENV = "SENSEMAKING_ANSWER_JUDGE"
JUDGE_TEXT_VERSION = "1"
"""The version of `judge_text`'s layout: a model reads only the layout it was trained on."""


def pair_text(question: str, graded_answer: str, grade: float, answer: str) -> tuple[str, str]:
    """The two texts the pair judge reads: the graded answer with its grade (0-100) and the
    question, then the answer to judge.

    The grade and the graded answer come first and the question last, because truncation cuts
    the end of the longer text: every pair of one question shares the question, so it is what
    can best be lost, while the grade and the graded answer decide the label.
    """
    return f"[graded {round(grade)}/100] {graded_answer.strip()} [question] {question.strip()}", answer.strip()


def judge_text(question: str, answer: str, reference: str | None = None, passage: str = "") -> tuple[str, str]:
    """The two texts the answer judge reads: the reference answer then the question, or, without
    a reference, the question then the material's passage; the answer second.

    With a reference the question comes last, so that truncation (which cuts the end of the
    longer text) takes it before the reference, which decides the label. Without one the
    question decides what the passage must answer, so the passage's end goes first.
    """
    if reference and reference.strip():
        return f"{reference.strip()} [question] {question.strip()}", answer.strip()
    return f"[question] {question.strip()} [material] {passage.strip()}", answer.strip()


def same_grade(first: float, second: float) -> bool:
    """The pair judge's label: two 0-100 grades within SAME_GRADE_POINTS of each other."""
    return abs(first - second) <= SAME_GRADE_POINTS + 1e-9


def load_tokenizer(file: Path, max_length: int):
    """The model's tokenizer.json, truncating pairs longest-first to `max_length`, not padding
    (batches are padded to their longest pair). Training uses this function too."""
    from tokenizers import Tokenizer

    tokenizer = Tokenizer.from_file(str(file))
    tokenizer.no_padding()
    tokenizer.enable_truncation(max_length=max_length, strategy="longest_first")
    return tokenizer


def pad_batch(encodings: Sequence, pad_id: int = 0) -> dict[str, np.ndarray]:
    """input_ids, attention_mask and token_type_ids of some encodings, padded to the longest."""
    width = max(len(encoding.ids) for encoding in encodings)
    feed = {name: np.zeros((len(encodings), width), dtype=np.int64) for name in INPUTS}
    feed["input_ids"].fill(pad_id)
    for row, encoding in enumerate(encodings):
        size = len(encoding.ids)
        feed["input_ids"][row, :size] = encoding.ids
        feed["attention_mask"][row, :size] = encoding.attention_mask
        feed["token_type_ids"][row, :size] = encoding.type_ids
    return feed


class CrossEncoder:
    """An int8 ONNX cross-encoder with the tokenizer it was trained with."""

    def __init__(self, folder: Path, threads: int = 1) -> None:
        folder = Path(folder)
        self.folder = folder
        self.name = folder.name
        missing = [name for name in (MODEL_FILE, TOKENIZER_FILE, CONFIG_FILE) if not (folder / name).is_file()]
        if missing:
            raise SensemakingError(
                f"the {folder.name} model is missing {', '.join(missing)} in {folder}; reinstall the app"
            )
        try:
            import onnxruntime

            config = json.loads((folder / CONFIG_FILE).read_text(encoding="utf-8"))
            self.labels: list[str] = [str(label) for label in config["labels"]]
            self.max_length = int(config["max_length"])
            self.config = config
            self._tokenizer = load_tokenizer(folder / TOKENIZER_FILE, self.max_length)
            self._pad_id = self._tokenizer.token_to_id("[PAD]") or 0
            options = onnxruntime.SessionOptions()
            options.intra_op_num_threads = max(1, int(threads))
            options.inter_op_num_threads = 1
            options.log_severity_level = 3
            self._session = onnxruntime.InferenceSession(
                str(folder / MODEL_FILE), sess_options=options, providers=["CPUExecutionProvider"]
            )
            inputs = {item.name for item in self._session.get_inputs()}
            width = self._session.get_outputs()[0].shape[-1]
        except Exception as error:  # a damaged file fails in json, tokenizers or onnxruntime alike
            raise SensemakingError(f"the {folder.name} model in {folder} is damaged: {_one_line(error)}") from error
        if not set(INPUTS) <= inputs or not self.labels:
            raise SensemakingError(f"the {folder.name} model in {folder} is damaged: its inputs are {sorted(inputs)}")
        self._single_logit = width == 1
        if self._single_logit and len(self.labels) != 2 or not self._single_logit and width != len(self.labels):
            raise SensemakingError(
                f"the {folder.name} model in {folder} is damaged: {width} outputs for labels {self.labels}"
            )

    @functools.cached_property
    def provenance(self) -> dict[str, str]:
        """The model's name and its model file's sha256, for a grade's provenance."""
        return {"model": self.name, "sha256": sha256_of(self.folder / MODEL_FILE)}

    def probabilities(self, pairs: Sequence[tuple[str, str]], batch_size: int = 32) -> np.ndarray:
        """One row per pair, in order: the probability of each of `labels` (rows sum to 1). Pairs
        are run in batches of similar length, so little of each batch is padding."""
        result = np.zeros((len(pairs), len(self.labels)), dtype=np.float32)
        if not pairs:
            return result
        encodings = self._tokenizer.encode_batch([(str(first), str(second)) for first, second in pairs])
        order = sorted(range(len(pairs)), key=lambda index: len(encodings[index].ids))
        for start in range(0, len(order), batch_size):
            chosen = order[start : start + batch_size]
            feed = pad_batch([encodings[index] for index in chosen], self._pad_id)
            (logits,) = self._session.run(None, feed)
            result[chosen] = _probabilities(np.asarray(logits, dtype=np.float32), self._single_logit)
        return result

    def predict(self, pairs: Sequence[tuple[str, str]], batch_size: int = 32) -> list[str]:
        """The most probable label of each pair."""
        return [self.labels[index] for index in self.probabilities(pairs, batch_size).argmax(axis=1)]


def _probabilities(logits: np.ndarray, single_logit: bool) -> np.ndarray:
    if single_logit:
        same = 1.0 / (1.0 + np.exp(-logits[:, 0]))
        return np.stack([1.0 - same, same], axis=1)
    shifted = np.exp(logits - logits.max(axis=1, keepdims=True))
    return shifted / shifted.sum(axis=1, keepdims=True)


def _one_line(error: BaseException) -> str:
    text = " ".join(str(error).split()) or type(error).__name__
    return text[:200]


def shipped_model_dir(name: str) -> Path:
    """The folder of a cross-encoder shipped with the app (models/<name>)."""
    return paths.bundled_models_dir() / name


@functools.cache
def nli_model() -> CrossEncoder:
    """The shipped NLI cross-encoder (labels entailment, neutral, contradiction), loaded once."""
    return CrossEncoder(shipped_model_dir(NLI_MODEL))


@functools.cache
def answer_judge() -> CrossEncoder:
    """The answer judge (labels right, wrong, contradicts), loaded once: the shipped one, or the
    model folder that ANSWER_JUDGE_ENV names (a researcher's own, or one of training/'s
    held-out-question fold models, to measure it through the whole Evaluator)."""
    chosen = os.environ.get(ANSWER_JUDGE_ENV)
    return CrossEncoder(Path(chosen) if chosen else shipped_model_dir(ANSWER_JUDGE_MODEL))


@functools.cache
def pair_judge() -> CrossEncoder:
    """The shipped pairwise grading judge (labels different, same), loaded once."""
    return CrossEncoder(shipped_model_dir(PAIR_JUDGE_MODEL))
