"""Rows of the `servers` table: model servers saved under a name (see llm/servers.py for their use)."""

from dataclasses import dataclass

from sensemaking_desktop.store.database import Store, now


@dataclass(frozen=True)
class SavedServer:
    """A saved server as the library keeps it: never its key, only where to read one."""

    name: str
    url: str
    api_key_env: str | None
    verify_tls: bool


def saved_servers(store: Store) -> list[SavedServer]:
    return [_saved(row) for row in store.db.query("SELECT * FROM servers ORDER BY name")]


def find_server(store: Store, name: str) -> SavedServer | None:
    row = next(store.db.query("SELECT * FROM servers WHERE name = ?", [name]), None)
    return _saved(row) if row else None


def servers_with_userinfo(store: Store) -> list[SavedServer]:
    """Saved servers whose address holds a `user:password@` part (as older versions saved them)."""
    return [_saved(row) for row in store.db.query("SELECT * FROM servers WHERE url LIKE '%@%'")]


def save_server(store: Store, server: SavedServer) -> None:
    """Save `server`, replacing one of the same name."""
    row = {
        "name": server.name,
        "url": server.url,
        "api_key_env": server.api_key_env,
        "verify_tls": int(server.verify_tls),
        "added_at": now(),
    }
    with store.atomic() as db:
        db["servers"].upsert(row, pk="name")


def set_server_url(store: Store, name: str, url: str) -> None:
    with store.atomic() as db:
        db.execute("UPDATE servers SET url = ? WHERE name = ?", [url, name])


def delete_server(store: Store, name: str) -> None:
    with store.atomic() as db:
        db.execute("DELETE FROM servers WHERE name = ?", [name])


def _saved(row: dict) -> SavedServer:
    return SavedServer(row["name"], row["url"], row["api_key_env"], bool(row["verify_tls"]))
