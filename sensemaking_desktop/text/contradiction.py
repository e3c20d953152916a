"""Does a claim contradict a statement about the same thing? A rule, not a model.

The embedding model places "A stack is not a LIFO structure" right next to "A stack is a LIFO
structure", and the NLI model shipped with the app (`text.cross_encoder.nli_model`) knows
English only. So for other languages, and for the Student's and the answer groups' checks, a
contradiction is found the way a reader spots one between two sentences about the same thing
(`about_same`: the two share most of their content words), and then

- a negation ("not", "never", "n't", "kein", ...) in one denies shared words the other
  affirms (a word said both inside and outside a negation is not denied), or
- one holds a word whose opposite the other holds ("increase"/"decrease", "LIFO"/"FIFO"), or
- both give numbers and no number agrees.

A negation and an opposite word together cancel: "cannot be used outside the function" says
what "can only be used inside it" says (on Mohler 2011, right answers were shut out for it).

"About the same thing" is measured on content stems: at least MIN_SHARED of them shared, making
up at least SAME_CLAIM of the claim's and SAME_STATEMENT of the statement's. A claim about
something else is no contradiction whatever its polarity, so a correct answer that happens to
say "not" about another detail is left alone. For the same reason a negation counts only where
it bears on a word the two share: "TCP has these fields" does not contradict "Fields in the TCP
header and not the UDP header", whose "not" is about UDP. A negation bears on the words after
it up to the next one, or, when none follow (German puts "nicht" last), on the words before.
"Not impossible" is left to the opposites, as "impossible" is not a negation word.
On SAF's fitting half, 19 answers graded correct by people were shut out by a "not" that was
about something else, or by one statement of a list while another said the same as the answer;
`agrees` finds the latter, so a reference that lists both is not read as contradicting itself.
"""

import functools
import re
from dataclasses import dataclass

from sensemaking_desktop.text.content import content_stems, stem, words

NEGATIONS = frozenset(
    """
    not no never none nothing nobody nowhere neither nor cannot without can't don't doesn't didn't isn't
    aren't wasn't weren't won't wouldn't shouldn't couldn't hasn't haven't hadn't mustn't needn't
    nicht kein keine keinen keinem keiner keines nie niemals nichts ohne weder
    """.split()
)
_OPPOSITES = """
increase decrease, rise fall, grow shrink, more less, larger smaller, bigger smaller, higher lower,
faster slower, greater smaller, longer shorter, first last, before after, top bottom, maximum minimum,
max min, always never, all none, true false, correct incorrect, possible impossible, inside outside,
input output, lifo fifo, add remove, insert delete, open closed, start end, begin end, above below,
left right, positive negative, static dynamic, sorted unsorted, same different, public private,
synchronous asynchronous, strong weak, hot cold, heavy light, gain lose, accept reject, allow prevent,
include exclude, internal external, local global, upper lower, early late, short long, small large,
few many, enable disable, valid invalid, success failure, efficient inefficient, stable unstable,
visible invisible, dependent independent, mehr weniger, größer kleiner, höher niedriger, erste letzte,
immer nie, richtig falsch, schneller langsamer, steigt sinkt
"""
OPPOSITE: dict[str, str] = {}
for _pair in _OPPOSITES.split(","):
    _left, _right = _pair.split()
    OPPOSITE[stem(_left)] = stem(_right)
    OPPOSITE[stem(_right)] = stem(_left)
MIN_SHARED = 2
SAME_CLAIM = 0.6
SAME_STATEMENT = 0.3
_NUMBER = re.compile(r"\d+(?:[.,]\d+)?")


@dataclass(frozen=True)
class Conflict:
    """How a claim contradicts a statement, in words a student can read."""

    claim: str
    statement: str
    why: str


def about_same(claim: str, statement: str) -> bool:
    """Whether `claim` and `statement` speak of the same thing (MIN_SHARED, SAME_CLAIM and
    SAME_STATEMENT, besides any opposite words): only then can one contradict the other. The
    Evaluator also uses it to choose the statements the NLI model compares a claim with."""
    return _same(claim, statement) is not None


def conflict(claim: str, statement: str) -> Conflict | None:
    """The contradiction between `claim` and `statement`, or None when they agree or are about
    different things."""
    same = _same(claim, statement)
    if same is None:
        return None
    shared, opposed = same
    denied = _denied(_parts(claim)[0], _parts(statement)[0], shared, opposed)
    if denied and not opposed:
        return Conflict(claim, statement, "one says the opposite of the other (negation)")
    if opposed and not denied:
        word, other = next(iter(opposed.items()))
        return Conflict(claim, statement, f'"{word}" where the other says "{other}"')
    if _numbers_differ(claim, statement):
        return Conflict(claim, statement, "the numbers differ")
    return None


def agrees(claim: str, statement: str) -> bool:
    """Whether `statement` says what `claim` says: most of the claim's content stems are in it,
    with the same negation bearing on them and no opposite word (or both, which cancel), and no
    other number. A statement may say more (a reference that lists several points agrees with an
    answer naming one)."""
    claim_words, claim_stems = _parts(claim)
    statement_words, statement_stems = _parts(statement)
    opposed = _opposed(claim_stems, statement_stems)
    shared = (claim_stems & statement_stems) - set(opposed)
    if len(shared) < MIN_SHARED or len(shared) / len(claim_stems - set(opposed)) < SAME_CLAIM:
        return False
    denied = _denied(claim_words, statement_words, shared, opposed)
    return denied == bool(opposed) and not _numbers_differ(claim, statement)


def _same(claim: str, statement: str) -> tuple[set[str], dict[str, str]] | None:
    """The stems `claim` and `statement` share and the opposite words between them, when the two
    are about the same thing; None otherwise."""
    claim_stems, statement_stems = _parts(claim)[1], _parts(statement)[1]
    opposed = _opposed(claim_stems, statement_stems)
    shared = (claim_stems & statement_stems) - set(opposed)
    rest_claim, rest_statement = claim_stems - set(opposed), statement_stems - set(opposed.values())
    if len(shared) < MIN_SHARED or not rest_claim or not rest_statement:
        return None
    if len(shared) / len(rest_claim) < SAME_CLAIM or len(shared) / len(rest_statement) < SAME_STATEMENT:
        return None
    return shared, opposed


def _denied(
    claim_words: tuple[str, ...], statement_words: tuple[str, ...], shared: set[str], opposed: dict[str, str]
) -> bool:
    """Whether one side's negation bears on what the two speak of (their shared words, or its
    own side of an opposite pair) while the other side's does not."""
    claim_side = _negated_stems(claim_words) & (shared | set(opposed))
    statement_side = _negated_stems(statement_words) & (shared | set(opposed.values()))
    return bool(claim_side) != bool(statement_side)


def _numbers_differ(claim: str, statement: str) -> bool:
    """Both give numbers and none of the claim's is among the statement's."""
    claim_numbers, statement_numbers = set(_NUMBER.findall(claim)), set(_NUMBER.findall(statement))
    return bool(claim_numbers and statement_numbers and not claim_numbers & statement_numbers)


@functools.lru_cache(maxsize=10_000)
def _parts(text: str) -> tuple[tuple[str, ...], frozenset[str]]:
    """The words of `text`, and its content stems with the stems of words that have an opposite
    even where they are function words ("more"); cached, as a reference's clauses meet every answer."""
    found = words(text)
    kept = [word for word in found if word not in NEGATIONS]
    stems = set(content_stems(" ".join(kept))) | {stem(word) for word in kept if stem(word) in OPPOSITE}
    return tuple(found), frozenset(stems)


@functools.lru_cache(maxsize=10_000)
def _negated_stems(found: tuple[str, ...]) -> frozenset[str]:
    """The content stems a negation bears on: those after each negation up to the next one, or
    those before it (back to the previous one) when no content word follows; a stem also said
    outside every negation ("the TCP header and not the UDP header") is not denied."""
    marks = [index for index, word in enumerate(found) if word in NEGATIONS or word.endswith("n't")]
    bounds = [-1, *marks, len(found)]
    denied: set[str] = set()
    for place, index in enumerate(marks, start=1):
        after = list(range(index + 1, bounds[place + 1]))
        scope = after if content_stems(" ".join(found[i] for i in after)) else range(bounds[place - 1] + 1, index)
        denied.update(scope)
    inside = content_stems(" ".join(found[i] for i in sorted(denied)))
    outside = content_stems(" ".join(word for i, word in enumerate(found) if i not in denied and i not in marks))
    return frozenset(inside) - frozenset(outside)


def _opposed(claim: frozenset[str], statement: frozenset[str]) -> dict[str, str]:
    """Claim stems whose opposite the statement holds while neither holds both."""
    return {
        word: OPPOSITE[word]
        for word in sorted(claim)
        if word in OPPOSITE and OPPOSITE[word] in statement and word not in statement and OPPOSITE[word] not in claim
    }
