"""GIFT, Moodle's plain-text question format (Question bank → Import → GIFT format).

Each question is written on one line, `::name::[html]text{answers####general feedback}`, with a
blank line between questions and a `$CATEGORY: $course$/Title` line before the first question of
each category (the question's own category path, else the quiz title's):
- open → essay `{}`; the general feedback holds the reference answer, then "Feedback: …" and the
  source line when there are any.
- multiple_choice → `{=right#feedback ~wrong#feedback}`; with several correct choices every choice
  gets a weight, `~%50%right ~%-100%wrong`, so ticking everything earns nothing. Weights a file
  gave are written back as they were.
- true_false → `{TRUE#feedback for the wrong answer#feedback for the right one}`.
- numerical → `{#=3:2#feedback =%50%3:4 ~#for any other number}`: each accepted number with its
  tolerance and weight; GIFT has no units (an export leaves them out and says so).
- matching → `{=prompt -> answer =prompt -> answer = -> extra answer}`.
- cloze → `text before {=aquifer =aquifers} text after`, which Moodle imports as a short-answer
  question with the gap shown as a blank; answers that earn part of the points or have feedback
  are written `=%50%Cat#feedback`, so a `=%0%*` catch-all stays at 0 %. Short answers are
  compared as typed, so they are not HTML-escaped.
- feedback and source → the general feedback (`####`), the source as a last "Source:" line.

Texts are written in the format marker they were read with (`[html]`, `[plain]`, `[markdown]`, none
for Moodle's own auto-format); the app's own questions are marked `[html]` and HTML-escaped, so
`<` and `&` show as typed in Moodle. The characters GIFT reserves (`~ = # { } : \\`) are escaped
with a backslash; line breaks become `<br>` (`\\n` in the formats that are not HTML).

Reading follows Moodle's parser (question/format/gift/format.php): a question with no braces is
a description (skipped with its reason, as are answers the app cannot hold), `{#…}` numerical
(`3:2`, a range `1..5`, `~#…` the feedback for any other number), `{=a -> b …}` matching; questions
the app cannot hold are skipped with their reason and the rest is imported (`read_gift`); `import_gift` refuses the
file instead. GIFT has no points: every imported question is worth 1 point.
"""

import re
from pathlib import Path

from sensemaking_desktop.budget import BUDGETS, check_nesting
from sensemaking_desktop.interchange.common import (
    TEXT_FORMATS,
    build_result,
    category_path,
    full_points_answer,
    join_notes,
    markup_tags,
    percent,
    quiz_title,
    read_choices,
    read_text,
    split_notes,
    write_atomically,
    write_text,
)
from sensemaking_desktop.interchange.errors import InterchangeError
from sensemaking_desktop.interchange.report import ImportResult, Notes, Skip
from sensemaking_desktop.quizzes.key_grading import choice_fractions
from sensemaking_desktop.quizzes.key_text import read_range
from sensemaking_desktop.quizzes.model import GAP, Question, QuestionKind, Quiz, short_number

_RESERVED = re.compile(r"([~=#{}:\\])")
_ESCAPE = re.compile(r"\\([~=#{}:\\n])")
_FEEDBACK = "Feedback: "
_TRUE = ("T", "TRUE")
_FALSE = ("F", "FALSE")
_MARKER = re.compile(r"\[(" + "|".join(TEXT_FORMATS) + r")\]")


def export_gift(quiz: Quiz, target: Path) -> Path:
    """Write `quiz` as a GIFT file (UTF-8) at `target`; the file appears whole or not at all."""
    lines, category = [], None
    for number, question in enumerate(quiz.questions, start=1):
        wanted = question.category or category_path(quiz.title)
        if wanted != category:
            lines.append(f"$CATEGORY: {wanted}")
            category = wanted
        lines.append(_question(question, number))
    if not quiz.questions:
        lines.append(f"$CATEGORY: {category_path(quiz.title)}")
    write_atomically(target, ("\n\n".join(lines) + "\n").encode("utf-8"))
    return target


def read_gift(path: Path) -> ImportResult:
    """Read a GIFT file: every question the app can hold, and a note for each it cannot (or holds
    without something). The title is the deepest category the questions share, else the file name."""
    try:
        content = path.read_bytes().decode("utf-8-sig")
    except OSError as error:
        raise InterchangeError(f"cannot read {path}: {error.strerror or error}") from error
    except UnicodeDecodeError as error:
        raise InterchangeError(f"{path.name} is not UTF-8 text, which GIFT files are.") from error
    notes = Notes()
    category, used = None, []
    entries: list[tuple[int, str | None, dict]] = []
    number = 0
    for block in _blocks(content):
        if block.startswith("$CATEGORY:"):
            category = block.removeprefix("$CATEGORY:").strip() or None
            continue
        number += 1
        name, fields = _read_question(block, path, number, notes)
        if fields is None:
            continue
        if category:
            fields["category"] = category
            used.append(category)
        entries.append((number, name, fields))
    return build_result(path, quiz_title(used, path.name.removesuffix(".txt").removesuffix(".gift")), entries, notes)


def import_gift(path: Path) -> Quiz:
    """Read a GIFT file the app can hold whole; refuse it, naming what it cannot, otherwise."""
    return read_gift(path).whole(path)


# --- writing ----------------------------------------------------------------------------------


def _escape(text: str, text_format: str | None = None) -> str:
    """A text in its format with GIFT's reserved characters behind a backslash, on one line."""
    written = write_text(text, text_format).replace("\n", "\\n")
    return _RESERVED.sub(r"\\\1", written)


def _raw(text: str) -> str:
    """A name or a short answer: as typed, reserved characters escaped."""
    return _RESERVED.sub(r"\\\1", text).replace("\n", "\\n")


def _question(question: Question, number: int) -> str:
    text_format = question.lms.text_format
    marker = "" if text_format == "moodle" else f"[{text_format or 'html'}]"
    text = question.text
    at_end = text.endswith(GAP) and question.kind != QuestionKind.CLOZE
    if text.count(GAP) == 1 and not at_end:
        before, _, after = text.partition(GAP)
    else:
        before, after = text, ""
    notes = join_notes(question.feedback, question.source)
    if question.kind == QuestionKind.OPEN:
        answers, notes = "", join_notes(_open_head(question), question.source)
    elif question.kind == QuestionKind.MULTIPLE_CHOICE:
        answers = _choices(question)
    elif question.kind == QuestionKind.TRUE_FALSE:
        answers = "TRUE" if question.reference_answer == "true" else "FALSE"
        wrong, right = question.wrong_feedback, question.right_feedback
        if wrong or right:
            answers += f"#{_escape(wrong or '', text_format)}"
        if right:
            answers += f"#{_escape(right, text_format)}"
    elif question.kind == QuestionKind.NUMERICAL:
        answers = _numbers(question)
    elif question.kind == QuestionKind.MATCHING:
        answers = " ".join(f"={_escape(pair.prompt, text_format)} -> {_raw(pair.answer)}" for pair in question.pairs)
    else:
        answers = _short_answers(question)
    general = f"####{_escape(notes, text_format)}" if notes else ""
    name = _raw(question.name or f"Q{number}")
    return f"::{name}::{marker}{_escape(before, text_format)}{{{answers}{general}}}{_escape(after, text_format)}"


def _open_head(question: Question) -> str:
    """The reference answer first, as graders see it, then the feedback marked as such."""
    parts = [question.reference_answer, f"{_FEEDBACK}{question.feedback}" if question.feedback else None]
    return "\n\n".join(part for part in parts if part)


def _split_open_head(head: str) -> tuple[str | None, str | None]:
    """The inverse of `_open_head`: the reference answer and the feedback."""
    if head.startswith(_FEEDBACK):
        return None, head.removeprefix(_FEEDBACK)
    reference, _, feedback = head.partition(f"\n\n{_FEEDBACK}")
    return reference.rstrip("\n") or None, feedback or None


def _choices(question: Question) -> str:
    """`=right ~wrong` for one correct choice, else `~%weight%` for each choice that has one."""
    single = question.picks_one
    answers = []
    for choice, fraction in zip(question.choices, choice_fractions(question)):
        if single and abs(fraction - 100) < 1e-9:
            marker = "="
        elif fraction == 0:
            marker = "~"
        else:
            marker = f"~%{percent(fraction)}%"
        feedback = f"#{_escape(choice.feedback, question.lms.text_format)}" if choice.feedback else ""
        answers.append(f"{marker}{_escape(choice.text, question.lms.text_format)}{feedback}")
    return " ".join(answers)


def _short_answers(question: Question) -> str:
    """`=a =b` while every answer earns full points without feedback; else each with its weight."""
    answers = question.short_answers
    plain = all(answer.fraction == 100 and not answer.feedback for answer in answers)
    written = []
    for answer in answers:
        weight = "" if plain or answer.fraction == 100 else f"%{percent(answer.fraction)}%"
        feedback = f"#{_escape(answer.feedback, question.lms.text_format)}" if answer.feedback else ""
        written.append(f"={weight}{_raw(answer.text)}{feedback}")
    return " ".join(written)


def _numbers(question: Question) -> str:
    """`#=3:2#feedback =%50%3:4 ~#feedback`: a last 0 % `*` answer as GIFT's `~` for any other number."""
    answers = question.numerical.answers if question.numerical else []
    written = []
    for index, answer in enumerate(answers):
        feedback = f"#{_escape(answer.feedback, question.lms.text_format)}" if answer.feedback else ""
        if answer.value is None and answer.fraction == 0 and index == len(answers) - 1:
            written.append(f"~{feedback or '#'}")
            continue
        weight = "" if answer.fraction >= 100 else f"%{percent(answer.fraction)}%"
        number = "*" if answer.value is None else short_number(answer.value)
        tolerance = f":{short_number(answer.tolerance)}" if answer.tolerance else ""
        written.append(f"={weight}{number}{tolerance}{feedback}")
    return "#" + " ".join(written)


# --- reading ----------------------------------------------------------------------------------


def _blocks(content: str) -> list[str]:
    """Questions and category lines: blank lines separate them, `//` lines are comments."""
    blocks: list[list[str]] = [[]]
    for line in content.splitlines():
        stripped = line.strip()
        if not stripped:
            blocks.append([])
        elif stripped.startswith("$CATEGORY:"):
            blocks += [[stripped], []]
        elif not stripped.startswith("//"):
            blocks[-1].append(line)
    return ["\n".join(lines).strip() for lines in blocks if lines]


def _masked(text: str) -> str:
    """The text with every escaped character hidden, so searches find only unescaped ones."""
    return re.sub(r"\\.", "\0\0", text, flags=re.S)


def _brace_depth(masked: str) -> int:
    """How deep the unescaped braces nest (1 for a question's one answer block)."""
    depth = deepest = 0
    for brace in re.findall(r"[{}]", masked):
        depth = depth + 1 if brace == "{" else max(0, depth - 1)
        deepest = max(deepest, depth)
    return deepest


def _unescape(text: str) -> str:
    return _ESCAPE.sub(lambda match: "\n" if match[1] == "n" else match[1], text)


class _Reading:
    """One question's texts as they are read: each in its own format marker, the markers and the
    markup that plain text loses remembered for the notes."""

    def __init__(self, text_format: str) -> None:
        self.text_format = text_format
        self.other_markers: list[str] = []
        self.markup: set[str] = set()

    def text(self, raw: str, what: str | None = None) -> str:
        """A text read in the question's format, or in its own marker's when it has one."""
        raw = raw.strip()
        text_format = self.text_format
        marker = _MARKER.match(_masked(raw))
        if marker and what is not None:
            raw, text_format = raw[marker.end() :], marker[1]
            if text_format != self.text_format:
                self.other_markers.append(f"[{text_format}] of {what}")
        unescaped = _unescape(raw)
        if text_format in ("html", "moodle"):
            self.markup.update(markup_tags(unescaped))
        return read_text(unescaped, text_format)

    def report(self, notes: Notes, number: int, name: str | None) -> None:
        for marker in self.other_markers:
            notes.lose(number, name, f"the format marker {marker} (the question's [{self.text_format}] is used)")
        if self.markup:
            tags = ", ".join(f"<{tag}>" for tag in sorted(self.markup))
            notes.lose(number, name, f"HTML formatting {tags}, kept as plain text")


def _read_question(block: str, path: Path, number: int, notes: Notes) -> tuple[str | None, dict | None]:
    """The question's name and fields, or its name and None when it is skipped (with its note)."""
    masked = _masked(block)
    check_nesting(
        _brace_depth(masked), f"{path.name}: question {number}'s answer block {{…}}", BUDGETS["question_bank"]
    )
    name = None
    if masked.startswith("::"):
        end = masked.find("::", 2)
        if end < 0:
            raise InterchangeError(f"{path.name}: question {number} has an unclosed title (::).")
        name = _unescape(block[2:end]).strip() or None
        block, masked = block[end + 2 :].lstrip(), masked[end + 2 :].lstrip()
    marker = _MARKER.match(masked)
    reading = _Reading(marker[1] if marker else "moodle")
    if marker:
        block, masked = block[marker.end() :], masked[marker.end() :]
    opening = masked.find("{")
    closing = masked.find("}", opening + 1)
    if opening < 0 and masked.find("}") < 0:
        notes.skip(number, name, "a description (text with no question), which a quiz cannot hold")
        return name, None
    if opening < 0:
        raise InterchangeError(f"{path.name}: question {number} has no answer block {{…}}.")
    if closing < 0:
        raise InterchangeError(f"{path.name}: question {number} has an unclosed {{.")
    before, body, after = block[:opening], block[opening + 1 : closing], block[closing + 1 :]
    try:
        fields = _answers(body, _masked(body), reading)
    except Skip as skip:
        notes.skip(number, name, str(skip))
        return name, None
    if fields["kind"] == QuestionKind.CLOZE and not after.strip():
        text = f"{reading.text(before).rstrip()} {GAP}".lstrip()
    elif after.strip():
        text = reading.text(f"{before}{GAP}{after}")
    else:
        text = reading.text(before)
    fields.update(text=text, name=name)
    fields["lms"]["text_format"] = reading.text_format
    if fields["kind"] == QuestionKind.CLOZE and fields.pop("moved", False):
        notes.change(
            number,
            name,
            f"the full-points answer “{fields['reference_answer']}” is matched first (Moodle matches in order)",
        )
    reading.report(notes, number, name)
    return name, fields


def _answers(body: str, masked: str, reading: _Reading) -> dict:
    """The kind and answer fields of a question from the text between its braces."""
    general = masked.rfind("####")
    notes = reading.text(body[general + 4 :], "the general feedback") if general >= 0 else ""
    body, masked = (body[:general], masked[:general]) if general >= 0 else (body, masked)
    feedback, source = split_notes(notes)
    fields: dict = {"feedback": feedback, "source": source, "lms": {"options": {}}}
    stripped = masked.strip()
    head = stripped.split("#")[0].strip().upper()
    if not stripped:
        reference, feedback = _split_open_head(feedback or "")
        fields.update(kind=QuestionKind.OPEN, reference_answer=reference, feedback=feedback)
    elif stripped.startswith("#"):
        fields.update(_numerical_fields(body, masked, reading))
    elif "~" in masked:
        fields.update(_choice_fields(body, masked, reading))
    elif "=" in masked and "->" in masked:
        fields.update(_matching_fields(body, masked, reading))
    elif head in _TRUE + _FALSE:
        parts = _split(body, masked, "#")
        right = "true" if head in _TRUE else "false"
        wrong_feedback = reading.text(parts[1], "the wrong answer's feedback") if len(parts) > 1 else ""
        right_feedback = reading.text(parts[2], "the right answer's feedback") if len(parts) > 2 else ""
        fields.update(
            kind=QuestionKind.TRUE_FALSE,
            reference_answer=right,
            right_feedback=right_feedback or None,
            wrong_feedback=wrong_feedback or None,
        )
    else:
        fields.update(_short_answer_fields(body, masked, reading))
    return fields


def _split(body: str, masked: str, separator: str) -> list[str]:
    """`body` split at the unescaped separators (found in `masked`)."""
    starts = [match.start() for match in re.finditer(re.escape(separator), masked)]
    bounds = [-len(separator), *starts, len(masked)]
    return [body[start + len(separator) : end] for start, end in zip(bounds, bounds[1:])]


def _weighted(body: str, masked: str) -> list[tuple[str, float | None, str, str | None]]:
    """Each answer from `=` or `~` on: (marker, weight or None, text, feedback or None), raw."""
    starts = [match.start() for match in re.finditer(r"[=~]", masked)] + [len(masked)]
    answers = []
    for start, end in zip(starts, starts[1:]):
        answer, hidden = body[start + 1 : end], masked[start + 1 : end]
        weight = re.match(r"\s*%(-?[\d.]+)%", hidden)
        hash_at = hidden.find("#")
        text = answer[weight.end() if weight else 0 : hash_at if hash_at >= 0 else None]
        feedback = answer[hash_at + 1 :] if hash_at >= 0 else None
        answers.append((masked[start], float(weight[1]) if weight else None, text, feedback))
    return answers


def _choice_fields(body: str, masked: str, reading: _Reading) -> dict:
    """A multiple-choice question: `=` earns full points and makes it single-answer, `~` nothing
    unless it has a weight."""
    read = []
    for index, (marker, weight, text, feedback) in enumerate(_weighted(body, masked), start=1):
        fraction = weight if weight is not None else (100.0 if marker == "=" else 0.0)
        shown = reading.text(feedback, f"choice {index}'s feedback") if feedback is not None else ""
        read.append((reading.text(text, f"choice {index}"), fraction, shown or None))
    choices, options = read_choices(read, single="=" in masked)
    reference = "; ".join(choice["text"] for choice in choices if choice["correct"])
    return {
        "kind": QuestionKind.MULTIPLE_CHOICE,
        "choices": choices,
        "reference_answer": reference or None,
        "lms": {"options": options},
    }


def _numerical_fields(body: str, masked: str, reading: _Reading) -> dict:
    """A numerical question, read as Moodle does: `=`-separated numbers (`3:2`, `1..5`, `3`) with
    weights and feedback, and after `~` the feedback for any other number (a 0 % `*` answer)."""
    start = masked.index("#") + 1
    body, masked = body[start:], masked[start:]
    wrong_at = masked.find("~")
    wrong = (body[wrong_at + 1 :], masked[wrong_at + 1 :]) if wrong_at >= 0 else None
    body, masked = (body[:wrong_at], masked[:wrong_at]) if wrong_at >= 0 else (body, masked)
    if not masked.lstrip().startswith("="):
        body, masked = f"={body.lstrip()}", f"={masked.lstrip()}"
    answers = []
    for index, (_, weight, text, feedback) in enumerate(_weighted(body, masked), start=1):
        spec = _unescape(text).strip()
        try:
            value, tolerance = read_range(spec)
        except ValueError:
            raise Skip(f"a numerical question whose answer {index} ({spec}) is not a number") from None
        shown = reading.text(feedback, f"answer {index}'s feedback") if feedback is not None else ""
        fraction = 100.0 if weight is None else weight
        answers.append({"value": value, "tolerance": tolerance, "fraction": fraction, "feedback": shown or None})
    if wrong is not None:
        hash_at = wrong[1].find("#")
        shown = reading.text(wrong[0][hash_at + 1 :], "the feedback for any other number") if hash_at >= 0 else ""
        answers.append({"value": None, "fraction": 0.0, "feedback": shown or None})
    return {"kind": QuestionKind.NUMERICAL, "numerical": {"answers": answers}}


def _matching_fields(body: str, masked: str, reading: _Reading) -> dict:
    """A matching question: `=prompt -> answer` pairs; a pair without a prompt is an extra answer."""
    parts = _split(body, masked, "=")
    pairs = []
    for index, part in enumerate(parts[1:] if not parts[0].strip() else parts, start=1):
        arrow = _masked(part).find("->")
        if arrow < 0:
            raise Skip(f"a matching question whose pair {index} has no ->")
        prompt = reading.text(part[:arrow], f"prompt {index}")
        pairs.append({"prompt": prompt, "answer": _unescape(part[arrow + 2 :]).strip()})
    return {"kind": QuestionKind.MATCHING, "pairs": pairs}


def _short_answer_fields(body: str, masked: str, reading: _Reading) -> dict:
    """A cloze (short-answer) question: the first full-points answer is the reference answer."""
    answers = []
    for index, (_, weight, text, feedback) in enumerate(_weighted(body, masked), start=1):
        shown = reading.text(feedback, f"answer {index}'s feedback") if feedback is not None else ""
        typed = _unescape(text).strip()
        marker = _MARKER.match(typed)
        typed = typed[marker.end() :].strip() if marker else typed
        answers.append({"text": typed, "fraction": 100.0 if weight is None else weight, "feedback": shown or None})
    if not answers:
        raise Skip("a short answer without answers")
    reference, full = full_points_answer(answers)
    return {
        "kind": QuestionKind.CLOZE,
        "reference_answer": reference["text"],
        "right_feedback": reference["feedback"],
        "accepted": answers,
        "moved": full > 0 and any(answer["fraction"] < 100 for answer in answers[:full]),
    }
