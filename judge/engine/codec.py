"""The engine's values as JSON: a state, the dislodged units, a result.

One form for every place a position leaves memory: ``judge adjudicate``
reads and writes it, the store keeps a game's state in it, the commands and
the clock read it back.  Pure: names are checked against the variant's map,
and anything wrong is a :class:`CodecError` with one line of explanation.
"""

from __future__ import annotations

from typing import Any, cast

from judge.engine.orders import Unit
from judge.engine.results import OrderResult
from judge.engine.state import Dislodged, GameState, Phase
from judge.engine.variant import Variant

STATE_KEYS = ("phase", "units", "centers", "dislodged")


class CodecError(ValueError):
    """JSON that is not an engine value; the message is one line for the user."""


def state_from_json(variant: Variant, data: Any) -> GameState:
    """A state from its JSON form; centres default to the home centres, other keys go to ``extra``."""
    if not isinstance(data, dict):
        raise CodecError("state must be an object with phase and units")
    try:
        phase = Phase.parse(str(data.get("phase", "")))
    except ValueError as exc:
        raise CodecError(str(exc)) from None
    units = {power.upper(): [_unit(variant, u) for u in json_list(us, "units")]
             for power, us in json_object(data.get("units", {}), "units").items()}
    if "centers" in data:
        centers = {p.upper(): {_province(variant, c) for c in json_list(cs, "centers")}
                   for p, cs in json_object(data["centers"], "centers").items()}
    else:
        centers = {p: set(homes) for p, homes in variant.map.homes.items() if p in variant.map.powers}
    dislodged = [_dislodged(variant, power.upper(), d)
                 for power, ds in json_object(data.get("dislodged", {}), "dislodged").items()
                 for d in json_list(ds, "dislodged")]
    extra = {k: v for k, v in data.items() if k not in STATE_KEYS}
    return GameState(phase, units, centers, dislodged, extra)


def state_to_json(state: GameState) -> dict[str, Any]:
    """The JSON form :func:`state_from_json` reads back, the variant's ``extra`` at the top level."""
    data: dict[str, Any] = {
        "phase": str(state.phase),
        "units": {p: [str(u) for u in us] for p, us in state.units.items() if us},
        "centers": {p: sorted(cs) for p, cs in state.centers.items() if cs},
    }
    if state.dislodged:
        data["dislodged"] = dislodged_json(state.dislodged)
    data.update(state.extra)
    return data


def dislodged_json(dislodged: list[Dislodged]) -> dict[str, list[dict[str, Any]]]:
    """Dislodged units by power, each with its attacker's province and its retreats."""
    out: dict[str, list[dict[str, Any]]] = {}
    for d in dislodged:
        out.setdefault(d.power, []).append(
            {"unit": str(d.unit), "attacker_from": d.attacker_from, "retreats": list(d.retreats)})
    return out


def result_json(r: OrderResult) -> dict[str, Any]:
    """One order's result as ``judge adjudicate`` answers it."""
    return {"power": r.power, "unit": r.unit, "order": r.order, "succeeded": r.succeeded,
            "result": r.result, "message": r.message}


def json_object(value: Any, what: str) -> dict[str, Any]:
    """``value`` if it is an object keyed by power, else why not."""
    if not isinstance(value, dict):
        raise CodecError(f"{what} must be an object keyed by power")
    return value


def json_list(value: Any, what: str) -> list[Any]:
    """``value`` if it is a list, else why not."""
    if not isinstance(value, list):
        raise CodecError(f"{what} must be given as a list")
    return value


def _unit(variant: Variant, text: Any) -> Unit:
    """A unit on the variant's map; each spelling is read once per map (a board has few units to name)."""
    known = cast("dict[str, Unit]", variant.map.cache.setdefault("units_read", {}))
    found = known.get(text) if type(text) is str else None
    if found is None:
        found = _read_unit(variant, text)
        if type(text) is str and len(known) < 65536:
            known[text] = found
    return found


def _read_unit(variant: Variant, text: Any) -> Unit:
    try:
        unit = Unit.parse(str(text))
    except ValueError as exc:
        raise CodecError(str(exc)) from None
    if not variant.map.is_location(unit.location):
        raise CodecError(f"unknown location {unit.location!r} in unit {text!r}")
    return unit


def _province(variant: Variant, text: Any) -> str:
    name = str(text).upper()
    if name not in variant.map.provinces:
        raise CodecError(f"unknown province {text!r}")
    return name


def _dislodged(variant: Variant, power: str, data: Any) -> Dislodged:
    if not isinstance(data, dict) or "unit" not in data:
        raise CodecError("each dislodged entry needs a unit")
    attacker = data.get("attacker_from")
    retreats = tuple(str(r).upper() for r in json_list(data.get("retreats", []), "retreats"))
    for loc in retreats:
        if not variant.map.is_location(loc):
            raise CodecError(f"unknown retreat location {loc!r}")
    return Dislodged(power, _unit(variant, data["unit"]),
                     _province(variant, attacker) if attacker else None, retreats)
