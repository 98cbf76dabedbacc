"""Europe 1615 result mails as the 2013-08 text prints them: the adjudication sheet and the percentages.

The text's Spring 1615 example ends with an "adjudication sheet": each
power's submitted orders, in its own short notation, each followed by its
outcome (``GUY-BIS STANDOFF``, ``PAR-CHA RESOLVED``, ``DEN-MEC FAILED (MEC
NEUTRAL)``, ``DUT S NWY-NTH FAILED [F(DUT) DISLODGED]``), and a status sheet
with each power's share of the INFs in each state, not the INFs themselves
(R-1308-25).  This module builds both, with their secrets: the orders to
the Ottoman units are printed under the Empire's name, never the sender's
(R-1308-32); an order the Ottomans did not obey, a power's INFs and the
Ottoman attacks are only their senders' (and their target's) to read
(R-1308-33, R-1308-56).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from judge.engine.geography import Map
from judge.engine.orders import Convoy, Hold, Move, Order, Support
from judge.engine.results import BOUNCE, DISLODGED, OK, VOID, OrderResult
from judge.engine.state import GameState
from judge.render.secrecy import Secret
from judge.render.words import owner_name, power_name
from judge.variants.europe1615.world import Setup

SEASONS = {"S": "SPRING", "U": "SUMMER", "F": "FALL", "W": "WINTER"}
_RELIGION = {"CATHOLIC": "Catholic-controlled", "PROTESTANT": "Protestant-controlled", "ISLAMIC": "Islamic"}


@dataclass(frozen=True, slots=True)
class ShareRow:
    """One state on the status sheet: statuses, and each power's share (or INFs, where attacked)."""

    state: str
    political: str
    religion: str
    shares: str


@dataclass(frozen=True, slots=True)
class SessionRow:
    """A power's VPs at one Scoring phase (Tables 3, 1 and 2) and over all sessions so far (R-1308-62)."""

    power: str
    capture: int
    aligned: int
    controlled: int
    session: int
    total: int


def percent(part: int, total: int) -> int:
    """A share in whole percent, half up: 10 of 19 is 53%, 25 of 38 is 66%."""
    return (200 * part + total) // (2 * total) if total else 0


class AdjudicationSheet:
    """The orders of one movement phase, per sender, as the text's adjudication sheet writes them."""

    def __init__(self, board: Map, setup: Setup, before: GameState, after: GameState,
                 results: Sequence[OrderResult]) -> None:
        self.board, self.setup, self.before, self.after = board, setup, before, after
        self.owner_at = {board.province_of(u.location): (owner, u) for owner, us in before.units.items() for u in us}
        self.obeyed = {board.province_of(r.unit.split()[-1]): r for r in results
                       if isinstance(r.value, Order) and r.power == self._owner(r.unit)}
        self.ignored = {(r.power, r.order) for r in results if r.result == VOID and "may not order" in r.message}

    def title(self) -> str:
        return f"{SEASONS[self.before.phase.season]} {self.before.phase.year} ADJUDICATION"

    def groups(self, orders: Mapping[str, Sequence[Any]]) -> list[dict[str, Any]]:
        """Each power's orders under its name, in the order sent; the Ottomans' under theirs.

        A group is ``{"heading": …, "lines": […]}``, plain data, so that the
        secret lines in it are left out for each reader (``reveal_all``).
        """
        by_heading: dict[str, list[Any]] = {}
        for power in sorted(p for p in orders if p in self.board.powers):
            for order in orders[power]:
                if isinstance(order, Order):
                    heading, line = self._line(power, order)
                    by_heading.setdefault(heading, []).append(line)
        ottoman = by_heading.pop(self._ottoman_heading(), None)
        groups = [{"heading": h, "lines": lines} for h, lines in by_heading.items()]
        return groups + ([{"heading": self._ottoman_heading(), "lines": ottoman}] if ottoman else [])

    def _owner(self, unit: str) -> str | None:
        found = self.owner_at.get(self.board.province_of_or_none(unit.split()[-1]) or "")
        return found[0] if found else None

    def _ottoman_heading(self) -> str:
        return owner_name(self.board, self.setup.ottoman).upper()

    def _line(self, power: str, order: Order) -> tuple[str, Any]:
        province = self.board.province_of_or_none(order.location) or order.location
        owner = self.owner_at.get(province, ("", None))[0]
        text = self.order_text(order)
        secret_ottoman = owner == self.setup.ottoman and self.setup.edition.secret_ottoman
        if (power, str(order)) in self.ignored or province not in self.obeyed:
            line = f"{text} IGNORED ({self._status_words(owner)})" if owner else f"{text} FAILED (NO UNIT)"
            return power_name(power).upper(), Secret(line, frozenset({power})) if secret_ottoman else line
        line = f"{text} {self.outcome(self.obeyed[province])}"
        return (self._ottoman_heading() if secret_ottoman else power_name(power).upper()), line

    def _status_words(self, minor: str) -> str:
        if minor == self.setup.ottoman and self.setup.edition.secret_ottoman:
            return "NOT ALIGNED TO YOU"
        entry = self.after.extra.get("status", {}).get(minor, {})
        status = str(entry.get("political", "")).upper()
        if status == "ALIGNED":
            return f"{minor} ALIGNED TO {power_name(str(entry.get('power'))).upper()}"
        return f"{minor} {status}".strip()

    def label(self, location: str) -> str:
        """A unit's place as the text writes it: a minor state's army at home by its state (``POL``)."""
        province = self.board.province_of_or_none(location) or location
        owner = self.owner_at.get(province, ("", None))[0]
        homes = self.setup.minors.get(owner, ())
        if owner and owner != self.setup.ottoman and province in homes and province != owner and len(homes) > 1:
            return owner
        return location

    def order_text(self, order: Order) -> str:
        """``GUY-BIS``, ``NOR S PAR-CHA``, ``WUR S BAV HOLD``, ``POL HOLD``, ``X C Y-Z``."""
        unit = self.label(order.location)
        if isinstance(order, Move):
            return f"{unit}-{order.target}"
        if isinstance(order, Support):
            return f"{unit} S {order.supported}-{order.destination}" if order.destination else \
                f"{unit} S {order.supported} HOLD"
        if isinstance(order, Convoy):
            return f"{unit} C {order.army}-{order.destination}"
        if isinstance(order, Hold):
            return f"{unit} HOLD"
        return f"{unit} {order}"

    def outcome(self, result: OrderResult) -> str:
        """RESOLVED, STANDOFF (two moves bounced off each other), FAILED with the text's reasons."""
        if result.result == OK:
            return "RESOLVED"
        if result.result == DISLODGED:
            unit = result.unit.split()
            return f"FAILED [{unit[0]}({self.board.province_of(unit[-1])}) DISLODGED]"
        if result.result == VOID and "may not be entered" in result.message:
            into = result.message.split(" may not be entered")[0].split()[-1]
            minor = next((m for m, ps in self.setup.minors.items() if into in ps), into)
            return f"FAILED ({self._status_words(minor)})"
        if result.result == BOUNCE and isinstance(result.value, Move) and self._standoff(result.value):
            return "STANDOFF"
        return "FAILED"

    def _standoff(self, move: Move) -> bool:
        target = self.board.province_of(move.target)
        bounced = [r for r in self.obeyed.values() if r.result == BOUNCE and isinstance(r.value, Move)
                   and self.board.province_of(r.value.target) == target]
        return len(bounced) > 1


def share_rows(board: Map, setup: Setup, after: GameState, attacked: set[str]) -> list[Any]:
    """R-1308-25, R-1308-60: each state's statuses and each power's share (INFs only where attacked).

    The Ottoman row says only whether the Empire is aligned; the aligned
    power alone (and the GM) reads that it is aligned to it (R-1308-32).
    """
    rows: list[Any] = []
    for minor, entry in sorted(after.extra.get("status", {}).items(), key=lambda m: owner_name(board, m[0])):
        present = {p: int(n) for p, n in after.extra.get("influence", {}).get(minor, {}).items() if int(n) > 0}
        name = f"{owner_name(board, minor)} ({minor})"
        religion = _RELIGION.get(str(entry.get("religion")), "religiously neutral")
        status, power = str(entry.get("political", "")), entry.get("power")
        if minor == setup.ottoman and setup.edition.secret_ottoman:
            rows.append(ShareRow(name, "ALIGNED (to a power kept secret)" if status == "ALIGNED" else status,
                                 religion, "shares kept secret"))
            if status == "ALIGNED" and power:
                mine = percent(present.get(power, 0), sum(present.values()))
                rows.append(Secret(ShareRow("", f"aligned to you, {power_name(power)}", "", f"your share {mine}%"),
                                   frozenset({power})))
            continue
        words = f"ALIGNED to {power_name(power)}" if status == "ALIGNED" and power else status
        if status == "CAPTURED" and power:
            words = f"CAPTURED by {owner_name(board, power)}"
        rows.append(ShareRow(name, words, religion, _shares(present, minor in attacked)))
    return rows


def _shares(present: Mapping[str, int], numbers: bool) -> str:
    total = sum(present.values())
    if not total:
        return "no INFs"
    ranked = sorted(present.items(), key=lambda item: (-item[1], item[0]))
    if numbers:
        return ", ".join(f"{power_name(p)} {n} INFs" for p, n in ranked)
    return ", ".join(f"{power_name(p)} {percent(n, total)}%" for p, n in ranked)
