"""What a Europe 1615 player sends besides unit orders, as engine values.

They travel in the same orders mapping as the unit orders (power -> list), so
one mail carries a power's whole turn.  The engine's built-in phases skip
anything that is not an :class:`~judge.engine.orders.Order`; the Europe 1615
phase handlers pick these out.  Each ``str()`` is the line as the rules text
writes it, so results can quote it back.

>>> str(Deploy("WUR", 9)), str(Attack("LOR", "FRANCE")), str(Ballot((("Wallenstein", 5),)))
('9: WUR', 'LOR > FRANCE', '+5 = Wallenstein')
"""

from __future__ import annotations

from dataclasses import dataclass

from judge.engine.orders import Remove


@dataclass(frozen=True, slots=True)
class Deploy:
    """``9: WUR``: put INFs into a minor state (R-v3-09, R-v3-10)."""

    state: str
    amount: int

    def __str__(self) -> str:
        return f"{self.amount}: {self.state}"


@dataclass(frozen=True, slots=True)
class Attack:
    """``LOR > FRANCE``: a diplomatic attack on another power's INFs in a state (R-v3-36)."""

    state: str
    target: str

    def __str__(self) -> str:
        return f"{self.state} > {self.target}"


@dataclass(frozen=True, slots=True)
class Ballot:
    """A power's ballot: signed votes per modifier or motion name (R-v3-78).

    A motion is voted on under its own name, ``CANCEL <modifier>``.
    """

    votes: tuple[tuple[str, int], ...]

    def __str__(self) -> str:
        return "; ".join(f"{n:+d} = {name}" for name, n in self.votes)


@dataclass(frozen=True, slots=True)
class WaiveCapture:
    """``WAIVE LOR``: do not capture the province held at the build phase (R-v3-115)."""

    province: str

    def __str__(self) -> str:
        return f"WAIVE {self.province}"


@dataclass(frozen=True, slots=True)
class Motion:
    """``MOTION CANCEL Wallenstein``: a player's one motion to rescind a modifier (R-v3-84)."""

    modifier: str

    def __str__(self) -> str:
        return f"MOTION CANCEL {self.modifier}"


@dataclass(frozen=True, slots=True)
class Agree:
    """``AGREE``: the power agrees to stop the game and let the GM name the winner (R-v3-126)."""

    def __str__(self) -> str:
        return "AGREE"


@dataclass(frozen=True, slots=True)
class Permit:
    """``PERMIT SPAIN SWI``: France lets Spain through Switzerland under the Treaty of Lyon (R-v3-89)."""

    power: str
    province: str

    def __str__(self) -> str:
        return f"PERMIT {self.power} {self.province}"


@dataclass(frozen=True, slots=True)
class Bid:
    """``BID SPAIN 30 FRANCE 25 ...``: a player's sheet in the blind auction of the powers (R-v3-131)."""

    points: tuple[tuple[str, int], ...]

    def __str__(self) -> str:
        return "BID " + " ".join(f"{power} {n}" for power, n in self.points)


@dataclass(frozen=True, slots=True)
class MinorDisband(Remove):
    """``REMOVE A MEC`` in Early Winter: the aligned power picks a minor state's unit to go (R-v3-56).

    A removal to the engine; its own type so that the mail commands tell it
    from a power's own removal in Late Winter.
    """


VariantInput = Deploy | Attack | Ballot | WaiveCapture | Motion | Agree | Permit | Bid | MinorDisband

#: the name under which an edition's file lists the lines it takes (``inputs``)
INPUT_NAMES: dict[type, str] = {Deploy: "INF", Attack: "ATTACK", WaiveCapture: "WAIVE", Motion: "MOTION",
                                Permit: "PERMIT", Agree: "AGREE", Ballot: "BALLOT", Bid: "BID",
                                MinorDisband: "DISBAND"}
