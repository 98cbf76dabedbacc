"""One poll at a time: an exclusive ``flock`` on ``<data>/poll.lock``.

cron starts ``judge poll`` every minute; a poll that runs long must not meet
a second one writing the same files.  ``flock`` is released by the kernel
when the holder dies, so a killed poll never leaves a stale lock behind (a
lock *file* that merely exists would).  The file is never deleted: deleting
it would let two processes lock two different inodes.
"""

from __future__ import annotations

import fcntl
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from judge.store.atomic import StoreError


class PollBusy(StoreError):
    """Another poll holds the lock; this one should exit quietly and let cron retry."""


@contextmanager
def exclusive_lock(path: Path) -> Iterator[None]:
    """Hold an exclusive, non-blocking lock on ``path`` for the block; :class:`PollBusy` if taken."""
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise PollBusy(f"another poll holds {path}") from None
        os.ftruncate(fd, 0)
        os.write(fd, f"{os.getpid()}\n".encode("ascii"))  # who holds it, for a curious admin
        try:
            yield
        finally:
            fcntl.flock(fd, fcntl.LOCK_UN)
    finally:
        os.close(fd)
