"""Running one chunk of one cell: each item through the role, or from the cache.

A model output is reused when everything that determines it is the same: the item's inputs,
the model file's sha256 (or server URL and model id), the versions of the prompt templates
the role renders, and the cell's settings (sampling, seed, role options). The cache key is
the sha256 of those as canonical JSON. Each output keeps the per-item figures the
leaderboard needs (a ROUGE-L recall, a grade beside the person's, a question set's
similarities to the text's windows) and what it cost (tokens, seconds), so the leaderboard
never runs a model.

A pipeline's job item is one stage over a chunk of documents. The Teacher's stage writes a
document's questions; the Student's reads them from the Teacher's committed outputs and
answers each from the document; the Evaluator's reads the Student's and grades each answer
against the Teacher's reference. Their outputs are stored under "teacher:DOC",
"student:DOC#N" and "evaluator:DOC#N", each with the inputs the next stage needs, and each
stage is cached on its own (cells that differ only in the Student share the Teacher's run).
"""

import hashlib
import json
import time
from functools import cached_property
from typing import Any

import sqlite_utils

from sensemaking_desktop.cancel import CancelToken
from sensemaking_desktop.jobs import JobHandler
from sensemaking_desktop.llm.backend import ChatBackend, Sampling
from sensemaking_desktop.llm.prompts import pinned
from sensemaking_desktop.metrics.student import AnswerPair, student_metrics
from sensemaking_desktop.metrics.teacher import metrics_from_similarities, windows
from sensemaking_desktop.roles.question_memo import QuestionMemo
from sensemaking_desktop.store.experiments import cache_output, cached_output, document_outputs, save_output
from sensemaking_desktop.text.embeddings import default_embedder
from sensemaking_desktop.workflows.experiments.spec import TEMPLATES, stage_config
from sensemaking_desktop.workflows.job_outcomes import CellCounts

MODEL_KEY = "model"
TEMPLATE_KEY = "template"
"""A cell's prompt version; the cache key has it among the versions of every template rendered."""


def cache_key(
    role: str, item: dict[str, Any], config: dict[str, Any], identity: dict[str, Any], templates: dict
) -> str:
    """sha256 of everything a model output depends on; an item's key and cluster are not inputs."""
    inputs = {name: value for name, value in item.items() if name not in ("key", "cluster")}
    settings = {name: value for name, value in config.items() if name not in (MODEL_KEY, TEMPLATE_KEY)}
    model = {"sha256": identity.get("sha256"), "server_url": identity.get("server_url"), "name": identity.get("name")}
    if model["sha256"]:
        model.pop("name")
    record = {"role": role, "inputs": inputs, "settings": settings, "model": model, "templates": templates}
    return hashlib.sha256(json.dumps(record, sort_keys=True, ensure_ascii=False).encode()).hexdigest()


def versions(role: str, config: dict[str, Any], chosen: dict[str, str]) -> dict[str, str]:
    """The version of each template the role renders in this cell: the experiment's, or the
    cell's own NAME@VERSION."""
    found = {name: chosen[name] for name in TEMPLATES[role]}
    if config.get(TEMPLATE_KEY):
        name, version = config[TEMPLATE_KEY].split("@", 1)
        found[name] = version
    return found


class ExperimentHandler(JobHandler):
    """params: experiment_id, role, use_cache, models (ref -> identity), templates;
    payload: cell_id, config, dataset, stage (the role, or a pipeline's stage), items."""

    name = "experiment"

    def run(self, payload: dict[str, Any], cancel: CancelToken) -> dict[str, Any]:
        role = self.params["role"]
        stage = payload.get("stage", role)
        config = stage_config(payload["config"], role, stage)
        items = payload["items"] if role != "pipeline" else self._stage_items(payload, stage)
        outputs = []
        for number, item in enumerate(items, start=1):
            cancel.raise_if_cancelled()
            key, output, cached = self._output(stage, item, config, cancel)
            if role == "pipeline":
                output = output | _passed_on(stage, item)
                item = item | {"key": f"{stage}:{item['key']}"}
            outputs.append(
                {"key": item["key"], "cluster": item["cluster"], "cache_key": key, "cached": cached, "output": output}
            )
            self.context.item_progress(number / len(items))
        return {"outputs": outputs}

    def _output(
        self, role: str, item: dict[str, Any], config: dict[str, Any], cancel: CancelToken
    ) -> tuple[str, dict[str, Any], bool]:
        """(cache key, output, whether it came from the cache) of one item through one role."""
        identity = self.params["models"][config[MODEL_KEY]]
        templates = versions(role, config, self.params["templates"])
        key = cache_key(role, item, config, identity, templates)
        output = self._cached(key) if self.params["use_cache"] else None
        if output is not None:
            return key, output, True
        engine = self.context.engine(None if config[MODEL_KEY] == "default" else config[MODEL_KEY])
        with pinned(templates):
            if role == "evaluator":
                return key, _evaluator(engine, item, config, cancel, self.memo), False
            return key, RUNS[role](engine, item, config, cancel), False

    @cached_property
    def memo(self) -> QuestionMemo:
        """This job run's per-question results for the Evaluator: a question's trust check and
        fluency are computed once for its answers, as in a grading job."""
        return QuestionMemo()

    def _stage_items(self, payload: dict[str, Any], stage: str) -> list[dict[str, Any]]:
        """A pipeline stage's items: the documents for the Teacher; the questions the Teacher
        kept for the Student; the Student's answers for the Evaluator."""
        if stage == "teacher":
            return payload["items"]
        items = []
        for document in payload["items"]:
            earlier = "teacher" if stage == "student" else "student"
            for key, output in self._stage_outputs(payload["cell_id"], payload["dataset"], earlier, document["key"]):
                items.extend(_next_items(stage, document, key, output))
        return items

    def _stage_outputs(self, cell_id: int, dataset: str, stage: str, document: str) -> list[tuple[str, dict]]:
        """A document's committed outputs of one stage, as (key without the stage, output)."""
        found = document_outputs(self.context.store, cell_id, dataset, f"{stage}:{document}")
        return [(key.removeprefix(f"{stage}:"), output) for key, output in found]

    def save(self, db: sqlite_utils.Database, payload: dict[str, Any], result: dict[str, Any]) -> dict[str, Any]:
        for entry in result["outputs"]:
            text = json.dumps(entry["output"], ensure_ascii=False)
            cell_id, dataset = payload["cell_id"], payload["dataset"]
            save_output(db, cell_id, dataset, entry["key"], entry["cluster"], text, cached=entry["cached"])
            if not entry["cached"]:
                cache_output(db, entry["cache_key"], text)
        cached = sum(entry["cached"] for entry in result["outputs"])
        return CellCounts(items=len(result["outputs"]), cached=cached).as_json()

    def _cached(self, key: str) -> dict[str, Any] | None:
        return cached_output(self.context.store, key)


def _next_items(stage: str, document: dict[str, Any], key: str, output: dict[str, Any]) -> list[dict[str, Any]]:
    """The Student's items from a Teacher's output (one per question), or the Evaluator's item
    from a Student's answer."""
    if stage == "student":
        return [
            {
                "key": f"{key}#{number}",
                "cluster": document["cluster"],
                "material": document["text"],
                "question": question["prompt"],
                "references": [question["reference"]] if question["reference"] else [],
            }
            for number, question in enumerate(output["items"])
        ]
    return [
        {
            "key": key,
            "cluster": document["cluster"],
            "question": output["question"],
            "answer": output["answer"],
            "human": None,
            "reference": output["references"][0] if output["references"] else None,
            "material": document["text"],
        }
    ]


def _passed_on(stage: str, item: dict[str, Any]) -> dict[str, Any]:
    """What a pipeline stage's output keeps of its inputs for the next stage and the leaderboard."""
    if stage == "student":
        return {"question": item["question"], "references": item["references"]}
    if stage == "evaluator":
        return {"question": item["question"], "answer": item["answer"], "reference": item["reference"]}
    return {}


def _student(engine: ChatBackend, item: dict[str, Any], config: dict[str, Any], cancel: CancelToken) -> dict:
    """One Student answer by the cell's model, template and sampling: a small model is asked too,
    where the app would extract the answer from the material."""
    from sensemaking_desktop.roles.student import answer_one

    sampling = Sampling(
        **{name: config[name] for name in ("temperature", "top_p", "top_k", "min_p", "repeat_penalty", "seed")}
    )
    started = time.perf_counter()
    reply = answer_one(engine, item["material"], item["question"], sampling=sampling, cancel=cancel, extractive=False)
    seconds = time.perf_counter() - started
    scored = student_metrics([AnswerPair(item["references"], reply.answer, reply.answerable)])
    return {
        "answer": reply.answer,
        "answerable": reply.answerable,
        "supported": reply.supported,
        "gold_answerable": bool(item["references"]),
        "recall": scored.rouge_l_recall,
        **_cost(reply.provenance, seconds),
    }


def _evaluator(
    engine: ChatBackend, item: dict[str, Any], config: dict[str, Any], cancel: CancelToken, memo: QuestionMemo
) -> dict:
    from sensemaking_desktop.roles.evaluator import grade

    started = time.perf_counter()
    result = grade(
        engine,
        item["question"],
        item["answer"],
        material=item.get("material") if config["material"] else None,
        reference=item.get("reference") if config["reference"] else None,
        other_references=item.get("other_references", ()),
        other_questions=item.get("other_questions", ()),
        memo=memo,
        cancel=cancel,
    )
    seconds = time.perf_counter() - started
    return {
        "score": result.score,
        "human": item.get("human"),
        "confidence": result.confidence,
        "reason": result.reason,
        "suite_class": item.get("suite_class"),
        **_cost(result.provenance, seconds),
    }


def _teacher(engine: ChatBackend, item: dict[str, Any], config: dict[str, Any], cancel: CancelToken) -> dict:
    from sensemaking_desktop.roles.teacher import TeacherOptions, generate_quiz
    from sensemaking_desktop.roles.teacher_verify import student_prompt

    kinds = [kind.strip() for kind in config["kinds"].split(",")]
    options = TeacherOptions(count=config["count"], kinds=kinds, difficulty=config["difficulty"], seed=config["seed"])
    started = time.perf_counter()
    result = generate_quiz(engine, item["text"], options, cancel=cancel)
    seconds = time.perf_counter() - started
    questions = [question.text for question in result.kept]
    items = [
        {"kind": question.kind.value, "prompt": student_prompt(question), "reference": question.reference_answer}
        for question in result.kept
    ]
    spans = windows(item["text"])
    similarities = []
    if questions and spans:
        vectors = default_embedder().encode([*questions, *spans])
        similarities = (vectors[: len(questions)] @ vectors[len(questions) :].T).round(6).tolist()
    relevance, coverage, diversity = metrics_from_similarities(similarities) if similarities else (0.0, 0.0, 0.0)
    provenances = [question.verification.provenance or {} for question in result.kept]
    return {
        "questions": questions,
        "items": items,
        "similarities": similarities,
        "relevance": relevance,
        "coverage": coverage,
        "diversity": diversity,
        "prompt_tokens": sum(p.get("prompt_tokens", 0) for p in provenances),
        "completion_tokens": sum(p.get("completion_tokens", 0) for p in provenances),
        "seconds": seconds,
    }


def _cost(provenance: dict[str, Any], seconds: float) -> dict[str, Any]:
    """What the model call cost, and the prompt version it rendered (None: no call was needed)."""
    template = provenance.get("template_name")
    return {
        "prompt_tokens": provenance.get("prompt_tokens", 0),
        "completion_tokens": provenance.get("completion_tokens", 0),
        "seconds": seconds,
        "template": f"{template}@{provenance.get('template_version')}" if template else None,
    }


RUNS = {"student": _student, "teacher": _teacher}
"""The roles whose run needs nothing of the job's own; the Evaluator's takes the job run's memo."""
