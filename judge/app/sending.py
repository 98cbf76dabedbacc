"""Sending what the judge queued: one outgoing mail's failure never holds up the others.

A poll hands every pending mail to the outbox, then marks it sent (a crash in
between sends that one mail again, which docs/store.md accepts).  Failures
are told apart by what they concern:

* the transport (server down, login refused, spool disk full): sending stops
  for the rest of the poll and everything stays queued for the next one;
* this mail alone, for good (a recipient refused with 5xx, a mail that
  cannot be built): it is set aside at once in ``quarantine/outgoing/``;
* this mail alone, for now (4xx): it counts one try, is not tried again in
  this poll, and is set aside after :data:`MAX_SEND_TRIES` polls.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING

from judge.app.config import JudgeConfig
from judge.app.report import PollReport
from judge.crash import crash_point
from judge.mail.base import MailError, Outbox, SignInError
from judge.store import OutgoingMail, Store

if TYPE_CHECKING:
    from email.message import EmailMessage

log = logging.getLogger("judge.poll")
MAX_SEND_TRIES = 20  # polls a mail refused for now is tried at before it is set aside


def outgoing_message(config: JudgeConfig, mail: OutgoingMail, now: datetime | None = None) -> EmailMessage:
    """The queued mail as a message; ``now`` (the judge's clock) dates it.

    Text and HTML (``multipart/alternative``) unless its reader chose text alone (``SET FORMAT``) or
    the judge's ``[mail] format`` is ``text`` and he chose nothing; a mail with no HTML of its own gets
    its text in the plain frame (``judge.render.html``).
    """
    from judge.mail.message import build_message  # the email package: only for a mail to send

    html = None
    if (mail.format or config.mail.format) != "text":
        from judge.render.html import plain_html

        shown = [a.content_id for a in mail.attachments if a.content_id and isinstance(a.data, bytes)]
        html = mail.html if mail.html is not None else plain_html(mail.subject, mail.body, shown)
    return build_message(config.mail.address, mail.to, mail.subject, mail.body, in_reply_to=mail.in_reply_to,
                         references=mail.references, attachments=mail.attachments,
                         msgid_domain=config.mail.msgid_domain, auto_submitted=mail.auto_submitted, date=now,
                         html=html)


@dataclass
class Sender:
    """The sending of one poll: stops for good at a transport failure, tries each mail at most once."""

    store: Store
    config: JudgeConfig
    outbox: Outbox
    report: PollReport
    down: bool = False
    failed: set[str] = field(default_factory=set)
    retry: set[str] = field(default_factory=set)  # games with a mail refused for now: tried again next poll
    sent: list[OutgoingMail] = field(default_factory=list)  # sent in this call, kept as line keys per address

    def sign_in(self) -> None:
        """The outbox signs in before the poll acts (:meth:`Outbox.sign_in`): a refused token raises
        :class:`SignInError`; a server that cannot be reached stops sending, as a failed send would."""
        try:
            self.outbox.sign_in()
        except SignInError:
            raise
        except MailError as exc:
            log.error("cannot send mail: %s; sending stops until the next poll", exc)
            self.report.errors += 1
            self.down = True

    def send_pending(self, games: list[str] | None = None) -> None:
        """Send the pending mail (the global outbox, then every game's or only ``games``').

        A game whose every mail went (or was set aside) is noted as having
        none left, so that the next poll does not read it to learn that.
        """
        pending = [] if self.down else self._pending(games)
        for mail in pending:
            if mail.id in self.failed:
                continue
            if not mail.to or not all(mail.to):  # nobody to send it to (a power in civil disorder)
                self.store.mark_sent(mail)
                continue
            if not self._send(mail):
                break
        self._remember()
        self.store.compact_sent()
        if not self.down:
            for game in sorted({m.game for m in pending if m.game} - self.retry):
                self.store.all_sent(game)

    def _pending(self, games: list[str] | None) -> list[OutgoingMail]:
        if games is None:
            return self.store.pending_mail()
        return self.store.global_mail() + [m for name in games for m in self.store.load_game(name).outbox]

    def _send(self, mail: OutgoingMail) -> bool:
        """Send one mail; False once the transport is down."""
        try:
            message = outgoing_message(self.config, mail, self.store.clock.now())
        except Exception as exc:  # nothing will ever make this mail buildable: set it aside now
            self.report.errors += 1
            self._set_aside(mail, f"cannot be written as a mail: {exc}")
            return True
        try:
            self.outbox.send(message)
        except MailError as exc:
            return self._failed(mail, exc)
        except Exception as exc:  # a transport library refusing this message in its own way
            log.exception("sending mail %s failed", mail.id)
            self.report.errors += 1
            self._set_aside(mail, f"refused by the transport: {exc!r}")
            return True
        crash_point("send:sent")
        self.store.mark_sent(mail)
        self.sent.append(mail)
        self.report.sent += 1
        crash_point("send:marked")
        return True

    def _remember(self) -> None:
        """What went out, kept per address so that a reply pasting it back is not read (judge/store/recent.py);
        only a help: a failure here loses nothing else."""
        try:
            self.store.remember_sent(self.sent)
        except Exception:
            log.exception("keeping the lines of the mail sent failed")
        self.sent = []

    def _failed(self, mail: OutgoingMail, exc: MailError) -> bool:
        if not exc.per_message:
            log.error("cannot send mail: %s; sending stops until the next poll", exc)
            self.report.errors += 1
            self.down = True
            return False
        self.failed.add(mail.id)
        if mail.game and not exc.permanent:
            self.retry.add(mail.game)
        if exc.permanent:
            self._set_aside(mail, f"refused for good: {exc}")
        elif self.store.count_try(mail) >= MAX_SEND_TRIES:
            self._set_aside(mail, f"refused at {mail.tries} polls, last: {exc}")
        else:
            log.warning("mail to %s refused for now (try %d): %s", ", ".join(mail.to), mail.tries, exc)
        return True

    def _set_aside(self, mail: OutgoingMail, reason: str) -> None:
        log.warning("setting aside mail to %s (%s): %s", ", ".join(mail.to), mail.subject, reason)
        self.report.set_aside += 1
        self.failed.add(mail.id)
        self.store.set_aside_mail(mail, reason)
