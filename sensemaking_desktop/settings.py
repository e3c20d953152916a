"""User settings: typed, with defaults, stored in the library's settings table."""

from pydantic import BaseModel, Field


class Settings(BaseModel):
    """What a user can change; every field has a default that works on a small laptop."""

    context_cap: int = Field(4096, ge=256, description="Largest context to allocate, in tokens.")
    threads: int = Field(0, ge=0, description="CPU threads for llama.cpp; 0 picks the core count.")
    gpu_layers: int = Field(-1, ge=-1, description="Layers offloaded to a GPU; -1 means all when llama.cpp has one.")
    default_model: str | None = Field(None, description="Model name or path used when a command names none.")
    parallel_requests: int = Field(
        0, ge=0, le=256, description="Requests sent to a model server at once; 0 takes what the server says it serves."
    )
    hf_endpoint: str | None = Field(None, description="Model hub address for downloads, for mirrors.")
    class_agreement_target: float = Field(
        0.95,
        ge=0.5,
        le=0.999,
        description="Share of automatic class grades that must agree with the teacher's (within 10 points).",
    )
