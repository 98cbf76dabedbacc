"""A throwaway judge in one folder: config, test clock, spool, data. ``judge demo`` and the tests use it.

Players "send" mail by dropping it into the spool inbox
(:func:`judge.mail.deliver_to_spool`), exactly where an MTA's Maildir
delivery would put it; :meth:`Sandbox.poll` runs the same code as ``judge
poll``; the clock is a :class:`~judge.clock.FileClock` moved by hand.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from email.message import EmailMessage
from email.utils import make_msgid
from pathlib import Path

from judge.app.config import JudgeConfig, load_config
from judge.app.poll import run_poll
from judge.app.report import PollReport
from judge.clock import FileClock
from judge.mail import IncomingMail, body_text, deliver_to_spool, read_outbox
from judge.store import Store

CONFIG = """\
# A throwaway judge made by 'judge demo' (or a test).
[judge]
name = "{name}"
data_dir = "data"
timezone = "{zone}"
clock = "clock.txt"      # a test clock: the demo moves it forward
password_cost = {cost}

[mail]
address = "{address}"
incoming = "spool"
outgoing = "spool"
spool_dir = "spool"
"""
START = datetime(2026, 3, 23, 8, 0, tzinfo=UTC)  # a Monday, a week before summer time in Europe


class Sandbox:
    """A judge folder with its own config; create it with :meth:`create`."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.config: JudgeConfig = load_config(root / "judge.toml")
        self.clock = FileClock(root / "clock.txt")
        self._sent_seen = 0

    @classmethod
    def create(cls, root: Path, *, name: str = "demo-judge", address: str = "judge@demo.invalid",
               zone: str = "Europe/Paris", start: datetime = START, password_cost: int = 12) -> Sandbox:
        root.mkdir(parents=True, exist_ok=True)
        text = CONFIG.format(name=name, address=address, zone=zone, cost=password_cost)
        (root / "judge.toml").write_text(text, encoding="utf-8")
        FileClock(root / "clock.txt", start).set(start)
        return cls(root)

    @property
    def spool(self) -> Path:
        return self.config.mail.spool.dir

    @property
    def store(self) -> Store:
        return Store(self.config.data_dir, clock=self.clock)

    def mail(self, sender: str, body: str, subject: str = "orders", **headers: str) -> EmailMessage:
        msg = EmailMessage()
        msg["From"] = sender
        msg["To"] = self.config.mail.address
        msg["Subject"] = subject
        msg["Message-ID"] = make_msgid(domain=sender.rpartition("@")[2] or "example.org")
        for key, value in headers.items():
            msg[key.replace("_", "-")] = value
        msg.set_content(body)
        return msg

    def send(self, sender: str, body: str, subject: str = "orders", **headers: str) -> EmailMessage:
        """Drop a mail from ``sender`` into the judge's inbox; returns it."""
        msg = self.mail(sender, body, subject, **headers)
        deliver_to_spool(self.spool, msg)
        return msg

    def deliver(self, msg: EmailMessage | bytes) -> None:
        deliver_to_spool(self.spool, msg)

    def poll(self) -> PollReport:
        return run_poll(self.config)

    def advance(self, delta: timedelta) -> datetime:
        return self.clock.advance(delta)

    def sent(self) -> list[IncomingMail]:
        """Every mail the judge has sent, oldest first."""
        return read_outbox(self.spool)

    def new_mail(self) -> list[IncomingMail]:
        """Mail sent since the last call."""
        mails = self.sent()
        fresh, self._sent_seen = mails[self._sent_seen:], len(mails)
        return fresh

    @staticmethod
    def text(mail: IncomingMail) -> str:
        return body_text(mail.message)
