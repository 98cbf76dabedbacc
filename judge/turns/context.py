"""What every command and every tick needs from the judge itself: its store, name, address, clock and zone.

Made once per poll by ``judge poll`` (judge/app/poll.py) and handed down to the
commands (judge/commands/) and to the clock (judge/turns/).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from judge.budget import Guesses
from judge.clock import Clock
from judge.store import Store, hash_password


@dataclass(frozen=True)
class Judge:
    """What every command needs from the judge itself."""

    store: Store
    name: str
    address: str
    clock: Clock
    zone: str = "UTC"
    password_cost: int = 12
    guesses: Guesses = field(default_factory=Guesses)   # the poll's wrong passwords (judge/budget.py)

    def now(self) -> datetime:
        return self.clock.now()

    def hash(self, password: str) -> str:
        """A stored hash of a new password, at the configured scrypt cost."""
        return hash_password(password, n=2 ** self.password_cost)
