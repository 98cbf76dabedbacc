"""A movement order checked when it arrives, as the phase will judge it: refused with the reason, where it can go.

The phase disregards an order the unit cannot give (a move to a province it
does not border, a coast it cannot reach or a missing coast it needs, a
support into a place it cannot reach, a convoy on no sea route): the engine's
``standing_problem`` says why, on the position the order meets, which is the
position the phase plays.  The reply names the places the unit can reach and,
where the player plainly meant a neighbour (``A Utr - Hol`` from Utrecht:
Holland, not Holstein), that neighbour.
"""

from __future__ import annotations

from dataclasses import replace

from judge.engine.geography import Map, normalise_name
from judge.engine.movement_orders import standing_problem
from judge.engine.orders import ARMY, FLEET, Convoy, Move, Order, Support, Unit
from judge.engine.ruleset import Ruleset
from judge.engine.state import GameState
from judge.engine.variant import Variant
from judge.reading.suggest import close, did_you_mean
from judge.render.words import named_reason


def movement_problem(variant: Variant, state: GameState, unit: Unit, order: Order) -> tuple[Order, str]:
    """The order as the phase will play it (a fleet's only reachable coast filled in) and why it cannot stand."""
    if not isinstance(order, (Move, Support, Convoy)):
        return order, ""
    board, ruleset = variant.map, variant.ruleset
    order = _with_coast(board, unit, order)
    judged = ruleset if ruleset.rights_fixed_on_arrival else Ruleset(board)
    problem = standing_problem(board, judged, state, unit, order)
    if not problem:
        return order, ""
    coasts = _coasts_to_name(board, unit, order)
    if coasts:
        return order, (f"name the coast of {_name(board, order.target)} the fleet goes to: write "
                       + " or ".join(f"{unit} - {c}" for c in coasts))
    reason = named_reason(board, problem)
    if isinstance(order, Move) and _out_of_reach(board, unit, order):
        reason += _reach(board, unit, order.target)
    return order, reason


def _coasts_to_name(board: Map, unit: Unit, order: Order) -> list[str]:
    """The coasts a fleet's move must choose between (``F MAO - SPA``: SPA/NC, SPA/SC; ``F NTH - HOL``: HOL/WC where
    the map makes Holstein's coast one to name always); none if it needs no choice."""
    if not isinstance(order, Move) or unit.type != FLEET or "/" in order.target:
        return []
    dest = board.province_of_or_none(order.target)
    return [] if dest is None or board.implied_coast(unit.location, dest) else board.fleet_targets(unit.location, dest)


def _name(board: Map, location: str) -> str:
    prov = board.provinces.get(board.province_of_or_none(location) or "")
    return prov.name if prov is not None else location


def _with_coast(board: Map, unit: Unit, order: Order) -> Order:
    """``F GAS - SPA`` (one coast of Spain within reach): ``F GAS - SPA/NC``, as the phase reads it (not where
    the map says the coast must always be named: Holstein in Europe 1615 v3)."""
    if not isinstance(order, Move) or unit.type != FLEET or "/" in order.target:
        return order
    dest = board.province_of_or_none(order.target)
    implied = board.implied_coast(unit.location, dest) if dest else None
    return replace(order, target=implied) if implied is not None and "/" in implied else order


def _out_of_reach(board: Map, unit: Unit, order: Move) -> bool:
    """A move the unit's own reach explains: a place (or coast) it does not border, or a coast it must name."""
    dest = board.province_of_or_none(order.target)
    if dest is None or dest == board.province_of(unit.location):
        return False
    if unit.type == ARMY:
        return not board.army_can_move(unit.location, dest)
    if "/" in order.target:
        return not board.fleet_can_move(unit.location, order.target)
    return not board.fleet_targets(unit.location, dest)


def reachable(board: Map, unit: Unit) -> list[str]:
    """The locations the unit could move to on its own (a fleet's coasts named), by name."""
    if unit.type == ARMY:
        near = board.army_adjacency.get(board.province_of(unit.location), frozenset())
        found = [p for p in board.provinces if p in near]
    else:
        near = board.fleet_adjacency.get(unit.location, frozenset())
        found = [loc for p in board.provinces for loc in board.locations_of(p) if loc in near]
    return sorted(found, key=lambda loc: (board.provinces[board.province_of(loc)].name, loc))


def _reach(board: Map, unit: Unit, target: str) -> str:
    """The tail of the reason: the close neighbour the player may have meant, then every place in reach."""
    places = reachable(board, unit)
    meant = _meant(board, places, target)
    reach = ", ".join(_written(board, p) for p in places) if places else "nowhere by itself"
    return f" (it can reach: {reach})" + did_you_mean([_written(board, m) for m in meant])


def _meant(board: Map, places: list[str], target: str) -> list[str]:
    """Neighbours whose name starts with, or closely resembles, what the player wrote: Holland for ``HOL``."""
    province = board.province_of_or_none(target) or target
    prov = board.provinces.get(province)
    if prov is None:
        return []
    code, name = normalise_name(province), normalise_name(prov.name)
    found = []
    for loc in places:
        near = board.provinces[board.province_of(loc)]
        spellings = [normalise_name(s) for s in (near.name, *near.aliases)]
        if any(s.startswith(code) for s in spellings) or close(prov.name, {s: loc for s in spellings}):
            found.append(loc)
    return [loc for loc in found if board.province_of(loc) != province and normalise_name(loc) != name][:3]


def _written(board: Map, location: str) -> str:
    """``Holland (HLD)``, ``Spain (SPA/NC)``: the name, and the code to write."""
    return f"{board.provinces[board.province_of(location)].name} ({location})"
