"""The position between two phases: where the units are, who owns what, what is pending.

A :class:`GameState` is everything the next phase needs and nothing more, so
that the archive can replay any phase from the state stored before it.
Variants keep their own data (influence, sanctions, dice seeds) in ``extra``,
which must stay JSON-serialisable.

>>> Phase.parse("F1901R")
Phase(season='F', year=1901, kind='R')
>>> str(Phase("W", 1901, "A"))
'W1901A'
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from judge.engine.orders import Unit

MOVEMENT, RETREAT, ADJUSTMENT = "M", "R", "A"

_PHASE_RE = re.compile(r"^([A-Z])(\d{1,5})([A-Z])$")


@dataclass(frozen=True, slots=True)
class Phase:
    """Season letter, year and kind: ``S1901M`` is Spring 1901 movement."""

    season: str
    year: int
    kind: str

    def __str__(self) -> str:
        return f"{self.season}{self.year}{self.kind}"

    @classmethod
    def parse(cls, text: str) -> Phase:
        match = _PHASE_RE.match(text.strip().upper())
        if not match:
            raise ValueError(f"not a phase: {text!r} (expected e.g. S1901M, F1901R, W1901A)")
        return cls(match.group(1), int(match.group(2)), match.group(3))


@dataclass(frozen=True, slots=True)
class Dislodged:
    """A unit dislodged in the last movement phase, waiting for its retreat order.

    ``attacker_from`` is the province the dislodging unit came from, or None when
    it came by convoy (the 2023 rule lets the loser retreat there).  ``retreats``
    are the legal places, with occupied and standoff provinces already left out.
    """

    power: str
    unit: Unit
    attacker_from: str | None
    retreats: tuple[str, ...] = ()


@dataclass(slots=True)
class GameState:
    phase: Phase
    units: dict[str, list[Unit]]
    centers: dict[str, set[str]] = field(default_factory=dict)
    dislodged: list[Dislodged] = field(default_factory=list)
    extra: dict[str, Any] = field(default_factory=dict)

    def owner_of_center(self, province: str) -> str | None:
        for power, owned in self.centers.items():
            if province in owned:
                return power
        return None

    def unit_count(self, power: str) -> int:
        return len(self.units.get(power, ()))

    def with_units(self, units: dict[str, list[Unit]]) -> GameState:
        """The same position with the units moved and nothing pending: the base of the next phase."""
        return GameState(self.phase, units, {p: set(cs) for p, cs in self.centers.items()}, [],
                         _deep_copy(self.extra))

    def copy(self) -> GameState:
        return GameState(
            phase=self.phase,
            units={p: list(us) for p, us in self.units.items()},
            centers={p: set(cs) for p, cs in self.centers.items()},
            dislodged=list(self.dislodged),
            extra=_deep_copy(self.extra),
        )


def _deep_copy(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _deep_copy(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_deep_copy(v) for v in value]
    return value
