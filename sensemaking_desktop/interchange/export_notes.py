"""What an export cannot carry of a numerical or matching question, or of a question's embedded
files, one line each, so that a teacher learns it when the file is written rather than when a
class sits the quiz.

The readers say per question what an import could not keep (report.py); this is the same promise
on the way out. Moodle XML carries both kinds whole; the others lose what is named here.
"""

from sensemaking_desktop.quizzes.model import Question, QuestionKind, Quiz

_NO_KEY = {
    "anki": "an Anki card shows its key as text ({key}); Anki does not grade it",
    "csv": "CSV has no columns for its key: the row holds it as text ({key}) and does not import back as this question",
}
_NO_UNITS = {
    "gift": "GIFT has no units",
    "qti": "a QTI float response holds a number without a unit",
    "qti12": "a QTI 1.2 decimal response holds a number without a unit",
}


def export_notes(quiz: Quiz, format_name: str) -> list[str]:
    """One line for each question `format_name` writes with less than it holds."""
    lines = []
    for number, question in enumerate(quiz.questions, start=1):
        for reason in _losses(question, format_name):
            named = f" “{question.name}”" if question.name else ""
            lines.append(f"question {number}{named} ({question.kind.value}): {reason}")
    return lines


def _losses(question: Question, format_name: str) -> list[str]:
    return _file_losses(question) + _key_losses(question, format_name)


def _file_losses(question: Question) -> list[str]:
    """No export writes embedded files back yet: they stay in the library, and the file goes without."""
    if not question.attachments:
        return []
    names = ", ".join(attachment.name for attachment in question.attachments)
    return [f"its embedded files ({names}) are kept in the library but not written into the file"]


def _key_losses(question: Question, format_name: str) -> list[str]:
    if question.kind not in (QuestionKind.NUMERICAL, QuestionKind.MATCHING):
        return []
    if format_name in _NO_KEY:
        return [_NO_KEY[format_name].format(key=question.reference_answer)]
    numerical = question.numerical
    if numerical is None:
        return []
    losses = []
    if format_name in _NO_UNITS and (numerical.units or numerical.unit_grading != "optional"):
        units = ", ".join(unit.name for unit in numerical.units) or "none named"
        losses.append(f"{_NO_UNITS[format_name]}: its units ({units}) and their grading are left out")
    if format_name == "qti" and any(answer.feedback for answer in numerical.answers):
        losses.append("the feedback of its accepted numbers is left out (QTI scores the number only)")
    return losses
