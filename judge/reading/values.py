"""Each WORD of a command checked and converted, or :class:`Invalid` at its column.

Split from :mod:`judge.reading.language` so the grammar driver stays short:
these readers know nothing of Lark's parser state, only of one token's text
and column (a Lark ``Token``), and say in the player's words what is wrong.
Dates and times stay naive (the game's zone is applied by the caller).
"""

from __future__ import annotations

import re
import zoneinfo
from datetime import date, datetime, time, timedelta
from functools import lru_cache
from typing import Any

from lark import Token

from judge.addresses import BadAddress, normal_address
from judge.engine.geography import GM_LETTER, GM_WORDS
from judge.engine.state import Phase
from judge.gamenames import NAME_LENGTH, is_game_name
from judge.reading.njudge_dates import NjudgeDate, parse_njudge_date


class Invalid(Exception):
    """A word the grammar took that means nothing here (a bad date, an unknown zone)."""

    def __init__(self, message: str, column: int | None) -> None:
        super().__init__(message)
        self.message = message
        self.column = column or 1


_POWER_RE = re.compile(r"[^\W\d_][\w'./-]{0,31}")  # the texts' own 'Denmark/Sweden' too
_DATE_RE = re.compile(r"(\d{4})-(\d{1,2})-(\d{1,2})")
_DATE_TIME_RE = re.compile(r"([\d-]+)[Tt](.+)")
_TIME_RE = re.compile(r"(\d{1,2})(?::(\d{2}))?")
_DURATION_RE = re.compile(r"(?:\d{1,6}[wdhm])+|0", re.IGNORECASE)
_MINUTES = {"w": 7 * 24 * 60, "d": 24 * 60, "h": 60, "m": 1}
MAX_DURATION = timedelta(days=365)  # a delay, a phase length, a grace or a minimum: at most a year
MIN_YEAR, MAX_YEAR = 2000, 2999     # dates a mail may name (a deadline, an absence)
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


def sub_token(token: Token, start: int, end: int | None = None) -> Token:
    """Part of a word, with its own column (``F`` and ``game1`` of ``Fgame1``)."""
    return Token("WORD", token.value[start:end], column=(token.column or 1) + start)


def read_name(token: Token, what: str = "game") -> str:
    value = token.value
    if not (value.isascii() and is_game_name(value.lower())):
        odd = next((char for char in value if not char.isascii()), None)
        why = f" ('{odd}' is not one of the letters a to z)" if odd is not None and odd.isalpha() else ""
        raise Invalid(f"'{token}' is not a {what} name: use letters, digits, '-' and '_' "
                      f"(at most {NAME_LENGTH}){why}", token.column)
    return value.lower()


def read_power(token: Token) -> str:
    if not _POWER_RE.fullmatch(token.value):
        raise Invalid(f"'{token}' is not a power: write its name or its letter", token.column)
    return token.value


def read_phase(token: Token) -> Phase:
    try:
        return Phase.parse(token.value)
    except ValueError:
        raise Invalid(f"'{token}' is not a phase: write it like S1901M, F1901R or W1901A",
                      token.column) from None


_SEASON_RE = re.compile(r"([A-Za-z])(\d{1,4})")


def read_span_end(token: Token) -> str:
    """A phase (``S1618M``) or a season of a year (``S1618``: every phase of it), for HISTORY's FROM and TO."""
    try:
        return str(Phase.parse(token.value))
    except ValueError:
        found = _SEASON_RE.fullmatch(token.value)
        if found:
            return found.group(1).upper() + found.group(2)
    raise Invalid(f"'{token}' is not a phase: write it like S1618M, F1618R or W1618A, or a season and "
                  "its year (S1618: all of that season)", token.column)


_SEASONS = {"s": "S", "spring": "S", "u": "U", "summer": "U", "f": "F", "fall": "F", "autumn": "F",
            "w": "W", "winter": "W"}
_NJUDGE_KINDS = {"m": "M", "movement": "M", "move": "M", "moves": "M", "r": "R", "retreat": "R",
                 "retreats": "R", "a": "A", "adjustment": "A", "adjustments": "A", "b": "A", "build": "A",
                 "builds": "A"}


def read_njudge_phase(words: list[Token]) -> Phase:
    """njudge's ``Fall 1901 Movement`` (season, year, phase: first letters count) or ``F1901M``."""
    if len(words) == 1:
        return read_phase(words[0])
    if len(words) == 3 and words[1].value.isdecimal():
        season = _SEASONS.get(words[0].value.lower()) or _SEASONS.get(words[0].value[:1].lower())
        kind = _NJUDGE_KINDS.get(words[2].value.lower()) or _NJUDGE_KINDS.get(words[2].value[:1].lower())
        if season and kind:
            return read_phase(Token("WORD", f"{season}{words[1].value}{kind}", start_pos=words[0].start_pos,
                                    line=words[0].line, column=words[0].column))
    raise Invalid("PHASE needs a season, a year and a phase, as in PHASE Fall 1901 Movement", words[0].column)


def read_date(token: Token) -> date | NjudgeDate:
    """``2026-12-20``, or njudge's ``Dec-20`` / ``Mon`` (resolved by the command, which knows today)."""
    njudge = parse_njudge_date(token.value) if not _DATE_RE.fullmatch(token.value) else None
    if njudge is not None:
        return njudge
    match = _DATE_RE.fullmatch(token.value)
    try:
        day = date(*(int(part) for part in match.groups()))  # type: ignore[union-attr]
    except (AttributeError, ValueError):
        raise Invalid(f"'{token}' is not a date: write YYYY-MM-DD, such as 2026-12-20",
                      token.column) from None
    if not MIN_YEAR <= day.year <= MAX_YEAR:
        raise Invalid(f"'{token}' is too far off: a date lies between the years {MIN_YEAR} and {MAX_YEAR}",
                      token.column)
    return day


def read_time(token: Token) -> time:
    match = _TIME_RE.fullmatch(token.value)
    try:
        return time(int(match.group(1)), int(match.group(2) or 0))  # type: ignore[union-attr]
    except (AttributeError, ValueError):
        raise Invalid(f"'{token}' is not a time of day: write HH:MM, such as 18:00",
                      token.column) from None


def read_duration(token: Token) -> timedelta:
    if not _DURATION_RE.fullmatch(token.value):
        raise Invalid(f"'{token}' is not a duration: write it like 24h, 2d, 90m or 1d12h",
                      token.column)
    parts = re.findall(r"(\d+)([wdhm])", token.value.lower())
    minutes = sum(int(number) * _MINUTES[unit] for number, unit in parts)
    if minutes > MAX_DURATION.total_seconds() // 60:
        raise Invalid(f"'{token}' is too long: a duration is at most {MAX_DURATION.days} days", token.column)
    return timedelta(minutes=minutes)


@lru_cache(maxsize=1)
def zone_names() -> dict[str, str]:
    return {name.lower(): name for name in zoneinfo.available_timezones()}


def read_zone(token: Token) -> str:
    """A zone zoneinfo knows, spelt the way it does (``europe/paris`` is Europe/Paris)."""
    name = zone_names().get(token.value.lower(), token.value)
    try:
        zoneinfo.ZoneInfo(name)
    except (ValueError, LookupError, OSError):
        raise Invalid(f"unknown time zone '{token}': write one such as Europe/Paris or "
                      "America/New_York", token.column) from None
    return name


def read_address(token: Token) -> str:
    """An address the judge can send to, normalised the way incoming senders are (judge/addresses.py)."""
    text = token.value.removeprefix("mailto:").removeprefix("<").removesuffix(">")
    try:
        return normal_address(text)
    except BadAddress as exc:
        raise Invalid(str(exc), token.column) from None


def read_choice(token: Token, option: str, choices: tuple[str, ...], aliases: dict[str, str] | None = None) -> str:
    value = (aliases or {}).get(token.value.lower(), token.value.lower())
    if value not in choices:
        raise Invalid(f"{option} takes {', '.join(choices[:-1])} or {choices[-1]}, not '{token}'", token.column)
    return value


#: the most seats the GM may let one address hold in a game (SET SEATS)
MAX_SEATS = 40


def read_seats(token: Token) -> int:
    """``SET SEATS n``: a whole number from 1 to :data:`MAX_SEATS`."""
    if not re.fullmatch(r"[0-9]{1,2}", token.value) or not 1 <= int(token.value) <= MAX_SEATS:
        raise Invalid(f"SET SEATS takes a number from 1 to {MAX_SEATS}, not '{token}'", token.column)
    return int(token.value)


def read_days(token: Token) -> tuple[int, ...]:
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


def end_column(token: Token) -> int:
    return (token.column or 1) + len(token.value) + 1


def read_signon(first: Token, second: Token, third: Token | None) -> tuple[str, dict[str, Any]]:
    """``SIGNON Fgame1 pw``, ``SIGNON France game1 pw``; GM or MASTER is the game's master, and M too.

    ``M`` is read as the master with ``letter`` set: the game's map decides
    (``judge.commands.anyone.do_signon_gm``), since a map may letter a power M.
    """
    if third is not None:
        who, game, password = read_power(first), read_name(second), third.value
    else:
        if len(first.value) < 2:
            raise Invalid("SIGNON needs the power letter and the game name together, as in "
                          "SIGNON Fgame1 secret", first.column)
        game, password = read_name(sub_token(first, 1)), second.value
        if first.value[0] == "?":
            return "join", {"game": game, "password": password, "power": None}
        who = read_power(sub_token(first, 0, 1))
    if who.upper() in GM_WORDS:
        return "signon_gm", {"game": game, "password": password}
    if who.upper() == GM_LETTER:
        return "signon_gm", {"game": game, "password": password, "letter": who}
    return "signon", {"power": who, "game": game, "password": password}


def read_recipients(words: list[Token]) -> tuple[str, ...]:
    """``France, England``, ``F,E`` or njudge's initials run together (``FRG``): powers as written, MASTER
    as "GM", njudge's ``GM`` as G and M (Germany and the Master: M is the Master unless the map letters a
    power M, which the caller knows), no repeats.  The caller splits run-together initials that name no power."""
    found: list[str] = []
    for word in words:
        for piece in re.finditer(r"[^,]+", word.value):
            part = sub_token(word, piece.start(), piece.end())
            if part.value.lower() in ("and", "&"):
                continue
            upper = part.value.upper()
            powers = ["GM"] if upper == "MASTER" else [part.value[0], part.value[1]] if upper == "GM" \
                else [read_power(part)]  # M as written: the map decides
            found.extend(p for p in powers if p not in found)
    if not found:
        raise Invalid("PRESS needs the powers it goes to, as in PRESS TO France, England",
                      words[0].column)
    return tuple(found)


def read_press_to(words: list[Token]) -> dict[str, Any]:
    """``TO list`` or njudge's ``TO ALL BUT list``: the powers, and whether the press goes to all but them."""
    all_but = len(words) > 2 and [w.value.upper() for w in words[:2]] == ["ALL", "BUT"]
    return {"to": read_recipients(words[2:] if all_but else words), **({"all_but": True} if all_but else {})}


_TIMING_KEYS = {"kind": "kinds", "days": "days", "hour": "hour", "min": "min", "minimum": "min", "next": "next",
                "grace": "grace", "delay": "delay"}


def read_timing(items: list[Token]) -> dict[str, Any]:
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
            raise Invalid(f"unknown SET TIMING setting '{key}': use kind, days, hour, min, next, "
                          "grace or delay",
                          item.column)
        if field_name in args:
            raise Invalid(f"SET TIMING: '{key}' is given twice", item.column)
        if len(item.value) == len(key) + 1:
            raise Invalid(f"SET TIMING: '{key}=' needs a value", end_column(item) - 1)
        args[field_name] = _timing_value(field_name, sub_token(item, len(key) + 1))
    if not set(args) - {"kinds"}:
        raise Invalid("SET TIMING needs at least one of days=, hour=, min=, next=, grace= or delay=", end_column(last))
    args.setdefault("kinds", ALL_PHASE_KINDS)
    return args


def _timing_value(field_name: str, token: Token) -> Any:
    if field_name == "kinds":
        kinds = _PHASE_KINDS.get(token.value.lower())
        if kinds is None:
            raise Invalid(f"'{token}' is not a phase kind: use M, R, A or all", token.column)
        return kinds
    if field_name == "days":
        return read_days(token)
    if field_name == "hour":
        return read_time(token)
    return read_duration(token)


def read_deadline(first: Token, second: Token | None) -> dict[str, Any]:
    """``2026-11-25 18:00`` (or ``2026-11-25T18:00``) in the game's zone, or a delay ``+2d``."""
    if first.value.startswith("+"):
        if second is not None:
            raise Invalid(f"a delay such as {first} stands alone, not with '{second}'", second.column)
        return {"at": None, "delay": read_duration(sub_token(first, 1))}
    joined = _DATE_TIME_RE.fullmatch(first.value)
    if joined:
        if second is not None:
            raise Invalid(f"unexpected '{second}' after the date and time", second.column)
        day_token, time_token = sub_token(first, 0, joined.end(1)), sub_token(first, joined.start(2))
    elif second is None:
        day = parse_njudge_date(first.value)
        if day is not None:   # njudge's date alone: its default hour, 23:30
            return {"at": None, "delay": None, "njudge": (day, time(23, 30))}
        raise Invalid("SET DEADLINE needs a time after the date, such as 18:00", end_column(first))
    else:
        day_token, time_token = first, second
    day = read_date(day_token)
    if isinstance(day, NjudgeDate):
        return {"at": None, "delay": None, "njudge": (day, read_time(time_token))}
    return {"at": datetime.combine(day, read_time(time_token)), "delay": None}


_ROUND_OFF = ("off", "none", "no")


def read_round(token: Token) -> str:
    """``SET ROUND``: ``:MM`` (that minute of every hour), ``HH:MM`` (that time of every day) or ``off``."""
    text = token.value.lower()
    if text in _ROUND_OFF:
        return "off"
    if re.fullmatch(r":[0-5][0-9]", text):
        return text
    try:
        return f"{read_time(token):%H:%M}"
    except Invalid:
        raise Invalid(f"SET ROUND takes :MM (a minute of every hour, such as :00), HH:MM (a time of day, "
                      f"such as 20:00) or off, not '{token}'", token.column) from None


def read_absence(first: Token, last: Token) -> dict[str, Any]:
    start, end = read_date(first), read_date(last)
    if isinstance(start, date) and isinstance(end, date) and end < start:
        raise Invalid("the absence ends before it starts", last.column)
    return {"start": start, "end": end}
