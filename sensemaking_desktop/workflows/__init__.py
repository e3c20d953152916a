"""Workflows: the roles at work on the library (jobs, grading, self-tests) and what every
front end opens to reach them. The CLI and the GUI only present what these do."""
