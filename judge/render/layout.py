"""Where a picture's words go: each label in a free spot of its own province, clear of units, arrows and words.

Everything drawn on the map before the words (units, arrows, centres,
markers, the corner box) is an obstacle; a label is put at the first spot,
nearest its unit, whose box meets no obstacle and lies inside its province
(else mostly inside, else anywhere near), and becomes an obstacle in turn.
A grid of cells keeps the search quick: a box is only compared with the
shapes in the cells it covers.  The search is plain arithmetic in a fixed
order, so the same position always gives the same picture.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from judge.render.geometry import XY, Geometry

Box = tuple[float, float, float, float]  # left, top, right, bottom
CELL = 40
#: spots tried around a unit for its owner's tag, nearest first (in units of the tag's size plus the unit's)
AROUND = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, 1), (1, -1), (-1, -1),
          (2, 0), (-2, 0), (0, 2), (0, -2), (2, 1), (-2, 1), (2, -1), (-2, -1))


def box_around(xy: XY, width: float, height: float) -> Box:
    """The box of that size centred on ``xy``."""
    return (xy[0] - width / 2, xy[1] - height / 2, xy[0] + width / 2, xy[1] + height / 2)


def overlap(a: Box, b: Box) -> bool:
    """Whether two boxes share more than an edge."""
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


@dataclass(frozen=True, slots=True)
class Segment:
    """A line drawn ``half`` pixels wide each side of the segment from ``a`` to ``b``."""

    a: XY
    b: XY
    half: float

    def bounds(self) -> Box:
        (ax, ay), (bx, by), h = self.a, self.b, self.half
        return (min(ax, bx) - h, min(ay, by) - h, max(ax, bx) + h, max(ay, by) + h)

    def meets(self, box: Box) -> bool:
        """Whether the thick line crosses ``box`` (the box grown by the half width, the line clipped to it)."""
        x0, y0, x1, y1 = box[0] - self.half, box[1] - self.half, box[2] + self.half, box[3] + self.half
        (ax, ay), (bx, by) = self.a, self.b
        dx, dy = bx - ax, by - ay
        low, high = 0.0, 1.0
        for p, q in ((-dx, ax - x0), (dx, x1 - ax), (-dy, ay - y0), (dy, y1 - ay)):
            if p == 0:
                if q < 0:
                    return False
                continue
            t = q / p
            if p < 0:
                low = max(low, t)
            else:
                high = min(high, t)
            if low > high:
                return False
        return True


Shape = Box | Segment


def _bounds(shape: Shape) -> Box:
    return shape.bounds() if isinstance(shape, Segment) else shape


def meets(shape: Shape, box: Box) -> bool:
    return shape.meets(box) if isinstance(shape, Segment) else overlap(shape, box)


class Obstacles:
    """Every shape a word may not cover, kept in a grid of cells."""

    def __init__(self, size: tuple[int, int]) -> None:
        self.size = size
        self.shapes: list[Shape] = []
        self.cells: dict[tuple[int, int], list[int]] = {}

    def add(self, shape: Shape) -> None:
        index = len(self.shapes)
        self.shapes.append(shape)
        for cell in _cells(_bounds(shape)):
            self.cells.setdefault(cell, []).append(index)

    def remove(self, shape: Shape) -> None:
        """Forget the last ``shape`` added (a label placed again elsewhere): it meets nothing from now on."""
        index = len(self.shapes) - 1 - self.shapes[::-1].index(shape)
        self.shapes[index] = (-10.0, -10.0, -10.0, -10.0)

    def add_all(self, shapes: Iterable[Shape]) -> None:
        for shape in shapes:
            self.add(shape)

    def free(self, box: Box) -> bool:
        """Whether ``box`` lies in the picture and meets no shape."""
        if box[0] < 1 or box[1] < 1 or box[2] > self.size[0] - 1 or box[3] > self.size[1] - 1:
            return False
        seen: set[int] = set()
        for cell in _cells(box):
            for index in self.cells.get(cell, ()):
                if index not in seen:
                    seen.add(index)
                    if meets(self.shapes[index], box):
                        return False
        return True


    def crowding(self, box: Box) -> int:
        """How many shapes ``box`` meets (a crowded province's label goes where it hides the fewest)."""
        met = {index for cell in _cells(box) for index in self.cells.get(cell, ())}
        return sum(meets(self.shapes[index], box) for index in met)


def _cells(box: Box) -> list[tuple[int, int]]:
    return [(cx, cy) for cx in range(int(box[0] // CELL), int(box[2] // CELL) + 1)
            for cy in range(int(box[1] // CELL), int(box[3] // CELL) + 1)]


class Regions:
    """Which region each pixel belongs to, and the spots inside each region nearest its unit, for the labels."""

    STEP = 5

    def __init__(self, geometry: Geometry) -> None:
        self.size = geometry.size
        self.index = {name: i + 1 for i, name in enumerate(geometry.regions)}
        image = Image.new("L", geometry.size, 0)
        draw = ImageDraw.Draw(image)
        parts = [(_area(p[0]), name, p) for name, r in geometry.regions.items() for p in r.polygons]
        for _, name, polygon in sorted(parts, key=lambda p: -p[0]):
            draw.polygon(list(polygon[0]), fill=self.index[name])
        for polygon in geometry.lakes:
            draw.polygon(list(polygon[0]), fill=0)
        self.pixels = image.tobytes()
        self.spots = {name: self._spots(name, region.polygons, region.unit)
                      for name, region in geometry.regions.items()}
        self.fits: dict[tuple[str, float, float, int, int | None], list[Box]] = {}
        self.detours: dict[tuple[frozenset[str], str, str, XY, XY], XY | None] = {}

    def at(self, x: float, y: float) -> int:
        if 0 <= x < self.size[0] and 0 <= y < self.size[1]:
            return self.pixels[int(y) * self.size[0] + int(x)]
        return 0

    def inside(self, name: str, box: Box) -> int:
        """How many of nine points of ``box`` (corners, edge middles, centre) lie in region ``name``."""
        own = self.index[name]
        xs, ys = (box[0], (box[0] + box[2]) / 2, box[2]), (box[1], (box[1] + box[3]) / 2, box[3])
        return sum(self.at(x, y) == own for x in xs for y in ys)

    def fitting(self, name: str, width: float, height: float, needed: int, tries: int | None) -> list[Box]:
        """The boxes of that size around the region's spots (its first ``tries``) with ``needed`` points inside
        it, nearest first; the same for every picture of the map, so kept."""
        key = (name, width, height, needed, tries)
        found = self.fits.get(key)
        if found is None:
            if len(self.fits) > 20_000:
                self.fits.clear()
            boxes = [box_around(spot, width, height) for spot in self.spots.get(name, [])[:tries]]
            found = self.fits[key] = [box for box in boxes if self.inside(name, box) >= needed]
        return found

    def _spots(self, name: str, polygons: Sequence[tuple[tuple[float, ...], ...]], unit: XY) -> list[XY]:
        """The region's pixels on a grid, nearest ``unit`` first (below it a little before above it)."""
        own = self.index[name]
        xs = [v for p in polygons for v in p[0][0::2]]
        ys = [v for p in polygons for v in p[0][1::2]]
        step = self.STEP
        found = [(float(x), float(y)) for y in range(int(min(ys)), int(max(ys)) + 1, step)
                 for x in range(int(min(xs)), int(max(xs)) + 1, step) if self.at(x, y) == own]
        return sorted(found, key=lambda p: (_reach(unit, p), p[1], p[0]))


def crosses_another(regions: Regions, a: str, b: str, start: XY, end: XY) -> bool:
    """Whether the straight line from ``start`` (in region ``a``) to ``end`` (in ``b``) runs through a third region."""
    own = {regions.index.get(a, -1), regions.index.get(b, -1), 0}
    steps = max(1, int(math.dist(start, end) / 2))
    return any(regions.at(start[0] + (end[0] - start[0]) * i / steps, start[1] + (end[1] - start[1]) * i / steps)
               not in own for i in range(steps + 1))


def gate(regions: Regions, a: str, b: str, start: XY, end: XY) -> XY | None:
    """A point of the border regions ``a`` and ``b`` share (a strait, a pass) through which both legs from
    ``start`` to ``end`` stay in the two regions, the nearest the straight line's middle; None if none."""
    other = regions.index.get(b, -1)
    reach = Regions.STEP + 1
    middle = ((start[0] + end[0]) / 2, (start[1] + end[1]) / 2)
    shared = sorted(((x, y) for x, y in regions.spots.get(a, ()) if any(
        regions.at(x + dx, y + dy) == other for dx, dy in ((reach, 0), (-reach, 0), (0, reach), (0, -reach)))),
        key=lambda p: math.dist(p, middle))
    return next((p for p in shared[:400] if not crosses_another(regions, a, b, start, p)
                 and not crosses_another(regions, a, b, p, end)), None)


def detour(regions: Regions, passable: frozenset[str], a: str, b: str, start: XY, end: XY) -> XY | None:
    """The point a line from ``start`` (in ``a``) to ``end`` (in ``b``) may bend at so that both legs stay in the two
    regions or the ``passable`` ones (a fleet's seas), the shortest way round; None if none.  Kept per map: the
    same move is drawn the same way in every picture of a game."""
    key = (passable, a, b, start, end)
    if key not in regions.detours:
        regions.detours[key] = _detour(regions, passable, a, b, start, end)
    return regions.detours[key]


def _detour(regions: Regions, passable: frozenset[str], a: str, b: str, start: XY, end: XY) -> XY | None:
    allowed = {regions.index.get(a, -1), regions.index.get(b, -1), 0} | {regions.index[r] for r in passable
                                                                          if r in regions.index}
    spots = [p for r in passable | {a, b} for p in regions.spots.get(r, ())[::2]]
    spots.sort(key=lambda p: math.dist(start, p) + math.dist(p, end))
    for p in spots[:3000]:
        if _stays(regions, allowed, start, p) and _stays(regions, allowed, p, end):
            return p
    return None


def _stays(regions: Regions, allowed: set[int], start: XY, end: XY) -> bool:
    steps = max(1, int(math.dist(start, end) / 2))
    return all(regions.at(start[0] + (end[0] - start[0]) * i / steps, start[1] + (end[1] - start[1]) * i / steps)
               in allowed for i in range(steps + 1))


def _reach(unit: XY, spot: XY) -> float:
    """Distance from the unit, a spot above it counting a quarter more: names read best under their units."""
    dx, dy = spot[0] - unit[0], spot[1] - unit[1]
    return math.hypot(dx, dy * (1.25 if dy < 0 else 1.0))


def _area(ring: tuple[float, ...]) -> float:
    xs, ys = ring[0::2], ring[1::2]
    return abs(sum(xs[i] * ys[i - 1] - xs[i - 1] * ys[i] for i in range(len(xs)))) / 2


_REGIONS: dict[int, tuple[Geometry, Regions]] = {}


def regions_of(geometry: Geometry) -> Regions:
    """The geometry's :class:`Regions`, made once (a variant's geometry is read once and kept)."""
    kept = _REGIONS.get(id(geometry))
    if kept is None or kept[0] is not geometry:
        kept = (geometry, Regions(geometry))
        _REGIONS[id(geometry)] = kept
    return kept[1]


def place_in_region(regions: Regions, obstacles: Obstacles, name: str, width: float, height: float,
                    tries: int | None = None, needed: int = 9) -> Box | None:
    """The first free box of that size nearest the region's unit with ``needed`` of its nine points in the region
    (its middle always is).  ``tries``: look at only that many spots (a full name need not search far)."""
    for box in regions.fitting(name, width, height, needed, tries):
        if obstacles.free(box):
            return box
    return None


def place_near(obstacles: Obstacles, xy: XY, width: float, height: float, gap: float,
               reach: int = 6, keep: Callable[[Box], bool] | None = None) -> Box | None:
    """The first free box of that size around ``xy``: beside, under, over, then further out in rings (and,
    with ``keep``, one it accepts: a state's cross stays in the state)."""
    for dx, dy in AROUND:
        box = box_around((xy[0] + dx * (width / 2 + gap), xy[1] + dy * (height / 2 + gap)), width, height)
        if (keep is None or keep(box)) and obstacles.free(box):
            return box
    for ring in range(1, reach + 1):
        radius = gap + ring * 8.0
        for step in range(16):
            angle = math.pi / 2 + step * math.pi / 8
            centre = (xy[0] + math.cos(angle) * (radius + width / 2), xy[1] + math.sin(angle) * (radius + height / 2))
            box = box_around(centre, width, height)
            if (keep is None or keep(box)) and obstacles.free(box):
                return box
    return None
