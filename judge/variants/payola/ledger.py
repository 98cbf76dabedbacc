"""What order determination tells each power (rule 5.7, and why a bribed unit did something else).

Values only: the result mails (the next step) write them out; the movement
handler keeps them, as JSON, in the next state's ``extra["ledgers"]``.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

#: why a unit issued its order (the ledger's words)
BY_TOTAL = "highest total"
BY_LIST = "tie broken by the owner's acceptance list (5.2)"
BY_SEQUENCE = "tie broken by the order of the sheet (5.3)"
BY_FURTHER = "tie broken further down the acceptance list (5.4)"
BY_DUMMY = "tie at an unplayed power's unit: it holds (4.4)"
NO_OFFER = "no offer: it holds"


@dataclass(frozen=True, slots=True)
class UnitDecision:
    """The order a unit issues, the total it accepted and why (one of the ``BY_…`` words)."""

    owner: str
    unit: str
    order: str
    total: int
    reason: str


@dataclass(slots=True)
class Ledger:
    """One power's private account of a movement phase (rule 5.7)."""

    power: str
    balance_before: int
    savings: int = 0
    available: int = 0
    spent: int = 0
    balance_after: int = 0
    reductions: int = 0
    acceptance: list[str] = field(default_factory=list)
    #: its own units: (unit, order issued, total accepted)
    units: list[tuple[str, str, int]] = field(default_factory=list)
    #: its accepted offers: (offer as written, order issued, what it cost)
    accepted: list[tuple[str, str, int]] = field(default_factory=list)
    #: its offers to units that did something else: (offer, order issued, why)
    lost: list[tuple[str, str, str]] = field(default_factory=list)
    #: its offers set aside before determination: (offer, reason)
    refused: list[tuple[str, str]] = field(default_factory=list)
    #: 6.4 eBayola: what came back of its accepted offers: (offer, amount)
    rebates: list[tuple[str, int]] = field(default_factory=list)

    def as_json(self) -> dict[str, Any]:
        """The ledger as the state keeps it (lists of lists); ``rebates`` only in a game that has them."""
        return {k: [list(v) for v in value] if isinstance(value, list) and value and isinstance(value[0], tuple)
                else value for k, value in asdict(self).items() if k != "rebates" or value}
