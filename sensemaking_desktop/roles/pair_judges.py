"""The pairwise judges class grading can use, one registry: "does this answer deserve that graded answer's grade?".

`meaning` is the answer judge (models/answer-judge-minilm-l6): an answer deserves a graded
answer's grade when it means what that graded answer says, read the way it reads an answer against
a reference, and it reads every answer against the reference before the teacher grades anything
(`reads_reference`: the class grader then weighs "right" against "wrong" for each answer).
It is the default: with any other judge, before the teacher grades anything, the reference is
the only graded answer, so every answer would be suggested its 100. `trained` is the pairwise
grading cross-encoder trained under training/ (models/grade-pair-minilm-l6); `cosine` gives the
nearest graded answer's grade by sentence-embedding cosine, the baseline the trained judges
must beat. All refuse to call two answers alike when one contradicts the other or their numbers
differ (`answer_groups.kept_apart`): they then deserve different grades unless both are wrong,
and a judge that is unsure there only lowers confidence.
"""

from collections.abc import Callable, Sequence

import numpy as np

from sensemaking_desktop.roles.answer_groups import kept_apart
from sensemaking_desktop.text.embeddings import Embedder, default_embedder

CLASH_CAP = 0.1
"""Highest same-grade probability for two answers that contradict each other."""


class CosineJudge:
    """Closeness in sentence-embedding space, read as a probability."""

    name = "cosine"

    def __init__(self, embedder: Embedder | None = None) -> None:
        self.embedder = embedder or default_embedder()
        self.provenance = {"judge": self.name, "model": self.embedder.name}

    def same_grade(self, question: str, pairs: Sequence[tuple[str, float, str]]) -> np.ndarray:
        if not pairs:
            return np.empty(0)
        graded = self.embedder.encode([text for text, _, _ in pairs])
        answers = self.embedder.encode([answer for _, _, answer in pairs])
        closeness = np.clip(np.sum(graded * answers, axis=1), 0.0, 1.0)
        return _capped(closeness, pairs)


class MeaningJudge:
    """The answer judge: does the answer mean what the graded answer (or the reference) says?"""

    name = "meaning"
    reads_reference = True

    def __init__(self) -> None:
        from sensemaking_desktop.text.cross_encoder import answer_judge, judge_text

        self.model = answer_judge()
        self._text = judge_text
        self._right = self.model.labels.index("right")
        self.provenance = {"judge": self.name, **self.model.provenance}

    def same_grade(self, question: str, pairs: Sequence[tuple[str, float, str]]) -> np.ndarray:
        if not pairs:
            return np.empty(0)
        texts = [self._text(question, answer, graded) for graded, _, answer in pairs]
        return _capped(self.model.probabilities(texts)[:, self._right], pairs)


class TrainedJudge:
    """The grading cross-encoder: question, graded answer and its grade, then the new answer."""

    name = "trained"

    def __init__(self) -> None:
        from sensemaking_desktop.text.cross_encoder import pair_judge, pair_text

        self.model = pair_judge()
        self._text = pair_text
        self.provenance = {"judge": self.name, **self.model.provenance}

    def same_grade(self, question: str, pairs: Sequence[tuple[str, float, str]]) -> np.ndarray:
        if not pairs:
            return np.empty(0)
        texts = [self._text(question, graded, grade, answer) for graded, grade, answer in pairs]
        same = self.model.probabilities(texts)[:, -1]
        return _capped(same, pairs)


def _capped(probabilities: np.ndarray, pairs: Sequence[tuple[str, float, str]]) -> np.ndarray:
    capped = probabilities.astype(float).copy()
    for row, (graded, _, answer) in enumerate(pairs):
        if capped[row] > CLASH_CAP and graded != answer and kept_apart(graded, answer):
            capped[row] = CLASH_CAP
    return capped


JUDGES: dict[str, Callable[[], CosineJudge | MeaningJudge | TrainedJudge]] = {
    "meaning": MeaningJudge,
    "trained": TrainedJudge,
    "cosine": CosineJudge,
}
DEFAULT_JUDGE = "meaning"
