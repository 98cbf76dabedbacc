"""The judge's sent mail, read as it comes: each new file of the spool's outbox once, its headers only.

``Sandbox.new_mail`` reads and parses the whole outbox at every call, which
a season of thousands of mails cannot afford after every poll.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from email.parser import BytesHeaderParser
from pathlib import Path

from judge.mail import body_text
from judge.mail.message import parse_message

_HEADERS = BytesHeaderParser()


@dataclass(frozen=True)
class JudgeMail:
    """One mail the judge sent: the headers a check reads, and the raw bytes for the body."""

    to: tuple[str, ...]
    subject: str
    message_id: str
    in_reply_to: str
    raw: bytes

    @classmethod
    def read(cls, raw: bytes) -> JudgeMail:
        head = _HEADERS.parsebytes(raw)
        to = tuple(a.strip().lower() for a in str(head.get("To", "")).split(",") if a.strip())
        return cls(to, " ".join(str(head.get("Subject", "")).split()), str(head.get("Message-ID", "")).strip(),
                   str(head.get("In-Reply-To", "")).strip(), raw)

    def body(self) -> str:
        return body_text(parse_message(self.raw))


@dataclass
class Mailbag:
    """The outbox of a spool (``outbox/new``), read a new file at a time."""

    spool: Path
    seen: set[str] = field(default_factory=set)

    def new_mail(self) -> list[JudgeMail]:
        """The mails sent since the last call, oldest first."""
        folder = self.spool / "outbox" / "new"
        fresh = sorted((entry.stat().st_mtime_ns, entry.name) for entry in os.scandir(folder)
                       if entry.name not in self.seen and not entry.name.startswith("."))
        self.seen.update(name for _, name in fresh)
        return [JudgeMail.read((folder / name).read_bytes()) for _, name in fresh]

    def inbox_empty(self) -> bool:
        """Whether the judge read every mail delivered (a poll out of time leaves some for the next)."""
        return not any(not e.name.startswith(".") for e in os.scandir(self.spool / "inbox" / "new"))
