"""A phase's order tables as the public may read them, kept in its history record for the website.

The results mail's HTML writes its tables (per power: orders and outcome;
dislodged units; centres) from a :class:`ResultsContext` with the macros of
``templates/site/_parts.html.j2``.  The website's phase page uses the same
macros, but ``judge publish`` has no context without playing every phase
again; so when a phase is played, :func:`public_tables` keeps the values of
those tables as an observer reads them (every secret line already left out:
``order_groups`` and ``dislodged_lines`` for ``OBSERVER``) in the history
record, as JSON, and :func:`tables_from_json` reads them back for the page.
A record written before has none: the page shows the results text instead.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass
from typing import Any

from judge.render.results import (
    CentersSection, CountLine, DislodgedLine, OrderLine, OwnerLine, ResultsContext, centers_section,
    dislodged_lines, order_groups,
)
from judge.render.secrecy import OBSERVER
from judge.render.words import OrderWords, Place, UnitWords

#: the layout of the kept values; a record of another version is not read (the page shows the text)
VERSION = 1


@dataclass(frozen=True, slots=True)
class PhaseTables:
    """What the order, dislodged and centre tables of ``_parts.html.j2`` show of one phase, to the public.

    ``kind`` is the played phase's kind (``M``, ``R``, ``A``), which the order
    table words a defaulted removal by.
    """

    kind: str
    groups: tuple[tuple[OrderLine, ...], ...]
    dislodged: tuple[DislodgedLine, ...]
    centers: CentersSection | None

    def __bool__(self) -> bool:
        return bool(self.groups or self.dislodged or self.centers)


def public_tables(ctx: ResultsContext) -> dict[str, Any]:
    """The phase's tables as an observer may read them, as JSON for its history record."""
    groups = [[_line_json(line) for line in group] for group in order_groups(ctx, OBSERVER)]
    return {"version": VERSION, "kind": ctx.phase.kind, "groups": groups,
            "dislodged": [_lean(asdict(d)) for d in dislodged_lines(ctx, OBSERVER)],
            "centers": asdict(centers_section(ctx)) if ctx.show_centers else None}


def _line_json(line: OrderLine) -> dict[str, Any]:
    """An order line without whom it is visible to (every kept line is the public's)."""
    found = asdict(line)
    found.pop("visible_to")
    return _lean(found)


def _lean(value: Any) -> Any:
    """Without the fields at their defaults (no coast, no text, not unordered): the record stays small."""
    if isinstance(value, dict):
        return {k: _lean(v) for k, v in value.items() if v not in (None, "", False, [], ())}
    if isinstance(value, (list, tuple)):
        return [_lean(v) for v in value]
    return value


def tables_from_json(data: Any) -> PhaseTables | None:
    """The tables kept by :func:`public_tables`, or None where the record has none (or not in this layout)."""
    if not isinstance(data, Mapping) or data.get("version") != VERSION:
        return None
    try:
        groups = tuple(tuple(_line(line) for line in group) for group in data["groups"])
        dislodged = tuple(_dislodged(d) for d in data["dislodged"])
        centers = None if data.get("centers") is None else _centers(data["centers"])
        return PhaseTables(str(data["kind"]), groups, dislodged, centers)
    except (AttributeError, KeyError, TypeError, ValueError):  # a record from elsewhere (an import) not in shape
        return None


def _place(data: Mapping[str, Any] | None) -> Place | None:
    return None if data is None else Place(str(data["name"]), str(data.get("coast", "")))


def _unit(data: Mapping[str, Any] | None) -> UnitWords | None:
    if data is None:
        return None
    return UnitWords(str(data["type"]), _place(data["place"]) or Place(""))


def _line(data: Mapping[str, Any]) -> OrderLine:
    order = data["order"]
    words = OrderWords(str(order["kind"]), _unit(order.get("unit")), _place(order.get("target")),
                       _unit(order.get("other")), str(order.get("text", "")))
    return OrderLine(str(data["power"]), words, str(data["result"]), None, bool(data.get("unordered")),
                     str(data.get("reason", "")))


def _dislodged(data: Mapping[str, Any]) -> DislodgedLine:
    unit = _unit(data["unit"])
    if unit is None:
        raise ValueError("a dislodged unit without its unit")
    return DislodgedLine(str(data["adjective"]), unit, tuple(p for p in map(_place, data.get("retreats", [])) if p),
                         bool(data.get("destroyed")), str(data.get("removal", "")))


def _centers(data: Mapping[str, Any]) -> CentersSection:
    owners = tuple(OwnerLine(str(o["name"]), tuple(map(str, o["centers"]))) for o in data["owners"])
    counts = tuple(CountLine(str(c["name"]), int(c["centers"]), int(c["units"]), int(c["adjustment"]),
                             int(c.get("unusable", 0))) for c in data["counts"])
    return CentersSection(owners, tuple(map(str, data["unowned"])), counts, int(data.get("width", 10)))
