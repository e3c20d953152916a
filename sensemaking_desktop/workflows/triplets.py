"""IDEAlign triplets in the library: sets of free-text items on one source, their triplets,
and odd-one-out judgments from people and from a model, each stored with who made it.

The sampling and the aggregation are pure (metrics/idealign.py); here they meet the store
and the models. A model judges a triplet several times with different seeds (the judge's
own spread stands in for a panel), and its judgments aggregate like people's. `report` gives
the Spearman correlation of people's pairwise similarities with the model's and with two
automated measures (embedding cosine, symmetric ROUGE-L recall).
"""

from collections.abc import Callable, Sequence
from dataclasses import asdict
from typing import Any, Literal

from pydantic import BaseModel, Field

from sensemaking_desktop.cancel import NEVER, CancelToken
from sensemaking_desktop.errors import SensemakingError
from sensemaking_desktop.llm.backend import ChatBackend, Sampling
from sensemaking_desktop.llm.prompts import load_template
from sensemaking_desktop.llm.structured import structured
from sensemaking_desktop.metrics.idealign import (
    Judgment,
    Pair,
    pair,
    pair_similarities,
    rank_agreement,
    sample_triplets,
)
from sensemaking_desktop.store import Store
from sensemaking_desktop.store.triplets import (
    add_judgment,
    add_set,
    find_set,
    judged_by_person,
    judgments_on,
    set_summaries,
)
from sensemaking_desktop.text.embeddings import Embedder, default_embedder
from sensemaking_desktop.text.rouge import rouge_l_recall

TEMPLATE = "triplet_odd_one_out"
SEEDS = (1, 2, 3)
TEMPERATURE = 0.7
"""Above 0, so that the judge's samples with different seeds can differ."""


class OddOneOut(BaseModel):
    reason: str = Field(max_length=200)
    odd: Literal[1, 2, 3]


def create_set(
    store: Store,
    name: str,
    items: Sequence[str],
    *,
    source: str = "",
    per_pair: int = 1,
    budget: int | None = None,
    seed: int = 0,
) -> int:
    """Store the items and their triplets (prioritised pair coverage); the set's id."""
    texts = [text.strip() for text in items if text.strip()]
    if len(texts) < 3:
        raise SensemakingError("A triplet set needs at least three non-empty items.")
    triplets = sample_triplets(len(texts), per_pair=per_pair, budget=budget, seed=seed)
    return add_set(store, name, source, texts, triplets)


def get_set(store: Store, set_id: int) -> dict[str, Any]:
    """{id, name, source, items, created_at, triplets: [{id, items: [a, b, c]}]}."""
    found = find_set(store, set_id)
    if found is None:
        raise SensemakingError(f"There is no triplet set {set_id}; `sensemaking triplets list` shows them.")
    triplets = [{"id": triplet.id, "items": list(triplet.items)} for triplet in found.triplets]
    return dict(asdict(found), triplets=triplets)


def list_sets(store: Store) -> list[dict[str, Any]]:
    return [asdict(summary) for summary in set_summaries(store)]


def pending_for(store: Store, set_id: int, judge: str) -> list[dict[str, Any]]:
    """The set's triplets this person has not judged yet, in order."""
    judged = judged_by_person(store, judge)
    return [t for t in get_set(store, set_id)["triplets"] if t["id"] not in judged]


def record_judgment(
    store: Store,
    triplet_id: int,
    *,
    judge_kind: str,
    judge: str,
    odd: int,
    reason: str | None = None,
    seed: int | None = None,
    generation_id: int | None = None,
) -> None:
    """Keep one odd-one-out choice (`odd` 0, 1 or 2) with who made it."""
    if odd not in (0, 1, 2):
        raise SensemakingError(f"The odd one out is 1, 2 or 3, not {odd + 1}.")
    add_judgment(
        store,
        triplet_id,
        judge_kind=judge_kind,
        judge=judge,
        odd=odd,
        reason=reason,
        seed=seed,
        generation_id=generation_id,
    )


def judge_with_model(
    store: Store,
    engine: ChatBackend,
    set_id: int,
    *,
    seeds: Sequence[int] = SEEDS,
    cancel: CancelToken = NEVER,
    on_progress: Callable[[int, int], None] | None = None,
) -> int:
    """Ask the model about every triplet once per seed; each judgment is stored as it comes."""
    triplet_set = get_set(store, set_id)
    items, triplets = triplet_set["items"], triplet_set["triplets"]
    template = load_template(TEMPLATE)
    total, done = len(triplets) * len(seeds), 0
    for triplet in triplets:
        texts = [items[index] for index in triplet["items"]]
        prompt = template.render(source=triplet_set["source"], first=texts[0], second=texts[1], third=texts[2])
        for seed in seeds:
            cancel.raise_if_cancelled()
            reply = structured(
                engine, prompt, OddOneOut, sampling=Sampling(temperature=TEMPERATURE, seed=seed), cancel=cancel
            )
            generation_id = store.record_generation(reply.generation.provenance)
            record_judgment(
                store,
                triplet["id"],
                judge_kind="model",
                judge=engine.identity.name,
                odd=reply.value.odd - 1,
                reason=reply.value.reason.strip(),
                seed=seed,
                generation_id=generation_id,
            )
            done += 1
            if on_progress:
                on_progress(done, total)
    return done


def judged_similarities(store: Store, set_id: int, judge_kind: str) -> dict[Pair, float]:
    """Pairwise similarities from all judgments of one kind (people, or models) on the set."""
    return pair_similarities([Judgment(found.items, found.odd) for found in judgments_on(store, set_id, judge_kind)])


def automated_similarities(items: Sequence[str], embedder: Embedder | None = None) -> dict[str, dict[Pair, float]]:
    """Embedding cosine and symmetric ROUGE-L recall (the mean of both directions) of every pair."""
    vectors = (embedder or default_embedder()).encode(list(items))
    cosine, rouge = {}, {}
    for a in range(len(items)):
        for b in range(a + 1, len(items)):
            cosine[pair(a, b)] = float(vectors[a] @ vectors[b])
            rouge[pair(a, b)] = (rouge_l_recall(items[a], items[b]) + rouge_l_recall(items[b], items[a])) / 2
    return {"embedding_cosine": cosine, "rouge_l": rouge}


def report(store: Store, set_id: int, embedder: Embedder | None = None) -> dict[str, Any]:
    """People's pairwise similarities and their rank correlation with each automated measure."""
    triplet_set = get_set(store, set_id)
    people = judged_similarities(store, set_id, "person")
    measures = {"model_judgments": judged_similarities(store, set_id, "model")}
    measures |= automated_similarities(triplet_set["items"], embedder)
    correlations = {}
    for name, similarity in measures.items():
        rho, pairs = rank_agreement(people, similarity)
        correlations[name] = {"spearman": rho, "pairs": pairs}
    return {
        "set": {key: triplet_set[key] for key in ("id", "name", "source")},
        "items": len(triplet_set["items"]),
        "triplets": len(triplet_set["triplets"]),
        "people_pairs": [{"pair": list(key), "similarity": value} for key, value in sorted(people.items())],
        "correlations": correlations,
    }
