"""The text of a player's mail, as the commands layer parses it.

Players write from every kind of client: plain text in any charset, HTML only,
format=flowed, broken MIME.  :func:`body_text` turns all of it into a ``str``
and never raises, because one bad mail must not stop a poll.
"""

from __future__ import annotations

import codecs
import re
from email.message import Message
from html.parser import HTMLParser

from judge.reading.quotes import words as quote_words

_BLOCK_TAGS = frozenset({
    "address", "article", "aside", "blockquote", "dd", "div", "dl", "dt", "fieldset",
    "figcaption", "figure", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "header",
    "hr", "li", "main", "nav", "ol", "p", "pre", "section", "table", "tr", "ul",
})
_CELL_TAGS = frozenset({"td", "th"})
_VOID_TAGS = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "wbr"})
_SKIP_TAGS = frozenset({"script", "style", "title", "template"})
_SPACES = re.compile(r"[^\S\n]+")
_MANY_BLANKS = re.compile(r"\n{3,}")
_NO_BREAK_SPACES = str.maketrans({"\xa0": " ", "\u202f": " ", "\u2007": " ", "\ufeff": None})


def body_text(msg: Message) -> str:
    """The readable body: the first text/plain part, else the first text/html
    part stripped to text, else "".  Attachments are never read as body.

    Line ends become ``\n`` and no-break spaces plain spaces, which many
    clients put between words and which an order parser would not expect.
    """
    try:
        plain, html = _body_parts(msg)
        if plain is not None:
            text = _plain_text(plain)
        elif html is not None:
            text = html_to_text(part_text(html))
        else:
            text = ""
    except Exception:  # never let one malformed mail stop the poll
        text = _last_resort(msg)
    text = _newlines(text).translate(_NO_BREAK_SPACES)
    # raw 8-bit bytes a broken part kept as lone surrogates cannot be stored: made U+FFFD-like "?"
    return text if text.isascii() else text.encode("utf-8", "replace").decode("utf-8")


def _body_parts(msg: Message) -> tuple[Message | None, Message | None]:
    plain: Message | None = None
    html: Message | None = None
    for part in msg.walk():
        if part.is_multipart() or _is_attachment(part):
            continue
        content_type = part.get_content_type()
        if content_type == "text/plain" and plain is None:
            plain = part
        elif content_type == "text/html" and html is None:
            html = part
    return plain, html


def _is_attachment(part: Message) -> bool:
    try:
        return part.get_content_disposition() == "attachment" or bool(part.get_filename())
    except Exception:  # a garbled disposition header: treat the part as body
        return False


def part_text(part: Message) -> str:
    """A leaf part's payload with its transfer encoding and charset undone."""
    payload = part.get_payload(decode=True)
    if not isinstance(payload, bytes):
        return ""
    try:
        charset = part.get_content_charset()
    except Exception:
        charset = None
    return decode_bytes(payload, charset)


def decode_bytes(data: bytes, charset: str | None) -> str:
    """Decode with the declared charset, replacing bad bytes.

    Undeclared, ASCII-declared (often a lie) or unknown charsets are tried as
    UTF-8 first and fall back to Windows-1252, the usual culprit.
    """
    name = (charset or "").strip().strip('"').lower()
    if name in ("", "us-ascii", "ascii") or not _known_codec(name):
        try:
            return data.decode("utf-8")
        except UnicodeDecodeError:
            return data.decode("cp1252", errors="replace")
    return data.decode(name, errors="replace")


def _known_codec(name: str) -> bool:
    try:
        codecs.lookup(name)
    except LookupError:
        return False
    return True


def _plain_text(part: Message) -> str:
    text = _newlines(part_text(part))
    try:
        flowed = str(part.get_param("format", "") or "").lower() == "flowed"
        delsp = str(part.get_param("delsp", "") or "").lower() == "yes"
    except Exception:
        flowed = delsp = False
    return unflow(text, delsp) if flowed else text


def _newlines(text: str) -> str:
    return text.replace("\r\n", "\n").replace("\r", "\n")


def unflow(text: str, delsp: bool = False) -> str:
    """Undo RFC 3676 format=flowed: rejoin soft-wrapped lines, so an order a
    mail client wrapped at 72 columns reads as one line again."""
    out: list[str] = []
    pending: tuple[int, str] | None = None
    for line in text.split("\n"):
        depth = len(line) - len(line.lstrip(">"))
        content = line[depth:]
        if content.startswith(" "):
            content = content[1:]  # space-stuffing
        soft = content.endswith(" ") and content != "-- "
        if soft and delsp:
            content = content[:-1]
        if pending is not None and pending[0] == depth:
            content = pending[1] + content
        elif pending is not None:
            out.append(_quoted(*pending))
        pending = (depth, content) if soft else None
        if not soft:
            out.append(_quoted(depth, content))
    if pending is not None:
        out.append(_quoted(*pending))
    return "\n".join(out)


def _quoted(depth: int, content: str) -> str:
    return (">" * depth + " " + content) if depth else content


class _TextExtractor(HTMLParser):
    """Collects the visible text; block elements become line breaks.

    With ``drop_quotes`` the containers clients put an earlier mail in
    (``<blockquote>``, Gmail's ``gmail_quote``, Outlook's ``divRplyFwdMsg``…,
    named in ``grammar/quotes.toml``) are left out, and their text counted.
    """

    def __init__(self, drop_quotes: bool = False) -> None:
        super().__init__(convert_charrefs=True)
        self.chunks: list[str] = []
        self.quoted: list[str] = []
        self._skip = 0
        self._pre = 0
        self._quotes = quote_words() if drop_quotes else None
        self._open: list[str] = []   # tags open inside the quote being left out
        self._rest = False           # from an Outlook reply mark on, all of it is the earlier mail

    def _quote_begins(self, tag: str, attrs: list[tuple[str, str | None]]) -> bool:
        if self._quotes is None:
            return False
        values = {name: (value or "").casefold() for name, value in attrs}
        if values.get("id", "") in self._quotes.html_cuts:
            self._rest = True
        classes = set(values.get("class", "").split())
        return tag in self._quotes.html_tags or bool(classes & self._quotes.html_marks) or self._rest

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if self._open or self._rest or self._quote_begins(tag, attrs):
            if tag not in _VOID_TAGS and not self._rest:
                self._open.append(tag)
            if tag in _BLOCK_TAGS or tag == "br":
                self.quoted.append("\n")
            return
        if tag in _SKIP_TAGS:
            self._skip += 1
        elif tag == "br":
            self.chunks.append("\n")
        elif tag in _BLOCK_TAGS:
            self._break()
        elif tag in _CELL_TAGS:
            self.chunks.append(" ")
        if tag == "pre":
            self._pre += 1

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)

    def handle_endtag(self, tag: str) -> None:
        if self._open:
            if tag in self._open:
                del self._open[len(self._open) - 1 - self._open[::-1].index(tag):]
            if tag in _BLOCK_TAGS:
                self.quoted.append("\n")
            return
        if tag in _SKIP_TAGS:
            self._skip = max(0, self._skip - 1)
        elif tag in _BLOCK_TAGS:
            self._break()
        if tag == "pre":
            self._pre = max(0, self._pre - 1)

    def _break(self) -> None:
        """End the current line unless it is already ended: nested blocks
        (``<div><p>``) must not pile up blank lines."""
        while self.chunks and self.chunks[-1].isspace() and "\n" not in self.chunks[-1]:
            self.chunks.pop()  # source indentation between tags
        if self.chunks and not self.chunks[-1].endswith("\n"):
            self.chunks.append("\n")

    def handle_data(self, data: str) -> None:
        if self._open or self._rest:
            self.quoted.append(data)
            return
        if self._skip:
            return
        if self._pre:
            self.chunks.append(_newlines(data))
        else:  # outside <pre>, source line breaks are just spaces
            self.chunks.append(data.replace("\r", " ").replace("\n", " "))


def html_to_text(html: str) -> str:
    """Visible text of an HTML body, one line per block or ``<br>``."""
    return html_reading(html)[0]


def html_reading(html: str, drop_quotes: bool = False) -> tuple[str, int]:
    """Visible text of an HTML body, and (``drop_quotes``) how many lines of quoted mail were left out."""
    quoted = ""
    try:
        parser = _TextExtractor(drop_quotes)
        parser.feed(html)
        parser.close()
        text, quoted = "".join(parser.chunks), "".join(parser.quoted)
    except Exception:  # the stdlib parser is lenient; this is belt and braces
        text = re.sub(r"<[^>]*>", " ", html)
    return _tidy(text), sum(1 for line in _tidy(quoted).split("\n") if line)


def _tidy(text: str) -> str:
    lines = [_SPACES.sub(" ", line).strip() for line in text.replace("\xa0", " ").split("\n")]
    return _MANY_BLANKS.sub("\n\n", "\n".join(lines)).strip()


def _last_resort(msg: Message) -> str:
    try:
        payload = msg.get_payload(decode=True)
        if isinstance(payload, bytes):
            return payload.decode("utf-8", errors="replace")
        return str(msg.get_payload())
    except Exception:
        return ""
