"""The store: the judge's data directory behind one small typed API.

Layout (see docs/store.md)::

    <data>/games/<game>.json          live game: record, players, orders, applied ids, outbox
    <data>/history/<game>.json        one record per processed phase, read on demand
    <data>/archive/<game>/<phase>.txt result mail text, for the GM to publish
    <data>/seen/<bucket>.json         Message-IDs handled, 256 buckets
    <data>/outbox.json                mails not tied to a game
    <data>/sent.log                   ids of mails sent, until compacted out of their outboxes
    <data>/recent/<bucket>.json       line keys of the last mails sent each address (judge/store/recent.py)
    <data>/quarantine/                mail, outgoing mail and game faults set aside for the keeper
    <data>/state/last_poll.json       what the last poll (and the last one that did something) did
    <data>/poll.lock                  flock: one poll at a time

What a poll reads every time (the game files, the global outbox) does not grow
with a game's history; history and archive are separate files, read only by
HISTORY, SUMMARY and ROLLBACK.  Writers must hold :meth:`Store.poll_lock`.
"""

from __future__ import annotations

import os
import re
import shutil
from collections.abc import Iterator
from contextlib import AbstractContextManager
from datetime import datetime, timedelta
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tinydb import Query, TinyDB

from judge.clock import Clock, SystemClock
from judge.gamenames import NAME_LENGTH, is_game_name
from judge.store import history, staging
from judge.store.atomic import (
    StoreError,
    StoreRefused,
    atomic_write_bytes,
    open_db,
    read_json,
    remove_temp_files,
    write_json,
)
from judge.store.game import Game, merge_outbox
from judge.store.lock import exclusive_lock
from judge.store.quarantine import Quarantine
from judge.store.records import OutgoingMail, PhaseRecord
from judge.store.seen import SeenSet
from judge.store.sentlog import SentLog
from judge.store.wakes import Wakes

if TYPE_CHECKING:
    from judge.reading.quotes import JudgeSaid
    from judge.store.recent import RecentMail

_PHASE_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,39}")
_GAME_TABLES = ("players", "observers", "orders", "applied")
_MAIL_ID = Query()["id"]
_MAIL_KEY = Query()["key"]


class InvalidName(StoreRefused, ValueError):
    """A game or phase name that cannot be a file name (lower-case letters, digits, - and _)."""


class UnknownGame(StoreRefused, KeyError):
    """No game of that name."""

    def __str__(self) -> str:
        return f"no game named {self.args[0]!r}"


class GameExists(StoreRefused):
    """CREATE of a name already taken."""


def check_game_name(name: str) -> str:
    """``name`` if it is a valid game name (the reader's rule, ``is_game_name``); the commands layer lower-cases
    first."""
    if not is_game_name(name):
        raise InvalidName(f"bad game name {name!r}: 1-{NAME_LENGTH} of a-z, 0-9, - and _, starting with a letter or "
                          "digit")
    return name


def _check_phase_name(phase: str) -> str:
    if not isinstance(phase, str) or not _PHASE_NAME.fullmatch(phase):
        raise InvalidName(f"bad phase name {phase!r}")
    return phase


class Store:
    """Everything the judge keeps, under ``data_dir``; the clock stamps the seen-set."""

    def __init__(self, data_dir: Path | str, clock: Clock | None = None) -> None:
        self.data_dir = Path(data_dir)
        self.clock = clock or SystemClock()
        self.data_dir.mkdir(parents=True, exist_ok=True, mode=0o700)
        self._seen = SeenSet(self.data_dir / "seen")
        self._sent = SentLog(self.data_dir / "sent.log")
        self.quarantine = Quarantine(self.data_dir / "quarantine")
        self._wakes = Wakes(self.data_dir / "wakes.json")
        self._recent_mail: RecentMail | None = None  # made on first use: an idle poll needs no reader

    # --- paths -------------------------------------------------------------

    def game_path(self, game: str) -> Path:
        return self.data_dir / "games" / f"{check_game_name(game)}.json"

    def history_path(self, game: str) -> Path:
        return self.data_dir / "history" / f"{check_game_name(game)}.json"

    def archive_path(self, game: str, phase: str) -> Path:
        return self.data_dir / "archive" / check_game_name(game) / f"{_check_phase_name(phase)}.txt"

    @property
    def outbox_path(self) -> Path:
        return self.data_dir / "outbox.json"

    # --- the lock ----------------------------------------------------------

    def poll_lock(self) -> AbstractContextManager[None]:
        """Exclusive lock for one poll; raises :class:`PollBusy` at once if another holds it."""
        return exclusive_lock(self.data_dir / "poll.lock")

    def remove_temp_files(self) -> int:
        """Delete temp files of writers killed mid-write, and undo an import killed part-way (its stage folder);
        call only under :meth:`poll_lock`.

        A game's archive folder is left to :meth:`remove_archive_temp_files`, called
        when the game is next ticked (a writer killed there left it due), so
        that this costs the same however large the archive grows.
        """
        undone = staging.roll_back(self.data_dir)
        dirs = [self.data_dir, self.data_dir / "games", self.data_dir / "history", self.data_dir / "seen",
                self.data_dir / "state"]
        quarantine = self.data_dir / "quarantine"
        if quarantine.is_dir():
            dirs += [d for d in quarantine.iterdir() if d.is_dir()]
        return undone + sum(remove_temp_files(d) for d in dirs)

    def remove_archive_temp_files(self, game: str) -> int:
        """Delete the temp files a killed writer left in the game's archive folder (under the poll lock)."""
        return remove_temp_files(self.data_dir / "archive" / check_game_name(game))

    # --- games -------------------------------------------------------------

    def game_names(self) -> list[str]:
        """Every game's name, sorted."""
        folder = self.data_dir / "games"
        if not folder.is_dir():
            return []
        return sorted(p.stem for p in folder.glob("*.json") if is_game_name(p.stem))

    def has_game(self, game: str) -> bool:
        return self.game_path(game).exists()

    def create_game(self, game: Game) -> None:
        """Store a new game; :class:`GameExists` if the name is taken."""
        if self.has_game(game.name):
            raise GameExists(f"a game named {game.name!r} already exists")
        self._write_game(game)

    def name_in_use(self, game: str) -> bool:
        """Whether anything of a game ``game`` is in place: its file, its history or its archive folder."""
        return any(os.path.lexists(path) for path in staging.game_paths(self.data_dir, check_game_name(game)))

    def add_whole_game(self, game: Game, records: list[PhaseRecord], texts: dict[str, str]) -> None:
        """Store a new game with its history (``records``, in playing order) and archive files (phase → text),
        all or nothing: staged in a hidden folder, then moved into place (``judge/store/staging.py``).

        Call it under :meth:`poll_lock`; :class:`GameExists` if anything of the name is in place.
        """
        if self.name_in_use(game.name):
            raise GameExists(f"a game named {game.name!r} already exists")
        names = [_check_phase_name(record.phase) for record in records]
        if len(set(names)) != len(names):
            raise InvalidName(f"a phase is given twice in {', '.join(names)}")
        stage = staging.stage_folder(self.data_dir, game.name)
        try:
            staged = Store(stage, self.clock)
            for phase, text in texts.items():
                staged.write_archive(game.name, phase, text)
            history.record_phases(staged.history_path(game.name), records)
            staged.create_game(game)
            staging.move_in(stage, self.data_dir, game.name)
        except BaseException:
            shutil.rmtree(stage, ignore_errors=True)  # move_in put back what it had moved: nothing is in place
            raise

    def save_game(self, game: Game) -> None:
        """Replace the stored game with ``game`` in one atomic write.

        Everything goes in that write: record, players, orders, applied ids
        and the outbox, so a result mail queued with a new phase is stored
        with it.  The outbox is merged (see ``merge_outbox``): saving a copy
        loaded before a ``mark_sent`` does not bring the sent mail back.
        """
        if not self.has_game(game.name):
            raise UnknownGame(game.name)
        self._write_game(game)

    def _write_game(self, game: Game) -> None:
        self._wakes.mark_due(game.name, mail=bool(game.outbox))  # first: a crash leaves it woken, not forgotten
        self._stamp(game.outbox)
        with open_db(self.game_path(game.name)) as db:
            outbox = merge_outbox(game, db.table("outbox").all())
            db.table("game").truncate()
            db.table("game").insert(game.record_json())
            for name, docs in game.tables_json().items():
                db.table(name).truncate()
                db.table(name).insert_multiple(docs)
            db.table("outbox").truncate()
            db.table("outbox").insert_multiple([m.to_json() for m in outbox])
        game.outbox = self._unsent(outbox)
        game.loaded_mail = frozenset(m.id for m in outbox)

    def load_game(self, game: str) -> Game:
        """The stored game; :class:`UnknownGame` if there is none."""
        path = self.game_path(game)
        with open_db(path) as db:
            records = db.table("game").all()
            if not records:
                raise UnknownGame(game)
            tables = {name: _ordered(db, name) for name in (*_GAME_TABLES, "outbox")}
        loaded = Game.from_tables(dict(records[0]), tables)
        loaded.outbox = self._unsent(loaded.outbox)
        return loaded

    def due_games(self, now: datetime) -> list[str]:
        """The games whose tick is due at ``now`` (``wakes.json``): what a poll ticks; the others are not read."""
        names = self.game_names()
        self._wakes.forget(names)
        return self._wakes.due(names, now)

    def set_wake(self, game: str, at: datetime | None, *, mail: bool) -> None:
        """After a tick: when the game next needs the clock (None: only a mail wakes it), and if it has mail to send."""
        self._wakes.set(game, at, mail=mail)

    def games(self) -> Iterator[Game]:
        """Every game, loaded, in name order (what a poll walks through)."""
        for name in self.game_names():
            yield self.load_game(name)

    def prune_applied(self, game: Game) -> int:
        """Drop from ``game.applied`` the ids already in the seen-set (they are safe there).

        Keeps the live file from growing with the game's age; call it when a
        phase is processed, then save the game.
        """
        before = len(game.applied)
        game.applied = [mid for mid in game.applied if not self.seen(mid)]
        return before - len(game.applied)

    # --- history and archive -----------------------------------------------

    def record_phase(self, game: str, record: PhaseRecord) -> None:
        """Add a processed phase to the history, replacing a record of the same phase.

        Call it before ``save_game`` stores the next phase: a crash in between
        only makes the phase run again, and the rerun overwrites this record.
        """
        history.record_phase(self.history_path(game), record)

    def phase_record(self, game: str, phase: str) -> PhaseRecord | None:
        return history.phase_record(self.history_path(game), phase)

    def phases(self, game: str, first: str | None = None, last: str | None = None) -> list[PhaseRecord]:
        """Processed phases from ``first`` to ``last`` inclusive; :class:`UnknownPhase` for a name not played."""
        return history.phases(self.history_path(game), game, first, last)

    def phase_names(self, game: str) -> list[str]:
        return history.phase_names(self.history_path(game))

    def truncate_after(self, game: str, phase: str, *, inclusive: bool = False) -> list[str]:
        """Drop history after ``phase`` (and ``phase`` too if ``inclusive``); returns the names dropped."""
        return history.truncate_after(self.history_path(game), game, phase, inclusive=inclusive)

    def write_archive(self, game: str, phase: str, text: str) -> Path:
        """Write a result mail's text to ``archive/<game>/<phase>.txt``, atomically."""
        path = self.archive_path(game, phase)
        atomic_write_bytes(path, text.encode("utf-8"))
        return path

    def read_archive(self, game: str, phase: str) -> str | None:
        try:
            return self.archive_path(game, phase).read_text(encoding="utf-8")
        except FileNotFoundError:
            return None

    # --- seen Message-IDs ----------------------------------------------------

    def seen(self, message_id: str) -> bool:
        return self._seen.seen(message_id)

    def mark_seen(self, message_id: str) -> None:
        self._seen.mark_seen(message_id, self.clock.now())

    def mark_seen_many(self, message_ids: list[str]) -> None:
        self._seen.mark_many(message_ids, self.clock.now())

    def prune_seen(self, older_than_days: float) -> int:
        """Forget Message-IDs seen more than that many days ago (mail that old will not return)."""
        return self._seen.prune(self.clock.now() - timedelta(days=older_than_days))

    # --- outgoing mail ----------------------------------------------------------

    def queue_mail(self, mail: OutgoingMail) -> OutgoingMail:
        """Queue ``mail`` now: in its game's file if ``mail.game`` is set, else in ``outbox.json``.

        Returns the mail queued, or the one already pending with the same ``key``.

        For a mail that must be stored together with a game change, use
        ``game.queue_mail`` and ``save_game`` instead.
        """
        path = self.outbox_path if mail.game is None else self.game_path(mail.game)
        if mail.game is not None and not path.exists():
            raise UnknownGame(mail.game)
        self._stamp([mail])
        sent = self._sent.entries()
        with open_db(path) as db:
            outbox = db.table("outbox")
            if mail.key is not None:
                for queued in outbox.search(_MAIL_KEY == mail.key):
                    if queued["id"] not in sent:
                        return OutgoingMail.from_json(dict(queued))
            if mail.game is not None:
                self._wakes.mail_queued(mail.game)
            outbox.insert(mail.to_json())
        return mail

    def global_mail(self) -> list[OutgoingMail]:
        """Pending mails not tied to a game, oldest first."""
        with open_db(self.outbox_path) as db:
            return self._unsent([OutgoingMail.from_json(dict(d)) for d in _ordered(db, "outbox")])

    def pending_mail(self) -> list[OutgoingMail]:
        """Every pending mail: the global outbox first, then each game's, oldest first."""
        mails = self.global_mail()
        for name in self._wakes.with_mail(self.game_names()):
            outbox = self.load_game(name).outbox
            if not outbox:
                self._wakes.no_mail(name)
            mails.extend(outbox)
        return mails

    def all_sent(self, game: str) -> None:
        """The game's outbox holds nothing more to send (its mails went, or were set aside)."""
        self._wakes.no_mail(check_game_name(game))

    def mark_sent(self, mail: OutgoingMail) -> None:
        """Record that ``mail`` went out: one fsynced line in ``sent.log``, not a rewrite of its outbox.

        From then on it is left out of every pending list; :meth:`compact_sent`
        removes it from its file.  Marking twice, or an unknown id, is harmless.
        """
        self._sent.record(mail.game or "-", mail.id)

    def count_try(self, mail: OutgoingMail) -> int:
        """Note one more failed try to send ``mail`` in its outbox file; returns the tries so far."""
        path = self.outbox_path if mail.game is None else self.game_path(mail.game)
        with open_db(path) as db:
            outbox = db.table("outbox")
            stored = [int(doc.get("tries", 0)) for doc in outbox.search(_MAIL_ID == mail.id)]
            mail.tries = max([mail.tries, *stored]) + 1
            outbox.update({"tries": mail.tries}, _MAIL_ID == mail.id)
        return mail.tries

    def set_aside_mail(self, mail: OutgoingMail, reason: str) -> None:
        """Move ``mail`` out of its outbox into ``quarantine/outgoing/``: it will not be tried again."""
        self.quarantine.outgoing(mail, reason, self.clock.now())
        self._sent.record(mail.game or "-", mail.id)

    @property
    def _recent(self) -> RecentMail:
        """``recent/``, imported with the reader's line keys only when a mail is read or sent."""
        if self._recent_mail is None:
            from judge.store.recent import RecentMail

            self._recent_mail = RecentMail(self.data_dir / "recent")
        return self._recent_mail

    def remember_sent(self, mails: list[OutgoingMail]) -> None:
        """Keep the line keys of ``mails``, just sent, per address (``recent/``), for :meth:`said_to`."""
        if mails:
            self._recent.remember(mails, self.clock.now())

    def said_to(self, address: str) -> JudgeSaid:
        """What the judge last sent ``address``, as line keys: its own words, never read back as orders."""
        return self._recent.said_to(address)

    def compact_sent(self) -> int:
        """Remove every mail marked sent from its outbox file (one write per file), then empty the journal."""
        by_file: dict[str, set[str]] = {}
        for mail_id, key in self._sent.entries().items():
            by_file.setdefault(key, set()).add(mail_id)
        removed = 0
        for key, ids in by_file.items():
            path = self.outbox_path if key == "-" else self.data_dir / "games" / f"{key}.json"
            if not path.exists():
                continue
            with open_db(path) as db:
                outbox = db.table("outbox")
                gone = [doc.doc_id for doc in outbox.all() if doc["id"] in ids]
                if gone:
                    outbox.remove(doc_ids=gone)
                    removed += len(gone)
        self._sent.clear()
        return removed

    def _stamp(self, mails: list[OutgoingMail]) -> None:
        """Note when each new mail was queued (``judge status`` shows the oldest one waiting)."""
        for mail in mails:
            if mail.queued is None:
                mail.queued = self.clock.now()

    # --- the poll's own record --------------------------------------------------

    @property
    def poll_record_path(self) -> Path:
        return self.data_dir / "state" / "last_poll.json"

    def note_poll(self, record: dict[str, Any]) -> None:
        """Keep what the last poll did, for ``judge status``: one small file, replaced whole."""
        write_json(self.poll_record_path, record)

    def last_poll(self) -> dict[str, Any] | None:
        """The record :meth:`note_poll` kept, or None before the first poll."""
        data = read_json(self.poll_record_path)
        return data if isinstance(data, dict) else None

    def _unsent(self, mails: list[OutgoingMail]) -> list[OutgoingMail]:
        sent = self._sent.entries()
        return [m for m in mails if m.id not in sent] if sent else mails


def _ordered(db: TinyDB, table: str) -> list[dict]:
    """A table's documents in insertion order, as plain dicts."""
    return [dict(doc) for doc in sorted(db.table(table).all(), key=lambda doc: doc.doc_id)]
