"""Sensemaking Desktop: quizzes, grounded answers and robust grades on local models.

The package is a complete library; the CLI and the GUI only present it.
"""

__version__ = "0.1.0"
