"""Download one model file from a Hugging Face compatible hub, resumably and checked.

`huggingface_hub.hf_hub_download` (as of 2.4) streams into a temporary file with a per-call
random name and deletes it when the transfer fails, so a cancelled or broken download
of a multi-gigabyte model would start again from zero. This module therefore keeps the
hub's own metadata lookup (`get_hf_file_metadata`: redirects, size, sha256 etag), URL
layout, HTTP session (proxies, user agent, stored token) and error classification, but
streams the body itself into `<file>.<etag key>.incomplete` next to the target and
continues that file with an HTTP Range request on the next call.

The body is always a plain HTTP GET of the resolved location, so Xet storage is never
used and no process-wide setting (such as HF_HUB_DISABLE_XET) has to change.

A transfer that stalls or breaks is resumed from where it stopped, up to RETRIES times
with a growing pause, before the failure is reported. The hub's HTTP client (httpx2) takes
proxies from HTTPS_PROXY, HTTP_PROXY and NO_PROXY and extra CA certificates from
SSL_CERT_FILE or SSL_CERT_DIR.
"""

import errno
import hashlib
import os
import re
import shutil
import time
from collections.abc import Callable
from pathlib import Path
from urllib.parse import urljoin, urlsplit

import httpx2
from huggingface_hub import constants, get_hf_file_metadata, hf_hub_url
from huggingface_hub.errors import (
    GatedRepoError,
    HfHubHTTPError,
    HFValidationError,
    OfflineModeIsEnabled,
    RemoteEntryNotFoundError,
    RepositoryNotFoundError,
    RevisionNotFoundError,
)
from huggingface_hub.utils import build_hf_headers, get_session, hf_raise_for_status

from sensemaking_desktop.cancel import NEVER, CancelToken
from sensemaking_desktop.errors import Cancelled, DownloadError, ModelFileError, SensemakingError
from sensemaking_desktop.hashing import sha256_of

ProgressCallback = Callable[[int, int | None], None]
"""Called with (bytes on disk, total bytes or None when the server does not say)."""

_SHA256 = re.compile(r"[0-9a-f]{64}")
_REPORT_SECONDS = 0.2
_KEPT = "The partial download is kept and will resume."
RETRIES = 3
RETRY_PAUSE_S = 1.0
"""Pauses of 1, 2 and 4 seconds between the attempts at a broken transfer."""


def download_file(
    *,
    repo: str,
    filename: str,
    revision: str,
    target_dir: Path,
    expected_sha256: str | None,
    endpoint: str | None = None,
    on_progress: ProgressCallback | None = None,
    cancel: CancelToken = NEVER,
) -> Path:
    """Fetch `filename` of `repo` at `revision` into `target_dir` and return its path.

    A file already there with the right checksum is returned without transfer. The
    checksum is `expected_sha256`, else the hub's sha256 etag of LFS files; a mismatch
    deletes the download and raises ModelFileError. Cancel raises Cancelled and keeps
    the partial file; every other failure raises DownloadError with a one-line message.
    """
    cancel.raise_if_cancelled()
    hub = (endpoint or constants.ENDPOINT).rstrip("/")
    final = target_dir / filename
    try:
        return _download(repo, filename, revision, final, expected_sha256, endpoint, hub, on_progress, cancel)
    except SensemakingError:
        raise
    except (httpx2.HTTPError, OSError, HFValidationError) as error:
        if cancel.cancelled:
            raise Cancelled() from error
        message = _explain(error, repo=repo, filename=filename, revision=revision, hub=hub, folder=final.parent)
        raise DownloadError(f"{message} {_KEPT}" if _partials(final) else message) from error


def _download(
    repo: str,
    filename: str,
    revision: str,
    final: Path,
    expected_sha256: str | None,
    endpoint: str | None,
    hub: str,
    on_progress: ProgressCallback | None,
    cancel: CancelToken,
) -> Path:
    url = hf_hub_url(repo, filename, revision=revision, endpoint=endpoint)
    metadata = get_hf_file_metadata(url, endpoint=endpoint)
    if metadata.commit_hash is None or metadata.etag is None:
        raise DownloadError(
            f"The server at {hub} does not answer like a model hub; a proxy or login page may be in the way."
        )
    wanted = expected_sha256.lower() if expected_sha256 else None
    if wanted is None and _SHA256.fullmatch(metadata.etag):
        wanted = metadata.etag
    size = metadata.size

    if final.is_file() and _is_complete(final, wanted, size, cancel):
        return final

    partial = _partial_for(final, metadata.etag, size)
    _fetch_rest(url, metadata.location, partial, size, filename, _Progress(on_progress, size), cancel)
    cancel.raise_if_cancelled()

    if wanted is not None:
        actual = sha256_of(partial, cancel)
        if actual != wanted:
            partial.unlink()
            raise ModelFileError(
                f"{filename} from {repo} failed its checksum (expected sha256 {wanted[:12]}…, got {actual[:12]}…); "
                "the damaged download was deleted, try again."
            )
    os.replace(partial, final)
    return final


def _partial_for(final: Path, etag: str, size: int | None) -> Path:
    """The `.incomplete` file this version of `final` (its etag) continues in; the partials of
    other versions are deleted, and this one too when it is longer than the file can be."""
    final.parent.mkdir(parents=True, exist_ok=True)
    etag_key = hashlib.sha256(etag.encode()).hexdigest()[:16]
    partial = final.with_name(f"{final.name}.{etag_key}.incomplete")
    for stale in _partials(final):
        if stale != partial:
            stale.unlink()
    if size is not None and partial.exists() and partial.stat().st_size > size:
        partial.unlink()
    return partial


def _fetch_rest(
    url: str,
    location: str,
    partial: Path,
    size: int | None,
    filename: str,
    progress: "_Progress",
    cancel: CancelToken,
) -> None:
    """Stream what `partial` still lacks from the file's resolved `location` (relative to `url`);
    nothing when it already holds `size` bytes."""
    offset = partial.stat().st_size if partial.exists() else 0
    if size is not None and offset >= size:
        return
    if size is not None:
        _check_free_space(partial.parent, size - offset, filename)
    location = urljoin(url, location)
    headers = build_hf_headers()
    if urlsplit(location)[:2] != urlsplit(url)[:2]:
        headers.pop("authorization", None)  # a signed CDN address needs no token; do not leak it
    _stream_with_retries(location, headers, partial, size, filename, progress, cancel)


def _is_complete(path: Path, wanted: str | None, size: int | None, cancel: CancelToken) -> bool:
    """Whether a file left by an earlier download is the right one; size is the only check without a hash."""
    if wanted is not None:
        return sha256_of(path, cancel) == wanted
    return size is not None and path.stat().st_size == size


def _partials(final: Path) -> list[Path]:
    """The `.incomplete` files of earlier attempts at `final`, whatever etag they were for."""
    try:
        return [
            path
            for path in final.parent.iterdir()
            if path.name.startswith(f"{final.name}.") and path.name.endswith(".incomplete")
        ]
    except OSError:
        return []


def _check_free_space(folder: Path, needed: int, filename: str) -> None:
    """Fail before the transfer rather than after minutes of it when the disk cannot hold the file."""
    free = shutil.disk_usage(folder).free
    if free < needed:
        raise DownloadError(
            f"Not enough free disk space in {folder} for {filename}: "
            f"{_human(needed)} needed, {_human(free)} free. Free some space and try again."
        )


def _stream_with_retries(
    url: str,
    headers: dict[str, str],
    partial: Path,
    size: int | None,
    filename: str,
    progress: "_Progress",
    cancel: CancelToken,
) -> None:
    """_stream, resumed from the bytes on disk after a stall or a broken connection."""
    for attempt in range(RETRIES + 1):
        offset = partial.stat().st_size if partial.exists() else 0
        try:
            _stream(url, headers, partial, offset, size, filename, progress, cancel)
            return
        except (httpx2.TransportError, _StoppedEarly):
            if attempt == RETRIES or cancel.cancelled:
                raise
        if cancel.wait(RETRY_PAUSE_S * 2**attempt):
            raise Cancelled()


class _StoppedEarly(DownloadError):
    """The server closed the transfer before the whole file arrived."""


def _stream(
    url: str,
    headers: dict[str, str],
    partial: Path,
    offset: int,
    size: int | None,
    filename: str,
    progress: "_Progress",
    cancel: CancelToken,
) -> None:
    """Append the bytes after `offset` to `partial`, checking cancel at every network read."""
    headers = {**headers, "Accept-Encoding": "identity"}  # Range counts stored bytes, not compressed ones
    if offset:
        headers["Range"] = f"bytes={offset}-"
    with get_session().stream("GET", url, headers=headers, timeout=constants.HF_HUB_DOWNLOAD_TIMEOUT) as response:
        if response.status_code == 416:
            partial.unlink()
            raise DownloadError(
                f"The partial download of {filename} no longer matches the file on the hub and was deleted; try again."
            )
        hf_raise_for_status(response)
        resumed = response.status_code == 206
        done = offset if resumed else 0
        with partial.open("ab" if resumed else "wb") as file:
            progress(done)
            for chunk in response.iter_bytes():
                cancel.raise_if_cancelled()
                file.write(chunk)
                done += len(chunk)
                progress(done)
    progress(done, final=True)
    if size is not None and done != size:
        raise _StoppedEarly(f"The download of {filename} stopped early ({_human(done)} of {_human(size)}). {_KEPT}")


class _Progress:
    """Forwards the byte count once another 1 % has arrived or 0.2 s have passed, so a GUI is not flooded."""

    def __init__(self, callback: ProgressCallback | None, total: int | None) -> None:
        self._callback = callback
        self._total = total
        self._step = total // 100 if total else 0
        self._sent = -1
        self._sent_at = 0.0

    def __call__(self, done: int, *, final: bool = False) -> None:
        if self._callback is None or done == self._sent:
            return
        now = time.monotonic()
        if (
            final
            or self._sent < 0
            or (self._step and done - self._sent >= self._step)
            or now - self._sent_at >= _REPORT_SECONDS
        ):
            self._sent, self._sent_at = done, now
            self._callback(done, self._total)


def _explain(
    error: httpx2.HTTPError | OSError | HFValidationError,
    *,
    repo: str,
    filename: str,
    revision: str,
    hub: str,
    folder: Path,
) -> str:
    """One sentence for the user; the caller adds whether the partial file is kept."""
    if isinstance(error, OfflineModeIsEnabled):
        return "Downloads are switched off because offline mode is set (HF_HUB_OFFLINE); unset it to download models."
    if isinstance(error, GatedRepoError):
        return (
            f"The model {repo} on {hub} requires accepting its terms and signing in with an access token "
            "before it can be downloaded."
        )
    if isinstance(error, RepositoryNotFoundError):
        return f"The model repository {repo} was not found on {hub}; it may be misspelled or private."
    if isinstance(error, RevisionNotFoundError):
        return f"Version {revision} of {repo} was not found on {hub}."
    if isinstance(error, HfHubHTTPError):
        status = error.response.status_code
        if isinstance(error, RemoteEntryNotFoundError) or status == 404:
            return f"The file {filename} was not found in {repo} (version {revision}) on {hub}."
        if status in (401, 403):
            return f"{hub} refused access to {repo} (HTTP {status}); it may be private or need an access token."
        return f"The model hub at {hub} answered with an error (HTTP {status})."
    if isinstance(error, httpx2.TimeoutException):
        return f"The model hub at {hub} did not answer in time."
    if isinstance(error, httpx2.ConnectError):
        return f"Could not reach the model hub at {hub}: {_reason(error)}."
    if isinstance(error, httpx2.HTTPError):
        return f"The connection to the model hub at {hub} failed ({_reason(error)})."
    if isinstance(error, HFValidationError):
        return f"{repo!r} is not a valid model repository name."
    if error.errno == errno.ENOSPC:
        return f"The disk holding {folder} is full; free some space."
    if error.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
        return f"Cannot write to {folder}: the folder is read-only or you lack permission."
    return f"Cannot save {filename} in {folder}: {error.strerror or error}."


def _reason(error: Exception) -> str:
    """The OS's words for a network failure, e.g. 'connection refused', without errno noise."""
    lines = str(error).strip().splitlines()
    text = re.sub(r"^\[Errno -?\d+\]\s*", "", lines[0]) if lines else ""
    return text[:1].lower() + text[1:] if text else type(error).__name__


def _human(count: int) -> str:
    return f"{count / 1e9:.1f} GB" if count >= 1e9 else f"{count / 1e6:.0f} MB"
