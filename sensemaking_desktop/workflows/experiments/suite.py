"""The Evaluator's adversarial suite inside an experiment, on a sample of the dataset.

`questions` of the dataset's questions are drawn with the suite's seed, and each brings its
best-graded answer as the genuine item: the probes are contradictions, echoes, partial
answers and paraphrases of that answer, which test the grader only when the answer was right.
Its controls and probes (`workflows.robustness.suite_controls`, the same as the `robustness`
command grades) become Evaluator items of their own dataset, each with its class and with the
other sampled questions and references on the same material, as the suite job grades them.
The leaderboard gives each class's mean grade ("suite.genuine", "suite.contradiction", …),
its interval from resampling the sampled questions. A suite costs up to about nineteen
grades per sampled question and cell; `classes` keeps only the classes named.
"""

import random
from dataclasses import asdict
from typing import Any

from sensemaking_desktop.metrics.adversarial import GENUINE, SuiteItem
from sensemaking_desktop.workflows.experiments.spec import Suite
from sensemaking_desktop.workflows.robustness import questions_by_material, references_by_material, suite_controls

Item = dict[str, Any]


def suite_items(items: list[Item], suite: Suite) -> list[Item]:
    """The sampled genuine items, their controls and their probes, as Evaluator items."""
    best: dict[str, Item] = {}
    for item in items:
        if item["answer"].strip() and (item["cluster"] not in best or item["human"] > best[item["cluster"]]["human"]):
            best[item["cluster"]] = item
    clusters = list(best)
    chosen = sorted(random.Random(suite.seed).sample(range(len(clusters)), min(suite.questions, len(clusters))))
    materials: dict[str | None, str] = {}
    genuine = [
        SuiteItem(
            key=best[clusters[index]]["key"],
            material=materials.setdefault(best[clusters[index]]["material"], f"material-{len(materials)}"),
            question=best[clusters[index]]["question"],
            answer=best[clusters[index]]["answer"],
            material_text=best[clusters[index]]["material"],
            reference=best[clusters[index]]["reference"],
            human_score=best[clusters[index]]["human"],
        )
        for index in chosen
    ]
    fields = [asdict(item) for item in genuine]
    siblings, questions = references_by_material(fields), questions_by_material(fields)
    cluster_of = {item.key: best[clusters[index]]["cluster"] for item, index in zip(genuine, chosen)}
    cases = [(GENUINE, item.key, item) for item in genuine] + [
        (control.kind, control.source, control)
        for control in suite_controls(genuine, suite.seed)
        if suite.classes is None or control.kind in suite.classes
    ]
    return [
        {
            "key": case.key,
            "cluster": cluster_of[source],
            "question": case.question,
            "answer": case.answer,
            "human": None,
            "reference": case.reference,
            "material": case.material_text,
            "other_references": siblings.get(case.material, []),
            "other_questions": questions.get(case.material, []),
            "suite_class": kind,
        }
        for kind, source, case in cases
    ]
