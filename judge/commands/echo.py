"""What a reply (or a log) may quote of a mail's line: never a password, never much.

Replies quote each line they accept or reject.  A password is masked where
the parser read it (``Command.secret``); a line the parser could not read, or
a refused ``SIGNON`` (whose two forms can read a password as a game name),
has every word after its first argument masked, and a reason never quotes
such a word.  Lines and reasons are cut at :data:`MAX_ECHO` and
:data:`MAX_REASON` characters, so a huge line cannot make a huge reply.
"""

from __future__ import annotations

import re
from itertools import takewhile

from judge.reading.language import Command, CommandError

#: the most of a line a reply quotes back (a longer line is cut, with its length)
MAX_ECHO = 120
#: the most of a reason or a note a reply gives for one line (a reason may quote the line)
MAX_REASON = 1000

# Commands that carry a password, and how many words of them are surely not secret.
_PUBLIC_WORDS = {"signon": 2, "join": 2, "observe": 2, "create": 2}
# SET options that carry no secret: any other (PASSWORD, or a misspelt one) is masked after its option word.
_PUBLIC_SET = frozenset({"address", "wait", "nowait", "no", "absence", "zone", "timezone", "map", "format", "deadline",
                         "grace", "timing", "nmr", "press", "rule", "rules", "seats", "takeover",
                         "publish", "draw", "nodraw", "concede", "noconcede",
                         "deadline!", "grace!", "mindeadline", "round"})
_WORDS_RE = re.compile(r"\S+")


def shown(line: Command | CommandError, *, accepted: bool = False) -> str:
    """The line as a reply or a log may quote it: no password, at most :data:`MAX_ECHO` characters.

    A command is masked where the parser read its password; a line the parser
    could not read, or a refused ``SIGNON`` (whose two forms can misread a
    password as a game name), has every word after its first argument masked
    (``SIGNON Fgame **** ****``).
    """
    text = line.text
    for start, end in reversed(_secret_spans(line, accepted)):
        text = text[:start] + "****" + text[end:]
    return excerpt(text.strip())


def shown_reason(line: Command | CommandError, reason: str, *, accepted: bool = False) -> str:
    """A reason or note for ``line`` as a reply may give it: no word of a possible password quoted, cut short."""
    for start, end in _secret_spans(line, accepted):
        reason = reason.replace(f"'{line.text[start:end]}'", "'****'")
    return excerpt(reason, MAX_REASON)


def _secret_spans(line: Command | CommandError, accepted: bool) -> list[tuple[int, int]]:
    """Where in ``line.text`` a password is, or may be."""
    if isinstance(line, Command):
        if line.kind == "order":
            return []
        first = line.text.split(None, 1)[0].lower() if line.text.strip() else ""
        if line.secret is not None and (accepted or first != "signon"):
            return [line.secret]
    return _maybe_secret(line.text)


def _maybe_secret(text: str) -> list[tuple[int, int]]:
    """The words of a password-carrying line that may be (part of) the password, among those a reply shows."""
    limit = len(text) - len(text.lstrip()) + MAX_ECHO
    words = list(takewhile(lambda m: m.start() <= limit, _WORDS_RE.finditer(text)))
    if not words:
        return []
    first = words[0].group().lower()
    public = _PUBLIC_WORDS.get(first)
    if first == "set" and len(words) > 1 and words[1].group().lower() not in _PUBLIC_SET:
        public = 2
    return [] if public is None else [(m.start(), m.end()) for m in words[public:]]


def excerpt(text: str, limit: int = MAX_ECHO) -> str:
    """At most ``limit`` characters of ``text``; a longer one says how long it was."""
    if len(text) <= limit:
        return text
    return f"{text[:limit]}… ({len(text)} characters)"
