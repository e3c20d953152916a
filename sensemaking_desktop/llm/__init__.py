"""Everything that talks to a language model: backends, prompts, structured output, models."""
