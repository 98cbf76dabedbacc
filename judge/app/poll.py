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
   its reply, then marks the Message-ID seen), then mark it processed
   (:mod:`judge.app.pollmail`, imported only when there is mail);
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
from typing import TYPE_CHECKING

from judge.app.config import JudgeConfig, Limits
from judge.app.report import PollReport, mask_addresses, note_poll
from judge.app.sending import Sender
from judge.budget import Guesses, Overrun, time_limit
from judge.clock import PollClock
from judge.mail.base import MailError, SignInError
from judge.mail.config import open_transports
from judge.store import Store, StoreCorrupt
from judge.turns.context import Judge

if TYPE_CHECKING:
    from judge.mail.base import IncomingMail, Mailbox

log = logging.getLogger("judge.poll")


def make_judge(config: JudgeConfig) -> Judge:
    """The judge of one poll: its commands and ticks all see the poll's one instant (the store's clock runs on)."""
    clock = config.clock()
    return Judge(Store(config.data_dir, clock=clock), config.name, config.mail.address, PollClock(clock),
                 config.timezone, config.password_cost, Guesses(config.limits.guesses))


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
            report.failed = mask_addresses(" ".join(f"{type(exc).__name__}: {exc}".split()))[:300]
            return
        if mails is None:  # the orders waiting in the mailbox must count: no phase is played without them
            sender.send_pending()
            return
        if mails:  # the commands are imported only for mail to act on
            from judge.app.pollmail import read_mail

            read_mail(judge, config, mails, mailbox, sender, report)
        play_due(judge, report, config.limits)
        sender.send_pending()
    finally:
        mailbox.close()
        outbox.close()


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


def play_due(judge: Judge, report: PollReport, limits: Limits = Limits()) -> None:
    """One tick per game whose instant has come (``Store.due_games``: the others are not even read); a game the
    judge fails on, or whose tick runs out of time, is paused (its GM told) and the others go on."""
    due = judge.store.due_games(judge.now())
    if not due:
        return
    from judge.turns.ticks import tick  # the clock's layers are imported only for a game due

    for name in due:
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
    from judge.turns.ticks import pause_after_fault

    try:
        pause_after_fault(judge, name, error)
    except OSError:
        raise
    except Exception:  # the game cannot even be paused: leave it as it is, the others go on
        log.exception("game %s could not be paused", name)
        return
    report.set_aside += 1
