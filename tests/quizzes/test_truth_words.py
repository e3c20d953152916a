"""The words for true and false a self-test answer may be, per language, from one table."""

from pathlib import Path

import pytest

from sensemaking_desktop import paths
from sensemaking_desktop.quizzes import truth_words
from sensemaking_desktop.quizzes.truth_words import read_truth, truth_pairs


@pytest.mark.parametrize(
    ("typed", "reading"),
    [
        ("true", "true"),
        ("F", "false"),
        ("Wahr", "true"),
        ("richtig", "true"),
        ("FALSCH", "false"),
        ("ja", "true"),
        ("nein.", "false"),
        ("pravda", "true"),
        ("nepravda", "false"),
        ("ano", "true"),
        ("ne", "false"),
        ("Правда", "true"),
        ("неправда", "false"),
        ("так", "true"),
        ("ні", "false"),
        ("maybe", None),
        ("vielleicht", None),
        ("wahr falsch", None),
    ],
)
def test_a_word_of_any_language_reads_as_true_or_false_and_no_other(typed: str, reading: str | None) -> None:
    assert read_truth(typed) == reading


def test_the_words_shown_are_the_quizs_language_and_english_where_it_is_unknown() -> None:
    assert truth_pairs("de") == [("wahr", "falsch"), ("richtig", "falsch"), ("ja", "nein")]
    assert truth_pairs("uk")[0] == ("правда", "неправда") and truth_pairs("cs")[1] == ("ano", "ne")
    assert truth_pairs(None)[0] == truth_pairs("fr")[0] == ("true", "false")


def test_a_word_two_languages_read_the_other_way_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "quizzes").mkdir()
    table = 'version = "1"\n[en]\npairs = [["true", "false"]]\n[xx]\npairs = [["false", "nope"]]\n'
    (tmp_path / "quizzes" / "truth_words.toml").write_text(table, encoding="utf-8")
    monkeypatch.setattr(paths, "resources_dir", lambda: tmp_path)
    truth_words._table.cache_clear()
    truth_words._readings.cache_clear()
    try:
        assert read_truth("false") is None and read_truth("true") == "true" and read_truth("nope") == "false"
    finally:
        truth_words._table.cache_clear()
        truth_words._readings.cache_clear()
