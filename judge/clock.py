"""What time it is, for deadlines: the system clock, or a test clock a demo can move.

Every deadline decision goes through a :class:`Clock`, so tests and
``judge demo`` can play two game years in seconds by moving a file's date
forward, and nothing else in the judge reads the time.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Protocol


class Clock(Protocol):
    def now(self) -> datetime:
        """The current time, timezone-aware, in UTC."""
        ...


class SystemClock:
    def now(self) -> datetime:
        return datetime.now(UTC)


class PollClock:
    """One instant for a whole poll, read from ``clock`` once.

    The reply to a mail is written before the poll's tick plays the phases
    due; both computing deadlines from the same moment is what lets the reply
    show the deadline the tick then sets (judge.turns.ticks.deadline_view).
    """

    def __init__(self, clock: Clock) -> None:
        self.moment = clock.now()

    def now(self) -> datetime:
        return self.moment


class FileClock:
    """A clock whose time is an ISO timestamp kept in a file (created at ``start`` if missing, unless
    ``create`` is false: the judge's configured clock is only read, so a misspelt ``system`` is no new clock)."""

    def __init__(self, path: Path, start: datetime | None = None, *, create: bool = True) -> None:
        self.path = path
        if create and not path.exists():
            self.set(start or datetime.now(UTC))

    def now(self) -> datetime:
        moment = datetime.fromisoformat(self.path.read_text(encoding="utf-8").strip())
        return moment if moment.tzinfo else moment.replace(tzinfo=UTC)

    def set(self, moment: datetime) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.path.write_text(moment.astimezone(UTC).isoformat() + "\n", encoding="utf-8")

    def advance(self, delta: timedelta) -> datetime:
        moment = self.now() + delta
        self.set(moment)
        return moment
