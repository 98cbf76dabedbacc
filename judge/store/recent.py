"""What the judge last sent each address, as line keys: so that it never reads its own words back as orders.

A player's client may paste the judge's confirmation or results below his
reply with no quote marks.  The judge keeps, for each address, the keys of
the non-blank lines (:func:`judge.reading.quotes.line_keys`, short hashes:
no text of a mail is kept) of the last :data:`~judge.reading.quotes.KEPT_MAILS`
mails it sent there, with when and their subject; a mail from that address
is read without the runs of lines that reproduce them.  The files are split
into 256 buckets by the address's SHA-256, like the seen-set, and each poll
writes each bucket it touched once.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from datetime import datetime
from pathlib import Path

from judge.reading.quotes import KEPT_MAILS, JudgeSaid, SentLines, line_keys
from judge.store.atomic import StoreError, read_json, write_json
from judge.store.records import OutgoingMail, to_iso

MAX_KEYS = 2_000   # lines kept of one mail (a long HISTORY answer is kept by its start)


class RecentMail:
    """``<data>/recent/<bucket>.json``: address -> the last mails sent there, oldest first."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory

    def _bucket(self, address: str) -> Path:
        digest = hashlib.sha256(address.strip().lower().encode("utf-8")).digest()
        return self.directory / f"{digest[0]:02x}.json"

    def said_to(self, address: str) -> JudgeSaid:
        """What the judge last sent ``address`` (nothing if the file cannot be read: only a help)."""
        try:
            data = read_json(self._bucket(address)) or {}
        except StoreError:
            return JudgeSaid()
        mails = data.get(address.strip().lower(), []) if isinstance(data, dict) else []
        return JudgeSaid([SentLines(str(m.get("when", "")), str(m.get("subject", "")), tuple(m.get("keys", [])))
                          for m in mails if isinstance(m, dict)])

    def remember(self, mails: Iterable[OutgoingMail], at: datetime) -> None:
        """Note ``mails`` as sent at ``at``: one write per bucket touched."""
        by_bucket: dict[Path, dict[str, list[dict[str, object]]]] = {}
        for mail in (m for m in mails if not m.others_words):   # press: a player's words, free to copy
            entry = {"when": to_iso(at), "subject": mail.subject[:200], "keys": list(line_keys(mail.body))[:MAX_KEYS]}
            for address in mail.to:
                if address:
                    by_bucket.setdefault(self._bucket(address), {}).setdefault(address.lower(), []).append(entry)
        for path, news in by_bucket.items():
            try:
                data = read_json(path) or {}
            except StoreError:
                data = {}   # a broken bucket is only a help lost: start it again
            for address, entries in news.items():
                data[address] = ([*data.get(address, []), *entries])[-KEPT_MAILS:]
            path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
            write_json(path, data)
