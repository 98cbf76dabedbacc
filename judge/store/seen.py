"""The Message-IDs already handled, so a mail delivered twice is acted on once.

The set grows forever (every mail ever received), so it is split into 256
files by the first byte of the id's SHA-256: a lookup reads one file of
about 1/256 of the set (some 400 ids, 30 KB, at 100 000 mails), and marking
an id rewrites only that file.  Each id keeps the time it was seen, so
:meth:`SeenSet.prune` can drop ids too old to come back.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from datetime import datetime
from pathlib import Path

from tinydb import Query

from judge.store.atomic import open_db
from judge.store.records import from_iso, to_iso

BUCKETS = 256
_TABLE = "seen"
_ID = Query()["id"]


def _check_id(message_id: str) -> str:
    if not isinstance(message_id, str) or not message_id.strip():
        raise ValueError("a Message-ID is needed to dedupe (use a hash of the raw mail if it has none)")
    return message_id.strip()


class SeenSet:
    """Bucketed set of Message-IDs under ``directory`` (``<bucket>.json`` files)."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory

    def bucket(self, message_id: str) -> Path:
        """The one file that holds ``message_id`` if it was seen."""
        digest = hashlib.sha256(_check_id(message_id).encode("utf-8")).digest()
        return self.directory / f"{digest[0] % BUCKETS:02x}.json"

    def seen(self, message_id: str) -> bool:
        """Whether ``message_id`` was marked seen."""
        path = self.bucket(message_id)
        if not path.exists():
            return False
        with open_db(path) as db:
            return db.table(_TABLE).contains(_ID == _check_id(message_id))

    def mark_seen(self, message_id: str, at: datetime) -> None:
        """Record ``message_id`` as handled at ``at``; a second call changes nothing."""
        self.mark_many([message_id], at)

    def mark_many(self, message_ids: Iterable[str], at: datetime) -> None:
        """Record many ids with one write per bucket touched (bulk import, benchmarks)."""
        by_bucket: dict[Path, list[str]] = {}
        for mid in message_ids:
            by_bucket.setdefault(self.bucket(mid), []).append(_check_id(mid))
        stamp = to_iso(at)
        for path, mids in by_bucket.items():
            with open_db(path) as db:
                table = db.table(_TABLE)
                known = {doc["id"] for doc in table.all()}
                new = [{"id": m, "at": stamp} for m in dict.fromkeys(mids) if m not in known]
                if new:
                    table.insert_multiple(new)

    def prune(self, before: datetime) -> int:
        """Forget ids seen before ``before``; returns how many were dropped."""
        dropped = 0
        for path in sorted(self.directory.glob("[0-9a-f][0-9a-f].json")):
            with open_db(path) as db:
                table = db.table(_TABLE)
                old = [doc.doc_id for doc in table.all() if from_iso(doc["at"]) < before]
                if old:
                    table.remove(doc_ids=old)
                    dropped += len(old)
        return dropped

    def __len__(self) -> int:
        total = 0
        for path in self.directory.glob("[0-9a-f][0-9a-f].json"):
            with open_db(path) as db:
                total += len(db.table(_TABLE))
        return total
