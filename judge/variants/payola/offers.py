"""An offer sheet's lines as small values (Payola rules 3.1–3.5 and 4.1): what a player may write.

An offer is amounts, a kind and a unit with one or more orders::

    4*3 + 2*4#2 + 1 > A LON - YOR | S F EDI - YOR

Its amounts expand into single *bribes*, each reduced on its own when its
payer overspends (rule 5.5): ``4*3`` is four bribes of 3, ``2*4#2`` two of 4
that stop at 2, ``1`` one of 1.

>>> amounts = (Amount(3, times=4), Amount(4, times=2, plateau=2), Amount(1))
>>> [(b.value, b.plateau) for b in expand(amounts)]
[(3, 0), (3, 0), (3, 0), (3, 0), (4, 2), (4, 2), (1, 0)]
>>> total(amounts)
21
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from judge.engine.orders import Hold, Order, Unit

DIRECT, NEGATIVE, MOVE, HOLD, GIFT = ":", "!", ">", "@", "&"
KINDS = {DIRECT: "direct", NEGATIVE: "negative", MOVE: "move", HOLD: "hold", GIFT: "gift"}
#: the one letter in an acceptance list that stands for every power left out (rule 4.1)
REST = "?"


@dataclass(frozen=True, slots=True)
class Amount:
    """``times * value # plateau``: ``times`` bribes of ``value``, none reduced below ``plateau`` first."""

    value: int
    times: int = 1
    plateau: int = 0
    #: the fraction the player wrote, where Classic 4.7 rounded it up to ``value`` ("" for a whole number)
    written: str = field(default="", compare=False, repr=False)

    def __str__(self) -> str:
        text = f"{self.times}*{self.value}" if self.times != 1 else str(self.value)
        return text + (f"#{self.plateau}" if self.plateau else "")


@dataclass(frozen=True, slots=True)
class Bribe:
    """One bribe after expansion: its full value and its plateau."""

    value: int
    plateau: int = 0


def expand(amounts: tuple[Amount, ...]) -> tuple[Bribe, ...]:
    """The single bribes an offer's amounts stand for, in the order written."""
    return tuple(Bribe(a.value, a.plateau) for a in amounts for _ in range(a.times))


def total(amounts: tuple[Amount, ...]) -> int:
    """The full sum an offer promises before any reduction."""
    return sum(a.value * a.times for a in amounts)


@dataclass(frozen=True, slots=True)
class Offer:
    """One line of an offer sheet: amounts, a kind (``: ! > @ &``), a unit and its orders (``|``)."""

    amounts: tuple[Amount, ...]
    kind: str
    unit: Unit
    orders: tuple[Order, ...]
    #: the offer read against the board when its line arrived (``prepared.ReadOffer``), or None
    read: Any = field(default=None, compare=False, repr=False)

    def __str__(self) -> str:
        head = " + ".join(str(a) for a in self.amounts)
        first = str(self.orders[0])
        rest = [str(o)[len(o.unit_text) + 1:] for o in self.orders[1:]]
        return f"{head} {self.kind} " + " | ".join([first, *rest])

    def candidates(self) -> tuple[Order, ...]:
        """The orders this offer puts before the unit (rule 5.1): a negative offer puts HOLD only."""
        if self.kind == NEGATIVE:
            return (Hold(self.unit.type, self.unit.location),)
        return self.orders


@dataclass(frozen=True, slots=True)
class Savings:
    """``5 $``: keep at least this much in the treasury after the phase's payments (rule 3.4)."""

    amount: int

    def __str__(self) -> str:
        return f"{self.amount} $"


@dataclass(frozen=True, slots=True)
class Accept:
    """``ACCEPT FGE?``: the power's acceptance list, as power names, ``?`` for those left out (rule 4.1)."""

    powers: tuple[str, ...]
    #: the letters as the player wrote them (``FGE?``), for the reply that shows the sheet
    letters: str = field(default="", compare=False, repr=False)

    def __str__(self) -> str:
        return f"ACCEPT {self.letters or ' '.join(self.powers)}"

    def expanded(self, everyone: tuple[str, ...], shuffled: list[str]) -> tuple[str, ...]:
        """The list with ``?`` replaced by the powers left out, in the order ``shuffled`` gives them."""
        if REST not in self.powers:
            return self.powers
        at = self.powers.index(REST)
        left = [p for p in shuffled if p not in self.powers and p in everyone]
        return (*self.powers[:at], *left, *self.powers[at + 1:])


@dataclass(frozen=True, slots=True)
class Transfer:
    """``PAY 10 TO FRANCE``: money from the sender's treasury into another power's (rule 2.3)."""

    amount: int
    to: str

    def __str__(self) -> str:
        return f"PAY {self.amount} TO {self.to}"


def default_accept(power: str) -> Accept:
    """Rule 4.2: the power's own currency first, then everyone else in a random order."""
    return Accept((power, REST))


SheetLine = Offer | Savings | Accept | Transfer
