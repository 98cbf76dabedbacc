"""Things set aside so that the judge goes on without them, for its keeper to look at.

One mail that breaks the judge, one outgoing mail that cannot be sent, one
game that cannot be played: each is moved here (docs/store.md) with a note
saying why, and the poll carries on with everything else.  Nothing here is
read back by the judge; the keeper reads, fixes or deletes it by hand.

    <data>/quarantine/mail/<sha256>.eml            a mail as received, byte for byte
    <data>/quarantine/mail/<sha256>.txt            when, its Message-ID and sender, why
    <data>/quarantine/outgoing/<when>-<id>.json    an outgoing mail as queued, with why
    <data>/quarantine/games/<when>-<game>.txt      why a game was paused
"""

from __future__ import annotations

import hashlib
import json
from datetime import datetime
from pathlib import Path

from judge.store.atomic import atomic_write_bytes
from judge.store.records import OutgoingMail, to_iso


class Quarantine:
    """``<data>/quarantine``: written atomically, one file per thing set aside, never read back."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def mail(self, raw: bytes, message_id: str, sender: str, reason: str, now: datetime) -> Path:
        """Keep an incoming mail the judge did not act on (or failed on), with a note why.

        Named by its digest, so that the same mail kept twice (a poll killed
        before it was marked processed) is one file.
        """
        base = self.folder / "mail" / hashlib.sha256(raw).hexdigest()
        atomic_write_bytes(base.with_suffix(".eml"), raw)
        note = f"when: {to_iso(now)}\nmessage-id: {message_id}\nsender: {sender or '-'}\nwhy: {reason}\n"
        atomic_write_bytes(base.with_suffix(".txt"), note.encode("utf-8", "replace"))
        return base.with_suffix(".eml")

    def outgoing(self, mail: OutgoingMail, reason: str, now: datetime) -> Path:
        """Keep an outgoing mail that will not be sent, as it was queued, with why."""
        path = self.folder / "outgoing" / f"{_stamp(now)}-{mail.id}.json"
        record = {"why": reason, "when": to_iso(now), "mail": mail.to_json()}
        atomic_write_bytes(path, json.dumps(record, ensure_ascii=True, indent=1).encode("ascii"))
        return path

    def game(self, name: str, reason: str, now: datetime) -> Path:
        """Note why a game was paused (the game itself stays in ``games/``)."""
        path = self.folder / "games" / f"{_stamp(now)}-{name}.txt"
        atomic_write_bytes(path, f"when: {to_iso(now)}\ngame: {name}\nwhy: {reason}\n".encode("utf-8", "replace"))
        return path

    def entries(self, kind: str) -> list[Path]:
        """What is set aside of one kind (``mail``, ``outgoing``, ``games``), oldest first."""
        folder = self.folder / kind
        return sorted(p for p in folder.iterdir() if not p.name.startswith(".")) if folder.is_dir() else []


def _stamp(now: datetime) -> str:
    return to_iso(now).replace(":", "").replace("-", "")
