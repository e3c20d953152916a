"""IDEAlign triplet sets, their triplets and the odd-one-out judgments on them (see workflows/triplets.py)."""

import json
from collections.abc import Sequence
from dataclasses import dataclass

from sensemaking_desktop.store.database import Store, now


@dataclass(frozen=True)
class Triplet:
    id: int
    items: tuple[int, int, int]
    """Indexes into the set's items."""


@dataclass(frozen=True)
class TripletSet:
    id: int
    name: str
    source: str
    items: list[str]
    created_at: str
    triplets: list[Triplet]


@dataclass(frozen=True)
class TripletSetSummary:
    """A set as the list of sets shows it: how many triplets it has and how many judgments they got."""

    id: int
    name: str
    source: str
    created_at: str
    triplets: int
    judgments: int


@dataclass(frozen=True)
class OddJudgment:
    """One odd-one-out choice on a triplet: `odd` is 0, 1 or 2, a place in `items`."""

    items: tuple[int, int, int]
    odd: int


def add_set(
    store: Store, name: str, source: str, items: Sequence[str], triplets: Sequence[tuple[int, int, int]]
) -> int:
    """Store a set's items and its triplets in one transaction; the set's id."""
    with store.atomic() as db:
        row = {
            "name": name,
            "source": source,
            "items": json.dumps(list(items), ensure_ascii=False),
            "created_at": now(),
        }
        set_id = db["triplet_sets"].insert(row).last_pk
        db["triplets"].insert_all(
            {"set_id": set_id, "position": position, "first": a, "second": b, "third": c}
            for position, (a, b, c) in enumerate(triplets)
        )
    return set_id


def find_set(store: Store, set_id: int) -> TripletSet | None:
    row = next(store.db.query("SELECT * FROM triplet_sets WHERE id = ?", [set_id]), None)
    if row is None:
        return None
    triplets = [
        Triplet(t["id"], (t["first"], t["second"], t["third"]))
        for t in store.db.query("SELECT * FROM triplets WHERE set_id = ? ORDER BY position", [set_id])
    ]
    return TripletSet(row["id"], row["name"], row["source"], json.loads(row["items"]), row["created_at"], triplets)


def set_summaries(store: Store) -> list[TripletSetSummary]:
    query = (
        "SELECT triplet_sets.id, name, source, triplet_sets.created_at, COUNT(DISTINCT triplets.id) AS triplets, "
        "COUNT(triplet_judgments.id) AS judgments FROM triplet_sets "
        "LEFT JOIN triplets ON triplets.set_id = triplet_sets.id "
        "LEFT JOIN triplet_judgments ON triplet_judgments.triplet_id = triplets.id "
        "GROUP BY triplet_sets.id ORDER BY triplet_sets.id"
    )
    return [TripletSetSummary(**row) for row in store.db.query(query)]


def judged_by_person(store: Store, judge: str) -> set[int]:
    """The triplets (of any set) this person has judged."""
    rows = store.db.query("SELECT triplet_id FROM triplet_judgments WHERE judge_kind = 'person' AND judge = ?", [judge])
    return {row["triplet_id"] for row in rows}


def add_judgment(
    store: Store,
    triplet_id: int,
    *,
    judge_kind: str,
    judge: str,
    odd: int,
    reason: str | None,
    seed: int | None,
    generation_id: int | None,
) -> None:
    row = {
        "triplet_id": triplet_id,
        "judge_kind": judge_kind,
        "judge": judge,
        "odd": odd,
        "reason": reason,
        "seed": seed,
        "generation_id": generation_id,
        "created_at": now(),
    }
    with store.atomic() as db:
        db["triplet_judgments"].insert(row)


def judgments_on(store: Store, set_id: int, judge_kind: str) -> list[OddJudgment]:
    """Every judgment of one kind (people's, or models') on the set's triplets."""
    rows = store.db.query(
        "SELECT first, second, third, odd FROM triplet_judgments JOIN triplets ON triplets.id = triplet_id "
        "WHERE set_id = ? AND judge_kind = ?",
        [set_id, judge_kind],
    )
    return [OddJudgment((row["first"], row["second"], row["third"]), row["odd"]) for row in rows]
