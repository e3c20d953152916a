"""GIFT, Moodle's plain-text question format (Question bank → Import → GIFT format).

Each question is written on one line, `::Q1::[html]text{answers####general feedback}`, with a blank
line between questions and a `$CATEGORY: $course$/Title` line first:
- open → essay `{}`; the general feedback holds the reference answer, then "Feedback: …" and the
  source line when there are any.
- multiple_choice → `{=right#feedback ~wrong#feedback}`; with several correct choices every choice
  gets a weight, `~%50%right ~%-100%wrong`, so ticking everything earns nothing.
- true_false → `{TRUE}` / `{FALSE}`.
- cloze → `text before {=aquifer =aquifers} text after`, which Moodle imports as a short-answer
  question with the gap shown as a blank.
- feedback and source → the general feedback (`####`), the source as a last "Source:" line.

GIFT has no points: every imported question is worth 1 point. Texts are marked `[html]` and
HTML-escaped, so `<` and `&` show as typed in Moodle, and the characters GIFT reserves
(`~ = # { } : \\`) are escaped with a backslash; line breaks become `<br>`.
"""

import re
from pathlib import Path

from sensemaking_desktop.interchange.common import (
    build_quiz,
    category_path,
    category_title,
    html_to_text,
    join_notes,
    percent,
    split_notes,
    text_to_html,
    write_atomically,
)
from sensemaking_desktop.interchange.errors import InterchangeError
from sensemaking_desktop.quizzes.model import GAP, Question, QuestionKind, Quiz

_RESERVED = re.compile(r"([~=#{}:\\])")
_ESCAPE = re.compile(r"\\([~=#{}:\\n])")
_FEEDBACK = "Feedback: "
_TRUE = ("T", "TRUE")
_FALSE = ("F", "FALSE")


def export_gift(quiz: Quiz, target: Path) -> Path:
    """Write `quiz` as a GIFT file (UTF-8) at `target`; the file appears whole or not at all."""
    lines = [f"$CATEGORY: {category_path(quiz.title)}"]
    lines += [_question(question, number) for number, question in enumerate(quiz.questions, start=1)]
    write_atomically(target, ("\n\n".join(lines) + "\n").encode("utf-8"))
    return target


def import_gift(path: Path) -> Quiz:
    """Read a GIFT file; the title comes from its last `$CATEGORY:` line, else the file name."""
    try:
        content = path.read_bytes().decode("utf-8-sig")
    except OSError as error:
        raise InterchangeError(f"cannot read {path}: {error.strerror or error}") from error
    except UnicodeDecodeError as error:
        raise InterchangeError(f"{path.name} is not UTF-8 text, which GIFT files are.") from error
    title = path.stem
    questions = []
    for block in _blocks(content):
        if block.startswith("$CATEGORY:"):
            title = category_title(block.removeprefix("$CATEGORY:")) or title
        else:
            questions.append(_read_question(block, path, len(questions) + 1))
    return build_quiz(path, title, questions)


# --- writing ----------------------------------------------------------------------------------


def _escape(text: str) -> str:
    """HTML-escaped text with GIFT's reserved characters behind a backslash, on one line."""
    return _RESERVED.sub(r"\\\1", text_to_html(text))


def _question(question: Question, number: int) -> str:
    before, _, after = question.text.partition(GAP) if question.kind == QuestionKind.CLOZE else (question.text, "", "")
    notes = join_notes(question.feedback, question.source)
    if question.kind == QuestionKind.OPEN:
        answers, notes = "", join_notes(_open_head(question), question.source)
    elif question.kind == QuestionKind.MULTIPLE_CHOICE:
        answers = _choices(question)
    elif question.kind == QuestionKind.TRUE_FALSE:
        answers = "TRUE" if question.reference_answer == "true" else "FALSE"
    else:
        answers = " ".join(f"={_escape(filling)}" for filling in [question.reference_answer or "", *question.accepted])
    general = f"####{_escape(notes)}" if notes else ""
    return f"::Q{number}::[html]{_escape(before)}{{{answers}{general}}}{_escape(after)}"


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
    """`=right ~wrong` for one correct choice, else weights Moodle's grade list holds."""
    correct = len(question.correct_choices)
    wrong = len(question.choices) - correct
    answers = []
    for choice in question.choices:
        if correct == 1:
            marker = "=" if choice.correct else "~"
        else:
            weight = 100 / correct if choice.correct else -100 / wrong
            marker = f"~%{percent(weight)}%"
        feedback = f"#{_escape(choice.feedback)}" if choice.feedback else ""
        answers.append(f"{marker}{_escape(choice.text)}{feedback}")
    return " ".join(answers)


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


def _unescape(text: str, html: bool) -> str:
    text = _ESCAPE.sub(lambda match: "\n" if match[1] == "n" else match[1], text)
    return html_to_text(text) if html else text.strip()


def _read_question(block: str, path: Path, number: int) -> dict:
    masked = _masked(block)
    if masked.startswith("::"):
        end = masked.find("::", 2)
        if end < 0:
            raise InterchangeError(f"{path.name}: question {number} has an unclosed title (::).")
        block, masked = block[end + 2 :].lstrip(), masked[end + 2 :].lstrip()
    fmt = re.match(r"\[(\w+)\]", masked)
    html = bool(fmt) and fmt[1] == "html"
    if fmt:
        block, masked = block[fmt.end() :], masked[fmt.end() :]
    opening = masked.find("{")
    closing = masked.find("}", opening + 1)
    if opening < 0:
        raise InterchangeError(f"{path.name}: question {number} has no answer block {{…}}.")
    if closing < 0:
        raise InterchangeError(f"{path.name}: question {number} has an unclosed {{.")
    before, body, after = block[:opening], block[opening + 1 : closing], block[closing + 1 :]
    fields = _answers(body, _masked(body), html, path, number)
    if fields["kind"] == QuestionKind.CLOZE:
        fields["text"] = _unescape(f"{before}{GAP}{after}", html)
    else:
        fields["text"] = _unescape(f"{before}{after}", html)
    return fields


def _answers(body: str, masked: str, html: bool, path: Path, number: int) -> dict:
    """The kind and answer fields of a question from the text between its braces."""
    general = masked.find("####")
    notes = _unescape(body[general + 4 :], html) if general >= 0 else ""
    body, masked = (body[:general], masked[:general]) if general >= 0 else (body, masked)
    feedback, source = split_notes(notes)
    fields: dict = {"feedback": feedback, "source": source}
    head = masked.strip().split("#")[0].upper()
    if not masked.strip():
        reference, feedback = _split_open_head(feedback or "")
        fields.update(kind=QuestionKind.OPEN, reference_answer=reference, feedback=feedback)
    elif head in _TRUE + _FALSE:
        fields.update(kind=QuestionKind.TRUE_FALSE, reference_answer="true" if head in _TRUE else "false")
    elif masked.lstrip()[0] in "=~" and "->" not in masked:
        fields.update(_choice_fields(body, masked, html))
    else:
        raise InterchangeError(
            f"{path.name}: question {number} is a GIFT matching or numerical question, which a quiz cannot hold."
        )
    return fields


def _choice_fields(body: str, masked: str, html: bool) -> dict:
    """Multiple choice when any answer is marked `~`, else short answer (a cloze gap)."""
    starts = [match.start() for match in re.finditer(r"[=~]", masked)] + [len(masked)]
    answers = []
    for start, end in zip(starts, starts[1:]):
        answer, hidden = body[start + 1 : end], masked[start + 1 : end]
        weight = re.match(r"%(-?[\d.]+)%", hidden)
        hash_at = hidden.find("#")
        text = answer[weight.end() if weight else 0 : hash_at if hash_at >= 0 else None]
        correct = float(weight[1]) > 0 if weight else masked[start] == "="
        feedback = _unescape(answer[hash_at + 1 :], html) if hash_at >= 0 else ""
        answers.append((_unescape(text, html), correct, feedback or None, masked[start]))
    if all(marker == "=" for *_, marker in answers):
        fillings = [text for text, *_ in answers]
        return {"kind": QuestionKind.CLOZE, "reference_answer": fillings[0], "accepted": fillings[1:]}
    choices = [{"text": text, "correct": correct, "feedback": feedback} for text, correct, feedback, _ in answers]
    reference = "; ".join(choice["text"] for choice in choices if choice["correct"])
    return {"kind": QuestionKind.MULTIPLE_CHOICE, "choices": choices, "reference_answer": reference or None}
