"""`bench student --items` and `bench abstention`: SQuAD 2.0 lines in, refusal and ROUGE-L
figures out, and the fit of the abstention rule."""

import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from sensemaking_desktop.bench.abstention import (
    choose_threshold,
    figures,
    fit,
    fit_weights,
    passage_order,
    read_items,
    read_replies,
)
from sensemaking_desktop.errors import SensemakingError
from sensemaking_desktop.roles.student import NOT_IN_MATERIAL

NUTS = (
    "The Boots self-locking nut is of one piece, all-metal construction designed to hold tight despite severe "
    "vibration. The Rol-top nut is cadmium-plated steel, and the bellows type is made of aluminum alloy only. "
    "The elastic stop nut has a fiber locking collar."
)


def squad_line(question: str, answers: list[str], passage: str = "nuts#0", context: str = NUTS) -> dict:
    return {
        "passage_id": passage,
        "context": context,
        "question": question,
        "answers": answers,
        "is_impossible": not answers,
    }


def write_lines(path: Path, rows: list) -> Path:
    path.write_text("\n".join(row if isinstance(row, str) else json.dumps(row) for row in rows) + "\n")
    return path


def run(data: Path, *args: str) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "sensemaking_desktop", "--data-dir", str(data), *args]
    return subprocess.run(command, capture_output=True, text=True, timeout=600)


def test_items_are_read_and_a_passages_items_come_back_to_back(tmp_path: Path) -> None:
    rows = [
        squad_line("What is the Rol-top nut made of?", ["cadmium-plated steel"]),
        squad_line("What is water?", ["wet"], passage="water#0", context="Water is wet."),
        squad_line("Who sold the Rol-top nut?", []),
    ]
    items = read_items(write_lines(tmp_path / "items.jsonl", rows))
    assert (
        [item.line for item in items] == [1, 2, 3]
        and items[2].is_impossible
        and items[0].answers == ("cadmium-plated steel",)
    )
    assert passage_order(items) == [0, 2, 1]


def test_bad_items_are_named_in_one_message(tmp_path: Path) -> None:
    good = squad_line("What is the Rol-top nut made of?", ["cadmium-plated steel"])
    rows = [good, "{not json", {"question": "Q?"}, good | {"answers": [], "is_impossible": False}]
    with pytest.raises(SensemakingError, match="line 2: not JSON.*line 3: needs the field.*context.*line 4"):
        read_items(write_lines(tmp_path / "items.jsonl", rows))
    with pytest.raises(SensemakingError, match="Cannot read"):
        read_items(tmp_path / "missing.jsonl")


def test_the_cli_says_what_is_wrong_in_one_line_without_a_traceback(tmp_path: Path) -> None:
    result = run(tmp_path / "data", "bench", "student", "--items", str(tmp_path / "missing.jsonl"))
    assert result.returncode != 0 and "Traceback" not in result.stderr and "Cannot read" in result.stderr
    bad = write_lines(tmp_path / "bad.jsonl", ['{"question": "Q?"}'])
    result = run(tmp_path / "data", "bench", "student", "--items", str(bad))
    assert result.returncode != 0 and "Traceback" not in result.stderr and "line 1: needs the field" in result.stderr
    result = run(tmp_path / "data", "bench", "abstention", str(bad))
    assert result.returncode != 0 and "Traceback" not in result.stderr and "not a signals file" in result.stderr
    result = run(tmp_path / "data", "bench", "student", "--limit", "2")
    assert result.returncode == 2 and "--limit, --signals-out and --ask-model go with --items" in result.stderr


def reply(impossible: bool, said: bool, kept: bool, answer: str, references: list[str]) -> dict:
    return {
        "is_impossible": impossible,
        "answers": references,
        "model_answerable": said,
        "model_answer": answer if said else NOT_IN_MATERIAL,
        "answerable": kept,
        "answer": answer if kept else NOT_IN_MATERIAL,
    }


def test_figures_count_refusals_and_score_a_refused_answerable_question_zero() -> None:
    rows = [
        reply(False, True, True, "cadmium-plated steel", ["cadmium-plated steel", "steel"]),  # recall 1
        reply(False, True, False, "aluminum alloy", ["aluminum alloy only"]),  # alone 2/3, ruled 0
        reply(True, True, False, "Boots", []),  # refused by the rule
        reply(True, True, True, "1942", []),  # kept
        reply(True, False, False, "", []),  # refused by the model
    ]
    found = figures(rows)
    assert (found["items"], found["unanswerable"], found["answerable"]) == (5, 3, 2)
    assert found["refused_unanswerable"] == pytest.approx(2 / 3, abs=1e-3)
    assert found["refused_unanswerable_alone"] == pytest.approx(1 / 3, abs=1e-3)
    assert found["rouge_l_recall"] == pytest.approx(0.5, abs=1e-3)
    assert found["rouge_l_recall_alone"] == pytest.approx((1 + 2 / 3) / 2, abs=1e-3)
    assert found["overruled"] == 2 and found["refused_answerable"] == 0.5


def test_the_fit_weighs_a_separating_signal_and_not_a_constant_or_contrary_one() -> None:
    rng = np.random.default_rng(3)
    answerable = np.array([1.0] * 20 + [0.0] * 20)
    separating = answerable * 0.6 + rng.uniform(0, 0.4, 40)
    constant = np.full(40, 0.5)
    contrary = 1 - separating
    noise = rng.uniform(0, 1, 40)
    bias, weights = fit_weights(np.column_stack([separating, constant, contrary, noise]), answerable)
    assert weights[0] > 1.0 and weights[1] == 0.0 and weights[2] == 0.0 and all(w >= 0 for w in weights)
    scores = 1 / (1 + np.exp(-(bias + weights[0] * separating + weights[3] * noise)))
    assert scores[:20].min() > scores[20:].max()


def test_the_threshold_is_the_lowest_refusing_the_target_share() -> None:
    rows = [reply(True, True, True, "x", []) for _ in range(4)] + [reply(False, True, True, "a", ["a"])]
    scores = [0.1, 0.2, 0.3, 0.9, 0.5]
    assert choose_threshold(rows, scores, 0.75) == 0.31
    assert choose_threshold(rows, scores, 1.0) == 0.91
    assert choose_threshold(rows, [0.9, 0.9, 0.9, 0.9, 0.9], 0.75) == 0.91


def test_the_fit_of_stored_replies_recomputes_their_signals_and_scores_checked_files(tmp_path: Path) -> None:
    asked = [
        ("What is the Rol-top nut made of?", "cadmium-plated steel", False, 0.9),
        ("What does the elastic stop nut have?", "a fiber locking collar", False, 0.8),
        ("What is the bellows type made of?", "aluminum alloy", False, 0.85),
        ("Who sold the first Rol-top nut?", "the elastic stop nut", True, 0.55),
        ("When was the Boots company founded?", "fiber", True, 0.6),
        ("Which nut melts in severe heat?", "the bellows type", True, 0.5),
    ]
    rows = [
        squad_line(question, [] if impossible else [answer])
        | {
            "model_answerable": True,
            "model_answer": answer,
            "evidence": [],
            "signals": {"p_answerable": p},
            "answerable": True,
            "answer": answer,
        }
        for question, answer, impossible, p in asked
    ]
    refusal = squad_line("Who painted the nut?", []) | {"model_answerable": False, "model_answer": NOT_IN_MATERIAL}
    path = write_lines(tmp_path / "replies.jsonl", [*rows, refusal | {"evidence": [], "signals": None}])
    files = read_replies([path])
    found = fit(files, checked=files)
    assert found["fitted_replies"] == 6 and found["fitted_answerable"] == 3
    assert all(weight >= 0 for weight in found["weights"]) and found["target_reached"]
    assert found["weights"][found["signals"].index("p_answerable")] > 0
    assert found["files"][0]["refused_unanswerable"] >= 0.85 and found["checked"] == found["files"]
    assert found["files"][0]["auc_answerable"]["p_answerable"] == 1.0


def test_bench_student_items_on_the_embedded_model_and_the_fit_of_its_signals(tmp_path: Path) -> None:
    rows = [
        squad_line("What is the Rol-top nut made of?", ["cadmium-plated steel"]),
        squad_line("In which year did the Boots company first sell the Rol-top nut?", []),
        squad_line("What does the elastic stop nut have?", ["a fiber locking collar"]),
    ]
    items = write_lines(tmp_path / "items.jsonl", rows)
    signals = tmp_path / "signals.jsonl"
    extracted = run(tmp_path / "data", "bench", "student", "--items", str(items))
    assert extracted.returncode == 0, extracted.stderr
    found = json.loads(extracted.stdout)
    assert found["student"] == "extractive" and found["model_calls"] == 0
    assert found["refused_unanswerable"] == 1.0 and found["rouge_l_recall"] == 1.0, "the clauses hold both answers"
    command = ("bench", "student", "--items", str(items), "--signals-out", str(signals), "--ask-model")
    result = run(tmp_path / "data", *command)
    assert result.returncode == 0, result.stderr
    found = json.loads(result.stdout)
    assert found["model"].startswith("smollm2") and found["items"] == 3 and found["unanswerable"] == 1
    assert found["model_calls"] == 3 and found["answers_per_minute"] > 0 and found["evaluated_over_minimum"]
    assert found["student"] == "model" and set(found["rule"]) == {"weights", "bias", "threshold"}
    written = [json.loads(line) for line in signals.read_text().splitlines()]
    assert [row["question"] for row in written] == [row["question"] for row in rows]
    impossible = written[1]
    assert found["refused_unanswerable"] == float(not impossible["answerable"])
    assert found["refused_unanswerable_alone"] == float(not impossible["model_answerable"])
    recalls = [row["recall"] for row in written if not row["is_impossible"]]
    alone = [row["recall_alone"] for row in written if not row["is_impossible"]]
    assert found["rouge_l_recall"] == pytest.approx(sum(recalls) / 2, abs=1e-3)
    assert found["rouge_l_recall_alone"] == pytest.approx(sum(alone) / 2, abs=1e-3)
    for row in written:
        assert (row["signals"] is None) == (not row["model_answerable"])
        if not row["answerable"]:
            assert row["answer"] == NOT_IN_MATERIAL and (row["recall"] in (None, 0.0))
    assert read_replies([signals])[0][1] == written
