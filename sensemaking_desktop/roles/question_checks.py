"""Checks every question must pass, whoever wrote it, before the model-based Student checks.

- The key is grounded: every number of the key stands in the span as a whole number
  ("27 inches" fails on "Figure 7-27"; "10mm" fails where the text has no number), and its
  content words are there too (plurals folded). A key of three or more content words may
  miss one, since a short paraphrase ("does not loosen" for "cannot loosen") keeps the fact.
- The options do not give the key away: no "all/none of the above", no wrong option that the
  answer judge reads as meaning the key for the question ("Protestants" beside "Huguenots",
  `also_right`), the key is not by far the longest option, an "a"/"an" before the blank does
  not fit only the key, the key is not the only option that repeats a word of the question, and
  no option repeats another.
- The quiz does not ask one thing twice: no two questions share a key, a span, or the same
  asked property of the same thing (three "What is the height of ...?" are one).
- A key is judged by meaning and place (`judge_key`): one found in another sentence of the
  section moves the question there; a paraphrase close in meaning to a sentence of the span
  (embedding cosine) is kept; one that adds numbers or names the section lacks is dropped.
- A text the model wrote is whole (`whole_text`): a schema cap is only a runaway guard, so a
  field is shortened at a sentence, then a phrase, then a word boundary, never inside a word,
  and a stray CJK token closing a key in a non-CJK material ("technical文档") is taken off.
- A true/false statement says what its key says (`statement_problems`): its passage
  contradicts one marked false and entails one marked true, by the shipped NLI model
  (English only: it was trained on SNLI).
Each failure is a `Reason` (a key of resources/quizzes/reasons.toml and its values), stored with
the question in English and as the key, so a teacher sees why it was dropped in the window's language.
"""

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from sensemaking_desktop.quizzes.model import GAP, Question, QuestionKind
from sensemaking_desktop.quizzes.verification import Checks, Reason, StatementCheck
from sensemaking_desktop.roles.grading_signals import reads_judge
from sensemaking_desktop.roles.question_reasons import reason
from sensemaking_desktop.text.cross_encoder import answer_judge, judge_text, nli_model
from sensemaking_desktop.text.embeddings import Embedder
from sensemaking_desktop.text.language import detect
from sensemaking_desktop.text.sentences import sentence_bounds
from sensemaking_desktop.text.terms import STOPWORDS, content_words, fold, grounded, number_tokens

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
PARAPHRASE_COSINE = 0.55
"""A key this close (all-MiniLM-L6-v2 cosine) to a sentence of the span says that sentence in other
words. Measured on 12 correct paraphrased keys against the sentence holding them (water cycle,
stop nuts, immune system: 0.40-0.81, 11 of 12 reach 0.55) and 12 keys of another fact of the same
text (0.02-0.43, none reach it). Keys of the same topic that say the opposite ("cool air holds
more vapour", 0.86) reach it too: embeddings do not see negation, so the Student's check with
the span, which follows, stays the judge of correctness."""
_NAME_WORD = re.compile(r"[A-Z][\w\-/]*")
ALSO_RIGHT = 0.5
"""A wrong option the answer judge reads as right at least this likely says the key again."""


@dataclass(frozen=True)
class KeyVerdict:
    """What `judge_key` found: why the key fails (empty when it stands), the (start, end) of the
    sentence the question moves to when the key stands elsewhere in the section, and the checks."""

    problems: list[Reason]
    moved_to: tuple[int, int] | None = None
    checks: dict = field(default_factory=dict)


NLI_LANGUAGES = frozenset({"en"})
"""Where the NLI model's verdicts are used: it was trained on SNLI, which is English."""
STATEMENT_HOLDS = 0.5
"""The NLI probability (contradiction for a statement marked false, entailment for one marked
true) a statement must reach. On the floor's 70 false statements over the bundled sample, three
PDFs and six ELOQUENT transcripts (measured before the floor used it), each of the 14 negated
sentences scored 0.97 or more; swaps that left the statement true mostly scored below 0.1 ("The
same liquid has been on Earth ..." for water: 0.07), though one scored 0.92 ("... most of the
blue planet" for "the planet's surface")."""


def statement_problems(question: Question, passage: str, language: str | None, checks: Checks) -> list[Reason]:
    """Why a true/false statement does not say what its key says about its passage: not
    contradicted by it when marked false, not entailed by it when marked true. Run only in the
    languages the NLI model knows; its probabilities are kept in `checks.statement`."""
    if question.kind != QuestionKind.TRUE_FALSE or language not in NLI_LANGUAGES or not passage.strip():
        return []
    entailment, _, contradiction = nli_model().probabilities([(passage, question.text)])[0]
    checks.statement = StatementCheck(
        entailment=round(float(entailment), 3), contradiction=round(float(contradiction), 3)
    )
    if question.reference_answer == "false" and contradiction < STATEMENT_HOLDS:
        return [reason("statement_not_contradicted")]
    if question.reference_answer == "true" and entailment < STATEMENT_HOLDS:
        return [reason("statement_not_entailed")]
    return []


def key_problems(question: Question, span: str) -> list[Reason]:
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
        problems.append(reason("key_numbers_missing", numbers=", ".join(numbers)))
    if words:
        problems.append(reason("key_words_missing", words=", ".join(words)))
    return problems


def judge_key(question: Question, span: tuple[int, int], section: str, embedder: Embedder) -> KeyVerdict:
    """Whether the key of an open or multiple-choice question stands in the section, by meaning and
    place. The model sees the whole section, so a correct key often comes from a sentence beside
    its span ("WordStar"); such a question moves to that sentence instead of being dropped. A key
    that adds numbers or names the section never mentions is wrong whatever its wording."""
    first = key_problems(question, section[span[0] : span[1]])
    if not first or question.kind not in (QuestionKind.OPEN, QuestionKind.MULTIPLE_CHOICE):
        return KeyVerdict(first, checks={"key": "in the passage"} if not first else {})
    key = question.reference_answer or ""
    if added := added_facts(key, section):
        return KeyVerdict([reason("key_adds_facts", added=", ".join(added))], checks={"key": "adds facts"})
    sentences = [(a, b) for a, b in sentence_bounds(section) if section[a:b].strip()]
    holding = [bounds for bounds in sentences if not key_problems(question, section[bounds[0] : bounds[1]])]
    if holding:
        moved = _closest(question, holding, section, embedder)
        return KeyVerdict([], moved, {"key": "elsewhere in the section", "moved_from": list(span)})
    return _paraphrase(question, span, sentences, section, embedder, first)


def added_facts(key: str, section: str) -> list[str]:
    """Numbers and names (capitalised words not opening the key) of `key` that `section` never
    mentions: facts the model added, which no paraphrase explains."""
    missing = set(grounded(key, section))
    numbers = [item for item in missing if item[0].isdigit()]
    words = [word.strip("()[]\"'\u201c\u201d,.;:!?") for word in key.split()]
    names = [word for index, word in enumerate(words) if _NAME_WORD.match(word) and _named(words, index)]
    names = [word for word in names if content_words(word) and set(content_words(word)) <= missing]
    return numbers + list(dict.fromkeys(names))


def _named(words: list[str], index: int) -> bool:
    """A capitalised word is a name unless it only opens the key ("Memory cells"): an opening word
    counts when it stands alone, has more capitals (IBM, WordStar) or a capitalised word follows."""
    if index > 0 or len(words) == 1 or sum(map(str.isupper, words[0])) > 1:
        return True
    return bool(_NAME_WORD.match(words[1]))


def _closest(
    question: Question, candidates: list[tuple[int, int]], section: str, embedder: Embedder
) -> tuple[int, int]:
    """The candidate sentence most like the question and its key."""
    texts = [section[a:b].strip() for a, b in candidates]
    vectors = embedder.encode([f"{question.text} {question.reference_answer or ''}", *texts])
    return candidates[int((vectors[1:] @ vectors[0]).argmax())]


def _paraphrase(
    question: Question,
    span: tuple[int, int],
    sentences: list[tuple[int, int]],
    section: str,
    embedder: Embedder,
    problems: list[Reason],
) -> KeyVerdict:
    """A key in other words: kept when close in meaning to a sentence of the span, moved when
    close to another sentence of the section, else dropped for `problems`."""
    key = question.reference_answer or ""
    vectors = embedder.encode([key, *(section[a:b].strip() for a, b in sentences)])
    cosines = vectors[1:] @ vectors[0]
    best = int(cosines.argmax())
    cosine = round(float(cosines[best]), 3)
    inside = [i for i, (a, b) in enumerate(sentences) if a < span[1] and b > span[0]]
    in_span = max((float(cosines[i]) for i in inside), default=0.0)
    if in_span >= PARAPHRASE_COSINE:
        return KeyVerdict([], checks={"key": "paraphrase of the passage", "cosine": round(in_span, 3)})
    if cosine >= PARAPHRASE_COSINE:
        checks = {"key": "paraphrase elsewhere in the section", "cosine": cosine, "moved_from": list(span)}
        return KeyVerdict([], sentences[best], checks)
    return KeyVerdict(problems, checks={"key": "not in the material", "cosine": cosine})


def option_problems(question: Question) -> list[Reason]:
    """Why the choices give the key away or are not distinct (multiple choice only)."""
    if question.kind != QuestionKind.MULTIPLE_CHOICE:
        return []
    texts = [choice.text.strip() for choice in question.choices]
    key = next(choice.text.strip() for choice in question.choices if choice.correct)
    others = [choice.text.strip() for choice in question.choices if not choice.correct]
    problems = []
    if any(ABOVE.search(text) for text in texts):
        problems.append(reason("option_above"))
    if len({" ".join(content_words(text)) or text.casefold() for text in texts}) < len(texts):
        problems.append(reason("options_alike"))
    unlike_key = [text for text in others if content_words(text) != content_words(key)]  # the alike are told above
    problems.extend(reason("distractor_also_right", option=text) for text in also_right(question.text, key, unlike_key))
    if (
        others
        and len(key) >= LONGEST_RATIO * max(len(text) for text in others)
        and len(key) - max(map(len, others)) > 8
    ):
        problems.append(reason("key_longest"))
    article = re.search(rf"\b(a|an)\s+{re.escape(GAP)}", question.text, re.I) or re.search(
        r"\b(a|an)\s*$", question.text
    )
    if article and others:
        fits = [_article_fits(article.group(1), text) for text in texts]
        if _article_fits(article.group(1), key) and fits.count(True) == 1:
            problems.append(reason("article_fits_key", article=article.group(1)))
    asked = set(content_words(question.text.replace(GAP, " ")))
    if others and set(content_words(key)) & asked and not any(set(content_words(text)) & asked for text in others):
        problems.append(reason("key_repeats_question"))
    return problems


def also_right(stem: str, key: str, options: Sequence[str]) -> list[str]:
    """The wrong options the answer judge reads as right for the question with the key as its
    reference (P(right) at least ALSO_RIGHT), in the languages it reads; none elsewhere."""
    if not options or not reads_judge(detect(f"{stem} {key}")):
        return []
    judge = answer_judge()
    right = judge.probabilities([judge_text(stem, option, key) for option in options])[:, judge.labels.index("right")]
    return [option for option, p in zip(options, right) if p >= ALSO_RIGHT]


def _article_fits(article: str, text: str) -> bool:
    vowel = text[:1].casefold() in "aeiou"
    return vowel == (article.casefold() == "an")


def repeat_problems(question: Question, kept: Sequence[Question]) -> list[Reason]:
    """Why the question asks what a kept one already asks: the same key, span or asked property."""
    problems = []
    key = _key(question)
    for number, other in enumerate(kept, start=1):
        if key and key == _key(other):
            problems.append(reason("same_key", question=number))
        elif _shared_span(question, other):
            problems.append(reason("same_passage", question=number))
        elif (asked := asked_property(question.text)) and _same_asked(asked, asked_property(other.text)):
            problems.append(reason("same_asked", property=asked[0], question=number))
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


# --- whole texts ------------------------------------------------------------------------------

_SENTENCE_END = re.compile(r"[.!?\u3002\uff01\uff1f][\"'\u201d\u2019)\]]*(?=\s|$)")
_PHRASE_END = re.compile(r"[,;:)\]](?=\s)|\s[\u2013\u2014-]\s|\s(?=\()")
_CJK = r"\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uff00-\uffef"
_CJK_CHAR = re.compile(f"[{_CJK}]")
_TRAILING_CJK = re.compile(f"[{_CJK}][{_CJK}\\s]*$")
_LAST_WORD = re.compile(r"([^\W\d_][\w'\-]*)\W*$")
MIN_HEAD_SHARE = 0.3
"""A sentence or phrase boundary is used only when it keeps this share of the limit; an earlier one
would leave a fragment, and a word boundary keeps more."""


def whole_text(text: str, limit: int, material: str = "") -> str:
    """`text` as a whole piece of at most `limit` characters. Schema caps are only runaway guards,
    so a long text is cut here: after its last sentence that fits, else at its last phrase
    boundary, else between words, and function words left dangling ("… and the") go too. A stray
    CJK token closing a text of a material in another script ("technical文档") is taken off."""
    text = " ".join(text.split())
    if material and not _CJK_CHAR.search(material):
        text = _TRAILING_CJK.sub("", text).rstrip()
    if len(text) <= limit:
        return text
    head = text[: limit + 1]
    for boundary in (_SENTENCE_END, _PHRASE_END):
        ends = [match.end() if boundary is _SENTENCE_END else match.start() for match in boundary.finditer(head)]
        ends = [end for end in ends if MIN_HEAD_SHARE * limit <= end <= limit]
        if ends:
            return _without_dangling(head[: ends[-1]])
    return _without_dangling(head[: head.rfind(" ")] if " " in head.strip() else head[:limit])


def _without_dangling(text: str) -> str:
    """The text without trailing function words and commas that show it was cut ("… such as the")."""
    words = text.rstrip(" ,;:\u2013\u2014-").split()
    while len(words) > 1 and words[-1].casefold().strip(",;:") in STOPWORDS:
        words.pop()
    return " ".join(words).rstrip(" ,;:\u2013\u2014-")


def ends_inside_word(text: str, material: str) -> bool:
    """Whether `text` looks cut inside a word: a CJK character in a text of a material without
    any, or a last word the material never writes but begins ("suchas", "been-vi" where the
    material has "vaccinated")."""
    if not _CJK_CHAR.search(material) and _CJK_CHAR.search(text):
        return True
    last = _LAST_WORD.search(text)
    if last is None:
        return False
    word = last.group(1).casefold().rsplit("-", 1)[-1]
    words = set(re.findall(r"[^\W\d_]+", material.casefold()))
    if word in words or fold(word) in {fold(other) for other in words}:
        return False
    glued = any(word[:cut] in words and word[cut:] in words for cut in range(2, len(word) - 1))
    return glued or any(other.startswith(word) for other in words if len(other) > len(word))
