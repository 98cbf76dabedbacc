"""The arguments of njudge's information commands: HISTORY's options, WHOGAME's, GET and SEND's file.

HISTORY's options (njudge's help file ``history``): dates, ``LINES n``, ``EXCLSTART``/``EXCLEND`` and ``BROAD``.

njudge writes ``HISTORY foo FROM Jan 1, 1990 TO Dec 31, 2002 23:59 LINES 5000`` and ``HISTORY foo EXCLSTART
S1903M EXCLEND F1905B BROAD``.  :func:`history_line` joins each date's words into one word (``Jan-1-1990``,
``Dec-31-2002-23:59``) so the command grammar reads the line; :func:`read_history_end` reads a FROM or TO word
as a phase or such a date, kept as written (:class:`HistoryDate`): the command resolves it on the game's clock.

Pure text: no store, no clock.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from lark import Token

from judge.reading.njudge_dates import NjudgeDate, join_date_words, parse_njudge_date
from judge.reading.values import Invalid, read_name, read_span_end

__all__ = ["HistoryDate", "MAX_LINES", "file_line", "history_args", "history_line", "read_history_end", "read_lines",
           "read_turn", "turn_key", "whogame_args"]

#: the most lines LINES may ask for (njudge's default cap is 1000)
MAX_LINES = 100_000
_KEYWORDS = ("FROM", "TO", "LINES", "EXCLSTART", "EXCLEND", "BROAD")
_TIME_RE = re.compile(r"(\d{1,2}):(\d{2})")
_TURN_RE = re.compile(r"([SUFW])(\d{4})([MRAB])", re.IGNORECASE)


@dataclass(frozen=True)
class HistoryDate:
    """A date njudge's way (a day, without a year perhaps) and its time of day (midnight if none), as written."""

    date: NjudgeDate
    hour: int = 0
    minute: int = 0
    written: str = ""


def history_line(raw: str) -> str:
    """``HISTORY game …`` with each FROM and TO date's words joined into one word; ``raw`` itself if none."""
    words = raw.split()
    if len(words) < 3 or words[0].upper() != "HISTORY":
        return raw
    out, index = words[:2], 2
    while index < len(words):
        word = words[index]
        out.append(word)
        index += 1
        if word.upper() not in ("FROM", "TO"):
            continue
        end = next((i for i in range(index, len(words)) if words[i].upper() in _KEYWORDS), len(words))
        joined = join_date_words(words[index:end]) if end - index > 1 else None
        if joined is not None:
            out.append("-".join(joined))
            index = end
    return " ".join(out)


def read_history_end(token: Token) -> str | HistoryDate:
    """A FROM or TO word: a phase (``S1901M``), a season (``S1901``) or an njudge date (``Mar-30``,
    ``Jan-1-1990-23:59``)."""
    try:
        return read_span_end(token)
    except Invalid:
        pass
    parts = token.value.split("-")
    time = _TIME_RE.fullmatch(parts[-1]) if len(parts) > 1 else None
    found = parse_njudge_date("-".join(parts[:-1] if time else parts))
    if found is None or (time and (int(time.group(1)) > 23 or int(time.group(2)) > 59)):
        raise Invalid(f"'{token}' is not a phase: write it like S1618M, F1618R or W1618A, or a season and its year "
                      "(S1618: all of that season), or a date (njudge's Jan 1 1990, Mar 30 23:30)", token.column)
    return HistoryDate(found, int(time.group(1)) if time else 0, int(time.group(2)) if time else 0, str(token))


def read_lines(token: Token) -> int:
    """LINES n: how many lines of the history at most."""
    if not token.value.isdecimal() or not 1 <= int(token.value) <= MAX_LINES:
        raise Invalid(f"'{token}' is not a number of lines: write LINES and a number from 1 to {MAX_LINES:,}",
                      token.column)
    return int(token.value)


def read_turn(token: Token) -> tuple[int, int, int] | None:
    """An EXCLSTART or EXCLEND turn (``S1903M``, njudge's ``F1905B``) as its place in the game's order; None for
    one njudge would not read (it then gives the whole history, as njudge does)."""
    found = _TURN_RE.fullmatch(token.value)
    if found is None:
        return None
    season, year, kind = found.group(1).upper(), int(found.group(2)), found.group(3).upper()
    if kind in "AB":   # a year's adjustments come last in it, whichever season njudge names (F1905B)
        return year, 3, 2
    return year, "SUFW".index(season), "MRA".index(kind)


def turn_key(phase: str) -> tuple[int, int, int] | None:
    """A played phase's name (``S1901M``) as the same key as :func:`read_turn`'s."""
    return read_turn(Token("WORD", phase))


def history_args(game: Token, first: Token | None, last: Token | None, options: list[dict[str, Any]]) -> dict[str, Any]:
    """HISTORY's arguments: a FROM or TO phase (``from_phase``, ``to_phase``) or date (``from_date``,
    ``to_date``), and njudge's ``lines``, ``exclude`` (EXCLSTART, EXCLEND) and ``broad``."""
    args: dict[str, Any] = {"game": read_name(game), "from_phase": None, "to_phase": None}
    for key, token in (("from", first), ("to", last)):
        value = None if token is None else read_history_end(token)
        args[f"{key}_date" if isinstance(value, HistoryDate) else f"{key}_phase"] = value
    for option in options:
        args.update(option)
    return args


def exclude_args(start: Token, end: Token | None) -> dict[str, Any]:
    """EXCLSTART turn [EXCLEND turn]: njudge ignores EXCLEND when EXCLSTART is no turn."""
    first = read_turn(start)
    return {"exclude": (first, read_turn(end) if end is not None and first is not None else None)}


def whogame_args(words: list[Token]) -> dict[str, Any]:
    """WHOGAME [game] [FULL]; FULL alone is the signed-on game's full list (a game called FULL needs
    WHOGAME full FULL)."""
    full = bool(words) and words[-1].value.upper() == "FULL"
    if len(words) == 2 and not full:
        raise Invalid(f"'{words[1]}' means nothing after WHOGAME game: write WHOGAME game [FULL]", words[1].column)
    game = read_name(words[0]) if words and not (full and len(words) == 1) else None
    return {"game": game, "full": full}


def file_line(words: list[str]) -> str:
    """njudge's ``GET file``, ``SEND file`` and ``SEND ME file`` as ``HELP file`` ("" if the line is none of them:
    ``Get Outlook for iOS`` is a mail client's line)."""
    upper = [w.upper() for w in words]
    if upper[:1] == ["GET"] and len(words) == 2:
        return f"HELP {words[1]}"
    if upper[:1] == ["SEND"] and (len(words) == 2 or (len(words) == 3 and upper[1] == "ME")):
        return f"HELP {words[-1]}"
    return ""
