"""The engine behind JSON: what ``judge adjudicate`` reads and writes.

A request names a variant, a state and each power's order lines; the response
gives per-order results, the dislodged units with their retreats, and the next
state in the request's own shape, so it can be fed straight back in.
Everything wrong with a request becomes a :class:`RequestError` with one line
of explanation; a bad order line is only a ``void`` result for that line.
"""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

from judge.engine import GameState, OrderResult, Phase, PhaseError, Unit, adjudicate
from judge.engine.orders import AnyOrder
from judge.engine.results import VOID
from judge.engine.schema import ListOf, MapOf, Maybe, Record, SchemaError, Str
from judge.engine.state import Dislodged
from judge.engine.variant import Variant
from judge.reading.orders import PHASE_NAMES, OrderError, parse_order
from judge.variants import UnknownVariant, line_reader, load_variant

_STATE_KEYS = ("phase", "units", "centers", "dislodged")


class RequestError(ValueError):
    """A request the engine cannot act on; the message is one line for the user."""


def handle_request(request: Any, default_variant: str = "standard") -> dict[str, Any]:
    """Adjudicate one request; ``default_variant`` is for a request that names none (``--variant``)."""
    if not isinstance(request, dict):
        raise RequestError("a request must be a JSON object with variant, state and orders")
    name = request.get("variant") or default_variant
    if not isinstance(name, str):
        raise RequestError(f"variant: expected a variant's name, got {json.dumps(name)[:40]}")
    try:
        variant = load_variant(name)
    except UnknownVariant as exc:
        raise RequestError(str(exc)) from None
    try:
        request_schema(variant).check(request, "request")
    except SchemaError as exc:
        raise RequestError(str(exc)) from None
    state = state_from_json(variant, request.get("state"))
    orders, unread = _orders_from_json(variant, state, request.get("orders", {}))
    try:
        outcome = adjudicate(variant, state, orders)
    except PhaseError as exc:
        raise RequestError(str(exc)) from None
    return {
        "results": [_result_json(r) for r in outcome.results + unread],
        "dislodged": _dislodged_json(outcome.dislodged),
        "state": state_to_json(outcome.state),
    }


def request_schema(variant: Variant) -> Record:
    """Every field a request may have, the variant's own state fields included (``Ruleset.state_fields``).

    Names of units and places are only checked as strings here; the map
    reads them in :func:`state_from_json`.  Made once per variant.
    """
    return _request_schema(variant.name, variant.overrides)


@lru_cache(maxsize=64)
def _request_schema(name: str, overrides: Any) -> Record:
    variant = load_variant(name, overrides)
    owners = frozenset(variant.ruleset.owners())
    owner = Str(choices=lambda: owners, what="a power of the variant", any_case=True)
    text = Str(what="a string")
    dislodged = Record({"unit": text}, {"attacker_from": Maybe(text), "retreats": ListOf(text, 100)})
    state = Record({"phase": Str(pattern=r"\s*[A-Za-z][0-9]{1,4}[A-Za-z]\s*", what="a phase like S1901M")},
                   {"units": MapOf(owner, ListOf(text, 1000)), "centers": MapOf(owner, ListOf(text, 1000)),
                    "dislodged": MapOf(owner, ListOf(dislodged, 1000)), **variant.ruleset.state_fields()})
    orders = MapOf(owner, ListOf(Str(what="an order line", longest=1000), 1000))
    return Record({"state": state}, {"variant": text, "orders": orders})


def state_from_json(variant: Variant, data: Any) -> GameState:
    if not isinstance(data, dict):
        raise RequestError("state must be an object with phase and units")
    try:
        phase = Phase.parse(str(data.get("phase", "")))
    except ValueError as exc:
        raise RequestError(str(exc)) from None
    units = {power.upper(): [_unit(variant, u) for u in _list(us, "units")]
             for power, us in _dict(data.get("units", {}), "units").items()}
    if "centers" in data:
        centers = {p.upper(): {_province(variant, c) for c in _list(cs, "centers")}
                   for p, cs in _dict(data["centers"], "centers").items()}
    else:
        centers = {p: set(homes) for p, homes in variant.map.homes.items() if p in variant.map.powers}
    dislodged = [_dislodged(variant, power.upper(), d)
                 for power, ds in _dict(data.get("dislodged", {}), "dislodged").items() for d in _list(ds, "dislodged")]
    extra = {k: v for k, v in data.items() if k not in _STATE_KEYS}
    return GameState(phase, units, centers, dislodged, extra)


def state_to_json(state: GameState) -> dict[str, Any]:
    data: dict[str, Any] = {
        "phase": str(state.phase),
        "units": {p: [str(u) for u in us] for p, us in state.units.items() if us},
        "centers": {p: sorted(cs) for p, cs in state.centers.items() if cs},
    }
    if state.dislodged:
        data["dislodged"] = _dislodged_json(state.dislodged)
    data.update(state.extra)
    return data


def read_line(variant: Variant, state: GameState | None, text: str) -> Any:
    """One order line as an engine value: the variant's own lines first, then the order grammar.

    The one reader of order lines for ``judge adjudicate``, the mail commands
    and the stored orders of a game, so all three read a line alike.  Returns
    None for a line that stands but carries nothing (a ballot's header);
    raises :class:`OrderError` for a line that cannot be read.
    """
    reader = line_reader(variant.name, variant.overrides)
    if reader is not None:
        value = reader.read(text, state)
        if value is not reader.NOT_MINE:
            return value
        text = reader.normalise(text, state)
    kind = state.phase.kind if state is not None else "M"
    if kind not in PHASE_NAMES:
        raise OrderError(f"{state.phase if state else kind} takes no unit orders", 1)
    return parse_order(text, variant.map, kind)


def finish_lines(variant: Variant, values: list[Any]) -> list[Any]:
    """A power's values once all its lines are read (the variant's reader puts ballot lines together)."""
    reader = line_reader(variant.name, variant.overrides)
    return reader.finish(values) if reader is not None else values


def _orders_from_json(variant: Variant, state: GameState,
                      data: Any) -> tuple[dict[str, list[Any]], list[OrderResult]]:
    """Each power's lines as engine values (:func:`read_line`); unreadable lines are void results."""
    orders: dict[str, list[Any]] = {}
    unread: list[OrderResult] = []
    kind = state.phase.kind
    for power, lines in _dict(data, "orders").items():
        power = power.upper()
        parsed = orders.setdefault(power, [])
        for line in _list(lines, "orders"):
            try:
                value = read_line(variant, state, str(line))
                parsed += [value] if value is not None else []
            except OrderError as exc:
                order = _as_movement_order(variant, str(line), kind)
                if order is not None:  # the engine voids it against the right unit
                    parsed.append(order)
                else:
                    unread.append(OrderResult(power, "", str(line), VOID, str(exc)))
        orders[power] = finish_lines(variant, parsed)
    return orders, unread


def _as_movement_order(variant: Variant, line: str, kind: str) -> AnyOrder | None:
    """A support or convoy sent in a retreat or build phase still names its unit."""
    if kind == "M":
        return None
    try:
        return parse_order(line, variant.map, "M")
    except OrderError:
        return None


def _unit(variant: Variant, text: Any) -> Unit:
    try:
        unit = Unit.parse(str(text))
    except ValueError as exc:
        raise RequestError(str(exc)) from None
    if not variant.map.is_location(unit.location):
        raise RequestError(f"unknown location {unit.location!r} in unit {text!r}")
    return unit


def _province(variant: Variant, text: Any) -> str:
    name = str(text).upper()
    if name not in variant.map.provinces:
        raise RequestError(f"unknown province {text!r}")
    return name


def _dislodged(variant: Variant, power: str, data: Any) -> Dislodged:
    if not isinstance(data, dict) or "unit" not in data:
        raise RequestError("each dislodged entry needs a unit")
    attacker = data.get("attacker_from")
    retreats = tuple(str(r).upper() for r in _list(data.get("retreats", []), "retreats"))
    for loc in retreats:
        if not variant.map.is_location(loc):
            raise RequestError(f"unknown retreat location {loc!r}")
    return Dislodged(power, _unit(variant, data["unit"]),
                     _province(variant, attacker) if attacker else None, retreats)


def _dislodged_json(dislodged: list[Dislodged]) -> dict[str, list[dict[str, Any]]]:
    out: dict[str, list[dict[str, Any]]] = {}
    for d in dislodged:
        out.setdefault(d.power, []).append(
            {"unit": str(d.unit), "attacker_from": d.attacker_from, "retreats": list(d.retreats)})
    return out


def _result_json(r: OrderResult) -> dict[str, Any]:
    return {"power": r.power, "unit": r.unit, "order": r.order, "succeeded": r.succeeded,
            "result": r.result, "message": r.message}


def _dict(value: Any, what: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise RequestError(f"{what} must be an object keyed by power")
    return value


def _list(value: Any, what: str) -> list[Any]:
    if not isinstance(value, list):
        raise RequestError(f"{what} must be given as a list")
    return value
