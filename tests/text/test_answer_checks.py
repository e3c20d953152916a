"""Content words, clauses, key points, contradictions and question fit: the rules the Evaluator's
content signals stand on, each with a case it must catch and one it must leave alone."""

from sensemaking_desktop.text.content import clauses, content_stems, recall
from sensemaking_desktop.text.contradiction import agrees, conflict
from sensemaking_desktop.text.embeddings import default_embedder
from sensemaking_desktop.text.keypoints import coverage, key_points
from sensemaking_desktop.text.question_fit import expected_type, novelty, type_fits

STACK = "A stack is a LIFO (last in, first out) data structure."


def test_content_stems_drop_function_words_and_meet_across_inflections():
    assert content_stems("The stacks are evaporating") == content_stems("a stack evaporated")[:1] + ["evaporat"]
    assert recall(["salt", "water"], {"salt"}) == 0.5 and recall([], {"salt"}) is None


def test_clauses_split_at_conjunctions_and_keep_short_pieces_together():
    assert clauses(
        "Binary encoding is efficient because you get a full bit per baud; it is also simple and cheap."
    ) == [
        "Binary encoding is efficient",
        "because you get a full bit per baud",
        "it is also simple and cheap",
    ]
    assert clauses("Yes, it is.") == ["Yes, it is"]


def test_key_points_are_the_clauses_at_most_six():
    assert key_points("Salt stays behind. Only fresh water rises into the air.") == [
        "Salt stays behind",
        "Only fresh water rises into the air",
    ]
    many = " ".join(f"Point number {index} matters here." for index in range(9))
    assert len(key_points(many)) == 6


def test_negations_opposites_and_numbers_contradict_a_statement_about_the_same_thing():
    assert "negation" in conflict("A stack is not a LIFO structure.", STACK).why
    assert "fifo" in conflict("A stack is a FIFO structure.", STACK).why
    assert conflict("Binary encoding gives 2 bits per baud.", "Binary encoding gives 1 bit per baud.")
    assert conflict("Stacks are last in, first out.", STACK) is None
    assert conflict("A queue is not sorted.", STACK) is None
    assert conflict("It is not impossible to push.", "It is possible to push.") is None


def test_a_negation_counts_only_where_it_bears_on_what_both_say():
    header = "Fields contained in the TCP header and not the UDP header"
    assert conflict("The TCP header has these fields", header) is None, "the 'not' is about UDP"
    assert "negation" in conflict("These fields are not in the TCP header", header).why
    assert "negation" in conflict("Wasser verdunstet nicht im Sommer", "Wasser verdunstet im Sommer").why


def test_a_negation_and_an_opposite_word_together_cancel():
    inside = "Local variables can only be accessed inside the function that defines them"
    assert conflict("A local variable cannot be accessed outside the function", inside) is None
    assert agrees("A local variable cannot be accessed outside the function", inside)
    assert "outsid" in conflict("A local variable can be accessed outside the function", inside).why
    assert conflict("A stack is not a FIFO structure.", STACK) is None


def test_a_statement_of_the_reference_that_says_the_same_excuses_a_clash_with_another():
    listed = "unconfirmed connectionless service: no ACK, loss of data possible, no flow control"
    assert agrees("- No flow control", listed) and not agrees("- Flow control", listed)
    assert not agrees("A stack is not a LIFO structure.", STACK) and agrees("Stacks are LIFO structures", STACK)
    assert not agrees("Binary encoding gives 2 bits per baud", "Binary encoding gives 1 bit per baud")


def test_coverage_names_the_criteria_an_answer_covers_with_evidence():
    found = coverage(
        default_embedder(),
        ["the salt stays behind", "clouds form when vapour condenses"],
        "Water evaporates. The salt stays behind in the sea.",
        "Why is rain fresh water?",
    )
    assert [item.covered for item in found] == [True, False]
    assert found[0].evidence == "The salt stays behind in the sea"


def test_an_echo_of_the_question_adds_nothing():
    question = "What is the role of a prototype program in problem solving?"
    assert novelty("The role of a prototype program in problem solving.", question) == 0.0
    assert novelty("To simulate parts of the product before it is built.", question) == 1.0
    assert novelty("the", question) is None


def test_short_answers_must_be_of_the_type_asked_for():
    assert expected_type("How many bits are in a byte?") == "number" and expected_type("Name a stack.") is None
    assert type_fits("Eight", "How many bits are in a byte?") and not type_fits("Paris", "When did it end?")
    assert type_fits("In 1066", "When did the Normans arrive?")
    assert type_fits("Paris", "Name a city.") is None
    assert type_fits("a long answer that says much more than the bare fact here", "When was it?") is None
