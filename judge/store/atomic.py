"""Crash-safe files: every write replaces a file whole, never edits it in place.

A poll may be killed at any instant (cron timeout, reboot, OOM).  Writing a
JSON file in place could then leave half a file, and the game in it would be
lost.  Here a write goes to a temp file in the same directory, is fsynced, and
is renamed over the old file with :func:`os.replace` (atomic on POSIX), then
the directory is fsynced so the rename itself survives a power cut.  A reader
sees the old file or the new one, nothing in between.

:class:`AtomicJSONStorage` puts TinyDB on top of that, and :class:`BatchWrites`
makes a batch of TinyDB operations cost one read and one write, so that saving
a whole game record (several tables) is a single atomic replacement.
"""

from __future__ import annotations

import json
import os
import secrets
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from tinydb import TinyDB
from tinydb.middlewares import Middleware
from tinydb.storages import Storage

from judge.budget import shielded

TEMP_SUFFIX = ".tmp"

Tables = dict[str, dict[str, Any]]


class StoreError(Exception):
    """Something in the data directory cannot be read or written as asked."""


class StoreRefused(StoreError):
    """The store refuses what it was asked to keep or find (a name, a game): the request's fault, not the disk's.

    A mail that causes one is answered (its line refused) and never left in the mailbox to be tried again.
    """


class StoreCorrupt(StoreError):
    """A data file exists but is not valid JSON (edited by hand?); the message names it."""


def fsync_dir(path: Path) -> None:
    """Make a rename or a new file in ``path`` durable, not only the file's bytes."""
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def temp_name(path: Path) -> Path:
    """A hidden temp file beside ``path``: same filesystem, so the rename is atomic."""
    return path.with_name(f".{path.name}.{os.getpid()}.{secrets.token_hex(4)}{TEMP_SUFFIX}")


def make_private_dirs(directory: Path) -> None:
    """``directory`` and every missing parent, each mode 0700 (``mkdir(parents=True)`` leaves parents 0755)."""
    missing = []
    while not directory.is_dir():
        missing.append(directory)
        directory = directory.parent
    for folder in reversed(missing):
        folder.mkdir(mode=0o700, exist_ok=True)


def atomic_write_bytes(path: Path, data: bytes) -> None:
    """Replace ``path`` with ``data``: after a crash the file is old or new, never partial."""
    with shielded():  # a time limit running out waits for the write (judge/budget.py)
        make_private_dirs(path.parent)
        tmp = temp_name(path)
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        try:
            with os.fdopen(fd, "wb") as handle:
                handle.write(data)
                handle.flush()
                os.fsync(handle.fileno())
            os.replace(tmp, path)
        except BaseException:
            tmp.unlink(missing_ok=True)
            raise
        fsync_dir(path.parent)


def read_json(path: Path) -> Any | None:
    """The JSON in ``path``, or None if the file is missing or empty."""
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return None
    if not raw.strip():
        return None
    try:
        return json.loads(raw)
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise StoreCorrupt(f"{path}: not valid JSON ({exc})") from None


def write_json(path: Path, data: Any) -> None:
    """Write ``data`` as compact UTF-8 JSON, atomically."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    atomic_write_bytes(path, text.encode("utf-8"))


class AtomicJSONStorage(Storage):
    """TinyDB storage on one JSON file, written atomically; a missing file reads as empty.

    Unlike TinyDB's ``JSONStorage`` it keeps no file handle open and never
    creates the file on open, so a read-only visit leaves no trace.
    """

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = Path(path)

    def read(self) -> Tables | None:
        data = read_json(self.path)
        if data is not None and not isinstance(data, dict):
            raise StoreCorrupt(f"{self.path}: not a TinyDB file (top level is not an object)")
        return data

    def write(self, data: Tables) -> None:
        write_json(self.path, data)

    def close(self) -> None:
        pass


class BatchWrites(Middleware):
    """Read the file once, keep every change in memory, write once on :meth:`flush`.

    TinyDB reads and rewrites the whole file for every table operation; for a
    game saved as five tables that would be five writes, and a crash between
    them would leave a mixed record.  Batched, it is one atomic write.
    """

    def __init__(self, storage_cls: type[Storage] = AtomicJSONStorage) -> None:
        super().__init__(storage_cls)
        self._data: Tables | None = None
        self._dirty = False

    def read(self) -> Tables:
        if self._data is None:
            self._data = self.storage.read() or {}
        return self._data

    def write(self, data: Tables) -> None:
        self._data = data
        self._dirty = True

    def flush(self) -> None:
        """Write the batch if anything changed (nothing happens on a read-only visit)."""
        if self._dirty and self._data is not None:
            self.storage.write(self._data)
            self._dirty = False

    def close(self) -> None:
        self.storage.close()


@contextmanager
def open_db(path: Path) -> Iterator[TinyDB]:
    """A TinyDB on ``path`` whose changes are written in one atomic write on success.

    If the block raises, nothing is written: the file keeps its old content.
    """
    middleware = BatchWrites(AtomicJSONStorage)
    db = TinyDB(path, storage=middleware)
    try:
        yield db
        middleware.flush()
    finally:
        db.close()


def remove_temp_files(directory: Path) -> int:
    """Delete temp files a killed writer left in ``directory``; returns how many.

    Only safe while holding the poll lock (no other writer can be mid-write).
    """
    if not directory.is_dir():
        return 0
    count = 0
    for path in directory.glob(f".*{TEMP_SUFFIX}"):
        path.unlink(missing_ok=True)
        count += 1
    return count
