"""The layer contract holds and no module imports itself round a loop."""

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
