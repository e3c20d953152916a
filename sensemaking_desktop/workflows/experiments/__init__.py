"""Experiments as data: a TOML grid of configurations over datasets, run as one resumable job,
with a leaderboard whose every metric carries a bootstrap interval (see spec.py, runs.py,
cells.py and leaderboard.py)."""
