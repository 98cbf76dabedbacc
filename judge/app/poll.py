"""One cron tick (``judge poll``): read the mail, act on it, play what is due, send, exit.

The steps, under the store's poll lock (a second poll exits at once):

0. sign in: the outbox if it uses a token, then the mailbox as the fetch
   connects; a refused password or token, or a token command that gives none
   (:class:`judge.mail.SignInError`), stops the poll here with one log line,
   before it touches a game;
1. fetch every unprocessed mail; read each one's envelope where it enters
   (:func:`judge.mail.entry.read_envelope`): mail-loop traffic and mail
   nobody can be answered at are ignored, mail that cannot be read is
   answered with the reason; hand the rest to
   :func:`judge.commands.mailflow.act_on_mail` (which saves its effect and
   its reply, then marks the Message-ID seen), then mark it processed;
2. give every game one :func:`judge.turns.ticks.tick` (reminders, late
   notices, phases due);
3. send every pending mail (:mod:`judge.app.sending`).

One mail, one game or one outgoing mail that breaks the judge is contained:
the mail is answered with an apology and set aside in ``quarantine/``, the
game is paused with a notice to its GM, the outgoing mail is set aside (at
once if it can never go, after some polls if it is refused for now); the poll
goes on with everything else.  A store that cannot be written stops it,
leaving the mail in the mailbox for the next tick.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass, field

from judge.app.config import JudgeConfig, Limits
from judge.app.report import PollReport, mask_addresses, note_poll
from judge.app.sending import Sender
from judge.budget import Overrun, time_limit
from judge.clock import PollClock
from judge.commands.mailflow import act_on_mail, warm_passwords
from judge.commands.session import Incoming, Judge, Workspace
from judge.crash import crash_point
from judge.mail import IncomingMail, Mailbox, MailError, SignInError, body_text, open_transports, unread_note
from judge.mail.entry import Envelope, read_envelope
from judge.mail.message import thread_of
from judge.render import SetAsideContext, render_set_aside
from judge.store import OutgoingMail, Store, StoreCorrupt, StoreError
from judge.turns.ticks import pause_after_fault, tick

log = logging.getLogger("judge.poll")
RUN = 100  # mails acted on together: each game saved once per run, then the replies are sent


def make_judge(config: JudgeConfig) -> Judge:
    """The judge of one poll: its commands and ticks all see the poll's one instant (the store's clock runs on)."""
    clock = config.clock()
    return Judge(Store(config.data_dir, clock=clock), config.name, config.mail.address, PollClock(clock),
                 config.timezone, config.password_cost)


def run_poll(config: JudgeConfig) -> PollReport:
    """One poll; raises :class:`judge.store.PollBusy` if another one holds the lock.

    Whatever happens under the lock, the poll's report is kept at the end
    (``state/last_poll.json``, :func:`judge.app.report.note_poll`) for ``judge status``.
    """
    judge = make_judge(config)
    report = PollReport(started=judge.now())
    began = time.monotonic()
    with judge.store.poll_lock(), report.listening():
        try:
            _poll(judge, config, report)
        except BaseException as exc:
            report.failed = mask_addresses(" ".join(f"{type(exc).__name__}: {exc}".split()))[:300]
            raise
        finally:
            report.seconds = time.monotonic() - began
            note_poll(judge.store, report)
    return report


def _poll(judge: Judge, config: JudgeConfig, report: PollReport) -> None:
    judge.store.remove_temp_files()
    judge.store.compact_sent()  # what a killed poll sent but did not compact
    mailbox, outbox = open_transports(config.mail)
    sender = Sender(judge.store, config, outbox, report)
    try:
        try:
            mails = signed_in_fetch(mailbox, sender, report)
        except SignInError as exc:
            log.error("%s; this poll stops: no mail read, no game touched, nothing sent", exc)
            report.errors += 1
            return
        if mails is None:  # the orders waiting in the mailbox must count: no phase is played without them
            sender.send_pending()
            return
        read_mail(judge, config, mails, mailbox, sender, report)
        play_due(judge, report, config.limits)
        sender.send_pending()
    finally:
        mailbox.close()
        outbox.close()


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


def signed_in_fetch(mailbox: Mailbox, sender: Sender, report: PollReport) -> list[IncomingMail] | None:
    """Sign in to both servers and fetch, before the poll touches anything: a refused password or
    token, or a token command that gives none, raises :class:`SignInError` here.

    A mail server that cannot be reached is not a sign-in: None, and the poll plays no phase
    (orders sent in time may be waiting there) but sends what is queued; an SMTP server that
    cannot be reached leaves everything queued.
    """
    sender.sign_in()
    try:
        return mailbox.fetch()
    except SignInError:
        raise
    except MailError as exc:
        log.error("cannot fetch mail: %s; no phase is played until the mail can be read", exc)
        report.errors += 1
        return None


def read_mail(judge: Judge, config: JudgeConfig, mails: list[IncomingMail], mailbox: Mailbox, sender: Sender,
              report: PollReport) -> None:
    """Act on every mail, RUN mails at a time: save their games, mark them processed, send the replies."""
    run = Run(Workspace(judge.store), config.limits)
    budget = MailBudget(config.limits.poll_seconds)
    for start in range(0, len(mails), RUN):
        if budget.spent():
            report.waiting += len(mails) - start
            break
        prepared = [(item, admit(judge, config, item, report)) for item in mails[start:start + RUN]]
        warm_passwords(run.workspace, [mail for _, mail in prepared if mail is not None])
        for item, mail in prepared:
            if mail is not None and budget.spent():
                report.waiting += 1  # left unprocessed: the next poll reads it, in order
                continue
            if mail is None or act(judge, mail, report, run):
                run.acted.append((item, mail))
            budget.acted += mail is not None
        run.end(judge, mailbox, sender, report)
    if report.waiting:
        log.warning("this poll's time for mail (%g s) ran out: %d mails wait for the next poll",
                    config.limits.poll_seconds, report.waiting)
    run.note_seen(judge)


@dataclass
class MailBudget:
    """The poll's time for acting on mail (``[limits] poll_seconds``); at least one mail is always acted on."""

    seconds: float
    started: float = field(default_factory=time.monotonic)
    acted: int = 0

    def spent(self) -> bool:
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
    return Incoming(envelope.message_id, envelope.sender, envelope.subject, body_text(item.message),
                    tuple(thread_of(item.message)), unread_note(item.raw))


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


def play_due(judge: Judge, report: PollReport, limits: Limits = Limits()) -> None:
    """One tick per game whose instant has come (``Store.due_games``: the others are not even read); a game the
    judge fails on, or whose tick runs out of time, is paused (its GM told) and the others go on."""
    for name in judge.store.due_games(judge.now()):
        try:
            judge.store.remove_archive_temp_files(name)
            with time_limit(limits.game_seconds, f"game {name}"):
                played = tick(judge, judge.store.load_game(name))
        except Overrun as exc:
            log.error("%s; it is paused", exc)
            report.errors += 1
            _pause(judge, name, exc, report)
            continue
        except StoreCorrupt:
            log.exception("game %s cannot be read", name)
            report.errors += 1
            continue
        except OSError:
            raise  # the disk: stop the poll, nothing is lost
        except Exception as exc:
            log.exception("game %s could not be ticked; it is paused", name)
            report.errors += 1
            _pause(judge, name, exc, report)
            continue
        report.played += [f"{name} {phase}" for phase in played]


def _pause(judge: Judge, name: str, error: BaseException, report: PollReport) -> None:
    try:
        pause_after_fault(judge, name, error)
    except OSError:
        raise
    except Exception:  # the game cannot even be paused: leave it as it is, the others go on
        log.exception("game %s could not be paused", name)
        return
    report.set_aside += 1
