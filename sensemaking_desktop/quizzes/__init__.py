"""Quizzes: questions of four kinds with their reference answers and where they came from."""

from sensemaking_desktop.quizzes.model import Choice, Question, QuestionKind, Quiz

__all__ = ["Choice", "Question", "QuestionKind", "Quiz"]
