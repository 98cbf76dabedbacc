"""When each game next needs the clock, and which games have mail to send: one small file for a whole judge.

A poll with nothing to do must not read every game to learn it (a judge of a
thousand games would spend a second a minute on it).  ``wakes.json`` keeps,
for each game, the instant its next tick is due (``"now"``, an ISO time, or
``null`` for none: only a mail wakes it) and whether its outbox may hold mail
not yet sent.  The store marks a game due now, and its mail pending, *before*
every write of its file, so a crash can only leave a game woken once too
often, never forgotten; the tick then writes the real next instant.  A game
missing from the index (a data folder from before it, an import) counts as
due now, with mail.

>>> import tempfile; from pathlib import Path; from datetime import datetime, UTC
>>> wakes = Wakes(Path(tempfile.mkdtemp()) / "wakes.json")
>>> noon = datetime(2026, 3, 23, 12, 0, tzinfo=UTC)
>>> wakes.set("g1", noon, mail=False)
>>> wakes.due(["g1", "g2"], noon.replace(hour=11)), wakes.due(["g1", "g2"], noon)
(['g2'], ['g1', 'g2'])
>>> wakes.mark_due("g1", mail=True); wakes.with_mail(["g1"])
['g1']
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from pathlib import Path
from typing import Any

from judge.store.atomic import read_json, write_json
from judge.store.records import from_iso, to_iso

NOW = "now"


class Wakes:
    """The index: read once for a poll's questions, read again and rewritten whole on each change (it is small)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._entries: dict[str, dict[str, Any]] | None = None

    def _read(self) -> dict[str, dict[str, Any]]:
        if self._entries is None:
            found = read_json(self.path)
            self._entries = found if isinstance(found, dict) else {}
        return self._entries

    def _write(self, game: str, entry: dict[str, Any]) -> None:
        self._entries = None  # read again: another Store of this process may have written since
        entries = self._read()
        if entries.get(game) != entry:
            entries[game] = entry
            write_json(self.path, entries)

    def mark_due(self, game: str, *, mail: bool) -> None:
        """Before a write of the game's file: tick it at the next poll (and look for its mail if ``mail``)."""
        self._entries = None
        old = self._read().get(game, {})
        self._write(game, {"at": NOW, "mail": bool(mail or old.get("mail", True))})

    def set(self, game: str, at: datetime | str | None, *, mail: bool) -> None:
        """After a tick: the instant the game next needs one (None: only a mail wakes it), and its mail."""
        self._write(game, {"at": at if at is None or isinstance(at, str) else to_iso(at), "mail": bool(mail)})

    def mail_queued(self, game: str) -> None:
        """A mail went into the game's outbox without a write of the game (``Store.queue_mail``)."""
        self._entries = None
        entry = self._read().get(game)
        if entry is not None:
            self._write(game, {**entry, "mail": True})

    def no_mail(self, game: str) -> None:
        """Its outbox was read and holds nothing unsent."""
        entry = self._read().get(game)
        if entry is not None:
            self._write(game, {**entry, "mail": False})

    def due(self, games: Iterable[str], now: datetime) -> list[str]:
        """The games among ``games`` whose tick is due at ``now`` (or unknown)."""
        entries = self._read()
        return [g for g in games if _due(entries.get(g), now)]

    def with_mail(self, games: Iterable[str]) -> list[str]:
        """The games among ``games`` whose outbox may hold mail to send (or unknown)."""
        entries = self._read()
        return [g for g in games if entries.get(g, {}).get("mail", True)]

    def forget(self, keep: Iterable[str]) -> None:
        """Drop the entries of games no longer stored."""
        entries, kept = self._read(), set(keep)
        if any(g not in kept for g in entries):
            self._entries = {g: e for g, e in entries.items() if g in kept}
            write_json(self.path, self._entries)


def _due(entry: dict[str, Any] | None, now: datetime) -> bool:
    if entry is None or entry.get("at") == NOW:
        return True
    at = entry.get("at")
    if at is None:
        return False
    try:
        return from_iso(str(at)) <= now
    except ValueError:
        return True
