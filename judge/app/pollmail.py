"""The mail half of a poll (:mod:`judge.app.poll`): admit each mail, act on it with the commands, save, send.

Imported by the poll only when the mailbox has mail, so that a poll with
nothing to read loads neither the commands, the reading of mail nor the
templates.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass, field

from judge.app.config import JudgeConfig, Limits
from judge.app.report import PollReport
from judge.app.sending import Sender
from judge.budget import Overrun, time_limit
from judge.commands.mailflow import act_on_mail
from judge.commands.session import Incoming, Workspace
from judge.crash import crash_point
from judge.mail import IncomingMail, Mailbox, unread_note
from judge.mail.entry import Envelope, read_envelope
from judge.mail.message import thread_of
from judge.mail.parts import read_body
from judge.render import SetAsideContext, render_set_aside
from judge.store import OutgoingMail, StoreError, StoreRefused
from judge.turns.context import Judge

log = logging.getLogger("judge.poll")
RUN = 100  # mails acted on together: each game saved once per run, then the replies are sent


@dataclass
class Run:
    """A run of mails acted on together: their games are saved once, then the mails marked processed.

    Mail that went to a game is noted in the seen-set in one batch at the end
    of the poll (each game's ``applied`` list, saved in the same write as the
    mail's effect, guards the gap).  If a mail breaks the judge, or the run's
    save fails on what some mail did, nothing of the run's games is saved: the
    run is done again one mail at a time, each saved on its own, and the mail
    that breaks the judge alone is set aside.
    """

    workspace: Workspace
    limits: Limits = Limits()
    acted: list[tuple[IncomingMail, Incoming | None]] = field(default_factory=list)
    seen: list[str] = field(default_factory=list)
    read: set[str] = field(default_factory=set)   # every Message-ID acted on in this poll
    overran: set[str] = field(default_factory=set)   # mails that ran out of time: set aside, not acted on again
    broken: bool = False

    def end(self, judge: Judge, mailbox: Mailbox, sender: Sender, report: PollReport) -> None:
        games: list[str] = []
        if not self.broken:
            try:
                games = self.workspace.save()
            except StoreRefused:
                log.exception("the store refused what a run of mails did; acting on them one at a time")
                self.broken = True
            except (StoreError, OSError):
                raise  # the disk, not the mail: stop, the mails stay in the mailbox
            except Exception:
                log.exception("saving a run of mails failed; acting on them one at a time")
                self.broken = True
        if self.broken:
            games = self._one_by_one(judge, report)
        for item, _ in self.acted:
            mailbox.mark_processed(item.id)
            crash_point("mail:processed")
        self.acted, self.broken = [], False
        self.workspace = Workspace(judge.store)
        sender.send_pending(games)

    def _one_by_one(self, judge: Judge, report: PollReport) -> list[str]:
        """Act on the run's mails again, each in its own workspace saved on its own; set aside what breaks."""
        games: list[str] = []
        for item, mail in self.acted:
            if mail is None:
                continue
            if mail.message_id in self.overran:
                set_aside(judge, item, mail.message_id, mail.sender, mail.subject, "", report, mail.references)
                continue
            work = Workspace(judge.store)
            try:
                with time_limit(self.limits.mail_seconds, f"mail {mail.message_id}"):
                    to_game = act_on_mail(judge, mail, work)
                games += [name for name in work.save() if name not in games]
            except StoreRefused as exc:  # the mail's content, not the disk: answered and set aside, never retried
                log.error("the store refused what mail %s asked (%s); it is set aside", mail.message_id, exc)
                set_aside(judge, item, mail.message_id, mail.sender, mail.subject, _refused(exc), report,
                          mail.references)
                continue
            except (StoreError, OSError):
                raise
            except (Exception, Overrun):
                log.exception("mail %s from %s broke the judge; it is set aside", mail.message_id, mail.sender)
                set_aside(judge, item, mail.message_id, mail.sender, mail.subject, "", report, mail.references)
                continue
            if to_game:
                self.seen.append(mail.message_id)
        return games

    def note_seen(self, judge: Judge) -> None:
        if self.seen:
            judge.store.mark_seen_many(self.seen)
            self.seen = []
            crash_point("mail:seen")


def read_mail(judge: Judge, config: JudgeConfig, mails: list[IncomingMail], mailbox: Mailbox, sender: Sender,
              report: PollReport) -> None:
    """Act on every mail, RUN mails at a time: save their games, mark them processed, send the replies."""
    run = Run(Workspace(judge.store), config.limits)
    budget = MailBudget(config.limits.poll_seconds, judge)
    for start in range(0, len(mails), RUN):
        if budget.spent():
            report.waiting += len(mails) - start
            break
        prepared = [(item, admit(judge, config, item, report)) for item in mails[start:start + RUN]]
        for item, mail in prepared:
            if mail is not None and budget.spent():
                report.waiting += 1  # left unprocessed: the next poll reads it, in order
                continue
            if mail is None or act(judge, mail, report, run):
                run.acted.append((item, mail))
            budget.acted += mail is not None
        run.end(judge, mailbox, sender, report)
    if report.waiting:
        log.warning("this poll's time for mail (%g s) or its wrong passwords ran out: %d mails wait for the next poll",
                    config.limits.poll_seconds, report.waiting)
    run.note_seen(judge)


@dataclass
class MailBudget:
    """The poll's time for acting on mail (``[limits] poll_seconds``), and its wrong passwords (``[limits]
    wrong_passwords_per_poll``: each one checked costs scrypt's price, within this time); at least one mail is
    always acted on."""

    seconds: float
    judge: Judge | None = None
    started: float = field(default_factory=time.monotonic)
    acted: int = 0

    def spent(self) -> bool:
        if self.acted and self.judge is not None and self.judge.guesses.full():
            return True
        return bool(self.seconds) and self.acted > 0 and time.monotonic() - self.started >= self.seconds


def admit(judge: Judge, config: JudgeConfig, item: IncomingMail, report: PollReport) -> Incoming | None:
    """The mail as the commands layer reads it; None for mail not to be acted on (answered or not)."""
    crash_point("mail:fetched")
    envelope = read_envelope(item, config.mail.address)
    if envelope.loop or envelope.sender is None:
        why = envelope.loop or envelope.ignore
        log.info("ignoring %s: %s", envelope.message_id, why)
        report.skipped += 1
        if envelope.ignore and not judge.store.seen(envelope.message_id):
            judge.store.quarantine.mail(item.raw, envelope.message_id, "", f"not answered: {why}", judge.now())
        return None
    if envelope.refused:
        log.info("refusing %s from %s: %s", envelope.message_id, envelope.sender, envelope.refused)
        report.read += 1
        _refuse(judge, item, envelope, report)
        return None
    body = read_body(item.message)
    return Incoming(envelope.message_id, envelope.sender, envelope.subject, body.text,
                    tuple(thread_of(item.message)), unread_note(item.raw), body.parts, body.unread,
                    judge.store.said_to(envelope.sender))


def _refuse(judge: Judge, item: IncomingMail, envelope: Envelope, report: PollReport) -> None:
    if judge.store.seen(envelope.message_id):
        return
    assert envelope.sender is not None and envelope.refused is not None
    set_aside(judge, item, envelope.message_id, envelope.sender, envelope.subject, envelope.refused, report)


def act(judge: Judge, mail: Incoming, report: PollReport, run: Run) -> bool:
    """Act on one mail; False if it must stay in the mailbox (the store failed).

    A mail already read (the same Message-ID again, or twice in this poll)
    does nothing and counts as skipped.
    """
    if mail.message_id in run.read or judge.store.seen(mail.message_id):
        log.info("skipping %s: a duplicate of a mail already read", mail.message_id)
        report.skipped += 1
        return True
    try:
        with time_limit(run.limits.mail_seconds, f"mail {mail.message_id}"):
            if act_on_mail(judge, mail, run.workspace):
                run.seen.append(mail.message_id)
    except StoreRefused as exc:  # what the mail asked, not the disk: its run is done again, the mail set aside
        log.error("the store refused what mail %s asked (%s); its run is done again mail by mail",
                  mail.message_id, exc)
        run.broken = True
    except (StoreError, OSError) as exc:
        log.error("cannot store mail %s: %s; it stays in the mailbox", mail.message_id, exc)
        report.errors += 1
        return False
    except Overrun as exc:
        log.error("%s; it is set aside and its run done again mail by mail", exc)
        run.overran.add(mail.message_id)
        run.broken = True
    except Exception:
        log.exception("mail %s from %s broke the judge; its run is done again mail by mail",
                      mail.message_id, mail.sender)
        run.broken = True
    report.read += 1
    run.read.add(mail.message_id)
    return True


def _refused(exc: StoreRefused) -> str:
    """The reason a mail is set aside for what the store refused (a name it cannot keep)."""
    return f"the judge cannot keep what it asks: {exc}"


def set_aside(judge: Judge, item: IncomingMail, message_id: str, sender: str, subject: str, reason: str,
              report: PollReport, references: tuple[str, ...] = ()) -> None:
    """Answer a mail not acted on (``reason`` says why; empty: the judge failed on it), keep it in
    ``quarantine/mail/`` and note it seen, so that it is neither acted on nor answered again."""
    rendered = render_set_aside(SetAsideContext(judge.name, subject, reason))
    judge.store.queue_mail(OutgoingMail([sender], rendered.subject, rendered.body, in_reply_to=message_id,
                                        key=f"{message_id}:set-aside", references=list(references)))
    judge.store.quarantine.mail(item.raw, message_id, sender, reason or "the judge failed on it", judge.now())
    judge.store.mark_seen(message_id)
    report.set_aside += 1
    report.errors += 0 if reason else 1  # a mail refused for a reason is no error of the judge
