"""``judge poll`` on the command line: its log, its one line, and ``--dry-run``.

cron runs a poll every minute, so what a poll says must not grow a log by a
line a minute: a poll that did something says one summary line; an idle
poll, or one that exits because another poll holds the lock, says nothing
unless ``-v``.  Where it says it is the ``[log]`` table's choice
(:class:`judge.app.config.LogConfig`): standard output and standard error,
as before, or a file the judge rotates itself (``RotatingFileHandler``: a
size cap and a few old files).  ``--dry-run`` is :mod:`judge.app.dryrun`.
"""

from __future__ import annotations

import argparse
import logging
import sys
from collections.abc import Iterator
from contextlib import contextmanager

from judge.app.config import ConfigError, JudgeConfig, LogConfig, config_path, load_config

FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"
summary_log = logging.getLogger("judge.summary")


def run_poll_command(args: argparse.Namespace) -> int:
    """``judge poll [-v] [--dry-run [--json]]``: exit 0, or 1 if the poll failed or had errors, 2 on bad usage."""
    try:
        config = load_config(config_path(args.config))
    except ConfigError as exc:
        print(f"judge poll: {exc}", file=sys.stderr)
        return 2
    if args.json and not args.dry_run:
        print("judge poll: --json goes with --dry-run", file=sys.stderr)
        return 2
    if args.dry_run:
        from judge.app.dryrun import run_dry_run

        return run_dry_run(config, as_json=args.json)
    try:
        with poll_log(config.log, args.verbose) as say:
            return _poll(config, say)
    except OSError as exc:  # the log file itself cannot be opened
        print(f"judge poll: cannot write the log {config.log.file}: {exc}", file=sys.stderr)
        return 1


class Say:
    """Where the poll's own lines go: printed (no log file) or logged (a log file); quiet ones only with -v."""

    def __init__(self, to_file: bool, verbose: bool) -> None:
        self.to_file, self.verbose = to_file, verbose

    def line(self, text: str, *, quiet: bool = False) -> None:
        """The line with its time, as the log file has it (``2026-03-25 18:05:00,112 INFO judge.summary: …``)."""
        if self.to_file:
            summary_log.log(logging.DEBUG if quiet else logging.INFO, text)
        elif self.verbose or not quiet:
            record = summary_log.makeRecord(summary_log.name, logging.INFO, __file__, 0, text, None, None)
            print(logging.Formatter(FORMAT).format(record))

    def failure(self, text: str) -> None:
        if self.to_file:
            summary_log.error(text)
        else:
            print(text, file=sys.stderr)


@contextmanager
def poll_log(log: LogConfig, verbose: bool) -> Iterator[Say]:
    """The poll's log handler on the root logger for the block (removed after: ``main`` may run again)."""
    handler: logging.Handler
    if log.file is None:
        handler = logging.StreamHandler(sys.stderr)
    else:
        from logging.handlers import RotatingFileHandler  # sockets, queues, pickle: only for a log file

        log.file.parent.mkdir(parents=True, exist_ok=True)
        handler = RotatingFileHandler(log.file, maxBytes=log.max_kb * 1024, backupCount=log.keep, encoding="utf-8")
    handler.setFormatter(logging.Formatter(FORMAT))
    root = logging.getLogger()
    before = root.level, summary_log.level
    root.addHandler(handler)
    root.setLevel(logging.INFO if verbose else logging.WARNING)
    summary_log.setLevel(logging.DEBUG if verbose else logging.INFO)
    try:
        yield Say(log.file is not None, verbose)
    finally:
        root.removeHandler(handler)
        handler.close()
        root.setLevel(before[0])
        summary_log.setLevel(before[1])


def _poll(config: JudgeConfig, say: Say) -> int:
    from judge.app.poll import run_poll
    from judge.mail import MailError
    from judge.store import PollBusy, StoreError

    try:
        report = run_poll(config)
    except PollBusy:
        say.line("judge poll: another poll is running; this one exits (cron will try again)", quiet=True)
        return 0
    except (StoreError, MailError, OSError) as exc:  # the disk or the mail server: cron tries again
        say.failure(f"judge poll: {exc}")
        return 1
    say.line(report.summary(), quiet=not report.active)
    return 1 if report.errors else 0
