"""What the quiz formats share: atomic writes, safe XML reading, HTML text and Moodle's text
formats, the "Source:" line, category paths and grade percentages (Moodle XML, GIFT and QTI write
the same notes), and building an import's result with its notes."""

import contextlib
import hashlib
import html
import os
import re
import xml.etree.ElementTree as ET
from pathlib import Path

from defusedxml import DefusedXmlException
from defusedxml.ElementTree import fromstring as parse_untrusted
from pydantic import ValidationError

from sensemaking_desktop.budget import BUDGETS, check_nesting, check_text
from sensemaking_desktop.interchange.errors import EmptyQuizError, InterchangeError
from sensemaking_desktop.interchange.report import ImportResult, Notes, Skip
from sensemaking_desktop.quizzes.grading import is_pattern, literal
from sensemaking_desktop.quizzes.key_grading import split_fractions
from sensemaking_desktop.quizzes.model import Question, QuestionStatus, Quiz, Source
from sensemaking_desktop.text.control import readable_name


def handed_out(quiz: Quiz, *, include_dropped: bool = False) -> Quiz:
    """The quiz as it is handed out: without the questions the checks dropped, unless asked for
    them. Dropped questions are the Teacher's rejects, kept for review, never part of the quiz a
    class sees; every format writes this one selection, so all agree on what the quiz holds."""
    questions = [q for q in quiz.questions if include_dropped or q.status != QuestionStatus.DROPPED]
    if not questions:
        raise EmptyQuizError(empty_quiz_message(quiz))
    return quiz if len(questions) == len(quiz.questions) else quiz.model_copy(update={"questions": questions})


def empty_quiz_message(quiz: Quiz) -> str:
    """One line, the same for every format: the quiz has nothing to export, and why."""
    dropped = len(quiz.questions)
    why = f": all {dropped} of its questions were dropped by the checks" if dropped else ""
    return f"The quiz {quiz.title!r} has no questions to export{why}."


def write_atomically(target: Path, data: bytes) -> None:
    """Write through a partial file and rename, so a failed export leaves no half-written file.

    Removing the partial file can fail for the same reason as writing it (a read-only disk), so
    that failure is ignored and the first one reported."""
    partial = target.with_name(f".{target.name}.partial")
    try:
        partial.write_bytes(data)
        os.replace(partial, target)
    except OSError as error:
        with contextlib.suppress(OSError):
            partial.unlink(missing_ok=True)
        raise cannot_write(target, error) from error


def cannot_write(target: Path, error: OSError) -> InterchangeError:
    """One line for an export that could not be written, with its first cause: "cannot write
    /media/usb/quiz.xml: Read-only file system"."""
    return InterchangeError(f"cannot write {target}: {error.strerror or error}")


def read_xml(path: Path, data: bytes | None = None) -> ET.Element:
    """Parse untrusted XML (defusedxml refuses entity bombs and external entities); elements nested
    deeper than a question bank's budget are refused, since the readers walk them recursively."""
    try:
        source = path.read_bytes() if data is None else data
    except OSError as error:
        raise InterchangeError(f"cannot read {path}: {error.strerror or error}") from error
    try:
        root = parse_untrusted(source)
    except ET.ParseError as error:
        raise InterchangeError(f"{path.name} is not well-formed XML: {error}") from error
    except DefusedXmlException as error:
        raise InterchangeError(f"{path.name} uses XML entities or DTDs, which are refused: {error}") from error
    check_nesting(_depth(root), f"{path.name}: its XML", BUDGETS["question_bank"])
    return root


def _depth(root: ET.Element) -> int:
    """How many levels of elements the tree has, counted level by level (no recursion)."""
    depth, level = 0, [root]
    while level:
        depth += 1
        level = [child for element in level for child in element]
    return depth


def check_question_sizes(quiz: Quiz, path: Path) -> None:
    """Refuse a bank with a question or an answer longer than a question bank's budget: only the
    file was capped before, so a single question of 50 MB went into the library."""
    budget = BUDGETS["question_bank"]
    for number, question in enumerate(quiz.questions, start=1):
        named = f"question {number}" + (f" “{question.name}”" if question.name else "")
        texts = [question.text, question.feedback, question.right_feedback, question.wrong_feedback]
        for text in texts + [pair.prompt for pair in question.pairs]:
            check_text(text, f"{path.name}: the text of {named}", budget)
        answers = [
            question.reference_answer,
            *(c.text for c in question.choices),
            *(c.feedback for c in question.choices),
        ]
        for text in answers + [a.text for a in question.accepted] + [pair.answer for pair in question.pairs]:
            check_text(text, f"{path.name}: an answer of {named}", budget, answer=True)


def build_quiz(path: Path, title: str, questions: list[dict]) -> Quiz:
    """Validate the read fields as a Quiz; a question that breaks the model's rules names its number."""
    built = []
    for number, fields in enumerate(questions, start=1):
        try:
            built.append(Question(**fields))
        except ValidationError as error:
            reason = error.errors()[0]["msg"].removeprefix("Value error, ")
            raise InterchangeError(f"{path.name}: question {number} cannot be read: {reason}") from error
    try:
        return Quiz(title=quiz_title_of(title, path), questions=built)
    except ValidationError as error:
        raise InterchangeError(f"{path.name}: {error.errors()[0]['msg']}") from error


def quiz_title_of(title: str, path: Path) -> str:
    """The title a file gives, else its name; bytes of a name that are not UTF-8 as U+FFFD, since
    such a name (Python holds it with lone surrogates) could not be stored."""
    return readable_name(title.strip() or path.stem or "Quiz")


def category_path(title: str) -> str:
    """A course-level category named after the title; "/" is doubled, Moodle's escape for it."""
    return "$course$/" + " ".join(title.split()).replace("/", "//")


def category_title(path: str) -> str:
    """The last level of a category path such as "$course$/top/Water//Air" → "Water/Air"."""
    levels = re.split(r"(?<!/)/(?!/)", re.sub(r"^\$\w+\$/(top/?)?", "", path.strip()))
    return levels[-1].replace("//", "/")


def percent(value: float) -> str:
    """A grade percentage as Moodle writes and matches them: "100", "50", "33.33333"."""
    return f"{value:.5f}".rstrip("0").rstrip(".")


def text_to_html(text: str) -> str:
    """Plain text as HTML that shows exactly that text: escaped, line breaks as <br>."""
    return html.escape(text, quote=False).replace("\n", "<br>")


def html_to_text(markup: str) -> str:
    """The text a person sees in simple HTML: breaks and paragraphs as line breaks, tags and
    comments dropped (a lone `<`, as in "x < 3", is text)."""
    markup = re.sub(r"<br\s*/?>|</p>\s*<p[^>]*>", "\n", markup, flags=re.I)
    return html.unescape(_TAG.sub("", markup)).strip()


_TAG = re.compile(r"<!--.*?-->|</?[A-Za-z][^<>]*>", re.S)
_PLAIN_TAGS = {"p", "br", "div"}


def markup_tags(markup: str) -> list[str]:
    """The HTML elements in `markup` that plain text cannot show (all but paragraphs and breaks)."""
    names = {match.lower() for match in re.findall(r"<([A-Za-z][\w-]*)", markup)}
    return sorted(names - _PLAIN_TAGS)


TEXT_FORMATS = ("html", "moodle", "plain", "markdown")


def read_text(raw: str, text_format: str | None) -> str:
    """A text as the app holds it: HTML (and Moodle's auto-format, which is HTML with line breaks
    kept) as the text a person sees; plain text and Markdown as written."""
    return html_to_text(raw) if text_format in (None, "html", "moodle") else raw.strip()


def write_text(text: str, text_format: str | None) -> str:
    """The inverse of `read_text`: HTML-escaped for the HTML formats, else as it is."""
    return text_to_html(text) if text_format in (None, "html", "moodle") else text


def category_levels(path: str) -> list[str]:
    """ "$course$/top/Water//Air" → ["$course$", "top", "Water//Air"]: "//" is an escaped "/"."""
    return re.split(r"(?<!/)/(?!/)", path.strip())


def quiz_title(categories: list[str], fallback: str) -> str:
    """A title for questions filed in these categories: the last level of the deepest category
    they share ("$course$/Iota" for "$course$/Iota/Kappa" and "$course$/Iota/Mu"), else `fallback`."""
    if not categories:
        return fallback
    split = [category_levels(category) for category in categories]
    shared = []
    for levels in zip(*split):
        if len(set(levels)) > 1:
            break
        shared.append(levels[0])
    named = [level for level in shared if not re.fullmatch(r"\$\w+\$", level)]
    if named[:1] == ["top"]:
        named = named[1:]
    return named[-1].replace("//", "/") if named else fallback


def build_result(path: Path, title: str, entries: list[tuple[int, str | None, dict]], notes: Notes) -> ImportResult:
    """Validate each read question as the model's Question; one that breaks the model's rules is
    skipped with the rule as its reason. A question filed in the quiz's own category (the one
    `category_path` makes of the title, as the exports write it) keeps no category of its own."""
    built = []
    own = category_path(quiz_title_of(title, path))
    for number, name, fields in entries:
        if fields.get("category") == own:
            fields["category"] = None
        try:
            built.append(Question(**fields))
        except ValidationError as error:
            notes.skip(number, name, error.errors()[0]["msg"].removeprefix("Value error, "))
    try:
        quiz = Quiz(title=quiz_title_of(title, path), questions=built)
    except ValidationError as error:
        raise InterchangeError(f"{path.name}: {error.errors()[0]['msg']}") from error
    order = {note: index for index, note in enumerate(notes.items)}
    ordered = sorted(notes.items, key=lambda note: (note.question or 0, order[note]))
    return ImportResult(quiz, tuple(ordered), notes.files)


_SOURCE = re.compile(
    r"Source: (?:pages? (?P<p1>\d+)(?:–(?P<p2>\d+))?)?(?:, )?(?:(?P<t1>[^\s–]+)(?:–(?P<t2>[^\s–]+))? s)?"
    r"(?:(?:: )?“(?P<quote>.*)”)?",
    re.S,
)


def join_notes(feedback: str | None, source: Source) -> str:
    """Feedback followed by a "Source: pages 2–3, 61.5–70 s: “quote”" line, for formats that only
    have one general-feedback text."""
    line = source_line(source)
    return "\n".join(part for part in (feedback, line) if part)


def split_notes(notes: str) -> tuple[str | None, Source]:
    """The inverse of `join_notes`: the feedback and the source read from a last "Source:" line."""
    start = notes.rfind("\nSource: ") + 1
    if start == 0 and not notes.startswith("Source: "):
        return notes or None, Source()
    match = _SOURCE.fullmatch(notes[start:])
    if not match or not any(match.groupdict().values()):
        return notes or None, Source()
    source = Source(
        start_page=_int(match["p1"]),
        end_page=_int(match["p2"] or match["p1"]),
        start_s=_float(match["t1"]),
        end_s=_float(match["t2"] or match["t1"]),
        quote=match["quote"],
    )
    return notes[: max(start - 1, 0)] or None, source


def source_line(source: Source) -> str:
    """One readable line; a single page or time stands for a range that starts and ends there."""
    places = []
    if source.start_page is not None:
        end = source.end_page if source.end_page is not None else source.start_page
        places.append(f"page {end}" if end == source.start_page else f"pages {source.start_page}–{end}")
    if source.start_s is not None:
        end_s = source.end_s if source.end_s is not None else source.start_s
        span = _number(source.start_s) if end_s == source.start_s else f"{_number(source.start_s)}–{_number(end_s)}"
        places.append(f"{span} s")
    where = ", ".join(places)
    if source.quote:
        where = f"{where}: “{source.quote}”" if where else f"“{source.quote}”"
    return f"Source: {where}" if where else ""


def _number(value: float) -> str:
    """The shortest text that reads back as the same float: 70.0 as "70", 61.5 as "61.5"."""
    return str(value).removesuffix(".0")


def _int(text: str | None) -> int | None:
    return int(text) if text else None


def _float(text: str | None) -> float | None:
    return float(text) if text else None


# --- writing ----------------------------------------------------------------------------------


def describe_source(source: Source) -> str:
    """Say where the answer lies in a few characters: "p. 2", "pp. 2–3" or "1:01–1:10"."""
    if source.start_page is not None:
        if source.end_page is None or source.end_page == source.start_page:
            return f"p. {source.start_page}"
        return f"pp. {source.start_page}\u2013{source.end_page}"
    if source.start_s is not None:
        if source.end_s is None or int(source.end_s) == int(source.start_s):
            return _clock(source.start_s)
        return f"{_clock(source.start_s)}\u2013{_clock(source.end_s)}"
    return ""


def _clock(seconds: float) -> str:
    hours, rest = divmod(int(seconds), 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


# --- choices and their shares -----------------------------------------------------------------


def read_choices(read: list[tuple[str, float, str | None]], single: bool) -> tuple[list[dict], dict[str, str]]:
    """Choices from (text, fraction, feedback) as a file gives them, and the settings to keep:
    the fractions and the single/multiple flag only where the export would not give them back."""
    correct = [fraction > 0 for _, fraction, _ in read]
    fractions = [fraction for _, fraction, _ in read]
    same = all(abs(a - b) < 1e-4 for a, b in zip(fractions, split_fractions(correct))) if any(correct) else True
    choices = [
        {"text": text, "correct": fraction > 0, "feedback": feedback or None, "fraction": None if same else fraction}
        for text, fraction, feedback in read
    ]
    options = {} if single == (sum(correct) == 1) else {"single": "true" if single else "false"}
    return choices, options


def also_accepted(question: Question) -> list[str]:
    """The further answers that earn points, as an answer key lists them: "aquifers", "Cat (50 %)"."""
    return [
        answer.text if answer.fraction >= 100 else f"{answer.text} ({percent(answer.fraction)} %)"
        for answer in question.accepted
        if answer.fraction > 0
    ]


def literal_fillings(question: Question) -> list[tuple[str, float]]:
    """A cloze question's answers that a format comparing answers literally can carry: those that
    earn points and have no wildcard, with their fraction. The rest earn nothing there either."""
    return [
        (literal(answer.text), answer.fraction)
        for answer in question.short_answers
        if answer.fraction > 0 and not is_pattern(answer.text)
    ]


def full_points_answer(answers: list[dict]) -> tuple[dict, int]:
    """A short answer's first answer earning full points (the app's reference answer), taken out
    of `answers`, and where it stood; a question without one is skipped (GIFT and Moodle XML)."""
    full = next((index for index, answer in enumerate(answers) if answer["fraction"] >= 100), None)
    if full is None:
        best = max(answer["fraction"] for answer in answers)
        raise Skip(f"no answer earns full points (the best {percent(best)} %), and a cloze's reference answer does")
    return answers.pop(full), full


def attachment(notes: Notes, name: str, data: bytes) -> dict:
    """An embedded file as a question's attachment, its bytes handed on with the notes for the
    library to keep (`attachments.keep_files`)."""
    digest = hashlib.sha256(data).hexdigest()
    notes.files[digest] = data
    return {"name": name, "sha256": digest, "size": len(data)}
