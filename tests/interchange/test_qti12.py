"""QTI 1.2 packages (Canvas Classic Quizzes, Blackboard): the assessment validated with lxml
against a hand-written subset of the QTI 1.2.1 ASI content models (qti12_subset.dtd; the
official DTD and XSD are in no installable package), the references between idents checked,
round trips, and packages that must be refused."""

import zipfile
from pathlib import Path

import pytest
from hard import carried, hard_quiz
from lxml import etree

from sensemaking_desktop.interchange.errors import InterchangeError
from sensemaking_desktop.interchange.formats import quiz_format
from sensemaking_desktop.interchange.qti12 import export_qti12, import_qti12
from sensemaking_desktop.quizzes.model import Quiz

QTI12 = "http://www.imsglobal.org/xsd/ims_qtiasiv1p2"
CP = "http://www.imsglobal.org/xsd/imscp_v1p1"
NS = {"q": QTI12, "cp": CP}
DTD = etree.DTD(str(Path(__file__).with_name("qti12_subset.dtd")))


def package(path: Path) -> dict[str, etree._Element]:
    with zipfile.ZipFile(path) as opened:
        return {name: etree.fromstring(opened.read(name)) for name in opened.namelist()}


def problems(assessment: etree._Element) -> list[str]:
    """What breaks the content models, or a reference between idents, in an assessment."""
    found = [] if DTD.validate(assessment) else [str(error) for error in DTD.error_log.filter_from_errors()]
    items = assessment.findall(".//q:item", NS)
    idents = [item.get("ident") for item in items]
    if len(set(idents)) != len(idents):
        found.append(f"item idents repeat: {idents}")
    for item in items:
        labels = [label.get("ident") for label in item.iterfind(".//q:response_label", NS)]
        feedback = {entry.get("ident") for entry in item.iterfind("q:itemfeedback", NS)}
        responses = {response.get("ident") for response in item.iterfind("q:presentation/*[@ident]", NS)}
        if len(set(labels)) != len(labels):
            found.append(f"{item.get('ident')}: choice idents repeat")
        for value in item.iterfind(".//q:varequal", NS):
            if value.get("respident") not in responses:
                found.append(f"{item.get('ident')}: varequal names no response")
            if labels and value.text not in labels:
                found.append(f"{item.get('ident')}: {value.text!r} is no choice")
        for shown in item.iterfind(".//q:displayfeedback", NS):
            if shown.get("linkrefid") not in feedback:
                found.append(f"{item.get('ident')}: feedback {shown.get('linkrefid')} is missing")
        if labels and not item.findall(".//q:respcondition/q:setvar", NS):
            found.append(f"{item.get('ident')}: no response scores")
    return found


def test_the_package_is_a_manifest_and_an_assessment_that_validate(every_kind_quiz: Quiz, tmp_path: Path) -> None:
    for quiz in (every_kind_quiz, hard_quiz()):
        files = package(export_qti12(quiz, tmp_path / "quiz.zip"))
        (resource,) = files["imsmanifest.xml"].findall("cp:resources/cp:resource", NS)
        assert resource.get("type") == "imsqti_xmlv1p2" and set(files) == {"imsmanifest.xml", resource.get("href")}
        assessment = files[resource.get("href")]
        assert assessment.tag == f"{{{QTI12}}}questestinterop"
        assert problems(assessment) == []
        assert assessment.find("q:assessment", NS).get("title") == quiz.title


def test_the_check_finds_what_breaks_the_schema_or_the_references(every_kind_quiz: Quiz, tmp_path: Path) -> None:
    assessment = package(export_qti12(every_kind_quiz, tmp_path / "quiz.zip"))["assessment.xml"]
    choice = assessment.findall(".//q:item", NS)[1]
    choice.find(".//q:varequal[.='q2_c1']", NS).text = "q2_c9"
    assert any("is no choice" in problem for problem in problems(assessment))
    choice.find(".//q:varequal[.='q2_c9']", NS).text = "q2_c1"
    choice.find("q:itemfeedback", NS).set("ident", "elsewhere")
    assert any("is missing" in problem for problem in problems(assessment))
    choice.find("q:itemfeedback", NS).set("ident", "general_fb")
    presentation = choice.find("q:presentation", NS)
    choice.remove(presentation)
    choice.append(presentation)
    assert any("Element item content does not follow" in problem for problem in problems(assessment))


def test_items_carry_the_canvas_types_points_and_answers(every_kind_quiz: Quiz, tmp_path: Path) -> None:
    assessment = package(export_qti12(every_kind_quiz, tmp_path / "quiz.zip"))["assessment.xml"]
    items = assessment.findall(".//q:item", NS)
    types = [
        item.findtext(".//q:qtimetadatafield[q:fieldlabel='question_type']/q:fieldentry", namespaces=NS)
        for item in items
    ]
    assert types == ["essay_question", "multiple_choice_question", "true_false_question", "short_answer_question"]
    points = [
        item.findtext(".//q:qtimetadatafield[q:fieldlabel='points_possible']/q:fieldentry", namespaces=NS)
        for item in items
    ]
    assert points == ["2", "1", "1", "1"]
    essay, choice, truefalse, cloze = items
    assert essay.findtext("q:rubric[@view='Scorer']/q:material/q:mattext", namespaces=NS).startswith("When water")
    scoring = choice.find("q:resprocessing/q:respcondition[@continue='No']", NS)
    assert scoring.findtext("q:conditionvar/q:varequal", namespaces=NS) == "q2_c1"
    assert choice.findtext(".//q:response_label[@ident='q2_c1']//q:mattext", namespaces=NS) == "Condensation"
    assert [label.get("ident") for label in truefalse.iterfind(".//q:response_label", NS)] == ["true", "false"]
    assert [value.text for value in cloze.iterfind(".//q:varequal", NS)] == ["aquifer", "aquifers"]
    several = package(export_qti12(hard_quiz(), tmp_path / "hard.zip"))["assessment.xml"].findall(".//q:item", NS)[1]
    assert several.find(".//q:response_lid", NS).get("rcardinality") == "Multiple"
    condition = several.find("q:resprocessing/q:respcondition[@continue='No']/q:conditionvar/q:and", NS)
    assert [value.text for value in condition.iterfind("q:varequal", NS)] == ["q2_c1", "q2_c2"]
    assert [value.text for value in condition.iterfind("q:not/q:varequal", NS)] == ["q2_c3"]


def test_round_trip_keeps_what_qti_carries(every_kind_quiz: Quiz, tmp_path: Path) -> None:
    for quiz in (every_kind_quiz, hard_quiz()):
        assert carried(import_qti12(export_qti12(quiz, tmp_path / "quiz.zip"))) == carried(quiz)


def test_the_registry_offers_it_beside_qti_21(every_kind_quiz: Quiz, tmp_path: Path) -> None:
    chosen = quiz_format("qti12")
    (written,) = chosen.write(every_kind_quiz, tmp_path / f"quiz{chosen.suffix}")
    assert written.name == "quiz.qti12.zip" and len(chosen.read(written).quiz.questions) == 4
    assert "QTI 1.2" in chosen.label and quiz_format("qti").suffix != chosen.suffix


def test_a_package_without_an_assessment_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "empty.zip"
    with zipfile.ZipFile(path, "w") as made:
        made.writestr("imsmanifest.xml", f'<manifest xmlns="{CP}"><resources/></manifest>')
        made.writestr("assessment.xml", f'<questestinterop xmlns="{QTI12}"/>')
    with pytest.raises(InterchangeError, match="no QTI 1.2 assessment"):
        import_qti12(path)
    (tmp_path / "text.zip").write_text("not a package")
    with pytest.raises(InterchangeError, match="zip"):
        import_qti12(tmp_path / "text.zip")
