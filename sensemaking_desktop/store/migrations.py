"""Versioned schema migrations: one function per step, applied in order, each in a transaction.

A new step is appended to STEPS and never edits an older one, so any old library file
upgrades by running the steps it has not seen.
"""

import json
from collections.abc import Callable
from datetime import UTC, datetime

import sqlite_utils

from sensemaking_desktop.errors import StoreError


def _v1_core_tables(db: sqlite_utils.Database) -> None:
    """Materials to grades, models, generations (provenance) and persistent jobs."""
    _execute_statements(
        db,
        """
        CREATE TABLE models (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL UNIQUE,
            path TEXT NOT NULL,
            sha256 TEXT,
            size_bytes INTEGER NOT NULL,
            file_mtime REAL,
            source TEXT NOT NULL CHECK (source IN ('embedded', 'local', 'catalogue')),
            catalogue_name TEXT,
            added_at TEXT NOT NULL
        );
        CREATE TABLE generations (
            id INTEGER PRIMARY KEY,
            model_name TEXT NOT NULL,
            model_file TEXT NOT NULL,
            model_sha256 TEXT NOT NULL,
            backend TEXT NOT NULL,
            template_name TEXT,
            template_version TEXT,
            sampling TEXT NOT NULL,
            seed INTEGER,
            prompt_tokens INTEGER NOT NULL,
            completion_tokens INTEGER NOT NULL,
            prompt_s REAL NOT NULL,
            completion_s REAL NOT NULL,
            created_at TEXT NOT NULL
        );
        CREATE TABLE materials (
            id INTEGER PRIMARY KEY,
            title TEXT NOT NULL,
            kind TEXT NOT NULL,
            source_path TEXT,
            sha256 TEXT,
            language TEXT,
            meta TEXT NOT NULL DEFAULT '{}',
            created_at TEXT NOT NULL
        );
        CREATE INDEX materials_sha256 ON materials (sha256);
        CREATE TABLE sections (
            id INTEGER PRIMARY KEY,
            material_id INTEGER NOT NULL REFERENCES materials (id) ON DELETE CASCADE,
            position INTEGER NOT NULL,
            title TEXT,
            text TEXT NOT NULL,
            start_page INTEGER,
            end_page INTEGER,
            start_s REAL,
            end_s REAL,
            meta TEXT NOT NULL DEFAULT '{}',
            UNIQUE (material_id, position)
        );
        CREATE TABLE quizzes (
            id INTEGER PRIMARY KEY,
            material_id INTEGER REFERENCES materials (id) ON DELETE CASCADE,
            title TEXT NOT NULL,
            options TEXT NOT NULL DEFAULT '{}',
            created_at TEXT NOT NULL
        );
        CREATE TABLE questions (
            id INTEGER PRIMARY KEY,
            quiz_id INTEGER NOT NULL REFERENCES quizzes (id) ON DELETE CASCADE,
            section_id INTEGER REFERENCES sections (id) ON DELETE SET NULL,
            position INTEGER NOT NULL,
            kind TEXT NOT NULL,
            text TEXT NOT NULL,
            choices TEXT NOT NULL DEFAULT '[]',
            reference_answer TEXT,
            span_start INTEGER,
            span_end INTEGER,
            span_meta TEXT NOT NULL DEFAULT '{}',
            status TEXT NOT NULL DEFAULT 'draft',
            verification TEXT NOT NULL DEFAULT '{}',
            generation_id INTEGER REFERENCES generations (id),
            created_at TEXT NOT NULL,
            updated_at TEXT NOT NULL
        );
        CREATE INDEX questions_quiz ON questions (quiz_id, position);
        CREATE TABLE answer_runs (
            id INTEGER PRIMARY KEY,
            quiz_id INTEGER NOT NULL REFERENCES quizzes (id) ON DELETE CASCADE,
            kind TEXT NOT NULL CHECK (kind IN ('model', 'person')),
            label TEXT NOT NULL,
            created_at TEXT NOT NULL
        );
        CREATE TABLE answers (
            id INTEGER PRIMARY KEY,
            run_id INTEGER NOT NULL REFERENCES answer_runs (id) ON DELETE CASCADE,
            question_id INTEGER NOT NULL REFERENCES questions (id) ON DELETE CASCADE,
            text TEXT NOT NULL,
            answerable INTEGER,
            evidence TEXT NOT NULL DEFAULT '[]',
            supported INTEGER,
            time_taken_s REAL,
            generation_id INTEGER REFERENCES generations (id),
            created_at TEXT NOT NULL
        );
        CREATE INDEX answers_question ON answers (question_id);
        CREATE TABLE grades (
            id INTEGER PRIMARY KEY,
            answer_id INTEGER NOT NULL REFERENCES answers (id) ON DELETE CASCADE,
            source TEXT NOT NULL CHECK (source IN ('machine', 'human')),
            score REAL NOT NULL CHECK (score BETWEEN 0 AND 100),
            reason TEXT,
            flags TEXT NOT NULL DEFAULT '[]',
            confidence REAL,
            signals TEXT NOT NULL DEFAULT '{}',
            grader TEXT,
            generation_id INTEGER REFERENCES generations (id),
            created_at TEXT NOT NULL
        );
        CREATE INDEX grades_answer ON grades (answer_id);
        CREATE TABLE jobs (
            id INTEGER PRIMARY KEY,
            kind TEXT NOT NULL,
            title TEXT NOT NULL,
            handler TEXT NOT NULL,
            params TEXT NOT NULL DEFAULT '{}',
            status TEXT NOT NULL,
            error TEXT,
            runner TEXT,
            created_at TEXT NOT NULL,
            updated_at TEXT NOT NULL,
            finished_at TEXT
        );
        CREATE TABLE job_items (
            id INTEGER PRIMARY KEY,
            job_id INTEGER NOT NULL REFERENCES jobs (id) ON DELETE CASCADE,
            position INTEGER NOT NULL,
            label TEXT NOT NULL DEFAULT '',
            payload TEXT NOT NULL DEFAULT '{}',
            status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'done', 'failed')),
            result TEXT,
            error TEXT,
            finished_at TEXT,
            UNIQUE (job_id, position)
        );
        """,
    )


def _execute_statements(db: sqlite_utils.Database, script: str) -> None:
    """Run statements one by one: executescript() would commit the open transaction."""
    for statement in script.split(";"):
        if statement.strip():
            db.execute(statement)


def _v2_settings(db: sqlite_utils.Database) -> None:
    """User settings live in the library file, so a backup carries them."""
    db.execute("CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL)")


def _v3_question_details(db: sqlite_utils.Database) -> None:
    """What exports need: other accepted cloze answers, feedback shown after answering, points."""
    db.execute("ALTER TABLE questions ADD COLUMN accepted TEXT NOT NULL DEFAULT '[]'")
    db.execute("ALTER TABLE questions ADD COLUMN feedback TEXT")
    db.execute("ALTER TABLE questions ADD COLUMN points REAL NOT NULL DEFAULT 1")


def _v4_answer_run_details(db: sqlite_utils.Database) -> None:
    """How a run was taken (a model job, a self-test one question at a time or all at once)
    and when it finished, so an interrupted self-test shows as unfinished; and which passages
    of a long section an answer was read from, so the retrieval can be checked."""
    db.execute("ALTER TABLE answer_runs ADD COLUMN mode TEXT")
    db.execute("ALTER TABLE answer_runs ADD COLUMN finished_at TEXT")
    db.execute("ALTER TABLE answers ADD COLUMN passages TEXT")
    db.execute("CREATE INDEX answers_run ON answers (run_id)")
    db.execute("CREATE INDEX answer_runs_quiz ON answer_runs (quiz_id)")


_HANDLER_NAMES = {
    "sensemaking_desktop.ingest.importer:IngestHandler": "ingest",
    "sensemaking_desktop.roles.teacher_job:TeachHandler": "teach",
    "sensemaking_desktop.roles.student_job:AnswerHandler": "answer",
    "sensemaking_desktop.roles.grade_job:GradeHandler": "grade",
    "sensemaking_desktop.roles.robustness:RobustnessHandler": "robustness",
}


def _v5_handler_names_and_servers(db: sqlite_utils.Database) -> None:
    """Jobs name their handler by a registered name instead of an import path, so a library
    file can never make the app import a module; generations made by a server keep its URL."""
    for path, name in _HANDLER_NAMES.items():
        db.execute("UPDATE jobs SET handler = ? WHERE handler = ?", [name, path])
    db.execute("ALTER TABLE generations ADD COLUMN server_url TEXT")


def _v6_servers(db: sqlite_utils.Database) -> None:
    """OpenAI-compatible model servers saved under a name. An API key is never stored here: a
    server names the environment variable that holds it, or the key sits in the OS keyring."""
    _execute_statements(
        db,
        """
        CREATE TABLE servers (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL UNIQUE,
            url TEXT NOT NULL,
            api_key_env TEXT,
            verify_tls INTEGER NOT NULL DEFAULT 1,
            added_at TEXT NOT NULL
        );
        """,
    )


def _v7_experiments_and_triplets(db: sqlite_utils.Database) -> None:
    """Experiments (their spec, what they ran on, each cell's per-item outputs), a cache of model
    outputs keyed by everything that determines them, and IDEAlign triplets with who judged them."""
    _execute_statements(
        db,
        """
        CREATE TABLE experiments (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL,
            role TEXT NOT NULL,
            spec TEXT NOT NULL,
            record TEXT NOT NULL,
            job_id INTEGER,
            rerun_of INTEGER,
            created_at TEXT NOT NULL
        );
        CREATE TABLE experiment_cells (
            id INTEGER PRIMARY KEY,
            experiment_id INTEGER NOT NULL REFERENCES experiments(id) ON DELETE CASCADE,
            position INTEGER NOT NULL,
            label TEXT NOT NULL,
            config TEXT NOT NULL
        );
        CREATE TABLE experiment_outputs (
            id INTEGER PRIMARY KEY,
            cell_id INTEGER NOT NULL REFERENCES experiment_cells(id) ON DELETE CASCADE,
            dataset TEXT NOT NULL,
            item_key TEXT NOT NULL,
            cluster TEXT NOT NULL,
            output TEXT NOT NULL,
            cached INTEGER NOT NULL,
            UNIQUE (cell_id, dataset, item_key)
        );
        CREATE TABLE experiment_cache (
            id INTEGER PRIMARY KEY,
            key TEXT NOT NULL,
            output TEXT NOT NULL,
            created_at TEXT NOT NULL
        );
        CREATE TABLE triplet_sets (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL,
            source TEXT NOT NULL,
            items TEXT NOT NULL,
            created_at TEXT NOT NULL
        );
        CREATE TABLE triplets (
            id INTEGER PRIMARY KEY,
            set_id INTEGER NOT NULL REFERENCES triplet_sets(id) ON DELETE CASCADE,
            position INTEGER NOT NULL,
            first INTEGER NOT NULL,
            second INTEGER NOT NULL,
            third INTEGER NOT NULL
        );
        CREATE TABLE triplet_judgments (
            id INTEGER PRIMARY KEY,
            triplet_id INTEGER NOT NULL REFERENCES triplets(id) ON DELETE CASCADE,
            judge_kind TEXT NOT NULL CHECK (judge_kind IN ('person', 'model')),
            judge TEXT NOT NULL,
            odd INTEGER NOT NULL CHECK (odd IN (0, 1, 2)),
            reason TEXT,
            seed INTEGER,
            generation_id INTEGER REFERENCES generations(id),
            created_at TEXT NOT NULL
        );
        CREATE INDEX idx_experiment_cache_key ON experiment_cache(key);
        CREATE INDEX idx_experiment_outputs_cell ON experiment_outputs(cell_id);
        CREATE INDEX idx_triplet_judgments_triplet ON triplet_judgments(triplet_id);
        """,
    )


def _v8_review_cards(db: sqlite_utils.Database) -> None:
    """Spaced repetition: one card per person and question they missed, holding the FSRS
    scheduler's state (JSON) and its due time, so a day's review queue is one indexed query."""
    _execute_statements(
        db,
        """
        CREATE TABLE review_cards (
            id INTEGER PRIMARY KEY,
            person TEXT NOT NULL,
            question_id INTEGER NOT NULL REFERENCES questions (id) ON DELETE CASCADE,
            card TEXT NOT NULL,
            due TEXT NOT NULL,
            reviews INTEGER NOT NULL DEFAULT 0,
            last_rating INTEGER,
            created_at TEXT NOT NULL,
            UNIQUE (person, question_id)
        );
        CREATE INDEX review_cards_due ON review_cards (person, due);
        """,
    )


def _v9_rubrics(db: sqlite_utils.Database) -> None:
    """A teacher's rubric per question, and the reference's key points taken once for grading;
    both JSON lists, empty for the questions that were there before."""
    db.execute("ALTER TABLE questions ADD COLUMN rubric TEXT NOT NULL DEFAULT '[]'")
    db.execute("ALTER TABLE questions ADD COLUMN key_points TEXT NOT NULL DEFAULT '[]'")


def _v10_grade_origins(db: sqlite_utils.Database) -> None:
    """Where each grade came from when a class is graded from the teacher's own grades: the
    teacher alone or in a group action, automatic under the agreement guarantee, or a suggestion
    (NULL: graded before, by the Evaluator or a person), and what it rests on (JSON). Groups the
    teacher formed by hand (split, moved) keep their label per answer."""
    db.execute("ALTER TABLE grades ADD COLUMN origin TEXT")
    db.execute("ALTER TABLE grades ADD COLUMN basis TEXT NOT NULL DEFAULT '{}'")
    _execute_statements(
        db,
        """
        CREATE TABLE answer_group_labels (
            answer_id INTEGER PRIMARY KEY REFERENCES answers (id) ON DELETE CASCADE,
            label TEXT NOT NULL
        );
        """,
    )


def _v11_claims(db: sqlite_utils.Database) -> None:
    """What a running job works on now (an answer being graded), so that two jobs started at once
    never do the same work twice: a claim names its subject, the job and the process (pid and start
    time) that holds it; a claim whose process has gone is free again."""
    _execute_statements(
        db,
        """
        CREATE TABLE claims (
            subject TEXT PRIMARY KEY,
            job_id INTEGER NOT NULL REFERENCES jobs (id) ON DELETE CASCADE,
            runner TEXT NOT NULL,
            claimed_at TEXT NOT NULL
        );
        CREATE INDEX claims_job ON claims (job_id);
        """,
    )


def _v12_question_interchange(db: sqlite_utils.Database) -> None:
    """What quiz formats carry and a teacher's bank must keep: a question's name and category
    path, feedback for the right and the wrong answer, case-sensitive short answers and the
    LMS details the app does not use itself (JSON). Accepted answers become objects with the share
    of the points they earn and their feedback: the strings stored before earn full points."""
    for column in ("name TEXT", "category TEXT", "right_feedback TEXT", "wrong_feedback TEXT"):
        db.execute(f"ALTER TABLE questions ADD COLUMN {column}")
    db.execute("ALTER TABLE questions ADD COLUMN case_sensitive INTEGER NOT NULL DEFAULT 0")
    db.execute("ALTER TABLE questions ADD COLUMN lms TEXT NOT NULL DEFAULT '{}'")
    rows = db.execute("SELECT id, accepted FROM questions WHERE accepted != '[]'").fetchall()
    for question_id, accepted in rows:
        answers = [
            {"text": item, "fraction": 100.0, "feedback": None} if isinstance(item, str) else item
            for item in json.loads(accepted)
        ]
        db.execute("UPDATE questions SET accepted = ? WHERE id = ?", [json.dumps(answers), question_id])


def _v13_section_languages(db: sqlite_utils.Database) -> None:
    """Each section's own language, so that a German chapter of an English book gets a German quiz;
    sections stored before take their material's language."""
    db.execute("ALTER TABLE sections ADD COLUMN language TEXT")
    db.execute(
        "UPDATE sections SET language = (SELECT language FROM materials WHERE materials.id = sections.material_id)"
    )


def _v14_question_keys(db: sqlite_utils.Database) -> None:
    """The keys of numerical questions (accepted numbers with tolerances and shares, units) and
    of matching questions (prompt and answer pairs), as JSON; the questions stored before have
    neither."""
    db.execute("ALTER TABLE questions ADD COLUMN numerical TEXT")
    db.execute("ALTER TABLE questions ADD COLUMN pairs TEXT NOT NULL DEFAULT '[]'")


def _v15_section_places(db: sqlite_utils.Database) -> None:
    """Where each page or time starts in a section's text, as JSON [[offset, page, seconds], ...],
    so that a question names the page or moment of its own span. Sections stored before have
    none (NULL) and their questions name the section's range."""
    db.execute("ALTER TABLE sections ADD COLUMN places TEXT")


def _v16_question_attachments(db: sqlite_utils.Database) -> None:
    """The files an imported question showed (name, sha256, size; the copies are in files/), as
    JSON; the questions stored before have none."""
    db.execute("ALTER TABLE questions ADD COLUMN attachments TEXT NOT NULL DEFAULT '[]'")


def _v17_merged_backups(db: sqlite_utils.Database) -> None:
    """The backups merged into this library, by the sha256 of their database, so that restoring
    one a second time is recognised and adds nothing instead of a second copy of its work."""
    _execute_statements(
        db,
        """
        CREATE TABLE merged_backups (
            database_sha256 TEXT PRIMARY KEY,
            name TEXT NOT NULL,
            merged_at TEXT NOT NULL
        );
        """,
    )


STEPS: list[Callable[[sqlite_utils.Database], None]] = [
    _v1_core_tables,
    _v2_settings,
    _v3_question_details,
    _v4_answer_run_details,
    _v5_handler_names_and_servers,
    _v6_servers,
    _v7_experiments_and_triplets,
    _v8_review_cards,
    _v9_rubrics,
    _v10_grade_origins,
    _v11_claims,
    _v12_question_interchange,
    _v13_section_languages,
    _v14_question_keys,
    _v15_section_places,
    _v16_question_attachments,
    _v17_merged_backups,
]
LATEST = len(STEPS)


def schema_version(db: sqlite_utils.Database) -> int:
    if "schema_version" not in db.table_names():
        return 0
    row = db.execute("SELECT MAX(version) FROM schema_version").fetchone()
    return row[0] or 0


def migrate(db: sqlite_utils.Database, target: int = LATEST) -> int:
    """Bring the file up to `target`; refuse a file written by a newer app."""
    current = schema_version(db)
    if current > LATEST:
        raise StoreError(
            f"This library was written by a newer Sensemaking Desktop (schema {current}, "
            f"this version knows {LATEST}); update the app to open it."
        )
    for version in range(current + 1, target + 1):
        with db.atomic():
            if version == 1:
                db.execute("CREATE TABLE schema_version (version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL)")
            STEPS[version - 1](db)
            db.execute(
                "INSERT INTO schema_version (version, applied_at) VALUES (?, ?)",
                [version, datetime.now(UTC).isoformat()],
            )
    return max(current, target)
