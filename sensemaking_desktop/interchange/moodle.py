"""Moodle XML: the question-bank format every Moodle site imports (Question bank → Import → Moodle XML).

Mapping (a Moodle question per quiz question, after one `category` question holding the quiz title):
- open → `essay`: the reference answer in `graderinfo` (shown to graders only).
- multiple_choice → `multichoice`: `single` when one choice is correct; with several correct each
  correct choice gets 100/n percent and each wrong one -100/m, so ticking everything earns nothing.
- true_false → `truefalse`.
- cloze → `shortanswer`, the gap left in the question text as a blank and every accepted filling at
  100%. Moodle's own `cloze` (multianswer) type was not chosen: its embedded syntax needs its own
  escaping of `}`, `#`, `~`, `/` and `"` inside answers, and Moodle re-parses it on import, where
  answers with those characters are known to break; `shortanswer` takes answers as plain XML text.
- feedback and the source (pages, times, quote) → `generalfeedback`, the source as a last line
  starting "Source:"; points → `defaultgrade`.

Texts are written in Moodle's `html` format, escaped, so `<` and `&` show as typed; ElementTree's
escaping makes the XML correct without CDATA sections, which Moodle does not need.

The helpers it shares with GIFT, QTI and CSV are in `common`.
"""

import xml.etree.ElementTree as ET
from pathlib import Path

from sensemaking_desktop.interchange.common import (
    _number,
    build_quiz,
    category_path,
    category_title,
    html_to_text,
    join_notes,
    percent,
    read_xml,
    split_notes,
    text_to_html,
    write_atomically,
)
from sensemaking_desktop.interchange.errors import InterchangeError
from sensemaking_desktop.quizzes.model import GAP, Choice, Question, QuestionKind, Quiz

_TYPES = {
    QuestionKind.OPEN: "essay",
    QuestionKind.MULTIPLE_CHOICE: "multichoice",
    QuestionKind.TRUE_FALSE: "truefalse",
    QuestionKind.CLOZE: "shortanswer",
}
_KINDS = {moodle_type: kind for kind, moodle_type in _TYPES.items()}


def export_moodle(quiz: Quiz, target: Path) -> Path:
    """Write `quiz` as a Moodle XML file at `target`; the file appears whole or not at all."""
    root = ET.Element("quiz")
    root.append(_category(quiz.title))
    for number, question in enumerate(quiz.questions, start=1):
        root.append(_question(question, number))
    ET.indent(root)
    write_atomically(target, ET.tostring(root, encoding="UTF-8", xml_declaration=True))
    return target


def import_moodle(path: Path) -> Quiz:
    """Read a Moodle XML file; the title comes from its last category, else the file name."""
    root = read_xml(path)
    if root.tag != "quiz":
        raise InterchangeError(f"{path.name} is not Moodle XML: its root element is <{root.tag}>, not <quiz>.")
    title = path.stem
    questions = []
    for element in root.iter("question"):
        moodle_type = element.get("type", "")
        if moodle_type == "category":
            title = category_title(element.findtext("category/text") or "") or title
        elif moodle_type in _KINDS:
            questions.append(_read_question(element, moodle_type, path, len(questions) + 1))
        else:
            number = len(questions) + 1
            raise InterchangeError(f"{path.name}: question {number} has Moodle type '{moodle_type}', not a quiz kind.")
    return build_quiz(path, title, questions)


# --- shared helpers ---------------------------------------------------------------------------


def _category(title: str) -> ET.Element:
    """Moodle's category pseudo-question, which names the category the questions are filed in."""
    element = ET.Element("question", type="category")
    _add_text(ET.SubElement(element, "category"), category_path(title), html=False)
    return element


def _question(question: Question, number: int) -> ET.Element:
    element = ET.Element("question", type=_TYPES[question.kind])
    _add_text(ET.SubElement(element, "name"), f"Q{number}", html=False)
    _add_text(ET.SubElement(element, "questiontext", format="html"), question.text)
    _add_text(ET.SubElement(element, "generalfeedback", format="html"), join_notes(question.feedback, question.source))
    ET.SubElement(element, "defaultgrade").text = _number(float(question.points))
    ET.SubElement(element, "penalty").text = "0.3333333"
    ET.SubElement(element, "hidden").text = "0"
    if question.kind == QuestionKind.OPEN:
        _essay_options(element, question)
    elif question.kind == QuestionKind.MULTIPLE_CHOICE:
        _multichoice_answers(element, question)
    elif question.kind == QuestionKind.TRUE_FALSE:
        for value in ("true", "false"):
            _answer(element, value, 100 if question.reference_answer == value else 0, None, html=False)
    else:
        ET.SubElement(element, "usecase").text = "0"
        for filling in [question.reference_answer or "", *question.accepted]:
            _answer(element, filling, 100, None, html=False)
    return element


def _essay_options(element: ET.Element, question: Question) -> None:
    for tag, value in (
        ("responseformat", "editor"),
        ("responserequired", "1"),
        ("responsefieldlines", "10"),
        ("attachments", "0"),
        ("attachmentsrequired", "0"),
    ):
        ET.SubElement(element, tag).text = value
    _add_text(ET.SubElement(element, "graderinfo", format="html"), question.reference_answer or "")
    _add_text(ET.SubElement(element, "responsetemplate", format="html"), "")


def _multichoice_answers(element: ET.Element, question: Question) -> None:
    """Fractions Moodle's grade list holds: 100/0 for one correct choice, else split shares."""
    correct = len(question.correct_choices)
    wrong = len(question.choices) - correct
    ET.SubElement(element, "single").text = "true" if correct == 1 else "false"
    ET.SubElement(element, "shuffleanswers").text = "true"
    ET.SubElement(element, "answernumbering").text = "abc"
    for choice in question.choices:
        if choice.correct:
            fraction = 100 / correct
        else:
            fraction = 0 if correct == 1 else -100 / wrong
        _answer(element, choice.text, fraction, choice.feedback, html=True)


def _answer(parent: ET.Element, text: str, fraction: float, feedback: str | None, *, html: bool) -> None:
    answer = ET.SubElement(parent, "answer", fraction=percent(fraction))
    answer.set("format", "html" if html else "moodle_auto_format")
    _add_text(answer, text, html=html)
    _add_text(ET.SubElement(answer, "feedback", format="html"), feedback or "")


def _add_text(parent: ET.Element, text: str, *, html: bool = True) -> None:
    ET.SubElement(parent, "text").text = text_to_html(text) if html else text


# --- reading ----------------------------------------------------------------------------------


def _text(element: ET.Element, tag: str) -> str:
    """The text of `tag`/text, as plain text when the element says it is HTML."""
    found = element.find(tag)
    if found is None:
        return ""
    raw = found.findtext("text") or ""
    return html_to_text(raw) if found.get("format") == "html" else raw.strip()


def _read_question(element: ET.Element, moodle_type: str, path: Path, number: int) -> dict:
    kind = _KINDS[moodle_type]
    feedback, source = split_notes(_text(element, "generalfeedback"))
    fields: dict = {"kind": kind, "text": _text(element, "questiontext"), "feedback": feedback, "source": source}
    grade = element.findtext("defaultgrade")
    if grade:
        fields["points"] = _parse_number(grade, path, number)
    answers = [
        (_text(answer, "."), _parse_number(answer.get("fraction", "0"), path, number), _text(answer, "feedback"))
        for answer in element.findall("answer")
    ]
    if kind == QuestionKind.OPEN:
        fields["reference_answer"] = _text(element, "graderinfo") or None
    elif kind == QuestionKind.MULTIPLE_CHOICE:
        fields["choices"] = [
            Choice(text=text, correct=fraction > 0, feedback=note or None) for text, fraction, note in answers
        ]
        fields["reference_answer"] = "; ".join(text for text, fraction, _ in answers if fraction > 0) or None
    elif kind == QuestionKind.TRUE_FALSE:
        fields["reference_answer"] = next((text.lower() for text, fraction, _ in answers if fraction >= 100), None)
    else:
        fillings = [text for text, fraction, _ in answers if fraction >= 100]
        fields["reference_answer"] = fillings[0] if fillings else None
        fields["accepted"] = fillings[1:]
        if GAP not in fields["text"]:
            fields["text"] = f"{fields['text']} {GAP}"
    return fields


def _parse_number(text: str, path: Path, number: int) -> float:
    try:
        return float(text)
    except ValueError as error:
        raise InterchangeError(f"{path.name}: question {number} has the number '{text}', which is not one.") from error
