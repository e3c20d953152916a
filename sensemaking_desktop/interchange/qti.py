"""IMS QTI 2.1 content packages, which learning platforms (Canvas, ILIAS, Inspera, TAO, OpenOLAT) import.

The zip holds `imsmanifest.xml` (IMS Content Packaging 1.1), `test.xml` (an assessmentTest naming
every item in order, titled with the quiz title) and `items/qN.xml`, one assessmentItem each:
- multiple_choice → choiceInteraction, one `RESPONSE` identifier per correct choice in
  correctResponse (cardinality multiple when several are correct), per-choice feedback as
  feedbackInline in the choice; shuffle="true", so the platform shows the choices in a new
  order each attempt (the key is tied to its identifier, not its place).
- true_false → choiceInteraction with the choices `true` and `false`, in that order.
- cloze → textEntryInteraction in the text where the gap is; the reference answer is the
  correctResponse and every accepted filling maps to its share of the points. QTI compares
  fillings literally: answers with Moodle's `*` wildcard and those earning nothing are left out
  (they earn nothing there, as a 0 % answer should).
- open → extendedTextInteraction; the reference answer in a rubricBlock for scorers.
- numerical → textEntryInteraction with a float response; each accepted number sets SCORE to its
  share when the response is `equal` to it within its absolute tolerance, the first that holds it
  winning (responseIf / responseElseIf). A float response holds no unit, so units are not carried.
- matching → matchInteraction: the prompts as the first simpleMatchSet, the answers (extra ones
  too) as the second; each right directedPair maps to an equal share of the points.
- points → the MAXSCORE outcome's default; feedback and the source line → a modalFeedback that
  every attempt shows.

Import reads the package in memory and refuses, changing nothing, a zip that is not one, members
whose path leaves the package, more than 50 MB unpacked or a member compressed more than 200 to 1
(zip bombs), and a missing manifest or a file the manifest names but the zip lacks.
"""

import io
import posixpath
import xml.etree.ElementTree as ET
import zipfile
from pathlib import Path

from sensemaking_desktop.interchange.common import (
    _number,
    build_quiz,
    join_notes,
    literal_fillings,
    read_xml,
    split_notes,
    write_atomically,
)
from sensemaking_desktop.interchange.errors import InterchangeError
from sensemaking_desktop.interchange.safezip import checked_members, open_zip
from sensemaking_desktop.quizzes.model import GAP, Choice, Question, QuestionKind, Quiz

QTI = "http://www.imsglobal.org/xsd/imsqti_v2p1"
CP = "http://www.imsglobal.org/xsd/imscp_v1p1"
_XSI = "http://www.w3.org/2001/XMLSchema-instance"
_QTI_XSD = "http://www.imsglobal.org/xsd/qti/qtiv2p1/imsqti_v2p1.xsd"
_CP_XSD = "http://www.imsglobal.org/xsd/imscp_v1p1.xsd"
ITEM_TYPE = "imsqti_item_xmlv2p1"
TEST_TYPE = "imsqti_test_xmlv2p1"
MAX_UNPACKED = 50 * 1024 * 1024
_TRUE_FALSE = ["true", "false"]


def export_qti(quiz: Quiz, target: Path) -> Path:
    """Write `quiz` as a QTI 2.1 content package (zip) at `target`; it appears whole or not at all."""
    items = {f"items/q{number}.xml": _item(question, number) for number, question in enumerate(quiz.questions, 1)}
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as package:
        package.writestr("imsmanifest.xml", _xml(_manifest(list(items))))
        package.writestr("test.xml", _xml(_test(quiz.title, list(items))))
        for href, item in items.items():
            package.writestr(href, _xml(item))
    write_atomically(target, buffer.getvalue())
    return target


def import_qti(path: Path) -> Quiz:
    """Read a QTI 2.1 content package: the items in the test's order, else in the manifest's."""
    files = unpack(path)
    manifest = parse_member(files, "imsmanifest.xml", path)
    hrefs: dict[str, list[str]] = {}
    for resource in manifest.iter(f"{{{CP}}}resource"):
        hrefs.setdefault(resource.get("type", ""), []).append(resource.get("href", ""))
    title, items = path.stem, hrefs.get(ITEM_TYPE, [])
    for test_href in hrefs.get(TEST_TYPE, [])[:1]:
        test = parse_member(files, test_href, path)
        title = test.get("title") or title
        folder = posixpath.dirname(test_href)
        items = [posixpath.join(folder, ref.get("href", "")) for ref in test.iter(f"{{{QTI}}}assessmentItemRef")]
    return build_quiz(path, title, [_read_item(parse_member(files, href, path)) for href in items])


# --- writing ----------------------------------------------------------------------------------


def _xml(root: ET.Element) -> bytes:
    ET.indent(root)
    return ET.tostring(root, encoding="UTF-8", xml_declaration=True)


def _root(tag: str, namespace: str, schema: str, **attributes: str) -> ET.Element:
    """A document element whose namespace is the default one, as importers that skip prefixes expect."""
    root = ET.Element(tag, xmlns=namespace, **attributes)
    root.set("xmlns:xsi", _XSI)
    root.set("xsi:schemaLocation", schema)
    return root


def _sub(parent: ET.Element, tag: str, text: str | None = None, **attributes: str) -> ET.Element:
    element = ET.SubElement(parent, tag, attributes)
    element.text = text
    return element


def _manifest(hrefs: list[str]) -> ET.Element:
    root = _root("manifest", CP, f"{CP} {_CP_XSD} {QTI} {_QTI_XSD}", identifier="manifest")
    ET.SubElement(root, "organizations")
    resources = ET.SubElement(root, "resources")
    test = ET.SubElement(resources, "resource", identifier="test", type=TEST_TYPE, href="test.xml")
    ET.SubElement(test, "file", href="test.xml")
    for href in hrefs:
        identifier = posixpath.splitext(posixpath.basename(href))[0]
        ET.SubElement(test, "dependency", identifierref=identifier)
        item = ET.SubElement(resources, "resource", identifier=identifier, type=ITEM_TYPE, href=href)
        ET.SubElement(item, "file", href=href)
    return root


def _test(title: str, hrefs: list[str]) -> ET.Element:
    root = _root("assessmentTest", QTI, f"{QTI} {_QTI_XSD}", identifier="test", title=title)
    part = _sub(root, "testPart", identifier="part1", navigationMode="linear", submissionMode="individual")
    section = _sub(part, "assessmentSection", identifier="section1", title=title, visible="true")
    for href in hrefs:
        _sub(section, "assessmentItemRef", identifier=posixpath.splitext(posixpath.basename(href))[0], href=href)
    return root


def _item(question: Question, number: int) -> ET.Element:
    """One assessmentItem; its children in the order the QTI 2.1 schema requires."""
    root = _root("assessmentItem", QTI, f"{QTI} {_QTI_XSD}", identifier=f"q{number}", title=f"Q{number}")
    root.set("adaptive", "false")
    root.set("timeDependent", "false")
    choices = _choices(question)
    _response_declaration(root, question, choices)
    _outcome(root, "SCORE", "float", "0")
    _outcome(root, "MAXSCORE", "float", str(question.points).removesuffix(".0"))
    if choices:
        _outcome(root, "FEEDBACK", "identifier", None, cardinality=_cardinality(question))
    _outcome(root, "GENERAL", "identifier", "general")
    _item_body(_sub(root, "itemBody"), question, choices)
    _response_processing(root, question, choices)
    notes = join_notes(question.feedback, question.source)
    if notes:
        feedback = _sub(root, "modalFeedback", outcomeIdentifier="GENERAL", identifier="general", showHide="show")
        _inline(_sub(feedback, "p"), notes)
    return root


def _choices(question: Question) -> list[tuple[str, Choice]]:
    """Each choice with its identifier; a true/false question as the choices true and false."""
    if question.kind == QuestionKind.TRUE_FALSE:
        return [
            (value, Choice(text=value.title(), correct=question.reference_answer == value)) for value in _TRUE_FALSE
        ]
    return [(f"choice{number}", choice) for number, choice in enumerate(question.choices, 1)]


def _cardinality(question: Question) -> str:
    return "multiple" if len(question.correct_choices) > 1 else "single"


def _response_declaration(root: ET.Element, question: Question, choices: list[tuple[str, Choice]]) -> None:
    if question.kind in (QuestionKind.NUMERICAL, QuestionKind.MATCHING):
        _key_declaration(root, question)
        return
    base = "identifier" if choices else "string"
    declaration = _sub(root, "responseDeclaration", identifier="RESPONSE", cardinality=_cardinality(question))
    declaration.set("baseType", base)
    if choices:
        correct = [identifier for identifier, choice in choices if choice.correct]
    elif question.kind == QuestionKind.CLOZE:
        correct = [question.reference_answer or ""]
    else:
        return
    values = _sub(declaration, "correctResponse")
    for value in correct:
        _sub(values, "value", value)
    if question.kind == QuestionKind.CLOZE:
        mapping = _sub(declaration, "mapping", defaultValue="0")
        for filling, fraction in literal_fillings(question):
            value = _number(question.points * fraction / 100)
            _sub(mapping, "mapEntry", mapKey=filling, mappedValue=value, caseSensitive=_case(question))


def _case(question: Question) -> str:
    return "true" if question.case_sensitive else "false"


def _outcome(root: ET.Element, name: str, base: str, default: str | None, cardinality: str = "single") -> None:
    declaration = _sub(root, "outcomeDeclaration", identifier=name, cardinality=cardinality, baseType=base)
    if default is not None:
        _sub(_sub(declaration, "defaultValue"), "value", default)


def _item_body(body: ET.Element, question: Question, choices: list[tuple[str, Choice]]) -> None:
    if question.kind == QuestionKind.NUMERICAL:
        before, _, after = question.text.partition(GAP)
        paragraph = _sub(body, "p")
        _inline(paragraph, before if GAP in question.text else f"{before} ")
        _sub(paragraph, "textEntryInteraction", responseIdentifier="RESPONSE", expectedLength="10")
        _inline(paragraph, after)
    elif question.kind == QuestionKind.MATCHING:
        _match_interaction(body, question)
    elif question.kind == QuestionKind.OPEN:
        if question.reference_answer:
            _inline(_sub(_sub(body, "rubricBlock", view="scorer"), "p"), question.reference_answer)
        _inline(_sub(_sub(body, "extendedTextInteraction", responseIdentifier="RESPONSE"), "prompt"), question.text)
    elif question.kind == QuestionKind.CLOZE:
        before, _, after = question.text.partition(GAP)
        paragraph = _sub(body, "p")
        _inline(paragraph, before)
        gap = _sub(paragraph, "textEntryInteraction", responseIdentifier="RESPONSE")
        gap.set(
            "expectedLength",
            str(max(len(filling) for filling, _ in literal_fillings(question))),
        )
        _inline(paragraph, after)
    else:
        shuffle = "true" if question.kind == QuestionKind.MULTIPLE_CHOICE else "false"
        interaction = _sub(body, "choiceInteraction", responseIdentifier="RESPONSE", shuffle=shuffle)
        interaction.set("maxChoices", "1" if _cardinality(question) == "single" else "0")
        _inline(_sub(interaction, "prompt"), question.text)
        for identifier, choice in choices:
            element = _sub(interaction, "simpleChoice", identifier=identifier)
            _inline(element, choice.text)
            if choice.feedback:
                feedback = _sub(element, "feedbackInline", outcomeIdentifier="FEEDBACK", identifier=identifier)
                feedback.set("showHide", "show")
                _inline(feedback, choice.feedback)


def _response_processing(root: ET.Element, question: Question, choices: list[tuple[str, Choice]]) -> None:
    """Full points for the correct response (or a mapped filling); FEEDBACK names the chosen choices."""
    if question.kind == QuestionKind.OPEN:
        return
    processing = _sub(root, "responseProcessing")
    if question.kind == QuestionKind.NUMERICAL:
        _number_processing(processing, question)
        return
    if question.kind in (QuestionKind.CLOZE, QuestionKind.MATCHING):
        _sub(_sub(processing, "setOutcomeValue", identifier="SCORE"), "mapResponse", identifier="RESPONSE")
        return
    branch = _sub(_sub(processing, "responseCondition"), "responseIf")
    match = _sub(branch, "match")
    _sub(match, "variable", identifier="RESPONSE")
    _sub(match, "correct", identifier="RESPONSE")
    _sub(_sub(branch, "setOutcomeValue", identifier="SCORE"), "variable", identifier="MAXSCORE")
    _sub(_sub(processing, "setOutcomeValue", identifier="FEEDBACK"), "variable", identifier="RESPONSE")


def _options(question: Question) -> list[str]:
    """A matching question's answers, each once, in the order of its pairs."""
    return list(dict.fromkeys(pair.answer for pair in question.pairs))


def _key_declaration(root: ET.Element, question: Question) -> None:
    """A float response whose correct value is the first full-points number, or the right
    directedPairs, each mapped to its share of the points."""
    if question.kind == QuestionKind.NUMERICAL and question.numerical:
        declaration = _sub(root, "responseDeclaration", identifier="RESPONSE", cardinality="single", baseType="float")
        full = next(answer for answer in question.numerical.answers if answer.fraction >= 100)
        _sub(_sub(declaration, "correctResponse"), "value", _number(full.value) if full.value is not None else "0")
        return
    declaration = _sub(root, "responseDeclaration", identifier="RESPONSE", cardinality="multiple")
    declaration.set("baseType", "directedPair")
    options = _options(question)
    pairs = [f"p{number} a{options.index(pair.answer) + 1}" for number, pair in enumerate(question.prompts, 1)]
    values = _sub(declaration, "correctResponse")
    for pair in pairs:
        _sub(values, "value", pair)
    mapping = _sub(declaration, "mapping", defaultValue="0")
    for pair in pairs:
        _sub(mapping, "mapEntry", mapKey=pair, mappedValue=_number(question.points / len(pairs)))


def _match_interaction(body: ET.Element, question: Question) -> None:
    prompts = question.prompts
    interaction = _sub(body, "matchInteraction", responseIdentifier="RESPONSE", shuffle="true")
    interaction.set("maxAssociations", str(len(prompts)))
    _inline(_sub(interaction, "prompt"), question.text)
    sources = _sub(interaction, "simpleMatchSet")
    for number, pair in enumerate(prompts, 1):
        _inline(_sub(sources, "simpleAssociableChoice", identifier=f"p{number}", matchMax="1"), pair.prompt)
    targets = _sub(interaction, "simpleMatchSet")
    for number, answer in enumerate(_options(question), 1):
        _inline(_sub(targets, "simpleAssociableChoice", identifier=f"a{number}", matchMax=str(len(prompts))), answer)


def _number_processing(processing: ET.Element, question: Question) -> None:
    """The first accepted number whose range holds the response sets SCORE to its share."""
    numbers = [answer for answer in (question.numerical.answers if question.numerical else []) if answer.fraction > 0]
    condition = _sub(processing, "responseCondition")
    for index, answer in enumerate(numbers):
        score = _number(question.points * answer.fraction / 100)
        branch = _sub(condition, "responseIf" if index == 0 else "responseElseIf")
        if answer.value is None:
            _sub(_sub(_sub(branch, "not"), "isNull"), "variable", identifier="RESPONSE")
        else:
            tolerance = _number(answer.tolerance)
            equal = _sub(branch, "equal", toleranceMode="absolute", tolerance=f"{tolerance} {tolerance}")
            _sub(equal, "variable", identifier="RESPONSE")
            _sub(equal, "baseValue", _number(answer.value), baseType="float")
        _sub(_sub(branch, "setOutcomeValue", identifier="SCORE"), "baseValue", score, baseType="float")


def _inline(parent: ET.Element, text: str) -> None:
    """Append text to `parent`, line breaks as <br/>, after whatever the parent already holds."""
    for number, line in enumerate(text.split("\n")):
        if number:
            _sub(parent, "br")
        last = parent[-1] if len(parent) else None
        if last is None:
            parent.text = (parent.text or "") + line
        else:
            last.tail = (last.tail or "") + line


# --- reading ----------------------------------------------------------------------------------


def _q(tag: str) -> str:
    return f"{{{QTI}}}{tag}"


def unpack(path: Path) -> dict[str, bytes]:
    """Every member of the zip, read in memory after checks that refuse unsafe packages."""
    try:
        with open_zip(path) as package:
            members = [info for info in checked_members(package, path.name, MAX_UNPACKED) if not info.is_dir()]
            files: dict[str, bytes] = {}
            for info in members:
                files[info.filename] = _read_member(package, info, MAX_UNPACKED - sum(map(len, files.values())), path)
            return files
    except OSError as error:
        raise InterchangeError(f"cannot read {path}: {error.strerror or error}") from error


def _read_member(package: zipfile.ZipFile, info: zipfile.ZipInfo, budget: int, path: Path) -> bytes:
    """The member's bytes, read no further than what is left of the cap: header sizes may lie."""
    with package.open(info) as member:
        data = member.read(budget + 1)
    if len(data) > budget:
        raise InterchangeError(f"{path.name} unpacks to more than {MAX_UNPACKED // 1024 // 1024} MB.")
    return data


def parse_member(files: dict[str, bytes], name: str, path: Path) -> ET.Element:
    normal = posixpath.normpath(name)
    if normal not in files:
        raise InterchangeError(f"{path.name} has no {normal}, which the package needs.")
    try:
        return read_xml(Path(normal), files[normal])
    except InterchangeError as error:
        raise InterchangeError(f"{path.name}: {error}") from error


def _read_item(item: ET.Element) -> dict:
    body = item.find(_q("itemBody"))
    if body is None:
        body = ET.Element(_q("itemBody"))
    fields: dict = dict(zip(("feedback", "source"), split_notes(_text(item.find(_q("modalFeedback"))))))
    maximum = item.findtext(f"{_q('outcomeDeclaration')}[@identifier='MAXSCORE']/{_q('defaultValue')}/{_q('value')}")
    if maximum:
        fields["points"] = float(maximum)
    values = f"{_q('responseDeclaration')}/{_q('correctResponse')}/{_q('value')}"
    correct = [value.text or "" for value in item.iterfind(values)]
    interaction = body.find(f".//{_q('choiceInteraction')}")
    declared = item.find(_q("responseDeclaration"))
    if body.find(f".//{_q('matchInteraction')}") is not None:
        fields.update(_match_fields(body.find(f".//{_q('matchInteraction')}"), correct))
    elif declared is not None and declared.get("baseType") == "float":
        text = _text(body).removesuffix(f" {GAP}")
        fields.update(kind=QuestionKind.NUMERICAL, text=text, numerical=_number_key(item, correct, fields))
    elif interaction is not None:
        fields.update(_choice_fields(interaction, correct))
    elif body.find(f".//{_q('textEntryInteraction')}") is not None:
        points = fields.get("points", 1.0)
        entries = [
            (entry.get("mapKey", ""), float(entry.get("mappedValue", points)), entry.get("caseSensitive"))
            for entry in item.iter(_q("mapEntry"))
        ]
        fillings = [(key, 100 * value / points if points else 100.0) for key, value, _ in entries]
        fillings = fillings or [(value, 100.0) for value in correct]
        reference = correct[0] if correct else (fillings[0][0] if fillings else None)
        accepted = [{"text": key, "fraction": fraction} for key, fraction in fillings if key != reference]
        fields.update(kind=QuestionKind.CLOZE, text=_text(body), reference_answer=reference, accepted=accepted)
        fields["case_sensitive"] = any(sensitive == "true" for _, _, sensitive in entries)
    else:
        rubric = body.find(f".//{_q('rubricBlock')}")
        prompt = body.find(f".//{_q('extendedTextInteraction')}/{_q('prompt')}")
        reference = _text(rubric) or None
        text = _text(prompt) if prompt is not None else _text(body, skip={"rubricBlock"})
        fields.update(kind=QuestionKind.OPEN, text=text, reference_answer=reference)
    return fields


def _choice_fields(interaction: ET.Element, correct: list[str]) -> dict:
    choices = interaction.findall(_q("simpleChoice"))
    identifiers = [choice.get("identifier") for choice in choices]
    text = _text(interaction.find(_q("prompt")))
    if identifiers == _TRUE_FALSE:
        return {"kind": QuestionKind.TRUE_FALSE, "text": text, "reference_answer": correct[0] if correct else None}
    read = [
        Choice(
            text=_text(choice, skip={"feedbackInline"}),
            correct=choice.get("identifier") in correct,
            feedback=_text(choice.find(_q("feedbackInline"))) or None,
        )
        for choice in choices
    ]
    reference = "; ".join(choice.text for choice in read if choice.correct) or None
    return {"kind": QuestionKind.MULTIPLE_CHOICE, "text": text, "choices": read, "reference_answer": reference}


def _match_fields(interaction: ET.Element, correct: list[str]) -> dict:
    """Pairs from the right directedPairs; answers no prompt is paired with are extra answers."""
    sets = [
        {choice.get("identifier", ""): _text(choice) for choice in match_set.iter(_q("simpleAssociableChoice"))}
        for match_set in interaction.iter(_q("simpleMatchSet"))
    ]
    prompts, answers = (sets + [{}, {}])[:2]
    right = dict(value.split()[:2] for value in correct if len(value.split()) == 2)
    pairs = [{"prompt": text, "answer": answers.get(right.get(key, ""), "")} for key, text in prompts.items()]
    pairs += [{"prompt": "", "answer": text} for key, text in answers.items() if key not in right.values()]
    return {"kind": QuestionKind.MATCHING, "text": _text(interaction.find(_q("prompt"))), "pairs": pairs}


def _number_key(item: ET.Element, correct: list[str], fields: dict) -> dict:
    """The accepted numbers from the branches of the response processing (`equal` within a
    tolerance, or any response), each with the share of the points it sets; without such
    branches the correct value earns full points."""
    points = fields.get("points", 1.0) or 1.0
    answers = []
    for branch in item.iterfind(f"{_q('responseProcessing')}/{_q('responseCondition')}/*"):
        score = branch.findtext(f"{_q('setOutcomeValue')}/{_q('baseValue')}")
        equal = branch.find(_q("equal"))
        if score is None or (equal is None and branch.find(f"{_q('not')}/{_q('isNull')}") is None):
            continue
        value = None if equal is None else float(equal.findtext(_q("baseValue")) or "nan")
        tolerance = abs(float((equal.get("tolerance", "0") if equal is not None else "0").split()[0]))
        answers.append({"value": value, "tolerance": tolerance, "fraction": 100 * float(score) / points})
    return {"answers": answers or [{"value": float(value)} for value in correct[:1]]}


def _text(element: ET.Element | None, skip: frozenset[str] | set[str] = frozenset()) -> str:
    """The text a person sees: <br/> as a line break, a text entry as the gap, `skip` left out."""
    return "" if element is None else _flatten(element, skip).strip()


def _flatten(element: ET.Element, skip: frozenset[str] | set[str]) -> str:
    parts = [element.text or ""]
    for child in element:
        local = child.tag.rpartition("}")[2]
        if local == "br":
            parts.append("\n")
        elif local == "textEntryInteraction":
            parts.append(GAP)
        elif local not in skip:
            parts.append(_flatten(child, skip))
        parts.append(child.tail or "")
    return "".join(parts)
