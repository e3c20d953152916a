"""A stored material and a quiz of every kind whose questions point at their spans, for self-test tests."""

from sensemaking_desktop.quizzes.model import GAP, Choice, Question, QuestionKind, Quiz, Source
from sensemaking_desktop.store import Store
from sensemaking_desktop.store.materials import add_material, sections_of
from sensemaking_desktop.store.quizzes import add_quiz

SECTION = (
    "When water evaporates, the salt is left behind. Only pure water rises into the air. "
    "The change of water vapour from gas to liquid is called condensation. "
    "About 97 percent of Earth's water is salt water in the oceans. "
    "A layer of rock that holds a lot of groundwater is called an aquifer."
)


def span(text: str) -> tuple[int, int]:
    start = SECTION.index(text)
    return start, start + len(text)


def stored_selftest_quiz(store: Store) -> tuple[int, int]:
    """(material id, quiz id): open, multiple-choice (B right), true/false (true), cloze (aquifer)."""
    with store.atomic() as db:
        material_id = add_material(db, {"title": "Water", "kind": "text"}, [{"title": "Cycle", "text": SECTION}])
    section_id = sections_of(store, material_id)[0].id

    def source(text: str) -> Source:
        start, end = span(text)
        return Source(section_id=section_id, span_start=start, span_end=end)

    questions = [
        Question(
            kind=QuestionKind.OPEN,
            text="Why is rain fresh water?",
            reference_answer="The salt is left behind when water evaporates.",
            source=source("When water evaporates, the salt is left behind."),
        ),
        Question(
            kind=QuestionKind.MULTIPLE_CHOICE,
            text="What is the change of water vapour from gas to liquid called?",
            reference_answer="Condensation",
            choices=[Choice(text="Evaporation"), Choice(text="Condensation", correct=True), Choice(text="Runoff")],
            source=source("The change of water vapour from gas to liquid is called condensation."),
        ),
        Question(
            kind=QuestionKind.TRUE_FALSE,
            text="About 97 percent of Earth's water is salt water.",
            reference_answer="true",
            source=source("About 97 percent of Earth's water is salt water in the oceans."),
        ),
        Question(
            kind=QuestionKind.CLOZE,
            text=f"A layer of rock that holds a lot of groundwater is called an {GAP}.",
            reference_answer="aquifer",
            accepted=["aquifers"],
            source=source("A layer of rock that holds a lot of groundwater is called an aquifer."),
        ),
    ]
    with store.atomic() as db:
        quiz_id = add_quiz(db, Quiz(material_id=material_id, title="Water quiz", questions=questions))
    return material_id, quiz_id
