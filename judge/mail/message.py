"""Building outgoing mail and recognising mail the judge must never answer.

Every message the judge sends carries a Message-ID from a domain it controls,
threading headers, and loop guards (RFC 3834 ``Auto-Submitted`` plus our own
``X-Judge-Loop``), so that vacation responders and other robots stay quiet and
the judge can recognise its own mail if it ever comes back.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from email import policy
from email.headerregistry import BaseHeader, HeaderRegistry
from email.message import EmailMessage
from email.parser import BytesParser
from email.utils import format_datetime, getaddresses, make_msgid, parseaddr

LOOP_HEADER = "X-Judge-Loop"
_MAX_REFERENCES = 20
_FOLD = re.compile(r"\r?\n(?=[ \t])")
#: the most of a mail the judge reads (headers, body, attachments); the rest is never parsed
MAX_MAIL_BYTES = 1_000_000
#: the most of a header the judge decodes (decoding encoded words costs more than linear time)
MAX_HEADER_CHARS = 2_000
_MSGID = re.compile(r"<[^<>\s]+>")
_TOKEN = re.compile(r"[A-Za-z0-9-]+")


class _Registry(HeaderRegistry):
    """The stdlib registry builds a new header class on every lookup; build each one once.

    That lookup was a third of the cost of writing a mail: a poll writes
    hundreds, so the classes are kept.  Behaviour is the default policy's.
    """

    def __init__(self) -> None:
        super().__init__()
        self._made: dict[str, type[BaseHeader]] = {}

    def __getitem__(self, name: str) -> type[BaseHeader]:
        key = name.lower()
        made = self._made.get(key)
        if made is None:
            made = self._made[key] = super().__getitem__(name)
        return made


#: ``email.policy.default`` with a header registry that caches its classes.
POLICY = policy.default.clone(header_factory=_Registry())


@dataclass(frozen=True)
class Attachment:
    """A file to attach; ``str`` data is sent as UTF-8 text."""

    filename: str
    data: bytes | str
    content_type: str = "application/octet-stream"


def parse_message(raw: bytes, limit: int | None = MAX_MAIL_BYTES) -> EmailMessage:
    """Parse raw bytes with the modern policy; the parser records defects
    instead of raising, so any byte string gives a message.

    Only the first ``limit`` bytes are parsed (:data:`MAX_MAIL_BYTES`, for
    every mail a mailbox fetches): a huge attachment costs neither time nor
    memory, and the body comes before it (:func:`unread_note`).
    """
    msg = BytesParser(policy=POLICY).parsebytes(raw if limit is None else raw[:limit])
    assert isinstance(msg, EmailMessage)
    return msg


def header_text(msg: EmailMessage, name: str) -> str | None:
    """The first ``name`` header, unfolded but otherwise as received.

    Reads the raw value so that a malformed header (which the modern policy
    may fail to parse lazily) can never raise here.
    """
    wanted = name.lower()
    for key, value in msg.raw_items():
        if key.lower() == wanted:
            return _FOLD.sub("", str(value)).strip()
    return None


def decoded_header(msg: EmailMessage, name: str) -> str | None:
    """The header with RFC 2047 encoded words decoded, raw if that fails."""
    raw = header_text(msg, name)
    try:
        if raw is not None and len(raw) > MAX_HEADER_CHARS:  # only its start is decoded, in linear time
            return str(POLICY.header_factory(name, raw[:MAX_HEADER_CHARS].rsplit(None, 1)[0]))
        value = msg.get(name)
    except Exception:  # malformed header: the raw text is better than nothing
        return raw
    return None if value is None else str(value)


def unread_note(raw: bytes) -> str:
    """What the judge did not read of a mail over :data:`MAX_MAIL_BYTES`, for the reply ("" if none)."""
    if len(raw) <= MAX_MAIL_BYTES:
        return ""
    return (f"your mail is {len(raw):,} bytes: the judge reads only the first {MAX_MAIL_BYTES:,}, "
            "so the rest of it (attachments, or the end of the text) was not read")


def addresses(msg: EmailMessage, name: str) -> list[str]:
    """The bare addr-specs in an address header, lower-cased."""
    value = header_text(msg, name)
    if not value:
        return []
    return [addr.lower() for _, addr in getaddresses([value]) if addr]


def message_ids(value: str | Sequence[str] | None) -> list[str]:
    """Angle-bracketed message ids found in a header value or a list of them."""
    if value is None:
        return []
    text = value if isinstance(value, str) else " ".join(value)
    return _MSGID.findall(text)


def _references(in_reply_to: str | None, references: str | Sequence[str] | None) -> list[str]:
    """References with the parent last, deduplicated and trimmed (RFC 5322
    3.6.4) to the root plus the most recent ids so headers stay bounded."""
    ids: list[str] = []
    for mid in message_ids(references) + message_ids(in_reply_to):
        if mid not in ids:
            ids.append(mid)
    if len(ids) > _MAX_REFERENCES:
        ids = ids[:1] + ids[-(_MAX_REFERENCES - 1):]
    return ids


def thread_of(msg: EmailMessage) -> list[str]:
    """The References an answer to ``msg`` carries (RFC 5322 3.6.4): its References (else a lone
    In-Reply-To), then its own Message-ID; trimmed like every References the judge writes."""
    parents = message_ids(header_text(msg, "References"))
    if not parents:
        replied = message_ids(header_text(msg, "In-Reply-To"))
        parents = replied if len(replied) == 1 else []
    own = message_ids(header_text(msg, "Message-ID"))
    return _references(own[0] if own else None, parents)


def _domain_of(address: str) -> str:
    _, addr = parseaddr(address)
    domain = addr.rpartition("@")[2]
    return domain if "@" in addr and domain else "judge.invalid"


def _one_line(text: str) -> str:
    """Header values must not contain line breaks (a subject may come from a
    player's mail)."""
    return " ".join(text.split())


def _as_list(value: str | Sequence[str]) -> list[str]:
    return [value] if isinstance(value, str) else list(value)


def build_message(
    from_addr: str,
    to: str | Sequence[str],
    subject: str,
    body: str,
    in_reply_to: str | None = None,
    references: str | Sequence[str] | None = None,
    attachments: Iterable[Attachment] = (),
    *,
    cc: Sequence[str] = (),
    msgid_domain: str | None = None,
    loop_address: str | None = None,
    auto_submitted: str = "auto-replied",
    date: datetime | None = None,
) -> EmailMessage:
    """A complete, sendable message from the judge.

    ``loop_address`` (default: the From address) goes into ``X-Judge-Loop``
    so :func:`is_loop` recognises the mail if it comes back.  Use
    ``auto_submitted="auto-generated"`` for mail that answers nothing
    (deadline reminders, broadcast results).  ``date`` (default: now) is
    the judge's clock, so a test clock dates its mail too.
    """
    recipients = _as_list(to)
    if not recipients:
        raise ValueError("a message needs at least one recipient")
    msg = EmailMessage(policy=POLICY)
    msg["From"] = from_addr
    msg["To"] = ", ".join(recipients)
    if cc:
        msg["Cc"] = ", ".join(cc)
    msg["Subject"] = _one_line(subject)
    msg["Date"] = format_datetime((date or datetime.now(UTC)).astimezone(UTC))
    msg["Message-ID"] = make_msgid(domain=msgid_domain or _domain_of(from_addr))
    refs = _references(in_reply_to, references)
    parent = message_ids(in_reply_to)
    if parent:
        msg["In-Reply-To"] = parent[0]
    if refs:
        msg["References"] = " ".join(refs)
    msg["Auto-Submitted"] = auto_submitted
    msg["X-Auto-Response-Suppress"] = "All"
    msg[LOOP_HEADER] = parseaddr(loop_address or from_addr)[1] or from_addr
    # Quoted-printable keeps accented text readable in raw form and in old clients.
    cte = None if body.isascii() else "quoted-printable"
    msg.set_content(body, charset="utf-8", cte=cte)
    for item in attachments:
        _attach(msg, item)
    return msg


def _attach(msg: EmailMessage, item: Attachment) -> None:
    maintype, _, subtype = item.content_type.partition("/")
    if isinstance(item.data, str):
        msg.add_attachment(item.data, subtype=subtype or "plain", charset="utf-8",
                           filename=item.filename)
    else:
        msg.add_attachment(item.data, maintype=maintype or "application",
                           subtype=subtype or "octet-stream", filename=item.filename)


def build_reply(
    original: EmailMessage,
    from_addr: str,
    body: str,
    subject: str | None = None,
    attachments: Iterable[Attachment] = (),
    *,
    msgid_domain: str | None = None,
    loop_address: str | None = None,
) -> EmailMessage:
    """An answer to ``original``: to its Reply-To (else From), ``Re:`` subject,
    threaded with In-Reply-To/References, marked ``auto-replied``."""
    to = addresses(original, "Reply-To") or addresses(original, "From")
    if subject is None:
        subject = decoded_header(original, "Subject") or ""
        if not subject.lower().startswith("re:"):
            subject = f"Re: {subject}".rstrip()
    parent = message_ids(header_text(original, "Message-ID"))
    return build_message(
        from_addr, to, subject, body,
        in_reply_to=parent[0] if parent else None,
        references=header_text(original, "References"),
        attachments=attachments, msgid_domain=msgid_domain, loop_address=loop_address,
    )


def loop_reason(msg: EmailMessage, judge_address: str) -> str | None:
    """Why the judge must not answer ``msg``, or None if it may.

    Catches the judge's own mail, RFC 3834 auto-submitted mail, bulk and list
    mail, vacation responders and bounces (empty return path, MAILER-DAEMON,
    delivery reports).  Answering any of them risks a mail loop.
    """
    own = parseaddr(judge_address)[1].lower() or judge_address.lower()
    loop = header_text(msg, LOOP_HEADER)
    if loop is not None and parseaddr(loop)[1].lower() in (own, ""):
        return f"carries our own {LOOP_HEADER} header"
    if own in addresses(msg, "From"):
        return "sent from the judge's own address"
    auto_match = _TOKEN.match(header_text(msg, "Auto-Submitted") or "no")
    auto = auto_match.group(0).lower() if auto_match else "unknown"
    if auto != "no":
        return f"Auto-Submitted: {auto}"
    precedence = (header_text(msg, "Precedence") or "").strip().lower()
    if precedence in ("bulk", "junk", "list", "auto_reply"):
        return f"Precedence: {precedence}"
    for name in ("X-Autoreply", "X-Autorespond", "List-Id"):
        if header_text(msg, name) is not None:
            return f"has a {name} header"
    return _bounce_reason(msg)


def _bounce_reason(msg: EmailMessage) -> str | None:
    return_path = header_text(msg, "Return-Path")
    if return_path is not None and parseaddr(return_path)[1] == "":
        return "empty return path (a bounce)"
    senders = addresses(msg, "From") + addresses(msg, "Sender") + addresses(msg, "Return-Path")
    if any(addr.partition("@")[0] == "mailer-daemon" for addr in senders):
        return "sent by MAILER-DAEMON"
    content_type = (header_text(msg, "Content-Type") or "").lower()
    if content_type.startswith("multipart/report"):
        return "a delivery or disposition report"
    return None


def is_loop(msg: EmailMessage, judge_address: str) -> bool:
    """True if the judge must not answer ``msg`` (see :func:`loop_reason`)."""
    return loop_reason(msg, judge_address) is not None
