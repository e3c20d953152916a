"""The grading workspace of one quiz's class: groups, teacher actions, and the machine's grades from them.

Every front end grades a class through `ClassWorkspace`: it forms each question's answer
groups (the teacher's own splits and moves kept), records a teacher's action (a group or one
answer), and after each action grades the rest again from all the teacher's grades
(`roles.class_grading`), writing automatic grades where the guarantee holds and suggestions
elsewhere. A teacher action costs what it can change, not the class: each question's groups and
vectors, and the judge's readings and predictions, are kept for the process (shared by its
workspaces) and formed again only for what changed, and only the machine grades that changed are
written again.

Each action is refused in one line when an answer it names is not a person's answer to the
workspace's quiz (the store checks again as it writes). Machine grades are written only if no
other action changed the class while they were computed; else they are computed again, so two
teachers (or two commands) grading at once both count.
"""

import functools
import random
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from sensemaking_desktop.errors import SensemakingError
from sensemaking_desktop.interchange.csvfile import write_csv_atomically
from sensemaking_desktop.metrics.guarantee import (
    DEFAULT_RISK,
    DEFAULT_TARGET,
    TOLERANCE,
    Threshold,
    fewest_needed,
    more_needed,
)
from sensemaking_desktop.quizzes.names import natural_key
from sensemaking_desktop.roles import pair_judges
from sensemaking_desktop.roles.answer_groups import AnswerGroup, answer_vectors, group_answers
from sensemaking_desktop.roles.class_grading import (
    REFERENCE,
    ClassGrader,
    ClassPlan,
    GradedAnswer,
    PairJudge,
    QuestionAnswers,
    next_to_grade,
    review_groups,
    sample_size,
)
from sensemaking_desktop.store import Store
from sensemaking_desktop.store.class_grades import (
    ClassAnswer,
    ClassQuestion,
    FinalGrade,
    MachineGrade,
    add_teacher_grades,
    answer_places,
    class_answers,
    class_questions,
    class_state,
    confirm_suggestions,
    final_grades,
    group_labels,
    replace_machine_grades,
    set_group_labels,
    teacher_actions,
)
from sensemaking_desktop.text.language import detect
from sensemaking_desktop.wording import plural
from sensemaking_desktop.workflows.whose_grades import whose_grades

REGRADE_TRIES = 5
"""How often a regrade is computed again when other actions keep changing the class meanwhile."""


@dataclass(frozen=True)
class ClassGroup:
    question_id: int
    answer_ids: list[int]
    representative_id: int
    spread: float


@dataclass(frozen=True)
class ReviewGroup:
    """Suggestions to check together: the answers of a question the app suggests the same grade for."""

    question_id: int
    score: float | None
    """The suggested grade; None for answers the app has nothing to go on for yet."""
    answer_ids: list[int]


@dataclass(frozen=True)
class ClassSummary:
    """Where the class stands: the figures of the workspace's progress line."""

    answers: int
    teacher_graded: int
    actions: int
    automatic: int
    review: int
    ungraded: int
    threshold: Threshold
    advice: str | None
    """What the teacher can do to let the app accept grades, when it accepts none."""

    def line(self) -> str:
        level = round(100 * self.threshold.target)
        text = (
            f"You made {plural(self.actions, 'grading action')} for {plural(self.answers, 'answer')}; "
            f"{self.automatic} automatic at ≥ {level} %; {self.review} to review."
        )
        return f"{text} {self.advice}" if self.advice else text

    def as_json(self) -> dict[str, object]:
        return {
            "answers": self.answers,
            "teacher_graded": self.teacher_graded,
            "actions": self.actions,
            "automatic": self.automatic,
            "review": self.review,
            "ungraded": self.ungraded,
            "target": self.threshold.target,
            "risk": self.threshold.risk,
            "threshold": self.threshold.confidence,
            "held_out": self.threshold.held_out,
            "held_out_agreed": self.threshold.agreed,
            "bound": round(self.threshold.bound, 4),
            "advice": self.advice,
        }


@dataclass(frozen=True)
class ClassView:
    questions: list[ClassQuestion]
    answers: list[ClassAnswer]
    groups: dict[int, list[ClassGroup]]
    summary: ClassSummary


class ClassWorkspace:
    """One quiz's class grading, kept in the library."""

    def __init__(
        self,
        store: Store,
        quiz_id: int,
        *,
        judge: PairJudge | str | None = None,
        target: float = DEFAULT_TARGET,
        risk: float = DEFAULT_RISK,
    ) -> None:
        """`judge` is a judge or its name in `roles.pair_judges.JUDGES` (the default one when None);
        the quiz is checked before the judge is loaded."""
        if not class_questions(store, quiz_id):
            raise SensemakingError(
                f"Quiz {quiz_id} has no answers from people to grade; import a class's answers first."
            )
        self.store = store
        self.quiz_id = quiz_id
        self.target = target
        self.risk = risk
        if judge is None or isinstance(judge, str):
            self.grader = _shared_grader(judge or pair_judges.DEFAULT_JUDGE)
        else:
            self.grader = ClassGrader(judge)
        self._rng = random.Random(quiz_id)

    def view(self) -> ClassView:
        questions, answers = class_questions(self.store, self.quiz_id), class_answers(self.store, self.quiz_id)
        labels = group_labels(self.store, self.quiz_id)
        groups = {}
        for question in questions:
            mine = [answer for answer in answers if answer.question_id == question.question_id]
            groups[question.question_id] = [
                ClassGroup(question.question_id, [mine[i].answer_id for i in group.members],
                           mine[group.representative].answer_id, group.spread)
                for group in _shape(question, mine, labels).groups
            ]  # fmt: skip
        return ClassView(questions, answers, groups, self._summary(answers))

    def grade(self, answer_ids: Sequence[int], score: float, *, grader: str = "teacher") -> ClassSummary:
        """The teacher's grade for these answers in one action (a group, or one answer); the rest re-graded."""
        if not 0 <= score <= 100:
            raise SensemakingError(f"A grade is a number from 0 to 100, not {score:g}.")
        ids = list(dict.fromkeys(answer_ids))
        origin = "teacher_group" if len(ids) > 1 else "teacher"
        basis = {"representative": ids[0], "members": len(ids)} if len(ids) > 1 else {}
        add_teacher_grades(
            self.store, self.quiz_id, [(i, score) for i in ids], origin=origin, grader=grader, basis=basis
        )
        return self.regrade()

    def confirm(self, answer_ids: Sequence[int], *, grader: str = "teacher") -> ClassSummary:
        """The teacher accepts the app's suggestions for these answers, in one action."""
        ids = list(dict.fromkeys(answer_ids))
        origin = "teacher_group" if len(ids) > 1 else "teacher"
        basis = {"representative": ids[0], "members": len(ids), "confirmed": True} if len(ids) > 1 else {}
        confirm_suggestions(self.store, self.quiz_id, ids, origin=origin, grader=grader, basis=basis)
        return self.regrade()

    def review_groups(self, question_id: int) -> list[ReviewGroup]:
        """The question's suggestions to check, those with the same grade together, largest first."""
        answers = class_answers(self.store, self.quiz_id)
        for question, mine in self._question_answers(answers):
            if question.key == str(question_id):
                stored = [
                    GradedAnswer(i, a.teacher_score, "teacher", 1.0, None)
                    if a.teacher_score is not None
                    else GradedAnswer(i, a.machine_score, a.machine_origin, a.machine_confidence, None)  # type: ignore[arg-type]
                    for i, a in enumerate(mine)
                ]
                return [
                    ReviewGroup(question_id, score, [mine[i].answer_id for i in members])
                    for score, members in review_groups(question, stored)
                ]
        raise SensemakingError(f"Question {question_id} has no answers in quiz {self.quiz_id}.")

    def group_of(self, answer_id: int) -> list[int]:
        """The answers in the group of this one, it first."""
        question_id = answer_places(self.store, self.quiz_id, [answer_id])[answer_id].question_id
        question = next(question for question in class_questions(self.store, self.quiz_id)
                        if question.question_id == question_id)  # fmt: skip
        mine = [answer for answer in class_answers(self.store, self.quiz_id) if answer.question_id == question_id]
        for group in _shape(question, mine, group_labels(self.store, self.quiz_id)).groups:
            members = [mine[index].answer_id for index in group.members]
            if answer_id in members:
                return [answer_id] + [other for other in members if other != answer_id]
        raise SensemakingError(f"Answer {answer_id} is not an answer of quiz {self.quiz_id}.")

    def questions(self) -> list[ClassQuestion]:
        """The quiz's questions that have answers from people, in quiz order."""
        return class_questions(self.store, self.quiz_id)

    def question_at(self, position: int) -> ClassQuestion:
        """The question at this number (1 = first) of the quiz."""
        questions = class_questions(self.store, self.quiz_id)
        chosen = next((question for question in questions if question.position + 1 == position), None)
        if chosen is None:
            raise SensemakingError(f"Question {position} of quiz {self.quiz_id} has no answers from people.")
        return chosen

    def answers_by(self, position: int, students: Sequence[str]) -> list[int]:
        """The ids of these students' answers to the question at this number, in the order named:
        a teacher names an answer by who gave it. A name is matched as written, else regardless of
        case; refused in one line when no one or more than one answer fits."""
        asked = self.question_at(position).question_id
        mine = [answer for answer in class_answers(self.store, self.quiz_id) if answer.question_id == asked]
        return [_answer_by(mine, student, position) for student in students]

    def next_for_position(self, position: int) -> ClassAnswer | None:
        """The next answer to grade for the question at this number (1 = first) of the quiz."""
        answer_id = self.next_answer(self.question_at(position).question_id)
        answers = {answer.answer_id: answer for answer in class_answers(self.store, self.quiz_id)}
        return None if answer_id is None else answers[answer_id]

    def next_in_quiz(self) -> tuple[ClassQuestion, ClassAnswer] | None:
        """The first question, in quiz order, with an answer still without the teacher's grade, and
        the answer to grade next there: a teacher who names no question starts where work is left."""
        answers = class_answers(self.store, self.quiz_id)
        for question in class_questions(self.store, self.quiz_id):
            if any(a.question_id == question.question_id and a.teacher_score is None for a in answers):
                answer = self.next_for_position(question.position + 1)
                if answer is not None:
                    return question, answer
        return None

    def split(self, answer_ids: Sequence[int]) -> None:
        """These answers become a group of their own (a label no other group has)."""
        if not answer_ids:
            raise SensemakingError("Choose the answers to put in a group of their own.")
        taken = set(group_labels(self.store, self.quiz_id).values())
        label = next(
            f"split-{min(answer_ids)}-{n}" for n in range(len(taken) + 1) if f"split-{min(answer_ids)}-{n}" not in taken
        )
        self._label(answer_ids, label)

    def move(self, answer_id: int, beside: int) -> None:
        """Put an answer in the group of another answer to the same question."""
        places = answer_places(self.store, self.quiz_id, [answer_id, beside])
        if places[answer_id].question_id != places[beside].question_id:
            raise SensemakingError(
                f"Answer {answer_id} answers question {places[answer_id].question_number} and answer {beside} "
                f"question {places[beside].question_number} of quiz {self.quiz_id}; "
                "an answer moves only into a group of its own question."
            )
        labels = group_labels(self.store, self.quiz_id)
        members = self.group_of(beside)
        label = labels.get(beside) or f"moved-{members[0]}"
        set_group_labels(self.store, self.quiz_id, {member: label for member in members} | {answer_id: label})

    def _label(self, answer_ids: Sequence[int], label: str) -> None:
        set_group_labels(self.store, self.quiz_id, {answer_id: label for answer_id in answer_ids})

    def regrade(self) -> ClassSummary:
        """Machine grades for every answer without a teacher grade, from the teacher's grades;
        computed again when another action changed the class before they were written."""
        for _ in range(REGRADE_TRIES):
            state = class_state(self.store, self.quiz_id)
            answers = class_answers(self.store, self.quiz_id)
            questions = self._question_answers(answers)
            plan = self.grader.plan([question for question, _ in questions], target=self.target, risk=self.risk)
            grades, ungraded_ids = [], []
            for question, mine in questions:
                for row in plan.answers[question.key]:
                    if row.origin in ("automatic", "suggestion"):
                        grades.append(self._machine_grade(question, mine, row, plan))
                    if row.origin not in ("teacher", "teacher_group"):
                        ungraded_ids.append(mine[row.index].answer_id)
            if replace_machine_grades(self.store, self.quiz_id, state, ungraded_ids, grades):
                return self._summary(answers, plan)
        raise SensemakingError(
            f"Other grading actions on quiz {self.quiz_id} kept changing it while its class was graded again; "
            f"your grades are kept, but the app's were not updated: run `sensemaking class status {self.quiz_id}`."
        )

    def next_answer(self, question_id: int) -> int | None:
        """The answer of this question the teacher should grade next (see `class_grading.next_to_grade`)."""
        answers = class_answers(self.store, self.quiz_id)
        for question, mine in self._question_answers(answers):
            if question.key == str(question_id):
                rows = self.grader.plan([question], target=self.target, risk=self.risk).answers[question.key]
                index = next_to_grade(question, rows, self._rng, sample=sample_size(len(mine)))
                return None if index is None else mine[index].answer_id
        raise SensemakingError(f"Question {question_id} has no answers in quiz {self.quiz_id}.")

    def _question_answers(self, answers: list[ClassAnswer]) -> list[tuple[QuestionAnswers, list[ClassAnswer]]]:
        labels = group_labels(self.store, self.quiz_id)
        by_question: dict[int, list[ClassAnswer]] = {}
        for answer in answers:
            by_question.setdefault(answer.question_id, []).append(answer)
        result = []
        for question in class_questions(self.store, self.quiz_id):
            mine = by_question.get(question.question_id, [])
            shape = _shape(question, mine, labels)
            state = QuestionAnswers(
                key=str(question.question_id),
                question=question.text,
                reference=question.reference,
                texts=[answer.text for answer in mine],
                groups=shape.groups,
                vectors=shape.vectors,
            )
            for index, answer in enumerate(mine):
                if answer.teacher_score is not None:
                    state.teacher[index] = answer.teacher_score
                    if answer.teacher_origin == "teacher_group":
                        representative = answer.teacher_basis.get("representative")
                        state.group_actions[index] = next(
                            (i for i, other in enumerate(mine) if other.answer_id == representative), index
                        )
            result.append((state, mine))
        return result

    def _machine_grade(
        self, question: QuestionAnswers, mine: list[ClassAnswer], row: GradedAnswer, plan: ClassPlan
    ) -> MachineGrade:
        follows = None if row.basis in (None, REFERENCE) else mine[row.basis]
        if follows is None:
            reason = _against_reference(row.score)
        else:
            reason = f"Like {follows.student}'s answer, which you gave {follows.teacher_score:g}."
        basis = {"follows": follows.answer_id if follows else "reference", "judge": self.grader.judge.provenance}
        if row.origin == "automatic":
            threshold = plan.threshold
            basis |= {
                "level": threshold.target,
                "risk": threshold.risk,
                "tolerance": TOLERANCE,
                "threshold": threshold.confidence,
                "held_out": threshold.held_out,
                "held_out_agreed": threshold.agreed,
                "rests_on": sorted(mine[i].answer_id for i in question.teacher),
            }
        return MachineGrade(mine[row.index].answer_id, row.score, row.origin, round(row.confidence, 4), reason, basis)

    def _summary(self, answers: list[ClassAnswer], written: ClassPlan | None = None) -> ClassSummary:
        """Where the class stands; `written`: the plan whose grades were just written over `answers`,
        counted instead of reading the class again (what it wrote is what the library now holds)."""
        if written is None:
            threshold = self.grader.plan([q for q, _ in self._question_answers(answers)], target=self.target,
                                         risk=self.risk).threshold  # fmt: skip
            origins = [answer.machine_origin for answer in answers if answer.teacher_score is None]
        else:
            threshold = written.threshold
            origins = [row.origin for rows in written.answers.values() for row in rows]
        teacher = sum(answer.teacher_score is not None for answer in answers)
        automatic, review = origins.count("automatic"), origins.count("suggestion")
        ungraded = len(answers) - teacher - automatic - review
        return ClassSummary(
            answers=len(answers),
            teacher_graded=teacher,
            actions=teacher_actions(self.store, self.quiz_id),
            automatic=automatic,
            review=review,
            ungraded=ungraded,
            threshold=threshold,
            advice=None if threshold.holds else _advice(threshold, answers, self.store, self.quiz_id),
        )


@dataclass(frozen=True)
class _Shape:
    """What a question's answers and the teacher's hand-made groups give, whatever the grades."""

    key: tuple[object, ...]
    vectors: np.ndarray
    groups: list[AnswerGroup]


_SHAPES: dict[int, _Shape] = {}
"""Question id -> its answers' vectors and groups, shared by the process's workspaces: grouping a
question's answers costs more than grading them again, and a teacher grade changes neither."""
SHAPES_KEPT = 100
"""Questions whose shapes are kept, the least recently formed dropped first (500 answers: 0.8 MB each)."""


def _against_reference(score: float | None) -> str:
    """Why an answer read against the model answer gets its suggestion, in the suggestion's
    direction: "Says what the model answer says" under a 0 read as the opposite (fresh run 3)."""
    if score is not None and score >= 50:
        return f"Says what the model answer says, so it gets {score:g}."
    return f"Does not say what the model answer says, so it gets {score or 0:g}."


def _answer_by(answers: list[ClassAnswer], student: str, position: int) -> int:
    found = [answer for answer in answers if answer.student == student] or [
        answer for answer in answers if answer.student.casefold() == student.strip().casefold()
    ]
    if len(found) == 1:
        return found[0].answer_id
    if found:
        raise SensemakingError(
            f"{student} answered question {position} {len(found)} times (the class was imported more than once?); "
            f"`sensemaking class groups QUIZ --question {position} --json` lists each answer's id for --answer-id."
        )
    names = sorted({answer.student for answer in answers}, key=natural_key)
    shown = ", ".join(names[:12]) + (f" and {len(names) - 12} more" if len(names) > 12 else "")
    raise SensemakingError(f"No answer by {student!r} to question {position}; it was answered by {shown}.")


def _shape(question: ClassQuestion, mine: list[ClassAnswer], labels: dict[int, str]) -> _Shape:
    """The question's vectors and groups, formed again only when its answers, their labels or the
    language they are read in changed."""
    language = _language_of(question)
    key = (language, tuple((answer.answer_id, answer.text, labels.get(answer.answer_id)) for answer in mine))
    shape = _SHAPES.get(question.question_id)
    if shape is None or shape.key != key:
        vectors = answer_vectors([answer.text for answer in mine], language)
        shape = _Shape(key, vectors, _groups_with_labels(mine, labels, language))
        _SHAPES.pop(question.question_id, None)
        _SHAPES[question.question_id] = shape
        while len(_SHAPES) > SHAPES_KEPT:
            _SHAPES.pop(next(iter(_SHAPES)), None)
    return shape


def _language_of(question: ClassQuestion) -> str | None:
    """The language a question's answers are read in: its text's and reference's, detected."""
    return detect(f"{question.text} {question.reference or ''}")


def _groups_with_labels(mine: list[ClassAnswer], labels: dict[int, str], language: str | None) -> list[AnswerGroup]:
    """Answers the teacher grouped by hand keep their groups; the others are grouped by the app."""
    free = [index for index, answer in enumerate(mine) if answer.answer_id not in labels]
    groups: list[AnswerGroup] = []
    if free:
        texts = [mine[index].text for index in free]
        for group in group_answers(texts, answer_vectors(texts, language)):
            members = tuple(free[i] for i in group.members)
            groups.append(AnswerGroup(members, free[group.representative], group.spread))
    by_label: dict[str, list[int]] = {}
    for index, answer in enumerate(mine):
        if answer.answer_id in labels:
            by_label.setdefault(labels[answer.answer_id], []).append(index)
    groups.extend(AnswerGroup(tuple(members), members[0], 0.0) for members in by_label.values())
    return sorted(groups, key=lambda group: (-group.size, group.members[0]))


def _advice(threshold: Threshold, answers: list[ClassAnswer], store: Store, quiz_id: int) -> str:
    """What would let the app accept grades: more teacher grades, or none can (a small class);
    once every answer has the teacher's grade, nothing is left but the export."""
    missing = more_needed(threshold.held_out, threshold.target, threshold.risk)
    ungraded = sum(answer.teacher_score is None for answer in answers)
    if not ungraded:
        return "Every answer has your grade: the class is ready to export."
    level = round(100 * threshold.target)
    if missing > ungraded:
        return (
            f"This class is too small for automatic grades at {level} %: they need at least "
            f"{fewest_needed(threshold.target, threshold.risk)} of your grades to check them against. "
            "Grade the rest in groups."
        )
    if missing:
        waiting = {
            question.position: sum(a.question_id == question.question_id and a.teacher_score is None for a in answers)
            for question in class_questions(store, quiz_id)
        }
        busiest = max(waiting, key=lambda position: waiting[position])
        return (
            f"Grade {plural(missing, 'more answer')}, for example of question {busiest + 1}, "
            "to let the app accept any grade automatically."
        )
    return (
        f"Your grades do not yet support automatic grades: the app predicted {threshold.agreed} of "
        f"{threshold.held_out} of them within {TOLERANCE:g} points. The rest stay suggestions."
    )


def open_workspace(
    store: Store, quiz_id: int, *, target: float | None = None, judge: str | None = None
) -> ClassWorkspace:
    """A quiz's grading workspace: the agreement target from the settings unless given, and the
    judge named (see `roles.pair_judges.JUDGES`; the default one unless given)."""
    chosen = target if target is not None else store.load_settings().class_agreement_target
    return ClassWorkspace(store, quiz_id, judge=judge, target=chosen)


@functools.cache
def _shared_grader(name: str) -> ClassGrader:
    """One grader per judge for the process, so a workspace opened again (for the next action, the
    same quiz in the window) finds the questions that no action since touched already predicted."""
    return ClassGrader(_judge(name))


def _judge(name: str | None) -> PairJudge:
    name = name or pair_judges.DEFAULT_JUDGE
    if name not in pair_judges.JUDGES:
        raise SensemakingError(f"Unknown judge {name!r}; choose one of {', '.join(pair_judges.JUDGES)}.")
    return pair_judges.JUDGES[name]()


@dataclass(frozen=True)
class ExportedGrades:
    """A written export of final grades and how many of its grades are whose."""

    path: Path
    teacher: int
    key: int
    automatic: int
    evaluator: int
    suggested: int
    ungraded: int
    suggestions_included: bool

    def line(self) -> str:
        where = (
            "written in the score columns, as asked"
            if self.suggestions_included
            else "left out of the score columns (--include-suggestions writes them in)"
        )
        whose = whose_grades(self.as_json())
        return f"final grades written to {self.path}: {whose}; {self.suggested} suggested, {where}."

    def as_json(self) -> dict[str, object]:
        return {
            "written": str(self.path),
            "teacher": self.teacher,
            "key": self.key,
            "automatic": self.automatic,
            "evaluator": self.evaluator,
            "suggested": self.suggested,
            "ungraded": self.ungraded,
            "suggestions_included": self.suggestions_included,
        }


def export_final_grades(
    store: Store,
    quiz_id: int,
    target: Path,
    *,
    wide: bool = False,
    include_suggestions: bool = False,
    self_tests: bool = False,
) -> ExportedGrades:
    """The grades that stand, with their source, as CSV: one row per answer, or with `wide` one
    row per student and a column per question plus the total (what gradebooks import).
    A suggestion is not a final grade: its score is in the `suggested` column (the `to review`
    count when wide) and left out of the score columns, unless `include_suggestions`. The class's
    students only: self-test attempts (a teacher trying the quiz) are rows too only with `self_tests`."""
    grades = final_grades(store, quiz_id, self_tests=self_tests)
    if not grades:
        left_out = "" if self_tests else " (self-test attempts are left out unless asked for)"
        raise SensemakingError(f"Quiz {quiz_id} has no answers from people to export{left_out}.")
    if wide:
        numbers = sorted({grade.question_number for grade in grades})
        header = ["student", *(f"Q{number}" for number in numbers), "total", "automatic", "to review"]
        rows = [_wide_row([g for g in grades if g.student == student], numbers, include_suggestions)
                for student in dict.fromkeys(grade.student for grade in grades)]  # fmt: skip
    else:
        header = ["student", "question_number", "question", "answer", "score", "suggested", "source", "confidence",
                  "reason"]  # fmt: skip
        rows = [[g.student, g.question_number, g.question, g.answer, _number(_counted(g, include_suggestions)),
                 _number(None if g.final else g.score), g.source, _number(g.confidence), g.reason or ""]
                for g in grades]  # fmt: skip
    sources = [grade.source for grade in grades]
    return ExportedGrades(
        path=write_csv_atomically(target, header, rows),
        teacher=sum(source in ("teacher", "teacher_group") for source in sources),
        key=sources.count("key"),
        automatic=sources.count("automatic"),
        evaluator=sources.count("evaluator"),
        suggested=sources.count("suggestion"),
        ungraded=sources.count("ungraded"),
        suggestions_included=include_suggestions,
    )


def _counted(grade: FinalGrade, include_suggestions: bool) -> float | None:
    """The grade as it goes into a score column: a suggestion only when asked for."""
    return grade.score if grade.final or include_suggestions else None


def _wide_row(grades: list[FinalGrade], numbers: list[int], include_suggestions: bool) -> list[object]:
    by_number = {grade.question_number: grade for grade in grades}
    scores = [_counted(by_number[number], include_suggestions) if number in by_number else None for number in numbers]
    return [
        grades[0].student,
        *(_number(score) for score in scores),
        _number(sum(score for score in scores if score is not None)),
        sum(grade.source == "automatic" for grade in grades),
        sum(grade.source in ("suggestion", "evaluator", "ungraded") for grade in grades),
    ]


def _number(value: float | None) -> str:
    return "" if value is None else f"{value:g}"


def grade_with_teacher_grades(
    store: Store,
    quiz_id: int,
    grades_csv: Path,
    *,
    target: float | None = None,
    judge: str | None = None,
    duplicates: str = "refuse",
) -> tuple[int, ClassSummary, list[FinalGrade]]:
    """The teacher's grades of some answers from CSV (student, question, score), then the rest
    graded from them: how many were read, where the class stands, and every grade that stands.
    An answer graded twice in the file is refused, or its last row kept (`duplicates="last"`)."""
    from sensemaking_desktop.interchange.class_answers import import_grades

    count = import_grades(store, quiz_id, grades_csv, duplicates=duplicates)
    summary = open_workspace(store, quiz_id, target=target, judge=judge).regrade()
    return count, summary, final_grades(store, quiz_id)
