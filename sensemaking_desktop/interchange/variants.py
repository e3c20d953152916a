"""Quiz variants for handing out: the questions and choices shuffled from a seed, in up to
four versions (A–D) that differ from one another, each written with an answer key of its own.

A version holds the questions that were not dropped (unless asked for them), so its key numbers them as the students
see them. The key is the format's own where it has one (printable PDF, Markdown) and a
Markdown key otherwise: an LMS file carries its answers, but a teacher marking a printed or
exported version by hand still needs them in that version's order.
"""

from dataclasses import dataclass
from pathlib import Path

from sensemaking_desktop.interchange.common import handed_out
from sensemaking_desktop.interchange.errors import InterchangeError
from sensemaking_desktop.interchange.formats import QuizFormat
from sensemaking_desktop.interchange.markdown import export_markdown
from sensemaking_desktop.quizzes.model import Question, Quiz
from sensemaking_desktop.quizzes.shuffle import shuffled

MAX_VERSIONS = 4
VERSION_NAMES = "ABCD"
_ATTEMPTS = 50
"""Seeds tried for a version before deciding the quiz is too short to make it differ."""
KEY_SUFFIX = ".md"


@dataclass(frozen=True)
class Variants:
    versions: int = 1
    shuffle_questions: bool = False
    shuffle_choices: bool = False
    seed: int = 0

    @property
    def shuffles(self) -> bool:
        return self.shuffle_questions or self.shuffle_choices


def variant_quizzes(quiz: Quiz, variants: Variants, *, include_dropped: bool = False) -> list[Quiz]:
    """One quiz per version, the same for the same seed; versions never repeat one another."""
    if not 1 <= variants.versions <= MAX_VERSIONS:
        raise InterchangeError(f"A quiz can be written in 1 to {MAX_VERSIONS} versions, not {variants.versions}.")
    if variants.versions > 1 and not variants.shuffles:
        raise InterchangeError("Versions differ only when the questions or the choices are shuffled; choose one.")
    questions = handed_out(quiz, include_dropped=include_dropped).questions
    made: list[list[Question]] = []
    for name in VERSION_NAMES[: variants.versions]:
        made.append(_distinct_version(questions, variants, name, [_arrangement(version) for version in made]))
    if variants.versions == 1:
        return [quiz.model_copy(update={"questions": made[0]})]
    return [
        quiz.model_copy(update={"title": f"{quiz.title} — version {name}", "questions": version})
        for name, version in zip(VERSION_NAMES, made, strict=False)
    ]


def export_quiz(
    quiz: Quiz,
    chosen: QuizFormat,
    target: Path,
    *,
    answer_key: bool = False,
    variants: Variants = Variants(),
    include_dropped: bool = False,
) -> list[Path]:
    """Write `quiz` to `target` in `chosen`; with several versions, one file each (`quiz-A.pdf`),
    and with `answer_key` or several versions, each file's key beside it. Dropped questions are
    left out unless `include_dropped`."""
    plain = variants.versions == 1 and not variants.shuffles
    if plain and (not answer_key or chosen.answer_key):
        return chosen.write(quiz, target, answer_key=answer_key, include_dropped=include_dropped)
    versions = variant_quizzes(quiz, variants, include_dropped=include_dropped)
    with_key = answer_key or len(versions) > 1
    written: list[Path] = []
    for name, version in zip(VERSION_NAMES, versions, strict=False):
        version_target = _named(target, chosen.suffix, f"-{name}") if len(versions) > 1 else target
        written += chosen.write(version, version_target, answer_key=with_key, include_dropped=include_dropped)
        if with_key and not chosen.answer_key:
            key_target = _named(version_target, chosen.suffix, "-answer-key", KEY_SUFFIX)
            written.append(export_markdown(version, key_target, answer_key=True))
    return written


def _distinct_version(questions: list[Question], variants: Variants, name: str, earlier: list[tuple]) -> list[Question]:
    """The version's questions from its own seed, trying further seeds while it repeats an earlier version."""
    for attempt in range(_ATTEMPTS):
        seed = f"{variants.seed}-{name}" + (f"-{attempt}" if attempt else "")
        version = shuffled(questions, seed, order=variants.shuffle_questions, choices=variants.shuffle_choices)
        if _arrangement(version) not in earlier:
            return version
    raise InterchangeError(
        f"The quiz is too short to make {variants.versions} different versions; choose fewer versions "
        "or shuffle both the questions and the choices."
    )


def _arrangement(questions: list[Question]) -> tuple:
    return tuple((question.text, tuple(choice.text for choice in question.choices)) for question in questions)


def _named(target: Path, suffix: str, part: str, new_suffix: str | None = None) -> Path:
    """`quiz.gift.txt` with `-A` → `quiz-A.gift.txt`: the part goes before the format's suffix."""
    name = target.name
    stem = name[: -len(suffix)] if suffix and name.endswith(suffix) and name != suffix else target.stem
    kept = name[len(stem) :]
    return target.with_name(f"{stem}{part}{kept if new_suffix is None else new_suffix}")
