"""What a reply (or a log) may quote of a mail's line: never a password, never much.

Replies quote each line they accept or reject.  A password is masked where
the parser read it (``Command.secret``); a line the parser could not read, or
a refused ``SIGNON`` (whose two forms can read a password as a game name),
has every word after its first argument masked, and a reason never quotes
such a word.  A line that only looks like a sign-on or a password, however
misspelt (``SIGNIN``, ``SIGNON:``, ``SET-PASSWORD``, full width), is masked
the same way even when it was read as an order line (:func:`lookalike_spans`);
no other word is masked (a power's name after ``AS`` stays).  Lines and
reasons are cut at :data:`MAX_ECHO` and :data:`MAX_REASON` characters, so a
huge line cannot make a huge reply.
"""

from __future__ import annotations

import re
import unicodedata
from difflib import SequenceMatcher
from itertools import takewhile

from judge.reading.language import Command, CommandError

#: the most of a line a reply quotes back (a longer line is cut, with its length)
MAX_ECHO = 120
#: the most of a reason or a note a reply gives for one line (a reason may quote the line)
MAX_REASON = 1000

# Commands that carry a password, and how many words of them are surely not secret.
_PUBLIC_WORDS = {"signon": 2, "join": 2, "observe": 2, "create": 2, "confirm": 2, "unobserve": 2}
# SET options that carry no secret: any other (PASSWORD, or a misspelt one) is masked after its option word.
_PUBLIC_SET = frozenset({"address", "wait", "nowait", "no", "absence", "noabsence", "zone", "timezone", "map", "format",
                         "deadline", "grace",
                         "timing", "nmr", "press", "rule", "rules", "seats", "takeover",
                         "publish", "draw", "nodraw", "concede", "noconcede",
                         "deadline!", "grace!", "mindeadline", "round",
                         # njudge's spellings of these (judge/reading/njudge.py)
                         "move", "moves", "movement", "retreat", "retreats", "adjust", "adjustment", "adjustments",
                         "build", "builds", "holiday", "holidays", "vacation", "vacations", "noholiday",
                         "noholidays", "novacation", "novacations", "cd", "nocd", "nonmr", "nopress", "none",
                         "white", "grey", "gray", "white/grey", "grey/white"})
_WORDS_RE = re.compile(r"\S+")
# Words a sign-on or a password line starts with, and how close a misspelling must come to one (difflib's ratio).
_SIGNON_LIKE = ("SIGNON", "SIGNIN", "LOGON", "LOGIN", "SIGNUP")
_PASSWORD_LIKE = ("PASSWORD", "PASSWD", "PASSWORT", "PASSCODE", "PASSPHRASE")
_SHORT_PASSWORD = frozenset({"PW", "PWD", "PASS"})
_CLOSE = 0.8


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
    if isinstance(line, Command) and line.kind != "order":
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
    if public is None:
        return lookalike_spans(words)
    return [(m.start(), m.end()) for m in _but_power_names(words[public:])]


def lookalike_spans(words: list[re.Match[str]]) -> list[tuple[int, int]]:
    """The words to mask of a line that looks like a sign-on or a password but is not written as one.

    The first words are compared in NFKC form (full-width letters are letters), without case or
    punctuation (``SIGNON:``, ``SET-PASSWORD``), with a misspelling allowed (``SIGNIN``, ``PASWORD``).
    After a sign-on look-alike every word after its first argument is masked (up to ``AS``, whose power
    name is no secret); after a password look-alike, every word after it.
    """
    keys = [_key(m.group()) for m in words[:2]]
    if not keys:
        return []
    first, second = keys[0], keys[1] if len(keys) > 1 else ""
    if _close(first, _SIGNON_LIKE):
        public = 2
    elif first in ("SIGN", "LOG") and second in ("ON", "IN", "UP"):
        public = 3
    elif _password_word(first) or (first.startswith("SET") and _password_word(first[3:])):
        public = 1
    elif first == "SET" and _password_word(second):
        public = 2
    else:
        return []
    return [(m.start(), m.end()) for m in _but_power_names(words[public:])]


def _key(word: str) -> str:
    """A word as compared with the sign-on and password words: NFKC, upper case, letters and digits only."""
    return "".join(char for char in unicodedata.normalize("NFKC", word).upper() if char.isalnum())


def _close(key: str, words: tuple[str, ...]) -> bool:
    return key in words or (len(key) >= 5 and any(SequenceMatcher(None, key, word).ratio() >= _CLOSE
                                                   for word in words))


def _password_word(key: str) -> bool:
    return key in _SHORT_PASSWORD or _close(key, _PASSWORD_LIKE)


def _but_power_names(words: list[re.Match[str]]) -> list[re.Match[str]]:
    """The words but an ``AS`` after the first (the password's place) and the one word after it
    (``JOIN game pw AS France``: a power's name is no secret; any other word after it is masked again)."""
    power_words = {at for at in range(1, len(words)) if _key(words[at].group()) == "AS"}
    power_words |= {at + 1 for at in power_words}
    return [m for at, m in enumerate(words) if at not in power_words]


def excerpt(text: str, limit: int = MAX_ECHO) -> str:
    """At most ``limit`` characters of ``text``; a longer one says how long it was."""
    if len(text) <= limit:
        return text
    return f"{text[:limit]}… ({len(text)} characters)"
