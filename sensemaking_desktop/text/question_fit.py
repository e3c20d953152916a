"""Does an answer address the question asked? Checks that need no reference answer.

- novelty: the share of the answer's distinct content stems that the question does not hold.
  The question echoed back ("The role of a prototype program in problem solving.") has none;
  any real answer adds something.
- answer type: "how many" wants a number, "when" a time, "who" a person, "why" a reason. An
  answer of the wrong type ("Paris" to "When ...?") does not answer, however close in topic.
  Only short answers (at most SHORT_ANSWER_WORDS words) are typed: a longer one usually says
  more than the bare fact and can hold it anywhere.
"""

import re

from sensemaking_desktop.text.content import content_stems, words

SHORT_ANSWER_WORDS = 6
_TYPES = (
    (
        "number",
        r"\bhow (many|much|long|old|far|big|large|often|tall|high)\b|\bwhat (number|percentage|amount)\b"
        r"|\bwie (viele?|lange|alt|oft|weit|groß|hoch)\b",
    ),
    ("time", r"^\s*(when|wann)\b|\b(what|which|in what|in which) (year|century|decade|date|time|day|month)\b"),
    ("person", r"^\s*(who|whom|whose|wer|wem|wen)\b"),
    ("reason", r"^\s*(why|warum|wieso|weshalb)\b"),
)
_NUMBER_WORDS = frozenset(
    """zero one two three four five six seven eight nine ten eleven twelve thirteen fifteen twenty thirty
    forty fifty hundred hundreds thousand thousands million millions billion half dozen several few many
    once twice null eins zwei drei vier fünf sechs sieben acht neun zehn hundert tausend million""".split()
)
_TIME_WORDS = frozenset(
    """january february march april may june july august september october november december spring summer
    autumn fall winter century centuries decade decades year years bc ad bce ce before after during since
    until ago early late morning evening night today yesterday age era""".split()
)
_REASON_WORDS = frozenset("because since so due as to therefore thus weil da damit um denn deshalb".split())


def novelty(answer: str, question: str) -> float | None:
    """Share of the answer's distinct content stems absent from the question; None for no content."""
    said = set(content_stems(answer))
    if not said:
        return None
    return len(said - set(content_stems(question))) / len(said)


def expected_type(question: str) -> str | None:
    """What kind of answer the question asks for, when its wording says so."""
    for name, pattern in _TYPES:
        if re.search(pattern, question, re.IGNORECASE):
            return name
    return None


def type_fits(answer: str, question: str) -> bool | None:
    """Whether a short answer is of the type the question asks for; None: not typed or not short."""
    wanted = expected_type(question)
    found = words(answer)
    if wanted is None or not found or len(found) > SHORT_ANSWER_WORDS:
        return None
    if wanted == "number":
        return any(word.isdigit() or word in _NUMBER_WORDS for word in found) or bool(re.search(r"\d", answer))
    if wanted == "time":
        return bool(re.search(r"\d", answer)) or any(word in _TIME_WORDS for word in found)
    if wanted == "person":
        return any(part[:1].isupper() for part in answer.split()) or len(found) > 1
    return any(word in _REASON_WORDS for word in found) or len(found) >= 3
