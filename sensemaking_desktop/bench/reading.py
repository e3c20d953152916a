"""A reading sheet for `bench teacher --read FILE`: every item of the quiz with its checks and
the passage it came from, so a reviewer reads 40 items in minutes and judges each one (issue 45).

It is a reading aid, not a verdict: whether an item is usable as it is stays the reader's call.
"""

from sensemaking_desktop.quizzes.model import Question
from sensemaking_desktop.roles.teacher import TeacherResult


def reading_sheet(result: TeacherResult, title: str) -> str:
    """The kept items, numbered, then the dropped ones with their reasons, as Markdown."""
    lines = [f"# {title}", "", f"{len(result.kept)} kept, {len(result.dropped)} dropped.", ""]
    lines += ["Mark each item: usable as it is / needs an edit / unusable.", ""]
    for number, question in enumerate(result.kept, start=1):
        lines += _item(number, question)
    if result.dropped:
        lines += ["## Dropped", ""]
        for question in result.dropped:
            reasons = "; ".join(question.verification.reasons or []) or "no reason recorded"
            lines += [f"- [{question.kind.value}] {question.text}", f"  - why: {reasons}"]
    return "\n".join(lines) + "\n"


def _item(number: int, question: Question) -> list[str]:
    """One kept item: kind, text, options with the key marked, key, checks and passage."""
    lines = [f"## {number}. {question.kind.value}", "", question.text, ""]
    for choice in question.choices or []:
        lines.append(f"- {'**' + choice.text + '** (key)' if choice.correct else choice.text}")
    if not question.choices:
        lines.append(f"- key: **{question.reference_answer}**")
    checks = question.verification.checks
    if checks is not None:
        ran = checks.model_dump(exclude_none=True)
        lines.append(f"- checks: {', '.join(f'{name} {value}' for name, value in ran.items()) or 'none ran'}")
    lines += ["", f"> {question.source.quote or '(no passage)'}", ""]
    return lines
