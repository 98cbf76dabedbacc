"""The retreat phase: each dislodged unit retreats to a free place or is disbanded.

Two units retreating to the same province are both disbanded; a unit with no
valid retreat order is disbanded.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from judge.engine.assignment import Placed, assign
from judge.engine.geography import Map
from judge.engine.orders import ARMY, AnyOrder, Disband, Order, Retreat, Unit
from judge.engine.results import BOUNCE, DISBAND, OK, VOID, ImpliedDisband, OrderResult, PhaseOutcome
from judge.engine.state import Dislodged, GameState
from judge.engine.variant import Variant


def adjudicate_retreats(variant: Variant, state: GameState,
                        orders: Mapping[str, Sequence[AnyOrder]]) -> PhaseOutcome:
    board = variant.map
    pending = {board.province_of(d.unit.location): _with_retreats(board, state, d) for d in state.dislodged}
    placed = {prov: Placed(d.power, d.unit, prov) for prov, d in pending.items()}
    assignment = assign(board, variant.ruleset, state, placed, orders)
    targets: dict[str, str] = {}
    results: dict[str, OrderResult] = {}
    for prov, d in pending.items():
        order = assignment.orders.get(prov)
        target, result = _check(board, d, order)
        results[prov] = result
        if target:
            targets[prov] = target
    crowded = _crowded(board, targets)
    new_state = state.copy()
    new_state.dislodged = []
    for prov, target in targets.items():
        d = pending[prov]
        if board.province_of(target) in crowded:
            results[prov] = _bounced(results[prov], board.province_of(target))
        else:
            new_state.units.setdefault(d.power, []).append(Unit(d.unit.type, target))
    return PhaseOutcome(new_state, list(results.values()) + assignment.void)


def retreat_target(board: Map, state: GameState, dislodged: Dislodged, wanted: str) -> str:
    """Where a retreat to ``wanted`` would go ("" if it may not): the phase's own test, for orders on arrival."""
    return _target(board, _with_retreats(board, state, dislodged), wanted)


def retreat_options(board: Map, state: GameState, dislodged: Dislodged) -> tuple[str, ...]:
    return _with_retreats(board, state, dislodged).retreats


def _with_retreats(board: Map, state: GameState, d: Dislodged) -> Dislodged:
    """A state written by hand may give only the attacker: work out the retreats."""
    if d.retreats:
        return d
    occupied = {board.province_of(u.location) for us in state.units.values() for u in us}
    options = (board.army_adjacency.get(board.province_of(d.unit.location), ()) if d.unit.type == ARMY
               else board.fleet_adjacency.get(d.unit.location, ()))
    free = tuple(sorted(loc for loc in options
                        if board.province_of(loc) not in occupied and board.province_of(loc) != d.attacker_from))
    return Dislodged(d.power, d.unit, d.attacker_from, free)


def _check(board: Map, d: Dislodged, order: Order | None) -> tuple[str, OrderResult]:
    unit = str(d.unit)
    if order is None:
        return "", OrderResult(d.power, unit, ImpliedDisband(d.unit), DISBAND, "no retreat order: disbanded")
    if isinstance(order, Disband):
        return "", OrderResult(d.power, unit, order, DISBAND, "disbanded")
    if not isinstance(order, Retreat):
        return "", OrderResult(d.power, unit, str(order), VOID, "not a retreat order: disbanded")
    target = _target(board, d, order.target)
    if not target:
        options = ", ".join(d.retreats) or "none"
        return "", OrderResult(d.power, unit, order, VOID,
                               f"cannot retreat to {order.target} (possible: {options}): disbanded")
    return target, OrderResult(d.power, unit, order, OK, f"retreats to {target}")


def _target(board: Map, d: Dislodged, wanted: str) -> str:
    if not board.is_location(wanted):
        return ""
    if d.unit.type == ARMY or "/" not in wanted:
        province = board.province_of(wanted)
        if d.unit.type != ARMY and board.provinces[province].coast_named:
            return ""  # the map says a fleet names the coast here, even the only one it could reach
        matches = [loc for loc in d.retreats if board.province_of(loc) == province]
        return matches[0] if len(matches) == 1 else ""
    return wanted if wanted in d.retreats else ""


def _crowded(board: Map, targets: dict[str, str]) -> set[str]:
    seen: dict[str, int] = {}
    for target in targets.values():
        province = board.province_of(target)
        seen[province] = seen.get(province, 0) + 1
    return {p for p, n in seen.items() if n > 1}


def _bounced(result: OrderResult, province: str) -> OrderResult:
    return OrderResult(result.power, result.unit, result.value, BOUNCE,
                       f"another unit also retreated to {province}: both disbanded")
