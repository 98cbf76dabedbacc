"""Time limits on one piece of the judge's work, so that no mail or game can hold the others.

Every path a mail reaches is bounded by caps (``docs/security.md``); these
limits are the last guard, for a bug nobody has found yet.  :func:`time_limit`
arms the process's real-time timer around one mail or one game's tick; when it
runs out, :class:`Overrun` is raised in the middle of that work, and the poll
sets the mail aside or pauses the game and goes on with the rest.

The store's writes are :func:`shielded`: an overrun that falls inside one is
raised only when the write is complete, so a file is never left half done
(what a store write sequence cut between two writes leaves is what a crash
leaves, and the store recovers from that).

>>> import time
>>> try:
...     with time_limit(0.01, "a loop"):
...         while True:
...             time.sleep(0.001)
... except Overrun as exc:
...     print(exc)
a loop took longer than 0.01 s
"""

from __future__ import annotations

import signal
import threading
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from types import FrameType


class Overrun(BaseException):
    """The work in a :func:`time_limit` ran out of time.

    A ``BaseException``, like ``KeyboardInterrupt``: the handlers that keep a
    mail going line by line (``except Exception``) must not swallow it.
    """


_shield = 0
_pending: str | None = None


@contextmanager
def shielded() -> Iterator[None]:
    """Hold back an :class:`Overrun` until the block (a store write) is done."""
    global _shield, _pending
    _shield += 1
    try:
        yield
    finally:
        _shield -= 1
        if _shield == 0 and _pending is not None:
            why, _pending = _pending, None
            raise Overrun(why)


@contextmanager
def time_limit(seconds: float | None, what: str) -> Iterator[None]:
    """Raise :class:`Overrun` in the block once ``seconds`` of real time have passed (None or 0: no limit).

    Only the main thread can be interrupted; elsewhere the block runs unlimited.
    """
    if not seconds or seconds <= 0 or threading.current_thread() is not threading.main_thread():
        yield
        return
    why = f"{what} took longer than {seconds:g} s"

    def expired(signum: int, frame: FrameType | None) -> None:
        global _pending
        if _shield:
            _pending = why
        else:
            raise Overrun(why)

    previous = signal.signal(signal.SIGALRM, expired)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


@dataclass(frozen=True)
class GuessLimits:
    """How many wrong passwords the judge checks (``[limits]`` of judge.toml, docs/security.md).

    Each check costs scrypt's full price, and each is a guess: past ``per_mail`` wrong ones in one
    mail, ``per_address`` from one address or ``per_seat`` against one seat (from addresses other
    than the seat's own) in one poll, a sign-on is refused without being checked; past ``per_poll``
    wrong ones in all, the poll's other mails wait for the next poll.
    """

    per_mail: int = 3
    per_address: int = 10
    per_seat: int = 10
    per_poll: int = 300


@dataclass
class Guesses:
    """The wrong passwords of one poll: counted per address, per seat and in all, and the seats already told."""

    limits: GuessLimits = GuessLimits()
    by_address: Counter[str] = field(default_factory=Counter)
    by_seat: Counter[tuple[str, str]] = field(default_factory=Counter)
    wrong: int = 0
    checks: int = 0
    told: set[tuple[str, str]] = field(default_factory=set)

    def refusal(self, address: str, seat: tuple[str, str], own_address: bool, in_mail: int) -> str:
        """Why a sign-on is refused unchecked ("" to check it): ``in_mail`` wrong ones already in its mail."""
        limits = self.limits
        if in_mail >= limits.per_mail:
            return f"this mail already gave {limits.per_mail} wrong passwords: send this line in another mail"
        if self.by_address[address.lower()] >= limits.per_address:
            return "too many wrong passwords from this address in the last minutes: send this line again later"
        if not own_address and self.by_seat[seat] >= limits.per_seat:
            return "too many wrong passwords for this seat in the last minutes: send this line again later"
        return ""

    def failed(self, address: str, seat: tuple[str, str]) -> None:
        self.by_address[address.lower()] += 1
        self.by_seat[seat] += 1
        self.wrong += 1

    def full(self) -> bool:
        """The poll has checked as many wrong passwords as it may: the mails not yet read wait."""
        return self.wrong >= self.limits.per_poll


__all__ = ["GuessLimits", "Guesses", "Overrun", "shielded", "time_limit"]
