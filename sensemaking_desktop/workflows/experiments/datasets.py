"""Items for an experiment's role from the datasets its spec names.

Every item has a `key` (unique within its dataset), a `cluster` (the unit items are nested in,
which the bootstrap resamples: a question for the Evaluator's answers, the item itself for the
Student unless the data names a passage or topic, the document for the Teacher) and the
role's inputs:

- student: material, question, references (an empty list: the material does not answer it)
- evaluator: question, answer, human (0-100), reference, material
- teacher: text

JSON lines are read with the field names of SQuAD (context, answers) and of the Mohler data
(reference_answer, student_answer, score_avg_0_5, question_id) as well as our own; a
dataset's `columns` table renames any of them. A missing file or a field a role needs is one
line naming the dataset, before anything runs.
"""

import csv
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from sensemaking_desktop.errors import SensemakingError
from sensemaking_desktop.samples import load_sample
from sensemaking_desktop.store import Store
from sensemaking_desktop.store.materials import sections_of
from sensemaking_desktop.store.quizzes import get_quiz
from sensemaking_desktop.workflows.experiments.spec import Dataset

Item = dict[str, Any]
FIELDS = {
    "material": ("material", "context", "text"),
    "question": ("question",),
    "references": ("references", "answers", "reference_answer", "reference"),
    "answer": ("answer", "student_answer"),
    "human": ("human_score", "score", "score_avg_0_5"),
    "cluster": ("topic", "question_id", "passage_id", "title"),
    "key": ("id",),
}


def load_items(store: Store, dataset: Dataset, role: str, base: Path) -> list[Item]:
    """The dataset's items for `role`, the first `limit` of them when it has one."""
    readers: dict[str, Callable[[Store, Dataset, str, Path], list[Item]]] = {
        "sample": _sample,
        "jsonl": _jsonl,
        "eloquent": _eloquent,
        "graded_csv": _graded_csv,
        "quiz": _quiz,
        "text": _text,
    }
    items = readers[dataset.kind](store, dataset, role, base)
    if not items:
        raise SensemakingError(f"Dataset {dataset.label} holds no items for the {role}.")
    return items[: dataset.limit] if dataset.limit else items


def _refuse(dataset: Dataset, role: str) -> SensemakingError:
    return SensemakingError(f"A {dataset.kind} dataset ({dataset.label}) has nothing for the {role}.")


def _sample(store: Store, dataset: Dataset, role: str, base: Path) -> list[Item]:
    """A shipped sample: its questions for the Student; for the Evaluator a synthetic graded set
    (each reference answer given as the answer, full marks, and the next question's as a
    swapped answer, no marks); its text for the Teacher."""
    try:
        sample = load_sample(dataset.name or "")
    except FileNotFoundError as error:
        raise SensemakingError(f"There is no sample named {dataset.name!r}.") from error
    questions = sample.questions
    if role == "teacher":
        return [{"key": dataset.name, "cluster": dataset.name, "text": sample.text}]
    if role == "student":
        return [
            {
                "key": str(n),
                "cluster": str(n),
                "material": sample.text,
                "question": q.question,
                "references": [q.answer],
            }
            for n, q in enumerate(questions)
        ]
    items = []
    for n, q in enumerate(questions):
        swapped = questions[(n + 1) % len(questions)].answer
        for suffix, answer, human in (("right", q.answer, 100.0), ("swapped", swapped, 0.0)):
            items.append(
                {
                    "key": f"{n}-{suffix}",
                    "cluster": str(n),
                    "question": q.question,
                    "answer": answer,
                    "human": human,
                    "reference": q.answer,
                    "material": sample.text,
                }
            )
    return items


def _jsonl(store: Store, dataset: Dataset, role: str, base: Path) -> list[Item]:
    path = _path(dataset, base)
    items = []
    for number, line in enumerate(_read(path).splitlines(), start=1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
        except json.JSONDecodeError as error:
            raise SensemakingError(f"{path.name} line {number} is not JSON ({error.msg}).") from error
        if not isinstance(row, dict):
            raise SensemakingError(f"{path.name} line {number} is not a JSON object.")
        items.append(_item(row, dataset, role, f"{path.name} line {number}", str(number)))
    return items


def _item(row: dict[str, Any], dataset: Dataset, role: str, where: str, default_key: str) -> Item:
    """One role's item from a row, under the dataset's own names where it gives them."""

    def field(name: str, required: bool = True) -> Any:
        names = (dataset.columns[name],) if name in dataset.columns else FIELDS[name]
        for candidate in names:
            if row.get(candidate) not in (None, ""):
                return row[candidate]
        if required:
            raise SensemakingError(f"{where} has no {' or '.join(names)} field, which the {role} needs.")
        return None

    key = str(field("key", False) or default_key)
    if role == "teacher":
        text = str(field("material"))
        return {"key": key, "cluster": key, "text": text}
    question = str(field("question"))
    material = field("material", False)
    cluster = str(field("cluster", False) or (question if role == "evaluator" else key))
    if role == "student":
        return {
            "key": key,
            "cluster": cluster,
            "material": str(field("material")),
            "question": question,
            "references": _references(field("references", False)),
        }
    human = _number(field("human"), where) * 100.0 / dataset.score_max
    if not 0.0 <= human <= 100.0:
        raise SensemakingError(f"{where}: the human score is outside 0 to {dataset.score_max:g} (set score_max).")
    reference = field("references", False)
    return {
        "key": key,
        "cluster": cluster,
        "question": question,
        "answer": str(field("answer")),
        "human": human,
        "reference": _references(reference)[0] if reference else None,
        "material": material,
    }


def _references(value: Any) -> list[str]:
    """A reference answer, a list of them, or SQuAD's {"text": [...]}; none means unanswerable."""
    if isinstance(value, dict):
        value = value.get("text", [])
    if value is None:
        return []
    values = value if isinstance(value, list) else [value]
    return [str(text) for text in values if str(text).strip()]


def _number(value: Any, where: str) -> float:
    try:
        return float(value)
    except (TypeError, ValueError) as error:
        raise SensemakingError(f"{where}: the human score {value!r} is not a number.") from error


def _eloquent(store: Store, dataset: Dataset, role: str, base: Path) -> list[Item]:
    """An ELOQUENT 2025 devset folder: each folder with a text and questions*.json."""
    root = _path(dataset, base)
    if role == "evaluator":
        raise _refuse(dataset, role)
    name = "text.en.txt" if dataset.english else "text.txt"
    items = []
    for text_file in sorted(root.rglob(name)):
        folder = text_file.parent
        key = folder.relative_to(root).as_posix()
        text = _read(text_file)
        if role == "teacher":
            items.append({"key": key, "cluster": key, "text": text})
            continue
        files = sorted(folder.glob("questions*.json"))
        chosen = [file for file in files if file.name.endswith(".en.json") == dataset.english] or files
        for file in chosen[:1]:
            try:
                rows = json.loads(_read(file))
            except json.JSONDecodeError as error:
                raise SensemakingError(f"{key}/{file.name} is not valid JSON: {error}.") from error
            for number, row in enumerate(rows):
                if isinstance(row, list) and row and isinstance(row[0], str):
                    items.append(
                        {
                            "key": f"{key}#{number}",
                            "cluster": f"{key}#{number}",
                            "material": text,
                            "question": row[0],
                            "references": [str(answer) for answer in row[1:2] if str(answer).strip()],
                        }
                    )
    return items


def _graded_csv(store: Store, dataset: Dataset, role: str, base: Path) -> list[Item]:
    """A class's answers with people's scores: question, answer, score and optionally reference."""
    if role != "evaluator":
        raise _refuse(dataset, role)
    path = _path(dataset, base)
    rows = list(csv.DictReader(_read(path).splitlines()))
    columns = {"human": "score", "references": "reference", "key": "id"} | dataset.columns
    named = dataset.model_copy(update={"columns": columns})
    return [_item(row, named, role, f"{path.name} row {number}", str(number)) for number, row in enumerate(rows, 2)]


def _quiz(store: Store, dataset: Dataset, role: str, base: Path) -> list[Item]:
    """A quiz in the library: its material for the Teacher, its questions for the Student."""
    quiz = get_quiz(store, dataset.quiz or 0)
    if quiz.material_id is None or role == "evaluator":
        raise _refuse(dataset, role)
    text = "\n\n".join(section.text for section in sections_of(store, quiz.material_id))
    key = f"quiz {quiz.id}"
    if role == "teacher":
        return [{"key": key, "cluster": key, "text": text}]
    return [
        {
            "key": str(question.id),
            "cluster": str(question.id),
            "material": text,
            "question": question.text,
            "references": [question.reference_answer] if question.reference_answer else [],
        }
        for question in quiz.questions
    ]


def _text(store: Store, dataset: Dataset, role: str, base: Path) -> list[Item]:
    if role != "teacher":
        raise _refuse(dataset, role)
    path = _path(dataset, base)
    return [{"key": path.name, "cluster": path.name, "text": _read(path)}]


def _path(dataset: Dataset, base: Path) -> Path:
    path = (base / (dataset.path or "")).expanduser()
    if not path.exists():
        raise SensemakingError(f"Dataset {dataset.label}: {path} does not exist.")
    return path


def _read(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as error:
        raise SensemakingError(f"Cannot read {path}: {error}.") from error
