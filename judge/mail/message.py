"""Building outgoing mail and recognising mail the judge must never answer.

Every message the judge sends carries a Message-ID from a domain it controls,
threading headers, and loop guards (RFC 3834 ``Auto-Submitted`` plus our own
``X-Judge-Loop``), so that vacation responders and other robots stay quiet and
the judge can recognise its own mail if it ever comes back.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Sequence
from datetime import UTC, datetime
from email import errors, policy
from email.headerregistry import BaseHeader, HeaderRegistry
from email.message import EmailMessage
from email.parser import BytesParser
from email.utils import format_datetime, formataddr, getaddresses, make_msgid, parseaddr

from judge.addresses import normal_address
from judge.attachment import Attachment

LOOP_HEADER = "X-Judge-Loop"
_MAX_REFERENCES = 20
MAX_ADDRESS_HEADER = 2000  # an address header longer than this is not read (a From needs far less)
_FOLD = re.compile(r"\r?\n(?=[ \t])")
#: the most of a mail the judge reads (headers, body, attachments); the rest is never parsed
MAX_MAIL_BYTES = 1_000_000
#: the most of a header the judge decodes (decoding encoded words costs more than linear time)
MAX_HEADER_CHARS = 2_000
# printable ASCII only (no space, NUL, CR, LF or brackets) and no "=?", which a mail library would
# decode as an RFC 2047 encoded word (into a line break, say) when the id is written into a header
_MSGID = re.compile(r"<(?:[!-;?-~]|=(?!\?)){1,250}>")
_TOKEN = re.compile(r"[A-Za-z0-9-]+")
_CONTAINER = re.compile(rb"(?:multipart|message)/", re.IGNORECASE)
MAX_CONTAINERS = 50  # multipart and message/* parts in one mail: a mail client's mail has a handful


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


class Unreadable(errors.MessageDefect):
    """The body could not be parsed at all (MIME nested past the recursion limit): only the headers were."""


def parse_message(raw: bytes, limit: int | None = MAX_MAIL_BYTES) -> EmailMessage:
    """Parse raw bytes with the modern policy; never raises.

    Only the first ``limit`` bytes are parsed (:data:`MAX_MAIL_BYTES`, for
    every mail a mailbox fetches): a huge attachment costs neither time nor
    memory, and the body comes before it (:func:`unread_note`).  The parser
    records defects instead of raising, except for MIME nested so deep that
    it runs out of stack; and its cost grows with the square of the nesting.
    A mail with more than :data:`MAX_CONTAINERS` multipart or message parts
    (found by one linear scan), or one the parser gives up on, is read for its
    headers only, with an :class:`Unreadable` defect, so that it can still be
    answered and set aside instead of stopping the poll.
    """
    raw = raw if limit is None else raw[:limit]
    if sum(1 for _ in zip(range(MAX_CONTAINERS + 1), _CONTAINER.finditer(raw))) > MAX_CONTAINERS:
        return _headers_only(raw, f"more than {MAX_CONTAINERS} nested or packed MIME parts")
    try:
        msg = BytesParser(policy=POLICY).parsebytes(raw)
    except (RecursionError, MemoryError):
        return _headers_only(raw, "MIME parts nested too deeply to be read")
    assert isinstance(msg, EmailMessage)
    return msg


def _headers_only(raw: bytes, why: str) -> EmailMessage:
    msg = BytesParser(policy=POLICY).parsebytes(raw, headersonly=True)
    assert isinstance(msg, EmailMessage)
    msg.set_payload("")
    msg.defects.append(Unreadable(why))
    return msg


def unreadable(msg: EmailMessage) -> str | None:
    """Why ``msg`` could not be read, if :func:`parse_message` gave up on its body."""
    found = next((d for d in msg.defects if isinstance(d, Unreadable)), None)
    return str(found) if found is not None else None


def clean_line(text: str, limit: int = 250) -> str:
    """``text`` as one header-safe line: control characters (NUL, CR, LF...) and line or paragraph
    separators made spaces, invisible format characters and lone surrogates dropped, runs of white
    space made one space, at most ``limit`` characters.

    Every text the judge writes into a header, and every header text it keeps
    from a mail, goes through here.
    """
    chars: list[str] = []
    for ch in text[:limit * 4]:
        category = unicodedata.category(ch)
        if category in ("Cc", "Zl", "Zp") or ch.isspace():
            chars.append(" ")
        elif category not in ("Cs", "Cf"):
            chars.append(ch)
    line = " ".join("".join(chars).split())
    return line if len(line) <= limit else line[:limit - 3].rstrip() + "..."


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
    """The bare addr-specs in an address header, lower-cased, as written (not yet checked).

    Comments are dropped first without recursion (the stdlib's reader recurses
    once per nested parenthesis), and an over-long header is not read at all.
    """
    value = header_text(msg, name)
    if not value or len(value) > MAX_ADDRESS_HEADER:
        return []
    try:
        found = getaddresses([_without_comments(value)])
    except Exception:  # whatever the stdlib makes of garbage: no address
        return []
    return [addr.lower() for _, addr in found if addr]


def _without_comments(value: str) -> str:
    """``value`` with its RFC 5322 comments (nested parentheses) removed, quoted strings kept."""
    out: list[str] = []
    depth, quoted, escaped = 0, False, False
    for ch in value:
        if escaped:
            escaped = False
            if depth == 0:
                out.append(ch)
            continue
        if ch == "\\":
            escaped = True
            if depth == 0:
                out.append(ch)
        elif quoted:
            quoted = ch != '"'
            out.append(ch)
        elif ch == "(":
            depth += 1
        elif ch == ")" and depth:
            depth -= 1
            if depth == 0:
                out.append(" ")
        elif depth == 0:
            quoted = ch == '"'
            out.append(ch)
    return "".join(out)


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


def _one_line(text: str, limit: int = 998 - len("Subject: ")) -> str:
    """A text header value as the judge writes it: one clean line (:func:`clean_line`), and no ``=?``,
    which the mail library would decode as an encoded word, bringing back what was cleaned (a subject
    encoded twice by a sender decodes to a line break and a header of the sender's choosing)."""
    return clean_line(text, limit).replace("=?", "= ?")


def _check_headers(msg: EmailMessage) -> None:
    """The last guard, one place for every header the judge writes: none may carry CR, LF or NUL."""
    for name, value in msg.items():
        if any(ch in str(value) for ch in "\r\n\0"):
            raise ValueError(f"the {name} header would carry a line break or a NUL")


def _recipients(value: str | Sequence[str]) -> list[str]:
    """The recipients, each address checked and normalised (:func:`judge.addresses.normal_address`) and
    its display name made one clean line; ValueError (a ``BadAddress``) for one that cannot be sent to."""
    found = []
    for item in _as_list(value):
        name, addr = parseaddr(item) if "<" in item else ("", item)
        found.append(formataddr((_one_line(name, 100), normal_address(addr))) if name else normal_address(addr))
    return found


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
    html: str | None = None,
) -> EmailMessage:
    """A complete, sendable message from the judge.

    ``html`` given, the body is ``multipart/alternative``: ``body`` as its
    text part, unchanged, then the HTML part, in a ``multipart/related`` with
    the attachments that have a ``content_id`` (the pictures it shows inline);
    the other attachments follow.  Without it, every attachment follows the
    text, as before.

    ``loop_address`` (default: the From address) goes into ``X-Judge-Loop``
    so :func:`is_loop` recognises the mail if it comes back.  Use
    ``auto_submitted="auto-generated"`` for mail that answers nothing
    (deadline reminders, broadcast results).  ``date`` (default: now) is
    the judge's clock, so a test clock dates its mail too.
    """
    recipients = _recipients(to)
    if not recipients:
        raise ValueError("a message needs at least one recipient")
    msg = EmailMessage(policy=POLICY)
    msg["From"] = _one_line(from_addr)
    msg["To"] = ", ".join(recipients)
    if cc:
        msg["Cc"] = ", ".join(_recipients(cc))
    msg["Subject"] = _one_line(subject)
    msg["Date"] = format_datetime((date or datetime.now(UTC)).astimezone(UTC))
    msg["Message-ID"] = make_msgid(domain=msgid_domain or _domain_of(from_addr))
    _thread(msg, in_reply_to, references)
    msg["Auto-Submitted"] = auto_submitted
    msg["X-Auto-Response-Suppress"] = "All"
    msg[LOOP_HEADER] = parseaddr(loop_address or from_addr)[1] or from_addr
    # Quoted-printable keeps accented text readable in raw form and in old clients.
    cte = None if body.isascii() else "quoted-printable"
    msg.set_content(body, charset="utf-8", cte=cte)
    rest = list(attachments)
    if html is not None:
        rest = _add_html(msg, html, rest)
    for item in rest:
        _attach(msg, item)
    _check_headers(msg)
    return msg


def _thread(msg: EmailMessage, in_reply_to: str | None, references: str | Sequence[str] | None) -> None:
    """``In-Reply-To`` and ``References``, so the players' clients thread the answer under their mail."""
    refs = _references(in_reply_to, references)
    parent = message_ids(in_reply_to)
    if parent:
        msg["In-Reply-To"] = parent[0]
    if refs:
        msg["References"] = " ".join(refs)


def _add_html(msg: EmailMessage, html: str, attachments: list[Attachment]) -> list[Attachment]:
    """The HTML part after the text, with the pictures it shows; returns the attachments left to add."""
    msg.add_alternative(html, subtype="html", charset="utf-8", cte="quoted-printable")
    shown = [a for a in attachments if a.content_id and isinstance(a.data, bytes) and f"cid:{a.content_id}" in html]
    if shown:
        part = msg.get_payload()[1]
        assert isinstance(part, EmailMessage)
        for item in shown:
            maintype, _, subtype = item.content_type.partition("/")
            part.add_related(item.data, maintype=maintype, subtype=subtype, cid=f"<{item.content_id}>",
                             filename=item.filename, disposition="inline")
    return [a for a in attachments if a not in shown]


def _attach(msg: EmailMessage, item: Attachment) -> None:
    """Add ``item`` after the text body; a picture is marked inline so a client shows it under the text."""
    maintype, _, subtype = item.content_type.partition("/")
    if isinstance(item.data, str):
        msg.add_attachment(item.data, subtype=subtype or "plain", charset="utf-8",
                           filename=item.filename)
    else:
        msg.add_attachment(item.data, maintype=maintype or "application",
                           subtype=subtype or "octet-stream", filename=item.filename,
                           disposition="inline" if maintype == "image" else "attachment")


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
