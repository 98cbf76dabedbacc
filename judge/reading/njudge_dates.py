"""njudge's dates (its help file ``deadlines``): ``Mar 30``, ``30 Mar 2027``, ``Mon``, ``15``, read without a clock.

A date without a year is the next one on or after today, and never more than 120 days ahead (njudge asks
for the year then); a weekday is the next such day after today; a day number alone is the next date with
that number; a month alone is its last day.  Reading keeps what was written (:class:`NjudgeDate`); the
command that acts on it resolves it with the game's today (:meth:`NjudgeDate.on`).
"""

from __future__ import annotations

import calendar
import re
from dataclasses import dataclass
from datetime import date, timedelta

__all__ = ["LOOKAHEAD", "NjudgeDate", "join_date_words", "parse_njudge_date"]

MONTHS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
WEEKDAYS = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")
#: njudge refuses a date without a year that falls further ahead than this
LOOKAHEAD = timedelta(days=120)
_TIME_RE = re.compile(r"\d{1,2}:\d{2}")


@dataclass(frozen=True)
class NjudgeDate:
    """A date as njudge reads it, its missing parts filled in by :meth:`on`."""

    weekday: int | None = None
    month: int | None = None
    day: int | None = None
    year: int | None = None

    def on(self, today: date) -> date:
        """The date meant, written on ``today``; ValueError with the reason if there is none."""
        if self.weekday is not None:
            return today + timedelta(days=(self.weekday - today.weekday() - 1) % 7 + 1)
        if self.year is not None:
            month = self.month or today.month
            return date(self.year, month, self.day or calendar.monthrange(self.year, month)[1])
        for step in range(13):
            year, month = divmod(today.month - 1 + step, 12)
            month, year = (self.month or month + 1), today.year + year
            if self.month is not None:
                year = today.year + (1 if (self.month, self.day or 31) < (today.month, today.day) else 0)
            last = calendar.monthrange(year, month)[1]
            if self.day is not None and self.day > last:
                continue
            found = date(year, month, self.day or last)
            if found >= today:
                if found - today > LOOKAHEAD:
                    raise ValueError(f"{found.isoformat()} is more than {LOOKAHEAD.days} days ahead: write the "
                                     "year too")
                return found
        raise ValueError("no such date")


def parse_njudge_date(text: str) -> NjudgeDate | None:
    """``Mar-30``, ``30-mar-2027``, ``mon`` (words joined by ``-``, as :func:`join_date_words` makes them)."""
    weekday = month = day = year = None
    for part in text.lower().replace(",", "").split("-"):
        if part[:3] in WEEKDAYS and weekday is None and len(part) <= 9:
            weekday = WEEKDAYS.index(part[:3])
        elif part[:3] in MONTHS and month is None and len(part) <= 9:
            month = MONTHS.index(part[:3]) + 1
        elif part.isdecimal() and len(part) == 4 and year is None:
            year = int(part)
        elif part.isdecimal() and len(part) <= 2 and day is None and 1 <= int(part) <= 31:
            day = int(part)
        else:
            return None
    if weekday is not None and (month or day or year):
        return None
    if weekday is None and month is None and day is None:
        return None
    return NjudgeDate(weekday, month, day, year)


def join_date_words(words: list[str]) -> list[str] | None:
    """njudge's date and time words (``Mar 30, 2027 23:30``) as one date word and the time
    (``Mar-30-2027 23:30``); None if they are no njudge date."""
    times = [w for w in words if _TIME_RE.fullmatch(w)]
    parts = [w.rstrip(",") for w in words if not _TIME_RE.fullmatch(w)]
    if len(times) > 1 or not parts or parse_njudge_date("-".join(parts)) is None:
        return None
    return ["-".join(parts), *times]
