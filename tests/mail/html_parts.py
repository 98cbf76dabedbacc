"""Reading a mail's HTML part as a client would: the part, its inline pictures, and what a safe one never holds."""

from __future__ import annotations

import re
from email.message import EmailMessage
from html.parser import HTMLParser
from pathlib import Path

#: a reference that would fetch something from outside the mail (a tracking pixel, a web font, a style sheet)
REMOTE = re.compile(r"(?:https?:|//|ftp:)", re.IGNORECASE)


def html_part(message: EmailMessage) -> str:
    """The text/html part's text (a mail with none fails the test that asks)."""
    found = [p for p in message.walk() if p.get_content_type() == "text/html"]
    assert len(found) == 1, [p.get_content_type() for p in message.walk()]
    content = found[0].get_content()
    assert isinstance(content, str)
    return content


def text_part(message: EmailMessage) -> str:
    found = [p for p in message.walk() if p.get_content_type() == "text/plain" and not p.get_filename()]
    assert found, [p.get_content_type() for p in message.walk()]
    content = found[0].get_content()
    assert isinstance(content, str)
    return content


def pictures(message: EmailMessage) -> dict[str, tuple[str, bytes]]:
    """Content-ID (without brackets) -> (MIME type, bytes) of every picture the mail carries inline by id."""
    found = {}
    for part in message.walk():
        if part.get_content_maintype() == "image" and part["Content-ID"]:
            data = part.get_payload(decode=True)
            assert isinstance(data, bytes)
            found[str(part["Content-ID"]).strip().strip("<>")] = (part.get_content_type(), data)
    return found


class _Tags(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def unsafe(html: str) -> list[str]:
    """What makes an HTML part unsafe or heavy: script, event handlers, frames, forms, style sheets, and any
    reference a client would fetch from outside the mail (a picture not ``cid:``, a link to script)."""
    parser = _Tags()
    parser.feed(html)
    problems = [f"<{tag}>" for tag, attrs in parser.tags
                if tag in ("script", "iframe", "object", "embed", "form", "link", "base", "style", "svg", "video",
                           "audio", "source") or (tag == "meta" and not _harmless_meta(attrs))]
    for tag, attrs in parser.tags:
        for name, value in attrs.items():
            text = (value or "").strip().lower()
            if name.startswith("on"):
                problems.append(f"<{tag} {name}=...>")
            if name in ("src", "srcset", "background", "poster", "action") and not text.startswith("cid:"):
                problems.append(f"<{tag} {name}={value}>")
            if REMOTE.match(text) or text.startswith(("javascript:", "vbscript:", "data:")):
                problems.append(f"<{tag} {name}={value}>")
            if name == "style" and any(bad in text for bad in ("url(", "@import", "expression(")):
                problems.append(f"<{tag} style={value}>")
    return problems


def _harmless_meta(attrs: dict[str, str | None]) -> bool:
    return set(attrs) <= {"charset", "name", "content"} and attrs.get("name") in (None, "viewport", "color-scheme",
                                                                                   "supported-color-schemes")


def visible_text(html: str) -> str:
    """The words the HTML shows (markup and entities undone)."""
    parser = _Tags()
    parser.feed(html)
    return "".join(parser.text)


def save_for_browser(message: EmailMessage, folder: Path, name: str) -> Path:
    """The HTML part as a file with its pictures beside it (cid: made file names), as a mail client shows it."""
    folder.mkdir(parents=True, exist_ok=True)
    html = html_part(message)
    for cid, (kind, data) in pictures(message).items():
        file = f"{name}-{len(html) % 997}-{abs(hash(cid)) % 10**8}.{kind.rpartition('/')[2].split('+')[0]}"
        (folder / file).write_bytes(data)
        html = html.replace(f"cid:{cid}", file)
    page = folder / f"{name}.html"
    page.write_text(html, encoding="utf-8")
    return page


def attached_files(message: EmailMessage) -> list[EmailMessage]:
    """Every part with a file name, wherever it sits (beside the text, or beside the HTML it is shown in)."""
    return [p for p in message.walk() if not p.is_multipart() and p.get_filename()]  # type: ignore[misc]
