"""The one file-to-attach value: what the store queues, what the mail layer writes, what a picture becomes.

The store keeps it in a queued mail (its JSON form, bytes as base64) and the
mail layer writes it into the message; both use this one type, so an
attachment's fields are named once.  ``content_id`` set: the mail's HTML part
shows it inline (``<img src="cid:…">``), in a ``multipart/related`` beside
that part; a text-only mail attaches it as before.
"""

from __future__ import annotations

import base64
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Attachment:
    """A file to attach; ``str`` data is sent as UTF-8 text."""

    filename: str
    data: bytes | str
    content_type: str = "application/octet-stream"
    content_id: str = ""

    def to_json(self) -> dict[str, Any]:
        """Plain JSON: bytes as base64 (the keys of the queued mails written before, kept)."""
        raw = self.data.encode("utf-8") if isinstance(self.data, str) else self.data
        found: dict[str, Any] = {"filename": self.filename, "mime_type": self.content_type,
                                 "data_b64": base64.b64encode(raw).decode("ascii")}
        if isinstance(self.data, str):
            found["text"] = True
        if self.content_id:
            found["content_id"] = self.content_id
        return found

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Attachment:
        raw = base64.b64decode(data["data_b64"])
        return cls(data["filename"], raw.decode("utf-8") if data.get("text") else raw, data["mime_type"],
                   str(data.get("content_id", "")))
