"""A demo library and class made by real runs, for screenshots and first looks."""
