"""A board's relief file (``<map>.relief``): which rivers, lakes and mountains ``judge map build`` draws.

The relief is background, drawn lightly under the board (docs/map-format.md,
"Relief files"): the GM chooses here how much of it a board shows.  Plain
text, one directive a line, ``#`` to the end of a line is a comment::

    rivers   6                 # Natural Earth 1:50m rivers of scale rank 6 or less (1 is the largest)
    streams  10                # Natural Earth 1:10m European rivers of rank 10 or less (0: none)
    stream   Saale Neckar      # ... and these, whatever their rank
    lakes    4                 # Natural Earth 1:50m lakes of scale rank 4 or less
    range    ALPS "Dinaric Alps"             # Natural Earth mountain ranges, by name
    river    Main  11.6 49.9  10.2 50.0 ...  # a river Natural Earth lacks: its course through towns
    ridge    "Ore Mountains" 12.3 50.3 ...   # a range Natural Earth lacks: its crest, west to east
    marks    14 3.5            # mountain marks: one every 14 px, 3.5 px wide each side
    name     Rhein Rhine       # the name a river is shown by
"""

from __future__ import annotations

import shlex
from dataclasses import dataclass, field
from pathlib import Path

from judge.app.seeds import Point, SeedsError

#: the English names of the rivers Natural Earth names in their own language (a relief file may add more)
ENGLISH = {"Rhein": "Rhine", "Rhin": "Rhine", "Lek": "Rhine", "Waal": "Rhine", "Nederrijn": "Rhine",
           "Donau": "Danube", "Soroksari Duna": "Danube", "Dnipro": "Dnieper", "Dnepre": "Dnieper",
           "Tajo": "Tagus", "Tejo": "Tagus", "Tisa": "Tisza", "Daugava": "Dvina", "Severnaya Dvina": "Northern Dvina",
           "Duero": "Douro", "Dalälven": "Dal", "Glåma": "Glomma", "Göta älv": "Göta", "Zapadnaya Dvina": "Dvina",
           "Borcea": "Danube", "Bratul Chillia": "Danube", "Bratul Sfintu Gheorghe": "Danube",
           "Bratul Sulina": "Danube", "Al Furat": "Euphrates", "Firat": "Euphrates", "Dicle": "Tigris",
           "Damietta Branch": "Nile", "Rosetta Branch": "Nile", "Svir’": "Svir"}


@dataclass
class ReliefSpec:
    """What one board's relief shows (see the module's text for each directive)."""

    rivers: int = 0
    streams: int = 0
    stream: set[str] = field(default_factory=set)
    lakes: int = -1
    ranges: list[str] = field(default_factory=list)
    courses: list[tuple[str, list[Point]]] = field(default_factory=list)
    ridges: list[tuple[str, list[Point]]] = field(default_factory=list)
    spacing: float = 14.0
    mark: float = 3.5
    names: dict[str, str] = field(default_factory=lambda: dict(ENGLISH))


def relief_path(map_path: Path) -> Path:
    """``<map>.relief`` beside the map file."""
    return map_path.with_suffix(".relief")


def _points(words: list[str], where: str) -> list[Point]:
    if len(words) < 5 or (len(words) - 1) % 2:
        raise SeedsError(f"{where}: a name and at least two longitude latitude pairs")
    try:
        values = [float(w) for w in words[1:]]
    except ValueError:
        raise SeedsError(f"{where}: longitudes and latitudes are numbers") from None
    return [(values[i], values[i + 1]) for i in range(0, len(values), 2)]


def _number(words: list[str], where: str) -> float:
    try:
        return float(words[0])
    except (IndexError, ValueError):
        raise SeedsError(f"{where}: a number") from None


def read_relief(path: Path) -> ReliefSpec:
    """The relief file's directives; a wrong line is refused with its number and what it wants."""
    spec = ReliefSpec()
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        words = shlex.split(raw.split("#", 1)[0])
        if not words:
            continue
        key, rest, where = words[0].lower(), words[1:], f"{path.name} line {number} ({words[0]})"
        if key in ("rivers", "streams", "lakes"):
            setattr(spec, key, int(_number(rest, where)))
        elif key == "stream":
            spec.stream.update(rest)
        elif key == "range":
            spec.ranges += rest
        elif key in ("river", "ridge"):
            (spec.courses if key == "river" else spec.ridges).append((rest[0] if rest else "", _points(rest, where)))
        elif key == "marks":
            spec.spacing, spec.mark = _number(rest, where), _number(rest[1:], where)
        elif key == "name" and len(rest) == 2:
            spec.names[rest[0]] = rest[1]
        else:
            raise SeedsError(f"{where}: unknown directive (rivers, streams, stream, lakes, range, river, ridge, "
                             "marks, name)")
    return spec
