"""Turn the text of one mail into judge commands, classic judge style.

A mail is a sequence of commands, one per line, except press blocks (``PRESS
TO …`` or ``BROADCAST`` up to ``ENDPRESS``, whose lines are kept verbatim).  The
body ends at a ``SIGNOFF`` line or a signature separator (``--``); quoted lines
(``>``) and blank lines are skipped.  A line whose first word starts a command
of ``grammar/commands.lark`` is parsed as that command; any other line is an
order, kept as raw text for :func:`judge.commands.orders.parse_order`, because
only the game knows the map.  Every bad line becomes a :class:`CommandError`
with its line and column, and the rest of the mail still counts: nothing but a
:class:`ParsedMail` comes out, whatever the text.

This module is pure: no store, no clock, no map.  Powers are kept as written
(resolve them with ``Map.power_named``), dates and times are naive (the caller
applies the game's zone), durations are ``timedelta`` and phases engine
:class:`~judge.engine.state.Phase` values.  ``docs/commands.md`` is the user's
reference; :data:`AUDIENCE` lists who may use each kind of command.

>>> mail = parse_mail_body("SIGNON Fgame1 secret\\nA PAR - BUR\\nSET WAIT\\nSIGNOFF")
>>> [(c.kind, c.line) for c in mail.commands]
[('signon', 1), ('order', 2), ('set_wait', 3)]
"""

from __future__ import annotations

import re
import zoneinfo
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import date, datetime, time, timedelta
from functools import lru_cache, partial
from typing import Any, cast

from lark import Lark, Token, Transformer
from lark.exceptions import LarkError, UnexpectedInput, UnexpectedToken
from lark.lark import PostLex

from judge.engine.state import Phase
from judge.paths import grammar_dir

MAX_COMMAND_LENGTH = 500

# Who may send each kind: "anyone", "player" (signed on to the game; the GM may
# use the same settings for himself) or "gm" (signed on as the game's master).
AUDIENCE: dict[str, str] = {
    **dict.fromkeys(("help", "list", "history", "summary", "observe", "create", "signon", "signon_gm",
                     "join"), "anyone"),
    **dict.fromkeys(("order", "clear", "press", "broadcast", "resign", "status", "set_password",
                     "set_address", "set_wait", "set_absence", "set_zone"), "player"),
    **dict.fromkeys(("start", "process", "preview", "rollback", "pause", "resume", "eject", "dummy",
                     "terminate", "become", "set_deadline", "set_grace", "set_timing", "set_nmr",
                     "set_press"), "gm"),
}
KINDS = frozenset(AUDIENCE)


@dataclass(frozen=True)
class Command:
    """One command of a mail: ``kind`` from :data:`KINDS`, its values, where it was."""

    kind: str
    args: dict[str, Any]
    line: int
    text: str


@dataclass(frozen=True)
class CommandError:
    """One line that could not be read, said the way a player can fix it."""

    line: int
    column: int
    message: str
    text: str

    def __str__(self) -> str:
        return f"line {self.line}, column {self.column}: {self.message}"


@dataclass(frozen=True)
class ParsedMail:
    """The commands of a mail in order, and the lines that went wrong."""

    commands: list[Command] = field(default_factory=list)
    errors: list[CommandError] = field(default_factory=list)


# -- values: each WORD checked and converted, or Invalid at its column -------------

class Invalid(Exception):
    """A word the grammar took that means nothing here (a bad date, an unknown zone)."""

    def __init__(self, message: str, column: int | None) -> None:
        super().__init__(message)
        self.message = message
        self.column = column or 1


_NAME_RE = re.compile(r"[a-z0-9][a-z0-9_-]{0,31}", re.IGNORECASE)
_POWER_RE = re.compile(r"[^\W\d_][\w'.-]{0,31}")
_DATE_RE = re.compile(r"(\d{4})-(\d{1,2})-(\d{1,2})")
_DATE_TIME_RE = re.compile(r"([\d-]+)[Tt](.+)")
_TIME_RE = re.compile(r"(\d{1,2})(?::(\d{2}))?")
_DURATION_RE = re.compile(r"(?:\d{1,6}[wdhm])+|0", re.IGNORECASE)
_ADDRESS_RE = re.compile(r"[^@\s<>(),;:\"]+@[^@\s<>(),;:\"]+")
_UNITS = {"w": "weeks", "d": "days", "h": "hours", "m": "minutes"}
_MASTER_WORDS = frozenset({"M", "GM", "MASTER"})
ALL_PHASE_KINDS = ("M", "R", "A")
_PHASE_KINDS = {**dict.fromkeys(("m", "move", "moves", "movement"), ("M",)),
                **dict.fromkeys(("r", "retreat", "retreats"), ("R",)),
                **dict.fromkeys(("a", "adjust", "adjustment", "adjustments", "build", "builds"), ("A",)),
                **dict.fromkeys(("all", "*"), ALL_PHASE_KINDS)}
_WEEKDAYS = {name: number for number, names in enumerate((
    ("mon", "monday"), ("tue", "tues", "tuesday"), ("wed", "wednesday"), ("thu", "thur", "thurs", "thursday"),
    ("fri", "friday"), ("sat", "saturday"), ("sun", "sunday"))) for name in names}
_DAY_SETS = {**dict.fromkeys(("all", "any", "every", "*"), tuple(range(7))),
             "weekdays": (0, 1, 2, 3, 4), "weekends": (5, 6), "weekend": (5, 6)}


def _sub(token: Token, start: int, end: int | None = None) -> Token:
    """Part of a word, with its own column (``F`` and ``game1`` of ``Fgame1``)."""
    return Token("WORD", token.value[start:end], column=(token.column or 1) + start)


def _name(token: Token, what: str = "game") -> str:
    if not _NAME_RE.fullmatch(token.value):
        raise Invalid(f"'{token}' is not a {what} name: use letters, digits, '-' and '_' "
                      "(at most 32)", token.column)
    return token.value.lower()


def _power(token: Token) -> str:
    if not _POWER_RE.fullmatch(token.value):
        raise Invalid(f"'{token}' is not a power: write its name or its letter", token.column)
    return token.value


def _phase(token: Token) -> Phase:
    try:
        return Phase.parse(token.value)
    except ValueError:
        raise Invalid(f"'{token}' is not a phase: write it like S1901M, F1901R or W1901A",
                      token.column) from None


def _date(token: Token) -> date:
    match = _DATE_RE.fullmatch(token.value)
    try:
        return date(*(int(part) for part in match.groups()))  # type: ignore[union-attr]
    except (AttributeError, ValueError):
        raise Invalid(f"'{token}' is not a date: write YYYY-MM-DD, such as 2026-12-20",
                      token.column) from None


def _time(token: Token) -> time:
    match = _TIME_RE.fullmatch(token.value)
    try:
        return time(int(match.group(1)), int(match.group(2) or 0))  # type: ignore[union-attr]
    except (AttributeError, ValueError):
        raise Invalid(f"'{token}' is not a time of day: write HH:MM, such as 18:00",
                      token.column) from None


def _duration(token: Token) -> timedelta:
    if not _DURATION_RE.fullmatch(token.value):
        raise Invalid(f"'{token}' is not a duration: write it like 24h, 2d, 90m or 1d12h",
                      token.column)
    parts = re.findall(r"(\d+)([wdhm])", token.value.lower())
    return sum((timedelta(**{_UNITS[unit]: int(number)}) for number, unit in parts), timedelta())


@lru_cache(maxsize=1)
def _zone_names() -> dict[str, str]:
    return {name.lower(): name for name in zoneinfo.available_timezones()}


def _zone(token: Token) -> str:
    """A zone zoneinfo knows, spelt the way it does (``europe/paris`` is Europe/Paris)."""
    name = _zone_names().get(token.value.lower(), token.value)
    try:
        zoneinfo.ZoneInfo(name)
    except (ValueError, LookupError, OSError):
        raise Invalid(f"unknown time zone '{token}': write one such as Europe/Paris or "
                      "America/New_York", token.column) from None
    return name


def _address(token: Token) -> str:
    text = token.value.removeprefix("mailto:").removeprefix("<").removesuffix(">")
    if not _ADDRESS_RE.fullmatch(text):
        raise Invalid(f"'{token}' is not a mail address", token.column)
    return text


def _choice(token: Token, option: str, choices: tuple[str, ...], aliases: dict[str, str] | None = None) -> str:
    value = (aliases or {}).get(token.value.lower(), token.value.lower())
    if value not in choices:
        raise Invalid(f"{option} takes {', '.join(choices[:-1])} or {choices[-1]}, not '{token}'", token.column)
    return value


def _days(token: Token) -> tuple[int, ...]:
    """Weekdays (Monday is 0) from ``mon-fri``, ``sat,sun``, ``weekdays`` or ``all``."""
    text = token.value.lower()
    if text in _DAY_SETS:
        return _DAY_SETS[text]
    days: set[int] = set()
    for part in text.split(","):
        first, dash, last = part.partition("-")
        start, stop = _WEEKDAYS.get(first), _WEEKDAYS.get(last if dash else first)
        if start is None or stop is None:
            raise Invalid(f"'{token}' is not a list of days: write it like mon-fri, sat,sun, "
                          "weekdays or all", token.column)
        days.update((start + step) % 7 for step in range((stop - start) % 7 + 1))
    return tuple(sorted(days))


def _end_column(token: Token) -> int:
    return (token.column or 1) + len(token.value) + 1


def _signon(first: Token, second: Token, third: Token | None) -> tuple[str, dict[str, Any]]:
    """``SIGNON Fgame1 pw``, ``SIGNON France game1 pw``; M, GM or MASTER is the game's master."""
    if third is not None:
        who, game, password = _power(first), _name(second), third.value
    else:
        if len(first.value) < 2:
            raise Invalid("SIGNON needs the power letter and the game name together, as in "
                          "SIGNON Fgame1 secret", first.column)
        game, password = _name(_sub(first, 1)), second.value
        if first.value[0] == "?":
            return "join", {"game": game, "password": password, "power": None}
        who = _power(_sub(first, 0, 1))
    if who.upper() in _MASTER_WORDS:
        return "signon_gm", {"game": game, "password": password}
    return "signon", {"power": who, "game": game, "password": password}


def _recipients(words: list[Token]) -> tuple[str, ...]:
    """``France, England`` or ``F,E``: powers as written, M/GM/MASTER as "GM", no repeats."""
    found: list[str] = []
    for word in words:
        for piece in re.finditer(r"[^,]+", word.value):
            part = _sub(word, piece.start(), piece.end())
            if part.value.lower() in ("and", "&"):
                continue
            power = "GM" if part.value.upper() in _MASTER_WORDS else _power(part)
            if power not in found:
                found.append(power)
    if not found:
        raise Invalid("PRESS needs the powers it goes to, as in PRESS TO France, England",
                      words[0].column)
    return tuple(found)


_TIMING_KEYS = {"kind": "kinds", "days": "days", "hour": "hour", "min": "min", "minimum": "min", "next": "next"}


def _timing(items: list[Token]) -> dict[str, Any]:
    """``[kind] key=value…``: only the settings written are in the result, plus ``kinds``."""
    args: dict[str, Any] = {}
    last = items[-1]
    if "=" not in items[0].value and items[0].value.lower() not in _TIMING_KEYS:
        args["kinds"] = _timing_value("kinds", items.pop(0))
    for item in items:
        key, equals, _ = item.value.partition("=")
        field_name = _TIMING_KEYS.get(key.lower())
        if not equals:
            raise Invalid(f"SET TIMING settings are written key=value, such as next=48h, not '{item}'",
                          item.column)
        if field_name is None:
            raise Invalid(f"unknown SET TIMING setting '{key}': use kind, days, hour, min or next",
                          item.column)
        if field_name in args:
            raise Invalid(f"SET TIMING: '{key}' is given twice", item.column)
        if len(item.value) == len(key) + 1:
            raise Invalid(f"SET TIMING: '{key}=' needs a value", _end_column(item) - 1)
        args[field_name] = _timing_value(field_name, _sub(item, len(key) + 1))
    if not set(args) - {"kinds"}:
        raise Invalid("SET TIMING needs at least one of days=, hour=, min= or next=", _end_column(last))
    args.setdefault("kinds", ALL_PHASE_KINDS)
    return args


def _timing_value(field_name: str, token: Token) -> Any:
    if field_name == "kinds":
        kinds = _PHASE_KINDS.get(token.value.lower())
        if kinds is None:
            raise Invalid(f"'{token}' is not a phase kind: use M, R, A or all", token.column)
        return kinds
    if field_name == "days":
        return _days(token)
    if field_name == "hour":
        return _time(token)
    return _duration(token)


def _deadline(first: Token, second: Token | None) -> dict[str, Any]:
    """``2026-11-25 18:00`` (or ``2026-11-25T18:00``) in the game's zone, or a delay ``+2d``."""
    if first.value.startswith("+"):
        if second is not None:
            raise Invalid(f"a delay such as {first} stands alone, not with '{second}'", second.column)
        return {"at": None, "delay": _duration(_sub(first, 1))}
    joined = _DATE_TIME_RE.fullmatch(first.value)
    if joined:
        if second is not None:
            raise Invalid(f"unexpected '{second}' after the date and time", second.column)
        day_token, time_token = _sub(first, 0, joined.end(1)), _sub(first, joined.start(2))
    elif second is None:
        raise Invalid("SET DEADLINE needs a time after the date, such as 18:00", _end_column(first))
    else:
        day_token, time_token = first, second
    return {"at": datetime.combine(_date(day_token), _time(time_token)), "delay": None}


def _absence(first: Token, last: Token) -> dict[str, Any]:
    start, end = _date(first), _date(last)
    if end < start:
        raise Invalid("the absence ends before it starts", last.column)
    return {"start": start, "end": end}


Parsed = tuple[str, dict[str, Any]]


_BARE: dict[str, Parsed] = {
    "HELP": ("help", {}), "CLEAR": ("clear", {}), "RESIGN": ("resign", {}), "STATUS": ("status", {}),
    "START": ("start", {}), "PROCESS": ("process", {"force": False}), "PROCESS_NOW": ("process", {"force": True}),
    "PREVIEW": ("preview", {}), "PAUSE": ("pause", {}), "RESUME": ("resume", {}), "TERMINATE": ("terminate", {}),
}


def _maybe(read: Callable[[Token], Any], token: Token | None) -> Any:
    return None if token is None else read(token)


_variant = partial(_name, what="variant")
_nmr = partial(_choice, option="SET NMR", choices=("hold", "disorder", "wait"))
_press_kind = partial(_choice, option="SET PRESS", choices=("none", "white", "grey"), aliases={"gray": "grey"})
Reader = Callable[[Token], Any]
# Rules whose WORDs map one to one onto arguments: rule -> (kind, (argument, reader) per WORD).
# An optional word left out gives None.
_WORD_RULES: dict[str, tuple[str, tuple[tuple[str, Reader], ...]]] = {
    "list": ("list", (("game", _name),)),
    "history": ("history", (("game", _name), ("from_phase", _phase), ("to_phase", _phase))),
    "summary": ("summary", (("game", _name),)),
    "observe": ("observe", (("game", _name), ("password", str))),
    "create": ("create", (("game", _name), ("variant", _variant), ("password", str))),
    "join": ("join", (("game", _name), ("password", str), ("power", _power))),
    "rollback": ("rollback", (("phase", _phase),)),
    "eject": ("eject", (("power", _power),)),
    "dummy": ("dummy", (("power", _power),)),
    "become": ("become", (("power", _power),)),
    "set_password": ("set_password", (("password", str),)),
    "set_address": ("set_address", (("address", _address),)),
    "set_zone": ("set_zone", (("zone", _zone),)),
    "set_grace": ("set_grace", (("grace", _duration),)),
    "set_nmr": ("set_nmr", (("policy", _nmr),)),
    "set_press": ("set_press", (("press", _press_kind),)),
}


class CommandBuilder(Transformer):
    """Runs inside the LALR parser (no tree is built): each rule gives ``(kind, args)``.

    The rules of :data:`_WORD_RULES` get their method from that table, below.
    """

    def start(self, c: list) -> Parsed:
        return c[0]

    def grey(self, _c: list) -> bool:
        return True

    def bare(self, c: list) -> Parsed:
        kind, args = _BARE[c[0].type]
        return kind, dict(args)

    def history_to(self, c: list) -> Parsed:
        return "history", {"game": _name(c[0]), "from_phase": None, "to_phase": _phase(c[1])}

    def signon(self, c: list) -> Parsed:
        return _signon(*c)

    def press(self, c: list) -> Parsed:
        return "press", {"to": _recipients(c[1:-1]), "grey": bool(c[0] or c[-1])}

    def broadcast(self, c: list) -> Parsed:
        return "broadcast", {"grey": bool(c[0])}

    def set_wait(self, _c: list) -> Parsed:
        return "set_wait", {"wait": True}

    def set_nowait(self, _c: list) -> Parsed:
        return "set_wait", {"wait": False}

    def set_absence(self, c: list) -> Parsed:
        return "set_absence", _absence(*c)

    def set_deadline(self, c: list) -> Parsed:
        return "set_deadline", _deadline(*c)

    def set_timing(self, c: list) -> Parsed:
        return "set_timing", _timing(list(c))


def _word_rule(kind: str, fields: tuple[tuple[str, Reader], ...]) -> Callable[[CommandBuilder, list], Parsed]:
    def build(_self: CommandBuilder, children: list) -> Parsed:
        return kind, {name: _maybe(read, token) for (name, read), token in zip(fields, children)}
    return build


for _rule, (_kind, _fields) in _WORD_RULES.items():
    setattr(CommandBuilder, _rule, _word_rule(_kind, _fields))
del _rule, _kind, _fields


# -- the parser ---------------------------------------------------------------

class _WordEverywhere(PostLex):
    """Make the contextual lexer try WORD in every state, so a keyword is only a keyword
    where the grammar expects one and a misspelt one is a whole word in the error."""

    always_accept = ("WORD",)

    def process(self, stream: Iterator[Token]) -> Iterator[Token]:
        return stream


@lru_cache(maxsize=1)
def command_parser() -> Lark:
    """The LALR parser, built once per process; it turns a line into ``(kind, args)``."""
    text = (grammar_dir() / "commands.lark").read_text(encoding="utf-8")
    return Lark(text, parser="lalr", lexer="contextual", postlex=_WordEverywhere(),
                transformer=CommandBuilder(), cache=True)


@lru_cache(maxsize=1)
def command_words() -> frozenset[str]:
    """The words that start a command (lower case): the grammar is the only list of them."""
    parser = command_parser()
    names = parser.parse_interactive("").accepts()
    return frozenset(parser.get_terminal(name).pattern.value.lower() for name in names
                     if name != "$END")


# -- the mail, line by line -----------------------------------------------------

_LINE_BREAK_RE = re.compile(r"\r\n|\r|\n")
_SIGNOFF_RE = re.compile(r"\s*signoff[.!]?\s*$", re.IGNORECASE)
_SIGNATURE_RE = re.compile(r"--[ \t]*$")
_QUOTED_RE = re.compile(r"\s*>")
_ENDPRESS_RE = re.compile(r"\s*end\s*(press|broadcast)[.!]?\s*$", re.IGNORECASE)
_BLOCK_WORDS = ("press", "broadcast")


def parse_mail_body(text: str) -> ParsedMail:
    """Read a whole mail body; never raises, whatever the text."""
    lines = _LINE_BREAK_RE.split(text.removeprefix("\ufeff")) if text else []
    mail = ParsedMail()
    index = 0
    while index < len(lines):
        raw, number = lines[index], index + 1
        index += 1
        if _SIGNOFF_RE.match(raw) or _SIGNATURE_RE.match(raw):
            break
        if not raw.strip() or _QUOTED_RE.match(raw):
            continue
        if _ENDPRESS_RE.match(raw):
            mail.errors.append(CommandError(number, _indent(raw) + 1,
                                            "ENDPRESS without PRESS or BROADCAST before it", raw))
            continue
        first = raw.split(None, 1)[0].lower()
        if first in _BLOCK_WORDS:
            index = _read_press(lines, index, mail)
        elif first in command_words():
            _add(mail, parse_command_line(raw, number))
        else:
            mail.commands.append(Command("order", {}, number, raw))
    return mail


def parse_command_line(raw: str, number: int = 1) -> Command | CommandError:
    """Parse one line that starts with a command word; errors come back, never raised."""
    if len(raw) > MAX_COMMAND_LENGTH:
        return CommandError(number, MAX_COMMAND_LENGTH + 1,
                            f"line too long (more than {MAX_COMMAND_LENGTH} characters)", raw)
    try:
        kind, args = cast(Parsed, command_parser().parse(raw))
    except Invalid as bad:
        return CommandError(number, bad.column, bad.message, raw)
    except UnexpectedInput as err:
        column, message = _syntax_error(err, raw)
        return CommandError(number, column, message, raw)
    except (LarkError, LookupError, ValueError, TypeError, AttributeError, AssertionError,
            OverflowError, RecursionError) as exc:
        # A bug of ours must not become a traceback in a player's reply.
        return CommandError(number, _indent(raw) + 1, f"cannot read this command ({type(exc).__name__})", raw)
    return Command(kind, args, number, raw)


def _read_press(lines: list[str], index: int, mail: ParsedMail) -> int:
    """Take a press block whose header is line ``index``; return where the mail goes on.

    The text up to ENDPRESS is kept verbatim, quoted lines and dashes included.
    Without ENDPRESS there is no telling press from orders, so nothing after the
    header is read and nothing is sent.
    """
    header, number = lines[index - 1], index
    end = next((i for i in range(index, len(lines)) if _ENDPRESS_RE.match(lines[i])), None)
    parsed = parse_command_line(header, number)
    if isinstance(parsed, CommandError):
        mail.errors.append(parsed)
    word = header.split(None, 1)[0].upper()
    if end is None:
        mail.errors.append(CommandError(number, _indent(header) + 1, f"{word} has no ENDPRESS line: the press "
                                        "was not sent and nothing after this line was read", header))
        return len(lines)
    body = "\n".join(lines[index:end])
    if isinstance(parsed, Command):
        if body.strip():
            mail.commands.append(Command(parsed.kind, {**parsed.args, "body": body}, number, header))
        else:
            mail.errors.append(CommandError(number, _indent(header) + 1,
                                            f"empty press: write the text between {word} and ENDPRESS", header))
    return end + 1


def _add(mail: ParsedMail, parsed: Command | CommandError) -> None:
    (mail.errors if isinstance(parsed, CommandError) else mail.commands).append(parsed)  # type: ignore[arg-type]


def _indent(raw: str) -> int:
    return len(raw) - len(raw.lstrip())


# -- syntax errors: what the command needed, in the player's words -------------------

_SET_OPTIONS = "PASSWORD, ADDRESS, WAIT, NOWAIT, ABSENCE, ZONE, DEADLINE, GRACE, TIMING, NMR or PRESS"
_SET_WORDS = {word: word for word in _SET_OPTIONS.replace(" or", ",").split(", ")} | {"NO": "NO", "TIMEZONE": "ZONE"}
# command -> (how it is written, what it needs after its keywords); a command missing
# here takes nothing after its keywords.
_USAGE: dict[str, tuple[str, str]] = {
    "LIST": ("LIST [game]", "at most a game name"),
    "HISTORY": ("HISTORY game [FROM phase] [TO phase]",
                "a game name, then if you like the phases, as in HISTORY game1 FROM S1901M TO F1902M"),
    "SUMMARY": ("SUMMARY game", "a game name"),
    "OBSERVE": ("OBSERVE game password", "a game name and a password"),
    "CREATE": ("CREATE game variant password",
               "a game name, a variant and a password, as in CREATE game1 standard secret"),
    "SIGNON": ("SIGNON <power letter><game> password",
               "a power and a game, then the password, as in SIGNON Fgame1 secret or SIGNON France game1 secret"),
    "JOIN": ("JOIN game password [AS power]",
             "a game name and a password, then if you like AS and a power, as in JOIN game1 secret AS France"),
    "PRESS": ("PRESS [GREY] TO power, power…", "TO and the powers it goes to, as in PRESS TO France, England"),
    "BROADCAST": ("BROADCAST [GREY]", "nothing but GREY"),
    "ROLLBACK": ("ROLLBACK [phase]", "at most a phase such as S1901M"),
    "EJECT": ("EJECT power", "a power"), "DUMMY": ("DUMMY power", "a power"), "BECOME": ("BECOME power", "a power"),
    "SET": ("SET option value", f"an option: {_SET_OPTIONS}"),
    "SET PASSWORD": ("SET PASSWORD new-password", "the new password"),
    "SET ADDRESS": ("SET ADDRESS address", "a mail address such as me@example.org"),
    "SET NO": ("SET NO WAIT", "WAIT (SET NO WAIT is SET NOWAIT)"),
    "SET ABSENCE": ("SET ABSENCE from to", "the first and the last day, as in SET ABSENCE 2026-12-20 2027-01-03"),
    "SET ZONE": ("SET ZONE zone", "a time zone such as Europe/Paris"),
    "SET DEADLINE": ("SET DEADLINE date time", "a date and a time such as 2026-11-25 18:00, or a delay such as +2d"),
    "SET GRACE": ("SET GRACE duration", "a duration such as 24h or 2d"),
    "SET TIMING": ("SET TIMING [M|R|A] key=value…", "settings such as M days=mon-fri hour=18:00 min=24h next=48h"),
    "SET NMR": ("SET NMR hold|disorder|wait", "hold, disorder or wait"),
    "SET PRESS": ("SET PRESS none|white|grey", "none, white or grey"),
}


def _command_name(line: str) -> str:
    """The command a line was meant to be, from its first word (or two, for SET)."""
    words = line.upper().split()
    if words[0] != "SET" or len(words) < 2 or words[1] not in _SET_WORDS:
        return words[0]
    return f"SET {_SET_WORDS[words[1]]}"


def _syntax_error(err: UnexpectedInput, line: str) -> tuple[int, str]:
    """Column and message for a line the grammar refused."""
    name = _command_name(line)
    syntax, needs = _USAGE.get(name, (name, ""))
    token = err.token if isinstance(err, UnexpectedToken) else None
    if token is None or token.type == "$END":
        return len(line.rstrip()) + 2, f"{name} needs {needs or 'nothing more'}"
    column, got = token.column or 1, token.value
    if name == "SET":  # the option itself is the word that failed
        return column, f"unknown SET option '{got}': SET takes {_SET_OPTIONS}"
    if "$END" in (getattr(err, "expected", None) or ()):
        return column, f"unexpected '{got}': write {syntax}" if needs else f"{name} takes nothing more, not '{got}'"
    return column, f"{name} needs {needs}, not '{got}'"
