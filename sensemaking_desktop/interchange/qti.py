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
import re
import xml.etree.ElementTree as ET
import zipfile
from pathlib import Path

from sensemaking_desktop.interchange.common import (
    _number,
    attachment,
    build_result,
    join_notes,
    literal_fillings,
    read_choices,
    read_xml,
    split_notes,
    write_atomically,
)
from sensemaking_desktop.interchange.errors import InterchangeError
from sensemaking_desktop.interchange.report import ImportResult, Notes, Skip
from sensemaking_desktop.interchange.safezip import checked_members, open_zip
from sensemaking_desktop.quizzes.key_grading import choice_fractions
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
    title = question.name or f"Q{number}"
    root = _root("assessmentItem", QTI, f"{QTI} {_QTI_XSD}", identifier=f"q{number}", title=title)
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
        return [(value, true_false_choice(question, value)) for value in _TRUE_FALSE]
    return [(f"choice{number}", choice) for number, choice in enumerate(question.choices, 1)]


def true_false_choice(question: Question, value: str) -> Choice:
    """The choice `true` or `false`, with the feedback for picking it."""
    right = question.reference_answer == value
    return Choice(
        text=value.title(), correct=right, feedback=question.right_feedback if right else question.wrong_feedback
    )


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
    if _shares(question):
        mapping = _sub(declaration, "mapping", lowerBound="0", upperBound=_number(question.points), defaultValue="0")
        for (identifier, _), fraction in zip(choices, choice_fractions(question)):
            _sub(mapping, "mapEntry", mapKey=identifier, mappedValue=_number(question.points * fraction / 100))
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
    if question.kind in (QuestionKind.CLOZE, QuestionKind.MATCHING) or _shares(question):
        _sub(_sub(processing, "setOutcomeValue", identifier="SCORE"), "mapResponse", identifier="RESPONSE")
        if not _shares(question):
            return
        _sub(_sub(processing, "setOutcomeValue", identifier="FEEDBACK"), "variable", identifier="RESPONSE")
        return
    branch = _sub(_sub(processing, "responseCondition"), "responseIf")
    match = _sub(branch, "match")
    _sub(match, "variable", identifier="RESPONSE")
    _sub(match, "correct", identifier="RESPONSE")
    _sub(_sub(branch, "setOutcomeValue", identifier="SCORE"), "variable", identifier="MAXSCORE")
    _sub(_sub(processing, "setOutcomeValue", identifier="FEEDBACK"), "variable", identifier="RESPONSE")


def _shares(question: Question) -> bool:
    """Whether a multiple-choice question keeps its choices' own shares, written as a mapping."""
    return question.kind == QuestionKind.MULTIPLE_CHOICE and any(
        choice.fraction is not None for choice in question.choices
    )


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


def _local(element: ET.Element) -> str:
    return element.tag.rpartition("}")[2]


_INTERACTIONS = {
    "choiceInteraction",
    "textEntryInteraction",
    "extendedTextInteraction",
    "matchInteraction",
    "inlineChoiceInteraction",
}
_NOT_HELD = {
    "associateInteraction": "an associate question (pairs drawn from one set)",
    "orderInteraction": "an ordering question",
    "gapMatchInteraction": "a gap-match (drag words into gaps) question",
    "hottextInteraction": "a hot-text question",
    "hotspotInteraction": "a hotspot (click on an image) question",
    "graphicOrderInteraction": "a graphic ordering question",
    "graphicAssociateInteraction": "a graphic associate question",
    "graphicGapMatchInteraction": "a graphic gap-match question",
    "selectPointInteraction": "a select-point question",
    "positionObjectInteraction": "a position-object question",
    "sliderInteraction": "a slider question",
    "drawingInteraction": "a drawing question",
    "uploadInteraction": "a file-upload question",
    "mediaInteraction": "a media question",
    "customInteraction": "a custom (PCI) question",
    "endAttemptInteraction": "an end-attempt question",
}
_BLOCKS = {
    "p",
    "div",
    "blockquote",
    "prompt",
    "li",
    "ul",
    "ol",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "pre",
    "table",
    "tr",
}
_SHOWN = _BLOCKS - {"blockquote", "ul", "ol", "li", "h1", "h2", "h3", "h4", "h5", "h6", "pre", "table", "tr"}
_STRUCTURE = {"itemBody", "br", "simpleChoice", "simpleMatchSet", "simpleAssociableChoice", "inlineChoice"}
_STRUCTURE |= _INTERACTIONS | {"rubricBlock", "feedbackInline", "img", "object", "param"}
_BLOCK_MARK = "\x00"


def read_qti(path: Path) -> ImportResult:
    """Read a QTI 2.1 content package, or one assessmentItem file: every item the app can hold, in
    the test's order (else the manifest's), and a note for each it cannot hold or holds without
    something. Images the items show come with the result for the library to keep."""
    title, items, files = _items(path)
    notes = Notes()
    entries = []
    for number, (href, item) in enumerate(items, start=1):
        name = (item.get("title") or item.get("identifier") or "").strip() or None
        reading = _Item(item, href, files, notes, number, name)
        try:
            fields = reading.fields()
        except Skip as skip:
            notes.skip(number, name, str(skip))
            continue
        entries.append((number, name, fields))
    return build_result(path, title, entries, notes)


def import_qti(path: Path) -> Quiz:
    """Read a QTI 2.1 package the app can hold whole; refuse it, naming what it cannot, otherwise."""
    return read_qti(path).whole(path)


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


def _items(path: Path) -> tuple[str, list[tuple[str, ET.Element]], dict[str, bytes]]:
    """The title, each item with its place in the package, and the package's files; a lone item
    file is a package of one, holding nothing else."""
    if path.suffix.lower() == ".xml":
        item = read_xml(path)
        if item.tag != _q("assessmentItem"):
            raise InterchangeError(f"{path.name} is neither a QTI 2.1 package nor an assessmentItem.")
        return item.get("title") or path.stem, [(path.name, item)], {}
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
        items = [posixpath.join(folder, ref.get("href", "")) for ref in test.iter(_q("assessmentItemRef"))]
    return title, [(posixpath.normpath(href), parse_member(files, href, path)) for href in items], files


class _Item:
    """One assessmentItem as it is read, and the notes on what it cannot keep."""

    def __init__(
        self, item: ET.Element, href: str, files: dict[str, bytes], notes: Notes, number: int, name: str | None
    ) -> None:
        self.item, self.href, self.files, self.notes, self.number, self.name = item, href, files, notes, number, name
        body = item.find(_q("itemBody"))
        self.body = body if body is not None else ET.Element(_q("itemBody"))

    def lose(self, reason: str) -> None:
        self.notes.lose(self.number, self.name, reason)

    def fields(self) -> dict:
        interactions = [element for element in self.body.iter() if _local(element).endswith("Interaction")]
        kinds = [_local(element) for element in interactions]
        for kind in kinds:
            if kind in _NOT_HELD:
                raise Skip(f"{_NOT_HELD[kind]} ({kind}), which the app cannot hold")
            if kind not in _INTERACTIONS:
                raise Skip(f"a QTI {kind}, which the app cannot hold")
        if not interactions:
            raise Skip("text with no question (no interaction), which a quiz cannot hold")
        if len(interactions) > 1:
            raise Skip(f"{len(interactions)} interactions ({', '.join(kinds)}); a question in the app asks one thing")
        if self.item.find(_q("templateDeclaration")) is not None:
            raise Skip("a template item (its values are drawn as it runs), which the app cannot hold")
        fields: dict = {"name": self.name, **self._feedback()}
        maximum = self._outcome_default("MAXSCORE")
        if maximum:
            fields["points"] = float(maximum)
        fields.update(self._kind_fields(interactions[0], fields))
        fields["attachments"] = self._images()
        self._formatting()
        return fields

    def _outcome_default(self, name: str) -> str | None:
        return self.item.findtext(
            f"{_q('outcomeDeclaration')}[@identifier='{name}']/{_q('defaultValue')}/{_q('value')}"
        )

    def _declaration(self) -> ET.Element:
        declared = self.item.find(_q("responseDeclaration"))
        return declared if declared is not None else ET.Element(_q("responseDeclaration"))

    def _correct(self) -> list[str]:
        return [value.text or "" for value in self._declaration().iterfind(f"{_q('correctResponse')}/{_q('value')}")]

    def _mapping(self) -> dict[str, float]:
        return {
            entry.get("mapKey", ""): float(entry.get("mappedValue", "0"))
            for entry in self._declaration().iterfind(f"{_q('mapping')}/{_q('mapEntry')}")
        }

    def _feedback(self) -> dict:
        """The feedback every attempt shows (the GENERAL outcome, as the exports write it); other
        modal feedback depends on outcomes the app does not keep, and is noted."""
        general = []
        for feedback in self.item.iter(_q("modalFeedback")):
            if feedback.get("outcomeIdentifier") == "GENERAL":
                general.append(_text(feedback))
            elif _text(feedback):
                self.lose(
                    f"the feedback shown when {feedback.get('outcomeIdentifier')} is "
                    f"{feedback.get('identifier')} (“{_short(_text(feedback))}”)"
                )
        return dict(zip(("feedback", "source"), split_notes("\n".join(general))))

    def _kind_fields(self, interaction: ET.Element, fields: dict) -> dict:
        kind = _local(interaction)
        text = _text(self.body, {"rubricBlock", "simpleChoice", "simpleMatchSet", "inlineChoice", "feedbackInline"})
        if kind == "matchInteraction":
            return {**_match_fields(interaction, self._correct()), "text": text, **self._pair_scores()}
        if self._declaration().get("baseType") == "float":
            key = _number_key(self.item, self._correct(), fields)
            return {"kind": QuestionKind.NUMERICAL, "text": text.removesuffix(f" {GAP}"), "numerical": key}
        if kind == "choiceInteraction":
            return {"text": text, **self._choice_fields(interaction, fields)}
        if kind == "inlineChoiceInteraction":
            self.notes.change(
                self.number,
                self.name,
                "its inline choice is held as a multiple-choice question, "
                f"the place of the choice marked {GAP} in the text",
            )
            return {"text": text, **self._choice_fields(interaction, fields, "inlineChoice")}
        if kind == "textEntryInteraction":
            return {"text": text, **self._text_entry(fields)}
        rubric = self.body.find(f".//{_q('rubricBlock')}")
        return {"kind": QuestionKind.OPEN, "text": text, "reference_answer": _text(rubric) or None}

    def _choice_fields(self, interaction: ET.Element, fields: dict, tag: str = "simpleChoice") -> dict:
        choices = interaction.findall(_q(tag))
        identifiers = [choice.get("identifier", "") for choice in choices]
        correct, mapping = self._correct(), self._mapping()
        feedback = {choice.get("identifier"): _text(choice.find(_q("feedbackInline"))) or None for choice in choices}
        if identifiers == _TRUE_FALSE:
            right = correct[0] if correct else None
            wrong = "false" if right == "true" else "true"
            return {
                "kind": QuestionKind.TRUE_FALSE,
                "reference_answer": right,
                "right_feedback": feedback.get(right),
                "wrong_feedback": feedback.get(wrong),
            }
        texts = [_text(choice, {"feedbackInline"}) for choice in choices]
        if not mapping:
            read = [
                {"text": text, "correct": identifier in correct, "feedback": feedback[identifier]}
                for text, identifier in zip(texts, identifiers)
            ]
            return _choices_read(read, {})
        fields.setdefault("points", _mapped_points(self._declaration(), mapping))
        default = float(self._declaration().find(_q("mapping")).get("defaultValue", "0"))
        scores = [mapping.get(identifier, default) for identifier in identifiers]
        fractions = [max(-100.0, min(100.0, 100 * score / fields["points"])) for score in scores]
        shares = [
            (text, fraction, feedback[identifier]) for text, fraction, identifier in zip(texts, fractions, identifiers)
        ]
        return _choices_read(*read_choices(shares, interaction.get("maxChoices", "1") == "1"))

    def _text_entry(self, fields: dict) -> dict:
        """The correct response fills the gap; the mapped fillings earn their share, each compared
        with case unless the file says otherwise (QTI's default)."""
        correct, mapping = self._correct(), self._mapping()
        if not correct and not mapping:
            raise Skip("a text entry with no correct response, which the app cannot grade")
        fields.setdefault("points", max([*mapping.values(), 0.0]) or 1.0)
        entries = self._declaration().findall(f"{_q('mapping')}/{_q('mapEntry')}")
        reference = correct[0] if correct else max(mapping, key=mapping.__getitem__)
        accepted = [
            {"text": key, "fraction": max(0.0, min(100.0, 100 * value / fields["points"]))}
            for key, value in mapping.items()
            if key != reference
        ]
        sensitive = {entry.get("caseSensitive", "true") for entry in entries} or {"true"}
        if len(sensitive) > 1:
            self.notes.change(
                self.number,
                self.name,
                "some fillings are compared with case and some without; all are compared with case",
            )
        return {
            "kind": QuestionKind.CLOZE,
            "reference_answer": reference,
            "accepted": accepted,
            "case_sensitive": "true" in sensitive,
        }

    def _pair_scores(self) -> dict:
        """A matching question earns an equal share per right pair; other scores are noted."""
        scores = {key: value for key, value in self._mapping().items()}
        if len(set(scores.values())) > 1:
            listed = ", ".join(f"{key} {_number(value)}" for key, value in scores.items())
            self.notes.change(
                self.number,
                self.name,
                f"each right pair earns an equal share; the file's own pair scores ({listed}) are not kept",
            )
        if scores and not self._outcome_default("MAXSCORE"):
            return {"points": _mapped_points(self._declaration(), scores)}
        return {}

    def _images(self) -> list[dict]:
        """The images the item shows (`img src`, `object data`): kept when the package holds
        them, else noted."""
        kept: dict[str, dict] = {}
        for element in self.body.iter():
            source = (
                element.get("src")
                if _local(element) == "img"
                else element.get("data")
                if _local(element) == "object"
                else None
            )
            if not source:
                continue
            member = posixpath.normpath(posixpath.join(posixpath.dirname(self.href), source))
            if member not in self.files:
                where = "the package" if self.files else "the file (a QTI package would hold it)"
                self.lose(f"the image {source}, which is not in {where}")
                continue
            kept[member] = attachment(self.notes, posixpath.basename(member), self.files[member])
        return list(kept.values())

    def _formatting(self) -> None:
        tags = {_local(element) for element in self.body.iter()} - _SHOWN - _STRUCTURE
        if tags:
            self.lose("HTML formatting " + ", ".join(f"<{tag}>" for tag in sorted(tags)) + ", kept as plain text")


def _choices_read(choices: list[dict], options: dict[str, str]) -> dict:
    """A multiple-choice question's fields from its read choices; without a mapping QTI scores the
    exact set of correct choices, which the choices' correct flags say."""
    reference = "; ".join(choice["text"] for choice in choices if choice["correct"]) or None
    return {
        "kind": QuestionKind.MULTIPLE_CHOICE,
        "choices": choices,
        "reference_answer": reference,
        "lms": {"options": options},
    }


def _mapped_points(declaration: ET.Element, mapping: dict[str, float]) -> float:
    """The points a mapped response can earn: the mapping's upper bound, else its gains added up."""
    upper = declaration.find(_q("mapping"))
    bound = upper.get("upperBound") if upper is not None else None
    return float(bound) if bound else sum(value for value in mapping.values() if value > 0) or 1.0


def _short(text: str, size: int = 60) -> str:
    text = " ".join(text.split())
    return text if len(text) <= size else f"{text[:size]}…"


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
    return {"kind": QuestionKind.MATCHING, "pairs": pairs}


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
    """The text a person sees, as a browser lays it out: runs of white space as one space, <br/>
    as a line break, block elements (paragraphs, quotes) on lines of their own, a text entry or
    inline choice as the gap, `skip` left out."""
    if element is None:
        return ""
    flat = _flatten(element, skip)
    flat = re.sub(r" *\n *", "\n", flat)
    flat = re.sub(rf"[ \n]*{_BLOCK_MARK}[{_BLOCK_MARK} \n]*", _BLOCK_MARK, flat)
    return flat.replace(_BLOCK_MARK, "\n").strip()


def _flatten(element: ET.Element, skip: frozenset[str] | set[str]) -> str:
    parts = [_spaced(element.text)]
    for child in element:
        local = _local(child)
        if local == "br":
            parts.append("\n")
        elif local in ("textEntryInteraction", "inlineChoiceInteraction"):
            parts.append(GAP)
        elif local not in skip:
            mark = _BLOCK_MARK if local in _BLOCKS else ""
            parts.append(f"{mark}{_flatten(child, skip)}{mark}")
        parts.append(_spaced(child.tail))
    return "".join(parts)


def _spaced(text: str | None) -> str:
    return re.sub(r"\s+", " ", text or "")
