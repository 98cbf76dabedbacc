"""Real frontiers for the geometry build: the seeds file's ``within`` lines, read against Natural Earth.

A ``within`` line confines provinces to named areas of Natural Earth (today's
countries, named seas): the land of each named area is split only among the
provinces allowed there, so where two neighbouring provinces are allowed in
different areas their border is the areas' real line (the Pyrenees between
Spain and France, the Skagerrak's mouth), and only inside an area is a border
the straight line halfway between seeds.  Land (or sea) in no named area goes
to the provinces no ``within`` line names, or names with ``*``.  Natural Earth
is read here, at build time only; the committed ``.geo.json`` holds the result.
"""

from __future__ import annotations

import json
import lzma
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

#: the Natural Earth files a ``within`` line's names are looked up in, in this order
SOURCES = ("ne_50m_admin_0_countries", "ne_10m_geography_marine_polys", "ne_50m_geography_regions_polys")
#: how far (km) a named area reaches over its own coast, so that GSHHG's coast and Natural Earth's meet
REACH_KM = 10.0
#: a detached piece of a province smaller than this share of its main piece goes to its neighbour
SLIVER_SHARE = 0.2
ELSEWHERE = "*"
#: the longitudes and latitudes any board of the judge's may show (west, south, east, north)
LONLAT_BOX = (-60.0, 10.0, 90.0, 85.0)


class FrontierError(RuntimeError):
    """A ``within`` line names an area Natural Earth does not have, or the data is missing."""


def default_folder() -> Path:
    """``../shared/reference/naturalearth`` beside the repository (the project's reference data)."""
    return Path(__file__).resolve().parents[2].parent / "shared" / "reference" / "naturalearth"


@cache
def _features(folder: Path, source: str) -> tuple[tuple[str, dict[str, Any]], ...]:
    path = folder / f"{source}.geojson.xz"
    if not path.is_file():
        raise FrontierError(f"Natural Earth data not found: {path} (a 'naturalearth FOLDER' line names it)")
    with lzma.open(path) as handle:
        data = json.load(handle)
    found = []
    for feature in data["features"]:
        props = feature["properties"]
        name = props.get("NAME") or props.get("name")
        if name and feature.get("geometry"):
            found.append((" ".join(str(name).split()).lower(), feature["geometry"]))
    return tuple(found)


def _lookup(folder: Path, name: str) -> tuple[str, list[dict[str, Any]]]:
    """(source, GeoJSON geometries) of the area called ``name`` (spaces and case do not matter)."""
    wanted = " ".join(name.split()).lower()
    for source in SOURCES:
        shapes = [g for n, g in _features(folder, source) if n == wanted]
        if shapes:
            return source, shapes
    raise FrontierError(f"within: Natural Earth has no country, sea or region called '{name}'")


def _to_pixels(geometry: Any, projection: Any) -> Any:
    """A shapely geometry in longitude and latitude, in the picture's pixels."""
    import numpy as np
    import shapely

    def move(coords: Any) -> Any:
        x, y = projection.many(coords[:, 0], coords[:, 1])
        return np.column_stack([x, y])
    return shapely.make_valid(shapely.transform(geometry, move))


def _near(geometry: Any) -> Any:
    """Only the part of a feature near Europe: Russia's far east would wrap round a conic projection."""
    import shapely
    return shapely.make_valid(geometry).intersection(shapely.box(*LONLAT_BOX))


def _projected(shapes: list[dict[str, Any]], projection: Any) -> Any:
    import shapely
    return shapely.union_all([_to_pixels(_near(shapely.geometry.shape(g)), projection) for g in shapes]).buffer(0)


def areas(folder: Path, names: list[str], projection: Any, frame: Any) -> dict[str, Any]:
    """Name -> its area in pixels, reaching ``REACH_KM`` over its coast but never into another named area
    or into another feature of its own file (a neighbour country, a neighbour sea)."""
    import shapely
    raw: dict[str, tuple[str, Any]] = {}
    for name in names:
        source, shapes = _lookup(folder, name)
        raw[name] = (source, _projected(shapes, projection).intersection(frame))
    neighbours: dict[str, Any] = {}
    for source in {s for s, _ in raw.values()}:
        near = [shapely.geometry.shape(g) for _, g in _features(folder, source)]
        neighbours[source] = _projected_many(near, projection, frame)
    found: dict[str, Any] = {}
    taken = shapely.Polygon()
    for name in names:
        source, own = raw[name]
        others = neighbours[source].difference(own)
        reach = own.buffer(REACH_KM * projection.scale).difference(others).difference(taken)
        found[name] = shapely.make_valid(reach)
        taken = taken.union(found[name])
    return found


def _projected_many(shapes: list[Any], projection: Any, frame: Any) -> Any:
    import shapely
    box = frame.buffer(200)
    kept = [_to_pixels(_near(s), projection) for s in shapes]
    return shapely.union_all([k.intersection(box) for k in kept if k.intersects(box)])


def sweep_slivers(regions: dict[str, Any]) -> dict[str, Any]:
    """Give each small detached piece of a region that touches other regions to the neighbour it
    shares the longest border with: where GSHHG's coast and Natural Earth's differ, a few pixels of
    one province must not show up inside another."""
    import shapely
    out = dict(regions)
    for owner in sorted(regions):
        parts = sorted(shapely.get_parts(out[owner]), key=lambda g: g.area, reverse=True)
        if len(parts) < 2:
            continue
        keep = [parts[0]]
        for part in parts[1:]:
            target = _best_neighbour(out, owner, part) if part.area < SLIVER_SHARE * parts[0].area else None
            if target is None:
                keep.append(part)
            else:
                out[target] = shapely.make_valid(out[target].union(part))
        out[owner] = shapely.make_valid(shapely.union_all(keep))
    return out


def _best_neighbour(regions: dict[str, Any], owner: str, part: Any) -> str | None:
    edge = part.boundary
    best, length = None, 0.5
    for other, region in regions.items():
        if other == owner or region.is_empty or not region.buffer(0.01).intersects(edge):
            continue
        shared = edge.intersection(region.buffer(0.05)).length
        if shared > length:
            best, length = other, shared
    return best


Owned = list[tuple[str, tuple[float, float]]]


def confined_regions(mine: Owned, allowed: dict[str, list[str]], named: dict[str, Any], mask: Any,
                     voronoi: Callable[[Owned, Any], dict[str, Any]]) -> dict[str, Any]:
    """Owner -> its region: each named area split among the owners allowed there, the rest among the
    owners no ``within`` line confines (or that allow ``*``); land left to nobody goes to a neighbour."""
    import shapely
    pieces: dict[str, list[Any]] = {}
    claimed = []
    for name, area in named.items():
        inside = shapely.make_valid(area.intersection(mask))
        claimed.append(inside)
        here = [(o, xy) for o, xy in mine if name in allowed.get(o, ())]
        if here and not inside.is_empty:
            for owner, region in voronoi(here, inside).items():
                pieces.setdefault(owner, []).append(region)
    rest = shapely.make_valid(mask.difference(shapely.union_all(claimed)))
    free = [(o, xy) for o, xy in mine if o not in allowed or ELSEWHERE in allowed[o]]
    if free and not rest.is_empty:
        for owner, region in voronoi(free, rest).items():
            pieces.setdefault(owner, []).append(region)
    regions = {o: shapely.make_valid(shapely.union_all(p)) for o, p in pieces.items()}
    for owner, _ in mine:
        regions.setdefault(owner, shapely.Polygon())
    if not free:
        regions = _give_away(regions, rest, mine, voronoi)
    return sweep_slivers(regions)


def _give_away(regions: dict[str, Any], rest: Any, mine: Owned,
               voronoi: Callable[[Owned, Any], dict[str, Any]]) -> dict[str, Any]:
    """Pieces of ``rest`` (no named area, nobody free to take them) to the region they border most,
    or else to the nearest seed's owner."""
    import shapely
    out = dict(regions)
    for part in shapely.get_parts(rest):
        if part.area < 0.01:
            continue
        target = _best_neighbour(out, "", part)
        if target is None:
            target = max(voronoi(mine, part).items(), key=lambda item: item[1].area)[0]
        out[target] = shapely.make_valid(out[target].union(part))
    return out


RIVERS = ("ne_50m_rivers_lake_centerlines", "ne_10m_rivers_europe")


def river_line(folder: Path, name: str, projection: Any) -> Any:
    """The river called ``name`` (every segment of that name, 1:50m first), in pixels."""
    import shapely
    wanted = " ".join(name.split()).lower()
    for source in RIVERS:
        shapes = [shapely.geometry.shape(g) for n, g in _features(folder, source) if n == wanted]
        if shapes:
            return _to_pixels(_near(shapely.union_all(shapes)), projection)
    raise FrontierError(f"river: Natural Earth has no river called '{name}'")


def split_by_river(regions: dict[str, Any], line: Any, one: str, other: str) -> dict[str, Any]:
    """``one`` and ``other`` re-cut along ``line``: each piece of the two that the river cuts off goes
    whole to the one that held most of it, so where the river crosses both their border is the river."""
    import shapely
    from shapely.ops import split
    both = shapely.make_valid(regions[one].union(regions[other]))
    mine: dict[str, list[Any]] = {one: [], other: []}
    for part in shapely.get_parts(both):
        if part.geom_type != "Polygon":
            continue
        for piece in shapely.get_parts(split(part, line)):
            held = piece.intersection(regions[one]).area >= piece.intersection(regions[other]).area
            mine[one if held else other].append(piece)
    out = dict(regions)
    for owner, pieces in mine.items():
        out[owner] = shapely.make_valid(shapely.union_all(pieces)) if pieces else shapely.Polygon()
    return out
