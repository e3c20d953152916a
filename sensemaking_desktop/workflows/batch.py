"""Batch runs over JSON lines (`sensemaking grade --items`, `sensemaking answer --items`):
the Evaluator or the Student on items that are not in the library.

Items over one material run back to back (an in-process model reads it once, as its prompt
prefix is reused); a server gets several at once. Results come back in input order, typed,
and each is handed to `on_result` as soon as it is done, so that a front end can write it then
and a run that is stopped keeps what it finished; the front end decides how to show them.
"""

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from sensemaking_desktop.cancel import CancelToken
from sensemaking_desktop.errors import SensemakingError
from sensemaking_desktop.interchange.jsonlines import read_items
from sensemaking_desktop.llm.backend import ChatBackend
from sensemaking_desktop.llm.parallel import map_ordered, request_slots
from sensemaking_desktop.roles.evaluator import Grade
from sensemaking_desktop.roles.question_memo import QuestionMemo
from sensemaking_desktop.roles.student import StudentAnswer
from sensemaking_desktop.settings import Settings

R = TypeVar("R")

Progress = Callable[[int, int, str], None]
"""on_progress(items done, items in all, the question of the item just done)."""
OnResult = Callable[[int, Any], None]
"""on_result(the item's place in the input, from 0; its result), as each item is done."""


@dataclass(frozen=True)
class GradedItem:
    """One `grade --items` line's grade, with the line it grades."""

    item: dict[str, Any]
    grade: Grade

    def as_json(self) -> dict[str, Any]:
        """The grade's fields, after the line's `id` when it has one."""
        return ({"id": self.item["id"]} if "id" in self.item else {}) | self.grade.as_json()


def read_grading_items(path: Path) -> list[dict[str, Any]]:
    """JSON lines with a question and an answer, and optional material, reference, topic,
    max_points and id; every bad line is named before any work starts."""
    items = read_items(path, ("question", "answer"))
    problems = []
    for number, item in enumerate(items, start=1):
        for key in ("material", "reference"):
            if item.get(key) is not None and not isinstance(item[key], str):
                problems.append(f"item {number}: {key} must be text")
        points = item.get("max_points")
        if points is not None and (isinstance(points, bool) or not isinstance(points, int | float) or points <= 0):
            problems.append(f"item {number}: max_points must be a positive number")
    if problems:
        raise SensemakingError(f"{path.name} has bad items; nothing was graded:\n" + "\n".join(problems[:20]))
    return items


def grade_items(
    engine: ChatBackend,
    items: list[dict[str, Any]],
    settings: Settings,
    *,
    parallel: int | None,
    cancel: CancelToken,
    on_progress: Progress,
    on_result: OnResult | None = None,
) -> list[GradedItem]:
    """Grade each item; the other items on its material (or `topic`) lend the Evaluator their
    references and questions, as a quiz's other questions do."""
    from sensemaking_desktop.roles.evaluator import grade

    references = _by_group(items, "reference", keep_empty=False)
    questions = _by_group(items, "question", keep_empty=True)
    memo = QuestionMemo()

    def work(item: dict[str, Any]) -> GradedItem:
        result = grade(
            engine,
            item["question"],
            item["answer"],
            material=item.get("material"),
            reference=item.get("reference"),
            other_references=references.get(group(item), []),
            other_questions=questions.get(group(item), []),
            max_points=item.get("max_points"),
            memo=memo,
            cancel=cancel,
        )
        return GradedItem(item, result)

    slots = request_slots(engine, settings, parallel)
    return _in_input_order(work, items, _material_or_none, slots, cancel, on_progress, on_result)


def answer_items(
    engine: ChatBackend,
    items: list[dict[str, Any]],
    settings: Settings,
    *,
    parallel: int | None,
    cancel: CancelToken,
    on_progress: Progress,
    on_result: OnResult | None = None,
) -> list[StudentAnswer]:
    """The Student's answer to each item's question from the item's material."""
    from sensemaking_desktop.roles.student import answer_one

    def work(item: dict[str, Any]) -> StudentAnswer:
        return answer_one(engine, item["material"], item["question"], cancel=cancel)

    slots = request_slots(engine, settings, parallel)
    return _in_input_order(work, items, lambda item: item["material"], slots, cancel, on_progress, on_result)


def _material_or_none(item: dict[str, Any]) -> str:
    return item.get("material") or ""


def group(item: dict[str, Any]) -> str:
    """Items on the same material (or with the same `topic`) are neighbours."""
    return str(item.get("topic") or item.get("material") or "")


def _by_group(items: list[dict[str, Any]], key: str, *, keep_empty: bool) -> dict[str, list[str]]:
    """Each group's distinct values of `key` (a required field's empty text too), in the order
    they first appear."""
    found: dict[str, list[str]] = {}
    for item in items:
        values = found.setdefault(group(item), [])
        value = item.get(key)
        if (value or (keep_empty and value is not None)) and value not in values:
            values.append(value)
    return found


def _in_input_order(
    work: Callable[[dict[str, Any]], R],
    items: list[dict[str, Any]],
    material: Callable[[dict[str, Any]], str],
    slots: int,
    cancel: CancelToken,
    on_progress: Progress,
    on_result: OnResult | None,
) -> list[R]:
    """Run `work` over the items sorted by material, hand each result to `on_result` when it is
    done, and all of them back in input order."""
    order = sorted(range(len(items)), key=lambda index: material(items[index]))
    finished: list[int] = []

    def done(position: int, result: R) -> None:
        finished.append(position)
        if on_result is not None:
            on_result(order[position], result)
        on_progress(len(finished), len(items), items[order[position]]["question"])

    results = map_ordered(lambda index: work(items[index]), order, slots, cancel, done)
    by_index = dict(zip(order, results, strict=True))
    return [by_index[index] for index in range(len(items))]
