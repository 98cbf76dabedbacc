"""Every part of a player's mail that he sees as his text, in order, and the parts the judge does not read.

A mail client shows a player all of a mail's inline text: an iPhone mail of
text, a photo and more text is three parts; Apple Mail shows a dragged-in
``orders.txt`` inline; Gmail attaches one.  :func:`read_body` reads each
inline text part (text/plain, or text/html where it has no plain twin, its
quote containers left out), text parts with a file name, and ``.txt``
attachments up to :data:`MAX_TEXT_ATTACHMENT` bytes.  A forwarded mail
(``message/rfc822``) is never read (the player did not write it), and every
part not read is named (:class:`Unread`) so that the reply can say so.
Never raises: a part that breaks is named, not read.
"""

from __future__ import annotations

from dataclasses import dataclass
from email.message import Message

from judge.mail.text import _NO_BREAK_SPACES, _newlines, _plain_text, body_text, html_reading, part_text

MAX_TEXT_ATTACHMENT = 20_000   # bytes of a text attachment the judge reads
MAX_PARTS = 50                 # leaf parts looked at in one mail
_SIGNATURES = frozenset({"application/pgp-signature", "application/pkcs7-signature",
                         "application/x-pkcs7-signature"})
_TEXT_FILES = (".txt", ".text")


@dataclass(frozen=True)
class Unread:
    """A part not read: ``kind`` "forward" (a mail forwarded whole), "attachment", "large" (a text
    attachment over the cap) or "quote" (an earlier mail inside HTML, ``lines`` of it); ``name`` names it."""

    kind: str
    name: str
    lines: int = 0


@dataclass(frozen=True)
class MailBody:
    """The text of every part read, joined; ``parts`` the line numbers (from 1) where the second and
    later parts begin; ``unread`` what was not read."""

    text: str
    parts: tuple[int, ...] = ()
    unread: tuple[Unread, ...] = ()


class _Reader:
    def __init__(self) -> None:
        self.texts: list[str] = []
        self.unread: list[Unread] = []
        self.leaves = 0

    def part(self, part: Message) -> None:
        ctype = part.get_content_type()
        if ctype == "message/rfc822" or ctype == "message/global":
            self.unread.append(Unread("forward", _forward_name(part)))
        elif part.is_multipart():
            self.container(part, ctype)
        else:
            self.leaf(part, ctype)

    def container(self, part: Message, ctype: str) -> None:
        children = [c for c in part.get_payload() if isinstance(c, Message)]
        if ctype == "multipart/alternative":
            children = _best_alternative(children)
        elif ctype == "multipart/signed":
            children = children[:1]
        for child in children:
            self.part(child)

    def leaf(self, part: Message, ctype: str) -> None:
        self.leaves += 1
        if self.leaves > MAX_PARTS or ctype in _SIGNATURES:
            return
        name = _filename(part)
        attached = _disposition(part) == "attachment"
        if ctype not in ("text/plain", "text/html") or (attached and not name.lower().endswith(_TEXT_FILES)):
            self.unread.append(Unread("attachment", name or ctype))
            return
        if attached and len(part.get_payload(decode=True) or b"") > MAX_TEXT_ATTACHMENT:
            self.unread.append(Unread("large", name))
            return
        if ctype == "text/html":
            text, quoted = html_reading(part_text(part), drop_quotes=True)
            if quoted:
                self.unread.append(Unread("quote", name, quoted))
        else:
            text = _plain_text(part)
        if text.strip():
            self.texts.append(text)


def _best_alternative(children: list[Message]) -> list[Message]:
    """The plain text of an alternative if it has one, else its last (richest) version."""
    plain = [c for c in children if c.get_content_type() == "text/plain"]
    return plain[:1] or children[-1:]


def _filename(part: Message) -> str:
    try:
        return str(part.get_filename() or part.get_param("name") or "")
    except Exception:
        return ""


def _disposition(part: Message) -> str | None:
    try:
        return part.get_content_disposition()
    except Exception:
        return None


def _forward_name(part: Message) -> str:
    try:
        inner = part.get_payload()
        inner = inner[0] if isinstance(inner, list) and inner else inner
        subject = inner.get("Subject") if isinstance(inner, Message) else None
        return " ".join(str(subject).split())[:80] if subject else ""
    except Exception:
        return ""


def read_body(msg: Message) -> MailBody:
    """All the text a player sees in ``msg``, part after part, and the parts not read."""
    reader = _Reader()
    try:
        reader.part(msg)
    except Exception:  # never let one malformed mail stop the poll: read it the old way
        return MailBody(body_text(msg))
    texts = [_clean(text) for text in reader.texts]
    parts, line = [], 1
    for text in texts[:-1]:
        line += len(text.split("\n"))
        parts.append(line)
    return MailBody("\n".join(texts), tuple(parts), tuple(reader.unread))


def _clean(text: str) -> str:
    """One part's text as :func:`body_text` gives it: line ends, spaces, no trailing line end."""
    text = _newlines(text).translate(_NO_BREAK_SPACES).rstrip("\n")
    return text if text.isascii() else text.encode("utf-8", "replace").decode("utf-8")
