"""The embedded default transport: Maildir folders on local disk.

``<spool>/inbox`` is where mail for the judge is dropped (by ``judge demo``, a
test, or an MTA's Maildir delivery); ``<spool>/outbox`` is where the judge's
answers are written for something else to deliver or show.  Both are plain
Maildirs (``tmp/``, ``new/``, ``cur/``), so any mail client can open them.

Every write goes to ``tmp/``, is fsynced, then renamed into ``new/``; marking
mail processed renames it from ``new/`` to ``cur/``.  Renames are atomic, so a
judge killed at any point leaves each message either unread or processed,
never half written or lost.  The stdlib :class:`mailbox.Maildir` is not used
for writing because it does not fsync.
"""

from __future__ import annotations

import itertools
import os
import secrets
import socket
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from judge.mail.base import IncomingMail, MailError

if TYPE_CHECKING:
    from email.message import EmailMessage

_SUBDIRS = ("tmp", "new", "cur")
_counter = itertools.count()


@dataclass(frozen=True)
class SpoolConfig:
    """Where the spool lives; ``inbox/`` and ``outbox/`` are created beneath."""

    dir: Path

    @property
    def inbox(self) -> Path:
        return self.dir / "inbox"

    @property
    def outbox(self) -> Path:
        return self.dir / "outbox"


def ensure_maildir(path: Path) -> Path:
    """Create ``path`` with ``tmp/``, ``new/`` and ``cur/`` if missing."""
    for sub in _SUBDIRS:
        (path / sub).mkdir(parents=True, exist_ok=True, mode=0o700)
    return path


def _unique_name() -> str:
    """A Maildir file name unique across processes and hosts (time, pid,
    random, counter, host), without the ``:`` and ``/`` a host may contain."""
    host = socket.gethostname().replace("/", r"\057").replace(":", r"\072")
    return f"{time.time_ns()}.P{os.getpid()}R{secrets.token_hex(4)}Q{next(_counter)}.{host}"


def _fsync_dir(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def write_atomically(maildir: Path, data: bytes) -> str:
    """Write ``data`` as a new message of ``maildir`` and return its name.

    The file is complete and on disk before it appears in ``new/``.
    """
    name = _unique_name()
    tmp = maildir / "tmp" / name
    try:
        ensure_maildir(maildir)
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.rename(tmp, maildir / "new" / name)
    except OSError as exc:
        tmp.unlink(missing_ok=True)
        raise MailError(f"cannot write to spool {maildir}: {exc}") from exc
    _fsync_dir(maildir / "new")
    return name


def message_bytes(msg: EmailMessage | bytes) -> bytes:
    """The bytes to store for ``msg`` (Maildir files use ``\\n`` line ends)."""
    if isinstance(msg, bytes):
        return msg
    from judge.mail.message import POLICY

    return msg.as_bytes(policy=POLICY)


def _check_id(id: str) -> None:
    """Ids become file names: refuse anything that could leave the folder."""
    if not id or id in (".", "..") or "/" in id or "\0" in id or id.startswith("."):
        raise MailError(f"not a spool message id: {id!r}")


class SpoolMailbox:
    """Reads ``new/`` of a Maildir; processed mail moves to ``cur/``."""

    def __init__(self, maildir: Path) -> None:
        self.path = ensure_maildir(Path(maildir))

    def fetch(self) -> list[IncomingMail]:
        """Every message in ``new/``, oldest first."""
        found: list[tuple[int, str, bytes]] = []
        for entry in os.scandir(self.path / "new"):
            if entry.name.startswith(".") or not entry.is_file():
                continue
            try:
                mtime = entry.stat().st_mtime_ns
                raw = Path(entry.path).read_bytes()
            except FileNotFoundError:  # processed by someone else meanwhile
                continue
            found.append((mtime, entry.name, raw))
        if not found:  # an empty inbox costs no email parser
            return []
        from judge.mail.message import parse_message

        found.sort()
        return [IncomingMail(name, raw, parse_message(raw)) for _, name, raw in found]

    def mark_processed(self, id: str) -> None:
        """Rename ``new/<id>`` to ``cur/<id>:2,S`` (seen, in Maildir terms)."""
        _check_id(id)
        done = id if ":2," in id else f"{id}:2,S"
        source, target = self.path / "new" / id, self.path / "cur" / done
        try:
            os.rename(source, target)
        except FileNotFoundError:
            if target.exists():
                return  # already processed: marking twice is harmless
            raise MailError(f"no such message in {self.path}: {id}") from None
        _fsync_dir(self.path / "cur")

    def close(self) -> None:
        """Nothing to release; present to satisfy :class:`Mailbox`."""


class SpoolOutbox:
    """Writes each sent message as a file in ``new/`` of a Maildir."""

    def __init__(self, maildir: Path) -> None:
        self.path = ensure_maildir(Path(maildir))

    def sign_in(self) -> None:
        """Nothing to sign in to; present to satisfy :class:`Outbox`."""

    def send(self, msg: EmailMessage) -> None:
        write_atomically(self.path, message_bytes(msg))

    def close(self) -> None:
        """Nothing to release; present to satisfy :class:`Outbox`."""


def deliver_to_spool(spool_dir: Path | str, msg: EmailMessage | bytes) -> str:
    """Drop a mail into the spool's inbox as if it had arrived; returns its id.

    For ``judge demo`` and tests: the next poll picks it up.
    """
    return write_atomically(SpoolConfig(Path(spool_dir)).inbox, message_bytes(msg))


def read_outbox(spool_dir: Path | str) -> list[IncomingMail]:
    """What the judge has sent through the spool, oldest first."""
    return SpoolMailbox(SpoolConfig(Path(spool_dir)).outbox).fetch()
