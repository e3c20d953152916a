"""QTI 2.1 content packages: structure checked with lxml, items and test validated against a
hand-written subset of the QTI 2.1 content models (qti21_subset.dtd: the official XSDs are in no
installable package and this machine reaches nothing else), round trips, and packages that must
be refused."""

import io
import posixpath
import zipfile
from pathlib import Path

import pytest
from hard import carried, hard_quiz
from lxml import etree

from sensemaking_desktop.interchange.errors import InterchangeError
from sensemaking_desktop.interchange.qti import export_qti, import_qti
from sensemaking_desktop.quizzes.model import Quiz

QTI = "http://www.imsglobal.org/xsd/imsqti_v2p1"
CP = "http://www.imsglobal.org/xsd/imscp_v1p1"
NS = {"q": QTI, "cp": CP}


def _package(path: Path) -> dict[str, etree._Element]:
    with zipfile.ZipFile(path) as package:
        return {name: etree.fromstring(package.read(name)) for name in package.namelist()}


def test_manifest_names_every_file_in_the_zip(every_kind_quiz: Quiz, tmp_path: Path) -> None:
    files = _package(export_qti(every_kind_quiz, tmp_path / "quiz.zip"))
    manifest = files["imsmanifest.xml"]
    assert manifest.tag == f"{{{CP}}}manifest"
    resources = manifest.findall("cp:resources/cp:resource", NS)
    identifiers = {resource.get("identifier") for resource in resources}
    for resource in resources:
        assert resource.get("href") in files
        assert [file.get("href") for file in resource.findall("cp:file", NS)] == [resource.get("href")]
        assert {dependency.get("identifierref") for dependency in resource.findall("cp:dependency", NS)} <= identifiers
    assert [resource.get("type") for resource in resources] == ["imsqti_test_xmlv2p1"] + ["imsqti_item_xmlv2p1"] * 4
    test = files["test.xml"]
    assert (test.tag, test.get("title")) == (f"{{{QTI}}}assessmentTest", "The Water Cycle — Quiz 1")
    hrefs = [ref.get("href") for ref in test.iterfind(".//q:assessmentItemRef", NS)]
    assert [files[posixpath.normpath(href)].get("identifier") for href in hrefs] == ["q1", "q2", "q3", "q4"]


def test_items_have_qti_structure(every_kind_quiz: Quiz, tmp_path: Path) -> None:
    files = _package(export_qti(every_kind_quiz, tmp_path / "quiz.zip"))
    essay, choice, truefalse, cloze = (files[f"items/q{number}.xml"] for number in range(1, 5))
    for item in (essay, choice, truefalse, cloze):
        assert item.tag == f"{{{QTI}}}assessmentItem"
        assert {"identifier", "title", "adaptive", "timeDependent"} <= set(item.attrib)
        interaction = item.find(".//q:itemBody//*[@responseIdentifier]", NS)
        assert interaction.get("responseIdentifier") == item.find("q:responseDeclaration", NS).get("identifier")
    assert essay.find(".//q:extendedTextInteraction/q:prompt", NS).text.startswith("Why is rain")
    assert essay.find("q:itemBody/q:rubricBlock[@view='scorer']/q:p", NS).text.startswith("When water evaporates")
    assert essay.findtext("q:outcomeDeclaration[@identifier='MAXSCORE']/q:defaultValue/q:value", namespaces=NS) == "2"
    assert essay.findtext("q:modalFeedback/q:p", namespaces=NS) == "See the section on evaporation."
    choices = choice.findall(".//q:choiceInteraction/q:simpleChoice", NS)
    assert [value.text for value in choice.iterfind(".//q:correctResponse/q:value", NS)] == ["choice1"]
    assert choices[0].get("identifier") == "choice1" and choices[0].text == "Condensation"
    assert choices[0].findtext("q:feedbackInline", namespaces=NS) == "Right."
    assert choice.find(".//q:choiceInteraction", NS).get("maxChoices") == "1"
    assert [c.get("identifier") for c in truefalse.iterfind(".//q:simpleChoice", NS)] == ["true", "false"]
    assert truefalse.findtext(".//q:correctResponse/q:value", namespaces=NS) == "true"
    paragraph = cloze.find("q:itemBody/q:p", NS)
    assert paragraph.text.endswith("called an ") and paragraph[0].tag == f"{{{QTI}}}textEntryInteraction"
    assert [entry.get("mapKey") for entry in cloze.iterfind(".//q:mapEntry", NS)] == ["aquifer", "aquifers"]


def test_several_correct_choices_are_multiple(tmp_path: Path) -> None:
    item = _package(export_qti(hard_quiz(), tmp_path / "quiz.zip"))["items/q2.xml"]
    assert item.find("q:responseDeclaration", NS).get("cardinality") == "multiple"
    assert [value.text for value in item.iterfind(".//q:correctResponse/q:value", NS)] == ["choice1", "choice2"]
    assert item.find(".//q:choiceInteraction", NS).get("maxChoices") == "0"


def test_round_trip_keeps_what_qti_carries(every_kind_quiz: Quiz, tmp_path: Path) -> None:
    for quiz in (every_kind_quiz, hard_quiz()):
        assert carried(import_qti(export_qti(quiz, tmp_path / "quiz.zip"))) == carried(quiz)


def _zip(path: Path, members: dict[str, bytes], method: int = zipfile.ZIP_DEFLATED) -> Path:
    with zipfile.ZipFile(path, "w", method) as package:
        for name, data in members.items():
            package.writestr(name, data)
    return path


def _refused(path: Path, message: str) -> None:
    before = sorted(path.parent.iterdir())
    with pytest.raises(InterchangeError, match=message) as caught:
        import_qti(path)
    assert path.name in str(caught.value) and "\n" not in str(caught.value)
    assert sorted(path.parent.iterdir()) == before


def test_zip_bombs_are_refused(tmp_path: Path) -> None:
    _refused(_zip(tmp_path / "ratio.zip", {"imsmanifest.xml": b"\0" * (20 * 1024 * 1024)}), "zip bomb")
    big = {"imsmanifest.xml": b"<manifest/>", "filler.bin": b"\0" * (51 * 1024 * 1024)}
    _refused(_zip(tmp_path / "big.zip", big, zipfile.ZIP_STORED), "would expand to 51 MB, more than the 50 MB allowed")


@pytest.mark.parametrize("name", ["../evil.xml", "/etc/evil.xml", "items/../../evil.xml", "C:/evil.xml"])
def test_members_outside_the_package_are_refused(name: str, tmp_path: Path) -> None:
    _refused(_zip(tmp_path / "evil.zip", {"imsmanifest.xml": b"<manifest/>", name: b"x"}), "outside its folder")
    assert not (tmp_path.parent / "evil.xml").exists()


def test_broken_packages_are_refused(every_kind_quiz: Quiz, tmp_path: Path) -> None:
    _refused(_zip(tmp_path / "empty.zip", {"readme.txt": b"hi"}), "empty.zip has no imsmanifest.xml")
    exported = io.BytesIO(export_qti(every_kind_quiz, tmp_path / "good.zip").read_bytes())
    with zipfile.ZipFile(exported) as package:
        members = {name: package.read(name) for name in package.namelist()}
    without_item = {name: data for name, data in members.items() if name != "items/q3.xml"}
    _refused(_zip(tmp_path / "gap.zip", without_item), "gap.zip has no items/q3.xml")
    _refused(_zip(tmp_path / "badxml.zip", {**members, "items/q2.xml": b"<assessmentItem>"}), "not well-formed XML")
    (tmp_path / "text.zip").write_text("not a zip", encoding="utf-8")
    _refused(tmp_path / "text.zip", "text.zip is not a readable zip archive")


def test_missing_file_is_refused(tmp_path: Path) -> None:
    with pytest.raises(InterchangeError, match="missing.zip does not exist"):
        import_qti(tmp_path / "missing.zip")


def test_failed_export_leaves_nothing(every_kind_quiz: Quiz, tmp_path: Path) -> None:
    with pytest.raises(InterchangeError, match="cannot write"):
        export_qti(every_kind_quiz, tmp_path / "no-such-folder" / "quiz.zip")
    assert list(tmp_path.iterdir()) == []


DTD = etree.DTD(str(Path(__file__).with_name("qti21_subset.dtd")))


def invalid(document: etree._Element) -> list[str]:
    return [] if DTD.validate(document) else [str(error) for error in DTD.error_log.filter_from_errors()]


def test_items_and_the_test_follow_the_qti_21_content_models(every_kind_quiz: Quiz, tmp_path: Path) -> None:
    """Against a hand-written subset of the QTI 2.1 content models (qti21_subset.dtd; the official
    XSD is in no installable package): element order, required attributes, allowed values."""
    for quiz in (every_kind_quiz, hard_quiz()):
        files = _package(export_qti(quiz, tmp_path / "quiz.zip"))
        documents = {name: root for name, root in files.items() if name != "imsmanifest.xml"}
        assert len(documents) == 5 and {name: invalid(root) for name, root in documents.items()} == dict.fromkeys(
            documents, []
        )
    choice = files["items/q2.xml"]
    choice.append(choice.find("q:responseDeclaration", NS))
    assert any("assessmentItem" in problem for problem in invalid(choice)), "a declaration after the body is refused"
    interaction = files["items/q1.xml"].find(".//q:extendedTextInteraction", NS)
    del interaction.attrib["responseIdentifier"]
    assert any("responseIdentifier" in problem for problem in invalid(files["items/q1.xml"]))
