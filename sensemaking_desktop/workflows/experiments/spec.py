"""An experiment as data: a TOML file naming a role, a grid of configurations and datasets.

    name = "student-temperature"
    role = "student"                     # teacher, student, evaluator or pipeline
    resamples = 1000                     # bootstrap resamples behind every interval
    chunk = 8                            # items per job item (a cell's dataset is cut into chunks)

    [grid]                               # every combination of the lists is one cell
    model = ["smollm2-135m-instruct"]    # names or GGUF paths, as --model takes them
    temperature = [0.0, 0.8]
    seed = [7]

    [templates]                          # optional: the prompt versions to run on (default: installed)
    student_answer = "2"

    [[datasets]]
    kind = "sample"                      # sample, jsonl, eloquent, graded_csv, quiz, text
    name = "water-cycle"

The grid offers only what a role really takes: the Student's sampling settings, the
Teacher's options (count, kinds, difficulty, seed) and, for the Evaluator, whether it is
shown the reference answer and the material. Every role takes `template`, a prompt version
as NAME@VERSION ("student_answer@1"), so two versions of a prompt can be compared. A key a
role does not have is refused by name. An Evaluator's spec may add `[suite]` (`questions = 4`,
`seed = 0`): the adversarial suite on that many sampled questions, whose class means join
the leaderboard (see suite.py).

The pipeline role chains the three over each document of its datasets: the Teacher writes
questions, the Student answers them from the document, the Evaluator grades the answers
against the Teacher's references. Its grid has one table per stage, each taking what that
role takes, and a cell's config names its keys by stage ("student.temperature"):

    [grid.teacher]
    count = [4]
    [grid.student]
    temperature = [0.0, 0.8]
    [grid.evaluator]
    reference = [true]
"""

import itertools
import re
import tomllib
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from sensemaking_desktop.errors import SensemakingError
from sensemaking_desktop.metrics.adversarial import CONTROL_KINDS, GENUINE, NO_REFERENCE, PROBE_KINDS
from sensemaking_desktop.quizzes.model import QuestionKind
from sensemaking_desktop.roles.teacher import WRITTEN_KINDS

Role = Literal["teacher", "student", "evaluator", "pipeline"]
STAGES = ("teacher", "student", "evaluator")
"""The pipeline's stages, in the order they run over a document."""
TEMPLATES: dict[str, tuple[str, ...]] = {
    "student": ("student_answer",),
    "evaluator": ("evaluator_grade",),
    "teacher": tuple(f"teacher_{kind.value}" for kind in WRITTEN_KINDS) + ("student_answer",),
}
TEMPLATES["pipeline"] = tuple(dict.fromkeys(name for stage in STAGES for name in TEMPLATES[stage]))
"""The prompt templates each role renders (the Teacher verifies with the Student's)."""
SUITE_CLASSES = (
    GENUINE + NO_REFERENCE,
    *CONTROL_KINDS,
    *(kind + suffix for kind in PROBE_KINDS for suffix in ("", NO_REFERENCE)),
)
"""The adversarial suite's classes besides the genuine answers (see metrics/adversarial.py)."""


class _Grid(BaseModel):
    model_config = ConfigDict(extra="forbid")

    model: list[str] = Field(default_factory=lambda: ["default"], min_length=1)
    seed: list[int] = Field(default_factory=lambda: [7], min_length=1)
    template: list[str | None] = Field(default_factory=lambda: [None], min_length=1)
    """A prompt version to run the role on, "student_answer@1" (see llm/prompts.py); None: the
    installed one, or the version [templates] names."""

    @field_validator("template")
    @classmethod
    def _name_at_version(cls, values: list[str | None]) -> list[str | None]:
        for value in values:
            if value is not None and not re.fullmatch(r"[a-z_]+@[\w.-]+", value):
                raise ValueError(f"{value!r} is not NAME@VERSION, e.g. student_answer@1")
        return values

    @field_validator("*", mode="before")
    @classmethod
    def _listed(cls, value: Any) -> Any:
        """A single value stands for a list of one."""
        return value if isinstance(value, list) else [value]


class StudentGrid(_Grid):
    temperature: list[float] = Field(default_factory=lambda: [0.0], min_length=1)
    top_p: list[float] = Field(default_factory=lambda: [0.95], min_length=1)
    top_k: list[int] = Field(default_factory=lambda: [40], min_length=1)
    min_p: list[float] = Field(default_factory=lambda: [0.05], min_length=1)
    repeat_penalty: list[float] = Field(default_factory=lambda: [1.0], min_length=1)


class TeacherGrid(_Grid):
    seed: list[int] = Field(default_factory=lambda: [11], min_length=1)
    count: list[int] = Field(default_factory=lambda: [3], min_length=1)
    kinds: list[str] = Field(default_factory=lambda: ["open"], min_length=1)
    """Comma-separated question kinds, as `teach --types` takes them."""
    difficulty: list[Literal["easy", "medium", "hard"]] = Field(default_factory=lambda: ["medium"], min_length=1)

    @field_validator("kinds")
    @classmethod
    def _known_kinds(cls, values: list[str]) -> list[str]:
        for value in values:
            for kind in value.split(","):
                QuestionKind(kind.strip())
        return values


class EvaluatorGrid(_Grid):
    reference: list[bool] = Field(default_factory=lambda: [True], min_length=1)
    """Whether the Evaluator sees the reference answer (its judge-trust check needs one)."""
    material: list[bool] = Field(default_factory=lambda: [True], min_length=1)
    """Whether it sees the material, where the dataset has one (the support check)."""


class PipelineGrid(BaseModel):
    """One grid per stage; every combination across the stages is one cell."""

    model_config = ConfigDict(extra="forbid")

    teacher: TeacherGrid = Field(default_factory=TeacherGrid)
    student: StudentGrid = Field(default_factory=StudentGrid)
    evaluator: EvaluatorGrid = Field(default_factory=EvaluatorGrid)


GRIDS: dict[str, type[BaseModel]] = {
    "student": StudentGrid,
    "teacher": TeacherGrid,
    "evaluator": EvaluatorGrid,
    "pipeline": PipelineGrid,
}


class Dataset(BaseModel):
    """Where items come from; `path` is relative to the experiment file."""

    model_config = ConfigDict(extra="forbid")

    kind: Literal["sample", "jsonl", "eloquent", "graded_csv", "quiz", "text"]
    name: str | None = None
    path: str | None = None
    quiz: int | None = None
    limit: int | None = Field(None, ge=1)
    english: bool = False
    columns: dict[str, str] = Field(default_factory=dict)
    """graded_csv: column names for question, answer, score, reference (defaults: those words)."""
    score_max: float = Field(100.0, gt=0)
    """graded_csv and jsonl: the scale of the human scores, turned into 0-100."""

    @property
    def label(self) -> str:
        return self.name or self.path or (f"quiz {self.quiz}" if self.quiz is not None else self.kind)


class Suite(BaseModel):
    """The Evaluator's adversarial suite on `questions` questions drawn with `seed` (see suite.py)."""

    model_config = ConfigDict(extra="forbid")

    questions: int = Field(4, ge=2, le=60)
    seed: int = 0
    classes: list[str] | None = Field(None, min_length=1)
    """Only these classes (besides the genuine answers), to bound the cost; None: all of them."""

    @field_validator("classes")
    @classmethod
    def _known_classes(cls, values: list[str] | None) -> list[str] | None:
        known = SUITE_CLASSES
        for value in values or []:
            if value not in known:
                raise ValueError(f"{value!r} is not a class of the suite ({', '.join(known)})")
        return values


class Spec(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: str = Field(min_length=1)
    role: Role
    description: str = ""
    resamples: int = Field(1000, ge=10, le=100_000)
    chunk: int = Field(8, ge=1)
    grid: dict[str, Any] = Field(default_factory=dict)
    templates: dict[str, str] = Field(default_factory=dict)
    datasets: list[Dataset] = Field(min_length=1)
    suite: Suite | None = None

    def parsed_grid(self) -> BaseModel:
        return GRIDS[self.role].model_validate(self.grid)

    def axes(self) -> dict[str, list[Any]]:
        """The grid's lists by key; a pipeline's keys are named by stage ("student.temperature")."""
        grid = self.parsed_grid().model_dump()
        if self.role != "pipeline":
            return grid
        return {f"{stage}.{name}": values for stage in STAGES for name, values in grid[stage].items()}

    def cells(self) -> list[dict[str, Any]]:
        """Every combination of the grid's lists, in the order the file gives them."""
        axes = self.axes()
        names = list(axes)
        return [dict(zip(names, values)) for values in itertools.product(*(axes[name] for name in names))]

    def varying(self) -> list[str]:
        """The grid keys with more than one value: what tells the cells apart."""
        return [name for name, values in self.axes().items() if len(values) > 1]

    @property
    def item_role(self) -> str:
        """The role whose items the datasets give: a pipeline starts from the Teacher's documents."""
        return "teacher" if self.role == "pipeline" else self.role


def parse_spec(text: str, source: str = "the experiment") -> Spec:
    """A spec from TOML text; malformed TOML or a wrong key is one line saying where."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise SensemakingError(f"{source} is not valid TOML: {error}.") from error
    try:
        spec = Spec.model_validate(data)
    except ValidationError as error:
        raise SensemakingError(f"{source}: {_first_problem(error)}") from error
    try:
        spec.parsed_grid()
    except ValidationError as error:
        raise SensemakingError(f"{source}: grid.{_first_problem(error)}") from error
    for cell in spec.cells():
        for stage in stages(spec.role):
            pin = stage_config(cell, spec.role, stage)["template"]
            if pin is not None and pin.split("@")[0] not in TEMPLATES[stage]:
                where = f"grid.{stage}.template" if spec.role == "pipeline" else "grid.template"
                raise SensemakingError(
                    f"{source}: {where}: the {stage} renders no template {pin.split('@')[0]!r} "
                    f"(it renders {', '.join(TEMPLATES[stage])})."
                )
    if spec.suite is not None and spec.role != "evaluator":
        raise SensemakingError(f"{source}: [suite] is the Evaluator's adversarial suite; the {spec.role} has none.")
    for dataset in spec.datasets:
        _check_dataset(dataset, source)
    return spec


def load_spec(path: Path) -> Spec:
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise SensemakingError(f"Cannot read {path}: {error}.") from error
    return parse_spec(text, path.name)


def stages(role: str) -> tuple[str, ...]:
    """The roles an experiment runs: the pipeline's three, or the one role."""
    return STAGES if role == "pipeline" else (role,)


def stage_config(config: dict[str, Any], role: str, stage: str) -> dict[str, Any]:
    """One stage's settings from a cell's config (a single role's config is its own)."""
    if role != "pipeline":
        return config
    prefix = f"{stage}."
    return {name.removeprefix(prefix): value for name, value in config.items() if name.startswith(prefix)}


def cell_label(config: dict[str, Any], varying: list[str]) -> str:
    """What tells a cell apart, e.g. "temperature=0.8 seed=7"; "default" when nothing varies."""
    return " ".join(f"{name}={config[name]}" for name in varying) or "default"


def _first_problem(error: ValidationError) -> str:
    problem = error.errors()[0]
    where = ".".join(str(part) for part in problem["loc"])
    if problem["type"] == "extra_forbidden":
        return f"{where} is not something this role or section takes"
    return f"{where}: {problem['msg']}"


def _check_dataset(dataset: Dataset, source: str) -> None:
    needs = {
        "sample": "name",
        "jsonl": "path",
        "eloquent": "path",
        "graded_csv": "path",
        "text": "path",
        "quiz": "quiz",
    }
    if getattr(dataset, needs[dataset.kind]) is None:
        raise SensemakingError(f"{source}: a {dataset.kind} dataset needs `{needs[dataset.kind]}`.")
