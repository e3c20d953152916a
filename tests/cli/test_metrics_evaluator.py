"""`sensemaking metrics evaluator`: human and machine grade files paired and compared."""

import json
from pathlib import Path

import pytest

from sensemaking_desktop.cli import main


def evaluator(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """Runs the command in-process as `sensemaking` does; returns (exit code, stdout, stderr)."""
    try:
        main(["metrics", "evaluator", *args])
        code = 0
    except SystemExit as exit_:
        code = int(exit_.code or 0)
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def write_lines(path: Path, rows: list[dict]) -> Path:
    path.write_text("".join(json.dumps(row) + "\n" for row in rows), encoding="utf-8")
    return path


def test_pairs_by_id_maps_a_0_to_5_scale_and_reports_per_question(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    human = tmp_path / "human.csv"
    human.write_text("ID;Question_ID;Score\nx1;q1;1\nx2;q1;4,5\nx3;q2;5\nx4;q2;2\nx5;q1;3\n", encoding="utf-8")
    machine = write_lines(
        tmp_path / "machine.jsonl",
        [{"id": "x3", "score": 100}, {"id": "x1", "score": 20}, {"id": "x2", "score": 80}, {"id": "x4", "score": 40}],
    )
    code, out, err = evaluator(capsys, "--human", str(human), "--machine", str(machine), "--human-max", "5", "--json")
    assert code == 0, err
    report = json.loads(out)
    assert report["overall"]["n"] == 4  # x5 has no machine grade
    assert report["overall"]["mean_human"] == pytest.approx((20 + 90 + 100 + 40) / 4)
    assert report["overall"]["pearson"] == pytest.approx(0.99271, abs=1e-5)
    assert set(report["per_question"]) == {"q1", "q2"}
    assert report["per_question"]["q2"]["spearman"] == pytest.approx(1.0)


def test_pairs_by_order_when_the_machine_file_has_no_ids(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    human = write_lines(
        tmp_path / "human.jsonl", [{"id": 1, "score": 10}, {"id": 2, "score": 90}, {"id": 3, "score": 50}]
    )
    machine = write_lines(tmp_path / "machine.jsonl", [{"score": 0}, {"score": 100}, {"score": 50}])
    code, out, err = evaluator(capsys, "--human", str(human), "--machine", str(machine), "--json")
    assert code == 0, err
    report = json.loads(out)
    assert report["overall"]["n"] == 3 and report["overall"]["spearman"] == pytest.approx(1.0)
    assert report["per_question"] == {}


def test_constant_grades_print_null_correlations_and_a_table_without_json(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    human = write_lines(tmp_path / "human.jsonl", [{"score": 80}, {"score": 80}])
    machine = write_lines(tmp_path / "machine.jsonl", [{"score": 60}, {"score": 90}])
    code, out, _ = evaluator(capsys, "--human", str(human), "--machine", str(machine), "--json")
    assert code == 0 and json.loads(out)["overall"]["pearson"] is None
    code, out, _ = evaluator(capsys, "--human", str(human), "--machine", str(machine))
    assert code == 0 and "pearson" in out and "all" in out


def test_another_score_column(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    human = write_lines(
        tmp_path / "human.jsonl", [{"id": "a", "score": 1, "score_ta": 5}, {"id": "b", "score": 5, "score_ta": 0}]
    )
    machine = write_lines(tmp_path / "machine.jsonl", [{"id": "a", "score": 100}, {"id": "b", "score": 0}])
    args = ("--human", str(human), "--machine", str(machine), "--human-max", "5", "--json")
    code, out, _ = evaluator(capsys, *args, "--score-column", "score_ta")
    assert code == 0 and json.loads(out)["overall"]["rmse"] == 0


@pytest.mark.parametrize(
    ("human_rows", "machine_rows", "extra", "message"),
    [
        ([{"score": 1}, {"score": 2}], [{"score": 50}], (), "Cannot pair 2 human grades with 1 machine grades"),
        ([{"id": "a", "score": 1}], [{"id": "z", "score": 50}], (), "1 id with no human grade, e.g. 'z'"),
        ([{"id": "a", "score": 1}, {"id": "a", "score": 2}], [{"id": "a", "score": 5}], (), "id 'a' appears twice"),
        ([{"score": 7}], [{"score": 50}], ("--human-max", "5"), "line 1: score 7 is outside 0–5"),
        ([{"score": "n/a"}], [{"score": 50}], (), "line 1: no numeric 'score'"),
        ([{"score": 50}], [{"score": 150}], (), "item 1: no score from 0 to 100"),
    ],
)
def test_bad_input_is_one_clear_error(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    human_rows: list[dict],
    machine_rows: list[dict],
    extra: tuple[str, ...],
    message: str,
) -> None:
    human = write_lines(tmp_path / "human.jsonl", human_rows)
    machine = write_lines(tmp_path / "machine.jsonl", machine_rows)
    code, out, err = evaluator(capsys, "--human", str(human), "--machine", str(machine), *extra)
    assert code == 1 and out == ""
    assert err.startswith("error: ") and message in err


def test_a_human_file_on_0_to_5_without_human_max_is_warned_about(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    human = write_lines(tmp_path / "human.jsonl", [{"score": 1}, {"score": 5}])
    machine = write_lines(tmp_path / "machine.jsonl", [{"score": 20}, {"score": 100}])
    code, _, err = evaluator(capsys, "--human", str(human), "--machine", str(machine), "--json")
    assert code == 0 and "--human-max" in err
