"""The faults of the fourth December reading (docs/teacher-student.md, set final-4), each from a
real sentence of that set's texts (SQuAD 2.0 dev): the fault is refused, and a good key of the
same sentence is kept. Ranges turned round by a changed number: tests/roles/test_floor_second_reading.py."""

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
