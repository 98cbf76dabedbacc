"""The seeds file beside a map: where each province lies on the globe, for the geometry build.

A map file says which provinces touch; a seeds file says where they are, in
longitude and latitude, so that ``judge map build`` can cut real coastlines
into one region per province (docs/map-format.md, "Seeds files").  It is a
file of its own so a GM can move a border without touching the rules' map.
"""

from __future__ import annotations

import shlex
from dataclasses import dataclass, field
from pathlib import Path

Point = tuple[float, float]


class SeedsError(ValueError):
    """A seeds file that cannot be read: the message names the file and line."""


@dataclass
class Seeds:
    """What a seeds file says: the frame of the picture and the points of each province."""

    center: Point = (10.0, 50.0)
    size_km: tuple[float, float] = (4000.0, 3000.0)
    parallels: tuple[float, float] | None = None
    width: int = 1000
    resolution: str = "l"
    seeds: dict[str, list[Point]] = field(default_factory=dict)
    units: dict[str, Point] = field(default_factory=dict)
    coasts: dict[str, Point] = field(default_factory=dict)
    neutral: dict[str, tuple[str, list[Point]]] = field(default_factory=dict)
    min_island_km2: float = 300.0
    min_lake_km2: float = 3000.0
    within: dict[str, list[str]] = field(default_factory=dict)
    rivers: list[tuple[str, str, str]] = field(default_factory=list)
    naturalearth: Path | None = None


def _points(words: list[str], where: str) -> list[Point]:
    if not words or len(words) % 2:
        raise SeedsError(f"{where}: expected pairs of LONGITUDE LATITUDE, got {' '.join(words) or 'nothing'}")
    try:
        values = [float(w) for w in words]
    except ValueError as exc:
        raise SeedsError(f"{where}: not a number: {exc}") from None
    pairs = list(zip(values[::2], values[1::2], strict=True))
    for lon, lat in pairs:
        if not (-180 <= lon <= 180 and -90 <= lat <= 90):
            raise SeedsError(f"{where}: {lon} {lat} is not a longitude and latitude")
    return pairs


def read_seeds(path: Path, into: Seeds | None = None, depth: int = 0) -> Seeds:
    """Read ``path`` (and the files it includes) into one :class:`Seeds`."""
    seeds = into if into is not None else Seeds()
    if depth > 8:
        raise SeedsError(f"{path.name}: includes nested too deeply")
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        text = raw.split("#", 1)[0].strip()
        if text:
            _directive(seeds, path, shlex.split(text), f"{path.name}:{number}", depth)
    return seeds


def _directive(seeds: Seeds, path: Path, words: list[str], where: str, depth: int) -> None:
    keyword, args = words[0].lower(), words[1:]
    if keyword == "include" and len(args) == 1:
        read_seeds(path.parent / args[0], seeds, depth + 1)
    elif keyword == "frame" and len(args) == 4:
        (lon, lat), (w, h) = _points(args[:2], where)[0], _numbers(args[2:], where)
        seeds.center, seeds.size_km = (lon, lat), (w, h)
    elif keyword == "parallels" and len(args) == 2:
        low, high = _numbers(args, where)
        seeds.parallels = (low, high)
    elif keyword == "width" and len(args) == 1:
        seeds.width = int(_numbers(args, where)[0])
    elif keyword == "resolution" and len(args) == 1 and args[0] in ("c", "l", "i"):
        seeds.resolution = args[0]
    elif keyword == "minimum" and len(args) == 2 and args[0] in ("island", "lake"):
        setattr(seeds, f"min_{args[0]}_km2", _numbers(args[1:], where)[0])
    elif keyword == "seed" and len(args) >= 3:
        seeds.seeds.setdefault(args[0].upper(), []).extend(_points(args[1:], where))
    elif keyword == "unit" and len(args) == 3:
        seeds.units[args[0].upper()] = _points(args[1:], where)[0]
    elif keyword == "coast" and len(args) == 3 and "/" in args[0]:
        seeds.coasts[args[0].upper()] = _points(args[1:], where)[0]
    elif keyword == "neutral" and len(args) >= 4 and args[0].lower() in ("land", "sea"):
        seeds.neutral[args[1]] = (args[0].lower(), _points(args[2:], where))
    elif keyword == "within" and ":" in args[1:-1]:
        _within(seeds, args, where)
    elif keyword == "river" and len(args) == 4 and args[1] == ":":
        seeds.rivers.append((args[0], args[2].upper(), args[3].upper()))
    elif keyword == "naturalearth" and len(args) == 1:
        seeds.naturalearth = path.parent / args[0]
    else:
        raise SeedsError(f"{where}: cannot read '{' '.join(words)}'")


def _within(seeds: Seeds, args: list[str], where: str) -> None:
    """``within AREA... : PROVINCE...``: those provinces (or plain areas) lie inside those named areas."""
    split = args.index(":")
    names, owners = args[:split], args[split + 1:]
    if not names or not owners or ":" in owners:
        raise SeedsError(f"{where}: expected 'within AREA... : PROVINCE...'")
    for owner in owners:
        known = seeds.within.setdefault(owner.lower(), [])
        known.extend(n for n in names if n not in known)


def _numbers(words: list[str], where: str) -> list[float]:
    try:
        return [float(w) for w in words]
    except ValueError as exc:
        raise SeedsError(f"{where}: not a number: {exc}") from None
