"""Answer groups in a language the English embedding model does not read (issue 36): Ukrainian
answers are compared by their words' dictionary forms, so the right ones group and wrong ones
do not join them; English keeps MiniLM."""

import numpy as np

from sensemaking_desktop.roles.answer_groups import answer_vectors, group_answers
from sensemaking_desktop.text.embeddings import default_embedder

RIGHT = [
    "Вид — це група схожих за будовою тварин, які дають плідне потомство.",
    "Вид це тварини, схожі за будовою, що дають плідне потомство.",
    "Група тварин схожих будовою, які мають плідне потомство.",
    "Вид — це група тварин, схожих за будовою, що схрещуються і мають плідне потомство.",
]
WRONG = [
    "Вид — це всі тварини, що живуть в одному лісі.",
    "Тварини одного лісу — це вид.",
    "Вид — це родина тварин.",
    "Не знаю.",
    "Це коли тварини їдять траву.",
    "Вид це тварини які їдять однакову їжу.",
]


def test_right_ukrainian_answers_group_and_wrong_ones_stay_apart() -> None:
    texts = RIGHT + WRONG
    groups = group_answers(texts, answer_vectors(texts, "uk"))
    assert sorted(groups[0].members) == [0, 1, 2, 3]
    assert all(group.size == 1 for group in groups[1:])


def test_the_english_embedding_lumps_them_together_which_is_why_it_is_not_used() -> None:
    texts = RIGHT + WRONG
    groups = group_answers(texts, default_embedder().encode(texts))
    assert any({0, 4} <= set(group.members) for group in groups)


def test_english_answers_keep_minilm() -> None:
    texts = ["Evaporation leaves the salt behind.", "The salt stays when water evaporates."]
    assert np.allclose(answer_vectors(texts, "en"), default_embedder().encode(texts))
    assert np.allclose(answer_vectors(texts, None), default_embedder().encode(texts))
