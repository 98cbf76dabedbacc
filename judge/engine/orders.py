"""Orders as small immutable values, as a player wrote them (after name resolution).

An order names its unit by type (``None`` when the player left it out) and
location.  Matching it to the unit actually on the board, and deciding whether
it is legal, is the adjudicator's job, so a parsed order never depends on the
position.

>>> str(Move("F", "NTH", "PIC"))
'F NTH - PIC'
>>> str(Support("A", "BUR", "A", "PAR", "MAR"))
'A BUR S A PAR - MAR'
"""

from __future__ import annotations

from dataclasses import dataclass

ARMY = "A"
FLEET = "F"


@dataclass(frozen=True, slots=True)
class Unit:
    """A piece on the board: ``A`` or ``F`` at a location (coast included for fleets)."""

    type: str
    location: str

    def __str__(self) -> str:
        return f"{self.type} {self.location}"

    @classmethod
    def parse(cls, text: str) -> Unit:
        """``"F STP/SC"`` → ``Unit("F", "STP/SC")``; the engine's JSON shape."""
        kind, _, loc = text.strip().partition(" ")
        kind = kind.upper()
        if kind not in (ARMY, FLEET) or not loc.strip():
            raise ValueError(f"not a unit: {text!r} (expected 'A LOC' or 'F LOC')")
        return cls(kind, loc.strip().upper())


def _unit_text(unit_type: str | None, location: str) -> str:
    return f"{unit_type} {location}" if unit_type else location


@dataclass(frozen=True, slots=True)
class Order:
    """Base of every order: the unit it is given to."""

    unit_type: str | None
    location: str

    @property
    def unit_text(self) -> str:
        return _unit_text(self.unit_type, self.location)


@dataclass(frozen=True, slots=True)
class Hold(Order):
    def __str__(self) -> str:
        return f"{self.unit_text} H"


@dataclass(frozen=True, slots=True)
class Move(Order):
    target: str
    via_convoy: bool = False

    def __str__(self) -> str:
        return f"{self.unit_text} - {self.target}" + (" VIA CONVOY" if self.via_convoy else "")


@dataclass(frozen=True, slots=True)
class Support(Order):
    """Support to hold when ``destination`` is None, else support of a move."""

    supported_type: str | None
    supported: str
    destination: str | None = None

    def __str__(self) -> str:
        text = f"{self.unit_text} S {_unit_text(self.supported_type, self.supported)}"
        return text + (f" - {self.destination}" if self.destination else "")


@dataclass(frozen=True, slots=True)
class Convoy(Order):
    army: str
    destination: str

    def __str__(self) -> str:
        return f"{self.unit_text} C A {self.army} - {self.destination}"


@dataclass(frozen=True, slots=True)
class Retreat(Order):
    target: str

    def __str__(self) -> str:
        return f"{self.unit_text} R {self.target}"


@dataclass(frozen=True, slots=True)
class Disband(Order):
    """A dislodged unit's disband in a retreat phase."""

    def __str__(self) -> str:
        return f"{self.unit_text} D"


@dataclass(frozen=True, slots=True)
class Build(Order):
    def __str__(self) -> str:
        return f"BUILD {self.unit_text}"


@dataclass(frozen=True, slots=True)
class Remove(Order):
    def __str__(self) -> str:
        return f"REMOVE {self.unit_text}"


@dataclass(frozen=True, slots=True)
class Waive:
    """Decline one build."""

    def __str__(self) -> str:
        return "WAIVE"


AnyOrder = Order | Waive

MOVEMENT_ORDERS = (Hold, Move, Support, Convoy)
RETREAT_ORDERS = (Retreat, Disband)
ADJUSTMENT_ORDERS = (Build, Remove, Waive)
