"""Printable quizzes: a PDF to hand out and, separately, its answer key.

The pages are laid out by PyMuPDF's Story (HTML and CSS to paginated PDF). The text font is Ubuntu
from the pymupdf-fonts package, so German, Czech and Ukrainian print on every computer without
relying on system fonts; the tick boxes come from Noto Sans Symbols2 of the same package. Noto Sans
from that package was tried first, but MuPDF's shaping prints its Ukrainian "і" without the dot.
"""

import io
from functools import cache
from html import escape
from pathlib import Path

import pymupdf

from sensemaking_desktop.interchange.common import also_accepted, describe_source
from sensemaking_desktop.interchange.errors import InterchangeError
from sensemaking_desktop.quizzes.key_grading import matching_options
from sensemaking_desktop.quizzes.model import GAP, Question, QuestionKind, Quiz

PAGE = pymupdf.paper_rect("a4")
MARGIN = 56  # about 2 cm on every side
FOOTER_HEIGHT = 28
CONTENT = pymupdf.Rect(MARGIN, MARGIN, PAGE.width - MARGIN, PAGE.height - MARGIN - FOOTER_HEIGHT)
FOOTER_SIZE = 8.5
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
BOX = '<span class="box">\u2610</span>'
FONT_FILES = {
    "ubuntu": "Ubuntu-Regular.ttf",
    "ubuntubo": "Ubuntu-Bold.ttf",
    "ubuntuit": "Ubuntu-Italic.ttf",
    "ubuntubi": "Ubuntu-BoldItalic.ttf",
    "symbol2": "NotoSansSymbols2-Regular.ttf",
}

CSS = """
@font-face { font-family: Text; src: url(Ubuntu-Regular.ttf); }
@font-face { font-family: Text; src: url(Ubuntu-Bold.ttf); font-weight: bold; }
@font-face { font-family: Text; src: url(Ubuntu-Italic.ttf); font-style: italic; }
@font-face { font-family: Text; src: url(Ubuntu-BoldItalic.ttf); font-weight: bold; font-style: italic; }
@font-face { font-family: Symbols; src: url(NotoSansSymbols2-Regular.ttf); }
* { font-family: Text; }
body { margin: 0; font-size: 10.5pt; line-height: 1.35; color: #1a1a1a; }
h1 { font-size: 17pt; margin: 0 0 4pt 0; }
p { margin: 0; }
.subtitle { font-size: 12pt; color: #555; margin-bottom: 10pt; }
.summary { color: #555; margin: 12pt 0 16pt 0; }
table.meta { border-collapse: collapse; margin-top: 14pt; }
table.meta td { padding: 0 6pt 2pt 0; vertical-align: bottom; }
table.meta td.fill { border-bottom: 0.6pt solid #555; }
table.meta td.name { width: 260pt; }
table.meta td.date { width: 100pt; }
table.meta td.after { padding-left: 18pt; }
.q { padding-bottom: 16pt; }
.stem { margin-bottom: 5pt; }
.number { font-weight: bold; }
.points { color: #666; font-size: 9pt; }
.hint { color: #555; font-style: italic; margin: 0 0 3pt 16pt; }
.choice { margin: 0 0 3pt 16pt; }
.box { font-family: Symbols; font-size: 12pt; }
.letter { font-weight: bold; }
.rule { border-bottom: 0.5pt solid #999; height: 22pt; margin-left: 16pt; }
.answer { margin: 0 0 3pt 16pt; }
.label { font-weight: bold; color: #333; }
.detail { margin: 0 0 3pt 16pt; color: #555; font-size: 9.5pt; }
.filled { font-weight: bold; text-decoration: underline; }
"""


def export_pdf(quiz: Quiz, target: Path, *, answer_key: bool = False) -> Path:
    """Write the quiz as a printable PDF to `target`, or, with `answer_key`, its answer key.

    The key is a document of its own so that it can never be printed along with the sheets
    handed to students; call twice to get both.
    """
    questions = quiz.questions
    if answer_key:
        blocks = [_key_block(number, question) for number, question in enumerate(questions, 1)]
        header = f'<h1>{escape(quiz.title)}</h1><p class="subtitle">Answer key</p>'
        footer = f"{quiz.title} \u2014 Answer key"
    else:
        blocks = [_question_block(number, question) for number, question in enumerate(questions, 1)]
        header = _sheet_header(quiz.title, questions)
        footer = quiz.title
    document = _render(header, blocks)
    _add_footers(document, footer)
    document.set_metadata({"title": footer, "creator": "Sensemaking Desktop"})
    document.subset_fonts()
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        document.save(target, garbage=3, deflate=True)
    except (OSError, RuntimeError) as error:
        raise InterchangeError(f"{target}: cannot write the PDF ({error})") from error
    return target


def _points(points: float) -> str:
    return f"({points:g} point{'' if points == 1 else 's'})"


def _sheet_header(title: str, questions: list[Question]) -> str:
    total = sum(question.points for question in questions)
    count = f"{len(questions)} question{'' if len(questions) == 1 else 's'}"
    return (
        f"<h1>{escape(title)}</h1>"
        '<table class="meta"><tr><td class="label">Name</td><td class="fill name"></td>'
        '<td class="label after">Date</td><td class="fill date"></td></tr></table>'
        f'<p class="summary">{count} \u00b7 {total:g} points in all</p>'
    )


def _stem(number: int, question: Question, text: str) -> str:
    points = f'<span class="points">{_points(question.points)}</span>'
    return f'<p class="stem"><span class="number">{number}.</span>&#160; {text} {points}</p>'


def _question_block(number: int, question: Question) -> str:
    """One question as it is handed out: the text and room to answer."""
    text = escape(question.text)
    if question.kind == QuestionKind.CLOZE:
        text = text.replace(escape(GAP), "_" * 18)
    parts = [_stem(number, question, text)]
    if question.kind == QuestionKind.MULTIPLE_CHOICE:
        if len(question.correct_choices) > 1:
            parts.append('<p class="hint">Mark every correct answer.</p>')
        parts += [_choice_line(LETTERS[index], choice.text) for index, choice in enumerate(question.choices)]
    elif question.kind == QuestionKind.TRUE_FALSE:
        parts.append(f'<p class="choice">{BOX}&#160; True&#160;&#160;&#160;&#160;&#160;&#160; {BOX}&#160; False</p>')
    elif question.kind == QuestionKind.OPEN:
        parts += ['<div class="rule"></div>'] * _rule_count(question.points)
    elif question.kind == QuestionKind.MATCHING:
        parts += [f'<p class="choice">{escape(pair.prompt)}&#160; {"_" * 6}</p>' for pair in question.prompts]
        parts += [_choice_line(LETTERS[index], text) for index, text in enumerate(matching_options(question))]
    elif question.kind == QuestionKind.NUMERICAL:
        parts.append(f'<p class="choice">{"_" * 18}</p>')
    return f'<div class="q" id="q{number}">{"".join(parts)}</div>'


def _choice_line(letter: str, text: str) -> str:
    return f'<p class="choice">{BOX}&#160; <span class="letter">{letter}</span>&#160; {escape(text)}</p>'


def _rule_count(points: float) -> int:
    """Three lines a point, between three and fifteen: room for the answer a question is worth."""
    return max(3, min(15, round(3 * points)))


def _key_block(number: int, question: Question) -> str:
    """One question as the teacher marks it: the answer, what else counts, and where it is found."""
    text = escape(question.text)
    if question.kind == QuestionKind.CLOZE:
        text = text.replace(escape(GAP), f'<span class="filled">{escape(question.reference_answer or "")}</span>')
    parts = [_stem(number, question, text), _answer_line(question)]
    if also_accepted(question):
        parts.append(f'<p class="detail">Also accepted: {escape(", ".join(also_accepted(question)))}</p>')
    if question.feedback:
        parts.append(f'<p class="detail">Note: {escape(question.feedback)}</p>')
    source = " \u2014 ".join(filter(None, [describe_source(question.source), _quoted(question.source.quote)]))
    if source:
        parts.append(f'<p class="detail">Source: {escape(source)}</p>')
    return f'<div class="q" id="q{number}">{"".join(parts)}</div>'


def _quoted(quote: str | None) -> str:
    return f"\u201c{quote}\u201d" if quote else ""


def _answer_line(question: Question) -> str:
    if question.kind == QuestionKind.MULTIPLE_CHOICE:
        answer = "; ".join(
            f"{LETTERS[index]}\u2002{choice.text}" for index, choice in enumerate(question.choices) if choice.correct
        )
    elif question.kind == QuestionKind.TRUE_FALSE:
        answer = (question.reference_answer or "").capitalize()
    else:
        answer = question.reference_answer or "\u2014"
    return f'<p class="answer"><span class="label">Answer:</span>&#160; {escape(answer)}</p>'


@cache
def _fonts() -> pymupdf.Archive:
    archive = pymupdf.Archive()
    for code, file_name in FONT_FILES.items():
        archive.add(pymupdf.Font(code).buffer, file_name)
    return archive


def _height(html: str) -> float:
    """How tall a piece of the document is when laid out alone at the page's width."""
    story = pymupdf.Story(html, user_css=CSS, archive=_fonts())
    _, filled = story.place(pymupdf.Rect(0, 0, CONTENT.width, 100_000))
    return pymupdf.Rect(filled).height


def _page_starts(header: str, blocks: list[str]) -> set[int]:
    """Which blocks must open a new page so that no question is cut in half.

    MuPDF breaks pages inside a block wherever it runs out of room, and ignores
    `page-break-inside: avoid`, so each block is measured and the pages are packed here.
    A block taller than a page still flows over pages; the packing goes on after it.
    """
    starts: set[int] = set()
    used = _height(header) % CONTENT.height
    for index, block in enumerate(blocks):
        height = _height(block)
        if used and used + height > CONTENT.height:
            starts.add(index)
            used = 0
        used = (used + height) % CONTENT.height
    return starts


def _render(header: str, blocks: list[str]) -> pymupdf.Document:
    starts = _page_starts(header, blocks)
    body = "".join(
        block.replace('<div class="q"', '<div class="q" style="page-break-before: always"', 1)
        if index in starts
        else block
        for index, block in enumerate(blocks)
    )
    story = pymupdf.Story(header + body, user_css=CSS, archive=_fonts())
    buffer = io.BytesIO()
    writer = pymupdf.DocumentWriter(buffer)
    story.write(writer, lambda rect_number, filled: (PAGE, CONTENT, None))
    writer.close()
    return pymupdf.open("pdf", buffer.getvalue())


def _add_footers(document: pymupdf.Document, title: str) -> None:
    """Put the title and "Page n of m" under every page; the count is known only after layout."""
    font = pymupdf.Font("ubuntu")
    baseline = PAGE.height - MARGIN + 4
    for page in document:
        number = f"Page {page.number + 1} of {document.page_count}"
        writer = pymupdf.TextWriter(page.rect, color=(0.4, 0.4, 0.4))
        room = CONTENT.width - font.text_length(number, FOOTER_SIZE) - 24
        writer.append((MARGIN, baseline), _shorten(title, font, room), font=font, fontsize=FOOTER_SIZE)
        right = PAGE.width - MARGIN - font.text_length(number, FOOTER_SIZE)
        writer.append((right, baseline), number, font=font, fontsize=FOOTER_SIZE)
        page.wrap_contents()
        writer.write_text(page)


def _shorten(text: str, font: pymupdf.Font, width: float) -> str:
    """Cut a long title with an ellipsis so that it never runs into the page number."""
    if font.text_length(text, FOOTER_SIZE) <= width:
        return text
    while text and font.text_length(text + "\u2026", FOOTER_SIZE) > width:
        text = text[:-1]
    return text.rstrip() + "\u2026"
