"""Checks every question must pass, whoever wrote it, before the model-based Student checks.

- The key is grounded: every number of the key stands in the span as a whole number
  ("27 inches" fails on "Figure 7-27"; "10mm" fails where the text has no number), and its
  content words are there too (plurals folded). A key of three or more content words may
  miss one, since a short paraphrase ("does not loosen" for "cannot loosen") keeps the fact.
- The options do not give the key away: no "all/none of the above", the key is not by far
  the longest option, an "a"/"an" before the blank does not fit only the key, the key is
  not the only option that repeats a word of the question, and no option repeats another.
- The quiz does not ask one thing twice: no two questions share a key, a span, or the same
  asked property of the same thing (three "What is the height of ...?" are one).
Each failure is a sentence stored with the question, so a teacher sees why it was dropped.
"""

import re
from collections.abc import Sequence

from sensemaking_desktop.quizzes.model import GAP, Question, QuestionKind
from sensemaking_desktop.text.terms import content_words, grounded, number_tokens

ABOVE = re.compile(r"\b(all|none|both|neither) of (the )?(above|these|them)\b|^(all|none|both)$", re.I)
LONGEST_RATIO = 1.5
"""The key is a tell when it is this many times longer than every other option."""
SPAN_OVERLAP = 0.5
"""Two questions share a span when their spans overlap by this share of the shorter one."""
ASKED = re.compile(
    r"\b(?:what|which)\s+(?:is|are|was|were|does|do)\s+(?:the\s+)?(?P<property>[\w\-]+)"
    r"(?:\s+[\w\-]+)?\s+(?:of|in|for|on)\s+(?:the\s+|an?\s+)?(?P<thing>[^?]+)"
    r"|\bhow\s+(?P<how>many|much|long|tall|high|wide|big|far|old|heavy|often)\b(?P<rest>[^?]*)",
    re.I,
)
MISSING_ALLOWED_FROM = 3
"""A key with this many content words or more may miss one of them in the span."""


def key_problems(question: Question, span: str) -> list[str]:
    """Why the key is not grounded in `span` (empty when it is)."""
    if question.kind == QuestionKind.TRUE_FALSE:
        key = question.text if question.reference_answer == "true" else ""
    else:
        key = question.reference_answer or ""
    missing = grounded(key, span)
    numbers = [item for item in missing if item[0].isdigit()]
    words = [item for item in missing if not item[0].isdigit()]
    if question.kind == QuestionKind.TRUE_FALSE:
        words = []
    elif len(content_words(key)) >= MISSING_ALLOWED_FROM and len(words) <= 1:
        words = []
    problems = []
    if numbers:
        problems.append(f"the key's number(s) {', '.join(numbers)} are not in the passage")
    if words:
        problems.append(f"the key's word(s) {', '.join(words)} are not in the passage")
    return problems


def option_problems(question: Question) -> list[str]:
    """Why the choices give the key away or are not distinct (multiple choice only)."""
    if question.kind != QuestionKind.MULTIPLE_CHOICE:
        return []
    texts = [choice.text.strip() for choice in question.choices]
    key = next(choice.text.strip() for choice in question.choices if choice.correct)
    others = [choice.text.strip() for choice in question.choices if not choice.correct]
    problems = []
    if any(ABOVE.search(text) for text in texts):
        problems.append('an option is "all/none of the above"')
    if len({" ".join(content_words(text)) or text.casefold() for text in texts}) < len(texts):
        problems.append("two options say the same")
    if (
        others
        and len(key) >= LONGEST_RATIO * max(len(text) for text in others)
        and len(key) - max(map(len, others)) > 8
    ):
        problems.append("the key is by far the longest option")
    article = re.search(rf"\b(a|an)\s+{re.escape(GAP)}", question.text, re.I) or re.search(
        r"\b(a|an)\s*$", question.text
    )
    if article and others:
        fits = [_article_fits(article.group(1), text) for text in texts]
        if _article_fits(article.group(1), key) and fits.count(True) == 1:
            problems.append(f'only the key fits the article "{article.group(1)}" before the blank')
    asked = set(content_words(question.text.replace(GAP, " ")))
    if others and set(content_words(key)) & asked and not any(set(content_words(text)) & asked for text in others):
        problems.append("only the key repeats a word of the question")
    return problems


def _article_fits(article: str, text: str) -> bool:
    vowel = text[:1].casefold() in "aeiou"
    return vowel == (article.casefold() == "an")


def repeat_problems(question: Question, kept: Sequence[Question]) -> list[str]:
    """Why the question asks what a kept one already asks: the same key, span or asked property."""
    problems = []
    key = _key(question)
    for number, other in enumerate(kept, start=1):
        if key and key == _key(other):
            problems.append(f"it has the same key as question {number}")
        elif _shared_span(question, other):
            problems.append(f"it is about the same passage as question {number}")
        elif (asked := asked_property(question.text)) and _same_asked(asked, asked_property(other.text)):
            problems.append(f"it asks the {asked[0]} of the same thing again, as question {number} does")
        else:
            continue
        break
    return problems


def _key(question: Question) -> str:
    if question.kind == QuestionKind.TRUE_FALSE:
        return ""
    answer = question.reference_answer or ""
    return " ".join(content_words(answer) + number_tokens(answer)) or answer.casefold().strip()


def _shared_span(first: Question, second: Question) -> bool:
    a, b = first.source, second.source
    if None in (a.span_start, a.span_end, b.span_start, b.span_end) or a.section_id != b.section_id:
        return False
    overlap = min(a.span_end, b.span_end) - max(a.span_start, b.span_start)
    shorter = min(a.span_end - a.span_start, b.span_end - b.span_start)
    return shorter > 0 and overlap / shorter >= SPAN_OVERLAP


def _same_asked(first: tuple[str, frozenset[str]], second: tuple[str, frozenset[str]] | None) -> bool:
    return second is not None and first[0] == second[0] and bool(first[1] & second[1])


def asked_property(text: str) -> tuple[str, frozenset[str]] | None:
    """(property, words of the thing) a question asks, e.g. ("height", {"nut", "case"}), or None."""
    match = ASKED.search(text)
    if match is None:
        return None
    if match.group("how"):
        prop, thing = f"how {match.group('how').casefold()}", match.group("rest")
    else:
        prop, thing = match.group("property").casefold(), match.group("thing")
    words = frozenset(content_words(thing))
    return (prop, words) if words else None
