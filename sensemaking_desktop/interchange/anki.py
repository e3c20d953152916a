"""Anki decks: a quiz as an .apkg to review with spaced repetition.

Every id is derived from a hash rather than drawn at random, so exporting the same quiz again
and importing it updates the notes already in Anki instead of adding a second copy: the note
type's id is fixed, the deck's follows the quiz title, and each note's GUID follows the quiz title
and the question text.

All kinds share one note type, cloze included. Anki's built-in Cloze type would need a second
note type with the Evidence, Source and Kind fields repeated, and its strength (several cards from
one text) goes unused because a quiz's cloze has exactly one gap; one note type keeps every card
looking alike and lets the browser sort and search all of them by the same fields.
"""

import hashlib
from html import escape
from pathlib import Path

import genanki

from sensemaking_desktop.interchange.common import also_accepted
from sensemaking_desktop.interchange.errors import InterchangeError
from sensemaking_desktop.interchange.printable import LETTERS, describe_source
from sensemaking_desktop.quizzes.model import GAP, Question, QuestionKind, Quiz

NOTE_TYPE_NAME = "Sensemaking Desktop question"
FIELDS = ["Question", "Answer", "Choices", "Evidence", "Source", "Kind"]
KIND_LABELS = {
    QuestionKind.OPEN: "Open question",
    QuestionKind.MULTIPLE_CHOICE: "Multiple choice",
    QuestionKind.TRUE_FALSE: "True or false",
    QuestionKind.CLOZE: "Fill the gap",
    QuestionKind.NUMERICAL: "Number",
    QuestionKind.MATCHING: "Matching",
}

FRONT = """<div class="kind">{{Kind}}</div>
<div class="question">{{Question}}</div>
{{#Choices}}<div class="choices">{{Choices}}</div>{{/Choices}}"""

BACK = """{{FrontSide}}
<hr id="answer">
<div class="answer">{{Answer}}</div>
{{#Evidence}}<blockquote class="evidence">{{Evidence}}</blockquote>{{/Evidence}}
{{#Source}}<div class="source">Source: {{Source}}</div>{{/Source}}"""

CSS = """.card {
  --text: #1f2328; --muted: #59636e; --accent: #0a5cb8; --rule: #d0d7de; --quote: #f3f5f7;
  font-family: "Noto Sans", system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
  font-size: 20px; line-height: 1.45; text-align: left;
  color: var(--text); background-color: #ffffff;
  max-width: 36em; margin: 0 auto; padding: 0.75em;
}
.card.nightMode, .night_mode .card {
  --text: #e6edf3; --muted: #9ea7b3; --accent: #6cb6ff; --rule: #3d444d; --quote: #262c33;
  background-color: #1c1f24;
}
.kind { color: var(--muted); font-size: 0.7em; text-transform: uppercase; letter-spacing: 0.08em; }
.question { margin: 0.4em 0 0.8em; }
.gap { color: var(--accent); font-weight: 600; }
.choices .choice { margin: 0.25em 0; }
.choices .letter { font-weight: 700; margin-right: 0.5em; }
.prompt { color: var(--muted); font-style: italic; }
hr#answer { border: none; border-top: 1px solid var(--rule); margin: 1em 0; }
.answer { font-weight: 600; }
.answer b { color: var(--accent); }
.also, .feedback { font-weight: 400; color: var(--muted); font-size: 0.85em; margin-top: 0.4em; }
.evidence {
  margin: 1em 0 0; padding: 0.5em 0.9em; border-left: 3px solid var(--accent);
  background: var(--quote); font-style: italic;
}
.source { color: var(--muted); font-size: 0.8em; margin-top: 0.8em; }
"""


def export_anki(quiz: Quiz, target: Path) -> Path:
    """Write the quiz's questions as one Anki deck, named after the quiz, to the .apkg `target`."""
    questions = quiz.questions
    deck = genanki.Deck(_stable_id("deck", quiz.title), quiz.title)
    note_type = _note_type()
    for question, guid in zip(questions, _guids(quiz.title, questions)):
        deck.add_note(genanki.Note(model=note_type, fields=_fields(question), guid=guid, tags=[question.kind.value]))
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        genanki.Package(deck).write_to_file(str(target))
    except OSError as error:
        raise InterchangeError(f"{target}: cannot write the Anki deck ({error})") from error
    return target


def _stable_id(*parts: str) -> int:
    """An id in the range genanki recommends, the same for the same parts on every computer."""
    digest = hashlib.sha256("\x1f".join(("sensemaking-desktop", *parts)).encode()).digest()
    return (1 << 30) + int.from_bytes(digest[:8], "big") % (1 << 30)


def _note_type() -> genanki.Model:
    return genanki.Model(
        _stable_id("note type", NOTE_TYPE_NAME),
        NOTE_TYPE_NAME,
        fields=[{"name": name} for name in FIELDS],
        templates=[{"name": "Question", "qfmt": FRONT, "afmt": BACK}],
        css=CSS,
    )


def _guids(title: str, questions: list[Question]) -> list[str]:
    """One GUID per question from the quiz title and its text; a repeated text gets its count too,
    because two notes with one GUID would make Anki keep only one of them."""
    seen: dict[str, int] = {}
    guids = []
    for question in questions:
        count = seen.get(question.text, 0)
        seen[question.text] = count + 1
        guids.append(genanki.guid_for(title, question.text, *([count] if count else [])))
    return guids


def _fields(question: Question) -> list[str]:
    """The note's fields in FIELDS order, as the HTML Anki stores."""
    return [
        _front_text(question),
        _answer(question),
        _choices(question),
        escape(question.source.quote or ""),
        escape(describe_source(question.source)),
        KIND_LABELS[question.kind],
    ]


def _front_text(question: Question) -> str:
    text = escape(question.text)
    if question.kind == QuestionKind.CLOZE:
        return text.replace(escape(GAP), '<span class="gap">[\u2026]</span>')
    return text


def _choices(question: Question) -> str:
    if question.kind == QuestionKind.MULTIPLE_CHOICE:
        return "".join(
            f'<div class="choice"><span class="letter">{LETTERS[index]}</span>{escape(choice.text)}</div>'
            for index, choice in enumerate(question.choices)
        )
    if question.kind == QuestionKind.TRUE_FALSE:
        return '<div class="prompt">True or false?</div>'
    if question.kind == QuestionKind.MATCHING:
        return "".join(f'<div class="choice">{escape(pair.prompt)}</div>' for pair in question.prompts)
    return ""


def _answer(question: Question) -> str:
    reference = escape(question.reference_answer or "")
    if question.kind == QuestionKind.MULTIPLE_CHOICE:
        answer = "<br>".join(
            f"{LETTERS[index]}\u2002{escape(choice.text)}"
            for index, choice in enumerate(question.choices)
            if choice.correct
        )
    elif question.kind == QuestionKind.TRUE_FALSE:
        answer = reference.capitalize()
    elif question.kind == QuestionKind.CLOZE:
        answer = escape(question.text).replace(escape(GAP), f"<b>{reference}</b>")
    else:
        answer = reference
    if also_accepted(question):
        answer += f'<div class="also">Also accepted: {escape(", ".join(also_accepted(question)))}</div>'
    if question.feedback:
        answer += f'<div class="feedback">{escape(question.feedback)}</div>'
    return answer
