"""Spaced-repetition cards in the library: one per person and question, the scheduler's state
kept as JSON beside its due time (UTC, in one fixed format so that text order is time order)."""

from dataclasses import dataclass
from datetime import UTC, datetime

import sqlite_utils

from sensemaking_desktop.store.database import Store, now

DUE_FORMAT = "%Y-%m-%dT%H:%M:%S.%f+00:00"


@dataclass(frozen=True)
class StoredCard:
    id: int
    person: str
    question_id: int
    quiz_title: str
    material_id: int | None
    material_title: str | None
    card: str
    """The scheduler's card as JSON."""
    due: datetime
    reviews: int


@dataclass(frozen=True)
class DeckCount:
    """How many of a person's cards on one material are due now, later today and in all."""

    material_id: int | None
    material_title: str | None
    due_now: int
    due_today: int
    cards: int


def due_text(moment: datetime) -> str:
    return moment.astimezone(UTC).strftime(DUE_FORMAT)


def add_card(db: sqlite_utils.Database, person: str, question_id: int, card: str, due: datetime) -> bool:
    """A new card, unless the person has one for this question already; whether it was added."""
    cursor = db.execute(
        "INSERT OR IGNORE INTO review_cards (person, question_id, card, due, created_at) VALUES (?, ?, ?, ?, ?)",
        [person, question_id, card, due_text(due), now()],
    )
    return cursor.rowcount > 0


def update_card(db: sqlite_utils.Database, card_id: int, card: str, due: datetime, rating: int) -> None:
    db.execute(
        "UPDATE review_cards SET card = ?, due = ?, last_rating = ?, reviews = reviews + 1 WHERE id = ?",
        [card, due_text(due), rating, card_id],
    )


_CARDS_SQL = """
SELECT review_cards.*, quizzes.title AS quiz_title, quizzes.material_id, materials.title AS material_title
FROM review_cards
JOIN questions ON questions.id = review_cards.question_id
JOIN quizzes ON quizzes.id = questions.quiz_id
LEFT JOIN materials ON materials.id = quizzes.material_id
"""


def cards_due(store: Store, person: str, before: datetime, material_id: int | None = None) -> list[StoredCard]:
    """A person's cards due before `before` (on one material, or all), the most overdue first."""
    where = "WHERE review_cards.person = ? AND review_cards.due <= ?"
    values: list[object] = [person, due_text(before)]
    if material_id is not None:
        where += " AND quizzes.material_id = ?"
        values.append(material_id)
    rows = store.db.query(f"{_CARDS_SQL} {where} ORDER BY review_cards.due, review_cards.id", values)
    return [_card(row) for row in rows]


def get_card(store: Store, card_id: int) -> StoredCard:
    (row,) = store.db.query(f"{_CARDS_SQL} WHERE review_cards.id = ?", [card_id])
    return _card(row)


def deck_counts(store: Store, person: str, at: datetime, end_of_day: datetime) -> list[DeckCount]:
    """Per material: the person's cards due at `at`, due by `end_of_day`, and all of them."""
    rows = store.db.query(
        """
        SELECT quizzes.material_id, materials.title AS material_title,
               SUM(review_cards.due <= ?) AS due_now, SUM(review_cards.due <= ?) AS due_today,
               COUNT(*) AS cards
        FROM review_cards
        JOIN questions ON questions.id = review_cards.question_id
        JOIN quizzes ON quizzes.id = questions.quiz_id
        LEFT JOIN materials ON materials.id = quizzes.material_id
        WHERE review_cards.person = ?
        GROUP BY quizzes.material_id ORDER BY materials.title
        """,
        [due_text(at), due_text(end_of_day), person],
    )
    return [
        DeckCount(row["material_id"], row["material_title"], row["due_now"], row["due_today"], row["cards"])
        for row in rows
    ]


def _card(row: dict) -> StoredCard:
    return StoredCard(
        id=row["id"],
        person=row["person"],
        question_id=row["question_id"],
        quiz_title=row["quiz_title"],
        material_id=row["material_id"],
        material_title=row["material_title"],
        card=row["card"],
        due=datetime.strptime(row["due"], DUE_FORMAT).replace(tzinfo=UTC),
        reviews=row["reviews"],
    )
