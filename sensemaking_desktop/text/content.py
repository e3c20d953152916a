"""Content words and clauses: the units the Evaluator compares answers, references and questions in.

A content word is a word that is not a function word (English and German lists below), reduced
to a crude stem by cutting common suffixes, so "stacks"/"stack" and "evaporates"/"evaporated"
meet. Numbers are content words. Clauses are sentences cut further at semicolons, colons,
list breaks and the conjunctions that join two statements ("because", "so", "whereas"),
so that one clause states about one thing.
"""

import functools
import re
import unicodedata

from sensemaking_desktop.text.sentences import sentence_bounds

STOPWORDS = frozenset(
    """
    a an the and or but if then else of to in on at by for with from as into onto about over under
    is are was were be been being am do does did done doing have has had having can could will would
    shall should may might must it its it's this that these those there here which who whom whose what
    when where why how than so such very also too just only own same other others another each every
    any some all both either neither more most much many few less least i you he she we they me him her
    us them my your his our their mine yours ours theirs one ones thing things way ways get gets got
    make makes made use used uses using like because since while whereas although though however
    therefore thus hence via per etc e.g i.e yes no not
    der die das den dem des ein eine einen einem einer eines und oder aber wenn dann von zu im in am an
    auf mit für aus als ist sind war waren sein wird werden wurde kann können muss es sie er wir ihr ich
    du man sich dass daß was wer wie wo warum weil denn auch nur noch so sehr bei nach vor über unter
    durch um zum zur ob nicht kein keine
    """.split()
)
"""Function words of English and German; negations are kept apart by `contradiction`."""

_WORD = re.compile(r"[^\W_]+(?:['’][^\W_]+)?")
_SUFFIXES = ("ations", "ation", "ings", "ing", "ies", "ied", "ers", "er", "est", "ed", "es", "ly", "s", "e")
_CLAUSE_BREAK = re.compile(
    r"\s*[;:•\n]\s*|\s*,?\s+(?=(?:because|since|whereas|while|so that|therefore|thus|but|whereby|"
    r"which means|weil|denn|aber|sodass|während)\b)|,\s+(?=(?:and|or|und|oder)\s)",
    re.IGNORECASE,
)
MIN_CLAUSE_WORDS = 2
"""A piece with fewer content words joins the clause before it."""


def words(text: str) -> list[str]:
    """Case-folded words of any script, apostrophes inside kept ("don't")."""
    folded = unicodedata.normalize("NFKC", text).casefold().replace("’", "'")
    return _WORD.findall(folded)


@functools.lru_cache(maxsize=50_000)
def stem(word: str) -> str:
    """A crude stem: the longest common suffix cut, keeping at least four letters (cached: a
    class's answers repeat the same words)."""
    for suffix in _SUFFIXES:
        if word.endswith(suffix) and len(word) - len(suffix) >= 4:
            return word[: -len(suffix)]
    return word


def content_stems(text: str) -> list[str]:
    """Stems of the content words of `text`, in order, repeats kept."""
    return [stem(word) for word in words(text) if word not in STOPWORDS and (len(word) > 1 or word.isdigit())]


def stem_overlap(query: str, held: list[set[str]]) -> list[float]:
    """For each text's set of content stems, the share of `query`'s content stems it holds: how a
    passage is found that names a question's terms, not only one about the same subject."""
    asked = set(content_stems(query))
    return [len(asked & stems) / max(len(asked), 1) for stems in held]


def clauses(text: str) -> list[str]:
    """The clauses of `text` in order; pieces too short to state anything join the one before."""
    pieces = []
    for start, end in sentence_bounds(text):
        pieces.extend(piece.strip(" ,.") for piece in _CLAUSE_BREAK.split(text[start:end]))
    merged: list[str] = []
    for piece in pieces:
        if not piece:
            continue
        if merged and len(content_stems(piece)) < MIN_CLAUSE_WORDS:
            merged[-1] = f"{merged[-1]}, {piece}"
        else:
            merged.append(piece)
    if len(merged) > 1 and len(content_stems(merged[0])) < MIN_CLAUSE_WORDS:
        merged[:2] = [f"{merged[0]}, {merged[1]}"]
    return merged


def recall(wanted: list[str], given: set[str]) -> float | None:
    """Share of the distinct `wanted` stems found in `given`; None when nothing is wanted."""
    distinct = set(wanted)
    return len(distinct & given) / len(distinct) if distinct else None
