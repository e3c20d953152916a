"""`bench teacher`'s quality figures: what share of the drafts a teacher could hand out, and why the rest went."""

from sensemaking_desktop.bench.roles import quiz_quality, reason_kind
from sensemaking_desktop.quizzes.model import Question, QuestionKind, QuestionStatus
from sensemaking_desktop.roles.teacher import TeacherResult
from sensemaking_desktop.roles.teacher_verify import Span

MATERIAL = (
    "Vaccines protect our health from diseases such as measles. Memory cells remember a pathogen, so the body "
    "responds faster the next time. Fever is one way the body fights an infection."
)


def drafted(text: str, key: str, reasons: list[str] | None = None) -> Question:
    status = QuestionStatus.DROPPED if reasons else QuestionStatus.DRAFT
    return Question(
        kind=QuestionKind.OPEN, text=text, reference_answer=key, status=status, verification={"reasons": reasons or []}
    )


def test_the_figures_count_kept_cut_generic_and_reasons_by_kind() -> None:
    result = TeacherResult(
        requested=4,
        kept=[
            drafted("Which cells remember a pathogen?", "Memory cells"),
            drafted("What is the main idea of the passage?", "vaccines"),
        ],
        dropped=[
            drafted("Which diseases do vaccines prevent?", "diseases suchas", ["the key's word(s) suchas are not in"]),
            drafted("Why?", "x", ["it nearly repeats question 1 (cosine 0.93, word overlap 0.2)"]),
            drafted("Why not?", "y", ["it nearly repeats question 2 (cosine 0.95, word overlap 0.1)"]),
        ],
        failures=[(Span(0, 5, "x"), "no usable open question came from this passage: invalid JSON")],
    )
    quality = quiz_quality(result, MATERIAL, 30.0)
    assert quality["drafts"] == 6 and quality["kept_share"] == 0.333
    assert quality["keys_cut_inside_a_word"] == 1 and quality["about_the_text_share"] == 0.5
    assert quality["seconds_per_kept"] == 15.0 and quality["coverage"] > 0 and quality["relevance"] > 0
    assert quality["dropped_reasons"] == {
        "it nearly repeats question N": 2,
        "the key's word(s) … are not in": 1,
        "no usable open question came from this passage: …": 1,
    }


def test_nothing_kept_gives_no_rates_rather_than_a_division_by_zero() -> None:
    quality = quiz_quality(TeacherResult(requested=2), MATERIAL, 5.0)
    assert quality["drafts"] == 0 and quality["kept_share"] is None and quality["seconds_per_kept"] is None
    assert reason_kind("the key adds 1972, Microsoft, not in the material") == "the key adds …, not in the material"
