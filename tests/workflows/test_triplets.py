"""IDEAlign triplets in the library: people's and a model's odd-one-out choices become pairwise
similarities, and automated similarities are rank-correlated with people's."""

import pytest

from sensemaking_desktop.store import Store
from sensemaking_desktop.workflows.triplets import (
    create_set,
    get_set,
    judge_with_model,
    judged_similarities,
    pending_for,
    record_judgment,
    report,
)

ITEMS = [
    "Evaporation turns liquid water into vapour when the sun heats it.",
    "The sun's heat makes water evaporate into the air as vapour.",
    "Warm sunshine turns water from lakes into water vapour.",
    "Granite is a hard rock formed from cooled magma.",
    "Magma cools slowly underground and becomes granite.",
    "Hard granite rock forms when molten magma cools.",
]
TOPIC = [0, 0, 0, 1, 1, 1]


def odd_by_topic(items: list[int]) -> int:
    for position, item in enumerate(items):
        if sum(TOPIC[other] == TOPIC[item] for other in items) == 1:
            return position
    return 0


@pytest.mark.timeout(1800)
def test_people_and_a_model_judge_and_similarities_correlate(store: Store, engine) -> None:
    set_id = create_set(store, "two topics", ITEMS, source="water and rocks", per_pair=1, seed=2)
    triplets = get_set(store, set_id)["triplets"]
    assert len(pending_for(store, set_id, "Ana")) == len(triplets)
    for triplet in triplets:
        record_judgment(store, triplet["id"], judge_kind="person", judge="Ana", odd=odd_by_topic(triplet["items"]))
    assert pending_for(store, set_id, "Ana") == []
    people = judged_similarities(store, set_id, "person")
    assert len(people) == 15
    assert people[(0, 1)] > people[(0, 3)]

    small = create_set(store, "model sample", ITEMS, budget=1, seed=2)
    assert judge_with_model(store, engine, small, seeds=(1, 2)) == 2
    rows = list(
        store.db.query(
            "SELECT judge_kind, judge, seed, generation_id FROM triplet_judgments "
            "JOIN triplets ON triplets.id = triplet_id WHERE set_id = ?",
            [small],
        )
    )
    assert {row["judge_kind"] for row in rows} == {"model"} and {row["seed"] for row in rows} == {1, 2}
    assert all(row["generation_id"] for row in rows)
    assert judged_similarities(store, small, "model")

    result = report(store, set_id)
    correlations = result["correlations"]
    assert correlations["embedding_cosine"]["pairs"] == 15
    assert correlations["embedding_cosine"]["spearman"] > 0.5
    assert correlations["rouge_l"]["spearman"] is not None
    assert correlations["model_judgments"] == {"spearman": None, "pairs": 0}
