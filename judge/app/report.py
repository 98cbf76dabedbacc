"""What one poll did: counted by the poll and by the sending, printed as the poll's log line, kept for status.

Each poll keeps its report in ``<data>/state/last_poll.json`` (the store's
``note_poll``): the last poll, and the last one that did something, so that
``judge status`` can say when the judge last ran and what went wrong, without
a log to read.  The warnings and errors the poll logged go with it, one line
each, with the local part of every address masked (the file is the
operator's, but no player's address needs to be in it).
"""

from __future__ import annotations

import logging
import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from judge.store import Store, StoreError, to_iso

log = logging.getLogger("judge.poll")
RECORD_FORMAT = 1
MAX_MESSAGES = 20
_ADDRESS = re.compile(r"[^\s<>()\[\]\"',;:@]+@(?=[\w.-])")


@dataclass
class PollReport:
    """What one poll did, for the log line, the tests and ``judge status``."""

    read: int = 0
    skipped: int = 0
    played: list[str] = field(default_factory=list)
    sent: int = 0
    errors: int = 0
    set_aside: int = 0  # mails in, mails out and games the poll set aside (quarantine/, a paused game)
    waiting: int = 0    # mails left in the mailbox for the next poll: this one's time for mail ran out
    started: datetime | None = None
    seconds: float = 0.0
    messages: list[str] = field(default_factory=list)   # the poll's warnings and errors, addresses masked
    failed: str | None = None                            # why the poll stopped (the disk, the mail server)

    @property
    def active(self) -> bool:
        """Whether the poll did anything: an idle poll writes no line to the log."""
        return bool(self.read or self.skipped or self.played or self.sent or self.errors or self.set_aside
                    or self.waiting or self.failed)

    def summary(self) -> str:
        played = f" ({', '.join(self.played)})" if self.played else ""
        aside = f", {self.set_aside} set aside" if self.set_aside else ""
        waiting = f", {counted(self.waiting, 'mail')} left for the next poll" if self.waiting else ""
        return (f"poll: {counted(self.read, 'mail')} read, {self.skipped} skipped, "
                f"{counted(len(self.played), 'phase')} played{played}, {counted(self.sent, 'mail')} sent, "
                f"{counted(self.errors, 'error')}{aside}{waiting}")

    def to_json(self) -> dict[str, Any]:
        """One poll as ``last_poll.json`` keeps it (docs/operator.md: the ``poll`` object)."""
        return {"started": None if self.started is None else to_iso(self.started),
                "seconds": round(self.seconds, 3), "mails_read": self.read, "mails_skipped": self.skipped,
                "mails_sent": self.sent, "phases_played": list(self.played), "errors": self.errors,
                "set_aside": self.set_aside, "left_for_next_poll": self.waiting,
                "messages": list(self.messages), "failed": self.failed}

    @contextmanager
    def listening(self) -> Iterator[None]:
        """Keep the warnings and errors logged under ``judge`` during the block in :attr:`messages`."""
        handler = _Collector(self.messages)
        logger = logging.getLogger("judge")
        logger.addHandler(handler)
        try:
            yield
        finally:
            logger.removeHandler(handler)


class _Collector(logging.Handler):
    def __init__(self, into: list[str]) -> None:
        super().__init__(logging.WARNING)
        self.into = into

    def emit(self, record: logging.LogRecord) -> None:
        if len(self.into) >= MAX_MESSAGES:
            return
        text = " ".join(record.getMessage().split())
        if record.exc_info and record.exc_info[0] is not None:
            text += f" ({record.exc_info[0].__name__})"
        self.into.append(f"{record.levelname}: {mask_addresses(text)[:300]}")


def counted(number: int, noun: str) -> str:
    """``1 mail``, ``2 mails``, ``0 errors``."""
    return f"{number} {noun}{'' if number == 1 else 's'}"


def mask_addresses(text: str) -> str:
    """``alice@example.org`` → ``…@example.org``: which domain, not whose mail."""
    return _ADDRESS.sub("…@", text)


def note_poll(store: Store, report: PollReport) -> None:
    """Keep the report as the last poll (and as the last active one if it did something); never fails the poll."""
    record = report.to_json()
    try:
        previous = store.last_poll() or {}
    except (StoreError, OSError):
        previous = {}
    active = record if report.active else previous.get("last_active")
    try:
        store.note_poll({"format": RECORD_FORMAT, "last": record, "last_active": active})
    except (StoreError, OSError) as exc:
        log.warning("cannot keep this poll's record for 'judge status': %s", exc)
