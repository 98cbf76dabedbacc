"""One cron tick (``judge poll``): read the mail, act on it, play what is due, send, exit.

The steps, under the store's poll lock (a second poll exits at once):

1. fetch every unprocessed mail; for each: skip mail-loop traffic, hand the
   rest to :func:`judge.commands.mailflow.act_on_mail` (which saves its effect
   and its reply, then marks the Message-ID seen), then mark it processed in
   the mailbox;
2. give every game one :func:`judge.commands.ticks.tick` (reminders, late
   notices, phases due);
3. send every pending mail, and mark each sent once the transport took it.

A mail that breaks the judge is logged and answered with an apology instead
of stopping the poll; a store that cannot be written stops it, leaving the
mail in the mailbox for the next tick.
"""

from __future__ import annotations

import hashlib
import logging
from dataclasses import dataclass, field
from datetime import datetime
from email.message import EmailMessage

from judge.clock import PollClock
from judge.commands.mailflow import act_on_mail, warm_passwords
from judge.commands.session import Incoming, Judge, Workspace
from judge.commands.ticks import tick
from judge.config import JudgeConfig
from judge.crash import crash_point
from judge.mail import Attachment, IncomingMail, Mailbox, MailError, Outbox, body_text, build_message, unread_note
from judge.mail import decoded_header, loop_reason, open_transports
from judge.mail.message import addresses, thread_of
from judge.store import OutgoingMail, Store, StoreCorrupt, StoreError

log = logging.getLogger("judge.poll")
RUN = 100  # mails acted on together: each game saved once per run, then the replies are sent


@dataclass
class PollReport:
    """What one poll did, for the log line and the tests."""

    read: int = 0
    skipped: int = 0
    played: list[str] = field(default_factory=list)
    sent: int = 0
    errors: int = 0

    def summary(self) -> str:
        played = f" ({', '.join(self.played)})" if self.played else ""
        return (f"poll: {self.read} mails read, {self.skipped} skipped, {len(self.played)} phases played"
                f"{played}, {self.sent} mails sent, {self.errors} errors")


def make_judge(config: JudgeConfig) -> Judge:
    """The judge of one poll: its commands and ticks all see the poll's one instant (the store's clock runs on)."""
    clock = config.clock()
    return Judge(Store(config.data_dir, clock=clock), config.name, config.mail.address, PollClock(clock),
                 config.timezone, config.password_cost)


def run_poll(config: JudgeConfig) -> PollReport:
    """One poll; raises :class:`judge.store.PollBusy` if another one holds the lock."""
    judge = make_judge(config)
    report = PollReport()
    with judge.store.poll_lock():
        judge.store.remove_temp_files()
        judge.store.compact_sent()  # what a killed poll sent but did not compact
        mailbox, outbox = open_transports(config.mail)
        try:
            read_mail(judge, config, mailbox, outbox, report)
            play_due(judge, report)
            send_pending(judge.store, config, outbox, report)
        finally:
            mailbox.close()
            outbox.close()
    return report


@dataclass
class Run:
    """A run of mails acted on together: their games are saved once, then the mails marked processed.

    Mail that went to a game is noted in the seen-set in one batch at the end
    of the poll (each game's ``applied`` list, saved in the same write as the
    mail's effect, guards the gap).
    """

    workspace: Workspace
    acted: list[IncomingMail] = field(default_factory=list)
    seen: list[str] = field(default_factory=list)
    read: set[str] = field(default_factory=set)   # every Message-ID acted on in this poll

    def end(self, judge: Judge, config: JudgeConfig, mailbox: Mailbox, outbox: Outbox, report: PollReport) -> None:
        games = self.workspace.save()
        for item in self.acted:
            mailbox.mark_processed(item.id)
            crash_point("mail:processed")
        self.acted = []
        self.workspace = Workspace(judge.store)
        send_pending(judge.store, config, outbox, report, games)

    def note_seen(self, judge: Judge) -> None:
        if self.seen:
            judge.store.mark_seen_many(self.seen)
            self.seen = []
            crash_point("mail:seen")


def read_mail(judge: Judge, config: JudgeConfig, mailbox: Mailbox, outbox: Outbox, report: PollReport) -> None:
    """Act on every mail, RUN mails at a time: save their games, mark them processed, send the replies."""
    try:
        mails = mailbox.fetch()
    except MailError as exc:
        log.error("cannot fetch mail: %s", exc)
        report.errors += 1
        return
    run = Run(Workspace(judge.store))
    for start in range(0, len(mails), RUN):
        prepared = [(item, incoming(config, item, report)) for item in mails[start:start + RUN]]
        warm_passwords(run.workspace, [mail for _, mail in prepared if mail is not None])
        for item, mail in prepared:
            if mail is None or act(judge, item, mail, report, run):
                run.acted.append(item)
        run.end(judge, config, mailbox, outbox, report)
    run.note_seen(judge)


def message_id(item: IncomingMail) -> str:
    """The Message-ID, or a digest of the raw mail for mail without one (never empty)."""
    return item.message_id or "sha256:" + hashlib.sha256(item.raw).hexdigest()


def incoming(config: JudgeConfig, item: IncomingMail, report: PollReport) -> Incoming | None:
    """The mail as the commands layer reads it; None for mail never to be answered (loops, bounces)."""
    crash_point("mail:fetched")
    msg, mid = item.message, message_id(item)
    reason = loop_reason(msg, config.mail.address)
    sender = (addresses(msg, "Reply-To") or addresses(msg, "From") or [""])[0]
    if reason or not sender:
        log.info("skipping %s: %s", mid, reason or "no sender address")
        report.skipped += 1
        return None
    return Incoming(mid, sender, decoded_header(msg, "Subject") or "", body_text(msg), tuple(thread_of(msg)),
                    unread_note(item.raw))


def act(judge: Judge, item: IncomingMail, mail: Incoming, report: PollReport, run: Run) -> bool:
    """Act on one mail; False if it must stay in the mailbox (the store failed).

    A mail already read (the same Message-ID again, or twice in this poll)
    does nothing and counts as skipped.
    """
    if mail.message_id in run.read or judge.store.seen(mail.message_id):
        log.info("skipping %s: a duplicate of a mail already read", mail.message_id)
        report.skipped += 1
        return True
    try:
        if act_on_mail(judge, mail, run.workspace):
            run.seen.append(mail.message_id)
    except (StoreError, OSError) as exc:
        log.error("cannot store mail %s: %s; it stays in the mailbox", mail.message_id, exc)
        report.errors += 1
        return False
    except Exception:
        log.exception("mail %s from %s broke the judge", mail.message_id, mail.sender)
        report.errors += 1
        _apologise(judge, mail)
    report.read += 1
    run.read.add(mail.message_id)
    return True


def _apologise(judge: Judge, incoming: Incoming) -> None:
    body = (f":: Judge: {judge.name}\n\nYour mail could not be processed because of an error in the judge.\n"
            "The judge's keeper has been told.  Nothing in it was applied; please send it again later.\n")
    judge.store.queue_mail(OutgoingMail([incoming.sender], f"Re: {incoming.subject}".strip(), body,
                                        in_reply_to=incoming.message_id, key=f"{incoming.message_id}:error",
                                        references=list(incoming.references)))
    judge.store.mark_seen(incoming.message_id)


def play_due(judge: Judge, report: PollReport) -> None:
    """One tick per game; a broken game is logged and the others go on."""
    for name in judge.store.game_names():
        try:
            played = tick(judge, judge.store.load_game(name))
        except (StoreCorrupt, ValueError, LookupError, TypeError, AttributeError, AssertionError):
            log.exception("game %s could not be ticked", name)
            report.errors += 1
            continue
        report.played += [f"{name} {phase}" for phase in played]


def outgoing_message(config: JudgeConfig, mail: OutgoingMail, now: datetime | None = None) -> EmailMessage:
    """The queued mail as a message; ``now`` (the judge's clock) dates it."""
    return build_message(config.mail.address, mail.to, mail.subject, mail.body, in_reply_to=mail.in_reply_to,
                         references=mail.references,
                         attachments=[Attachment(a.filename, a.data, a.mime_type) for a in mail.attachments],
                         msgid_domain=config.mail.msgid_domain, auto_submitted=mail.auto_submitted, date=now)


def pending(store: Store, games: list[str] | None) -> list[OutgoingMail]:
    """Mail waiting to be sent: the global outbox, then every game's (or only ``games``')."""
    if games is None:
        return store.pending_mail()
    return store.global_mail() + [m for name in games for m in store.load_game(name).outbox]


def send_pending(store: Store, config: JudgeConfig, outbox: Outbox, report: PollReport,
                 games: list[str] | None = None) -> None:
    """Send, then mark sent: a crash in between sends that one mail again (accepted by the issue)."""
    for mail in pending(store, games):
        if not mail.to or not all(mail.to):
            store.mark_sent(mail)
            continue
        try:
            outbox.send(outgoing_message(config, mail, store.clock.now()))
        except MailError as exc:
            if exc.permanent:  # e.g. no such user: retrying would block the queue for ever
                log.warning("dropping mail to %s (%s): %s", ", ".join(mail.to), mail.subject, exc)
                store.mark_sent(mail)
                continue
            log.error("cannot send mail to %s: %s; it stays queued", ", ".join(mail.to), exc)
            report.errors += 1
            return
        crash_point("send:sent")
        store.mark_sent(mail)
        report.sent += 1
        crash_point("send:marked")
    store.compact_sent()
