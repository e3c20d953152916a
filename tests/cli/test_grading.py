"""`sensemaking grade --items`, `review` and `robustness --items` through the real command."""

import json
import subprocess
import sys
from pathlib import Path

from sensemaking_desktop.metrics.adversarial import PROBE_KINDS
from sensemaking_desktop.roles.grading_checks import shuffled

QUESTION = "Why is rain fresh water?"
REFERENCE = "The salt stays behind when sea water evaporates."
LONG_ANSWER = (
    "Because the salt stays behind when sea water evaporates, so the vapour that rises into the clouds is fresh."
)


def run(data: Path, *args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "sensemaking_desktop", "--data-dir", str(data), *args]
    return subprocess.run(command, capture_output=True, text=True, timeout=600, input=stdin)


def write_lines(path: Path, items: list[dict]) -> Path:
    path.write_text("".join(json.dumps(item) + "\n" for item in items))
    return path


def test_items_are_graded_in_input_order(tmp_path: Path) -> None:
    items = [
        {"id": "a", "question": QUESTION, "answer": "Because the salt stays in the sea.", "reference": REFERENCE},
        {"id": "b", "question": QUESTION, "answer": "", "max_points": 4},
        {"question": QUESTION, "answer": shuffled(LONG_ANSWER, 3), "reference": REFERENCE},
    ]
    result = run(tmp_path / "data", "grade", "--items", str(write_lines(tmp_path / "items.jsonl", items)))
    assert result.returncode == 0, result.stderr
    lines = [json.loads(line) for line in result.stdout.splitlines()]
    assert [line.get("id") for line in lines] == ["a", "b", None]
    for line in lines:
        assert {"score", "reason", "flags", "confidence", "signals", "provenance"} <= set(line)
    assert (lines[1]["score"], lines[1]["points"], lines[1]["flags"]) == (0.0, 0.0, ["empty"])
    assert lines[0]["provenance"]["template_name"] == "evaluator_grade"
    assert lines[2]["score"] <= 10


def test_bad_items_are_named_and_nothing_is_graded(tmp_path: Path) -> None:
    path = tmp_path / "items.jsonl"
    path.write_text('{"question": "q"}\n{"question": "q", "answer": "a", "max_points": -1}\n')
    result = run(tmp_path / "data", "grade", "--items", str(path))
    assert result.returncode == 1 and result.stdout == ""
    assert "line 1: needs the text field answer" in result.stderr


def test_grade_needs_a_quiz_or_items(tmp_path: Path) -> None:
    assert run(tmp_path / "data", "grade").returncode == 2
    missing = run(tmp_path / "data", "grade", "7")
    assert missing.returncode == 1 and "no quiz 7" in missing.stderr.lower()


def test_review_is_empty_on_a_new_library_and_rejects_bad_grades(tmp_path: Path) -> None:
    data = tmp_path / "data"
    assert json.loads(run(data, "review", "list", "--json").stdout) == []
    assert run(data, "review", "walk").stdout.strip() == "Nothing to review."
    bad = run(data, "review", "set", "1", "1", "1", "50")
    assert bad.returncode == 1 and "There is no quiz 1" in bad.stderr


def test_robustness_over_items_reports_every_control_class(tmp_path: Path) -> None:
    rows = [
        ("1", "sea", QUESTION, "Because the salt stays in the sea when it evaporates.", REFERENCE),
        ("2", "sea", "Where does rain on land go?", "Rivers carry it back to the sea.", "Back to the sea, in rivers."),
        (
            "3",
            "ice",
            "How do glaciers move?",
            "They slide downhill under their own weight.",
            "Downhill, by their weight.",
        ),
    ]
    items = [dict(zip(("id", "topic", "question", "answer", "reference"), row)) for row in rows]
    items[0]["human_score"] = 100
    result = run(tmp_path / "data", "robustness", "--items", str(write_lines(tmp_path / "s.jsonl", items)), "--json")
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["status"] == "done" and report["graded"] == report["cases"]
    controls = {"genuine", "swapped_answer", "random_text", "shuffled_answer", "shuffled_question", "foreign_question"}
    probes = set(PROBE_KINDS) | {f"{kind}_no_reference" for kind in PROBE_KINDS}
    assert controls <= set(report["classes"]) and set(report["classes"]) - controls <= probes
    assert report["classes"]["genuine"]["n"] == 3 and report["full_marks_n"] == 1
    for kind in ("random_text", "foreign_question", "shuffled_answer"):
        assert report["classes"][kind]["mean"] <= 20, (kind, report)


def test_agreement_with_people_is_measured_on_a_quiz_in_the_library(tmp_path: Path) -> None:
    from sensemaking_desktop.quizzes.model import Question, QuestionKind, Quiz
    from sensemaking_desktop.store import open_store
    from sensemaking_desktop.store.answers import add_answer, add_grade, add_run
    from sensemaking_desktop.store.quizzes import add_quiz, get_quiz

    data = tmp_path / "data"
    with open_store(data) as store:
        with store.atomic() as db:
            quiz_id = add_quiz(db, Quiz(title="Sea", questions=[Question(kind=QuestionKind.OPEN, text=QUESTION)]))
        question_id = get_quiz(store, quiz_id).questions[0].id
        with store.atomic() as db:
            run_id = add_run(db, quiz_id, "person", "class", "imported")
            for machine, human in ((90, 100), (40, 50), (10, 0)):
                answer_id = add_answer(db, run_id, question_id, f"answer {machine}")
                add_grade(db, answer_id, source="machine", score=machine, reason="", grader="m")
                add_grade(db, answer_id, source="human", score=human, reason="", grader="t")
    result = run(data, "metrics", "evaluator", "--quiz", str(quiz_id), "--json")
    assert result.returncode == 0, result.stderr
    overall = json.loads(result.stdout)["overall"]
    assert overall["n"] == 3 and overall["pearson"] > 0.95 and overall["class_accuracy"] == 1.0
    empty = run(data, "metrics", "evaluator", "--quiz", "99")
    assert empty.returncode == 1 and "No answer to quiz 99" in empty.stderr
    assert run(data, "metrics", "evaluator").returncode == 2


def test_bench_grading_prints_the_figures_and_fits(tmp_path: Path) -> None:
    rows = [
        {"question": QUESTION, "reference": REFERENCE, "answer": LONG_ANSWER, "human_score": 5, "human_max": 5},
        {
            "question": QUESTION,
            "reference": REFERENCE,
            "answer": "Rain falls from clouds.",
            "human_score": 0,
            "human_max": 5,
        },
    ]
    result = run(tmp_path / "data", "bench", "grading", str(write_lines(tmp_path / "items.jsonl", rows)))
    assert result.returncode == 0, result.stderr
    figures = json.loads(result.stdout)
    assert figures["n"] == 2 and figures["auc"] in (0.0, 0.5, 1.0) and figures["answers_per_minute"] > 0
    assert {"pearson", "spearman", "qwk", "ece", "large_errors_caught_at_20pct", "share_wrong_graded_ge_80"} <= set(
        figures
    )
    fitted = tmp_path / "model.json"
    result = run(
        tmp_path / "data", "bench", "grading", str(write_lines(tmp_path / "fit.jsonl", rows * 10)), "--fit", str(fitted)
    )
    assert result.returncode == 0, result.stderr
    assert json.loads(fitted.read_text())["fitted_on"] == {"items": 20, "negatives": 0, "questions": 1}
    negated = {"question": QUESTION, "reference": REFERENCE, "human_max": 5, "human_score": 0}
    negated["answer"] = "The salt does not stay behind when sea water evaporates."
    result = run(
        tmp_path / "data",
        "bench",
        "grading",
        str(write_lines(tmp_path / "gates.jsonl", [negated] * 10)),
        "--fit-gates",
        str(fitted),
    )
    assert result.returncode == 0, result.stderr
    both = json.loads(fitted.read_text())
    assert both["fitted_on"]["items"] == 20, "fitting the gates keeps the combination"
    assert both["gates"]["overruled"] == {"contradicts_reference": {"grades": 10, "close": 10}}


def test_a_rubric_is_set_shown_and_cleared(tmp_path: Path) -> None:
    from sensemaking_desktop.quizzes.model import Question, QuestionKind, Quiz
    from sensemaking_desktop.store import open_store
    from sensemaking_desktop.store.quizzes import add_quiz

    with open_store(tmp_path / "data") as store, store.atomic() as db:
        add_quiz(
            db,
            Quiz(title="Rain", questions=[Question(kind=QuestionKind.OPEN, text=QUESTION, reference_answer=REFERENCE)]),
        )
    rubric = [{"text": "salt stays behind", "points": 2}, {"text": "vapour is fresh", "feedback": "Say what rises."}]
    (tmp_path / "rubric.json").write_text(json.dumps(rubric))
    result = run(tmp_path / "data", "quizzes", "rubric", "1", str(tmp_path / "rubric.json"), "--json")
    assert result.returncode == 0, result.stderr
    shown = json.loads(result.stdout)
    assert shown["source"] == "rubric" and [c["points"] for c in shown["criteria"]] == [2, 1]
    (tmp_path / "bad.json").write_text('{"criteria": "none"}')
    assert "list of criteria" in run(tmp_path / "data", "quizzes", "rubric", "1", str(tmp_path / "bad.json")).stderr
    cleared = run(tmp_path / "data", "quizzes", "rubric", "1", "--clear", "--json")
    assert json.loads(cleared.stdout)["source"] == "none yet"


def test_review_walk_shows_the_rubric_criterion_by_criterion(tmp_path: Path) -> None:
    from rubricgrades import COVERAGE, RUBRIC, rubric_quiz

    from sensemaking_desktop.store import open_store

    data = tmp_path / "data"
    with open_store(data) as store:
        rubric_quiz(store, RUBRIC, COVERAGE)
    shown = run(data, "review", "walk", stdin="s\n")
    assert shown.returncode == 0, shown.stderr
    assert "✓ Rivers carry salt into the sea — 2/2 points" in shown.stdout
    assert "Found: “rivers bring salt”" in shown.stdout
    assert "✗ Evaporation leaves the salt behind — 0.25/1 points" in shown.stdout
    assert "Feedback: Say what happens when water evaporates." in shown.stdout
    assert "0 grades reviewed." in shown.stdout
