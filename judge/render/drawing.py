"""The one drawing of a scene: every shape, stroke and word, in painting order, for both the PNG and the SVG.

Issue 38: the PNG and the SVG were two painters of the same scene that
drifted apart.  Now the scene is drawn once here, as plain primitives
(areas, outlines, strokes, dots, words, groups), and ``png.py`` and
``svg.py`` only put those primitives into their format: neither decides a
colour, a width or an order.  Every mark is edged in ink inside a thin white
casing, so it keeps 3:1 contrast (WCAG non-text) against whatever it lies on,
pale or dark (``tests/test_picture_legible.py`` measures it).
"""

from __future__ import annotations

from dataclasses import dataclass

from judge.render.geometry import XY, Geometry, Polygon
from judge.render.layout import Box
from judge.render.palette import FAILED, FAITHS, INK, LAKE, tint
from judge.render.relief import Relief
from judge.render.sceneparts import Arrow, Marks, Scene, Swatch, Text, UnitMark
from judge.render.shapes import (
    BOUNCE, BUILT_RADIUS, CAPTURED_RADIUS, CENTRE_RADIUS, STYLES, UNIT_RADIUS, arrow_parts, army_outline,
    cross_lines, faith_cross, fleet_outline, unit_band,
)

BORDER, SEA_BORDER, CASING = "#8F8778", "#9DB7CB", "#FFFFFF"
#: the relief under the board: rivers a pale water-blue (the great ones a little wider), mountains pale brown
RIVER, RIVER_WIDTH, STREAM_WIDTH, RIDGE, RIDGE_WIDTH = "#6399CC", 1.8, 1.1, "#A08760", 1.0
#: a ghost (dislodged, removed) unit's fill: its owner's colour this much mixed with white
GHOST = 0.55
#: the white casing round every mark's ink edge, in pixels each side
CASE = 1.0


@dataclass(frozen=True, slots=True)
class Area:
    """A filled outline (rings of flat x, y; holes after the first), hatched in ``hatch`` if set.

    ``name``/``title``: a region's abbreviation and full name (the SVG's id and tooltip)."""

    rings: tuple[tuple[float, ...], ...]
    fill: str
    stroke: str
    hatch: str = ""
    name: str = ""
    title: str = ""


@dataclass(frozen=True, slots=True)
class Outline:
    """A closed polygon through ``points``: filled with ``fill`` (None: not), edged ``width`` wide, centred."""

    points: tuple[XY, ...]
    fill: str | None
    stroke: str
    width: float
    cls: str = ""


@dataclass(frozen=True, slots=True)
class Stroke:
    """A straight line, solid or dashed (on, off)."""

    a: XY
    b: XY
    colour: str
    width: float
    dash: tuple[float, float] | None = None


@dataclass(frozen=True, slots=True)
class Dot:
    """A circle, filled (``fill``) or only edged."""

    xy: XY
    r: float
    fill: str | None
    stroke: str
    width: float
    cls: str = ""


@dataclass(frozen=True, slots=True)
class Line:
    """Open polylines (each flat x, y) in one colour and width: a river, a mountain range's marks.

    ``cls``/``title``: what it is and its name (the SVG's class and tooltip)."""

    parts: tuple[tuple[float, ...], ...]
    colour: str
    width: float
    cls: str = ""
    title: str = ""


@dataclass(frozen=True, slots=True)
class Group:
    """The primitives up to the next :data:`END` are one thing (an order, a bounce): the SVG's ``<g class>``."""

    cls: str


END = Group("")
Primitive = Area | Line | Outline | Stroke | Dot | Group | Text


@dataclass(frozen=True, slots=True)
class Drawing:
    width: int
    height: int
    map_height: int
    title: str
    items: tuple[Primitive, ...]
    #: how many first items are the map's regions, lakes and relief (the same shapes on every picture of the map)
    ground: int = 0


def draw(scene: Scene) -> Drawing:
    """The scene as primitives: regions, lakes, the relief, the map's marks, the legend's rule and marks."""
    width, height = scene.geometry.size
    items: list[Primitive] = _regions(scene) + relief_items(scene.geometry.relief)
    ground = len(items)
    items += _marks(scene.board)
    items.append(Group("legend"))
    items.append(Stroke((0, height), (width, height), INK, 1))
    items += _marks(scene.legend, "key ")
    items.append(END)
    return Drawing(width, max(scene.height, height), height, scene.title, tuple(items), ground)


def _regions(scene: Scene) -> list[Primitive]:
    """Larger parts first, so a region enclosed by another is painted over it; lakes last."""
    out: list[Primitive] = []
    for name, polygon in painting_order(scene.geometry):
        region = scene.geometry.regions[name]
        full = scene.names.get(name, "")
        out.append(Area(polygon, scene.fills.get(name, "#FFFFFF"), BORDER if region.terrain == "land" else SEA_BORDER,
                        scene.hatches.get(name, ""), name, f"{full} ({name})" if full else ""))
    out += [Area(polygon, LAKE, SEA_BORDER) for polygon in scene.geometry.lakes]
    return out


def relief_items(relief: Relief) -> list[Primitive]:
    """Mountains, then rivers, then the lakes they run through: thin and pale, under every mark and word."""
    out: list[Primitive] = [Line(marks, RIDGE, RIDGE_WIDTH, "mountains", name) for name, marks in relief.mountains]
    out += [Line(river.lines, RIVER, RIVER_WIDTH if river.major else STREAM_WIDTH, "river", river.name)
            for river in relief.rivers]
    out += [Area(polygon, LAKE, SEA_BORDER, title=name) for name, polygons in relief.lakes for polygon in polygons]
    return out


_ORDERS: dict[int, tuple[Geometry, tuple[tuple[str, Polygon], ...]]] = {}


def painting_order(geometry: Geometry) -> tuple[tuple[str, Polygon], ...]:
    """Every region's parts, largest first (worked out once per map: a geometry is read once and kept)."""
    kept = _ORDERS.get(id(geometry))
    if kept is None or kept[0] is not geometry:
        parts = [(_area(polygon[0]), name, polygon) for name, region in geometry.regions.items()
                 for polygon in region.polygons]
        kept = (geometry, tuple((name, polygon) for _, name, polygon in sorted(parts, key=lambda p: -p[0])))
        _ORDERS[id(geometry)] = kept
    return kept[1]


def _area(ring: tuple[float, ...]) -> float:
    xs, ys = ring[0::2], ring[1::2]
    return abs(sum(xs[i] * ys[i - 1] - xs[i - 1] * ys[i] for i in range(len(xs)))) / 2


def _marks(marks: Marks, key: str = "") -> list[Primitive]:
    out: list[Primitive] = []
    for xy, colour in marks.captured:  # under the centre's dot: a ring round it in its new owner's colour
        out += [Dot(xy, CAPTURED_RADIUS, None, CASING, 5 + 2 * CASE), Dot(xy, CAPTURED_RADIUS, None, INK, 5),
                Dot(xy, CAPTURED_RADIUS, None, colour, 3, f"{key}captured")]
    out += [Dot(xy, CENTRE_RADIUS, colour or CASING, INK, 1.2, f"{key}centre") for xy, colour in marks.centres]
    for cross in marks.crosses:
        points = faith_cross(cross.xy)
        out += [Outline(points, None, CASING, 1.2 + 2 * CASE),
                Outline(points, FAITHS[cross.faith], INK, 1.2, f"faith {cross.faith.lower()}")]
    for arrow in marks.arrows:
        out += _arrow(arrow, key)
    for unit in marks.units:
        out += _unit(unit, key)
    for xy in marks.bounces:
        out += [Group(f"{key}bounce"), *_red_cross(xy, BOUNCE), END]
    for swatch in marks.swatches:
        out += _swatch(swatch)
    out += marks.texts
    return out


def _arrow(arrow: Arrow, key: str) -> list[Primitive]:
    lead, shape = arrow_parts(arrow.start, arrow.end, arrow.style, arrow.failed, arrow.bare, arrow.via)
    width, dash = STYLES[arrow.style]
    legs = [shape.shaft] if lead is None else [lead, shape.shaft]
    out: list[Primitive] = [Group(f"{key}{arrow.style}{' failed' if arrow.failed else ''}")]
    out += [Stroke(a, b, CASING, width + 2 + 2 * CASE, dash) for a, b in legs]
    out += [Stroke(a, b, INK, width + 2, dash) for a, b in legs]
    out += [Stroke(a, b, arrow.colour, width, dash) for a, b in legs]
    if shape.head:
        out += [Outline(shape.head, None, CASING, 1 + 2 * CASE), Outline(shape.head, arrow.colour, INK, 1.2)]
    if shape.ring is not None:
        xy, r, filled = shape.ring
        if filled:
            out += [Dot(xy, r, arrow.colour, INK, 1.2)]
        else:
            out += [Dot(xy, r, None, CASING, 4 + 2 * CASE), Dot(xy, r, None, INK, 4), Dot(xy, r, None, arrow.colour, 2)]
    if shape.cross is not None:
        out += _red_cross(shape.cross, 5.0)
    out.append(END)
    return out


def _unit(unit: UnitMark, key: str) -> list[Primitive]:
    if unit.built:
        return [Dot(unit.xy, BUILT_RADIUS, None, CASING, 5, f"{key}built"), Dot(unit.xy, BUILT_RADIUS, None, INK, 2)]
    points = fleet_outline(unit.xy) if unit.kind == "F" else army_outline(unit.xy)
    fill = tint(unit.colour, GHOST) if unit.ghost else unit.colour
    kind = "fleet" if unit.kind == "F" else "army"
    out: list[Primitive] = [Outline(points, None, CASING, 2 + 2 * CASE),
                            Outline(points, fill, INK, 2, f"{key}{kind}")]
    if unit.band:
        out.append(Outline(unit_band(unit.kind, unit.xy), unit.band, INK, 1.2, f"{key}band"))
    if unit.removed:
        out += [Stroke(p, q, INK, 2) for p, q in cross_lines(unit.xy, 7.0)]
    if unit.destroyed:
        out += [Group(f"{key}destroyed"), *_red_cross(unit.xy, UNIT_RADIUS + 1), END]
    return out


def _red_cross(xy: XY, size: float) -> list[Primitive]:
    """A failed order's, a bounce's or a destroyed unit's cross: red, edged in ink on a white ground."""
    lines = cross_lines(xy, size)
    return ([Stroke(p, q, CASING, 7) for p, q in lines] + [Stroke(p, q, INK, 5) for p, q in lines]
            + [Stroke(p, q, FAILED, 3) for p, q in lines])


def _swatch(swatch: Swatch) -> list[Primitive]:
    x0, y0, x1, y1 = swatch.box
    return [Area(((x0, y0, x1, y0, x1, y1, x0, y1),), swatch.fill, swatch.outline, swatch.hatch)]


def box_of(area: Area) -> Box:
    xs, ys = area.rings[0][0::2], area.rings[0][1::2]
    return (min(xs), min(ys), max(xs), max(ys))
