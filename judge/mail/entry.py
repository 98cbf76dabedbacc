"""Where mail enters the judge: who it is from, what it is called, whether it can be answered.

A mail's headers are whatever its sender wrote: 8-bit bytes, encoded words
that decode to line breaks, NULs, nested comments, no address at all.
:func:`read_envelope` reads them once, here, into values the rest of the
judge can store and write back into headers without a second thought:

* the Message-ID, a printable ASCII ``<…>`` (else a digest of the raw mail);
* the sender, the Reply-To else the From, checked and normalised by
  :func:`judge.addresses.normal_address`;
* the subject, decoded and made one clean line of bounded length.

A mail that must not be answered has a ``loop`` reason (a bounce, an
auto-reply, the judge's own mail) or an ``ignore`` reason (no usable address); one that can be answered but not read (a Reply-To the judge
cannot send to, MIME nested too deeply) has a ``refused`` reason, which its
reply gives instead of acting on it.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from email.header import decode_header
from email.message import EmailMessage

from judge.addresses import BadAddress, normal_address
from judge.mail.base import IncomingMail
from judge.mail.message import addresses, clean_line, header_text, loop_reason, message_ids, unreadable
from judge.mail.text import decode_bytes

MAX_SUBJECT = 200          # characters of a subject the judge keeps (and echoes in "Re:")
MAX_SUBJECT_SOURCE = 4000  # characters of a raw Subject header decoded at all


@dataclass(frozen=True)
class Envelope:
    """What the judge takes from a mail's headers; ``sender`` is None when nobody can be answered."""

    message_id: str
    sender: str | None
    subject: str
    loop: str | None = None     # mail-loop traffic (a bounce, an auto-reply, our own): never answered
    ignore: str | None = None   # why nobody can be answered (no usable address)
    refused: str | None = None  # why the mail is answered but not acted on


def read_envelope(item: IncomingMail, judge_address: str) -> Envelope:
    """The mail's envelope, with why it is ignored or refused, if it is."""
    msg = item.message
    mid, subject = message_key(item), decoded_subject(msg)
    loop = loop_reason(msg, judge_address)
    if loop:
        return Envelope(mid, None, subject, loop=loop)
    sender, problem = _sender(msg)
    if sender is None:
        return Envelope(mid, None, subject, ignore=problem)
    return Envelope(mid, sender, subject, refused=problem or unreadable(msg))


def message_key(item: IncomingMail) -> str:
    """The Message-ID if it is one clean ``<…>`` and nothing else, else a digest of the raw mail
    (never empty; ``<a<<@x>`` is not taken for ``<@x>``, which many mails could share)."""
    value = (header_text(item.message, "Message-ID") or "").strip()
    found = message_ids(value) if len(value) <= 252 else []
    return found[0] if found == [value] else "sha256:" + hashlib.sha256(item.raw).hexdigest()


def decoded_subject(msg: EmailMessage) -> str:
    """The Subject with its encoded words decoded, as one clean line of at most MAX_SUBJECT characters."""
    raw = _repaired(header_text(msg, "Subject") or "")[:MAX_SUBJECT_SOURCE]
    try:
        text = "".join(part if isinstance(part, str) else decode_bytes(part, charset)
                       for part, charset in decode_header(raw))
    except Exception:  # a malformed encoded word: the raw text is better than nothing
        text = raw
    return clean_line(text, MAX_SUBJECT)


def _sender(msg: EmailMessage) -> tuple[str | None, str | None]:
    """Whom to answer, and why the mail is not read (or not answered, when nobody can be)."""
    sender, why = _address_in(msg, "From")
    if header_text(msg, "Reply-To") is not None:
        reply_to, bad = _address_in(msg, "Reply-To")
        if reply_to is not None:
            return reply_to, None
        return sender, f"the Reply-To address cannot be used: {bad}" if sender else why
    return sender, why


def _address_in(msg: EmailMessage, name: str) -> tuple[str | None, str]:
    found = addresses(msg, name)
    if not found:
        return None, f"no address in the {name} header"
    try:
        return normal_address(_repaired(found[0])), ""
    except BadAddress as exc:
        return None, str(exc)


def _repaired(text: str) -> str:
    """Header text with the raw 8-bit bytes the parser kept as surrogates decoded (UTF-8, else
    Windows-1252) and any other lone surrogate dropped: text that can be stored and written."""
    try:
        data = text.encode("utf-8", "surrogateescape")
    except UnicodeEncodeError:
        return text.encode("utf-8", "ignore").decode("utf-8")
    return decode_bytes(data, "utf-8" if _is_utf8(data) else "cp1252")


def _is_utf8(data: bytes) -> bool:
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True
