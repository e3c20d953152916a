"""The Teacher, Student and Evaluator: pipelines over a ChatBackend and the library."""
