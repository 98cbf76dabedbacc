"""What one phase produced: a line per order, the dislodged units, the next state."""

from __future__ import annotations

from dataclasses import dataclass, field

from judge.engine.state import Dislodged, GameState

# The outcome vocabulary shared by reports, the JSON interface and the tests.
OK = "ok"
BOUNCE = "bounce"
CUT = "cut"
DISLODGED = "dislodged"
VOID = "void"
NO_CONVOY = "no convoy"
DISRUPTED = "disrupted"
DISBAND = "disband"

_SUCCESS = frozenset({OK, DISBAND})


@dataclass(frozen=True, slots=True)
class OrderResult:
    """One order and what became of it.  ``unit`` is the unit as it stood (or as written, if none)."""

    power: str
    unit: str
    order: str
    result: str
    message: str = ""

    @property
    def succeeded(self) -> bool:
        return self.result in _SUCCESS


@dataclass(slots=True)
class PhaseOutcome:
    state: GameState
    results: list[OrderResult] = field(default_factory=list)
    dislodged: list[Dislodged] = field(default_factory=list)
