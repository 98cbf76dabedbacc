"""The phase's orders as the picture draws them: arrows, rings, builds and removals, dislodged units.

Orders are read only for where their lines go; whether one failed is its
result's.  Holds draw nothing (the unit stays), as on the classic maps.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from judge.engine.orders import Build, Convoy, Disband, Move, Remove, Retreat, Support
from judge.engine.results import OrderResult
from judge.engine.state import Dislodged
from judge.render.geometry import XY, Geometry
from judge.render.layout import crosses_another, detour, gate, regions_of
from judge.render.sceneparts import Arrow, Scene, UnitMark

#: where a dislodged unit is drawn, from its province's place: beside the unit that took it, not under it
DISLODGED_OFFSET = (19.0, -9.0)
#: how far above a unit standing in a contested province its bounce mark goes
BOUNCE_ABOVE = 17.0


def draw_orders(scene: Scene, results: Sequence[OrderResult], colour_of: Callable[[OrderResult], str]) -> None:
    """Every order's line, in the orders' order; the legend's keys for what was drawn."""
    for result in results:
        _order(scene, result, colour_of(result))


def _point(geometry: Geometry, location: str | None) -> XY | None:
    return geometry.point(location) if location else None


def _along(a: XY, b: XY, share: float) -> XY:
    return (a[0] + (b[0] - a[0]) * share, a[1] + (b[1] - a[1]) * share)


def _add(scene: Scene, arrow: Arrow) -> None:
    scene.board.arrows.append(arrow)
    scene.key(arrow.style)
    if arrow.failed and arrow.style not in ("move", "retreat"):  # a failed move's mark is the bounce
        scene.key("failed")


def _order(scene: Scene, result: OrderResult, colour: str) -> None:
    """The line an order draws; orders the picture has no shape for (holds, variants' inputs) draw none."""
    order, geometry = result.value, scene.geometry
    start = _point(geometry, getattr(order, "location", None))
    failed = not result.succeeded
    if start is None:
        return
    if isinstance(order, Move | Retreat):
        end = _point(geometry, order.target)
        if isinstance(order, Retreat):  # from where the dislodged unit was drawn, beside its attacker
            start = (start[0] + DISLODGED_OFFSET[0], start[1] + DISLODGED_OFFSET[1])
        if end is not None:
            via = _bend(scene, order.location, order.target, start, end, result.unit.partition(" ")[0])
            _add(scene, Arrow(start, end, colour, "retreat" if isinstance(order, Retreat) else "move", failed, via=via))
            if failed:
                _bounce(scene, order.target)
    elif isinstance(order, Support):
        _support(scene, order, start, colour, failed)
    elif isinstance(order, Convoy):
        army, goal = _point(geometry, order.army), _point(geometry, order.destination)
        if army is not None and goal is not None:
            _add(scene, Arrow(start, _along(army, goal, 0.5), colour, "convoy", failed))
    elif isinstance(order, Build | Remove | Disband) and result.result in ("ok", "disband"):
        kind, _, at = result.unit.partition(" ")  # the unit as placed or taken off (a build may name no type)
        xy = geometry.point(at) or start
        built = isinstance(order, Build)
        scene.board.units.append(UnitMark(kind or "A", xy, colour, ghost=not built, built=built, removed=not built))
        scene.key("built" if built else "removed")


def _bend(scene: Scene, origin: str, target: str, start: XY, end: XY, kind: str) -> XY | None:
    """Where a move or retreat bends to go as the unit would, when the straight line would cross a third province
    (a fleet's over land, an army's over sea): through the border its two provinces share, else (two seas that
    touch only at a strait the drawing closes) a fleet's round by the seas; else None."""
    regions = regions_of(scene.geometry)
    a, b = origin.partition("/")[0], target.partition("/")[0]
    if not crosses_another(regions, a, b, start, end):
        return None
    found = gate(regions, a, b, start, end)
    if found is not None or kind != "F":  # an army's line over the sea is its convoy's
        return found
    return detour(regions, frozenset(n for n, r in scene.geometry.regions.items() if r.terrain == "sea"), a, b,
                  start, end)


def _bounce(scene: Scene, target: str) -> None:
    """Mark a failed move once on the province it could not enter (both arrows of a standoff stay whole)."""
    key = target.partition("/")[0]
    if key not in scene.bounced:
        scene.bounced.add(key)
        scene.bounce_targets.append(target)
        scene.key("bounce")


def place_bounces(scene: Scene) -> None:
    """The bounce marks, once every unit is drawn: on the province's point, or just above a unit standing there."""
    for target in scene.bounce_targets:
        xy = scene.geometry.point(target)
        if xy is None:
            continue
        occupied = any(math.dist(u.xy, xy) < 1.0 for u in scene.board.units)
        scene.board.bounces.append((xy[0], xy[1] - BOUNCE_ABOVE) if occupied else xy)


def _support(scene: Scene, order: Support, start: XY, colour: str, failed: bool) -> None:
    """A support to hold ends in a ring round the unit; a support to move on the move's arrow."""
    held = _point(scene.geometry, order.supported)
    if held is None:
        return
    if order.destination is None:
        _add(scene, Arrow(start, held, colour, "hold", failed))
        return
    goal = _point(scene.geometry, order.destination)
    if goal is not None:
        _add(scene, Arrow(start, _along(held, goal, 0.55), colour, "support", failed))


def draw_dislodged(scene: Scene, dislodged: Sequence[Dislodged], colour_of: Callable[[str], str]) -> None:
    """Each dislodged unit pale, beside the unit that took its place, with thin arrows to where it may retreat."""
    for item in dislodged:
        at = scene.geometry.point(item.unit.location)
        if at is None:
            continue
        colour = colour_of(item.power)
        ghost = (at[0] + DISLODGED_OFFSET[0], at[1] + DISLODGED_OFFSET[1])
        destroyed = not item.retreats  # nowhere to go: it is disbanded, and drawn so
        scene.board.units.append(UnitMark(item.unit.type, ghost, colour, ghost=True, destroyed=destroyed))
        scene.key("destroyed" if destroyed else "dislodged")
        for target in item.retreats:
            end = scene.geometry.point(target)
            if end is not None:
                via = _bend(scene, item.unit.location, target, ghost, end, item.unit.type)
                _add(scene, Arrow(ghost, _along(via or ghost, end, 0.85), colour, "option", via=via))
