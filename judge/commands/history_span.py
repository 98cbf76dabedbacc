"""njudge's HISTORY options on the judge's history: FROM/TO dates, EXCLSTART/EXCLEND, BROAD and LINES.

njudge's ``data/history``: FROM and TO are real time (a date without a year is this year's, a FROM in the
future last year's: a history is of the past; a weekday is the last such day; a time of day defaults to
midnight; a TO before the FROM is ignored); EXCLSTART turn [EXCLEND turn] leaves out the phases from the
one to the other (to the end without EXCLEND), the whole history for a turn njudge would not read; BROAD adds each phase's broadcasts (grey ones without
their sender); LINES n cuts the mail at n lines (njudge's default, 1000, is not imposed here).
"""

from __future__ import annotations

import calendar
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from judge.reading.njudge_info import HistoryDate, turn_key
from judge.render import Rendered, render
from judge.store import Game, PhaseRecord


@dataclass(frozen=True)
class HistoryOptions:
    """Which played phases a HISTORY keeps, whether it shows their broadcasts, and at most how many lines."""

    since: datetime | None = None
    until: datetime | None = None
    exclude: tuple[Any, Any] | None = None
    broad: bool = False
    lines: int | None = None

    def keeps(self, record: PhaseRecord) -> bool:
        if self.since is not None and record.processed_at < self.since:
            return False
        if self.until is not None and record.processed_at > self.until:
            return False
        start, end = self.exclude or (None, None)
        key = turn_key(record.phase)
        if start is None or key is None:
            return True
        return key < start or (end is not None and key > end)


def history_options(game: Game, args: dict[str, Any], now: datetime) -> HistoryOptions:
    """HISTORY's njudge options from its arguments, its dates read on the game's clock as of ``now``."""
    zone = ZoneInfo(game.zone)
    today = now.astimezone(zone).date()
    since, until = (_moment(args.get(key), today, zone, key == "from_date") for key in ("from_date", "to_date"))
    if since is not None and until is not None and until < since:
        until = None   # njudge ignores an end before the start
    return HistoryOptions(since, until, args.get("exclude"), bool(args.get("broad")), args.get("lines"))


def _moment(written: HistoryDate | None, today: date, zone: ZoneInfo, back: bool) -> datetime | None:
    if written is None:
        return None
    day = _looking_back(written, today, back)
    return datetime.combine(day, time(written.hour, written.minute), zone).astimezone(UTC)


def _looking_back(written: HistoryDate, today: date, back: bool) -> date:
    """The date meant where the year (or month) is left out: this year's (month's), or for a FROM (``back``)
    after today, the year (month) before's."""
    meant = written.date
    if meant.weekday is not None:
        return today - timedelta(days=(today.weekday() - meant.weekday) % 7)
    if meant.year is not None:
        return date(meant.year, meant.month or 1, min(meant.day or 1, calendar.monthrange(meant.year,
                                                                                           meant.month or 1)[1]))
    if meant.month is not None:
        later = (meant.month, meant.day or 1) > (today.month, today.day)
        year = today.year - 1 if later and back else today.year
        return date(year, meant.month, min(meant.day or 1, calendar.monthrange(year, meant.month)[1]))
    month_back = today.replace(day=1) - timedelta(days=1)
    day = meant.day or 1
    if day <= today.day or not back:
        return today.replace(day=min(day, calendar.monthrange(today.year, today.month)[1]))
    return month_back.replace(day=min(day, month_back.day))


def broadcasts(record: PhaseRecord) -> list[dict[str, Any]]:
    """The broadcasts sent during a played phase, as its record keeps them (``from`` None for grey press)."""
    results = record.results if isinstance(record.results, dict) else {}
    kept = results.get("replay", {}).get("press", []) if isinstance(results.get("replay"), dict) else []
    return [p for p in kept if isinstance(p, dict) and isinstance(p.get("body"), str)]


def broadcast_text(record: PhaseRecord, board: Any) -> str:
    """BROAD: the phase's broadcasts after its results ("" for none)."""
    press = broadcasts(record)
    return render("_history_press.j2", press=press, board=board).body if press else ""


def capped(rendered: Rendered, lines: int | None) -> Rendered:
    """LINES n: the history's first n lines, and a line saying where and why it stops."""
    body = rendered.body.splitlines()
    if lines is None or len(body) <= lines:
        return rendered
    note = render("_history_press.j2", press=[], cut=lines, total=len(body)).body
    return Rendered(rendered.subject, "\n".join(body[:lines]) + "\n" + note, None)
