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
import xml.etree.ElementTree as ET
import zipfile
from pathlib import Path

from sensemaking_desktop.interchange.common import (
    build_quiz,
    html_to_text,
    join_notes,
    literal_fillings,
    percent,
    split_notes,
    text_to_html,
    write_atomically,
)
from sensemaking_desktop.interchange.errors import InterchangeError
from sensemaking_desktop.interchange.qti import CP, parse_member, unpack
from sensemaking_desktop.quizzes.model import Choice, Question, QuestionKind, Quiz, short_number

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


def import_qti12(path: Path) -> Quiz:
    """Read a QTI 1.2 package: the items of its first assessment, in order."""
    files = unpack(path)
    manifest = parse_member(files, "imsmanifest.xml", path)
    hrefs = [
        resource.get("href", "")
        for resource in manifest.iter(f"{{{CP}}}resource")
        if resource.get("type", "").startswith(RESOURCE_TYPE)
    ]
    root = _local(parse_member(files, hrefs[0] if hrefs else ASSESSMENT, path))
    assessment = root.find("assessment")
    if assessment is None:
        raise InterchangeError(f"{path.name} holds no QTI 1.2 assessment.")
    title = assessment.get("title") or path.stem
    return build_quiz(path, title, [_read_item(item) for item in assessment.iter("item")])


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
    item = _sub(section, "item", ident=ident, title=ident.upper())
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
    _processing(item, question, choices, bool(notes))
    if notes:
        _feedback(item, GENERAL_FEEDBACK, notes)
    for choice_ident, choice in choices:
        if choice.feedback:
            _feedback(item, f"{choice_ident}_fb", choice.feedback)


def _choices(question: Question, ident: str) -> list[tuple[str, Choice]]:
    """Each choice with its ident; a true/false question as the choices true and false."""
    if question.kind == QuestionKind.TRUE_FALSE:
        return [
            (value, Choice(text=value.title(), correct=question.reference_answer == value)) for value in _TRUE_FALSE
        ]
    return [(f"{ident}_c{number}", choice) for number, choice in enumerate(question.choices, 1)]


def _processing(item: ET.Element, question: Question, choices: list[tuple[str, Choice]], general: bool) -> None:
    """Feedback conditions first (they go on), then the one that scores (it stops)."""
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
    if question.kind == QuestionKind.NUMERICAL:
        _number_conditions(processing, question)
    elif question.kind == QuestionKind.MATCHING:
        _match_conditions(processing, question, item.get("ident", ""))
    elif choices:
        _full_marks(processing, _choice_condition(choices))
    elif question.kind == QuestionKind.CLOZE:
        for filling, fraction in literal_fillings(question):
            condition = ET.Element("conditionvar")
            _sub(condition, "varequal", filling, respident=RESPONSE, case="Yes" if question.case_sensitive else "No")
            _full_marks(processing, condition, percent(fraction))
    else:
        # An essay scores by hand; the schema still asks for one condition, as Canvas writes it.
        _sub(_sub(_sub(processing, "respcondition", **{"continue": "No"}), "conditionvar"), "other")


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


def _number_conditions(processing: ET.Element, question: Question) -> None:
    """Each accepted number that earns points, in order: a response within its range (any
    response for `*`) sets SCORE to its share and stops."""
    for answer in question.numerical.answers if question.numerical else []:
        if answer.fraction <= 0:
            continue
        condition = ET.Element("conditionvar")
        if answer.value is None:
            _sub(condition, "other")
        else:
            both = _sub(condition, "and")
            _sub(both, "vargte", short_number(answer.value - answer.tolerance), respident=RESPONSE)
            _sub(both, "varlte", short_number(answer.value + answer.tolerance), respident=RESPONSE)
        _full_marks(processing, condition, percent(answer.fraction))


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


def _full_marks(processing: ET.Element, condition: ET.Element, score: str = "100") -> None:
    respcondition = _sub(processing, "respcondition", **{"continue": "No"})
    respcondition.append(condition)
    _sub(respcondition, "setvar", score, action="Set", varname="SCORE")


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


def _read_item(item: ET.Element) -> dict:
    metadata = {
        field.findtext("fieldlabel", ""): field.findtext("fieldentry", "")
        for field in item.iterfind("itemmetadata/qtimetadata/qtimetadatafield")
    }
    feedback = {entry.get("ident"): _text(entry) for entry in item.iter("itemfeedback")}
    fields: dict = dict(zip(("feedback", "source"), split_notes(feedback.get(GENERAL_FEEDBACK, ""))))
    if metadata.get("points_possible"):
        fields["points"] = float(metadata["points_possible"])
    presentation = item.find("presentation")
    if presentation is None:
        presentation = ET.Element("presentation")
    text = _text(presentation.find("material"))
    labels = presentation.findall(".//response_lid//response_label")
    scored = _scored_values(item)
    correct = [value for value, _ in scored]
    kind = metadata.get("question_type")
    if kind == "matching_question" or len(presentation.findall(".//response_lid")) > 1:
        fields.update(kind=QuestionKind.MATCHING, text=text, pairs=_pairs(item, presentation))
    elif kind == "numerical_question" or presentation.find(".//render_fib[@fibtype='Decimal']") is not None:
        fields.update(kind=QuestionKind.NUMERICAL, text=text, numerical={"answers": _numbers(item)})
    elif labels:
        fields.update(_choice_fields(text, labels, correct, feedback))
    elif scored:
        full = next((index for index, (_, score) in enumerate(scored) if score >= 100), 0)
        reference = scored.pop(full)[0]
        accepted = [{"text": value, "fraction": score} for value, score in scored]
        fields.update(kind=QuestionKind.CLOZE, text=text, reference_answer=reference, accepted=accepted)
        fields["case_sensitive"] = any(value.get("case") == "Yes" for value in item.iter("varequal"))
    else:
        rubric = item.find("rubric")
        fields.update(kind=QuestionKind.OPEN, text=text, reference_answer=_text(rubric) or None)
    return fields


def _pairs(item: ET.Element, presentation: ET.Element) -> list[dict]:
    """A pair per response_lid: its prompt and the label whose choice adds to SCORE; the labels no
    prompt is paired with are extra answers."""
    right = {
        value.get("respident"): value.text or ""
        for condition in item.iterfind("resprocessing/respcondition")
        if condition.find("setvar") is not None and float(condition.findtext("setvar") or 0) > 0
        for value in condition.iter("varequal")
    }
    pairs, offered = [], {}
    for response in presentation.iter("response_lid"):
        labels = {label.get("ident"): _text(label) for label in response.iter("response_label")}
        offered |= labels
        answer = labels.get(right.get(response.get("ident"), ""), "")
        pairs.append({"prompt": _text(response.find("material")), "answer": answer})
    used = {pair["answer"] for pair in pairs}
    return pairs + [{"prompt": "", "answer": text} for text in dict.fromkeys(offered.values()) if text not in used]


def _numbers(item: ET.Element) -> list[dict]:
    """The accepted numbers in order: a range (vargte/varlte) as its middle with half its width as
    the tolerance, an exact value (varequal) with none, `other` as any number; each with the score
    it sets."""
    numbers = []
    for condition in item.iterfind("resprocessing/respcondition"):
        setvar, test = condition.find("setvar"), condition.find("conditionvar")
        if setvar is None or test is None or float(setvar.text or 0) <= 0:
            continue
        low, high = test.findtext(".//vargte"), test.findtext(".//varlte")
        exact = test.findtext(".//varequal")
        if low is not None and high is not None:
            # Rounded to 12 digits, so 9.76..9.86 reads back as 9.81 ± 0.05 and not 9.809999999999999.
            value = float(short_number((float(low) + float(high)) / 2))
            tolerance = float(short_number((float(high) - float(low)) / 2))
        elif exact is not None:
            value, tolerance = float(exact), 0.0
        else:
            value, tolerance = None, 0.0
        numbers.append({"value": value, "tolerance": tolerance, "fraction": float(setvar.text or 0)})
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


def _choice_fields(text: str, labels: list[ET.Element], correct: list[str], feedback: dict) -> dict:
    identifiers = [label.get("ident") for label in labels]
    if identifiers == _TRUE_FALSE:
        return {"kind": QuestionKind.TRUE_FALSE, "text": text, "reference_answer": correct[0] if correct else None}
    choices = [
        Choice(
            text=_text(label),
            correct=label.get("ident") in correct,
            feedback=feedback.get(f"{label.get('ident')}_fb") or None,
        )
        for label in labels
    ]
    reference = "; ".join(choice.text for choice in choices if choice.correct) or None
    return {"kind": QuestionKind.MULTIPLE_CHOICE, "text": text, "choices": choices, "reference_answer": reference}


def _text(element: ET.Element | None) -> str:
    """The text of an element's first mattext, HTML or plain."""
    mattext = None if element is None else element.find(".//mattext")
    if mattext is None:
        return ""
    raw = mattext.text or ""
    return html_to_text(raw) if mattext.get("texttype", "text/plain") == "text/html" else raw.strip()
