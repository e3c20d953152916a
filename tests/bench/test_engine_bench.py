"""The engine bench's parts produce the figures the README quotes (speed itself is not asserted)."""

from sensemaking_desktop.bench.engine import decode_speeds, structured_speed
from sensemaking_desktop.llm.llama_engine import LlamaEngine


def test_decode_speeds_compare_engine_and_raw_on_the_same_prompt(engine: LlamaEngine) -> None:
    figures = decode_speeds(engine, repeats=1)
    assert figures["raw_tokens_per_s"] > 0 and figures["engine_tokens_per_s"] > 0
    raw, engine_speed = figures["raw_tokens_per_s"], figures["engine_tokens_per_s"]
    # Speeds are printed to 2 decimals and the overhead to 4; on a slow or busy machine the
    # printed speeds' ratio differs from the unrounded one by more than the overhead's last digit.
    rounding = 0.005 / raw + engine_speed * 0.005 / raw**2 + 0.00005
    assert abs(figures["engine_overhead"] - (1 - engine_speed / raw)) <= rounding


def test_structured_speed_is_measured(engine: LlamaEngine) -> None:
    assert structured_speed(engine, calls=1)["structured_tokens_per_s"] > 0
