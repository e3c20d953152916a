"""The faults of the fourth December reading (docs/teacher-student.md, set final-4), each from a
real sentence of that set's texts (SQuAD 2.0 dev): the fault is refused, and a good key of the
same sentence is kept. Ranges turned round by a changed number: tests/roles/test_floor_second_reading.py."""

from sensemaking_desktop.roles.floor_sentences import sentence_choices
from sensemaking_desktop.roles.floor_terms import candidates
from sensemaking_desktop.text.embeddings import default_embedder

MATERIAL = (
    "So, in a 2009 case, Commission v Italy, the Court of Justice held that an Italian law prohibiting "
    "motorcycles or mopeds pulling trailers infringed article 34. "
    "In front of the Presiding Officers' desk is the parliamentary mace, which is made from silver and inlaid "
    "with gold panned from Scottish rivers."
)


def test_a_demonym_beside_its_country_and_a_possessive_are_no_keys() -> None:
    keys = {candidate.term.text for candidate in candidates(MATERIAL, default_embedder(), "en")[0]}
    assert "Italian" not in keys and "Presiding Officers'" not in keys
    assert {"Scottish", "Italy", "parliamentary mace"} <= keys, keys


def test_a_pronoun_after_a_participle_opening_points_back_and_a_name_after_a_preposition_is_no_heading() -> None:
    """From final-4's Huguenot and Ukrainian diversity texts: "it" after "Long integrated into
    Australian society," stands for the Huguenots of the sentence before, and the cloze made of
    "В Україні поширений …" lost its "В" as if it were a heading run into the sentence."""
    huguenot = (
        "Long integrated into Australian society, it is encouraged by the Huguenot Society of Australia. "
        "Born in Paris in 1685, he moved to London with his family. "
        "Founded in 1885, the Huguenot Society of London publishes a journal. "
        "Once the Huguenots arrived, they built churches in the new colony."
    )
    refused = {sentence.text: reason for sentence, reason in sentence_choices(huguenot, "en")}
    assert refused["Long integrated into Australian society, it is encouraged by the Huguenot Society of Australia."]
    assert refused["Born in Paris in 1685, he moved to London with his family."] == "leans"
    assert refused["Founded in 1885, the Huguenot Society of London publishes a journal."] is None
    assert refused["Once the Huguenots arrived, they built churches in the new colony."] is None
    cranes = "Зимують у Південній Азії та Африці. В Україні поширений сірий журавель і журавель малий, або степовий."
    kept = [sentence.text for sentence, reason in sentence_choices(cranes, "uk") if reason is None]
    assert kept == ["В Україні поширений сірий журавель і журавель малий, або степовий."], kept


def test_a_thing_named_as_the_one_just_introduced_points_back() -> None:
    """From final-4's Force text: "the vehicle" and "the system" stand for "a moving vehicle" and
    "a closed system" of the sentence before; a sentence that introduces its own ("a cloud … the
    cloud", "a vehicle … the vehicle") stays."""
    force = (
        "While traveling in a moving vehicle at a constant velocity, the laws of physics do not change. "
        "A person can throw a ball straight up in the air and catch it without applying a force in the direction "
        "the vehicle is moving. "
        "Water vapour rises into the air and forms a cloud, and the cloud releases rain over the hills. "
        "The speed of a vehicle is measured relative to the road, and the vehicle moves with its driver."
    )
    refused = {sentence.text: reason for sentence, reason in sentence_choices(force, "en")}
    assert refused[next(text for text in refused if text.startswith("A person can throw"))] == "leans"
    assert (
        refused["Water vapour rises into the air and forms a cloud, and the cloud releases rain over the hills."]
        is None
    )
    assert (
        refused["The speed of a vehicle is measured relative to the road, and the vehicle moves with its driver."]
        is None
    )
