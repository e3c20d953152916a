"""The copies of imported files the library keeps (`files/` in the data folder), as materials refer to them."""

import json

from sensemaking_desktop.store.database import Store


def files_in_use(store: Store, stored: list[str]) -> set[str]:
    """Which of these kept copies (paths inside the data folder) a material refers to, so that an
    import that failed removes only the copies it made, never one another material shares."""
    rows = store.db.query(
        "SELECT DISTINCT json_extract(meta, '$.stored_file') AS stored FROM materials "
        "WHERE json_extract(meta, '$.stored_file') IN (SELECT value FROM json_each(?))",
        [json.dumps(stored)],
    )
    return {row["stored"] for row in rows}
