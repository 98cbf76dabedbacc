"""The sent journal: which queued mails went out, one fsynced line each, compacted in batches.

Marking a mail sent used to rewrite its whole outbox file (a game file with
every pending reply in it) once per mail.  Instead, :meth:`SentLog.record`
appends the mail's id to ``sent.log`` and fsyncs it: a crash right after a
send still loses at most that one record, so at most that one mail goes out
twice.  :meth:`Store.compact_sent` later removes every journalled mail from
its outbox file with one write per file and empties the journal; readers of
the outboxes leave journalled mails out meanwhile.
"""

from __future__ import annotations

import os
from pathlib import Path

from judge.store.atomic import fsync_dir


class SentLog:
    """``<data>/sent.log``: one ``<file key> <mail id>`` line per mail sent and not yet compacted."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._fd: int | None = None
        self._cache: dict[str, str] = {}
        self._stamp: tuple[int, int] | None = (0, 0)

    def record(self, key: str, mail_id: str) -> None:
        """Append one line and make it durable before returning."""
        if self._fd is None:
            existed = self.path.exists()
            self._fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
            if not existed:
                fsync_dir(self.path.parent)
        os.write(self._fd, f"{key} {mail_id}\n".encode())
        os.fsync(self._fd)
        self._stamp = None  # re-read on the next look: another Store object may share the file


    def entries(self) -> dict[str, str]:
        """Mail id -> file key of every journalled mail (a torn last line is ignored)."""
        try:
            info = os.stat(self.path)
            stamp = (info.st_size, info.st_mtime_ns)
        except FileNotFoundError:
            stamp = (0, 0)
        if stamp != self._stamp:
            self._cache = {}
            text = self.path.read_text(encoding="utf-8") if stamp[0] else ""
            for line in text.splitlines():
                key, _, mail_id = line.partition(" ")
                if key and len(mail_id) == 32:
                    self._cache[mail_id] = key
            self._stamp = stamp
        return self._cache

    def clear(self) -> None:
        """Empty the journal once every entry is compacted into its outbox file."""
        self.close()
        try:
            os.truncate(self.path, 0)
        except FileNotFoundError:
            pass
        self._cache, self._stamp = {}, None

    def close(self) -> None:
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None
