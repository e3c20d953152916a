"""The layer contract holds, no module imports itself round a loop, and only the store writes SQL."""

import ast
import re
from pathlib import Path

import grimp

ROOT = "sensemaking_desktop"


def test_no_import_cycle_between_modules() -> None:
    graph = grimp.build_graph(ROOT, exclude_type_checking_imports=True)
    loops = sorted(
        {
            tuple(sorted((module, imported)))
            for module in graph.modules
            for imported in graph.find_modules_directly_imported_by(module)
            if graph.find_shortest_chain(importer=imported, imported=module)
        }
    )
    assert not loops, f"import cycles: {loops[:5]}"


def test_the_store_and_the_job_queue_import_nothing_above_them() -> None:
    graph = grimp.build_graph(ROOT)
    above = ("roles", "workflows", "llm", "metrics", "ingest", "interchange", "cli", "gui", "bench", "text")
    for low in ("store", "jobs"):
        for higher in above:
            chain = graph.find_shortest_chain(importer=f"{ROOT}.{low}", imported=f"{ROOT}.{higher}", as_packages=True)
            assert chain is None, f"{low} imports {higher}: {chain}"


SQL = re.compile(r"\b(SELECT|INSERT INTO|INSERT OR|UPDATE \[?\w+\]? SET|DELETE FROM|CREATE TABLE|CREATE INDEX)\b")
SQL_OWNERS = ("store/", "jobs/queue.py")
"""The store owns every query; the job queue keeps the SQL of its own tables."""


def sql_in(path: Path) -> list[int]:
    """Lines of string constants in `path` that hold SQL, docstrings left out."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    return sorted(
        node.lineno
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and id(node) not in docstrings
        and SQL.search(node.value)
    )


def test_sql_is_written_only_in_the_store() -> None:
    package = Path(__file__).parent.parent / ROOT
    found = [
        f"{path.relative_to(package.parent)}:{line}"
        for path in sorted(package.rglob("*.py"))
        if not path.relative_to(package).as_posix().startswith(SQL_OWNERS)
        for line in sql_in(path)
    ]
    assert not found, f"SQL outside store/ and jobs/queue.py: {', '.join(found)}"


def test_each_job_kind_is_its_handlers_name() -> None:
    """The queue writes a job's kind from its handler's name and resumes it by that name, so the
    registry's key and the handler's name are one string written twice; they must agree."""
    from sensemaking_desktop.workflows.jobs import JOB_KINDS

    assert {name: loader().name for name, loader in JOB_KINDS.items()} == {name: name for name in JOB_KINDS}
