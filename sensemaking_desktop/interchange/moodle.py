"""Moodle XML: the question-bank format every Moodle site imports (Question bank → Import → Moodle XML).

Mapping (a Moodle question per quiz question; a `category` question before the first question of
each category: the question's own category path, else a course category named after the quiz):
- open → `essay`: the reference answer in `graderinfo` (shown to graders only).
- multiple_choice → `multichoice`: `single` when one choice is correct; with several correct each
  correct choice gets 100/n percent and each wrong one -100/m, so ticking everything earns nothing.
  Fractions a file gave (a -100 % wrong option, a 50 % partly right one) are written back as read.
- true_false → `truefalse`, with the feedback for the right and for the wrong answer.
- cloze → `shortanswer`, the gap left in the question text as a blank (a gap at the very end is
  left out: Moodle shows the answer box after the text) and every answer with its fraction and
  feedback, so `*` at 0 % stays a 0 % catch-all; `usecase` is the question's case sensitivity.
  Moodle's own `cloze` (multianswer) type was not chosen: its embedded syntax needs its own escaping
  of `}`, `#`, `~`, `/` and `"` inside answers, and Moodle re-parses it on import, where answers
  with those characters are known to break; `shortanswer` takes answers as plain XML text.
- numerical → `numerical`: each accepted number with its fraction, feedback and `tolerance`
  (`*` for any number), the units with their multipliers, `unitgradingtype` and `unitpenalty`.
- matching → `matching`: a `subquestion` per pair (an extra answer has an empty text).
- feedback and the source (pages, times, quote) → `generalfeedback`, the source as a last line
  starting "Source:"; points → `defaultgrade`; name, id number, penalty and the per-type settings
  (shuffleanswers, answernumbering, responseformat, …) as read, else Moodle's defaults.

Texts are written in the format they were read in (`html`, `moodle_auto_format`, `plain_text`,
`markdown`); the app's own questions in `html`, escaped, so `<` and `&` show as typed.
ElementTree's escaping makes the XML correct without CDATA sections, which Moodle does not need.

Reading (`read_moodle`) keeps every question the app can hold and notes, per question, what it
skipped (embedded-answer cloze, description, calculated and the other Moodle types) and
what it could not keep (HTML formatting, Moodle 1.9 images, combined feedback, hints, tags,
category descriptions). Embedded files (`<file>` elements) come with the result, each question
naming its own, for the library to keep (`attachments.keep_files`); an export does not write them
back (export_notes says so); `import_moodle` refuses such a file instead.

The helpers it shares with GIFT, QTI and CSV are in `common`.
"""

import base64
import binascii
import hashlib
import re
import xml.etree.ElementTree as ET
from pathlib import Path

from sensemaking_desktop.interchange.common import (
    _number,
    build_result,
    category_path,
    full_points_answer,
    join_notes,
    markup_tags,
    percent,
    quiz_title,
    read_choices,
    read_text,
    read_xml,
    split_notes,
    write_atomically,
    write_text,
)
from sensemaking_desktop.interchange.errors import InterchangeError
from sensemaking_desktop.interchange.report import ImportResult, Notes, Skip
from sensemaking_desktop.quizzes.key_grading import choice_fractions
from sensemaking_desktop.quizzes.model import GAP, Question, QuestionKind, Quiz, short_number
from sensemaking_desktop.wording import plural

_TYPES = {
    QuestionKind.OPEN: "essay",
    QuestionKind.MULTIPLE_CHOICE: "multichoice",
    QuestionKind.TRUE_FALSE: "truefalse",
    QuestionKind.CLOZE: "shortanswer",
    QuestionKind.NUMERICAL: "numerical",
    QuestionKind.MATCHING: "matching",
}
_KINDS = {moodle_type: kind for kind, moodle_type in _TYPES.items()}
_FORMATS = {"html": "html", "moodle": "moodle_auto_format", "plain": "plain_text", "markdown": "markdown"}
_FORMAT_NAMES = {written: name for name, written in _FORMATS.items()}
_DEFAULTS = {
    "essay": {
        "responseformat": "editor",
        "responserequired": "1",
        "responsefieldlines": "10",
        "attachments": "0",
        "attachmentsrequired": "0",
    },
    "multichoice": {"shuffleanswers": "true", "answernumbering": "abc"},
    "truefalse": {},
    "shortanswer": {},
    "numerical": {"showunits": "3", "unitsleft": "0"},
    "matching": {"shuffleanswers": "true"},
}
"""The settings the export writes when a question has none of its own; read settings equal to
these are not kept, so what an import keeps is what the file says beyond them."""
_HIDDEN = "0"
_PENALTY = "0.3333333"
_READ = {"name", "questiontext", "generalfeedback", "defaultgrade", "penalty", "idnumber", "answer", "single"}
_READ_BY_TYPE = {
    "essay": {"graderinfo"},
    "shortanswer": {"usecase"},
    "numerical": {"units", "unitgradingtype", "unitpenalty"},
    "matching": {"subquestion"},
}
_UNIT_GRADING = {"0": "optional", "1": "response", "2": "question"}
_SKIPPED_TYPES = {
    "description": "a description (text with no question), which a quiz cannot hold",
    "calculated": "a calculated question, which the app cannot hold",
    "calculatedsimple": "a simple calculated question, which the app cannot hold",
    "calculatedmulti": "a calculated multichoice question, which the app cannot hold",
    "ddwtos": "a drag-and-drop into text question, which the app cannot hold",
    "gapselect": "a select-missing-words question, which the app cannot hold",
    "ddimageortext": "a drag-and-drop onto image question, which the app cannot hold",
    "ddmarker": "a drag-and-drop markers question, which the app cannot hold",
    "randomsamatch": "a random short-answer matching question, which the app cannot hold",
    "random": "a random question (drawn from its category as the quiz runs), which the app cannot hold",
}


def export_moodle(quiz: Quiz, target: Path) -> Path:
    """Write `quiz` as a Moodle XML file at `target`; the file appears whole or not at all."""
    root = ET.Element("quiz")
    category = None
    for number, question in enumerate(quiz.questions, start=1):
        wanted = question.category or category_path(quiz.title)
        if wanted != category:
            root.append(_category(wanted))
            category = wanted
        root.append(_question(question, number))
    if not quiz.questions:
        root.append(_category(category_path(quiz.title)))
    ET.indent(root)
    write_atomically(target, ET.tostring(root, encoding="UTF-8", xml_declaration=True))
    return target


def read_moodle(path: Path) -> ImportResult:
    """Read a Moodle XML file: every question the app can hold, and a note for each it cannot (or
    holds without something). The title is the deepest category the questions share."""
    root = read_xml(path)
    if root.tag != "quiz":
        raise InterchangeError(f"{path.name} is not Moodle XML: its root element is <{root.tag}>, not <quiz>.")
    notes = Notes()
    category, declared, used = None, [], []
    entries: list[tuple[int, str | None, dict]] = []
    number = 0
    for element in root.iter("question"):
        moodle_type = element.get("type", "")
        if moodle_type == "category":
            category = (element.findtext("category/text") or "").strip() or None
            _category_notes(element, category, notes)
            declared.append(category)
            continue
        number += 1
        name = (element.findtext("name/text") or "").strip() or None
        reading = _Reading(element, number, name, notes)
        try:
            fields = _read_question(element, moodle_type, reading)
        except Skip as skip:
            notes.skip(number, name, str(skip))
            continue
        reading.report()
        if category:
            fields["category"] = category
            used.append(category)
        entries.append((number, name, fields))
    for empty in dict.fromkeys(category for category in declared if category and category not in used):
        notes.lose(None, None, f"the category {empty} holds no question here and is not kept")
    return build_result(path, quiz_title(used, path.stem), entries, notes)


def import_moodle(path: Path) -> Quiz:
    """Read a Moodle XML file the app can hold whole; refuse it, naming what it cannot, otherwise."""
    return read_moodle(path).whole(path)


# --- writing ----------------------------------------------------------------------------------


def _category(path: str) -> ET.Element:
    """Moodle's category pseudo-question, which names the category the questions after it are filed in."""
    element = ET.Element("question", type="category")
    ET.SubElement(ET.SubElement(element, "category"), "text").text = path
    return element


def _question(question: Question, number: int) -> ET.Element:
    moodle_type = _TYPES[question.kind]
    text_format = question.lms.text_format
    written = _FORMATS[text_format or "html"]
    text = question.text
    if question.kind == QuestionKind.CLOZE and text.endswith(f" {GAP}"):
        text = text.removesuffix(f" {GAP}")
    element = ET.Element("question", type=moodle_type)
    ET.SubElement(ET.SubElement(element, "name"), "text").text = question.name or f"Q{number}"
    _add_text(element, "questiontext", text, text_format)
    _add_text(element, "generalfeedback", join_notes(question.feedback, question.source), text_format)
    ET.SubElement(element, "defaultgrade").text = _number(float(question.points))
    penalty = question.lms.penalty
    ET.SubElement(element, "penalty").text = _PENALTY if penalty is None else _number(penalty)
    ET.SubElement(element, "hidden").text = question.lms.options.get("hidden", _HIDDEN)
    if question.lms.idnumber:
        ET.SubElement(element, "idnumber").text = question.lms.idnumber
    settings = _DEFAULTS[moodle_type] | {key: value for key, value in question.lms.options.items() if key != "hidden"}
    if question.kind == QuestionKind.MULTIPLE_CHOICE:
        settings = {"single": "true" if question.picks_one else "false"} | settings
    if question.kind == QuestionKind.CLOZE:
        settings = {"usecase": "1" if question.case_sensitive else "0"} | settings
    for tag, value in settings.items():
        ET.SubElement(element, tag).text = value or None
    if question.kind == QuestionKind.OPEN:
        _add_text(element, "graderinfo", question.reference_answer or "", text_format)
        _add_text(element, "responsetemplate", "", text_format)
    elif question.kind == QuestionKind.MULTIPLE_CHOICE:
        for choice, fraction in zip(question.choices, choice_fractions(question)):
            shown = write_text(choice.text, text_format)
            _answer(element, shown, fraction, choice.feedback, text_format, written=written)
    elif question.kind == QuestionKind.TRUE_FALSE:
        for value in ("true", "false"):
            right = question.reference_answer == value
            feedback = question.right_feedback if right else question.wrong_feedback
            _answer(element, value, 100 if right else 0, feedback, text_format)
    elif question.kind == QuestionKind.NUMERICAL:
        _numbers(element, question)
    elif question.kind == QuestionKind.MATCHING:
        for pair in question.pairs:
            subquestion = ET.SubElement(element, "subquestion", format=written)
            ET.SubElement(subquestion, "text").text = write_text(pair.prompt, text_format) if pair.prompt else ""
            ET.SubElement(ET.SubElement(subquestion, "answer"), "text").text = pair.answer
    else:
        for short in question.short_answers:
            _answer(element, short.text, short.fraction, short.feedback, text_format)
    return element


def _numbers(element: ET.Element, question: Question) -> None:
    """Each accepted number with its tolerance, then the units and how they are graded."""
    numerical = question.numerical
    if numerical is None:
        return
    for number in numerical.answers:
        value = "*" if number.value is None else short_number(number.value)
        answer = _answer(element, value, number.fraction, number.feedback, question.lms.text_format)
        ET.SubElement(answer, "tolerance").text = short_number(number.tolerance)
    if numerical.units:
        units = ET.SubElement(element, "units")
        for unit in numerical.units:
            written = ET.SubElement(units, "unit")
            ET.SubElement(written, "multiplier").text = short_number(unit.multiplier)
            ET.SubElement(written, "unit_name").text = unit.name
    grading = next(code for code, name in _UNIT_GRADING.items() if name == numerical.unit_grading)
    ET.SubElement(element, "unitgradingtype").text = grading
    ET.SubElement(element, "unitpenalty").text = short_number(numerical.unit_penalty)


def _answer(
    parent: ET.Element,
    text: str,
    fraction: float,
    feedback: str | None,
    text_format: str | None,
    *,
    written: str = "moodle_auto_format",
) -> ET.Element:
    """An answer as written (`text` already in its format), its fraction and its feedback."""
    answer = ET.SubElement(parent, "answer", fraction=percent(fraction), format=written)
    ET.SubElement(answer, "text").text = text
    _add_text(answer, "feedback", feedback or "", text_format)
    return answer


def _add_text(parent: ET.Element, tag: str, text: str, text_format: str | None) -> None:
    field = ET.SubElement(parent, tag, format=_FORMATS[text_format or "html"])
    ET.SubElement(field, "text").text = write_text(text, text_format)


# --- reading ----------------------------------------------------------------------------------


class _Reading:
    """One question as it is read: its texts in their formats, and what plain text loses."""

    def __init__(self, element: ET.Element, number: int, name: str | None, notes: Notes) -> None:
        self.element, self.number, self.name, self.notes = element, number, name, notes
        questiontext = element.find("questiontext")
        written = questiontext.get("format") if questiontext is not None else None
        self.text_format = _FORMAT_NAMES.get(written or "moodle_auto_format", "moodle")
        if written and written not in _FORMAT_NAMES:
            self.lose(f"the text format '{written}' (read as Moodle's auto-format)")
        self.markup: set[str] = set()
        self.other_formats: list[str] = []

    def lose(self, reason: str) -> None:
        self.notes.lose(self.number, self.name, reason)

    def text(self, parent: ET.Element | None, tag: str, what: str) -> str:
        """The text of `tag`/text in its own format; a format that shows the text otherwise than
        the question's (Markdown or plain text beside HTML) is noted."""
        found = parent.find(tag) if parent is not None else None
        if found is None:
            return ""
        raw = found.findtext("text") or ""
        text_format = _FORMAT_NAMES.get(found.get("format") or "", self.text_format)
        if raw.strip() and _family(text_format) != _family(self.text_format):
            self.other_formats.append(f"{what} ({text_format})")
        if text_format in ("html", "moodle"):
            self.markup.update(markup_tags(raw))
        return read_text(raw, text_format)

    def report(self) -> None:
        for what in self.other_formats:
            self.lose(f"the format of {what}; the question's ({self.text_format}) is used on export")
        if self.markup:
            self.lose(
                "HTML formatting " + ", ".join(f"<{tag}>" for tag in sorted(self.markup)) + ", kept as plain text"
            )


def _family(text_format: str) -> str:
    return "html" if text_format in ("html", "moodle") else text_format


def _category_notes(element: ET.Element, category: str | None, notes: Notes) -> None:
    info = (element.findtext("info/text") or "").strip()
    idnumber = (element.findtext("idnumber") or "").strip()
    if info:
        notes.lose(None, None, f"the description of the category {category} (“{_short(info)}”)")
    if idnumber:
        notes.lose(None, None, f"the id number of the category {category} ({idnumber})")


def _short(text: str, size: int = 60) -> str:
    text = " ".join(text.split())
    return text if len(text) <= size else f"{text[:size]}…"


def _read_question(element: ET.Element, moodle_type: str, reading: _Reading) -> dict:
    if moodle_type not in _KINDS:
        raise Skip(_skip_reason(element, moodle_type))
    kind = _KINDS[moodle_type]
    feedback, source = split_notes(reading.text(element, "generalfeedback", "the general feedback"))
    fields: dict = {
        "kind": kind,
        "name": reading.name,
        "text": reading.text(element, "questiontext", "the question text"),
        "feedback": feedback,
        "source": source,
        "lms": {"text_format": reading.text_format, "options": _settings(element, moodle_type, reading)},
    }
    grade = element.findtext("defaultgrade")
    if grade and grade.strip():
        fields["points"] = _parse_number(grade)
    penalty = element.findtext("penalty")
    if penalty and penalty.strip():
        fields["lms"]["penalty"] = _parse_number(penalty)
    idnumber = (element.findtext("idnumber") or "").strip()
    if idnumber:
        fields["lms"]["idnumber"] = idnumber
    fields["attachments"] = _files(element, reading)
    answers = element.findall("answer")
    if kind == QuestionKind.OPEN:
        fields["reference_answer"] = reading.text(element, "graderinfo", "the grader information") or None
    elif kind == QuestionKind.MULTIPLE_CHOICE:
        fields.update(_choice_fields(element, answers, reading, fields["lms"]["options"]))
    elif kind == QuestionKind.TRUE_FALSE:
        fields.update(_true_false_fields(answers, reading))
    elif kind == QuestionKind.NUMERICAL:
        fields["numerical"] = _numerical_key(element, answers, reading)
    elif kind == QuestionKind.MATCHING:
        fields["pairs"] = _pairs(element, reading)
    else:
        fields.update(_short_answer_fields(element, answers, reading))
        if GAP not in fields["text"]:
            fields["text"] = f"{fields['text']} {GAP}".lstrip()
    return fields


def _skip_reason(element: ET.Element, moodle_type: str) -> str:
    if moodle_type in ("cloze", "multianswer"):
        text = element.findtext("questiontext/text") or ""
        gaps = len(re.findall(r"\{\d*:\w+:", text))
        return (
            f"an embedded-answers (Cloze) question with {plural(gaps, 'gap')}, which the app cannot hold yet "
            "(its cloze has one short-answer gap)"
        )
    return _SKIPPED_TYPES.get(moodle_type, f"a Moodle '{moodle_type}' question, which the app cannot hold")


def _settings(element: ET.Element, moodle_type: str, reading: _Reading) -> dict[str, str]:
    """The per-type settings the export would not write by itself; what has no place is noted."""
    settings: dict[str, str] = {}
    defaults = _DEFAULTS[moodle_type] | {"hidden": _HIDDEN}
    for child in element:
        tag = child.tag
        if tag in _READ or tag in _READ_BY_TYPE.get(moodle_type, ()):
            continue
        if tag in ("image", "image_base64"):
            if tag == "image" and (child.text or "").strip():
                reading.lose(f"the image {child.text.strip()} (Moodle 1.9's image field)")
            continue
        if tag == "tags":
            names = [(tag_element.findtext("text") or "").strip() for tag_element in child.iter("tag")]
            reading.lose("the tags " + ", ".join(name for name in names if name))
            continue
        if len(child):
            content = _short("".join(child.itertext()))
            if content:
                reading.lose(f"the {tag} (“{content}”)")
            continue
        value = (child.text or "").strip()
        if defaults.get(tag) != value:
            settings[tag] = value
    return settings


def _files(element: ET.Element, reading: _Reading) -> list[dict]:
    """The question's embedded files (`<file encoding="base64">` in its texts, the ones
    `@@PLUGINFILE@@` names), each once, their contents handed on for the library to keep; a file
    that is not base64 is noted as lost."""
    attachments: dict[tuple[str, str], dict] = {}
    for file in element.iter("file"):
        name = (file.get("name") or "").strip() or "(unnamed)"
        try:
            data = base64.b64decode("".join((file.text or "").split()), validate=True)
        except (binascii.Error, ValueError):
            reading.lose(f"the embedded file {name}, which is not base64 as its encoding says")
            continue
        digest = hashlib.sha256(data).hexdigest()
        reading.notes.files[digest] = data
        attachments[(name, digest)] = {"name": name, "sha256": digest, "size": len(data)}
    return list(attachments.values())


def _parse_number(text: str) -> float:
    try:
        return float(text)
    except ValueError as error:
        raise Skip(f"it has the number '{text.strip()}', which is not one") from error


def _fraction(answer: ET.Element) -> float:
    return _parse_number(answer.get("fraction", "0"))


def _choice_fields(element: ET.Element, answers: list[ET.Element], reading: _Reading, options: dict) -> dict:
    read = []
    for index, answer in enumerate(answers, start=1):
        text = reading.text(answer, ".", f"choice {index}")
        if not text:
            raise Skip(f"choice {index} has no text the app can show (an image only?)")
        feedback = reading.text(answer, "feedback", f"choice {index}'s feedback")
        read.append((text, _fraction(answer), feedback or None))
    single = (element.findtext("single") or "true").strip().lower() in ("true", "1")
    choices, kept = read_choices(read, single)
    options.update(kept)
    reference = "; ".join(choice["text"] for choice in choices if choice["correct"])
    return {"choices": choices, "reference_answer": reference or None}


def _true_false_fields(answers: list[ET.Element], reading: _Reading) -> dict:
    read = {}
    for answer in answers:
        value = (answer.findtext("text") or "").strip().lower()
        read[value] = (_fraction(answer), reading.text(answer, "feedback", f"the feedback for {value}") or None)
    right = next((value for value, (fraction, _) in read.items() if fraction >= 100), None)
    wrong = "false" if right == "true" else "true"
    return {
        "reference_answer": right,
        "right_feedback": read.get(right or "", (0, None))[1],
        "wrong_feedback": read.get(wrong, (0, None))[1],
    }


def _numerical_key(element: ET.Element, answers: list[ET.Element], reading: _Reading) -> dict:
    """The accepted numbers (`*`: any number), the units and how a wrong unit is graded."""
    numbers = []
    for index, answer in enumerate(answers, start=1):
        text = (answer.findtext("text") or "").strip()
        numbers.append(
            {
                "value": None if text == "*" else _parse_number(text),
                "tolerance": abs(_parse_number(answer.findtext("tolerance") or "0")),
                "fraction": _fraction(answer),
                "feedback": reading.text(answer, "feedback", f"answer {index}'s feedback") or None,
            }
        )
    units = [
        {
            "name": (unit.findtext("unit_name") or "").strip(),
            "multiplier": _parse_number(unit.findtext("multiplier") or "1"),
        }
        for unit in element.iterfind("units/unit")
    ]
    key: dict = {"answers": numbers, "units": units}
    grading = (element.findtext("unitgradingtype") or "0").strip()
    if grading not in _UNIT_GRADING:
        raise Skip(f"its unit grading type {grading} is not one Moodle has (0, 1 or 2)")
    key["unit_grading"] = _UNIT_GRADING[grading]
    penalty = (element.findtext("unitpenalty") or "").strip()
    if penalty:
        key["unit_penalty"] = _parse_number(penalty)
    return key


def _pairs(element: ET.Element, reading: _Reading) -> list[dict]:
    """Each subquestion's prompt (in its format) and answer (plain text, as Moodle holds it);
    a subquestion with neither is left out, as Moodle leaves it out."""
    pairs = []
    for index, subquestion in enumerate(element.iterfind("subquestion"), start=1):
        prompt = reading.text(subquestion, ".", f"prompt {index}")
        answer = (subquestion.findtext("answer/text") or "").strip()
        if prompt or answer:
            pairs.append({"prompt": prompt, "answer": answer})
    return pairs


def _short_answer_fields(element: ET.Element, answers: list[ET.Element], reading: _Reading) -> dict:
    """The first full-points answer is the reference answer; short answers are read as typed."""
    read = []
    for index, answer in enumerate(answers, start=1):
        text = (answer.findtext("text") or "").strip()
        if text:
            feedback = reading.text(answer, "feedback", f"answer {index}'s feedback")
            read.append({"text": text, "fraction": _fraction(answer), "feedback": feedback or None})
    if not read:
        raise Skip("a short answer without answers")
    reference, full = full_points_answer(read)
    if full > 0 and any(answer["fraction"] < 100 for answer in read[:full]):
        reading.notes.change(
            reading.number,
            reading.name,
            f"the full-points answer “{reference['text']}” is matched first (Moodle matches in order)",
        )
    usecase = (element.findtext("usecase") or "0").strip()
    return {
        "reference_answer": reference["text"],
        "right_feedback": reference["feedback"],
        "accepted": read,
        "case_sensitive": usecase not in ("", "0", "false"),
    }
