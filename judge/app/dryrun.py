"""``judge poll --dry-run``: what a poll now would do, with nothing changed.

Nothing of the judge is written, moved, locked or sent: the mailbox is only
read (the spool's ``new/`` listed, IMAP fetched with ``BODY.PEEK``), no
mail is marked processed, no lock is taken, and the clock's work is done on a
scratch copy of the data folder in a temporary folder, removed at the end.
That copy is played by the poll's own code (:func:`judge.app.poll.play_due`),
so the phases it names, and the reminders and late notices, are the ones a
poll would play and send, not a second guess that could drift from it.  The
mail waiting is listed (sender, subject, what the poll would do with it: the
operator reads his judge's mailbox anyway) but not acted on, so what it would
change is not in the games' part.  Never a mail's body: it may hold passwords.
"""

from __future__ import annotations

import json
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Any

from judge.app.config import JudgeConfig
from judge.app.poll import play_due
from judge.app.report import PollReport
from judge.app.status import Zone, game_row, outgoing_mail
from judge.clock import Clock, PollClock
from judge.commands.session import Judge
from judge.mail import ImapMailbox, IncomingMail, Mailbox, MailError
from judge.mail.entry import read_envelope
from judge.mail.spool import SpoolMailbox
from judge.store import Game, Store, StoreError

SCHEMA = 1
NOT_COPIED = {"history", "archive", "quarantine", "poll.lock"}  # a tick only writes them (history: ScratchStore)
KINDS = {"remind": "reminder", "late": "late notice", "disorder": "civil disorder notice",
         "unattended": "nobody-plays notice", "fault": "fault notice", "end": "game end"}
JSONDict = dict[str, Any]


def run_dry_run(config: JudgeConfig, *, as_json: bool = False) -> int:
    """Print what a poll would do; 1 if the mailbox or the data folder cannot be read."""
    data = dry_run(config)
    if as_json:
        json.dump(data, sys.stdout, indent=1, ensure_ascii=False)
        sys.stdout.write("\n")
    else:
        from judge.render import environment

        zone = Zone(config.timezone)
        width = max([1, *(len(m["sender"] or "-") for m in data["mail_in"])])
        sys.stdout.write(environment().get_template("operator/dry_run.j2").render(**data, when=zone.shown,
                                                                                 sender_width=width))
    return 1 if data["problems"] else 0


def dry_run(config: JudgeConfig) -> JSONDict:
    """What a poll now would do (the JSON of ``--dry-run --json``, docs/operator.md)."""
    clock = config.clock()
    zone, now = Zone(config.timezone), clock.now()
    data: JSONDict = {"schema": SCHEMA, "dry_run": True, "judge": config.name, "timezone": config.timezone,
                      "now": zone.iso(now), "mail_in": [], "games": [], "games_idle": 0,
                      "outgoing": {"total": 0, "oldest": None, "outboxes": []}, "messages": [], "problems": []}
    store = Store(config.data_dir, clock=clock) if config.data_dir.is_dir() else None
    try:
        data["mail_in"] = waiting_mail(config, store)
    except MailError as exc:
        data["problems"].append(f"cannot read the mailbox: {exc}")
    if store is None:
        return data
    try:
        rows = {name: game_row(store, name, zone, now) for name in store.game_names()}
        data["outgoing"] = outgoing_mail(store, [game for _, game in rows.values() if game is not None], zone)
        data["games"], data["messages"] = due_games(config, clock, {n: row for n, (row, _) in rows.items()})
        data["games_idle"] = len(rows) - len(data["games"])
    except (StoreError, OSError) as exc:
        data["problems"].append(f"cannot read the data folder: {exc}")
    return data


def waiting_mail(config: JudgeConfig, store: Store | None) -> list[JSONDict]:
    """The mail a poll would read, oldest first, each with what the poll would do with it."""
    mailbox = _mailbox(config)
    if mailbox is None:
        return []
    try:
        mails = mailbox.fetch()
    finally:
        mailbox.close()
    read: set[str] = set()
    return [_what_of(item, config, store, read) for item in mails]


def _mailbox(config: JudgeConfig) -> Mailbox | None:
    """The mailbox, opened to read only: a spool inbox that does not exist yet is not made, nor an IMAP
    processed folder (``judge poll`` makes it on first use)."""
    if config.mail.incoming == "spool":
        inbox = config.mail.spool.inbox
        return SpoolMailbox(inbox) if all((inbox / sub).is_dir() for sub in ("new", "cur", "tmp")) else None
    if config.mail.imap is None:
        raise MailError('[mail] incoming = "imap" needs a [mail.imap] table')
    return _PeekingImap(config.mail.imap)


class _PeekingImap(ImapMailbox):
    """The judge's IMAP mailbox as a dry run uses it: fetched (``BODY.PEEK[]``), its processed folder not made.

    tests/mail/test_dry_run_imap.py checks on Dovecot that no folder, flag or
    message changes.
    """

    def _ensure_folder(self, client: Any) -> None:
        return


def _what_of(item: IncomingMail, config: JudgeConfig, store: Store | None, read: set[str]) -> JSONDict:
    """One mail as the poll's ``admit`` and ``act`` would take it (judge/app/pollmail.py)."""
    envelope = read_envelope(item, config.mail.address)
    entry: JSONDict = {"sender": envelope.sender, "subject": envelope.subject, "message_id": envelope.message_id,
                       "action": "read", "why": None}
    seen = envelope.message_id in read or (store is not None and store.seen(envelope.message_id))
    if envelope.loop or envelope.sender is None:
        entry.update(action="ignored", why=envelope.loop or envelope.ignore)
    elif envelope.refused:
        entry.update(action="skipped" if seen else "set aside", why="already read" if seen else envelope.refused)
    elif seen:
        entry.update(action="skipped", why="already read")
    read.add(envelope.message_id)
    return entry


class ScratchStore(Store):
    """A store on the scratch copy; a game's history is copied in from the real folder when first asked for."""

    def __init__(self, scratch: Path, real: Path, clock: Clock) -> None:
        super().__init__(scratch, clock=clock)
        self.real = real
        self._copied: set[str] = set()

    def history_path(self, game: str) -> Path:
        path = super().history_path(game)
        if game not in self._copied:
            self._copied.add(game)
            source = self.real / path.relative_to(self.data_dir)
            if source.is_file():
                path.parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(source, path)
        return path


def due_games(config: JudgeConfig, clock: Clock, rows: dict[str, JSONDict]) -> tuple[list[JSONDict], list[str]]:
    """Play the clock's part of a poll on a scratch copy; the games it would change, and what it logged."""
    scratch = Path(tempfile.mkdtemp(prefix="judge-dry-run-"))
    try:
        shutil.copytree(config.data_dir, scratch / "data", symlinks=True,
                        ignore=lambda folder, names: _left_out(config.data_dir, folder, names))
        store = ScratchStore(scratch / "data", config.data_dir, clock)
        before = {name: _outbox_ids(store, name) for name in store.game_names()}
        judge = Judge(store, config.name, config.mail.address, PollClock(clock), config.timezone,
                      config.password_cost)
        report = PollReport()
        with report.listening():
            play_due(judge, report, config.limits)
        played: dict[str, list[str]] = {}
        for entry in report.played:
            name, _, phase = entry.partition(" ")
            played.setdefault(name, []).append(phase)
        found = [_after(store, name, rows[name], before[name], played.get(name, [])) for name in before]
        return [row for row in found if row is not None], report.messages
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def _left_out(root: Path, folder: str, names: list[str]) -> set[str]:
    """Temp files and stage folders anywhere; at the top, what a tick only writes (history: see ScratchStore)."""
    hidden = {name for name in names if name.startswith(".")}
    return hidden | (NOT_COPIED & set(names) if Path(folder) == root else set())


def _outbox_ids(store: Store, name: str) -> set[str]:
    try:
        return {mail.id for mail in store.load_game(name).outbox}
    except StoreError:
        return set()


def _after(store: Store, name: str, row: JSONDict, before: set[str], played: list[str]) -> JSONDict | None:
    """What the tick did to one game, or None if nothing."""
    try:
        game = store.load_game(name)
    except StoreError:
        return None
    new = [mail for mail in game.outbox if mail.id not in before]
    if not new and not played and game.status == row["status"]:
        return None
    mails: dict[str, int] = {}
    for mail in new:
        kind = KINDS.get((mail.key or "").partition(":")[0], "result")
        mails[kind] = mails.get(kind, 0) + 1
    reminded = sorted({power for m in new if (m.key or "").startswith("remind:")
                       for power in (m.key or "").rpartition(":")[2].split("+")})  # an address's powers
    return {"name": name, "variant": row["variant"], "phase": row["phase"], "plays": played,
            "phase_after": _phase(game), "status": row["status"], "status_after": game.status,
            "late": row["late"], "reminded": reminded, "mails": mails}


def _phase(game: Game) -> str | None:
    return game.state.get("phase") if game.state else None
