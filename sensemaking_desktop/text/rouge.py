"""ROUGE-L with words in any script.

rouge-score's own tokenizer keeps only ASCII letters and digits, so "Über die Brücke" is scored
as "ber die br cke" and a Ukrainian answer as no words at all. Words here are runs of Unicode
letters and digits, case-folded; on ASCII text they are the tokens rouge-score makes itself, so
English results match its published numbers (without stemming).
"""

import re
import unicodedata

from rouge_score.rouge_scorer import RougeScorer
from rouge_score.tokenizers import Tokenizer

_WORD = re.compile(r"[^\W_]+")


class UnicodeWords(Tokenizer):
    """Case-folded runs of letters and digits in any script, for rouge-score."""

    def tokenize(self, text: str) -> list[str]:
        return _WORD.findall(unicodedata.normalize("NFKC", text).casefold())


_SCORER = RougeScorer(["rougeL"], tokenizer=UnicodeWords())


def rouge_l_recall(reference: str, answer: str) -> float:
    """Longest common word subsequence / reference words: how much of the reference the answer says."""
    return _SCORER.score(reference, answer)["rougeL"].recall
