"""A board's relief (``<map>.relief.json`` beside its ``.geo.json``): rivers, lakes and mountains, read once.

``judge map build`` derives the file (judge/app/reliefbuild.py); the one
drawing (judge/render/drawing.py) paints it lightly under everything else.
A board without the file has no relief: its picture is drawn as before.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

Line = tuple[float, ...]


@dataclass(frozen=True, slots=True)
class River:
    """A named river's lines (flat x, y in the picture's pixels); ``major``: one of the great rivers."""

    name: str
    major: bool
    lines: tuple[Line, ...]


@dataclass(frozen=True, slots=True)
class Relief:
    """What the board shows of the land itself: rivers, lakes (name, polygons of rings), ranges (name, marks)."""

    rivers: tuple[River, ...] = ()
    lakes: tuple[tuple[str, tuple[tuple[Line, ...], ...]], ...] = ()
    mountains: tuple[tuple[str, tuple[Line, ...]], ...] = ()


NONE = Relief()


def relief_file(geometry_path: Path) -> Path:
    """``<map>.relief.json`` beside ``<map>.geo.json``."""
    return geometry_path.with_name(geometry_path.name.removesuffix(".geo.json") + ".relief.json")


def _lines(raw: list[list[float]]) -> tuple[Line, ...]:
    return tuple(tuple(float(v) for v in line) for line in raw)


def load_relief(geometry_path: Path) -> Relief:
    """The relief beside a geometry file; :data:`NONE` if it has none."""
    path = relief_file(geometry_path)
    if not path.is_file():
        return NONE
    data = json.loads(path.read_text(encoding="utf-8"))
    rivers = data.get("rivers", [])
    return Relief(tuple(River(str(r["name"]), bool(r.get("major")), _lines(r["lines"])) for r in rivers),
                  tuple((str(lake.get("name", "")), tuple(_lines(p) for p in lake["polygons"]))
                        for lake in data.get("lakes", [])),
                  tuple((str(m["name"]), _lines(m["marks"])) for m in data.get("mountains", [])))
