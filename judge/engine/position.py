"""Positions no game can reach: what ``judge adjudicate`` refuses before the engine sees a request.

Every variant plays on one rule of the board: one unit a province, an army
on land or a coast, a fleet at sea or on a coast (on one of its coasts where
the province has several), no unit off the board, and each supply centre
owned by one power at most.  A request that breaks one is refused with the
field that does (issue 23); the map file's starting units meet the same
rules when the map is read (``mapfile._check_units``).

>>> from judge.variants import load_variant
>>> from judge.engine.orders import Unit
>>> from judge.engine.state import GameState, Phase
>>> board = load_variant("standard").map
>>> state = GameState(Phase.parse("S1901M"), {"RUSSIA": [Unit("F", "STP")], "FRANCE": [Unit("F", "PAR")]})
>>> position_problem(board, state)
('units.RUSSIA[0]', 'a fleet in STP needs a coast (NC, SC)')
"""

from __future__ import annotations

from typing import cast

from judge.engine.geography import Map, Terrain
from judge.engine.orders import Unit
from judge.engine.state import GameState


def position_problem(board: Map, state: GameState) -> tuple[str, str] | None:
    """The first field of the position no game can reach and why (``("units.ITALY[1]", "two units in ROM ...")``),
    or None."""
    held: dict[str, tuple[Unit, str]] = {}
    province_of = board.province_of
    for power, units in state.units.items():
        for i, unit in enumerate(units):
            province = province_of(unit.location)
            if province in held or unit_problem(board, unit):
                return _unit_field(board, f"units.{power}[{i}]", unit, held.get(province))
            held[province] = (unit, power)
    for power, dislodged in _dislodged_by_power(state).items():
        for i, unit in enumerate(dislodged):
            why = unit_problem(board, unit)
            if why:
                return f"dislodged.{power}[{i}].unit", why
    return _centre_problem(state)


def _unit_field(board: Map, where: str, unit: Unit, there: tuple[Unit, str] | None) -> tuple[str, str]:
    """Why the unit at ``where`` cannot stand; worded only then (every request's units are checked)."""
    why = unit_problem(board, unit)
    if not why and there is not None:
        why = f"two units in {board.province_of(unit.location)} ({there[0]} of {there[1]} too)"
    return where, why


def unit_problem(board: Map, unit: Unit) -> str:
    """Why ``unit`` cannot stand where it is ("" if it can): the terrain, the coasts, the edge of the board.

    Asked for every unit of every request: each unit is judged once per map.
    """
    known = cast("dict[tuple[str, str], str]", board.cache.setdefault("unit_problems", {}))
    key = (unit.type, unit.location)  # a tuple hashes without a call into the dataclass
    why = known.get(key)
    if why is None:
        why = known[key] = _unit_problem(board, unit)
    return why


def _unit_problem(board: Map, unit: Unit) -> str:
    province = board.province_of(unit.location)
    prov = board.provinces[province]
    if province in board.offboard:
        return f"no unit can stand off the board in {province}"
    if unit.type == "A" and prov.terrain is Terrain.SEA:
        return f"an army cannot stand at sea in {province}"
    if unit.type == "A" and "/" in unit.location:
        return f"an army stands in {province}, not on one of its coasts"
    if unit.type == "F" and prov.terrain is Terrain.LAND:
        return f"a fleet cannot stand inland in {province}"
    if unit.type == "F" and prov.coasts and "/" not in unit.location:
        return f"a fleet in {province} needs a coast ({', '.join(prov.coasts)})"
    return ""


def _dislodged_by_power(state: GameState) -> dict[str, list[Unit]]:
    found: dict[str, list[Unit]] = {}
    for d in state.dislodged:
        found.setdefault(d.power, []).append(d.unit)
    return found


def _centre_problem(state: GameState) -> tuple[str, str] | None:
    """A supply centre two powers own."""
    owned = [centre for centres in state.centers.values() for centre in centres]
    if len(owned) == len(set(owned)):
        return None
    owner: dict[str, str] = {}
    for power, centres in state.centers.items():
        for centre in sorted(centres):
            if centre in owner:
                return f"centers.{power}", f"{centre} is owned by {owner[centre]} too"
            owner[centre] = power
    return None
