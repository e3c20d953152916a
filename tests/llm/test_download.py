"""download_file against the local stand-in for the model hub (tests/fakehub.py)."""

import errno
import hashlib
import os
import socket
from pathlib import Path
from types import SimpleNamespace

import pytest
from fakehub import REPO, REVISION, FakeHub

from sensemaking_desktop.cancel import CancelToken
from sensemaking_desktop.errors import Cancelled, DownloadError, ModelFileError, SensemakingError
from sensemaking_desktop.hashing import sha256_of
from sensemaking_desktop.llm import download
from sensemaking_desktop.llm.download import download_file


def _fetch(hub: FakeHub, target: Path, filename: str = "model.gguf", **kwargs: object) -> Path:
    options: dict = {"repo": REPO, "revision": REVISION, "expected_sha256": None, "endpoint": hub.url} | kwargs
    return download_file(filename=filename, target_dir=target, **options)


def _leftovers(target: Path) -> list[str]:
    return sorted(path.name for path in target.iterdir()) if target.exists() else []


def test_full_download_matches_source_and_reports_progress(hub: FakeHub, tmp_path: Path, gguf) -> None:
    _, sha, size = gguf
    target = tmp_path / "models"
    target.mkdir()
    (target / "model.gguf.0123456789abcdef.incomplete").write_bytes(b"left by a download of an older version")
    progress: list[tuple[int, int | None]] = []

    path = _fetch(
        hub, target, expected_sha256=sha.upper(), on_progress=lambda done, total: progress.append((done, total))
    )

    assert path == target / "model.gguf"
    assert sha256_of(path) == sha
    assert progress[-1] == (size, size)
    assert [done for done, _ in progress] == sorted({done for done, _ in progress})
    assert 10 <= len(progress) <= 200  # reported as it goes, but throttled
    assert hub.gets() == [("/test-org/smollm2-gguf/resolve/main/model.gguf", None)]
    assert _leftovers(target) == ["model.gguf"]

    hub.requests.clear()
    assert _fetch(hub, target, expected_sha256=sha) == path
    assert hub.gets() == []  # already there and verified: nothing transferred


def test_lfs_redirect_to_another_host_is_followed(hub: FakeHub, tmp_path: Path, gguf) -> None:
    _, sha, _ = gguf
    path = _fetch(hub, tmp_path, "cdn.gguf")
    assert sha256_of(path) == sha
    assert hub.gets() == [("/cdn/cdn.gguf", None)]


def test_cancel_keeps_partial_and_next_call_resumes_with_range(hub: FakeHub, tmp_path: Path, gguf) -> None:
    _, sha, size = gguf
    token = CancelToken()

    def cancel_at_30_percent(done: int, total: int | None) -> None:
        assert total == size
        if done >= 0.3 * size:
            token.cancel()

    with pytest.raises(Cancelled):
        _fetch(hub, tmp_path, on_progress=cancel_at_30_percent, cancel=token)

    assert not (tmp_path / "model.gguf").exists()
    [partial] = tmp_path.glob("model.gguf.*.incomplete")
    kept = partial.stat().st_size
    assert 0.3 * size <= kept < 0.6 * size

    hub.requests.clear()
    progress: list[int] = []
    path = _fetch(hub, tmp_path, on_progress=lambda done, total: progress.append(done))

    assert hub.gets() == [("/test-org/smollm2-gguf/resolve/main/model.gguf", f"bytes={kept}-")]
    assert progress[0] == kept and progress[-1] == size
    assert sha256_of(path) == sha
    assert _leftovers(tmp_path) == ["model.gguf"]


def test_server_ignoring_range_restarts_from_zero(hub: FakeHub, tmp_path: Path, gguf) -> None:
    _, sha, size = gguf
    token = CancelToken()

    def cancel_at_a_third(done: int, total: int | None) -> None:
        if done >= size // 3:
            token.cancel()

    with pytest.raises(Cancelled):
        _fetch(hub, tmp_path, "no-range.gguf", cancel=token, on_progress=cancel_at_a_third)
    assert next(tmp_path.glob("no-range.gguf.*.incomplete")).stat().st_size >= size // 3

    progress: list[int] = []
    path = _fetch(hub, tmp_path, "no-range.gguf", on_progress=lambda done, total: progress.append(done))

    assert hub.gets()[-1][1] is not None  # asked for a range, got the whole file
    assert progress[0] == 0 and progress[-1] == size  # the partial was overwritten, not appended to
    assert sha256_of(path) == sha


def test_wrong_expected_sha256_deletes_the_download(hub: FakeHub, tmp_path: Path, gguf) -> None:
    _, sha, _ = gguf
    with pytest.raises(ModelFileError) as caught:
        _fetch(hub, tmp_path, expected_sha256="f" * 64)
    message = str(caught.value)
    assert "model.gguf" in message and "ffffffffffff" in message and sha[:12] in message
    assert "\n" not in message
    assert _leftovers(tmp_path) == []


def test_hub_sha256_etag_is_checked_without_expected_sha256(hub: FakeHub, tmp_path: Path) -> None:
    with pytest.raises(ModelFileError, match=r"bad-etag\.gguf .*expected sha256 000000000000"):
        _fetch(hub, tmp_path, "bad-etag.gguf")
    assert _leftovers(tmp_path) == []


def test_expected_sha256_takes_precedence_over_the_hub_etag(hub: FakeHub, tmp_path: Path, gguf) -> None:
    _, sha, _ = gguf
    path = _fetch(hub, tmp_path, "bad-etag.gguf", expected_sha256=sha)
    assert sha256_of(path) == sha


@pytest.mark.parametrize(
    ("repo", "filename", "revision", "expected"),
    [
        (REPO, "missing.gguf", REVISION, "The file missing.gguf was not found in test-org/smollm2-gguf"),
        ("nobody/nothing", "model.gguf", REVISION, "The model repository nobody/nothing was not found"),
        (REPO, "model.gguf", "v9", "Version v9 of test-org/smollm2-gguf was not found"),
    ],
)
def test_not_found_is_a_download_error(
    hub: FakeHub, tmp_path: Path, repo: str, filename: str, revision: str, expected: str
) -> None:
    with pytest.raises(DownloadError) as caught:
        _fetch(hub, tmp_path, filename, repo=repo, revision=revision)
    message = str(caught.value)
    assert message.startswith(expected) and hub.url in message
    assert "\n" not in message and "huggingface" not in message.lower()


def test_unreachable_hub_is_a_download_error(hub: FakeHub, tmp_path: Path) -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        closed = f"http://127.0.0.1:{probe.getsockname()[1]}"
    with pytest.raises(DownloadError) as caught:
        _fetch(hub, tmp_path, endpoint=closed)
    assert str(caught.value) == f"Could not reach the model hub at {closed}: connection refused."


def test_target_that_cannot_be_created_is_a_download_error(hub: FakeHub, tmp_path: Path) -> None:
    blocker = tmp_path / "blocker"
    blocker.write_text("a file where a folder should be")
    with pytest.raises(DownloadError, match=r"^Cannot save model\.gguf in .*blocker/models"):
        _fetch(hub, blocker / "models")


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="root writes into read-only folders")
def test_read_only_target_is_a_download_error(hub: FakeHub, tmp_path: Path) -> None:
    tmp_path.chmod(0o555)
    try:
        with pytest.raises(DownloadError, match="read-only or you lack permission"):
            _fetch(hub, tmp_path)
    finally:
        tmp_path.chmod(0o755)


def test_permission_denied_is_a_download_error_even_as_root(
    hub: FakeHub, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def refuse(self: Path, *args: object, **kwargs: object) -> None:
        raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(self))

    monkeypatch.setattr(Path, "mkdir", refuse)
    with pytest.raises(
        DownloadError, match=r"^Cannot write to .*/models: the folder is read-only or you lack permission\.$"
    ):
        _fetch(hub, tmp_path / "models")


def test_too_little_free_space_fails_before_transfer(
    hub: FakeHub, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(download.shutil, "disk_usage", lambda _: SimpleNamespace(total=1, used=1, free=0))
    with pytest.raises(DownloadError, match=r"^Not enough free disk space in .* for model\.gguf: 98 MB needed"):
        _fetch(hub, tmp_path)
    assert hub.gets() == []


def test_disk_full_mid_transfer_keeps_the_partial(hub: FakeHub, tmp_path: Path, gguf) -> None:
    _, _, size = gguf

    def disk_fills_up(done: int, total: int | None) -> None:
        if done >= 0.3 * size:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    with pytest.raises(DownloadError) as caught:
        _fetch(hub, tmp_path, on_progress=disk_fills_up)
    assert str(caught.value).endswith("is full; free some space. The partial download is kept and will resume.")
    assert len(list(tmp_path.glob("model.gguf.*.incomplete"))) == 1


def test_cancelled_before_start_sends_nothing(hub: FakeHub, tmp_path: Path) -> None:
    token = CancelToken()
    token.cancel()
    with pytest.raises(Cancelled):
        _fetch(hub, tmp_path, cancel=token)
    assert hub.requests == []


def test_sha256_of_streams_and_cancels(tmp_path: Path) -> None:
    data = os.urandom(3 * 1024 * 1024 + 5)
    path = tmp_path / "blob"
    path.write_bytes(data)
    assert sha256_of(path) == hashlib.sha256(data).hexdigest()
    token = CancelToken()
    token.cancel()
    with pytest.raises(Cancelled):
        sha256_of(path, token)
    with pytest.raises(SensemakingError, match="Cannot read"):
        sha256_of(tmp_path / "absent")


def test_a_dropped_transfer_is_resumed_after_a_pause(
    hub: FakeHub, tmp_path: Path, gguf, monkeypatch: pytest.MonkeyPatch
) -> None:
    _, sha, _ = gguf
    monkeypatch.setattr(download, "RETRY_PAUSE_S", 0.01)
    path = _fetch(hub, tmp_path, filename="drops.gguf")
    assert sha256_of(path) == sha
    ranges = [byte_range for _, byte_range in hub.gets()]
    assert ranges[0] is None and ranges[1] == f"bytes={3 * 256 * 1024}-"
