"""Early Winter: what the captures of the year change, and the required disbands (R-v3-55, R-v3-56, R-v3-114).

Centres change hands as Fall ends (the engine's ownership update, with the
ruleset's ``may_capture``).  Early Winter then settles the rest: provinces
without a centre are annexed (R-v3-116), Catalonia's new centre is taken,
captured states free the states they held (R-v3-67), powers without a centre
are eliminated (R-v3-121) and abandoned powers dissolved (R-v3-123); then the
units of captured states and dissolved powers are disbanded, and a minor
state with more units than centres loses the surplus (its aligned power
chooses which).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from judge.engine.adjustments import civil_disorder_removals
from judge.engine.readings import Readings
from judge.engine.geography import Terrain
from judge.engine.orders import Remove
from judge.engine.results import DISBAND, OK, VOID, OrderResult, PhaseOutcome
from judge.engine.state import GameState
from judge.variants.europe1615.status import aligned_to, controller, political
from judge.variants.europe1615.tables import CAPTURED, NEUTRAL
from judge.variants.europe1615.turn import out_of_phase, sort_orders
from judge.variants.europe1615.units import may_capture
from judge.variants.europe1615.world import (
    Setup,
    active_powers,
    captured,
    holder,
    holdings,
    home_centres,
    is_centre,
    states,
    territory_holder,
    waived_by,
)


def play_early_winter(setup: Setup, state: GameState, orders: Mapping[str, Sequence[Any]]) -> PhaseOutcome:
    found = sort_orders(orders)
    work = state.copy()
    notes = settle_captures(setup, work)
    results = out_of_phase(found, (), "Early Winter")
    results += disband_captured(setup, work)
    results += minor_removals(setup, work, found.units)
    work.extra["notes"] = notes
    return PhaseOutcome(work, results)


def settle_build_phase(setup: Setup, state: GameState) -> tuple[list[str], list[OrderResult]]:
    """An edition without Early Winter settles the year at its build phase (2013-08).

    Captures (annexation, elimination), then the states captured for good
    (R-1308-47), the armies of captured states (R-1308-43), interned armies
    (R-1308-44), the Ottomans' surplus, and the INFs of powers gone (R-1308-77).
    """
    notes = settle_captures(setup, state)
    if setup.edition.permanent_capture:
        before = set(state.extra.get("withdrawn", []))
        gone = [m for m in states(setup, state) if captured(setup, state, m) and m not in before]
        state.extra["withdrawn"] = sorted(before | set(gone))
        notes += [f"{m} is captured by {political(setup, state, m)[1] or 'another'} and leaves the list of pliant "
                  "minor states for good" for m in gone]
    results = disband_captured(setup, state)
    results += intern(setup, state)
    results += minor_removals(setup, state, {})
    clear_influence_of_the_gone(setup, state)
    return notes, results


def intern(setup: Setup, state: GameState) -> list[OrderResult]:
    """R-1308-44: a power's unit still in a NEUTRAL minor state at a build phase is interned and disbanded."""
    if not setup.edition.internment:
        return []
    results = []
    neutral = {p: m for m, provinces in states(setup, state).items() if not captured(setup, state, m)
               and political(setup, state, m)[0] == NEUTRAL for p in provinces}
    for power in setup.powers:
        for unit in list(state.units.get(power, [])):
            minor = neutral.get(setup.board.province_of(unit.location))
            if minor is not None:
                state.units[power].remove(unit)
                results.append(OrderResult(power, unit, f"DISBAND {unit}", DISBAND,
                                           f"interned in the neutral {minor}"))
    return results


def clear_influence_of_the_gone(setup: Setup, state: GameState) -> None:
    """R-v3-122, R-1308-77: the INFs of eliminated or abandoned powers leave every state."""
    gone = set(setup.powers) - set(active_powers(setup, state))
    for placed in state.extra.get("influence", {}).values():
        for power in gone & set(placed):
            del placed[power]


def settle_captures(setup: Setup, state: GameState) -> list[str]:
    """Annexation, new centres, liberation, elimination, dissolution: in that order."""
    notes = annex(setup, state)
    notes += take_new_centres(setup, state)
    notes += liberate(setup, state)
    notes += eliminate(setup, state)
    notes += dissolve(setup, state)
    return notes


def annex(setup: Setup, state: GameState) -> list[str]:
    """R-v3-116: a province without a centre goes to whoever holds it, unless it is an aligned ally's land."""
    board, notes = setup.board, []
    annexed = state.extra.setdefault("annexed", {})
    for owner, units in state.units.items():
        for unit in units:
            province = board.province_of(unit.location)
            if board.provinces[province].terrain is Terrain.SEA or is_centre(setup, state, province):
                continue
            land = territory_holder(setup, state, province)
            side = controller(setup, state, owner)
            if land == owner or side in waived_by(state, province):
                continue
            if land in states(setup, state) and not captured(setup, state, land) and aligned_to(
                    setup, state, land) == side:
                continue  # the alliance system: no annexing an aligned state's land
            if owner in states(setup, state) and political(setup, state, owner)[0] in (NEUTRAL, CAPTURED):
                continue  # R-v3-52; a captured state's units annex nothing
            if owner in states(setup, state) and owner != setup.ottoman and not setup.edition.minor_capture:
                continue  # R-1308-40, R-1308-70: only major powers (and the Ottomans) absorb land
            annexed[province] = owner
            notes.append(f"{province} is annexed by {owner}")
    return notes


def take_new_centres(setup: Setup, state: GameState) -> list[str]:
    """Centres created in play (Catalonia) change hands like the map's (the engine knows only the map's)."""
    notes = []
    for province in state.extra.get("new_centers", {}):
        for owner, units in state.units.items():
            there = any(setup.board.province_of(u.location) == province for u in units)
            if there and holder(setup, state, province) != owner and may_capture(setup, state, owner, province):
                _give(state, province, owner)
                notes.append(f"{province} is captured by {owner}")
    return notes


def _give(state: GameState, province: str, owner: str) -> None:
    for owned in state.centers.values():
        owned.discard(province)
    state.centers.setdefault(owner, set()).add(province)


def liberate(setup: Setup, state: GameState) -> list[str]:
    """R-v3-67 (A-v3-19): centres held by a captured minor state go free again (editions with ``liberation``)."""
    notes: list[str] = []
    if not setup.edition.liberation:
        return notes
    changed = True
    while changed:
        changed = False
        for captor in [m for m in states(setup, state) if captured(setup, state, m)]:
            for centre in sorted(state.centers.get(captor, set()) - set(home_centres(setup, state, captor))):
                freed = _home_state(setup, state, centre)
                if freed is None:
                    continue
                _give(state, centre, freed)
                notes.append(f"{centre} is liberated from {captor}: {freed} is a pliant minor state again")
                changed = True
    return notes


def _home_state(setup: Setup, state: GameState, centre: str) -> str | None:
    """The minor state a freed centre returns to; a power's home centre becomes a state of its own (A-v3-19)."""
    for minor in states(setup, state):
        if centre in home_centres(setup, state, minor):
            return minor
    if setup.options["liberate_power_centres"] and any(centre in setup.homes(p) for p in setup.powers):
        state.extra.setdefault("new_states", {})[centre] = [centre]
        return centre
    return None


def eliminate(setup: Setup, state: GameState) -> list[str]:
    """R-v3-121: a power whose centres have all been captured is out."""
    notes = []
    for power in active_powers(setup, state):
        if not holdings(setup, state, power):
            state.extra.setdefault("eliminated", []).append(power)
            notes.append(f"{power} has lost all its centres and is eliminated")
    return notes


def dissolve(setup: Setup, state: GameState) -> list[str]:
    """R-v3-123: an abandoned power's centres become pliant minor states, its other land unaligned."""
    notes = []
    for power in state.extra.get("abandoned", []):
        if power not in active_powers(setup, state):
            continue
        for centre in sorted(state.centers.get(power, set())):
            state.extra.setdefault("new_states", {})[centre] = [centre]
            _give(state, centre, centre)
        annexed = state.extra.get("annexed", {})
        for province in [p for p, o in annexed.items() if o == power]:
            del annexed[province]
        state.extra.setdefault("dissolved", []).append(power)
        notes.append(f"{power} is dissolved: its centres become pliant minor states")
    return notes


def disband_captured(setup: Setup, state: GameState) -> list[OrderResult]:
    """R-v3-55, R-v3-114: every unit of a captured state, and of a dissolved power, is disbanded."""
    results = []
    doomed = [m for m in states(setup, state) if captured(setup, state, m)]
    doomed += list(state.extra.get("dissolved", []))
    for owner in doomed:
        for unit in state.units.get(owner, []):
            why = "its power is dissolved" if setup.is_power(owner) else f"{owner}'s home centre has been captured"
            results.append(OrderResult(owner, unit, f"DISBAND {unit}", DISBAND, why))
        state.units[owner] = []
    return results


def minor_removals(setup: Setup, state: GameState, given: Mapping[str, Sequence[Any]]) -> list[OrderResult]:
    """R-v3-56: a minor state (or the Ottomans) with more units than centres disbands the surplus."""
    results: list[OrderResult] = []
    readings = Readings.of(setup.options)  # the ruleset's, made from the same options
    due = {m: len(state.units.get(m, [])) - len(holdings(setup, state, m))
           for m in (*states(setup, state), setup.ottoman)}
    for power, orders in given.items():
        for order in orders:
            results.append(_removal(setup, state, power, order, due))
    for owner, left in due.items():
        for unit in civil_disorder_removals(setup.board, readings, state, owner, left,
                                            holdings(setup, state, owner)):
            state.units[owner].remove(unit)
            results.append(OrderResult(owner, unit, f"REMOVE {unit}", DISBAND, "removed by the civil disorder rule"))
    return results


def _removal(setup: Setup, state: GameState, power: str, order: Any, due: dict[str, int]) -> OrderResult:
    if not isinstance(order, Remove):
        return OrderResult(power, order.unit_text, order, VOID, "Early Winter takes only disbands of minor units")
    province = setup.board.province_of_or_none(order.location)
    for owner, units in state.units.items():
        unit = next((u for u in units if setup.board.province_of(u.location) == province), None)
        if unit is None:
            continue
        if owner not in due or aligned_to(setup, state, owner) != power:
            return OrderResult(power, unit, order, VOID, f"{power} may not disband the {owner} unit {unit}")
        if due[owner] <= 0:
            return OrderResult(power, unit, order, VOID, f"{owner} need not disband a unit")
        units.remove(unit)
        due[owner] -= 1
        return OrderResult(power, unit, order, OK, "disbanded")
    return OrderResult(power, order.unit_text, order, VOID, f"there is no unit in {order.location}")
