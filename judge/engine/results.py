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


class OrderResult:
    """One order and what became of it.  ``unit`` is the unit as it stood (or as written, if none).

    The unit and order may be given as values and are written out only when
    read, so adjudicating costs no string formatting nobody asks for.
    """

    __slots__ = ("power", "_unit", "_order", "result", "message")

    def __init__(self, power: str, unit: object, order: object, result: str, message: str = "") -> None:
        self.power, self._unit, self._order, self.result, self.message = power, unit, order, result, message

    @property
    def unit(self) -> str:
        return str(self._unit)

    @property
    def order(self) -> str:
        return str(self._order)

    @property
    def value(self) -> object:
        """The order as it was given: an engine order, a variant's input (Europe 1615's ``Deploy``...) or text."""
        return self._order

    @property
    def succeeded(self) -> bool:
        return self.result in _SUCCESS

    def __eq__(self, other: object) -> bool:
        return isinstance(other, OrderResult) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def _key(self) -> tuple[str, str, str, str, str]:
        return (self.power, self.unit, self.order, self.result, self.message)

    def __repr__(self) -> str:
        return (f"OrderResult(power={self.power!r}, unit={self.unit!r}, order={self.order!r}, "
                f"result={self.result!r}, message={self.message!r})")


class ImpliedHold:
    """The order a unit without orders obeys, written out only when asked."""

    __slots__ = ("unit",)

    def __init__(self, unit: object) -> None:
        self.unit = unit

    def __str__(self) -> str:
        return f"{self.unit} H"


class ImpliedDisband(ImpliedHold):
    """The disband a dislodged unit without a retreat order undergoes, written out only when asked."""

    __slots__ = ()

    def __str__(self) -> str:
        return f"{self.unit} D"


@dataclass(slots=True)
class PhaseOutcome:
    state: GameState
    results: list[OrderResult] = field(default_factory=list)
    dislodged: list[Dislodged] = field(default_factory=list)
