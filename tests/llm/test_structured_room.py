"""A schema that allows more than the context holds still runs: its output is bounded by the room
the prompt leaves (the Teacher's drafts allow whole keys, issue 34), and a prompt that leaves too
little is refused by the engine as before."""

from sensemaking_desktop.llm.backend import Prompt
from sensemaking_desktop.llm.structured import MIN_ROOM, TEMPLATE_TOKENS, _fitting


class CountingModel:
    """Counts one token per word; all `_fitting` asks of a backend."""

    context_size = 4096

    def count_tokens(self, text: str) -> int:
        return len(text.split())


def prompt_of(words: int) -> Prompt:
    return Prompt(messages=[{"role": "user", "content": "word " * words}])


def test_a_generous_bound_is_cut_to_the_room_left() -> None:
    room = 4096 - 2000 - TEMPLATE_TOKENS
    assert _fitting(4489, CountingModel(), prompt_of(2000)) == room


def test_a_bound_that_fits_is_kept() -> None:
    assert _fitting(300, CountingModel(), prompt_of(2000)) == 300


def test_too_little_room_keeps_the_bound_so_the_engine_says_why() -> None:
    assert _fitting(4489, CountingModel(), prompt_of(4096 - MIN_ROOM)) == 4489
