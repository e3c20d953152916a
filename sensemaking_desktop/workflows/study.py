"""Study modes for a named student, offline: a timed test and spaced repetition.

A timed test is a self-test attempt (mode "timed") over the quiz's questions in a shuffled
order with shuffled choices; the time limit is the asker's to keep, and nothing is shown until
the end. Practice with immediate feedback is the self-test's one-by-one mode.

Spaced repetition uses the FSRS scheduler (the `fsrs` library): every question a person
missed in an attempt (graded below PASS_SCORE) becomes a card due at once; each review rates
the recall (Again, Hard, Good, Easy) and FSRS sets the next due time. The review queue is the
cards due now; the deck counts also say how many more fall due later today.
"""

from dataclasses import dataclass
from datetime import UTC, datetime, time, timedelta

from fsrs import Card, Rating, Scheduler

from sensemaking_desktop.errors import SensemakingError
from sensemaking_desktop.quizzes.model import Question
from sensemaking_desktop.quizzes.shuffle import shuffled
from sensemaking_desktop.store import Store
from sensemaking_desktop.store.answers import add_run, get_run
from sensemaking_desktop.store.quizzes import get_question
from sensemaking_desktop.store.review import (
    DeckCount,
    StoredCard,
    add_card,
    cards_due,
    deck_counts,
    get_card,
    update_card,
)
from sensemaking_desktop.workflows.selftest import attempt_questions, exact_grade

TIMED = "timed"
PASS_SCORE = 50.0
"""An answer graded below this counts as missed and goes into the person's review deck."""
RATINGS = (Rating.Again, Rating.Hard, Rating.Good, Rating.Easy)


@dataclass(frozen=True)
class TimedTest:
    run_id: int
    questions: list[Question]
    """Shuffled, with shuffled choices; record answers to these, so a letter names the choice shown."""
    limit_s: float

    def time_left(self, elapsed_s: float) -> float:
        return max(0.0, self.limit_s - elapsed_s)


@dataclass(frozen=True)
class ReviewCard:
    id: int
    question: Question
    quiz_title: str
    material_title: str | None
    due: datetime
    reviews: int


def start_timed_test(store: Store, quiz_id: int, name: str, limit_s: float, seed: int | str) -> TimedTest:
    """A timed attempt on a quiz; the same seed gives the same order (a retake can use a new one)."""
    if not name.strip():
        raise SensemakingError("Give a name for the person taking the test.")
    if limit_s <= 0:
        raise SensemakingError("A timed test needs a time limit above zero.")
    questions = attempt_questions(store, quiz_id)
    if not questions:
        raise SensemakingError(f"Quiz {quiz_id} has no questions to answer.")
    with store.atomic() as db:
        run_id = add_run(db, quiz_id, "person", name.strip(), TIMED)
    return TimedTest(run_id, shuffled(questions, seed), limit_s)


def collect_missed(store: Store, run_id: int, at: datetime | None = None) -> int:
    """Put every question the attempt's person missed into their deck, due at once; how many
    cards are new (a question already in the deck keeps its schedule)."""
    run = get_run(store, run_id)
    missed = [a.question_id for a in run.answers if a.grade is not None and a.grade.score < PASS_SCORE]
    when = at or datetime.now(UTC)
    added = 0
    with store.atomic() as db:
        for question_id in missed:
            card = Card(due=when)
            added += add_card(db, run.run.label, question_id, card.to_json(), when)
    return added


def review_queue(
    store: Store, person: str, material_id: int | None = None, at: datetime | None = None
) -> list[ReviewCard]:
    """The person's cards due now (on one material, or all), the most overdue first."""
    due = cards_due(store, person.strip(), at or datetime.now(UTC), material_id)
    return [_review_card(store, card) for card in due]


def deck(store: Store, person: str, at: datetime | None = None) -> list[DeckCount]:
    """Per material: cards due now, due by the end of the local day, and all of them."""
    moment = at or datetime.now(UTC)
    local = moment.astimezone()
    end_of_day = datetime.combine(local.date() + timedelta(days=1), time(0), tzinfo=local.tzinfo)
    return deck_counts(store, person.strip(), moment, end_of_day)


def suggested_rating(question: Question, answer: str) -> Rating | None:
    """Good for a right closed answer, Again for a wrong one; None for an open question, where
    the person compares their answer with the reference and rates it."""
    grade = exact_grade(question, answer)
    if grade is None:
        return None
    return Rating.Good if grade[0] == 100 else Rating.Again


def review(store: Store, card_id: int, rating: Rating, at: datetime | None = None) -> datetime:
    """Record one review with FSRS; returns when the card is due next."""
    stored = get_card(store, card_id)
    card, _log = Scheduler().review_card(Card.from_json(stored.card), rating, at or datetime.now(UTC))
    with store.atomic() as db:
        update_card(db, card_id, card.to_json(), card.due, int(rating))
    return card.due


def _review_card(store: Store, stored: StoredCard) -> ReviewCard:
    _quiz_id, question = get_question(store, stored.question_id)
    return ReviewCard(stored.id, question, stored.quiz_title, stored.material_title, stored.due, stored.reviews)
