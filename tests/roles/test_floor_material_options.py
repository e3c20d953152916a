"""A section's multiple choice takes its options from the whole material (issue 45: multiple choice
was 2 of 60 items on final-4, as one section seldom names three things of the key's kind): a
section naming one country of refuge gets a cloze alone, and the three countries the other
sections name in the same place as options; none of them is also right, and the item is written
from the section's own sentence."""

from sensemaking_desktop.quizzes.model import QuestionKind
from sensemaking_desktop.roles.floor import floor_items
from sensemaking_desktop.text.embeddings import default_embedder

SECTION = (
    "Thousands of Huguenot families later fled to Prussia, where the elector offered them land and freedom of worship."
)
OTHERS = (
    "Many Huguenot craftsmen fled to England and settled in the East End of London. "
    "Hundreds of Huguenot soldiers fled to Switzerland and served in the armies of the Protestant cantons. "
    "Several hundred Huguenot farmers fled to Ireland and founded linen mills in the north of the island."
)


def test_a_section_takes_its_options_from_the_whole_material() -> None:
    alone = floor_items(SECTION, [QuestionKind.MULTIPLE_CHOICE], 1, default_embedder())
    assert [item.kind for item in alone] == [QuestionKind.CLOZE], "three other places are not in the section"
    [item] = floor_items(SECTION, [QuestionKind.MULTIPLE_CHOICE], 1, default_embedder(), whole=f"{SECTION}\n\n{OTHERS}")
    assert item.kind == QuestionKind.MULTIPLE_CHOICE and item.reference_answer == "Prussia"
    assert {choice.text for choice in item.choices} == {"Prussia", "England", "Switzerland", "Ireland"}
    assert [choice.text for choice in item.choices if choice.correct] == ["Prussia"]
    assert item.source.quote == SECTION
