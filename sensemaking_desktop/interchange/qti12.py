"""IMS QTI 1.2 packages, the format Canvas Classic Quizzes and Blackboard import (and Canvas exports).

The zip holds `imsmanifest.xml` (IMS Content Packaging 1.1, one resource of type
`imsqti_xmlv1p2`) and `assessment.xml`: a questestinterop with one assessment, one section and
one item per question, in the element order of the QTI 1.2 ASI schema. Each item names its
Canvas question type and points in itemmetadata (`question_type`, `points_possible`), which
Canvas reads and other importers ignore:
- multiple_choice → response_lid with one response_label per choice; the correct choice sets
  SCORE to 100 (`multiple_choice_question`), or, with several correct, the exact set of them
  does (`multiple_answers_question`, rcardinality Multiple); per-choice feedback is an
  itemfeedback shown when that choice is picked.
- true_false → response_lid with the labels `true` and `false`, in that order.
- cloze → `short_answer_question`: the text with its gap and a response_str; the reference
  answer scores 100 and every accepted filling its share, case ignored unless the question is
  case-sensitive. Answers with Moodle's `*` wildcard and those earning nothing are left out.
- open → `essay_question`: a response_str, the reference answer in a rubric for the scorer.
- numerical → `numerical_question`: a decimal response_str; each accepted number sets SCORE to
  its share when the response lies within its range (vargte/varlte), the first that holds it
  winning. A decimal response holds no unit, so units are not carried.
- matching → `matching_question`: a response_lid per prompt offering every answer (extra ones
  too), each right match adding its equal share to SCORE.
- feedback and the source line → a general itemfeedback that every attempt shows.

Texts are HTML (`texttype="text/html"`), escaped, so `<` and `&` show as typed. Import reads
packages that Canvas and this module write, with the checks of the QTI 2.1 reader (safe zip,
size caps, defused XML).
"""

import io
import posixpath
import xml.etree.ElementTree as ET
import zipfile
from pathlib import Path

from sensemaking_desktop.interchange.common import (
    build_result,
    full_points_answer,
    html_to_text,
    join_notes,
    literal_fillings,
    markup_tags,
    percent,
    read_xml,
    split_notes,
    text_to_html,
    write_atomically,
)
from sensemaking_desktop.interchange.errors import InterchangeError
from sensemaking_desktop.interchange.qti import CP, parse_member, true_false_choice, unpack
from sensemaking_desktop.interchange.report import ImportResult, Notes, Skip
from sensemaking_desktop.quizzes.grading import literal
from sensemaking_desktop.quizzes.model import GAP, Choice, Question, QuestionKind, Quiz, short_number

QTI12 = "http://www.imsglobal.org/xsd/ims_qtiasiv1p2"
_XSI = "http://www.w3.org/2001/XMLSchema-instance"
_QTI12_XSD = "http://www.imsglobal.org/xsd/ims_qtiasiv1p2p1.xsd"
_CP_XSD = "http://www.imsglobal.org/xsd/imscp_v1p1.xsd"
RESOURCE_TYPE = "imsqti_xmlv1p2"
ASSESSMENT = "assessment.xml"
RESPONSE = "response1"
GENERAL_FEEDBACK = "general_fb"
_TRUE_FALSE = ["true", "false"]
QUESTION_TYPES = {
    QuestionKind.OPEN: "essay_question",
    QuestionKind.TRUE_FALSE: "true_false_question",
    QuestionKind.CLOZE: "short_answer_question",
    QuestionKind.NUMERICAL: "numerical_question",
    QuestionKind.MATCHING: "matching_question",
}


def export_qti12(quiz: Quiz, target: Path) -> Path:
    """Write `quiz` as a QTI 1.2 package (zip) at `target`; it appears whole or not at all."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as package:
        package.writestr("imsmanifest.xml", _xml(_manifest()))
        package.writestr(ASSESSMENT, _xml(_assessment(quiz)))
    write_atomically(target, buffer.getvalue())
    return target


def read_qti12(path: Path) -> ImportResult:
    """Read a QTI 1.2 package (Canvas's quiz and course exports too) or a questestinterop file:
    every item the app can hold, in order, and a note for each it cannot hold or holds without
    something."""
    root, meta, title = _assessment_of(path)
    notes = Notes()
    if meta:
        notes.lose(None, None, f"the Canvas quiz settings in {meta} (description, shuffling, attempts, time limits)")
    entries = []
    for number, item in enumerate(root.iter("item"), start=1):
        name = (item.get("title") or item.get("ident") or "").strip() or None
        try:
            fields = _Item(item, notes, number, name).fields()
        except Skip as skip:
            notes.skip(number, name, str(skip))
            continue
        entries.append((number, name, fields))
    return build_result(path, title, entries, notes)


def import_qti12(path: Path) -> Quiz:
    """Read a QTI 1.2 package the app can hold whole; refuse it, naming what it cannot, otherwise."""
    return read_qti12(path).whole(path)


def _assessment_of(path: Path) -> tuple[ET.Element, str | None, str]:
    """The questestinterop to read, the Canvas settings file beside it (if any) and the title.
    In a Canvas export the QTI resource names its file; Canvas's own copy of the quiz
    (non_cc_assessments/ID.xml.qti, with its question types and points) is read where present."""
    if path.suffix.lower() in (".xml", ".qti"):
        root = _local(read_xml(path))
        meta = None
    else:
        files = unpack(path)
        manifest = parse_member(files, "imsmanifest.xml", path)
        resources = [
            r for r in manifest.iter() if r.tag.endswith("}resource") and r.get("type", "").startswith(RESOURCE_TYPE)
        ]
        href, meta = ASSESSMENT, None
        for resource in resources[:1]:
            named = resource.get("href") or next((f.get("href", "") for f in resource if f.tag.endswith("}file")), "")
            canvas = f"non_cc_assessments/{resource.get('identifier')}.xml.qti"
            href = canvas if canvas in files else named
            settings = posixpath.join(posixpath.dirname(named), "assessment_meta.xml")
            meta = settings if settings in files else None
        root = _local(parse_member(files, href, path))
    assessment = root.find("assessment")
    if next(root.iter("item"), None) is None:
        raise InterchangeError(f"{path.name} holds no QTI 1.2 assessment.")
    title = assessment.get("title") if assessment is not None else None
    return root, meta, title or path.stem


# --- writing ----------------------------------------------------------------------------------


def _xml(root: ET.Element) -> bytes:
    ET.indent(root)
    return ET.tostring(root, encoding="UTF-8", xml_declaration=True)


def _sub(parent: ET.Element, tag: str, text: str | None = None, **attributes: str) -> ET.Element:
    element = ET.SubElement(parent, tag, attributes)
    element.text = text
    return element


def _manifest() -> ET.Element:
    root = ET.Element("manifest", xmlns=CP, identifier="manifest")
    root.set("xmlns:xsi", _XSI)
    root.set("xsi:schemaLocation", f"{CP} {_CP_XSD}")
    metadata = _sub(root, "metadata")
    _sub(metadata, "schema", "IMS Content")
    _sub(metadata, "schemaversion", "1.1.3")
    _sub(root, "organizations")
    resource = _sub(_sub(root, "resources"), "resource", identifier="assessment", type=RESOURCE_TYPE, href=ASSESSMENT)
    _sub(resource, "file", href=ASSESSMENT)
    return root


def _assessment(quiz: Quiz) -> ET.Element:
    root = ET.Element("questestinterop", xmlns=QTI12)
    root.set("xmlns:xsi", _XSI)
    root.set("xsi:schemaLocation", f"{QTI12} {_QTI12_XSD}")
    assessment = _sub(root, "assessment", ident="assessment", title=quiz.title)
    section = _sub(assessment, "section", ident="root_section")
    for number, question in enumerate(quiz.questions, 1):
        _item(section, question, f"q{number}")
    return root


def _question_type(question: Question) -> str:
    if question.kind == QuestionKind.MULTIPLE_CHOICE:
        several = len(question.correct_choices) > 1
        return "multiple_answers_question" if several else "multiple_choice_question"
    return QUESTION_TYPES[question.kind]


def _item(section: ET.Element, question: Question, ident: str) -> None:
    """One item; its children in the order the QTI 1.2 schema requires."""
    item = _sub(section, "item", ident=ident, title=question.name or ident.upper())
    fields = _sub(_sub(item, "itemmetadata"), "qtimetadata")
    for label, entry in (("question_type", _question_type(question)), ("points_possible", f"{question.points:g}")):
        field = _sub(fields, "qtimetadatafield")
        _sub(field, "fieldlabel", label)
        _sub(field, "fieldentry", entry)
    if question.kind == QuestionKind.OPEN and question.reference_answer:
        _material(_sub(item, "rubric", view="Scorer"), question.reference_answer)
    choices = _choices(question, ident)
    presentation = _sub(item, "presentation")
    _material(presentation, question.text)
    if question.kind == QuestionKind.MATCHING:
        _match_responses(presentation, question, ident)
    elif choices:
        cardinality = "Multiple" if len(question.correct_choices) > 1 else "Single"
        render = _sub(_sub(presentation, "response_lid", ident=RESPONSE, rcardinality=cardinality), "render_choice")
        for choice_ident, choice in choices:
            _material(_sub(render, "response_label", ident=choice_ident), choice.text)
    else:
        response = _sub(presentation, "response_str", ident=RESPONSE, rcardinality="Single")
        fibtype = "Decimal" if question.kind == QuestionKind.NUMERICAL else "String"
        _sub(response, "render_fib", fibtype=fibtype, prompt="Box")
    notes = join_notes(question.feedback, question.source)
    answer_feedback = _processing(item, question, choices, bool(notes))
    if notes:
        _feedback(item, GENERAL_FEEDBACK, notes)
    for choice_ident, choice in choices:
        if choice.feedback:
            _feedback(item, f"{choice_ident}_fb", choice.feedback)
    for feedback_ident, text in answer_feedback:
        _feedback(item, feedback_ident, text)


def _choices(question: Question, ident: str) -> list[tuple[str, Choice]]:
    """Each choice with its ident; a true/false question as the choices true and false."""
    if question.kind == QuestionKind.TRUE_FALSE:
        return [(value, true_false_choice(question, value)) for value in _TRUE_FALSE]
    return [(f"{ident}_c{number}", choice) for number, choice in enumerate(question.choices, 1)]


def _processing(
    item: ET.Element, question: Question, choices: list[tuple[str, Choice]], general: bool
) -> list[tuple[str, str]]:
    """Feedback conditions first (they go on), then the ones that score (each stops); returns the
    feedback the scoring conditions of short answers and numbers show, by ident."""
    processing = _sub(item, "resprocessing")
    _sub(_sub(processing, "outcomes"), "decvar", maxvalue="100", minvalue="0", varname="SCORE", vartype="Decimal")
    if general:
        condition = _sub(processing, "respcondition", **{"continue": "Yes"})
        _sub(_sub(condition, "conditionvar"), "other")
        _sub(condition, "displayfeedback", feedbacktype="Response", linkrefid=GENERAL_FEEDBACK)
    for choice_ident, choice in choices:
        if choice.feedback:
            condition = _sub(processing, "respcondition", **{"continue": "Yes"})
            _sub(_sub(condition, "conditionvar"), "varequal", choice_ident, respident=RESPONSE)
            _sub(condition, "displayfeedback", feedbacktype="Response", linkrefid=f"{choice_ident}_fb")
    ident = item.get("ident", "")
    if question.kind == QuestionKind.NUMERICAL:
        return _number_conditions(processing, question, ident)
    if question.kind == QuestionKind.MATCHING:
        _match_conditions(processing, question, ident)
    elif choices:
        _full_marks(processing, _choice_condition(choices))
    elif question.kind == QuestionKind.CLOZE:
        return _filling_conditions(processing, question, ident)
    else:
        # An essay scores by hand; the schema still asks for one condition, as Canvas writes it.
        _sub(_sub(_sub(processing, "respcondition", **{"continue": "No"}), "conditionvar"), "other")
    return []


def _filling_conditions(processing: ET.Element, question: Question, ident: str) -> list[tuple[str, str]]:
    """Each filling that earns points sets SCORE to its share and shows its feedback."""
    feedback = {literal(answer.text): answer.feedback for answer in question.short_answers if answer.feedback}
    shown = []
    for number, (filling, fraction) in enumerate(literal_fillings(question), start=1):
        condition = ET.Element("conditionvar")
        _sub(condition, "varequal", filling, respident=RESPONSE, case="Yes" if question.case_sensitive else "No")
        scoring = _full_marks(processing, condition, percent(fraction))
        if feedback.get(filling):
            shown.append((f"{ident}_a{number}_fb", feedback[filling]))
            _sub(scoring, "displayfeedback", feedbacktype="Response", linkrefid=shown[-1][0])
    return shown


def _options(question: Question) -> list[str]:
    """A matching question's answers, each once, in the order of its pairs."""
    return list(dict.fromkeys(pair.answer for pair in question.pairs))


def _match_responses(presentation: ET.Element, question: Question, ident: str) -> None:
    """A response_lid per prompt, each offering every answer (as Canvas writes matching)."""
    for number, pair in enumerate(question.prompts, 1):
        response = _sub(presentation, "response_lid", ident=f"{ident}_p{number}", rcardinality="Single")
        _material(response, pair.prompt)
        render = _sub(response, "render_choice")
        for option, answer in enumerate(_options(question), 1):
            _material(_sub(render, "response_label", ident=f"{ident}_a{option}"), answer)


def _match_conditions(processing: ET.Element, question: Question, ident: str) -> None:
    """Each prompt matched right adds its equal share to SCORE (and the others go on)."""
    share = percent(100 / len(question.prompts))
    for number, pair in enumerate(question.prompts, 1):
        condition = _sub(processing, "respcondition", **{"continue": "Yes"})
        answer_ident = f"{ident}_a{_options(question).index(pair.answer) + 1}"
        _sub(_sub(condition, "conditionvar"), "varequal", answer_ident, respident=f"{ident}_p{number}")
        _sub(condition, "setvar", share, action="Add", varname="SCORE")


def _number_conditions(processing: ET.Element, question: Question, ident: str) -> list[tuple[str, str]]:
    """Each accepted number that earns points, in order: a response within its range (any
    response for `*`) sets SCORE to its share, shows the number's feedback and stops."""
    shown = []
    for number, answer in enumerate(question.numerical.answers if question.numerical else [], start=1):
        if answer.fraction <= 0:
            continue
        condition = ET.Element("conditionvar")
        if answer.value is None:
            _sub(condition, "other")
        else:
            both = _sub(condition, "and")
            _sub(both, "vargte", short_number(answer.value - answer.tolerance), respident=RESPONSE)
            _sub(both, "varlte", short_number(answer.value + answer.tolerance), respident=RESPONSE)
        scoring = _full_marks(processing, condition, percent(answer.fraction))
        if answer.feedback:
            shown.append((f"{ident}_n{number}_fb", answer.feedback))
            _sub(scoring, "displayfeedback", feedbacktype="Response", linkrefid=shown[-1][0])
    return shown


def _choice_condition(choices: list[tuple[str, Choice]]) -> ET.Element:
    """The correct choice, or with several correct, all of them and none of the others."""
    condition = ET.Element("conditionvar")
    correct = [ident for ident, choice in choices if choice.correct]
    if len(correct) == 1:
        _sub(condition, "varequal", correct[0], respident=RESPONSE)
        return condition
    both = _sub(condition, "and")
    for ident, choice in choices:
        parent = both if choice.correct else _sub(both, "not")
        _sub(parent, "varequal", ident, respident=RESPONSE)
    return condition


def _full_marks(processing: ET.Element, condition: ET.Element, score: str = "100") -> ET.Element:
    respcondition = _sub(processing, "respcondition", **{"continue": "No"})
    respcondition.append(condition)
    _sub(respcondition, "setvar", score, action="Set", varname="SCORE")
    return respcondition


def _feedback(item: ET.Element, ident: str, text: str) -> None:
    _material(_sub(_sub(item, "itemfeedback", ident=ident), "flow_mat"), text)


def _material(parent: ET.Element, text: str) -> None:
    _sub(_sub(parent, "material"), "mattext", text_to_html(text), texttype="text/html")


# --- reading ----------------------------------------------------------------------------------


def _local(root: ET.Element) -> ET.Element:
    """The tree with namespaces dropped: Canvas writes QTI 1.2 with and without one."""
    for element in root.iter():
        element.tag = element.tag.rpartition("}")[2]
    return root


_CANVAS_SKIPPED = {
    "fill_in_multiple_blanks_question": "a fill-in-multiple-blanks question, which the app cannot hold yet "
    "(its cloze has one gap)",
    "multiple_dropdowns_question": "a multiple-dropdowns question, which the app cannot hold yet",
    "calculated_question": "a formula (calculated) question, which the app cannot hold",
    "file_upload_question": "a file-upload question, which the app cannot hold",
    "text_only_question": "a text-only item (no question), which a quiz cannot hold",
}
_HELD = {
    "multiple_choice_question",
    "multiple_answers_question",
    "true_false_question",
    "short_answer_question",
    "numerical_question",
    "matching_question",
    "essay_question",
}
_OUTCOME_FEEDBACK = {"correct_fb": "a right answer", "general_incorrect_fb": "a wrong answer"}


class _Item:
    """One item as it is read; the feedback it uses is ticked off, so what has no place is noted."""

    def __init__(self, item: ET.Element, notes: Notes, number: int, name: str | None) -> None:
        self.item, self.notes, self.number, self.name = item, notes, number, name
        self.feedback = {entry.get("ident"): _text(entry) for entry in item.iter("itemfeedback")}
        self.used: set[str | None] = {GENERAL_FEEDBACK}
        self.markup: set[str] = set()

    def fields(self) -> dict:
        metadata = {
            field.findtext("fieldlabel", ""): field.findtext("fieldentry", "")
            for field in self.item.iterfind("itemmetadata/qtimetadata/qtimetadatafield")
        }
        kind = metadata.get("question_type")
        if kind in _CANVAS_SKIPPED:
            raise Skip(_CANVAS_SKIPPED[kind])
        if kind and kind not in _HELD:
            raise Skip(f"a Canvas {kind}, which the app cannot hold")
        fields: dict = {"name": self.name}
        fields.update(zip(("feedback", "source"), split_notes(self.feedback.get(GENERAL_FEEDBACK, ""))))
        if metadata.get("points_possible"):
            fields["points"] = float(metadata["points_possible"])
        presentation = self.item.find("presentation")
        if presentation is None:
            raise Skip("an item with nothing to answer, which a quiz cannot hold")
        text = self.text(presentation.find("material"))
        labels = presentation.findall(".//response_lid//response_label")
        if kind == "matching_question" or len(presentation.findall(".//response_lid")) > 1:
            fields.update(kind=QuestionKind.MATCHING, text=text, pairs=self._pairs(presentation))
        elif kind == "numerical_question" or presentation.find(".//render_fib[@fibtype='Decimal']") is not None:
            fields.update(kind=QuestionKind.NUMERICAL, text=text, numerical={"answers": self._numbers()})
        elif labels:
            fields.update(self._choice_fields(text, labels, kind))
        elif _scored_values(self.item):
            fields.update(self._short_answer(text))
        elif presentation.find(".//response_str") is not None:
            rubric = self.item.find("rubric")
            fields.update(kind=QuestionKind.OPEN, text=text, reference_answer=self.text(rubric) or None)
        else:
            raise Skip("an item with nothing to answer, which a quiz cannot hold")
        self._report()
        return fields

    def text(self, element: ET.Element | None) -> str:
        """The element's text, its HTML formatting noted."""
        mattext = None if element is None else element.find(".//mattext")
        if mattext is not None and mattext.get("texttype") == "text/html":
            self.markup.update(markup_tags(mattext.text or ""))
        return _text(element)

    def shown(self, condition: ET.Element) -> str | None:
        """The feedback a condition shows besides the outcome feedback, ticked off as used."""
        for display in condition.iterfind("displayfeedback"):
            ident = display.get("linkrefid")
            if ident not in _OUTCOME_FEEDBACK and self.feedback.get(ident):
                self.used.add(ident)
                return self.feedback[ident]
        return None

    def _report(self) -> None:
        for ident, text in self.feedback.items():
            if ident not in self.used and text:
                when = _OUTCOME_FEEDBACK.get(ident or "")
                shown = f"shown for {when}" if when else f"{ident}, shown on a condition the app does not keep"
                self.notes.lose(self.number, self.name, f"the feedback {shown} (“{text}”)")
        if self.markup:
            tags = ", ".join(f"<{tag}>" for tag in sorted(self.markup))
            self.notes.lose(self.number, self.name, f"HTML formatting {tags}, kept as plain text")

    def _choice_fields(self, text: str, labels: list[ET.Element], kind: str | None) -> dict:
        correct = [value for value, _ in _scored_values(self.item)]
        idents = [label.get("ident") for label in labels]
        texts = [self.text(label) for label in labels]
        feedback = {ident: self.feedback.get(f"{ident}_fb") or None for ident in idents}
        self.used.update(f"{ident}_fb" for ident in idents)
        if kind == "true_false_question" or [t.lower() for t in texts] == _TRUE_FALSE or idents == _TRUE_FALSE:
            values = idents if idents == _TRUE_FALSE else [t.lower() for t in texts]
            right = next((value for ident, value in zip(idents, values) if ident in correct), None)
            return {
                "kind": QuestionKind.TRUE_FALSE,
                "text": text,
                "reference_answer": right,
                "right_feedback": next((feedback[i] for i, v in zip(idents, values) if v == right), None),
                "wrong_feedback": next((feedback[i] for i, v in zip(idents, values) if v != right), None),
            }
        choices = [
            Choice(text=label_text, correct=ident in correct, feedback=feedback[ident])
            for ident, label_text in zip(idents, texts)
        ]
        reference = "; ".join(choice.text for choice in choices if choice.correct) or None
        return {"kind": QuestionKind.MULTIPLE_CHOICE, "text": text, "choices": choices, "reference_answer": reference}

    def _short_answer(self, text: str) -> dict:
        """The first full-points value fills the gap; each value keeps its score and the feedback
        a condition naming it shows."""
        feedback = {}
        for condition in self.item.iterfind("resprocessing/respcondition"):
            values = condition.findall("conditionvar/varequal")
            if len(values) == 1:
                shown = self.shown(condition)
                feedback.setdefault(values[0].text or "", shown)
        answers = [
            {"text": value, "fraction": score, "feedback": feedback.get(value)}
            for value, score in _scored_values(self.item)
        ]
        reference, _ = full_points_answer(answers)
        return {
            "kind": QuestionKind.CLOZE,
            "text": text if GAP in text else f"{text} {GAP}".lstrip(),
            "reference_answer": reference["text"],
            "right_feedback": reference["feedback"],
            "accepted": answers,
            "case_sensitive": any(value.get("case") == "Yes" for value in self.item.iter("varequal")),
        }

    def _pairs(self, presentation: ET.Element) -> list[dict]:
        """A pair per response_lid: its prompt and the label whose choice adds to SCORE; the labels
        no prompt is paired with are extra answers."""
        right = {
            value.get("respident"): value.text or ""
            for condition in self.item.iterfind("resprocessing/respcondition")
            if condition.find("setvar") is not None and float(condition.findtext("setvar") or 0) > 0
            for value in condition.iterfind("conditionvar/varequal")
        }
        pairs, offered = [], {}
        for response in presentation.iter("response_lid"):
            labels = {label.get("ident"): self.text(label) for label in response.iter("response_label")}
            offered |= labels
            answer = labels.get(right.get(response.get("ident"), ""), "")
            pairs.append({"prompt": self.text(response.find("material")), "answer": answer})
        used = {pair["answer"] for pair in pairs}
        return pairs + [{"prompt": "", "answer": text} for text in dict.fromkeys(offered.values()) if text not in used]

    def _numbers(self) -> list[dict]:
        """The accepted numbers in order: a range (vargte or vargt, varlte) as its middle with half
        its width as the tolerance, an exact value (varequal) with none, `other` as any number; each
        with the score it sets and the feedback it shows."""
        numbers = []
        for condition in self.item.iterfind("resprocessing/respcondition"):
            setvar, test = condition.find("setvar"), condition.find("conditionvar")
            if setvar is None or test is None or float(setvar.text or 0) <= 0:
                continue
            low = test.findtext(".//vargte") or test.findtext(".//vargt")
            high, exact = test.findtext(".//varlte"), test.findtext(".//varequal")
            if test.find(".//vargt") is not None:
                self.notes.change(self.number, self.name, f"the range above {low} (not counting {low}) includes {low}")
            if low is not None and high is not None:
                # Rounded to 12 digits, so 9.76..9.86 reads back as 9.81 ± 0.05 and not 9.809999999999999.
                value = float(short_number((float(low) + float(high)) / 2))
                tolerance = float(short_number((float(high) - float(low)) / 2))
            elif exact is not None:
                value, tolerance = float(exact), 0.0
            else:
                value, tolerance = None, 0.0
            number = {"value": value, "tolerance": tolerance, "fraction": float(setvar.text or 0)}
            numbers.append(number | {"feedback": self.shown(condition)})
        return numbers


def _scored_values(item: ET.Element) -> list[tuple[str, float]]:
    """The responses that score, in order, with the score they set: the values of the conditions
    that set the score, less those under a <not>."""
    values = []
    for respcondition in item.iterfind("resprocessing/respcondition"):
        condition = respcondition.find("conditionvar")
        setvar = respcondition.find("setvar")
        if setvar is None or condition is None:
            continue
        try:
            score = float(setvar.text or "100")
        except ValueError:
            score = 100.0
        negated = {id(value) for excluded in condition.iter("not") for value in excluded.iter("varequal")}
        values += [(value.text or "", score) for value in condition.iter("varequal") if id(value) not in negated]
    return values


def _text(element: ET.Element | None) -> str:
    """The text of an element's first mattext, HTML or plain."""
    mattext = None if element is None else element.find(".//mattext")
    if mattext is None:
        return ""
    raw = mattext.text or ""
    return html_to_text(raw) if mattext.get("texttype", "text/plain") == "text/html" else raw.strip()
