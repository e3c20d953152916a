"""Secrets never in the library: a key written into a server address goes to the OS keyring
(or the address is refused), and no key or password reaches the library file, a job's row, a
backup or what a command prints. Each test plants a secret and greps every byte for it."""

import json
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pymupdf
import pytest
from fakeopenai import FakeOpenAI
from memorykeyring import MemoryKeyring

from sensemaking_desktop.errors import ServerError
from sensemaking_desktop.interchange.backup import backup
from sensemaking_desktop.llm.server_client import parse_server_url
from sensemaking_desktop.llm.servers import KEYRING_SERVICE, server_model
from sensemaking_desktop.quizzes.model import Question, QuestionKind, Quiz, Source
from sensemaking_desktop.redact import scrub
from sensemaking_desktop.store import Store, open_store
from sensemaking_desktop.store.answers import add_answer, add_run
from sensemaking_desktop.store.database import now
from sensemaking_desktop.store.materials import add_material, sections_of
from sensemaking_desktop.store.quizzes import add_quiz, get_quiz
from sensemaking_desktop.workflows.core import Core

HERE = Path(__file__).resolve().parent
SECRET = "PLANTED-SECRET-7f3a9c"


def _with_key(url: str, key: str = SECRET) -> str:
    return url.replace("http://", f"http://user:{key}@", 1)


def _every_byte(data_dir: Path) -> bytes:
    """The library folder's files, the database with its write-ahead log included."""
    return b"".join(path.read_bytes() for path in sorted(data_dir.rglob("*")) if path.is_file())


def _backup_bytes(archive: Path) -> bytes:
    with zipfile.ZipFile(archive) as opened:
        return b"".join(opened.read(name) for name in opened.namelist())


def _quiz(store: Store) -> int:
    with store.atomic() as db:
        material_id = add_material(db, {"title": "Sea", "kind": "text"}, [{"text": "The salt stays behind."}])
    section_id = sections_of(store, material_id)[0].id
    question = Question(
        kind=QuestionKind.OPEN,
        text="Why is rain fresh?",
        reference_answer="The salt stays behind.",
        source=Source(section_id=section_id),
    )
    with store.atomic() as db:
        quiz_id = add_quiz(db, Quiz(material_id=material_id, title="Rain", questions=[question]))
    question_id = get_quiz(store, quiz_id).questions[0].id
    with store.atomic() as db:
        add_answer(db, add_run(db, quiz_id, "person", "Ada", "imported"), question_id, "Salt stays behind.")
    return quiz_id


def lecture_pdf(path: Path, *, password: str) -> Path:
    """A two-page PDF that opens only with `password`."""
    document = pymupdf.open()
    for text in ("Sea water evaporates; the salt stays behind.", "Rain is fresh water."):
        document.new_page().insert_textbox((72, 72, 520, 770), text * 20, fontsize=10)
    document.save(path, encryption=pymupdf.PDF_ENCRYPT_AES_256, user_pw=password, owner_pw=password)
    return path


def _cli(data_dir: Path, keyring_file: Path, *args: str, backend: str = "filekeyring.FileKeyring"):
    env = os.environ | {
        "PYTHON_KEYRING_BACKEND": backend,
        "SENSEMAKING_TEST_KEYRING": str(keyring_file),
        "PYTHONPATH": os.pathsep.join([str(HERE), os.environ.get("PYTHONPATH", "")]),
    }
    command = [sys.executable, "-m", "sensemaking_desktop", "--data-dir", str(data_dir), *args]
    return subprocess.run(command, capture_output=True, text=True, timeout=180, env=env)


def test_a_key_in_the_address_is_moved_to_the_keyring_and_stored_nowhere(tmp_path: Path) -> None:
    data, keyring_file = tmp_path / "data", tmp_path / "keyring.json"
    with open_store(data) as store:
        quiz_id = _quiz(store)
    with FakeOpenAI(api_key=SECRET) as fake:  # the server refuses a request without the key
        graded = _cli(data, keyring_file, "grade", str(quiz_id), "--model", _with_key(fake.url), "--json")
        assert graded.returncode == 0, graded.stderr
        assert json.loads(graded.stdout)["graded"] == 1
        answered = _cli(data, keyring_file, "answer", str(quiz_id), "--model", _with_key(fake.url + "#fake-model:1b"))
        assert answered.returncode == 0, answered.stderr
        made = _cli(data, keyring_file, "backup", str(tmp_path / "b.zip"))
    assert json.loads(keyring_file.read_text()) == {f"{KEYRING_SERVICE}|{fake.url}": SECRET}
    printed = graded.stdout + graded.stderr + answered.stdout + answered.stderr + made.stdout + made.stderr
    assert SECRET not in printed and "Traceback" not in printed
    assert SECRET.encode() not in _every_byte(data)
    assert SECRET.encode() not in _backup_bytes(tmp_path / "b.zip")
    with open_store(data) as store:
        urls = {row[0] for row in store.db.execute("SELECT server_url FROM generations")}
        params = [json.loads(row[0])["model"] for row in store.db.execute("SELECT params FROM jobs")]
    assert urls == {fake.url} and params == [fake.url, fake.url + "#fake-model:1b"]


def test_without_a_keyring_an_address_with_a_key_is_refused_in_one_line(tmp_path: Path) -> None:
    data = tmp_path / "data"
    with open_store(data) as store:
        quiz_id = _quiz(store)
    url = _with_key("http://127.0.0.1:9/v1")
    refused = _cli(
        data, tmp_path / "k.json", "grade", str(quiz_id), "--model", url, backend="keyring.backends.fail.Keyring"
    )
    assert refused.returncode == 1 and SECRET not in refused.stdout + refused.stderr
    (line,) = refused.stderr.strip().splitlines()
    assert line.startswith("error: The address of http://127.0.0.1:9/v1 holds an API key, which is never stored")
    assert "--api-key-env" in line
    assert SECRET.encode() not in _every_byte(data)
    with open_store(data) as store:
        assert store.db["jobs"].count == 0


def test_an_ingest_password_never_enters_the_job_row_even_when_a_file_fails(tmp_path: Path) -> None:
    data = tmp_path / "data"
    locked = lecture_pdf(tmp_path / "locked.pdf", password=SECRET)
    broken = tmp_path / "broken.pdf"
    broken.write_bytes(b"%PDF-1.4 broken")
    result = _cli(data, tmp_path / "k.json", "ingest", str(locked), str(broken), "--password", SECRET, "--json")
    assert result.returncode == 1 and SECRET not in result.stdout + result.stderr
    outcomes = {Path(entry["path"]).name: entry["status"] for entry in json.loads(result.stdout)}
    assert outcomes == {"locked.pdf": "done", "broken.pdf": "failed"}
    library = _every_byte(data)
    assert SECRET.encode() not in library.replace(locked.read_bytes(), b"")  # the kept copy of the PDF aside


def test_a_secret_parameter_is_used_by_the_run_but_never_written(store: Store, data_dir: Path) -> None:
    from sensemaking_desktop.ingest.importer import IngestHandler, IngestOptions
    from sensemaking_desktop.workflows.jobs import job_queue

    locked = lecture_pdf(data_dir.parent / "locked.pdf", password=SECRET)
    queue = job_queue(store, data_dir)
    params = IngestOptions(password=SECRET).model_dump()
    job_id = queue.submit(IngestHandler, kind="ingest", title="t", params=params, items=[("l", {"path": str(locked)})])
    assert "password" not in queue.params(job_id)
    assert queue.run(job_id).status == "done"
    resumed_elsewhere = job_queue(store, data_dir)  # another process: the password is not known there
    assert resumed_elsewhere.params(job_id) == queue.params(job_id)


def test_credentials_older_versions_stored_are_moved_or_dropped_at_start(
    tmp_path: Path, memory_keyring: MemoryKeyring
) -> None:
    data = tmp_path / "data"
    with open_store(data) as store, store.atomic() as db:
        db["servers"].insert({"name": "lab", "url": _with_key("http://10.0.0.5:8000/v1"), "added_at": now()})
        db["jobs"].insert(
            {
                "kind": "ingest",
                "title": "t",
                "handler": "ingest",
                "params": json.dumps({"password": SECRET, "model": _with_key("http://10.0.0.6/v1")}),
                "status": "failed",
                "created_at": now(),
                "updated_at": now(),
            }
        )
        db["generations"].insert(
            {
                "model_name": "m",
                "model_file": "m",
                "model_sha256": "",
                "backend": "openai",
                "sampling": "{}",
                "prompt_tokens": 1,
                "completion_tokens": 1,
                "prompt_s": 0,
                "completion_s": 0,
                "server_url": _with_key("http://10.0.0.6/v1"),
                "created_at": now(),
            }
        )
    with open_store(data) as store:
        archive = backup(store, data, tmp_path / "old.zip")  # a backup made from such a library
    assert SECRET.encode() not in _backup_bytes(archive)
    core = Core(data)
    try:
        store = core.store  # the start
        assert store.db.execute("SELECT url FROM servers").fetchone()[0] == "http://10.0.0.5:8000/v1"
        assert json.loads(store.db.execute("SELECT params FROM jobs").fetchone()[0]) == {"model": "http://10.0.0.6/v1"}
        assert store.db.execute("SELECT server_url FROM generations").fetchone()[0] == "http://10.0.0.6/v1"
    finally:
        core.close()
    assert memory_keyring.passwords == {(KEYRING_SERVICE, "http://10.0.0.5:8000/v1"): SECRET}
    assert SECRET.encode() not in _every_byte(data)


def test_an_address_s_key_is_taken_out_of_it(store: Store, memory_keyring: MemoryKeyring) -> None:
    address = parse_server_url(_with_key("http://127.0.0.1:8080/v1/#m%201"))
    assert (address.base_url, address.model, address.credential) == ("http://127.0.0.1:8080/v1", "m 1", SECRET)
    assert SECRET not in repr(address) and SECRET not in address.ref
    assert parse_server_url(f"http://{SECRET}@host/v1").credential == SECRET  # a bare token as the user
    served = server_model(store, _with_key("http://127.0.0.1:8080/v1#m"))
    assert served is not None and served.name == "http://127.0.0.1:8080/v1#m" and SECRET not in served.url
    assert served.server.config().api_key == SECRET
    record = {_with_key("http://h/v1"): {"server_url": _with_key("http://h/v1")}}  # an experiment's models
    assert scrub(record) == {"http://h/v1": {"server_url": "http://h/v1"}}
    with pytest.raises(ServerError, match=r"^'http://host:port/v1' is not a server address") as caught:
        parse_server_url(_with_key("http://host:port/v1"))
    assert SECRET not in str(caught.value)
