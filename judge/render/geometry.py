"""A variant's generated map geometry (``<map>.geo.json`` beside its map file), read once.

``judge map build`` writes the file from coastlines and seed points; this
module only reads it, so drawing needs no build tools.  A variant whose map
(or a map it includes) has no geometry file has none: its results go out as
text only.
"""

from __future__ import annotations

import json
import shlex
import tomllib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from judge.cache import entry_name, read_entry, write_entry
from judge.paths import gamedata_dir
from judge.render.poles import region_pole
from judge.render.relief import NONE, Relief, load_relief

Ring = tuple[float, ...]
Polygon = tuple[Ring, ...]
XY = tuple[float, float]


@dataclass(frozen=True, slots=True)
class Region:
    """One filled area: a province (``province``) or a plain land or sea that is none."""

    name: str
    terrain: str
    province: bool
    polygons: tuple[Polygon, ...]
    unit: XY


@dataclass(frozen=True, slots=True)
class Geometry:
    """Every region of a map in the picture's pixels, and where units on split coasts stand."""

    size: tuple[int, int]
    regions: dict[str, Region]
    lakes: tuple[Polygon, ...]
    coasts: dict[str, XY]
    source: str
    #: the rivers, lakes and mountains drawn lightly under the board (``<map>.relief.json``)
    relief: Relief = NONE

    def point(self, location: str) -> XY | None:
        """Where a unit at ``location`` (``STP/NC`` or ``PAR``) is drawn; None if the map has no such place."""
        if location in self.coasts:
            return self.coasts[location]
        region = self.regions.get(location.partition("/")[0])
        return region.unit if region is not None else None


def map_file(variant: str) -> Path | None:
    """The map file a variant's ruleset file names, or None."""
    spec = gamedata_dir() / variant / "ruleset.toml"
    try:
        return (spec.parent / tomllib.loads(spec.read_text(encoding="utf-8"))["map"]).resolve()
    except (OSError, KeyError, tomllib.TOMLDecodeError):
        return None


def geometry_file(map_path: Path, depth: int = 0) -> Path | None:
    """``<map>.geo.json``, else that of the first included map that has one (editions share a base)."""
    own = map_path.with_name(map_path.stem + ".geo.json")
    if own.is_file():
        return own
    if depth > 8 or not map_path.is_file():
        return None
    for raw in map_path.read_text(encoding="utf-8").splitlines():
        words = shlex.split(raw.split("#", 1)[0]) if raw.strip() else []
        if len(words) == 2 and words[0].lower() == "include":
            found = geometry_file(map_path.parent / words[1], depth + 1)
            if found is not None:
                return found
    return None


@lru_cache(maxsize=16)
def variant_geometry(variant: str) -> Geometry | None:
    """The geometry a variant's pictures are drawn on; None if it has none."""
    path = map_file(variant)
    found = geometry_file(path) if path is not None else None
    return load_geometry(found) if found is not None else None


@lru_cache(maxsize=16)
def load_geometry(path: Path) -> Geometry:
    """The file's regions, each unit standing at its region's pole unless a GM pinned its point."""
    text = path.read_text(encoding="utf-8")
    data = json.loads(text)
    poles = unit_points(path, text, data["regions"])
    regions = {name: Region(name, r["terrain"], bool(r["province"]), _polygons(r["polygons"]), poles[name])
               for name, r in data["regions"].items()}
    coasts = {loc: (float(xy[0]), float(xy[1])) for loc, xy in data.get("coasts", {}).items()}
    return Geometry((int(data["size"][0]), int(data["size"][1])), regions, _polygons(data.get("lakes", [])),
                    coasts, str(data.get("source", "")), load_relief(path))


def unit_points(path: Path, text: str, regions: dict[str, Any]) -> dict[str, XY]:
    """Region -> where its unit stands: the pinned point, else the pole (judge/render/poles.py), kept in the cache."""
    name = entry_name("poles", path)
    kept = read_entry(name, text)
    if not isinstance(kept, dict) or set(kept) != set(regions):
        kept = {}
        for region, raw in regions.items():
            found = None if raw.get("pinned") else region_pole(raw["polygons"])
            kept[region] = list(found) if found is not None else [float(raw["unit"][0]), float(raw["unit"][1])]
        write_entry(name, text, kept)
    return {region: (float(xy[0]), float(xy[1])) for region, xy in kept.items()}


def _polygons(raw: list[list[list[float]]]) -> tuple[Polygon, ...]:
    return tuple(tuple(tuple(float(v) for v in ring) for ring in polygon) for polygon in raw)
