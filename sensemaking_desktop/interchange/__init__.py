"""Moving quizzes, answers and grades in and out: LMS formats, Anki, print, ELOQUENT, backups."""
