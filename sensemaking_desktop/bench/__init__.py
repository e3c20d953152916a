"""Benchmarks that print JSON figures; the README quotes what they print."""
