"""The token of callers that offer no cancel stays uncancelled, whoever cancels it."""

from sensemaking_desktop.cancel import NEVER, CancelToken


def test_cancelling_the_shared_never_token_cancels_nothing_but_a_token_of_ones_own_is_cancelled():
    NEVER.cancel()
    NEVER.raise_if_cancelled()
    assert not NEVER.cancelled
    own = CancelToken()
    own.cancel()
    assert own.cancelled
