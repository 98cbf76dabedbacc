"""The adjustment phase: builds, removals, waives, and removal in civil disorder.

Orders are executed one by one, top to bottom, skipping those that cannot be
(DATC 4.D.4–4.D.6).  Missing removals follow the game's ``civil_disorder``
reading (``judge/engine/readings.py``, DATC 4.D.8): by the 2023 rule the units
farthest from an owned supply centre go first, counting steps over land and
sea alike; by the 2000 rulebook (as DATC v2 and the older judges read it) the
units farthest from the power's home centres, a fleet counting its own moves
and an army steps over land and sea (or, ``2000_any_route``, every unit steps
over land and sea, as the Droidippy server counted).  Either way fleets go
before armies at equal distance, then by province name.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence

from judge.engine.geography import Map, Terrain
from judge.engine.orders import ARMY, FLEET, AnyOrder, Build, Remove, Unit, Waive
from judge.engine.readings import Readings
from judge.engine.results import DISBAND, OK, VOID, OrderResult, PhaseOutcome
from judge.engine.state import GameState
from judge.engine.variant import Variant


def adjudicate_adjustments(variant: Variant, state: GameState,
                           orders: Mapping[str, Sequence[AnyOrder]]) -> PhaseOutcome:
    new_state = state.copy()
    results: list[OrderResult] = []
    powers = sorted(set(state.units) | set(state.centers) | set(orders))
    for power in powers:
        owed = variant.ruleset.adjustment_count(state, power)
        given = orders.get(power, ())
        if owed > 0:
            results += _builds(variant, new_state, power, owed, given)
        elif owed < 0:
            results += _removals(variant, new_state, power, -owed, given)
        else:
            results += [OrderResult(power, _unit_text(o), str(o), VOID, "no adjustment is due") for o in given]
    return PhaseOutcome(new_state, results)


def _unit_text(order: AnyOrder) -> str:
    return "" if isinstance(order, Waive) else order.unit_text


def _builds(variant: Variant, state: GameState, power: str, owed: int,
            given: Sequence[AnyOrder]) -> list[OrderResult]:
    results, left = [], owed
    sites = variant.ruleset.build_sites(state, power)
    for order in given:
        problem = "no builds are left" if left == 0 else ""
        if not problem and isinstance(order, Build):
            unit, problem = check_build(variant, state, power, order, sites)
            if not problem:
                state.units.setdefault(power, []).append(unit)
                results.append(OrderResult(power, str(unit), order, OK, "built"))
                left -= 1
                continue
        elif not problem and isinstance(order, Waive):
            results.append(OrderResult(power, "", str(order), OK, "build waived"))
            left -= 1
            continue
        elif not problem:
            problem = f"{power} must build or waive" if isinstance(order, Remove) else "not an adjustment order"
        results.append(OrderResult(power, _unit_text(order), str(order), VOID, problem))
    return results


def check_build(variant: Variant, state: GameState, power: str, order: Build, sites: Sequence[str],
                name: Callable[[str], str] = str) -> tuple[Unit, str]:
    """The unit a build would place, and why it cannot be built ("" if it can).

    The phase's own test of each build, for the mail commands to ask when
    the order arrives: a site of ``sites`` (else the ruleset's ``build_refusal``
    says why, if it knows), free, the right terrain and coast, and the
    ruleset's ``may_build``.  ``name`` writes a province in the
    reason (the results keep the abbreviation; a reply to a player, the name).
    """
    def not_a_site(province: str) -> str:
        why = variant.ruleset.build_refusal(state, power, province) or "is not an owned home centre of yours"
        return f"{name(province)} {why}"

    unit, problem = _build_unit(variant.map, state, sites, order, name, not_a_site)
    if not problem and not variant.ruleset.may_build(state, power, unit):
        problem = f"{'a fleet' if unit.type == FLEET else 'an army'} may not be built in {name(unit.location)}"
    return unit, problem


def _build_unit(board: Map, state: GameState, sites: Sequence[str], order: Build,
                name: Callable[[str], str], not_a_site: Callable[[str], str]) -> tuple[Unit, str]:
    loc = order.location
    if not board.is_location(loc):
        return Unit("A", loc), f"unknown province {loc}"
    province = board.province_of(loc)
    prov = board.provinces[province]
    kind = order.unit_type
    if kind is None:  # DATC 4.C.3: an army inland, a fleet where a coast is named
        kind = ARMY if prov.terrain is Terrain.LAND else FLEET if "/" in loc else None
        if kind is None:
            return Unit("A", loc), "say whether to build an army or a fleet"
    if province not in sites:
        return Unit(kind, loc), not_a_site(province)
    if any(board.province_of(u.location) == province for us in state.units.values() for u in us):
        return Unit(kind, loc), f"{name(province)} is occupied"
    if kind == ARMY:
        return Unit(ARMY, province), ""
    if prov.terrain is not Terrain.COAST:
        return Unit(FLEET, loc), f"a fleet cannot be built in {name(province)}"
    if prov.coasts and "/" not in loc:
        return Unit(FLEET, loc), f"name the coast of {name(province)} for a fleet ({', '.join(prov.coasts)})"
    return Unit(FLEET, loc), ""


def _removals(variant: Variant, state: GameState, power: str, owed: int,
              given: Sequence[AnyOrder]) -> list[OrderResult]:
    board = variant.map
    results, left = [], owed
    units = state.units.setdefault(power, [])
    for order in given:
        problem = "no removals are left" if left == 0 else ""
        if not problem and isinstance(order, Remove):
            unit = _own_unit(board, units, order.location)
            if unit is not None:
                units.remove(unit)
                results.append(OrderResult(power, str(unit), order, OK, "removed"))
                left -= 1
                continue
            problem = f"{power} has no unit in {order.location}"
        elif not problem:
            problem = f"{power} must remove units" if isinstance(order, (Build, Waive)) else "not an adjustment order"
        results.append(OrderResult(power, _unit_text(order), str(order), VOID, problem))
    for unit in civil_disorder_removals(board, variant.ruleset.readings, state, power, left):
        units.remove(unit)
        results.append(OrderResult(power, str(unit), Remove(unit.type, unit.location), DISBAND,
                                   "removed by the civil disorder rule"))
    return results


def _own_unit(board: Map, units: list[Unit], location: str) -> Unit | None:
    if not board.is_location(location):
        return None
    province = board.province_of(location)
    return next((u for u in units if board.province_of(u.location) == province), None)


def civil_disorder_removals(board: Map, readings: Readings, state: GameState, power: str, count: int,
                            owned: Collection[str] | None = None) -> list[Unit]:
    """The ``count`` units the game's civil-disorder rule (its ruleset's ``readings``) removes.

    For a ``power`` that did not say which units to remove.

    ``owned`` are the centres the 2023 rule measures from, when they are not
    the power's own in ``state`` (Europe 1615's minor states hold centres the
    state does not list as theirs); the 2000 rule measures from the map's home
    centres of the power, a fleet by its own moves (``2000``) or every unit
    over land and sea (``2000_any_route``).
    """
    if count <= 0:
        return []
    if readings.civil_disorder != "2023":  # 2000 (DATC v2: fleets by sea) or 2000_any_route (Droidippy)
        homes = set(board.homes.get(power, ()))
        armies = _distances(board, homes)
        fleets = _fleet_distances(board, homes) if readings.civil_disorder == "2000" else {}
    else:
        armies = fleets = _distances(board, set(state.centers.get(power, set()) if owned is None else owned))
    far = len(board.provinces) + 1

    def rank(unit: Unit) -> tuple[int, int, str]:
        province = board.province_of(unit.location)
        fleet = unit.type == FLEET
        distance = fleets.get(unit.location, armies.get(province, far)) if fleet else armies.get(province, far)
        return (-distance, 0 if fleet else 1, board.provinces[province].name)

    return sorted(state.units.get(power, ()), key=rank)[:count]


def _distances(board: Map, owned: set[str]) -> dict[str, int]:
    """Steps from the nearest of ``owned`` to every province, over land and sea alike."""
    distance = {p: 0 for p in owned}
    frontier = list(owned)
    while frontier:
        nxt = []
        for province in frontier:
            for near in board.neighbours(province):
                if near not in distance:
                    distance[near] = distance[province] + 1
                    nxt.append(near)
        frontier = nxt
    return distance


def _fleet_distances(board: Map, homes: set[str]) -> dict[str, int]:
    """A fleet's own moves from the nearest coast of a home centre to every location a fleet can stand on."""
    starts = [loc for home in homes for loc in board.locations_of(home) if loc in board.fleet_adjacency]
    distance = dict.fromkeys(starts, 0)
    frontier = starts
    while frontier:
        nxt = []
        for loc in frontier:
            for near in board.fleet_adjacency.get(loc, ()):
                if near not in distance:
                    distance[near] = distance[loc] + 1
                    nxt.append(near)
        frontier = nxt
    return distance


def free_build_sites(variant: Variant, state: GameState, power: str) -> list[str]:
    """The power's build sites (``Ruleset.build_sites``) no unit stands in: where its builds can go."""
    board = variant.map
    occupied = {board.province_of(u.location) for us in state.units.values() for u in us}
    return [s for s in variant.ruleset.build_sites(state, power) if s not in occupied]
