"""A quiz whose text every format must escape or keep, shared by the round-trip tests."""

from sensemaking_desktop.quizzes.model import GAP, Choice, Question, QuestionKind, Quiz, Source

HARD = "Ü č Привіт <b>x</b> & {y} = \"q\" 'a', ~#:\\ / | *"
"""Markup, ampersands, GIFT's reserved characters, quotes, CSV separators and three alphabets."""


def hard_quiz() -> Quiz:
    return Quiz(
        title=f"Title/with slash {HARD}",
        questions=[
            Question(kind=QuestionKind.OPEN, text=f"Line one {HARD}\nline two", reference_answer=HARD, points=3.5),
            Question(
                kind=QuestionKind.MULTIPLE_CHOICE,
                text=f"Which? {HARD}",
                reference_answer=f"A {HARD}; B",
                choices=[
                    Choice(text=f"A {HARD}", correct=True, feedback=HARD),
                    Choice(text="B", correct=True),
                    Choice(text="C <wrong>"),
                ],
                feedback=f"Because {HARD}",
                source=Source(start_page=4, end_page=6, start_s=1.25, end_s=9.0, quote=f"“{HARD}”"),
            ),
            Question(kind=QuestionKind.TRUE_FALSE, text=HARD, reference_answer="false", source=Source(quote="q")),
            Question(
                kind=QuestionKind.CLOZE, text=f"{HARD} {GAP} & <end>", reference_answer="Über", accepted=["č & < {"]
            ),
        ],
    )


def place(source: Source) -> tuple:
    """A source as the XML and GIFT formats carry it: a page or time without an end ends where it starts."""
    end_page = source.end_page if source.end_page is not None else source.start_page
    end_s = source.end_s if source.end_s is not None else source.start_s
    return source.start_page, end_page, source.start_s, end_s, source.quote


def carried(quiz: Quiz, *, points: bool = True) -> tuple:
    """What Moodle XML and QTI carry (GIFT too, less the points): everything but ids, status,
    verification and the source's section and span."""
    return (
        quiz.title,
        [
            (
                question.kind,
                question.text,
                question.reference_answer,
                [choice.model_dump() for choice in question.choices],
                question.accepted,
                question.feedback,
                *((question.points,) if points else ()),
                place(question.source),
            )
            for question in quiz.questions
        ],
    )
