"""A teach job says it fell short only when the quiz has fewer questions than were asked (issue 46,
fresh run 3): 'teach 1 --count 2' on the five-section sample kept 10 and still said 'some sections
ran out of passages before the count was met', a long section having made up a short one's."""

from sensemaking_desktop.workflows.job_outcomes import TeachOutcome


def _section(kept: int, requested: int | None, exhausted: bool) -> dict:
    fields = {"kept": kept, "exhausted": exhausted, "failures": []}
    return fields | ({"requested": requested} if requested is not None else {})


def _outcome(*sections: dict) -> TeachOutcome:
    return TeachOutcome.of([{"result": section} for section in sections])


def test_a_quiz_that_kept_what_was_asked_is_not_short() -> None:
    """`requested` is the teacher's count per section; a section's share may be more or less."""
    assert not _outcome(_section(3, 2, False), _section(1, 2, True)).exhausted
    assert _outcome(_section(2, 2, False), _section(1, 2, True)).exhausted


def test_results_stored_before_the_count_was_kept_read_as_before() -> None:
    assert _outcome(_section(3, None, False), _section(1, None, True)).exhausted
    assert not _outcome(_section(2, None, False)).exhausted
