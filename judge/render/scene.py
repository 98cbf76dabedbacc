"""What a phase's picture shows, as plain shapes: the PNG and SVG painters draw the same scene.

A scene is made from the results a viewer may read (secret lines are
revealed per viewer first, as in the result mail), so nothing reaches a
picture that the text would hide.  No rules here: orders are only read
for where their arrows go, and a minor state's alignment and the words
marking a province's status come from the ruleset
(``Ruleset.picture_alignments``, ``Ruleset.picture_marks``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from judge.engine.geography import Map
from judge.engine.orders import Build, Convoy, Disband, Move, Remove, Retreat, Support
from judge.engine.results import OrderResult
from judge.engine.state import Dislodged, GameState
from judge.render.geometry import XY, Geometry
from judge.render.palette import SEA, land_colour, power_colours, tint

DISLODGED_OFFSET = (9.0, -9.0)
OTHERS = "#8C8C8C"  # units and centres of owners that are no power (minor states)


@dataclass(frozen=True, slots=True)
class UnitMark:
    """A unit: ``kind`` A or F at ``xy``; ``ghost`` for a dislodged or removed unit; ``built`` this phase."""

    kind: str
    xy: XY
    colour: str
    ghost: bool = False
    built: bool = False
    removed: bool = False


@dataclass(frozen=True, slots=True)
class Arrow:
    """An order's line: ``style`` move, support, hold (a ring at the end), convoy or retreat option."""

    start: XY
    end: XY
    colour: str
    style: str
    failed: bool = False


@dataclass(frozen=True, slots=True)
class LegendEntry:
    colour: str
    name: str
    centres: int
    units: int


@dataclass(slots=True)
class Scene:
    """Everything drawn: region fills, centres, units, arrows, labels, the legend and its title."""

    geometry: Geometry
    title: str
    keys: Sequence[str]
    fills: dict[str, str] = field(default_factory=dict)
    centres: list[tuple[XY, str | None]] = field(default_factory=list)
    units: list[UnitMark] = field(default_factory=list)
    arrows: list[Arrow] = field(default_factory=list)
    labels: list[tuple[XY, str]] = field(default_factory=list)
    marks: list[tuple[XY, str]] = field(default_factory=list)
    legend: list[LegendEntry] = field(default_factory=list)


def build_scene(geometry: Geometry, board: Map, state: GameState, results: Sequence[OrderResult],
                dislodged: Sequence[Dislodged], words: tuple[str, Sequence[str]],
                aligned: Mapping[str, str], marks: Mapping[str, str] | None = None) -> Scene:
    """The picture of ``state`` (the position after the phase) with the phase's ``results`` as arrows.

    ``marks``: province -> a word written under its label (a status the rules mark on the map).
    """
    colours = power_colours(board)
    scene = Scene(geometry, words[0], words[1])
    _fills(scene, board, state, colours, aligned)
    _centres(scene, board, state, colours)
    owner_of = _units(scene, board, state, colours)
    for result in results:
        _arrow(scene, result, colours.get(result.power, _owner_colour(owner_of, result, colours)))
    for item in dislodged:
        _dislodged(scene, item, colours.get(item.power, land_colour(False)))
    scene.labels = [(_label_point(geometry, abbr), abbr) for abbr in board.provinces if abbr in geometry.regions]
    scene.marks = [(_mark_point(geometry, abbr), word) for abbr, word in sorted((marks or {}).items())
                   if abbr in geometry.regions]
    scene.legend = [LegendEntry(colours[p], board.powers[p].name.title(), len(state.centers.get(p, ())),
                                len(state.units.get(p, ()))) for p in board.powers]
    others = [o for o in set(state.units) | set(state.centers) if o not in board.powers]
    if others and len(words[1]) > 5:  # minor states, the Ottomans: one grey entry
        scene.legend.append(LegendEntry(OTHERS, words[1][5], sum(len(state.centers.get(o, ())) for o in others),
                                        sum(len(state.units.get(o, ())) for o in others)))
    return scene


def _owner_colour(owner_of: Mapping[str, str], result: OrderResult, colours: Mapping[str, str]) -> str:
    return colours.get(owner_of.get(result.unit, ""), "#555555")


def _fills(scene: Scene, board: Map, state: GameState, colours: Mapping[str, str],
           aligned: Mapping[str, str]) -> None:
    owner = {c: p for p, cs in state.centers.items() for c in cs}
    minor_of = {abbr: minor for minor, provinces in board.states.items() for abbr in provinces}
    for name, region in scene.geometry.regions.items():
        if region.terrain == "sea":
            scene.fills[name] = SEA
        elif name in owner and owner[name] in colours:
            scene.fills[name] = tint(colours[owner[name]], 0.45)
        elif name in minor_of and aligned.get(minor_of[name]) in colours:
            scene.fills[name] = tint(colours[aligned[minor_of[name]]], 0.75)
        else:
            scene.fills[name] = land_colour(region.province and name in board.provinces)


def _centres(scene: Scene, board: Map, state: GameState, colours: Mapping[str, str]) -> None:
    owner = {c: p for p, cs in state.centers.items() for c in cs}
    for abbr in board.centers:
        region = scene.geometry.regions.get(abbr)
        if region is not None:
            x, y = region.unit
            scene.centres.append(((x - 10.0, y + 8.0), colours.get(owner.get(abbr, ""))))


def _units(scene: Scene, board: Map, state: GameState, colours: Mapping[str, str]) -> dict[str, str]:
    """Every unit of the new position; returns unit text -> owner, for the arrows' colours."""
    owner_of = {}
    for owner, units in state.units.items():
        for unit in units:
            xy = scene.geometry.point(unit.location)
            if xy is not None:
                scene.units.append(UnitMark(unit.type, xy, colours.get(owner, OTHERS)))
            owner_of[str(unit)] = owner
    return owner_of


def _point(geometry: Geometry, location: str | None) -> XY | None:
    return geometry.point(location) if location else None


def _arrow(scene: Scene, result: OrderResult, colour: str) -> None:
    """The line an order draws; orders the picture has no shape for (holds, variants' inputs) draw none."""
    order, geometry = result.value, scene.geometry
    start = _point(geometry, getattr(order, "location", None))
    failed = not result.succeeded
    if start is None:
        return
    if isinstance(order, Move | Retreat):
        end = _point(geometry, order.target)
        if end is not None:
            scene.arrows.append(Arrow(start, end, colour, "move", failed))
    elif isinstance(order, Support):
        _support(scene, order, start, colour, failed)
    elif isinstance(order, Convoy):
        _convoy(scene, order, start, colour, failed)
    elif isinstance(order, Build):
        scene.units.append(UnitMark(order.unit_type or "A", start, colour, built=True))
    elif isinstance(order, Remove | Disband) and not failed:
        scene.units.append(UnitMark(order.unit_type or "A", start, colour, ghost=True, removed=True))


def _along(a: XY, b: XY, share: float) -> XY:
    return (a[0] + (b[0] - a[0]) * share, a[1] + (b[1] - a[1]) * share)


def _support(scene: Scene, order: Support, start: XY, colour: str, failed: bool) -> None:
    held = _point(scene.geometry, order.supported)
    if held is None:
        return
    if order.destination is None:
        scene.arrows.append(Arrow(start, held, colour, "hold", failed))
        return
    goal = _point(scene.geometry, order.destination)
    if goal is not None:
        scene.arrows.append(Arrow(start, _along(held, goal, 0.6), colour, "support", failed))


def _convoy(scene: Scene, order: Convoy, start: XY, colour: str, failed: bool) -> None:
    army, goal = _point(scene.geometry, order.army), _point(scene.geometry, order.destination)
    if army is not None and goal is not None:
        scene.arrows.append(Arrow(start, _along(army, goal, 0.5), colour, "convoy", failed))


def _dislodged(scene: Scene, item: Dislodged, colour: str) -> None:
    at = scene.geometry.point(item.unit.location)
    if at is None:
        return
    ghost = (at[0] + DISLODGED_OFFSET[0], at[1] + DISLODGED_OFFSET[1])
    scene.units.append(UnitMark(item.unit.type, ghost, colour, ghost=True))
    for target in item.retreats:
        end = scene.geometry.point(target)
        if end is not None:
            scene.arrows.append(Arrow(ghost, _along(ghost, end, 0.85), colour, "option"))


def _label_point(geometry: Geometry, abbr: str) -> XY:
    x, y = geometry.regions[abbr].unit
    return (x, y + 15.0)


def _mark_point(geometry: Geometry, abbr: str) -> XY:
    x, y = _label_point(geometry, abbr)
    return (x, y + 10.0)
